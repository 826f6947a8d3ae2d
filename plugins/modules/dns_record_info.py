#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: dns_record_info
short_description: Read the records of a DNS zone
version_added: 1.1.0
description:
  - Reads the records of a DNS zone, all of them or those of one O(name), O(type) and/or DNS script (O(script) or
    O(script_id)), with one request, C(GET /dnszone/{id}), as the platform's Terraform provider and CLI read them (only
    when that answer carries no records, from the records listing, one request per 1000 records). The type, the name
    and the script are matched here, the name without regard to case or a trailing dot, V(@) for the apex.
  - Each record is returned in the form M(edge.platform.dns_record) takes (C(type), C(name), C(value) and the members
    the type takes; a member the type does not take is null), so a record read here and given back is no change. The
    platform's ids and read-only members are added beside them.
  - SVCB, HTTPS and TLSA records are returned too, with their type name, although M(edge.platform.dns_record) does not
    write them.
  - The zone is chosen by O(zone_id), or by O(zone_domain) at the cost of one search request; one of them is required.
options:
  name:
    description:
      - Only the records of this name (V("") or V(@) for the apex), relative to the zone; a name ending in a dot is
        absolute, as O(edge.platform.dns_record#module:name) takes it.
    type: str
  type:
    description:
      - Only the records of this type.
    type: str
    choices: [A, AAAA, CNAME, TXT, MX, Redirect, Flatten, PullZone, SRV, CAA, PTR, Script, NS, SVCB, HTTPS, TLSA]
  script:
    description:
      - Only the Script records that run the DNS script of this exact name (case and all), looked up with one listing
        of the scripts, as O(edge.platform.dns_record#module:script) takes it; a name no DNS script has fails, naming
        O(script). Implies O(type=Script) (another O(type) fails).
      - A record the platform shows no script for (RV(dns_records[].script_id) null) matches no script.
      - Under C(--check), a script an earlier M(edge.platform.edge_script) task of the run only predicted runs no
        record yet (none returned, with a warning).
    type: str
    version_added: 1.3.0
  script_id:
    description: Only the Script records that run the DNS script of this id, instead of O(script).
    type: int
    version_added: 1.3.0
extends_documentation_fragment:
  - edge.platform.zone_selectors.dns_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
  - edge.platform.attributes.info_module
seealso:
  - module: edge.platform.dns_record
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Read every record of example.com
      edge.platform.dns_record_info:
        zone_domain: example.com
      register: zone

    - name: Show the names that have an A record
      ansible.builtin.debug:
        msg: "{{ zone.dns_records | selectattr('type', 'equalto', 'A') | map(attribute='name') | unique | list }}"

    - name: Copy the MX records of the apex to another zone
      block:
        - name: Read them
          edge.platform.dns_record_info:
            zone_id: 1001
            name: "@"
            type: MX
          register: mx

        - name: Write them unchanged to example.org
          edge.platform.dns_record:
            zone_domain: example.org
            type: "{{ item.type }}"
            name: "{{ item.name }}"
            value: "{{ item.value }}"
            priority: "{{ item.priority }}"
            ttl: "{{ item.ttl }}"
          loop: "{{ mx.dns_records }}"
"""

RETURN = r"""
dns_records:
  description:
    - The records read, in the platform's order.
  returned: success
  type: list
  elements: dict
  contains:
    # BEGIN edge.platform.resource_shapes.DNS_RECORD
    # root: dns_records[]
    id:
      description: Record id; null for a record only predicted in check mode.
      type: int
      sample: 300001
    zone_id:
      description: Id of the DNS zone.
      type: int
      sample: 1001
    type:
      description:
        - The record type; a type the platform added that this collection cannot name is returned as the platform's
          number, with a warning (as is any such number in C(monitor_type), C(smart_routing_type), C(monitor_status)
          and C(acceleration_status)).
      type: str
      sample: A
    name:
      description: The record's name; V("") is the apex.
      type: str
      sample: www
    value:
      description: The value as the platform stores it (a PullZone record's pull zone name).
      type: str
      sample: 192.0.2.10
    ttl:
      description: Time to live in seconds.
      type: int
      sample: 300
    priority:
      description: Priority (MX, SRV).
      type: int
      sample: null
    weight:
      description: Weight (A, AAAA, SRV).
      type: int
      sample: 50
    port:
      description: Port (SRV).
      type: int
      sample: null
    flags:
      description: Flags (CAA).
      type: int
      sample: null
    tag:
      description: Tag (CAA).
      type: str
      sample: null
    pullzone_id:
      description: The pull zone a PullZone record points at; null in check mode for a pull zone only predicted.
      type: int
      sample: null
    pullzone_name:
      description: The pull zone's name, when the platform returns it as the record's value.
      type: str
      sample: null
    script:
      description:
        - The name of the DNS script a Script record points at, in a check-mode prediction only; null otherwise, as the
          platform never returns it.
      type: str
      sample: null
    script_id:
      description:
        - The DNS script a Script record points at, as the record's value shows it (the platform does not return the
          record's C(ScriptId)); null when the value shows no id.
      type: int
      sample: null
    accelerated:
      description: Whether the record is accelerated (A, AAAA, CNAME).
      type: bool
      sample: false
    monitor_type:
      description: Monitoring (A, AAAA).
      type: str
      sample: none
    smart_routing_type:
      description: Smart routing (A, AAAA).
      type: str
      sample: none
    latency_zone:
      description: Latency zone (A, AAAA).
      type: str
      sample: ""
    geolocation_latitude:
      description: Latitude (A, AAAA).
      type: float
      sample: 0.0
    geolocation_longitude:
      description: Longitude (A, AAAA).
      type: float
      sample: 0.0
    disabled:
      description: Whether the record is disabled.
      type: bool
      sample: false
    comment:
      description: The comment.
      type: str
      sample: ""
    link_name:
      description: The platform's link of the record (a PullZone record's pull zone id, as text).
      type: str
      sample: ""
    accelerated_pullzone_id:
      description: The pull zone the platform created for an accelerated record, or null.
      type: int
      sample: null
    acceleration_status:
      description: State of the acceleration (V(none), V(pending), V(processing), V(completed), V(failed)).
      type: str
      sample: none
    monitor_status:
      description: What monitoring found (V(unknown), V(online), V(offline)).
      type: str
      sample: unknown
    auto_ssl_issuance:
      description: Whether the platform issues certificates for the name automatically.
      type: bool
      sample: true
    environmental_variables:
      description: The record's environment variables (Script records), each with C(name) and C(value).
      type: list
      elements: dict
      sample: []
    # END edge.platform.resource_shapes.DNS_RECORD
# BEGIN edge.platform.api_error
# sample status: 400
# sample error_key: dnsrecord.validation
# sample field: Value
# sample message: The value is not a valid IPv4 address.
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
      sample: dnsrecord.validation
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: Value
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: The value is not a valid IPv4 address.
# END edge.platform.api_error
"""
from ansible_collections.edge.platform.plugins.module_utils._api import dns_records
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import DNS_ZONE, merge_validation
from ansible_collections.edge.platform.plugins.module_utils._cores import dns_records as core
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes import dns_records as shapes


def run(ctx):
    wanted_type, name = ctx.params["type"], ctx.params["name"]
    by_script = core.script_filter(ctx.params)  # bad input fails before any request
    wanted_type = "Script" if by_script else wanted_type
    found = DNS_ZONE.resolve(ctx)
    number = None if wanted_type is None else shapes.TYPE_NUMBERS[wanted_type]
    domain, models = dns_records.read_zone(ctx.client, found.id, number, found.not_visible)
    read = shapes.from_models(models, found.id, ctx.warn)
    if name is not None:  # relative to the zone, or absolute with a final dot, as dns_record takes it
        name = shapes.in_zone(
            {"name": "" if name.strip() == "@" else name.strip()}, domain, warn=ctx.warn, deprecate=ctx.deprecate
        )["name"]
        read = [r for r in read if shapes.normal_name(r["name"]) == shapes.normal_name(name)]
    return {"dns_records": core.running_script(ctx, read) if by_script else read}


MODULE = ModuleDef(
    argument_spec=dict(
        DNS_ZONE.argument_spec(),
        name=dict(type="str"),
        type=dict(type="str", choices=list(shapes.TYPES.values())),
        script=dict(type="str"),
        script_id=dict(type="int"),
    ),
    run=run,
    **merge_validation(DNS_ZONE.validation(), {"mutually_exclusive": [("script", "script_id")]}),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
