# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""One edge rule of a pull zone brought to the state a ``pullzone_edge_rule`` task asks for, and the rules of a zone
read (``pullzone_edge_rule_info``) (pure Python: no Ansible imports).

A rule is found within its pull zone by its ``guid``, else by its description (several rules with that description
are an error naming their guids: the platform does not keep descriptions unique). The zone is read inside the zone's
writer lock, since concurrent writes of one zone's rules lose rules (the Terraform provider locks each zone for them:
docs/platform-notes.md, "Edge rules: what the modules do"). A write sends the whole rule, with its guid for an update;
a lost answer to a create is settled by reading the zone again and finding the new rule by its description and
content, never by sending it twice (``ctx.create``); a lost update or delete by the reconciler's re-read.
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import edge_rules as api
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import PULL_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores.inputs import check_given_name, nothing_when_absent
from ansible_collections.edge.platform.plugins.module_utils._engine.context import created
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._engine.zone_lock import one_writer
from ansible_collections.edge.platform.plugins.module_utils._shapes import edge_rules as shapes

RULE_OPTIONS = ("enabled", "actions", "triggers", "trigger_match", "order_index")
CREATE_SETTLING = created(
    "the pull zone's edge rules",
    "edge rule",
    "a re-run finds the rule by its description, and creates it only when it is not there",
)


def wanted_rule(params):
    """The rule's options asked for, checked (None for state=absent); bad input fails before any request."""
    if params["guid"] is None:
        check_given_name(
            params["description"],
            "description",
            "description must not be empty: it identifies the rule within its pull zone (or give guid).",
        )
    elif not params["guid"].strip():
        raise InputError("guid must not be empty: give the rule's guid, or leave guid out.", option="guid")
    nothing_when_absent(params, [option for option in RULE_OPTIONS if params.get(option) is not None], "rule options")
    return shapes.wanted_values(params) if params["state"] == "present" else None


def find(zone_id, zone, params):
    """The rule of ``zone`` the task names (by guid, else by description), or None; several: InputError."""
    if params["guid"] is not None:
        return api.by_guid(zone, params["guid"])
    found = api.by_description(zone, params["description"])
    if len(found) > 1:
        raise InputError(
            "pull zone %d has %d edge rules described %r (guids %s): give guid to choose one, or remove the duplicates."
            % (zone_id, len(found), params["description"], ", ".join(str(rule.get("Guid")) for rule in found)),
            option="description",
        )
    return found[0] if found else None


class ZoneRules(object):
    """The edge rules of one pull zone, as last read (``zone``), and the writes on them, each a reconcile: sent once,
    a lost or unconfirmed answer settled by reading the zone again. Used inside the zone's writer lock."""

    def __init__(self, ctx, found):
        self.ctx, self.found = ctx, found
        self.zone = self.read()

    def read(self):
        """The pull zone read again (kept as ``zone``)."""
        self.zone = api.read_zone(self.ctx.client, self.found.id, self.found.not_visible)
        return self.zone

    def rule_now(self, guid):
        """The rule ``guid`` as it is now, read again (None when gone)."""
        return api.by_guid(self.read(), guid)

    def create(self, body, label):
        """Create the rule ``body``; its model (a lost answer settled by finding it among the rules read again: one
        that was not there before, with the description and content sent)."""
        after = shapes.compared(body)
        before = {api.guid_key(rule.get("Guid")) for rule in api.rules_of(self.zone)}

        def new_rule():
            return next(
                (
                    rule
                    for rule in api.by_description(self.read(), body.get("Description"))
                    if api.guid_key(rule.get("Guid")) not in before and shapes.compared(rule) == after
                ),
                None,
            )

        return self.ctx.create(
            lambda: api.add_or_update(self.ctx.client, self.found.id, body, label),
            new_rule,
            CREATE_SETTLING,
            lambda rule: "guid %s" % rule.get("Guid"),
        )

    def write(self, current, body, label):
        """Create (no ``current``) or replace the rule as ``body`` when it differs; the rule as the platform holds it
        after (``body`` in check mode)."""
        if current is None:
            apply, reread = partial(self.create, body, label), None
        else:
            apply = partial(api.add_or_update, self.ctx.client, self.found.id, body, label)
            reread = partial(self.rule_now, current["Guid"])
        outcome = self.ctx.reconcile(
            shapes.compared(current), shapes.compared(body), apply, reread=reread, state_of=shapes.compared
        )
        return outcome.answer or outcome.model or (body if outcome.changed else current)

    def delete(self, current, label):
        """Delete the rule ``current``; a 404 (gone already) is said in a warning."""
        deleted, guid = [], current["Guid"]
        self.ctx.reconcile(
            shapes.compared(current),
            None,
            lambda: deleted.append(api.delete(self.ctx.client, self.found.id, guid, label)),
            reread=lambda: shapes.compared(self.rule_now(guid)),
        )
        if deleted == [False]:
            self.ctx.warn(
                "The platform answered 404 to deleting edge rule %s (guid %s): it was gone already." % (label, guid)
            )

    def pull_zone(self):
        return {"id": self.found.id, "name": self.zone.get("Name")}


