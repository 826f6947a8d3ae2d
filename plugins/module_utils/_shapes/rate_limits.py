# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A rate limit rule's shape: one field table, in three groups, drives every conversion of its configuration.

A rate limit rule's ``ruleConfiguration`` (Shield document: ``CreateWafRateLimitRuleModel``) is one flat object; the
readable form groups its members as a reader thinks of them (:data:`GROUPS`):

- ``condition``: what a request must match, the rows a custom WAF rule's condition has (``shield_rules.py``: variables,
  operator, severity, transformations, value, negation, regex variable, chained conditions);
- ``limit``: ``request_count`` requests per ``timeframe`` seconds, counted per ``counter_key`` (IP, country, ...);
- ``response``: the ``action`` taken past the limit, for ``block_time`` seconds.

The walkers of ``shield_rules.py`` read each group's rows: option -> body (:func:`desired_configuration`), body ->
filled body (:func:`filled_configuration`), body -> readable (:func:`shape_configuration`; ``compare`` for the form
compared and diffed). Numbers keep a ``*_name`` twin. A name must be one of the document's (bad input fails naming the
option path); a number is sent as given, as the platform may know more than the document lists (docs/platform-notes.md,
"Rate limit rules"). Pure functions: no Ansible, no HTTP.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from .shield_enums import RATE_LIMIT_TIMEFRAME_VARNAMES, RATE_LIMIT_TIMEFRAMES, named
from .shield_rules import (
    CHAINED,
    NEGATED,
    OPERATOR,
    REGEX_VARIABLE,
    SEVERITY,
    TRANSFORMATIONS,
    VALUE,
    VARIABLES,
    Enum,
    Field,
    condition_body,
    filled_condition,
    keep_unnamed,
    root_option,
    shape_condition,
    shape_error_response,
    shape_rule_fields,
)

# The Shield document's enums (x-enum-varnames): RatelimitRuleActionType, WafRatelimitCounterKeyType,
# WafRateLimitTimeframeType (seconds), WafRatelimitBlockType (seconds); the collection names them in lower case, and
# the times as API Guardian's timeframes are named (1m); earlier releases took the platform's names.
RATE_LIMIT_ACTION_VARNAMES = {1: "RateLimit", 2: "Log", 3: "Challenge"}
RATE_LIMIT_ACTIONS = named(RATE_LIMIT_ACTION_VARNAMES)
COUNTER_KEY_VARNAMES = {
    0: "IP",
    1: "Host",
    2: "Country",
    3: "City",
    4: "ASN",
    5: "Organization",
    6: "JA4",
    7: "IP_JA4",
}
COUNTER_KEYS = named(COUNTER_KEY_VARNAMES)
TIMEFRAME_VARNAMES = RATE_LIMIT_TIMEFRAME_VARNAMES
TIMEFRAMES = RATE_LIMIT_TIMEFRAMES
BLOCK_TIME_VARNAMES = {
    30: "ForThirtySeconds",
    60: "ForOneMinute",
    300: "ForFiveMinutes",
    900: "ForFifteenMinutes",
    1800: "ForThirtyMinutes",
    3600: "ForOneHour",
}
BLOCK_TIMES = {30: "30s", 60: "1m", 300: "5m", 900: "15m", 1800: "30m", 3600: "1h"}
# What a rule the platform's Terraform provider writes without them holds: it defaults the action to RateLimit and the
# counter key to IP (internal/provider/resource_pullzone_ratelimit_rule.go); IP is also the enum's 0, the C# default.
DEFAULT_ACTION = 1
DEFAULT_COUNTER_KEY = 0
INT32_MAX = 2147483647


class Count(Field):
    """A whole number of requests (the document's int32: its range, 0 to :data:`INT32_MAX`, is the module's bounds,
    checked before the core runs); required."""

    def body(self, spec, where):
        value, path = spec.get(self.option), "%s.%s" % (where, self.option)
        if value is None:
            raise InputError("%s is required: how many requests the limit allows." % path, option=root_option(where))
        return value

    def filled(self, value):
        return value if isinstance(value, int) and not isinstance(value, bool) else 0


