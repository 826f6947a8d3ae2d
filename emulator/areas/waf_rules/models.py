"""Custom WAF rules state: the rules of each shield zone, read from the fixture, and their models.

Fixture: ``waf_rules`` entries (``id``, ``shield_zone_id``, ``rule_name``, ``rule_description``,
``user_id``, ``rule_configuration``), each in a zone of ``shield_zones``; a zone may set ``waf_rule_writes``
(see responses.py).

Fixtures may store ``variableTypes`` keys as names or as the numeric strings the platform sometimes
sends ("0" = REQUEST_URI ... "26" = VERIFIED_BOT_CATEGORY); they are served exactly as stored.

Two fixture keys per rule reproduce what clients must tell apart (docs/platform-notes.md, "Custom WAF rules:
reading a rule, errorResponse"):
- ``error_response``: the ``errorResponse`` served with the rule: ``default`` for what ASP.NET writes for a
  ``GenericRequestResponse`` nobody filled in (``statusCode`` 0, ``success`` false, no message, no key:
  a bool and an enum at their defaults; 0 is outside the document's ``HttpStatusCode`` enum, which is
  why such answers are left out of the conformance tests), or a mapping of its members (``statusCode``, ``success``,
  ``message``, ``errorKey``) to report a failure; absent: a plain success.
- ``served_without_data: true``: ``GET custom-rule/{id}`` answers 200 with an empty ``CustomWafRule``
  (ids 0, null members) carrying that ``errorResponse``; listings still show the rule.
- ``deleted: true``: the rule was deleted in the dashboard. A real user saw ``GET custom-rule/{id}``
  answer HTTP 202 rather than 404 for such a rule (BunnyWay/terraform-provider-bunnynet issue #93); its
  body was not published, so the emulator sends the ASP.NET ``AcceptedResult`` the document gives other
  202 answers of this API. Listings leave the rule out.

No HTTP here: responses.py serves the routes over this state.
"""

import json

from ...fixtures import FixtureError, records
from ...shield_bodies import WAF_VARIABLES as VARIABLES

DEFAULT_USER_ID = "5f0b8c1e-2d47-4a6b-9e3c-7d1a2b4c6e80"
NUMERIC_KEYS = tuple(str(n) for n in range(len(VARIABLES)))
WRITE_MODES = (None, "accepted", "accepted_applied")


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value, where):
    if not _is_int(value):
        raise FixtureError("%s must be an integer; got %r" % (where, value))
    return value


def _variable_types(value, where):
    if value is None:
        return None
    if not isinstance(value, dict):
        raise FixtureError("%s must be a mapping of variable name (or number 0..26) to sub-value" % where)
    variables = {}
    for key, sub in value.items():
        key = str(key)  # YAML reads an unquoted 0 as an int
        if key not in VARIABLES and key not in NUMERIC_KEYS:
            raise FixtureError("%s has unknown variable %r" % (where, key))
        variables[key] = "" if sub is None else str(sub)
    return variables


SUCCESS_RESPONSE = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
# GenericRequestResponse with C# defaults: HttpStatusCode 0 (not a member of the enum), bool false, nulls.
DEFAULT_RESPONSE = {"statusCode": 0, "success": False, "message": None, "errorKey": None}


def _error_response(value, where):
    if value is None:
        return dict(SUCCESS_RESPONSE)
    if value == "default":
        return dict(DEFAULT_RESPONSE)
    if not isinstance(value, dict) or set(value) - set(DEFAULT_RESPONSE):
        raise FixtureError("%s must be 'default' or a mapping of %s" % (where, ", ".join(DEFAULT_RESPONSE)))
    response = dict(DEFAULT_RESPONSE, **value)
    if not _is_int(response["statusCode"]) or not isinstance(response["success"], bool):
        raise FixtureError("%s needs an integer statusCode and a boolean success" % where)
    for key in ("message", "errorKey"):
        if response[key] is not None and not isinstance(response[key], str):
            raise FixtureError("%s.%s must be a string or null" % (where, key))
    return response


def _bool(value, where):
    if value is not None and not isinstance(value, bool):
        raise FixtureError("%s must be true, false or null; got %r" % (where, value))
    return value


def _condition(spec, where, main):
    """A ``CreateCustomWafRuleModel`` (main) or ``WafChainedRuleConditionItem``, every member filled."""
    if not isinstance(spec, dict):
        raise FixtureError("%s must be a mapping" % where)
    condition = {}
    if main:
        condition["actionType"] = _int(spec.get("actionType", 1), where + ".actionType")
    condition["variableTypes"] = _variable_types(spec.get("variableTypes"), where + ".variableTypes")
    condition["operatorType"] = _int(spec.get("operatorType", 0), where + ".operatorType")
    if main:
        condition["severityType"] = _int(spec.get("severityType", 0), where + ".severityType")
        transformations = spec.get("transformationTypes") or []
        if not isinstance(transformations, list):
            raise FixtureError("%s.transformationTypes must be a list" % where)
        condition["transformationTypes"] = [_int(t, where + ".transformationTypes[]") for t in transformations]
    value = spec.get("value", "")
    condition["value"] = None if value is None else str(value)
    condition["isNegated"] = _bool(spec.get("isNegated", False), where + ".isNegated")
    condition["isRegexVariable"] = _bool(spec.get("isRegexVariable", False), where + ".isRegexVariable")
    if main:
        chained = spec.get("chainedRuleConditions") or []
        if not isinstance(chained, list):
            raise FixtureError("%s.chainedRuleConditions must be a list" % where)
        condition["chainedRuleConditions"] = [
            _condition(item, "%s.chainedRuleConditions[%d]" % (where, index), main=False)
            for index, item in enumerate(chained)
        ]
    return condition


