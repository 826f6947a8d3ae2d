# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Edge rules of a pull zone: one field table (the field kit, ``fields.py``) drives the conversions between the
``pullzone_edge_rule`` options and the platform's ``EdgeRuleV2Model`` (pure Python: no Ansible imports).

- A rule's actions are one list: the first is the model's ``ActionType`` with ``ActionParameter1..3``, the others
  its ``ExtraActions`` in order (as the Terraform provider splits them). Its triggers are ``Triggers``.
- Every action and trigger type of the core document is named (``EdgeRuleActionType``, ``TriggerTypes``); a number
  the collection does not name is returned and compared as the number, with a warning, and an option takes any
  number, so a rule read and written back is no change and a number is never rewritten
  (docs/platform-notes.md, "Enums that grow").
- A write always sends the whole rule (a member left out takes the platform's default): the rule as the platform
  holds it, every member kept as sent (those this collection does not know too), with the members of the options
  given written over it (:func:`rule_body`).
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.bounds import INT32_MAX
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from . import fields
from .fields import Bool, Field, Int, Numbered, Strings, Text

# EdgeRuleActionType of the core document (0-34 and 37; no 35 or 36), by readable name
ACTION_TYPES = {
    0: "force_ssl",
    1: "redirect",
    2: "origin_url",
    3: "override_cache_time",
    4: "block_request",
    5: "set_response_header",
    6: "set_request_header",
    7: "force_download",
    8: "disable_token_authentication",
    9: "enable_token_authentication",
    10: "override_cache_time_public",
    11: "ignore_query_string",
    12: "disable_optimizer",
    13: "force_compression",
    14: "set_status_code",
    15: "bypass_perma_cache",
    16: "override_browser_cache_time",
    17: "origin_storage",
    18: "set_network_rate_limit",
    19: "set_connection_limit",
    20: "set_requests_per_second_limit",
    21: "run_edge_script",
    22: "origin_magic_containers",
    23: "disable_waf",
    24: "retry_origin",
    25: "override_browser_cache_response_header",
    26: "remove_browser_cache_response_header",
    27: "disable_shield_challenge",
    28: "disable_shield",
    29: "disable_shield_bot_detection",
    30: "bypass_aws_s3_authentication",
    31: "disable_shield_access_lists",
    32: "disable_shield_rate_limiting",
    33: "enable_request_coalescing",
    34: "disable_request_coalescing",
    37: "strip_cookies_client_to_origin",
}
# TriggerTypes of the core document
TRIGGER_TYPES = {
    0: "url",
    1: "request_header",
    2: "response_header",
    3: "url_extension",
    4: "country_code",
    5: "remote_ip",
    6: "url_query_string",
    7: "random_chance",
    8: "status_code",
    9: "request_method",
    10: "cookie_value",
    11: "country_state_code",
    12: "origin_retry_attempt_count",
    13: "origin_connection_error",
}
MATCHING = {
    0: "any",
    1: "all",
    2: "none",
}  # TriggerMatchingTypes and PatternMatchingTypes: MatchAny, MatchAll, MatchNone
ACTION_MEMBERS = ("ActionType", "ActionParameter1", "ActionParameter2", "ActionParameter3")


class Parameter(Text):
    """A parameter of an action or a trigger: text, where none and empty text are the same."""

    def readable(self, value, unknown=None):
        return value if isinstance(value, str) and value != "" else None

    def compared(self, value):
        return value if value != "" else None


class Patterns(Strings):
    """The patterns of a trigger: none given is an empty list."""

    def body(self, value):
        return list(value or [])

    def compared(self, value):
        return super().compared(value or [])


class Rows(Field):
    """A list of objects each a table of its own (``fields``), compared in order: every entry's options compared,
    those not given as none."""

    spec_type = "list"

    def __init__(self, option, member, rows, **more):
        super().__init__(option, member, **more)
        self.rows = rows

    def checked(self, value):
        checked = []
        for index, item in enumerate(value):
            try:
                checked.append(fields.wanted_values(self.rows, item))
            except InputError as error:
                raise InputError("%s[%d].%s" % (self.option, index, error), option=self.option) from None
        return checked

    def body(self, value):
        # every member of an entry is sent: one left out would take the platform's default
        return [{field.member: field.body(row.get(field.option)) for field in self.rows} for row in value]

    def readable(self, value, unknown=None):
        if not isinstance(value, list):
            return None
        return [fields.readable(self.rows, item, unknown) for item in value if isinstance(item, dict)]

    def compared(self, value):
        if value is None:
            return None
        return [{field.option: field.compared(row.get(field.option)) for field in self.rows} for row in value]

    def held(self, value, given=None):
        return self.compared(self.readable(value) or [])

    def spec(self):
        return dict(type="list", elements="dict", options=fields.argument_spec(self.rows))


def _actions(model):
    """A rule's actions in order: its first (``ActionType`` and parameters) and its ``ExtraActions``."""
    first = {member: model.get(member) for member in ACTION_MEMBERS}
    extra = model.get("ExtraActions")
    return [first] + [action for action in extra or [] if isinstance(action, dict)]


ACTION_FIELDS = (
    Numbered("type", "ActionType", ACTION_TYPES, warned="actions[].type", required=True),
    Parameter("parameter1", "ActionParameter1"),
    Parameter("parameter2", "ActionParameter2"),
    Parameter("parameter3", "ActionParameter3"),
)
TRIGGER_FIELDS = (
    Numbered("type", "Type", TRIGGER_TYPES, warned="triggers[].type", required=True),
    Patterns("patterns", "PatternMatches"),
    Numbered("match", "PatternMatchingType", MATCHING, warned="triggers[].match"),
    Parameter("parameter1", "Parameter1"),
)
ACTIONS = Rows("actions", "ExtraActions", ACTION_FIELDS, read=_actions)
FIELDS = (
    Text("description", "Description"),
    Bool("enabled", "Enabled"),
    ACTIONS,
    Rows("triggers", "Triggers", TRIGGER_FIELDS),
    Numbered("trigger_match", "TriggerMatchingType", MATCHING),
    Int("order_index", "OrderIndex", low=-INT32_MAX - 1, high=INT32_MAX),  # int32 in the core document
)
# what a new rule holds where the task gives nothing (the Terraform provider's defaults: enabled is required there)
NEW_RULE = {"enabled": True, "triggers": [], "trigger_match": "any", "order_index": 0}


BOUNDS = fields.bounds(FIELDS)


def argument_spec():
    """The rule's options (a trigger's ``match`` defaults to any, as the platform's provider)."""
    spec = fields.argument_spec(FIELDS)
    spec["triggers"]["options"]["match"]["default"] = "any"
    return spec


def rules_option():
    """The ``rules`` option of ``pullzone_edge_rules``: a list of rules, each with the options of one rule (a guid
    too; the order index is the place in the list, taken but not used, as the info module returns it)."""
    return dict(
        type="list",
        elements="dict",
        required=True,
        options=dict(guid=dict(type="str"), **dict(argument_spec(), description=dict(type="str", required=True))),
    )


RULES_BOUNDS = {"rules.order_index": BOUNDS["order_index"]}


def wanted_values(params):
    """option -> value asked for, checked, for every rule option given (bad input: InputError naming the option)."""
    wanted = fields.wanted_values(FIELDS, params)
    if "actions" in wanted and not wanted["actions"]:
        raise InputError("actions must list at least one action: a rule's first action is required.", option="actions")
    return wanted


def rule_body(current, wanted):
    """The whole EdgeRuleV2Model to send: ``current`` (the rule as the platform holds it, every member kept as sent;
    None for a new rule) with the members of ``wanted`` written over it. An existing rule keeps its ``Guid``, so the
    write replaces it instead of creating a duplicate; ``ReadOnly`` is the platform's and is not sent."""
    wanted = dict(NEW_RULE, **wanted) if current is None else wanted
    body = {key: value for key, value in (current or {}).items() if key != "ReadOnly"}
    for field in FIELDS:
        if field.option not in wanted:
            continue
        if field is ACTIONS:
            actions = ACTIONS.body(wanted["actions"])
            body.update(actions[0])
            body["ExtraActions"] = actions[1:]
        else:
            body[field.member] = field.body(wanted[field.option])
    return body


def shape_rule(model, unknown=None):
    """A rule in the options of ``pullzone_edge_rule`` (its ``guid`` too): what the modules return, so a rule read and
    given back is no change; enum numbers without a name go to the list ``unknown`` as warnings."""
    if model is None:
        return None
    return dict(guid=model.get("Guid"), **fields.readable(FIELDS, model, unknown))


def compared(model):
    """A rule as compared (and shown in the diff): every option, or None for no rule."""
    if model is None:
        return None
    return fields.managed_view(FIELDS, model, fields.by_option(FIELDS))


def wanted_view(model, wanted):
    """The compared form of the rule a write of ``wanted`` over ``model`` leaves."""
    return compared(rule_body(model, wanted))


def run_order(rules):
    """Rules in the order the platform runs them: by ``OrderIndex`` (smallest first), then as read."""
    return sorted(rules, key=lambda rule: rule.get("OrderIndex") if isinstance(rule.get("OrderIndex"), int) else 0)
