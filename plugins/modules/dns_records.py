#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: dns_records
short_description: Keep the records of a DNS zone as listed, in one task
version_added: 1.1.0
description:
  - Synchronises the records of one DNS zone with the list given in O(records), in one task. The model is
    community.dns's C(*_record_sets) modules. The records of one name and type form a set. A set the task lists
    becomes exactly the records listed for it. A set the task does not list is left alone, or deleted with
    O(purge=true). A set with an entry marked O(records[].ignore=true) is always left alone.
  - The zone's records are read once, with one request (C(GET /dnszone/{id}), as the platform's Terraform provider and
    CLI read them; only when that answer carries no records, from the records listing, one request per 1000 records).
    Every change is planned before any write, shown as
    one diff, and returned in RV(changes). A re-run changes nothing and only reads.
  - Within a set, a record that already matches stays as it is. A record with a wanted value but other members is
    updated in place. Remaining records take the remaining values, so a record keeps its id (its monitor, its
    statistics) where it can. Only what is still wanted is added and only what is left over is deleted.
  - 'Writes are sent in two phases: the deletions first (a name is free before a record of another type takes it),
    then the updates and additions. Within a phase, up to O(concurrency) writes are in flight at once over one
    kept-alive connection pool. After the first failure no new write starts: the task fails saying which writes
    landed, which failed and which were not sent. A write whose answer is lost is never sent again: the records are
    read once more and decide.'
  - Values are compared in the form the platform stores them, by the rules of M(edge.platform.dns_record), so a value in
    another spelling (upper case, a host name's trailing dot, V(@) for the apex, TXT given as quoted chunks) is no
    change. A record name ending in a dot is absolute, as in a zone file.
  - The output of M(edge.platform.dns_record_info) given as O(records) is no change.
  - The zone is chosen by O(zone_id), or by O(zone_domain) at the cost of one search request; one of them is required.
    The zone itself is never created or deleted here (see M(edge.platform.dnszone)).
options:
  records:
    description:
      - The records to keep, one entry per record; several entries with one O(records[].type) and O(records[].name)
        form that name's set.
      - Each entry takes the options of M(edge.platform.dns_record) that describe a record, with the same meaning and
        checks. A member an entry leaves out keeps the record's value, as in M(edge.platform.dns_record).
    type: list
    elements: dict
    required: true
    suboptions:
      type:
        description:
          - The record type, as in O(edge.platform.dns_record#module:type).
        type: str
        required: true
        choices: [A, AAAA, CNAME, TXT, MX, SRV, CAA, PTR, NS, Redirect, Flatten, PullZone, Script]
      name:
        description:
          - The record name relative to the zone; V("") or V(@) for the apex. A name ending in a dot is absolute, as
            in a zone file, as O(edge.platform.dns_record#module:name) takes it.
        type: str
        required: true
      value:
        description:
          - As O(edge.platform.dns_record#module:value). Required for every entry that is not ignored, except
            PullZone and Script records (which take O(records[].pullzone_name) or O(records[].script)).
        type: str
      ignore:
        description:
          - Leave the set of this entry's type and name alone, whatever it holds, even with O(purge=true). Use it for
            records another tool manages. The entry's other options are not used.
        type: bool
        default: false
      ttl:
        description: As O(edge.platform.dns_record#module:ttl), from 0 to 2147483647.
        type: int
      priority:
        description: As O(edge.platform.dns_record#module:priority) (MX, SRV), from 0 to 2147483647.
        type: int
      weight:
        description: As O(edge.platform.dns_record#module:weight) (A, AAAA, SRV), from 0 to 65535 (0 to 100 for A and
          AAAA).
        type: int
      port:
        description: As O(edge.platform.dns_record#module:port) (SRV), from 0 to 65535.
        type: int
      flags:
        description: As O(edge.platform.dns_record#module:flags) (CAA), from 0 to 255.
        type: int
      tag:
        description: As O(edge.platform.dns_record#module:tag) (CAA).
        type: str
      pullzone_id:
        description: As O(edge.platform.dns_record#module:pullzone_id) (PullZone).
        type: int
      pullzone_name:
        description:
          - As O(edge.platform.dns_record#module:pullzone_name) (PullZone). Each name is searched once per task.
        type: str
      script:
        description:
          - As O(edge.platform.dns_record#module:script) (Script), a DNS script's exact name, sent as its id. Each
            name is looked up once per task. A script the platform does not show on the record is not compared
            (RV(not_compared)).
        type: str
        version_added: 1.3.0
      script_id:
        description: As O(edge.platform.dns_record#module:script_id) (Script).
        type: int
      accelerated:
        description: As O(edge.platform.dns_record#module:accelerated) (A, AAAA, CNAME).
        type: bool
      monitor_type:
        description: As O(edge.platform.dns_record#module:monitor_type) (A, AAAA); a number is taken too.
        type: str
        choices: [none, ping, http, monitor]
      smart_routing_type:
        description: As O(edge.platform.dns_record#module:smart_routing_type) (A, AAAA); a number is taken too.
        type: str
        choices: [none, latency, geolocation]
      latency_zone:
        description: As O(edge.platform.dns_record#module:latency_zone) (A, AAAA).
        type: str
      geolocation_latitude:
        description: As O(edge.platform.dns_record#module:geolocation_latitude) (A, AAAA), from -180 to 180.
        type: float
      geolocation_longitude:
        description: As O(edge.platform.dns_record#module:geolocation_longitude) (A, AAAA), from -180 to 180.
        type: float
      disabled:
        description: As O(edge.platform.dns_record#module:disabled).
        type: bool
      comment:
        description: As O(edge.platform.dns_record#module:comment).
        type: str
      id:
        description:
          - Read-only members M(edge.platform.dns_record_info) returns beside the options (this one and the next seven),
            accepted so that its output can be given as O(records), and ignored.
        type: int
      zone_id:
        description: Read-only, ignored (see O(records[].id)).
        type: int
      link_name:
        description: Read-only, ignored (see O(records[].id)).
        type: str
      accelerated_pullzone_id:
        description: Read-only, ignored (see O(records[].id)).
        type: int
      acceleration_status:
        description: Read-only, ignored (see O(records[].id)).
        type: str
      monitor_status:
        description: Read-only, ignored (see O(records[].id)).
        type: str
      auto_ssl_issuance:
        description: Read-only, ignored (see O(records[].id)).
        type: bool
      environmental_variables:
        description: Read-only, ignored (see O(records[].id)).
        type: list
        elements: dict
  purge:
    description:
      - Delete the sets of the zone that O(records) does not list (except those with an ignored entry).
      - The alias O(prune) is what the C(*_record_sets) modules of community.dns call it.
      - Records of the types this collection does not write (SVCB, HTTPS, TLSA, and a type the platform added that
        this collection cannot name, which M(edge.platform.dns_record_info) returns as its number) are never deleted
        or rewritten.
    type: bool
    default: false
    aliases: [prune]
  concurrency:
    description:
      - How many writes are in flight at once, from 1 (one after the other) to 50.
      - The platform's Terraform provider applies 10 resources at a time by default.
    type: int
    default: 10
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
    details:
      - The diff lists the records of the sets the task changes, before and after, in the form compared.
seealso:
  - module: edge.platform.dns_record
  - module: edge.platform.dns_record_info
  - module: edge.platform.dnszone
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Keep the web and mail records of example.com as listed, leaving the zone's other records alone
      edge.platform.dns_records:
        zone_domain: example.com
        records:
          - {type: A, name: "@", value: 192.0.2.10, ttl: 300}
          - {type: A, name: "@", value: 192.0.2.11, ttl: 300}
          - {type: CNAME, name: www, value: example.com}
          - {type: MX, name: "@", value: mail.example.com, priority: 10}
          - {type: TXT, name: "@", value: "v=spf1 mx -all"}
      register: synced

    - name: Show the addresses the apex answers with now
      ansible.builtin.debug:
        msg: "{{ synced.dns_records | selectattr('type', 'eq', 'A') | selectattr('name', 'eq', '') | map(attribute='value') | sort }}"

    - name: Make the zone exactly this list, except the records the ACME client manages
      edge.platform.dns_records:
        zone_id: 1001
        purge: true
        records:
          - {type: A, name: "@", value: 192.0.2.10}
          - {type: A, name: "@", value: 192.0.2.11}
          - {type: CNAME, name: www, value: example.com}
          - {type: MX, name: "@", value: mail.example.com, priority: 10}
          - {type: TXT, name: "@", value: "v=spf1 mx -all"}
          - {type: TXT, name: _acme-challenge, ignore: true}
"""

RETURN = r"""
dns_records:
  description:
    - The zone's records after the task, in the form M(edge.platform.dns_record_info) returns (and O(records) takes).
    - After writes, read back from the platform (one read of the zone). In check mode, the prediction.
  returned: success
  type: list
  elements: dict
  sample:
    - {id: 11, zone_id: 1001, type: A, name: "", value: 192.0.2.10, ttl: 300, weight: 100, disabled: false}
changes:
  description: What the task changed (or, in check mode, would change), in the form compared.
  returned: success
  type: dict
  contains:
    added:
      description: The records added.
      type: list
      elements: dict
      sample: [{type: A, name: "", value: 192.0.2.11, ttl: 300}]
    updated:
      description: The records updated, each as C(before) and C(after).
      type: list
      elements: dict
      sample: [{before: {type: A, name: "", value: 192.0.2.10, ttl: 3600}, after: {type: A, name: "", value: 192.0.2.10, ttl: 300}}]
    deleted:
      description: The records deleted.
      type: list
      elements: dict
      sample: [{type: A, name: old, value: 192.0.2.99, ttl: 300}]
not_compared:
  description:
    - The options of the entries that cannot be compared with the record they match, because the platform does not
      return them (the script of a Script record whose value shows no script id), as C(records[N].script); those
      records are not changed for them.
  returned: when such an option is given
  type: list
  elements: str
  sample: ["records[2].script"]
# BEGIN edge.platform.batch_writes
# sample landed: [add A www 192.0.2.1]
writes:
  description:
    - When a write failed, what became of each planned write, by its label (as the message names it).
  returned: failure after a write
  type: dict
  contains:
    landed:
      description: The writes that landed (answered as done, or shown done by the state read back).
      type: list
      elements: str
      sample: [add A www 192.0.2.1]
    failed:
      description:
        - The writes the platform refused, or whose answer was lost or is no proof and the state read back does not
          show them (never sent again).
      type: list
      elements: str
    unknown:
      description:
        - The writes whose answer was lost and which the state read back could not settle (the read failed, or it
          cannot show the write, as a secret's value is never returned).
      type: list
      elements: str
    not_sent:
      description: The writes not sent because of the failure.
      type: list
      elements: str
# END edge.platform.batch_writes
"""

from ansible_collections.edge.platform.plugins.module_utils._api.selectors import DNS_ZONE
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._sets.dns_records import RecordSync
from ansible_collections.edge.platform.plugins.module_utils._shapes import dns_records as shapes


def run(ctx):
    sync = RecordSync(ctx)  # every entry checked before any request
    found = DNS_ZONE.resolve_in_plan(ctx, sync.missing_zone)
    sync.read(found)
    plan = sync.plan(ctx.params["purge"])
    outcome = ctx.reconcile(sync.before(plan), sync.after(plan), lambda: sync.apply(plan, ctx.params["concurrency"]))
    records = outcome.answer if outcome.answer is not None else sync.predicted(plan)
    unread = sync.not_compared()  # the platform does not show them: reported, never a change
    return dict({"not_compared": unread} if unread else {}, dns_records=records, changes=sync.changes(plan))


# each entry: dns_record's options, the ignore mark, and the read-only members dns_record_info returns (ignored)
READ_ONLY_SPEC = dict(
    id=dict(type="int"),
    zone_id=dict(type="int"),
    link_name=dict(type="str"),
    accelerated_pullzone_id=dict(type="int"),
    acceleration_status=dict(type="str"),
    monitor_status=dict(type="str"),
    auto_ssl_issuance=dict(type="bool"),
    environmental_variables=dict(type="list", elements="dict"),
)
RECORD_SPEC = dict(shapes.ARGUMENT_SPEC, ignore=dict(type="bool", default=False), **READ_ONLY_SPEC)

MODULE = ModuleDef(
    argument_spec=dict(
        DNS_ZONE.argument_spec(),
        records=dict(type="list", elements="dict", required=True, options=RECORD_SPEC),
        purge=dict(type="bool", default=False, aliases=["prune"]),  # community.dns's name
        concurrency=dict(type="int", default=10),
    ),
    run=run,
    # concurrency sizes the connection pool and the worker's threads: at most 50 (the engine's ceiling)
    bounds=dict({"records.%s" % option: bound for option, bound in shapes.BOUNDS.items()}, concurrency=(1, 50)),
    **DNS_ZONE.validation(),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
