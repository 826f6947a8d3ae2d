# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The DNS record sets of edge.platform.dns_records: the task's entries checked, the zone's records read, the plan
(community.dns's ``*_record_sets`` model: a listed set becomes exactly its records), the diff, the writes in
phases with bounded concurrency, and the result. No Ansible imports: the engine's Context carries the task."""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import dns_records
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import link_pull_zone, link_script
from ansible_collections.edge.platform.plugins.module_utils._engine.batch import Write, apply_phases
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._engine.parallel import widen_pool
from ansible_collections.edge.platform.plugins.module_utils._shapes import dns_records as shapes
from ansible_collections.edge.platform.plugins.module_utils._shapes import record_sets
from ansible_collections.edge.platform.plugins.module_utils._shapes.names import check_name

# Record types this collection cannot write (SVCB, HTTPS, TLSA, and a type number it cannot name, read as that
# number): never deleted or rewritten by purge, since they could not be put back (docs/platform-notes.md, "Enums that
# grow: DNS").
WRITABLE = frozenset(shapes.WRITABLE_TYPES)


def set_of(readable):
    return shapes.identity(readable)[:2]


def entries(params, domain=None, warn=None, deprecate=None):
    """``(wanted, ignored)``: the readable records the entries give and the set keys marked ``ignore``; bad input
    fails before any request, naming the entry. Names are made relative to the zone ``domain`` (``shapes.in_zone``);
    without it (a zone chosen by id), :meth:`RecordSync.read` makes them so and checks the entries again."""
    wanted, ignored, seen = [], set(), {}
    for index, entry in enumerate(params):
        where = "records[%d]." % index
        for option in ("name", "pullzone_name", "script"):
            problem = check_name(entry.get(option), where + option)
            if problem:
                raise InputError(problem, option=where + option)
        if entry["ignore"]:
            named = {"name": "" if entry["name"].strip() == "@" else entry["name"].strip()}
            if domain is not None:
                shapes.in_zone(named, domain, where, warn, deprecate)
            ignored.add((entry["type"], shapes.normal_name(named["name"])))
            continue
        readable = shapes.from_options(entry, where=where)
        if domain is not None:
            shapes.in_zone(readable, domain, where, warn, deprecate)
        if shapes.link_value(readable) is None:
            needed = shapes.LINK_NEEDED.get(readable["type"], "value")
            raise InputError(
                "%s%s is required (or mark the entry ignore)." % (where, needed), option=where + needed.split()[0]
            )
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
        self.by_domain = ctx.params["zone_domain"]  # names made relative to it before any request
        self.wanted, self.ignored = entries(ctx.params["records"], self.by_domain, ctx.warn, ctx.deprecate)
        self.zone_id, self.models, self.current = None, {}, []

    def missing_zone(self):
        """The result in check mode when the zone is only predicted (by an earlier task): every record added. The pull
        zones the entries name are looked up still, as the real run would after creating the zone (a misspelled one
        fails)."""
        self.resolve_links()
        return {
            "dns_records": [shapes.merged(w, {}) for w in self.wanted],
            "changes": {"added": [self.shown(w) for w in self.wanted], "updated": [], "deleted": []},
        }

    def read(self, found):
        """The zone's records (one read of the zone), and the pull zones the entries name by name (one search each)."""
        self.zone_id = found.id
        domain, models = dns_records.read_zone(self.client, found.id, hint=found.not_visible)
        if self.by_domain is None:  # a zone chosen by id: its names made relative to the domain read
            self.wanted, self.ignored = entries(
                self.ctx.params["records"], domain or "", self.ctx.warn, self.ctx.deprecate
            )
        self.models = {m.get("Id"): m for m in models}
        self.current = shapes.from_models(models, found.id, self.ctx.warn)
        self.resolve_links()

    def resolve_links(self):
        """The ids of the pull zones the PullZone entries name by name (one search each), and of the DNS scripts the
        Script entries name (one listing each name)."""
        zones, scripts = {}, {}
        for index, wanted in zip(self.entry_indexes(), self.wanted):
            if wanted["type"] == "PullZone":
                link_pull_zone(self.ctx, wanted, zones)
            elif wanted["type"] == "Script":
                link_script(self.ctx, wanted, scripts, where="records[%d]." % index)

    def entry_indexes(self):
        """The index in ``records`` of each wanted record (the entries not ignored, in order)."""
        return [index for index, entry in enumerate(self.ctx.params["records"]) if not entry["ignore"]]

    def not_compared(self):
        """The options of the entries the platform does not show on the record they match (a Script record's script
        when its value shows no script id): ``records[N].script``."""
        held = {shapes.identity(record): record for record in self.current}
        return [
            "records[%d].%s" % (index, option)
            for index, wanted in zip(self.entry_indexes(), self.wanted)
            for option in shapes.not_compared(wanted, held.get(shapes.identity(wanted)))
        ]

    def plan(self, purge):
        ignored = set(self.ignored) | {set_of(r) for r in self.current if r["type"] not in WRITABLE}
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
        reread = partial(dns_records.read, self.client, self.zone_id)
        apply_phases(self.ctx, self.writes(plan), concurrency, reread)
        return shapes.from_models(reread(), self.zone_id, self.ctx.warn)


def _order(shown):
    return (shown.get("name") or "", str(shown.get("type") or ""), str(shown.get("value")))
