# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The whole ordered list of a pull zone's edge rules in one task (``pullzone_edge_rules``), community.dns's record
sets model: plan from one read of the zone, one diff, then the writes (pure Python: no Ansible imports).

Each listed rule is found as ``pullzone_edge_rule`` finds one (guid, else description) and written whole with its
guid when it differs; its ``OrderIndex`` is its place in the list (1 for the first), so the platform runs them in the
order listed (docs/platform-notes.md, "Edge rules: what the modules do"), unless they already run in that order: then
the indexes the zone holds are kept. With ``purge`` the zone's rules not listed
are deleted after the writes. A zone whose rules are as listed costs one read and no write.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._api import edge_rules as api
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import PULL_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores.edge_rules import ZoneRules
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError, InputError
from ansible_collections.edge.platform.plugins.module_utils._engine.zone_lock import one_writer
from ansible_collections.edge.platform.plugins.module_utils._shapes import edge_rules as shapes


def listed(entries):
    """``[(label, guid, wanted)]`` of the rules listed, checked, each with its place as its order index; a description
    or guid listed twice, or bad input, fails naming the entry before any request."""
    checked, seen = [], set()
    for index, entry in enumerate(entries):
        guid, description = entry.get("guid"), entry.get("description")
        try:
            if description is None or not description.strip():
                raise InputError("description must not be empty: it identifies the rule within its pull zone.")
            wanted = dict(shapes.wanted_values(entry), order_index=index + 1)
        except InputError as error:
            raise InputError("rules[%d].%s" % (index, error), option="rules") from None
        for key in ["description:" + description] + (["guid:" + api.guid_key(guid)] if guid else []):
            if key in seen:
                raise InputError(
                    "rules[%d] lists the rule %s a second time." % (index, key.replace(":", " ", 1)), option="rules"
                )
            seen.add(key)
        checked.append(("%r" % description, guid, wanted))
    return checked


def matched(zone_id, zone, label, guid, wanted, taken):
    """The zone's rule a listed entry names (by guid, else by description), or None; ambiguity fails naming guids."""
    if guid is not None:
        found = [api.by_guid(zone, guid)] if api.by_guid(zone, guid) else []
    else:
        found = api.by_description(zone, wanted["description"])
    if len(found) > 1:
        raise InputError(
            "pull zone %d has %d edge rules described %s (guids %s): give the entry's guid to choose one."
            % (zone_id, len(found), label, ", ".join(str(rule.get("Guid")) for rule in found)),
            option="rules",
        )
    rule = found[0] if found else None
    if rule is not None and api.guid_key(rule.get("Guid")) in taken:
        raise InputError("two entries of rules name the rule with guid %s." % rule.get("Guid"), option="rules")
    if rule is not None:
        taken.add(api.guid_key(rule.get("Guid")))
    return rule


def held_order(currents):
    """The zone's own order indexes of the listed rules when every one exists and they already run in the order
    listed, so that a list written back as read is no change whatever numbers the platform holds; else None (each
    rule's place in the list becomes its index)."""
    indexes = [None if rule is None else rule.get("OrderIndex") for rule in currents]
    if all(isinstance(index, int) and not isinstance(index, bool) for index in indexes) and all(
        first < second for first, second in zip(indexes, indexes[1:])
    ):
        return indexes
    return None


class Plan(object):
    """What a task does to one zone's rules: the listed ``writes`` ``(label, current, body)``, the rules not listed to
    ``remove`` (with purge) or ``kept``; ``before``/``after`` the whole ordered list as compared (the diff)."""

    def __init__(self, rules, entries, purge):
        zone, taken, self.writes = rules.zone, set(), []
        currents = [matched(rules.found.id, zone, label, guid, wanted, taken) for label, guid, wanted in entries]
        held = held_order(currents)
        for place, ((label, _guid, wanted), current) in enumerate(zip(entries, currents)):
            if held is not None:
                wanted = dict(wanted, order_index=held[place])
            if current is None and "actions" not in wanted:
                raise InputError(
                    "rules: actions is required to create edge rule %s in pull zone %d." % (label, rules.found.id),
                    option="rules",
                )
            self.writes.append((label, current, shapes.rule_body(current, wanted)))
        others = [rule for rule in api.rules_of(zone) if api.guid_key(rule.get("Guid")) not in taken]
        # the platform's read-only rules "cannot be modified or deleted" (the core document): purge leaves them
        locked = [rule for rule in others if rule.get("ReadOnly") is True] if purge else []
        if locked:
            rules.ctx.warn(
                "purge left the read-only edge rules %s in place: the platform does not let them be deleted."
                % ", ".join("%r (guid %s)" % (rule.get("Description"), rule.get("Guid")) for rule in locked)
            )
        self.remove = [rule for rule in others if rule not in locked] if purge else []
        self.kept = [rule for rule in others if rule not in self.remove]
        self.before = [shapes.compared(rule) for rule in shapes.run_order(api.rules_of(zone))]
        self.after = [
            shapes.compared(rule) for rule in shapes.run_order([body for _l, _c, body in self.writes] + self.kept)
        ]


def apply(rules, plan):
    """The plan's writes, then its removals; the rules as held after (as predicted in check mode)."""
    after, done = [], []
    try:
        for label, current, body in plan.writes:
            differs = shapes.compared(current) != shapes.compared(body)
            after.append(rules.write(current, body, label) if differs else current)
            if differs:
                done.append(label)
        for rule in plan.remove:
            label = repr(rule.get("Description"))
            rules.delete(rule, label)
            done.append(label)
    except ApiError as error:
        if not done or rules.ctx.check_mode:
            raise
        rules.ctx.fail_from(
            error,
            msg="%s Before that, this task wrote edge rules %s; the rest of its plan was not sent. Run it again."
            % (error.describe(), ", ".join(done)),
            changed=True,
        )
    return after


def standin(ctx, entries):
    """The result for a pull zone an earlier task only predicted (check mode): the rules a real run would create."""
    made = []
    for label, _guid, wanted in entries:
        if "actions" not in wanted:
            raise InputError(
                "rules: actions is required to create edge rule %s in pull zone %r."
                % (label, ctx.params["pullzone_name"]),
                option="rules",
            )
        made.append(shapes.rule_body(None, wanted))
    return {
        "diff": {"before": [], "after": [shapes.compared(rule) for rule in made]},
        "pull_zone": {"id": None, "name": ctx.params["pullzone_name"]},
        "edge_rules": [ctx.shaped(shapes.shape_rule, rule) for rule in made],
        "removed": [],
    }


def manage_set(ctx):
    """The ``pullzone_edge_rules`` task: the zone's rules made as listed, in the zone's writer lock; its result."""
    entries = listed(ctx.params["rules"])
    found = PULL_ZONE.resolve_in_plan(ctx, lambda: standin(ctx, entries))
    with one_writer(ctx, api.LOCK, found.id, "pull zone"):
        rules = ZoneRules(ctx, found)
        plan = Plan(rules, entries, ctx.params["purge"])
        after = apply(rules, plan)
    ctx.exit(
        # mappings, not bare lists: Ansible's diff callback renders a mapping (a list breaks its text diff)
        diff={"before": {"edge_rules": plan.before}, "after": {"edge_rules": plan.after}},
        pull_zone=rules.pull_zone(),
        edge_rules=[ctx.shaped(shapes.shape_rule, rule) for rule in shapes.run_order(after + plan.kept)],
        removed=[rule.get("Guid") for rule in plan.remove],
    )
