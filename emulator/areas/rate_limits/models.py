"""Rate limit rules state: the rules of each shield zone, read from the fixture, and their models (no HTTP).

Fixture: ``rate_limit_rules`` entries, each in a zone of ``shield_zones``:

- ``id``, ``shield_zone_id`` (required), ``rule_name``, ``rule_description``, ``user_id``;
- ``rule_configuration``: the ``CreateWafRateLimitRuleModel`` in the platform's camelCase, every member optional:
  ``actionType`` (1 RateLimit, 2 Log, 3 Challenge; default 1), ``variableTypes`` (variable name, or the numeric
  string the platform sometimes sends, to sub-value), ``operatorType``, ``severityType``, ``transformationTypes``,
  ``value``, ``isNegated``, ``isRegexVariable``, ``chainedRuleConditions``, ``requestCount`` (default 10),
  ``counterKeyType`` (0 IP ... 7 IP_JA4; default 0), ``timeframe`` (seconds; default 60), ``blockTime`` (seconds;
  default 300). Served exactly as stored.

A ``shield_zones`` entry may set ``rate_limit_writes`` (``accepted`` or ``accepted_applied``): see responses.py.
The zones themselves, their plans and the plan's limit of rules belong to the shield area, reached through
``platform.areas["shield"]`` when a request comes (zones it creates count too).
"""

import json

from ...fixtures import FixtureError, records
from ...shield_bodies import WAF_VARIABLES as VARIABLES

DEFAULT_USER_ID = "5f0b8c1e-2d47-4a6b-9e3c-7d1a2b4c6e80"
NUMERIC_KEYS = tuple(str(n) for n in range(len(VARIABLES)))
WRITE_MODES = (None, "accepted", "accepted_applied")
FIRST_ID = 6000  # new rules get ids above every fixture id and above this
# member -> default of a fixture rule's configuration
DEFAULTS = {
    "actionType": 1,
    "operatorType": 0,
    "severityType": 0,
    "value": "",
    "isNegated": False,
    "isRegexVariable": False,
    "requestCount": 10,
    "counterKeyType": 0,
    "timeframe": 60,
    "blockTime": 300,
}


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _variable_types(value, where):
    if value is None:
        return None
    variables = {}
    for key, sub in value.items():
        key = str(key)  # YAML reads an unquoted 0 as an int
        if key not in VARIABLES and key not in NUMERIC_KEYS:
            raise FixtureError("%s has unknown variable %r" % (where, key))
        variables[key] = "" if sub is None else str(sub)
    return variables


def _condition(spec, where, main):
    """A ``CreateWafRateLimitRuleModel`` (main) or ``WafChainedRuleConditionItem``, every member filled (the fixture
    format has checked the types)."""
    spec = spec or {}
    condition = {"variableTypes": _variable_types(spec.get("variableTypes"), where + ".variableTypes")}
    for member in ("operatorType", "value", "isNegated", "isRegexVariable"):
        condition[member] = spec.get(member, DEFAULTS[member])
    if main:
        for member in ("actionType", "severityType", "requestCount", "counterKeyType", "timeframe", "blockTime"):
            condition[member] = spec.get(member, DEFAULTS[member])
        condition["transformationTypes"] = list(spec.get("transformationTypes") or [])
        condition["chainedRuleConditions"] = [
            _condition(item, "%s.chainedRuleConditions[%d]" % (where, index), main=False)
            for index, item in enumerate(spec.get("chainedRuleConditions") or [])
        ]
    return condition


class RateLimitRule(object):
    def __init__(self, spec, where):
        self.id = spec["id"]
        self.shield_zone_id = spec["shield_zone_id"]
        self.user_id = str(spec.get("user_id") or DEFAULT_USER_ID)
        self.name = spec.get("rule_name")
        self.description = spec.get("rule_description") or ""
        self.configuration = _condition(spec.get("rule_configuration"), where + ".rule_configuration", main=True)

    def model(self):
        """``RateLimitRule``: every member, ``ruleJson`` being the configuration as JSON text."""
        return {
            "id": self.id,
            "shieldZoneId": self.shield_zone_id,
            "userId": self.user_id,
            "ruleName": self.name,
            "ruleDescription": self.description,
            "ruleJson": json.dumps(self.configuration, separators=(",", ":")),
            "ruleConfiguration": self.configuration,
            "errorResponse": {"statusCode": 200, "success": True, "message": None, "errorKey": None},
        }

    def update(self, members):
        """Take the members an update request gave (``ruleName``, ``ruleDescription``, ``ruleConfiguration``)."""
        self.name = members.get("ruleName", self.name)
        self.description = members.get("ruleDescription", self.description)
        self.configuration = members.get("ruleConfiguration", self.configuration)


class RateLimitsState(object):
    """The rules by id, and the write modes of the fixture's shield zones."""

    def __init__(self, fixture, platform):
        self.platform = platform
        zone_ids = set()
        self.write_modes, self.thin_listings = {}, set()
        for index, zone in enumerate(records(fixture, "shield_zones")):
            zone_ids.add(int(zone["id"]))
            self.write_modes[int(zone["id"])] = zone.get("rate_limit_writes")
            listing = zone.get("rate_limit_listing")
            if listing not in (None, "full", "thin"):
                raise FixtureError(
                    "shield_zones[%d].rate_limit_listing must be full or thin; got %r" % (index, listing)
                )
            if listing == "thin":
                self.thin_listings.add(int(zone["id"]))
        self.rules = {}
        for index, spec in enumerate(records(fixture, "rate_limit_rules", required=("id", "shield_zone_id"))):
            where = "rate_limit_rules[%d]" % index
            rule = RateLimitRule(spec, where)
            if rule.shield_zone_id not in zone_ids:
                raise FixtureError("%s.shield_zone_id %d is not a zone in shield_zones" % (where, rule.shield_zone_id))
            if rule.id in self.rules:
                raise FixtureError("%s.id %d is used twice" % (where, rule.id))
            self.rules[rule.id] = rule

    def zone(self, zone_id):
        """The shield area's zone ``zone_id`` (it has ``plan``), or None."""
        shield = self.platform.areas.get("shield")
        return shield.zones.get(zone_id) if shield is not None else None

    def listed(self, zone_id):
        """The rules of ``zone_id``, by id."""
        return sorted((r for r in self.rules.values() if r.shield_zone_id == zone_id), key=lambda r: r.id)

    def add(self, zone_id, name, description, configuration):
        """A new rule in ``zone_id``, with an id above every fixture id and every rule so far."""
        rule = RateLimitRule({"id": max(list(self.rules) + [FIRST_ID]) + 1, "shield_zone_id": zone_id}, "request")
        rule.name, rule.description, rule.configuration = name, description, configuration
        self.rules[rule.id] = rule
        return rule

    def remove(self, rule):
        del self.rules[rule.id]

    def dump(self):
        return {
            "rate_limit_rules": [
                {"id": r.id, "shield_zone_id": r.shield_zone_id, "rule_name": r.name}
                for r in sorted(self.rules.values(), key=lambda r: r.id)
            ]
        }
