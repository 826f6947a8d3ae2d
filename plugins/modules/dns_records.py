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
  - The zone's records are read once (one request per 1000 records). Every change is planned before any write, shown as
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
    another spelling (upper case, a trailing dot, V(@) for the apex, TXT given as quoted chunks) is no change.
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
          - The record name relative to the zone; V("") or V(@) for the apex.
        type: str
        required: true
      value:
        description:
          - As O(edge.platform.dns_record#module:value). Required for every entry that is not ignored, except
            PullZone and Script records.
        type: str
      ignore:
        description:
          - Leave the set of this entry's type and name alone, whatever it holds, even with O(purge=true). Use it for
            records another tool manages. The entry's other options are not used.
        type: bool
        default: false
      ttl:
        description: As O(edge.platform.dns_record#module:ttl).
        type: int
      priority:
        description: As O(edge.platform.dns_record#module:priority) (MX, SRV).
        type: int
      weight:
        description: As O(edge.platform.dns_record#module:weight) (A, AAAA, SRV).
        type: int
      port:
        description: As O(edge.platform.dns_record#module:port) (SRV).
        type: int
      flags:
        description: As O(edge.platform.dns_record#module:flags) (CAA).
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
      script_id:
        description: As O(edge.platform.dns_record#module:script_id) (Script).
        type: int
      accelerated:
        description: As O(edge.platform.dns_record#module:accelerated) (A, AAAA, CNAME).
        type: bool
      monitor_type:
        description: As O(edge.platform.dns_record#module:monitor_type) (A, AAAA).
        type: str
      smart_routing_type:
        description: As O(edge.platform.dns_record#module:smart_routing_type) (A, AAAA).
        type: str
      latency_zone:
        description: As O(edge.platform.dns_record#module:latency_zone) (A, AAAA).
        type: str
      geolocation_latitude:
        description: As O(edge.platform.dns_record#module:geolocation_latitude) (A, AAAA).
        type: float
      geolocation_longitude:
        description: As O(edge.platform.dns_record#module:geolocation_longitude) (A, AAAA).
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
      - Records of the types this collection does not write (SVCB, HTTPS, TLSA) are never deleted.
    type: bool
    default: false
  concurrency:
    description:
      - How many writes are in flight at once (1 sends them one after the other).
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
- name: Keep the web and mail records of example.com as listed, leaving the zone's other records alone
  edge.platform.dns_records:
    api_key: "{{ vault_edge_api_key }}"
    base_url: https://api.bunny.net
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
    api_key: "{{ vault_edge_api_key }}"
    base_url: https://api.bunny.net
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
    - After writes, read back from the platform (one listing). In check mode, the prediction.
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
writes:
  description:
    - When a write failed, what became of each planned write, by its label.
  returned: failure after a write
  type: dict
  contains:
    landed:
      description: The writes that landed.
      type: list
      elements: str
    failed:
      description: The writes the platform refused, or lost and shown not applied by a re-read (never sent again).
      type: list
      elements: str
    unknown:
      description: The writes whose answer was lost and which a failed re-read could not settle.
      type: list
      elements: str
    not_sent:
      description: The writes not sent because of the failure.
      type: list
      elements: str
"""

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import dns_records, pull_zones
from ansible_collections.edge.platform.plugins.module_utils._api.listing import LookupFailed
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import DNS_ZONE
from ansible_collections.edge.platform.plugins.module_utils._engine.batch import Write, apply_phases
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._engine.parallel import widen_pool
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._hosts.names import check_name
from ansible_collections.edge.platform.plugins.module_utils._shapes import dns_records as shapes
from ansible_collections.edge.platform.plugins.module_utils._shapes import record_sets

# Record types this collection cannot write: never deleted by purge (they could not be put back).
NOT_WRITABLE = frozenset(shapes.TYPES.values()) - frozenset(shapes.WRITABLE_TYPES)


def set_of(readable):
    return shapes.identity(readable)[:2]


def entries(params):
    """``(wanted, ignored)``: the readable records the entries give and the set keys marked ``ignore``; bad input
    fails before any request, naming the entry."""
    wanted, ignored, seen = [], set(), {}
    for index, entry in enumerate(params):
        where = "records[%d]." % index
        for option in ("name", "pullzone_name"):
            problem = check_name(entry.get(option), where + option)
            if problem:
                raise InputError(problem, option=where + option)
        if entry["ignore"]:
            ignored.add((entry["type"], shapes.normal_name(entry["name"])))
            continue
        readable = shapes.from_options(entry, where=where)
        if shapes.link_value(readable) is None:
            needed = {"PullZone": "pullzone_id or pullzone_name", "Script": "script_id"}.get(readable["type"], "value")
            raise InputError("%s%s is required (or mark the entry ignore)." % (where, needed), option=where + needed)
        key = shapes.identity(readable)  # a single-value type (CNAME, ...): one record per name, whatever its value
        if key in seen:
            raise InputError(
                "records[%d] and records[%d] are the same record (%s %s%s): a name holds one record of each value%s."
                % (
                    seen[key],
                    index,
                    key[0],
                    key[1] or "@",
                    " " + key[2] if key[2] else "",
                    " and one %s record at most" % key[0] if key[0] in shapes.SINGLE_VALUE else "",
                ),
                option="records",
            )
        seen[key] = index
        wanted.append(readable)
    return wanted, ignored


class RecordSync(object):
    """The zone's records and the task's: read, plan, the diff, the writes and the result."""

    def __init__(self, ctx):
        self.ctx, self.client = ctx, ctx.client
        self.wanted, self.ignored = entries(ctx.params["records"])
        self.zone_id, self.models, self.current = None, {}, []

    def missing_zone(self):
        """The result in check mode when the zone is only predicted (by an earlier task): every record added."""
        return {
            "dns_records": [shapes.merged(w, {}) for w in self.wanted],
            "changes": {"added": [self.shown(w) for w in self.wanted], "updated": [], "deleted": []},
        }

    def read(self, found):
        """The zone's records (one listing), and the pull zones the entries name by name (one search each)."""
        self.zone_id = found.id
        models = dns_records.list_all(self.client, found.id, hint=found.not_visible)
        self.models = {m.get("Id"): m for m in models}
        self.current = [shapes.from_model(m, found.id) for m in models]
        zones = {}
        for wanted in self.wanted:
            name = wanted.get("pullzone_name")
            if wanted["type"] == "PullZone" and name is not None and wanted.get("pullzone_id") is None:
                if name not in zones:
                    zones[name] = self.pull_zone(name)
                wanted["pullzone_id"], wanted["pullzone_name"] = zones[name]["Id"], zones[name].get("Name") or name

    def pull_zone(self, name):
        """The pull zone a PullZone entry names; under --check one an earlier task only predicted stands in by name."""
        try:
            return pull_zones.find(self.client, name, "pullzone_name", "pullzone_id")
        except LookupFailed as error:
            if error.missing and self.ctx.predicted_dependency("pull zone %r" % name):
                return {"Id": None, "Name": name}
            raise

    def plan(self, purge):
        ignored = set(self.ignored) | {set_of(r) for r in self.current if r["type"] in NOT_WRITABLE}
        return record_sets.plan(
            self.current,
            self.wanted,
            set_of=set_of,
            value_of=shapes.link_value,
            same=lambda current, wanted: shapes.same(wanted, current),
            purge=purge,
            ignored=ignored,
        )

    @staticmethod
    def shown(wanted):
        return shapes.view(wanted, shapes.given(wanted))

    def changes(self, plan):
        updated = []
        for current, wanted in plan.updates:
            before, after = shapes.plan(wanted, current)
            updated.append({"before": before, "after": after})
        return {
            "added": [self.shown(w) for w in plan.adds],
            "updated": updated,
            "deleted": [shapes.view(r) for r in plan.deletes],
        }

    def before(self, plan):
        """The diff's before: the records the plan touches, as they are (a mapping: how Ansible shows a diff)."""
        touched = [shapes.plan(w, c)[0] for c, w in plan.updates] + [shapes.view(r) for r in plan.deletes]
        return {"records": sorted(touched, key=_order)}

    def after(self, plan):
        """The diff's after: the same records as the task leaves them, and the ones it adds."""
        return {
            "records": sorted(
                [shapes.plan(w, c)[1] for c, w in plan.updates] + list(map(self.shown, plan.adds)), key=_order
            )
        }

    def predicted(self, plan):
        """The records a real run leaves (check mode), or the current ones when nothing changes."""
        kept = [r for r in self.current if not any(r is d for d in plan.deletes)]
        updated = {id(c): shapes.merged(w, c) for c, w in plan.updates}
        return [updated.get(id(r), r) for r in kept] + [shapes.merged(w, {"zone_id": self.zone_id}) for w in plan.adds]

    def writes(self, plan):
        """The phases of writes: the deletions, then the updates and additions."""
        zone, client = self.zone_id, self.client
        deletes = [
            Write(
                "delete %s" % shapes.describe(r),
                partial(dns_records.delete, client, zone, r["id"]),
                lambda now, r=r: all(m.get("Id") != r["id"] for m in now),
            )
            for r in plan.deletes
        ]
        updates = [
            Write(
                "update %s" % shapes.describe(c),
                partial(dns_records.update, client, zone, c["id"], shapes.to_body(w, self.models[c["id"]])),
                lambda now, c=c, w=w: any(
                    m.get("Id") == c["id"] and shapes.same(w, shapes.from_model(m, zone)) for m in now
                ),
            )
            for c, w in plan.updates
        ]
        adds = [
            Write(
                "add %s %s %s" % (w["type"], w["name"] or "@", shapes.link_value(w)),
                partial(dns_records.add, client, zone, shapes.to_body(w), w["type"]),
                lambda now, w=w: any(
                    m.get("Id") not in self.models and shapes.same(w, shapes.from_model(m, zone)) for m in now
                ),
            )
            for w in plan.adds
        ]
        return [phase for phase in (deletes, updates + adds) if phase]

    def apply(self, plan, concurrency):
        """Send the writes; the zone's records read back afterwards (the updates are answered without a body)."""
        widen_pool(getattr(self.client, "session", None), concurrency)
        reread = partial(dns_records.list_all, self.client, self.zone_id)
        apply_phases(self.ctx, self.writes(plan), concurrency, reread)
        return [shapes.from_model(m, self.zone_id) for m in reread()]


def _order(shown):
    return (shown.get("name") or "", shown.get("type") or "", str(shown.get("value")))


def run(ctx):
    if ctx.params["concurrency"] < 1:
        raise InputError("concurrency must be 1 or more; got %d." % ctx.params["concurrency"], option="concurrency")
    sync = RecordSync(ctx)  # every entry checked before any request
    found = DNS_ZONE.resolve_in_plan(ctx, sync.missing_zone)
    sync.read(found)
    plan = sync.plan(ctx.params["purge"])
    outcome = ctx.reconcile(sync.before(plan), sync.after(plan), lambda: sync.apply(plan, ctx.params["concurrency"]))
    records = outcome.answer if outcome.answer is not None else sync.predicted(plan)
    return {"dns_records": records, "changes": sync.changes(plan)}


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
        purge=dict(type="bool", default=False),
        concurrency=dict(type="int", default=10),
    ),
    run=run,
    **DNS_ZONE.validation(),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
