#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: dnszone
short_description: Create, update or delete a DNS zone
version_added: 1.1.0
description:
  - Manages one DNS zone, found by its O(domain) (compared without case and trailing dot, as the platform's CLI
    compares it) or by O(zone_id). A zone is created when no zone has the domain, its settings are updated when a
    given one differs, and it is left alone when every given setting matches, so a re-run changes nothing and sends
    only one read.
  - Only the settings given are managed; a setting left out keeps whatever the zone has (a new zone gets the
    platform's defaults). A change sends one request with only the differing settings.
  - The platform's create takes the domain only. A new zone is created first, then (only when a setting given differs
    from the platform's defaults it answered) its settings are written with a second request. When that second
    request fails, the zone is not deleted; the task fails saying the zone was created and its settings were not
    applied, and a re-run applies them.
  - O(import_zone_file) imports a zone file into a zone this task creates, and only then, so a re-run is no change.
    To keep records in sync, use the record modules.
  - The result RV(dns_zone) uses the option names, as M(edge.platform.dnszone_info) does, so a value read with the
    info module and written back here is no change.
  - When the answer to a write is lost, the write is not sent again. The zone is read once more and decides; the task
    reports what is true.
  - A zone is deleted, with its records, only with O(state=absent) on a task that names it. DNSSEC is managed by
    M(edge.platform.dnszone_dnssec).
options:
  domain:
    description:
      - The zone's domain, for example V(example.com); it identifies the zone, compared without case and trailing dot.
      - Required unless O(zone_id) is given; required to create a zone. The platform cannot change a zone's domain, so
        with O(zone_id), another domain fails the task.
      - A URL (V(http://www.example.com)), a path, a port, a query, spaces, an V(@) or an empty label fail before any
        request, naming the fix. The platform refuses some other domains (for example one without a dot); its message
        is reported.
      - The alias O(zone_domain) is the name M(edge.platform.dnszone_info) and the other DNS modules give this option.
    type: str
    aliases: [zone_domain]
  zone_id:
    description:
      - The zone's id, instead of or beside O(domain). An id cannot be chosen for a new zone, so with O(state=present)
        the zone must exist.
    type: int
  state:
    description:
      - V(present) creates the zone when needed and sets the settings given.
      - V(absent) deletes the zone with all its records when it exists; a zone already gone is no change. It takes no
        settings.
    type: str
    default: present
    choices: [present, absent]
  custom_nameservers_enabled:
    description: Whether the zone announces O(nameserver1) and O(nameserver2) instead of the platform's nameservers.
    type: bool
  nameserver1:
    description:
      - The first nameserver (a host name), used with O(custom_nameservers_enabled=true). Compared without case and
        trailing dot. A new zone has V(kiki.bunny.net).
    type: str
  nameserver2:
    description:
      - The second nameserver (a host name), used with O(custom_nameservers_enabled=true). Compared without case and
        trailing dot. A new zone has V(coco.bunny.net).
    type: str
  soa_email:
    description:
      - The contact address of the zone's SOA record, for example V(hostmaster@example.com). Compared without case.
        A new zone has V(hostmaster@bunny.net).
    type: str
  logging_enabled:
    description: Whether the zone's DNS queries are logged.
    type: bool
  logging_ip_anonymization_enabled:
    description:
      - Whether client IP addresses are anonymised in the query logs. A new zone has it enabled.
      - The platform may refuse to disable it until its data processing agreement is accepted in the dashboard.
    type: bool
  log_anonymization_type:
    description:
      - How IP addresses are anonymised, V(one_digit) (the last digit removed) or V(drop) (removed entirely).
      - A value the platform added that this collection cannot name (returned as its number) cannot be given; leave
        the option out to keep it as it is.
    type: str
    choices: [one_digit, drop]
  certificate_key_type:
    description:
      - The private key type of the certificates the platform issues for the zone, V(ecdsa) or V(rsa).
      - As for O(log_anonymization_type), a value this collection cannot name is kept when the option is left out.
    type: str
    choices: [ecdsa, rsa]
  import_zone_file:
    description:
      - A zone file (BIND format text, for example from C(lookup('file', 'example.com.zone'))) whose records are
        imported into the zone when this task creates it, and only then (so a re-run is no change). The counts the
        platform answered are returned in RV(zone_file_import); records it could not import make a warning.
      - To keep records in sync with a list, use the record modules; M(edge.platform.dnszone_info) with
        O(edge.platform.dnszone_info#module:export=true) reads a zone's file.
      - The import is sent once; when its answer is lost it is not sent again (the records may have been added).
      - Not sent in check mode.
    type: str
extends_documentation_fragment:
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
    details:
      - A zone to be created is predicted from the platform's documented defaults for a new zone and the settings
        given; its id and dates are null, and RV(predicted) says so. O(import_zone_file) is not sent.
  diff_mode:
    support: full
    details:
      - The diff shows whether the zone exists, its domain and the settings given.
seealso:
  - module: edge.platform.dnszone_info
  - module: edge.platform.dnszone_dnssec
  - name: DNS zones in the platform API
    description: The add, update and delete DNS zone endpoints.
    link: https://docs.bunny.net/reference/dnszonepublic_add
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Create the DNS zone of example.io with its own SOA contact
      edge.platform.dnszone:
        domain: example.io
        soa_email: hostmaster@example.io
      register: zone

    - name: Show the nameservers to set at the registrar
      ansible.builtin.debug:
        msg: "{{ zone.dns_zone.nameserver1 }} {{ zone.dns_zone.nameserver2 }}"

    - name: Log the queries of example.net, dropping client IP addresses
      edge.platform.dnszone:
        zone_id: 12345
        logging_enabled: true
        logging_ip_anonymization_enabled: true
        log_anonymization_type: drop

    - name: Create example.dev from a zone file (imported only when the zone is created)
      edge.platform.dnszone:
        domain: example.dev
        import_zone_file: |
          www 300 IN A 192.0.2.10
          @ 3600 IN MX 10 mail.example.dev.
      register: created

    - name: Show how many records the zone holds (the import's counts are in created.zone_file_import)
      ansible.builtin.debug:
        msg: "example.dev holds {{ created.dns_zone.record_count }} records"

    - name: Delete the zone of legacy.example.net with its records
      edge.platform.dnszone:
        domain: legacy.example.net
        state: absent
"""

RETURN = r"""
dns_zone:
  description:
    - The zone after the task (predicted in check mode), as M(edge.platform.dnszone_info) returns it, with every
      setting under its option name; null after O(state=absent).
  returned: always
  type: dict
  contains:
    # BEGIN edge.platform.resource_shapes.DNS_ZONE
    # root: dns_zone
    id:
      description: DNS zone id; null for a zone only predicted in check mode.
      type: int
      sample: 1004
    domain:
      description: The zone's domain, as the platform holds it.
      type: str
      sample: example.io
    dnssec_enabled:
      description: Whether DNSSEC is enabled.
      type: bool
      sample: true
    nameservers_detected:
      description: Whether the platform sees its nameservers delegated for the domain (true on a new zone).
      type: bool
      sample: true
    custom_nameservers_enabled:
      description: Whether custom nameservers are used.
      type: bool
      sample: false
    nameserver1:
      description: First nameserver.
      type: str
      sample: kiki.bunny.net
    nameserver2:
      description: Second nameserver.
      type: str
      sample: coco.bunny.net
    soa_email:
      description: The SOA contact address.
      type: str
      sample: hostmaster@bunny.net
    logging_enabled:
      description: Whether query logging is on.
      type: bool
      sample: false
    logging_ip_anonymization_enabled:
      description: Whether client IP addresses are anonymised in the logs.
      type: bool
      sample: true
      version_added: 1.1.0
    log_anonymization_type:
      description:
        - How IP addresses are anonymised, V(one_digit) or V(drop); a value this collection cannot name is returned as
          the platform's number, with a warning.
      type: str
      sample: one_digit
      version_added: 1.1.0
    certificate_key_type:
      description:
        - The private key type of the zone's certificates, V(ecdsa) or V(rsa); a value this collection cannot name is
          returned as the platform's number, with a warning.
      type: str
      sample: ecdsa
      version_added: 1.1.0
    date_created:
      description: When the zone was created, as the platform writes it; null when only predicted.
      type: str
      sample: "2026-05-14T20:17:32.2944739Z"
    date_modified:
      description: When the zone last changed, as the platform writes it; null when only predicted.
      type: str
      sample: "2026-05-14T20:17:32.2944739Z"
    record_count:
      description:
        - How many records the zone has; null when the platform did not list them.
        - After an import by M(edge.platform.dnszone), counted from the import's answer.
      type: int
      sample: 12
    # END edge.platform.resource_shapes.DNS_ZONE
zone_file_import:
  description:
    - The platform's counts of the O(import_zone_file) import this task sent; null when none was sent (the zone
      existed, no file was given, or check mode).
  returned: always
  type: dict
  contains:
    records_successful:
      description: Records imported.
      type: int
      sample: 2
    records_failed:
      description: Records the platform could not import.
      type: int
      sample: 0
    records_skipped:
      description: Records the platform skipped.
      type: int
      sample: 0
predicted:
  description:
    - In check mode, when the zone would be created, what RV(dns_zone) predicts and from what; null otherwise.
  returned: always
  type: str
  sample: >-
    The zone would be created: its id and dates are unknown until then; the settings not given are the platform's
    documented defaults for a new zone.
# BEGIN edge.platform.api_error
# sample status: 400
# sample field: Domain
api_error:
  description: The platform's error, when the task failed on a platform answer.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the platform could not be reached.
      type: int
      sample: 400
    error_key:
      description: The platform's error key, when it sent one.
      type: str
      sample: null
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: Domain
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: null
# END edge.platform.api_error
"""

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import dns_zones
from ansible_collections.edge.platform.plugins.module_utils._cores import dns_zones as core
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes import dns_zones as S


def run(ctx):
    settings, done = core.wanted(ctx.params), {}
    zone = core.current(ctx)
    domain = core.domain_of(ctx, zone)
    label = "DNS zone %s (id %d)" % (domain, zone["Id"]) if zone else "DNS zone %s" % domain
    reread, state = (
        partial(dns_zones.find_domain, ctx.client, domain),
        partial(core.view, settings=settings, domain=domain),
    )
    if ctx.params["state"] == "absent":  # no settings (core.wanted)
        apply = partial(dns_zones.delete, ctx.client, zone["Id"], label) if zone else None
        ctx.reconcile(state(zone), state(None), apply, reread=reread, view=state)
        return {"dns_zone": None, "zone_file_import": None, "predicted": None}
    members = S.request_members(S.differing(zone, settings) if zone else settings)
    if zone is None:
        apply, predicted = partial(core.create, ctx, domain, settings, done), S.predicted_zone(domain, members)
    else:
        apply, predicted = partial(dns_zones.update, ctx.client, zone["Id"], members, label), dict(zone, **members)
    after = dict(S.wanted_view(settings), present=True, domain=domain if zone is None else zone.get("Domain"))
    outcome = ctx.reconcile(state(zone), after, apply, reread=reread, view=state)
    if zone is None:  # under --check: later tasks of the run may stand in for it (_engine/ledger.py)
        ctx.note_predicted(*dns_zones.predicted_zone(domain))
    return {
        "dns_zone": S.shape_dns_zone(outcome.answer or (predicted if outcome.changed else zone), ctx.warn),
        "zone_file_import": core.import_result(done.get("import"), ctx.warn),
        "predicted": core.PREDICTED if zone is None and ctx.check_mode else None,
    }


MODULE = ModuleDef(
    argument_spec=dict(
        domain=dict(type="str", aliases=["zone_domain"]),  # dnszone_info's name of the option
        zone_id=dict(type="int"),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        **S.ARGUMENT_SPEC,  # every setting, from its field table
        import_zone_file=dict(type="str"),
    ),
    run=run,
    required_one_of=[["domain", "zone_id"]],
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