CONDITION = (VARIABLES, OPERATOR, SEVERITY, TRANSFORMATIONS, VALUE, NEGATED, REGEX_VARIABLE, CHAINED)
LIMIT = (
    Count("request_count", "requestCount"),
    Enum("timeframe", "timeframe", TIMEFRAMES, "a timeframe", chained=False, required=True),
    Enum("counter_key", "counterKeyType", COUNTER_KEYS, "a counter key", chained=False, default=DEFAULT_COUNTER_KEY),
)
RESPONSE = (
    Enum("action", "actionType", RATE_LIMIT_ACTIONS, "an action", chained=False, default=DEFAULT_ACTION),
    Enum("block_time", "blockTime", BLOCK_TIMES, "a block time", chained=False, required=True),
)
# option -> (its rows, what the option holds, for the message of a missing option)
GROUPS = (
    ("condition", CONDITION, "the variables, operator and value a request must match"),
    ("limit", LIMIT, "request_count and timeframe"),
    ("response", RESPONSE, "block_time, and the action"),
)
OPTIONS = tuple(option for option, _rows, _what in GROUPS)


def desired_configuration(params):
    """The ``ruleConfiguration`` to send (``CreateWafRateLimitRuleModel``, every member filled) from the options
    ``condition``, ``limit`` and ``response`` of ``params``."""
    configuration = {}
    for option, rows, what in GROUPS:
        spec = params.get(option)
        if spec is None:
            raise InputError(
                "%s is required with state=present: %s (the %s of rate_limit_rule_info can be given as it is)."
                % (option, what, option),
                option=option,
            )
        configuration.update(condition_body(rows, spec, option))
    return configuration


def kept_unnamed(configuration, current, params):
    """``configuration`` (to write) with each defaulted enum (severity, counter key, action) that ``params`` do not
    give kept as the ``current`` rule holds it when it is a number this collection cannot name."""
    held = (current or {}).get("ruleConfiguration")
    for option, rows, _what in GROUPS:
        keep_unnamed(rows, configuration, held, params.get(option))
    return configuration


def filled_configuration(configuration):
    """A ``ruleConfiguration`` the platform sent, with what it leaves null filled as a write fills it (so a null
    sub-value, severity, counter key or flag never counts as a change); unknown numbers are kept as sent."""
    filled = {}
    for _option, rows, _what in GROUPS:
        filled.update(filled_condition(rows, configuration))
    return filled


def shape_configuration(configuration, compare=False, unknown=None):
    """body -> readable: ``{condition, limit, response}``; ``compare`` gives the form compared and diffed; ``unknown``
    hears a warning per number without a name."""
    return {
        option: shape_condition(rows, configuration, compare=compare, unknown=unknown) for option, rows, _what in GROUPS
    }


def rule_view(name, description, configuration):
    """The compared and diffed form of one rule: name, description and the readable groups."""
    view = {"rule_name": name, "rule_description": "" if description is None else str(description)}
    view.update(shape_configuration(filled_configuration(configuration), compare=True))
    return view


def rule_state(rule):
    """:func:`rule_view` of a ``RateLimitRule`` or a write's body; ``{}`` for no rule."""
    if rule is None:
        return {}
    return rule_view(rule.get("ruleName"), rule.get("ruleDescription"), rule.get("ruleConfiguration"))


def shape_rule(rule, warn):
    """One ``rate_limit_rules`` entry from a ``RateLimitRule``; ``warn(text)`` hears about a broken ``ruleJson`` and
    each number without a name (kept as the number)."""
    shaped = shape_rule_fields(rule, "rate limit rule", warn)
    unknown = []
    shaped.update(shape_configuration(rule.get("ruleConfiguration"), unknown=unknown))
    for warning in unknown:
        warn(warning)
    shaped["error_response"] = shape_error_response(rule.get("errorResponse"))
    return shaped
