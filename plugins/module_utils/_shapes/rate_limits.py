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

The walkers of ``shield_rules.py`` read each group's rows (:data:`SHAPE`, a ``shield_rules.RuleShape``): option -> body
(``desired_configuration``), body -> filled body (``filled_configuration``), body -> readable (``shape_configuration``;
``compare`` for the form compared and diffed). Numbers keep a ``*_name`` twin. A name must be one of the document's (bad
input fails naming the option path); a number is sent as given, as the platform may know more than the document lists
(docs/platform-notes.md, "Rate limit rules"). Pure functions: no Ansible, no HTTP.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from . import fields as kit
from .shield_enums import RATE_LIMIT_TIMEFRAME_VARNAMES, RATE_LIMIT_TIMEFRAMES, named
from .shield_rules import CONDITION_ROWS, Enum, Row, RuleShape, root_option

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


class Count(Row, kit.Int):
    """A whole number of requests (the document's int32: its range, 0 to ``bounds.INT32_MAX``, is the module's bounds,
    checked before the core runs); required."""

    def sent(self, spec, where):
        value, path = spec.get(self.option), "%s.%s" % (where, self.option)
        if value is None:
            raise InputError("%s is required: how many requests the limit allows." % path, option=root_option(where))
        return value

    def filled(self, value):
        return value if isinstance(value, int) and not isinstance(value, bool) else 0


CONDITION = CONDITION_ROWS
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


SHAPE = RuleShape("rate limit rule", GROUPS, "rate_limit_rule_info")
desired_configuration, kept_unnamed, rule_state, shape_rule = (
    SHAPE.desired_configuration,
    SHAPE.kept_unnamed,
    SHAPE.rule_state,
    SHAPE.shape_rule,
)