def present(rules, current, wanted, label):
    """The rule ``current`` (None: none yet) made as ``wanted`` says; the rule after."""
    params = rules.ctx.params
    if current is None and params.get("guid") is not None:
        raise InputError(
            "pull zone %d has no edge rule with guid %s: the platform makes a rule's guid when it creates the rule, "
            "so a new rule is named by description alone (leave guid out)." % (rules.found.id, params["guid"]),
            option="guid",
        )
    if current is None and "actions" not in wanted:
        raise InputError(
            "actions is required to create edge rule %s in pull zone %d (a rule needs at least one action)."
            % (label, rules.found.id),
            option="actions",
        )
    return rules.write(current, shapes.rule_body(current, wanted), label)


def standin(ctx, wanted):
    """The result for a pull zone an earlier task only predicted (check mode): the rule a real run would create."""
    rule = shapes.rule_body(None, wanted) if wanted is not None else None
    return {
        "pull_zone": {"id": None, "name": ctx.params["pullzone_name"]},
        "edge_rule": ctx.shaped(shapes.shape_rule, rule),
    }


def manage(ctx):
    """The ``pullzone_edge_rule`` task: the rule made as the options say, inside the zone's writer lock; its result."""
    wanted = wanted_rule(ctx.params)
    found = PULL_ZONE.resolve_in_plan(ctx, lambda: standin(ctx, wanted), {"pull_zone": None, "edge_rule": None})
    label = repr(ctx.params["description"] or ctx.params["guid"])
    with one_writer(ctx, api.LOCK, found.id, "pull zone"):
        rules = ZoneRules(ctx, found)
        current = find(found.id, rules.zone, ctx.params)
        rule = None
        if wanted is not None:
            rule = present(rules, current, wanted, label)
        elif current is not None:
            rules.delete(current, label)
    return {"pull_zone": rules.pull_zone(), "edge_rule": ctx.shaped(shapes.shape_rule, rule)}


# --- the info module -----------------------------------------------------------------------------------------------


def read(ctx):
    """The ``pullzone_edge_rule_info`` task: the rules of the chosen pull zone (those with the ``guid`` or the
    ``description`` given), in the order the platform runs them, in the form ``pullzone_edge_rule`` takes."""
    params = ctx.params
    found = PULL_ZONE.resolve(ctx)
    zone = found.model if api.has_rules(found.model) else api.read_zone(ctx.client, found.id, found.not_visible)
    rules = shapes.run_order(api.rules_of(zone))
    if params["guid"] is not None:
        rules = [rule for rule in rules if api.guid_key(rule.get("Guid")) == api.guid_key(params["guid"])]
    if params["description"] is not None:
        rules = [rule for rule in rules if rule.get("Description") == params["description"]]
    return {
        "pull_zone": {"id": found.id, "name": zone.get("Name")},
        "edge_rules": [ctx.shaped(shapes.shape_rule, rule) for rule in rules],
    }
