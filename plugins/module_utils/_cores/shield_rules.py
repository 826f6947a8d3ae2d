# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The one core of the shield's rule modules: a rule found by its name within its shield zone, created, updated or
deleted (``waf_rule``, ``rate_limit_rule``), and the rules of a zone or one rule by id read (``waf_rule_info``,
``rate_limit_rule_info``).

A kind of rule is a :class:`RuleKind`: its ``_api`` resource (``shield_rules.RuleResource``: paths, reads, writes,
sentences), its shape (``_shapes.shield_rules.RuleShape``: options, bodies, views) and its names in results and locks.
Adding a kind of rule is adding a :class:`RuleKind` and the module files that declare it. No Ansible imports: the
modules hand in their context.
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import rate_limits, waf_rules
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import SHIELD_ZONE, merge_validation
from ansible_collections.edge.platform.plugins.module_utils._api.shield_rules import MAX_PAGE_SIZE, named
from ansible_collections.edge.platform.plugins.module_utils._cores.inputs import check_given_name
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._engine.zone_lock import one_writer
from ansible_collections.edge.platform.plugins.module_utils._shapes import rate_limits as rate_limit_shapes
from ansible_collections.edge.platform.plugins.module_utils._shapes import waf_rules as waf_rule_shapes
from ansible_collections.edge.platform.plugins.module_utils._shapes.shield_rules import predicted_rule, rule_body


class RuleKind(object):
    """One kind of rule: ``result`` is the key of the write module's result (the info module's is its plural),
    ``lock`` the name of the zone's writer lock, ``api`` its ``RuleResource``, ``shape`` its ``RuleShape``, ``zone``
    the selector of the zone that holds the rules (``_api/selectors``; a shield zone unless said otherwise)."""

    def __init__(self, result, lock, api, shape, zone=SHIELD_ZONE):
        self.result, self.lock, self.api, self.shape, self.zone = result, lock, api, shape, zone


WAF_RULE = RuleKind("waf_rule", "shield-waf", waf_rules.WAF_RULES, waf_rule_shapes.SHAPE)
RATE_LIMIT_RULE = RuleKind("rate_limit_rule", "shield-rate-limit", rate_limits.RATE_LIMITS, rate_limit_shapes.SHAPE)


# --- the write module ----------------------------------------------------------------------------------------------


def wanted_configuration(kind, params):
    """The ``ruleConfiguration`` to write (None for state=absent); bad input fails before any request."""
    check_given_name(  # the name is sent to the platform
        params["rule_name"], "rule_name", "rule_name must not be empty: it identifies the rule within the shield zone."
    )
    return kind.shape.desired_configuration(params) if params["state"] == "present" else None


def write(api, client, zone_id, current, body):
    """Delete the rule (no body), create it (no current rule) or update it; the rule answered, if any."""
    if body is None:
        return api.delete(client, current["id"])
    if current is None:
        return api.create(client, zone_id, body)
    return api.update(client, current["id"], body)


def predicted_new(ctx, kind, name, configuration):
    """The rule a real run would create in a shield zone an earlier task was only predicted creating."""
    if not configuration:
        return None
    return kind.shape.shape_rule(
        predicted_rule(None, None, rule_body(name, ctx.params["rule_description"], configuration, None)), ctx.warn
    )


def manage(ctx, kind):
    """The write module's task: the rule ``rule_name`` of the chosen shield zone made as the options say; its result."""
    params, configuration = ctx.params, wanted_configuration(kind, ctx.params)
    name = params["rule_name"]
    found = kind.zone.resolve_in_plan(
        ctx, lambda: {kind.result: predicted_new(ctx, kind, name, configuration)}, {kind.result: None}
    )
    find = partial(kind.api.find, ctx.client, found.id, name, found.not_visible)
    # one writer per zone on this machine: the platform fails parallel creates (see _engine/zone_lock.py)
    with one_writer(ctx, kind.lock, found.id):
        current = find()
        if configuration:  # a number this collection cannot name, and no option to replace it: kept as it is
            configuration = kind.shape.kept_unnamed(configuration, current, params)
        body = rule_body(name, params["rule_description"], configuration, current) if configuration else None
        apply = partial(write, kind.api, ctx.client, found.id, current, body)
        rule_state = kind.shape.rule_state
        outcome = ctx.reconcile(rule_state(current), rule_state(body), apply, reread=lambda: rule_state(find()))
    if body is None:
        return {kind.result: None}
    rule = outcome.answer or (predicted_rule(current, found.id, body) if outcome.changed else current)
    return {kind.result: kind.shape.shape_rule(rule, ctx.warn)}


# --- the info module -----------------------------------------------------------------------------------------------


def info_declaration(zone):
    """What a rule info module declares beside its ``run`` (``ModuleDef`` keywords): one rule by id, or the rules of a
    zone chosen one of the ways of the selector ``zone``."""
    return dict(
        argument_spec=dict(
            zone.argument_spec(),
            id=dict(type="int"),
            rule_name=dict(type="str", aliases=["name"]),
            page_size=dict(type="int", default=100),
        ),
        bounds={"page_size": (1, MAX_PAGE_SIZE)},
        **merge_validation(
            zone.validation(required=False),
            {
                "mutually_exclusive": [("id", name) for name in zone.names + ["rule_name"]],
                "required_one_of": [["id"] + zone.names],
            },
        ),
    )


# the declaration of the info modules of the shield's rules
INFO_DECLARATION = info_declaration(SHIELD_ZONE)


def check_info(params):
    """Bad input fails before any request (the id and page_size are in range: the module's bounds)."""
    if params["rule_name"] is not None and not params["rule_name"].strip():
        raise InputError(
            "rule_name must not be empty: it names the rules to read within the shield zone.", option="rule_name"
        )


def zone_rules(ctx, kind):
    """The rules of the chosen shield zone (those named ``rule_name`` when given), each read by its id when the
    listing left part of it out and it was asked for by name; a warning names the rules still left thin."""
    params, api = ctx.params, kind.api
    found = kind.zone.resolve(ctx)
    rules = api.list_all(ctx.client, found.id, params["page_size"], found.not_visible)
    if params["rule_name"] is not None:
        # the rules asked for by name are read by their id when the listing left part of them out
        rules = [api.whole(ctx.client, rule) for rule in named(rules, params["rule_name"])]
    thin = [rule.get("id") for rule in rules if api.thin(rule)]
    if thin:
        ctx.warn(api.thin_warning % (len(thin), "" if len(thin) == 1 else "s", ", ".join(str(i) for i in thin[:10])))
    return rules


def read(ctx, kind):
    """The info module's task: one rule by ``id``, or the rules of a shield zone; its result."""
    check_info(ctx.params)
    if ctx.params["id"] is not None:
        rules = [kind.api.get(ctx.client, ctx.params["id"])]
    else:
        rules = zone_rules(ctx, kind)
    return {kind.result + "s": [kind.shape.shape_rule(rule, ctx.warn) for rule in rules]}
