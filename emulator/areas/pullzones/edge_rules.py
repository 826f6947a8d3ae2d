"""A pull zone's edge rules: read from the fixture and from request bodies, and shown as the core document's
``EdgeRuleV2Model`` (docs/platform-notes.md, "Pull zones in the emulator: every setting, edge rules, optimizer classes").

- A rule is stored as its model: ``Guid``, ``ActionType`` and ``ActionParameter1..3`` (the first action),
  ``ExtraActions`` (the others, in order), ``Triggers`` (``Type``, ``PatternMatches``, ``PatternMatchingType``,
  ``Parameter1``), ``TriggerMatchingType``, ``Description``, ``Enabled``, ``OrderIndex``, ``ReadOnly``.
- Enums are numbers; a request may name them (``"ForceSSL"``, any case), as the platform accepts, and is held to the
  numbers the document names; a fixture may hold any number from 0 (the platform adds actions), kept untouched.
- A body replaces the whole rule: a member left out takes the binder's default (0, false, null, an empty list);
  null for a number or a boolean is refused; unknown members (the ``Parameter2`` the provider sends) are ignored.
- At most 5 triggers per rule, with the platform's message; an update (a ``Guid`` given) needs each trigger's ``Type``
  and ``PatternMatchingType``.

Fixture: ``pull_zones[].edge_rules: [{guid, action_type, action_parameter1..3, extra_actions: [{action_type,
action_parameter1..3}], triggers: [{type, pattern_matches, pattern_matching_type, parameter1}], trigger_matching_type,
description, enabled, order_index, read_only}]``; a rule without ``guid`` gets one made from the zone's id and its place
(:func:`rule_guid`, as rules made later get theirs).
The routes are edge_rule_routes.py.
"""

import uuid

from ...fixtures import FixtureError
from .problems import BodyProblem

ACTIONS = dict(
    enumerate(
        (
            "ForceSSL Redirect OriginUrl OverrideCacheTime BlockRequest SetResponseHeader SetRequestHeader ForceDownload "
            "DisableTokenAuthentication EnableTokenAuthentication OverrideCacheTimePublic IgnoreQueryString "
            "DisableOptimizer ForceCompression SetStatusCode BypassPermaCache OverrideBrowserCacheTime OriginStorage "
            "SetNetworkRateLimit SetConnectionLimit SetRequestsPerSecondLimit RunEdgeScript OriginMagicContainers "
            "DisableWAF RetryOrigin OverrideBrowserCacheResponseHeader RemoveBrowserCacheResponseHeader "
            "DisableShieldChallenge DisableShield DisableShieldBotDetection BypassAwsS3Authentication "
            "DisableShieldAccessLists DisableShieldRateLimiting EnableRequestCoalescing DisableRequestCoalescing"
        ).split()
    )
)
ACTIONS[37] = "StripCookiesClientToOrigin"  # 35 and 36 are not in the document
TRIGGERS = dict(
    enumerate(
        (
            "Url RequestHeader ResponseHeader UrlExtension CountryCode RemoteIP UrlQueryString RandomChance StatusCode "
            "RequestMethod CookieValue CountryStateCode OriginRetryAttemptCount OriginConnectionError"
        ).split()
    )
)
MATCHING = dict(enumerate(("MatchAny", "MatchAll", "MatchNone")))
MAX_TRIGGERS = 5
PARAMETERS = ("ActionParameter1", "ActionParameter2", "ActionParameter3")
INT32 = (-(2**31), 2**31 - 1)


def _refuse(field, message, key="validation.invalid_type"):
    raise BodyProblem(key, field, message)


def _fields(value, where):
    if not isinstance(value, dict):
        _refuse(where, "The field %s must be an object." % where)
    return {str(key).lower(): item for key, item in value.items()}


def _enum(names, fields, name, where, fixture=False, required=False):
    """The number of enum member ``name`` (absent: 0, or refused when ``required``)."""
    field = "%s.%s" % (where, name) if where else name
    if name.lower() not in fields:
        if required:
            _refuse(field, "The %s field is required." % field, "validation.required")
        return 0
    value = fields[name.lower()]
    if isinstance(value, int) and not isinstance(value, bool) and (value in names or (fixture and value >= 0)):
        return value
    if isinstance(value, str):
        for number, known in names.items():
            if known.lower() == value.strip().lower():
                return number
    shown = ", ".join("%d %s" % item for item in sorted(names.items()))
    return _refuse(field, "The field %s must be one of %s." % (field, shown))


def _text(fields, name, where):
    value = fields.get(name.lower())
    if value is not None and not isinstance(value, str):
        _refuse("%s.%s" % (where, name) if where else name, "The field %s must be a string." % name)
    return value


