#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: dnszone_dnssec
short_description: Enable or disable DNSSEC on a DNS zone
version_added: 1.0.0
description:
  - Reads the DNS zone and enables or disables DNSSEC only when its state differs, so a re-run changes nothing
    and sends a single read.
  - Returns the DNSSEC status, including the DS record to publish at the registrar, from the platform's answer to the change.
  - Never re-keys a zone whose DNSSEC is already enabled.
  - The zone is chosen by O(zone_id), or by O(zone_domain) at the cost of one search request (which also reads
    the zone, so the task sends no further read); one of them is required.
  - When the answer to the enable or disable call is lost (a timeout after it was sent), the call is not sent again.
    The zone is read once more and the task reports what is true; changed with a warning when the change landed,
    failed saying it was not applied when it did not.
options:
  state:
    description:
      - V(enabled) turns DNSSEC on; V(disabled) turns it off.
      - Disabling DNSSEC while the registrar still publishes the DS record makes the zone fail validation;
        remove the DS record at the registrar first.
    type: str
    required: true
    choices: [enabled, disabled]
  fetch_ds_record:
    description:
      - When DNSSEC is enabled but the DS record is not known yet (nothing changed, or the answer to the enable
        call was lost), also fetch the DS record so RV(dnssec) is complete.
      - The platform serves it only from its enable call, which returns the current key of an enabled zone unchanged;
        this adds that one extra request. Without it an unchanged enabled zone returns RV(dnssec.enabled) only.
      - Not sent in check mode, which sends no write.
    type: bool
    default: false
extends_documentation_fragment:
  - edge.platform.zone_selectors.dns_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
seealso:
  - name: DNSSEC in the platform API
    description: The enable and disable DNSSEC endpoints.
    link: https://docs.bunny.net/reference/managednszonednssecendpoint_enablednssecdnszone
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Enable DNSSEC and show the DS record for the registrar (on every run, not only the first)
  edge.platform.dnszone_dnssec:
    api_key: "{{ vault_edge_api_key }}"
    base_url: https://api.bunny.net
    zone_id: 12345
    state: enabled
    fetch_ds_record: true
  register: dnssec

- name: Print the DS record
  ansible.builtin.debug:
    msg: "{{ dnssec.dnssec.ds_record }}"

- name: Enable DNSSEC on a zone chosen by its domain
  edge.platform.dnszone_dnssec:
    api_key: "{{ vault_edge_api_key }}"
    base_url: https://api.bunny.net
    zone_domain: example.com
    state: enabled

- name: Set the credentials once for every management API task
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
      base_url: https://api.bunny.net
  block:
    - name: Disable DNSSEC before moving the domain to another provider
      edge.platform.dnszone_dnssec:
        zone_domain: legacy.example.net
        state: disabled
"""

RETURN = r"""
dns_zone:
  description: The DNS zone the task managed.
  returned: always
  type: dict
  contains:
    id:
      description: Zone id.
      type: int
      sample: 12345
    domain:
      description: Zone domain.
      type: str
      sample: example.com
dnssec:
  description:
    - DNSSEC status of the zone after the task (predicted in check mode).
    - The key fields are filled from the platform's answer to a change, or with O(fetch_ds_record); otherwise they are null.
  returned: always
  type: dict
  contains:
    enabled:
      description: Whether DNSSEC is enabled.
      type: bool
      sample: true
    ds_record:
      description: The DS record to publish at the registrar, in presentation format.
      type: str
      sample: example.com. 3600 IN DS 23185 13 2 40B15467405444A28AF17C27938C96ED197441E15ED253A8392D52AE8D14F743
    digest:
      description: The DS digest (hexadecimal SHA-256).
      type: str
      sample: 40B15467405444A28AF17C27938C96ED197441E15ED253A8392D52AE8D14F743
    digest_type:
      description: The digest type as the platform names it.
      type: str
      sample: SHA256 (2)
    algorithm:
      description: DNSKEY algorithm number (13 is ECDSAP256SHA256).
      type: int
      sample: 13
    public_key:
      description: The DNSKEY public key (Base64).
      type: str
      sample: 1Trvla0d9nN9tnJJK4JnHMMQCM6//TLx/7CxPgbzKpmjtxc+b+H6VIFQwueXJGTJj0xuWiSadkCC2QqIW47jdA==
    key_tag:
      description: Key tag of the key signing key.
      type: int
      sample: 23185
    flags:
      description: DNSKEY flags (257 is a key signing key).
      type: int
      sample: 257
    ds_configured:
      description: Whether the platform sees the DS record published at the parent zone.
      type: bool
      sample: false
