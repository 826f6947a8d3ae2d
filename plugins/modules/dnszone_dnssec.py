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
    details:
      - A zone chosen by O(zone_domain) that does not exist under check mode (an earlier task may only have predicted
        creating it) gives the change a real run would make, with a warning; a real run fails.
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
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Enable DNSSEC and show the DS record for the registrar (on every run, not only the first)
      edge.platform.dnszone_dnssec:
        zone_id: 12345
        state: enabled
        fetch_ds_record: true
      register: dnssec

    - name: Print the DS record
      ansible.builtin.debug:
        msg: "{{ dnssec.dnssec.ds_record }}"

    - name: Enable DNSSEC on a zone chosen by its domain
      edge.platform.dnszone_dnssec:
        zone_domain: example.com
        state: enabled

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
# BEGIN edge.platform.api_error
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
# END edge.platform.api_error
"""

from ansible_collections.edge.platform.plugins.module_utils._api import dns_zones
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import DNS_ZONE
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes.dns_zones import shape_dnssec


def run(ctx):
    wanted = ctx.params["state"] == "enabled"
    found = DNS_ZONE.resolve_in_plan(  # under --check, a zone an earlier task only predicted: the change predicted
        ctx,
        lambda: {
            "dns_zone": {"id": None, "domain": ctx.params["zone_domain"]},
            "dnssec": shape_dnssec({"Enabled": wanted}),
        },
    )
    zone = found.model or dns_zones.get(ctx.client, found.id, found.not_visible)  # a lookup by domain read it
    identity = {"id": found.id, "domain": zone.get("Domain")}

    def view(model):
        return dict(identity, dnssec_enabled=bool(model.get("DnsSecEnabled")))

    outcome = ctx.reconcile(
        view(zone),
        dict(identity, dnssec_enabled=wanted),
        lambda: dns_zones.set_dnssec(ctx.client, found.id, wanted),
        reread=lambda: view(dns_zones.get(ctx.client, found.id, found.not_visible)),
    )
    dnssec = shape_dnssec(outcome.answer or {"Enabled": wanted})
    # The DS record is served only by the enable call: fetched on request when it is not known yet
    # (no change, or a change whose answer was lost); never in check mode, which writes nothing.
    if wanted and dnssec["ds_record"] is None and ctx.params["fetch_ds_record"] and not ctx.check_mode:
        dnssec = shape_dnssec(dns_zones.read_ds_record(ctx.client, found.id))
    return {"dns_zone": identity, "dnssec": dnssec}


MODULE = ModuleDef(
    argument_spec=dict(
        DNS_ZONE.argument_spec(),
        state=dict(type="str", required=True, choices=["enabled", "disabled"]),
        fetch_ds_record=dict(type="bool", default=False),
    ),
    run=run,
    **DNS_ZONE.validation(),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
