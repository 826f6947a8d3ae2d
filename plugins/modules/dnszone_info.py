#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: dnszone_info
short_description: Read DNS zones, one by id or domain or every one, with their DNSSEC state
version_added: 1.0.0
description:
  - Reads one DNS zone (by O(zone_id) or O(zone_domain)) or every DNS zone of the account (all pages, 1000 zones a
    request), shaped with the fields needed to find and check a zone. Without O(zone_id) and O(zone_domain), every
    zone is returned.
  - Returns whether DNSSEC is enabled. The DS record is not returned here, because the platform serves it only from
    its enable call, which an info module never sends; use M(edge.platform.dnszone_dnssec) with
    O(edge.platform.dnszone_dnssec#module:fetch_ds_record=true) to read it.
  - Records are counted, not listed; O(export=true) adds each zone's zone file.
  - Every zone carries its settings under the option names of M(edge.platform.dnszone), so a value read here and
    written back there is no change.
options:
  # the selector's own documentation is the fragment edge.platform.zone_selectors.dns_zone; dnszone's name of it
  zone_domain:
    aliases: [domain]
  export:
    description:
      - Also read each returned zone's zone file (BIND text, as the platform exports it) into RV(dns_zones[].zone_file),
        with one more request per zone.
    type: bool
    default: false
    version_added: 1.1.0
extends_documentation_fragment:
  - edge.platform.zone_selectors.dns_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
  - edge.platform.attributes.info_module
seealso:
  - module: edge.platform.dnszone
  - module: edge.platform.dnszone_dnssec
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Read the DNS zone of example.com
      edge.platform.dnszone_info:
        zone_domain: example.com
      register: zone

    - name: Show its id and DNSSEC state
      ansible.builtin.debug:
        msg: "{{ zone.dns_zones[0].id }}: DNSSEC {{ 'on' if zone.dns_zones[0].dnssec_enabled else 'off' }}"

    - name: List every DNS zone without DNSSEC
      block:
        - name: Read every DNS zone
          edge.platform.dnszone_info:
          register: all_zones

        - name: Show the domains without DNSSEC
          ansible.builtin.debug:
            msg: "{{ all_zones.dns_zones | rejectattr('dnssec_enabled') | map(attribute='domain') | list }}"

        - name: Export the zone file of example.com
          edge.platform.dnszone_info:
            zone_domain: example.com
            export: true
          register: exported

        - name: Count the records in the zone file
          ansible.builtin.debug:
            msg: "{{ exported.dns_zones[0].zone_file.splitlines() | reject('match', '[$;]') | list | length }} records"
"""

RETURN = r"""
dns_zones:
  description: The DNS zones read, ordered as the platform lists them (one when a zone was chosen).
  returned: success
  type: list
  elements: dict
  contains:
    # BEGIN edge.platform.resource_shapes.DNS_ZONE
    # root: dns_zones[]
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
    zone_file:
      description: The zone's zone file (BIND text, empty for a zone without records), as the platform exports it.
      returned: when O(export=true)
      type: str
      sample: "www 300 IN A 192.0.2.10\n"
      version_added: 1.1.0
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
from ansible_collections.edge.platform.plugins.module_utils._cores.dns_zones import shaped
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    models = DNS_ZONE.chosen_or_all(ctx, dns_zones.get, dns_zones.list_all)
    return {"changed": False, "dns_zones": [shaped(ctx, m) for m in models]}


MODULE = ModuleDef(
    argument_spec=dict(
        DNS_ZONE.argument_spec(aliases={"zone_domain": ["domain"]}), export=dict(type="bool", default=False)
    ),
    run=run,
    **DNS_ZONE.validation(required=False),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