api_error:
  description: The platform's error, when the task failed on a platform answer.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the platform could not be reached.
      type: int
      sample: 404
    error_key:
      description: The platform's error key, when it sent one.
      type: str
      sample: null
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: null
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: null
"""

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import BAD_ANSWER, ApiError, excerpt, unconfirmed
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import DNS_ZONE
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef

DNSSEC_FIELDS = (
    ("enabled", "Enabled"), ("ds_record", "DsRecord"), ("digest", "Digest"), ("digest_type", "DigestType"),
    ("algorithm", "Algorithm"), ("public_key", "PublicKey"), ("key_tag", "KeyTag"), ("flags", "Flags"),
    ("ds_configured", "DsConfigured"),
)


def shape_dnssec(model):
    """The ``dnssec`` return value from a DnsSecDsRecordModel (empty strings and zeros become null)."""
    shaped = {}
    for name, key in DNSSEC_FIELDS:
        value = model.get(key)
        if name not in ("enabled", "ds_configured") and value in ("", 0):
            value = None
        shaped[name] = value
    shaped["enabled"] = bool(shaped["enabled"])
    shaped["ds_configured"] = bool(shaped["ds_configured"])
    return shaped


def status_only(enabled):
    return shape_dnssec({"Enabled": enabled})


def run(ctx):
    found = DNS_ZONE.resolve(ctx)
    zone_id = found.id
    path = "/dnszone/%d" % zone_id

    def read_zone():
        return ctx.client.request(
            "GET", path, "Reading DNS zone %d" % zone_id,
            hints={404: "No DNS zone with id %d is visible to this API key: check zone_id." % zone_id}).object

    def enable(operation, changes_state=True):
        # Enabling an enabled zone returns its current key unchanged (the Terraform provider calls it on
        # every read to get the DS record: BunnyWay/terraform-provider-bunnynet internal/api/dnszone.go),
        # so a retried enable never re-keys the zone.
        return confirmed(ctx.client.request("POST", path + "/dnssec", operation, changes_state=changes_state),
                         operation, True, changes_state)

    def confirmed(reply, operation, enabled, write=True):
        # both calls answer the DnsSecDsRecordModel, whose Enabled is the state after the call: an answer
        # without it, or with the other state, confirms nothing (the reconciler re-reads after a write)
        if reply.object.get("Enabled") is not enabled:
            problem = "the answer does not show DNSSEC %s: %s" % (
                "enabled" if enabled else "disabled", excerpt(reply.text))
            if write:
                raise unconfirmed(operation, reply.status, ctx.scrub(problem))
            raise ApiError(operation, reply.status, ctx.scrub(problem), kind=BAD_ANSWER,
                           hint="Check that base_url points at the platform API itself and try again.")
        return shape_dnssec(reply.object)

    zone = found.model or read_zone()  # a lookup by domain already read the zone
    wanted = ctx.params["state"] == "enabled"
    current = bool(zone.get("DnsSecEnabled"))
    identity = {"id": zone_id, "domain": zone.get("Domain")}
    written = {}

    def view(enabled):
        return dict(identity, dnssec_enabled=enabled)

    def apply():
        if wanted:
            written["dnssec"] = enable("Enabling DNSSEC on DNS zone %d" % zone_id)
        else:
            operation = "Disabling DNSSEC on DNS zone %d" % zone_id
            written["dnssec"] = confirmed(ctx.client.request("DELETE", path + "/dnssec", operation), operation, False)

    def reread():
        return view(bool(read_zone().get("DnsSecEnabled")))

    changed, _state, _diff = ctx.reconcile(view(current), view(wanted), apply, reread=reread)
    dnssec = written.get("dnssec") or status_only(wanted)
    # The DS record is served only by the enable call: fetched on request when it is not known yet
    # (no change, or a change whose answer was lost); never in check mode, which writes nothing.
    if wanted and dnssec["ds_record"] is None and ctx.params["fetch_ds_record"] and not ctx.check_mode:
        # on an enabled zone the call only reads: a lost answer is no answer, not a change that may have landed
        dnssec = enable("Reading the DS record of DNS zone %d" % zone_id, changes_state=False)
    return {"dns_zone": identity, "dnssec": dnssec}


MODULE = ModuleDef(
    argument_spec=dict(
        DNS_ZONE.argument_spec(),
        state=dict(type="str", required=True, choices=["enabled", "disabled"]),
        fetch_ds_record=dict(type="bool", default=False),
    ),
    run=run,
    **DNS_ZONE.validation()
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