def _value(fields, name, kind, default, where):
    """A boolean or an int32 member: absent takes ``default``; null and other types are refused."""
    if name.lower() not in fields:
        return default
    value = fields[name.lower()]
    ok = isinstance(value, bool) if kind is bool else isinstance(value, int) and not isinstance(value, bool)
    if ok and (kind is bool or INT32[0] <= value <= INT32[1]):
        return value
    field = "%s.%s" % (where, name) if where else name
    return _refuse(field, "The field %s must be %s." % (field, "a boolean" if kind is bool else "a 32-bit integer"))


def _list(fields, name, where):
    value = fields.get(name.lower())
    if value is None:
        return []
    if not isinstance(value, list):
        _refuse("%s.%s" % (where, name) if where else name, "The field %s must be a list." % name)
    return value


def _action(fields, where, fixture):
    action = {"ActionType": _enum(ACTIONS, fields, "ActionType", where, fixture)}
    action.update((name, _text(fields, name, where)) for name in PARAMETERS)
    return action


def _trigger(fields, where, fixture, update):
    patterns = _list(fields, "PatternMatches", where)
    if not all(isinstance(pattern, str) for pattern in patterns):
        _refuse(where + ".PatternMatches", "The field PatternMatches must be a list of strings.")
    return {
        "Type": _enum(TRIGGERS, fields, "Type", where, fixture, required=update),
        "PatternMatches": list(patterns),
        "PatternMatchingType": _enum(MATCHING, fields, "PatternMatchingType", where, fixture, required=update),
        "Parameter1": _text(fields, "Parameter1", where),
    }


def rule_from(body, fixture=False, update=False):
    """The stored rule of ``body`` (an ``EdgeRuleV2Model``, keys without case) without its ``Guid``; raises
    BodyProblem. ``update``: the body names an existing rule (the required members of an update)."""
    fields = _fields(body, "edgeRuleModel")
    triggers = _list(fields, "Triggers", "")
    if len(triggers) > MAX_TRIGGERS:
        _refuse("Triggers", "Maximum %d condition are allowed per rule" % MAX_TRIGGERS, "edgerule.validation")
    rule = _action(fields, "", fixture)
    extra = _list(fields, "ExtraActions", "")
    rule["ExtraActions"] = [
        _action(_fields(item, "ExtraActions[%d]" % n), "ExtraActions[%d]" % n, fixture) for n, item in enumerate(extra)
    ]
    rule["Triggers"] = [
        _trigger(_fields(item, "Triggers[%d]" % n), "Triggers[%d]" % n, fixture, update)
        for n, item in enumerate(triggers)
    ]
    rule["TriggerMatchingType"] = _enum(MATCHING, fields, "TriggerMatchingType", "", fixture)
    rule["Description"] = _text(fields, "Description", "")
    rule["Enabled"] = _value(fields, "Enabled", bool, False, "")
    rule["OrderIndex"] = _value(fields, "OrderIndex", int, 0, "")
    return rule


def rule_guid(zone_id, number):
    """The guid of the ``number``-th rule made on zone ``zone_id`` (counting the fixture's): a UUID, as the platform's,
    and the same on a rerun against the same fixture, so that two runs can be compared."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "edgerule:%d:%d" % (zone_id, number)))


def rule_model(rule):
    """The ``EdgeRuleV2Model`` of a stored rule (a copy: nothing shared with the state)."""
    model = dict(rule)
    model["ExtraActions"] = [dict(action) for action in rule["ExtraActions"]]
    model["Triggers"] = [dict(trigger, PatternMatches=list(trigger["PatternMatches"])) for trigger in rule["Triggers"]]
    return model


def _fixture_body(entry):
    """A fixture rule (snake_case keys) as a request body would name its members."""
    renamed = {}
    for key, value in entry.items():
        name = key.replace("_", "")
        if key in ("extra_actions", "triggers"):
            value = [_fixture_body(item) if isinstance(item, dict) else item for item in value or []]
        renamed[name] = value
    return renamed


def fixture_rules(zone_id, entries, where):
    """The stored rules of a fixture zone's ``edge_rules`` (enums may hold any number from 0)."""
    rules = []
    for index, entry in enumerate(entries or []):
        body = _fixture_body(entry)
        try:
            rule = rule_from({k: v for k, v in body.items() if k not in ("guid", "readonly")}, fixture=True)
        except BodyProblem as problem:
            raise FixtureError("%s[%d]: %s" % (where, index, problem.message)) from problem
        guid = entry.get("guid") or rule_guid(zone_id, index)
        rules.append(dict({"Guid": str(guid)}, **rule, ReadOnly=bool(entry.get("read_only"))))
    return rules