class WafRule(object):
    def __init__(self, spec, where):
        self.id = _int(spec["id"], where + ".id")
        self.shield_zone_id = _int(spec["shield_zone_id"], where + ".shield_zone_id")
        self.user_id = str(spec.get("user_id") or DEFAULT_USER_ID)
        self.name = spec.get("rule_name")
        self.description = spec.get("rule_description", "")
        self.configuration = _condition(spec.get("rule_configuration") or {}, where + ".rule_configuration", main=True)
        self.error_response = _error_response(spec.get("error_response"), where + ".error_response")
        self.without_data = _bool(spec.get("served_without_data", False), where + ".served_without_data")
        self.deleted = _bool(spec.get("deleted", False), where + ".deleted")

    def empty_model(self):
        """What GET answers for a ``served_without_data`` rule: an unfilled ``CustomWafRule``."""
        return {
            "id": 0,
            "shieldZoneId": 0,
            "userId": None,
            "ruleName": None,
            "ruleDescription": None,
            "ruleJson": None,
            "ruleConfiguration": None,
            "errorResponse": dict(self.error_response),
        }

    def model(self):
        """``CustomWafRule``: every member, ``ruleJson`` being the configuration as JSON text."""
        return {
            "id": self.id,
            "shieldZoneId": self.shield_zone_id,
            "userId": self.user_id,
            "ruleName": self.name,
            "ruleDescription": self.description,
            "ruleJson": json.dumps(self.configuration, separators=(",", ":")),
            "ruleConfiguration": self.configuration,
            "errorResponse": dict(self.error_response),
        }

    def update(self, members):
        """Take the members an update request gave (``ruleName``, ``ruleDescription``, ``ruleConfiguration``)."""
        self.name = members.get("ruleName", self.name)
        self.description = members.get("ruleDescription", self.description)
        self.configuration = members.get("ruleConfiguration", self.configuration)


class WafRulesState(object):
    """The fixture's shield zone ids with their write modes, and the rules by id."""

    def __init__(self, fixture, platform):
        self.platform = platform
        self.zone_ids = set()
        self.write_modes = {}
        for index, zone in enumerate(records(fixture, "shield_zones")):
            self.zone_ids.add(int(zone["id"]))
            mode = zone.get("waf_rule_writes")
            if mode not in WRITE_MODES:
                raise FixtureError(
                    "shield_zones[%d].waf_rule_writes must be accepted or accepted_applied; got %r" % (index, mode)
                )
            self.write_modes[int(zone["id"])] = mode
        self.rules = {}
        for index, spec in enumerate(records(fixture, "waf_rules", required=("id", "shield_zone_id"))):
            where = "waf_rules[%d]" % index
            rule = WafRule(spec, where)
            if rule.shield_zone_id not in self.zone_ids:
                raise FixtureError("%s.shield_zone_id %d is not a zone in shield_zones" % (where, rule.shield_zone_id))
            if rule.id in self.rules:
                raise FixtureError("%s.id %d is used twice" % (where, rule.id))
            self.rules[rule.id] = rule

    def shield_zone_created(self, zone_id, plan):
        """A shield zone the shield area created (``POST /shield/shield-zone``): rules can be written to it."""
        self.zone_ids.add(zone_id)
        self.write_modes.setdefault(zone_id, None)

    def listed(self, zone_id):
        """The rules a listing of ``zone_id`` shows (deleted ones left out), by id."""
        return sorted(
            (r for r in self.rules.values() if r.shield_zone_id == zone_id and not r.deleted), key=lambda r: r.id
        )

    def add(self, zone_id, name, description, configuration):
        """A new rule in ``zone_id``, with an id above every fixture id and every rule so far."""
        rule = WafRule({"id": max(list(self.rules) + [4999]) + 1, "shield_zone_id": zone_id}, "request")
        rule.name, rule.description = name, description
        rule.configuration = configuration
        self.rules[rule.id] = rule
        return rule

    def remove(self, rule):
        del self.rules[rule.id]

    def dump(self):
        return {
            "waf_rules": [
                {"id": r.id, "shield_zone_id": r.shield_zone_id, "rule_name": r.name}
                for r in sorted(self.rules.values(), key=lambda r: r.id)
            ]
        }
