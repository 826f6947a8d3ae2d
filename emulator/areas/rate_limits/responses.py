"""Rate limit rules of shield zones (shield API: camelCase JSON, negotiated: messages.py), as the Shield document gives
them (docs/platform-notes.md, "Rate limit rules"):

- ``GET /shield/rate-limits/{shieldZoneId}?page=&perPage=``: ``{data, page, error}`` (``GetCustomWafRulesResponse``)
  with ``page = {totalCount, totalPages, currentPage, nextPage, pageSize}``; ``page`` defaults to 1 and ``perPage``
  to 10, ``perPage`` 1..1000 and ``page`` from 1 (else a 400 naming the parameter, ``paging.py``). An unknown shield
  zone answers 200 with a failed envelope (``statusCode`` 404, ``shield_zone.not_found``), the error shape the
  document allows.
- ``GET /shield/rate-limit/{id}``: the rule at the top level with every member (``ruleJson`` the JSON text of its
  ``ruleConfiguration``). The document names ``CustomWafRule`` here, whose configuration lacks the limit members;
  the platform's Terraform provider reads ``requestCount``, ``timeframe``, ``blockTime`` and ``counterKeyType`` from
  this answer, so the emulator sends the ``RateLimitRule`` the writes answer. Unknown rule: 404 ``{"statusCode":
  404}`` (the document declares no 404; the provider expects one for a rule that is gone).
- ``POST /shield/rate-limit`` (``CreateWafRateLimitRequest``) and ``PATCH /shield/rate-limit/{id}``
  (``UpdateWafRateLimitRequest``; members left out are kept) answer 200 with the ``RateLimitRule``; ``DELETE``
  answers 200 with a ``GenericRequestResponse``; an unknown rule 404 ``{"statusCode": 404}``. Bodies are bound as
  ASP.NET binds them (400 ``ValidationProblemDetails`` naming the member): the enums ``actionType`` (1..3),
  ``counterKeyType`` (0..7), ``timeframe`` (1, 10, 60, 300, 900, 3600), ``blockTime`` (30, 60, 300, 900, 1800,
  3600) and the condition's enums as the document closes them; ``ruleName`` and ``ruleDescription`` required.
- Creating in an unknown shield zone answers 200 with an empty rule whose ``errorResponse`` reports 404
  (``shield_zone.not_found``). Creating past the zone's plan limit (``rateLimitRulesLimit`` of its
  ``ShieldZoneResponse``) answers 202 with a failed envelope (``rate_limit.limit_exceeded``, the emulator's key: the
  platform's is not published), as the platform answers past the custom access list limit; nothing is created.
- A shield zone entry may set ``rate_limit_listing: thin``: its listing leaves out ``requestCount``, ``timeframe``,
  ``blockTime`` and ``counterKeyType``, as the document's ``CustomWafRule`` (the listing's items) lacks them; ``GET
  /shield/rate-limit/{id}`` still answers the whole rule (docs/platform-notes.md, "Rate limit rules: a listing without
  the limit").
- A shield zone entry may set ``rate_limit_writes``: ``accepted`` answers every write 202 ``AcceptedResult`` and
  changes nothing; ``accepted_applied`` answers 202 and applies the write (docs/platform-notes.md, "Shield writes
  answered with HTTP 202").
- Missing or wrong AccessKey: 401 ``{"statusCode": 401}`` (router, ``status_code``).

The rules, their fixture keys and their models: models.py.
"""

import json

from ...messages import shield_json
from ...paging import BadQuery, query_int, shield_page
from ...shield_bodies import (
    ACCEPTED,
    WAF_ENUMS,
    BodyError,
    _bool,
    _condition,
    _convert_error,
    _enum,
    _is_int,
    _object,
    _string,
    _variables,
    problem,
)
from ..shield.models import RATE_LIMIT_RULES_LIMIT
from .models import RateLimitsState

# members of a RateLimitRule's configuration that the document's CustomWafRule (the listing's items) lacks
THIN_LEFT_OUT = ("requestCount", "timeframe", "blockTime", "counterKeyType")
DEFAULT_PER_PAGE = 10
MAX_PER_PAGE = 1000
INT32_MAX = 2147483647
SUCCESS = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
# enum name -> allowed numbers, from the shield document's schemas
RATE_LIMIT_ENUMS = {
    "RatelimitRuleActionType": (1, 2, 3),
    "WafRatelimitCounterKeyType": tuple(range(8)),
    "WafRateLimitTimeframeType": (1, 10, 60, 300, 900, 3600),
    "WafRatelimitBlockType": (30, 60, 300, 900, 1800, 3600),
}
LIMIT_MEMBERS = (
    ("actionType", "RatelimitRuleActionType", 0),
    ("counterKeyType", "WafRatelimitCounterKeyType", 0),
    ("timeframe", "WafRateLimitTimeframeType", 0),
    ("blockTime", "WafRatelimitBlockType", 0),
)
CONDITION_MEMBERS = ("variableTypes", "operatorType", "value", "isNegated", "isRegexVariable")
MAIN_MEMBERS = CONDITION_MEMBERS + (
    "actionType",
    "severityType",
    "transformationTypes",
    "requestCount",
    "counterKeyType",
    "timeframe",
    "blockTime",
    "chainedRuleConditions",
)


def not_found_envelope(zone_id):
    return {
        "statusCode": 404,
        "success": False,
        "message": "Shield zone %d was not found." % zone_id,
        "errorKey": "shield_zone.not_found",
    }


def _configuration(value, path):
    """The bound ``CreateWafRateLimitRuleModel``; value-type members left out bind to their C# default (0)."""
    _object(value, path, "CreateWafRateLimitRuleModel", MAIN_MEMBERS)
    bound = {"variableTypes": _variables(value.get("variableTypes"), path + ".variableTypes")}
    bound["operatorType"] = _enum(
        value.get("operatorType", 0), path + ".operatorType", "WafRuleOperatorType", WAF_ENUMS["WafRuleOperatorType"]
    )
    bound["severityType"] = _enum(
        value.get("severityType", 0), path + ".severityType", "WafRuleSeverityType", WAF_ENUMS["WafRuleSeverityType"]
    )
    transformations = value.get("transformationTypes")
    if transformations is not None and not isinstance(transformations, list):
        raise _convert_error(path + ".transformationTypes", "WafRuleTransformationType[]")
    bound["transformationTypes"] = [
        _enum(
            t,
            "%s.transformationTypes[%d]" % (path, i),
            "WafRuleTransformationType",
            WAF_ENUMS["WafRuleTransformationType"],
        )
        for i, t in enumerate(transformations or [])
    ]
    bound["value"] = _string(value.get("value"), path + ".value")
    bound["isNegated"] = _bool(value.get("isNegated"), path + ".isNegated")
    bound["isRegexVariable"] = _bool(value.get("isRegexVariable"), path + ".isRegexVariable")
    count = value.get("requestCount", 0)
    if not _is_int(count) or not -INT32_MAX - 1 <= count <= INT32_MAX:
        raise _convert_error(path + ".requestCount", "System.Int32")
    bound["requestCount"] = count
    for member, type_name, default in LIMIT_MEMBERS:
        bound[member] = _enum(
            value.get(member, default), "%s.%s" % (path, member), type_name, RATE_LIMIT_ENUMS[type_name]
        )
    chained = value.get("chainedRuleConditions")
    if chained is not None and not isinstance(chained, list):
        raise _convert_error(path + ".chainedRuleConditions", "WafChainedRuleConditionItem[]")
    bound["chainedRuleConditions"] = [
        _condition(item, "%s.chainedRuleConditions[%d]" % (path, i), main=False) for i, item in enumerate(chained or [])
    ]
    return bound


def rate_limit_body(body, create):
    """The bound ``CreateWafRateLimitRequest`` (``create``) or ``UpdateWafRateLimitRequest``: ``{member: value}`` with
    only the members the body carried (an update keeps the others)."""
    members = ("ruleName", "ruleDescription", "ruleConfiguration") + (("shieldZoneId",) if create else ())
    _object(body, "$", "CreateWafRateLimitRequest" if create else "UpdateWafRateLimitRequest", members)
    bound = {}
    if create:
        if not _is_int(body.get("shieldZoneId")):
            raise _convert_error("$.shieldZoneId", "System.Int32")
        bound["shieldZoneId"] = body["shieldZoneId"]
    for key, name in (("ruleName", "RuleName"), ("ruleDescription", "RuleDescription")):
        if create or key in body:
            bound[key] = _string(body.get(key), "$." + key, required_name=name)
    if create and body.get("ruleConfiguration") is None:
        raise BodyError("RuleConfiguration", "The RuleConfiguration field is required.")
    if body.get("ruleConfiguration") is not None:
        bound["ruleConfiguration"] = _configuration(body["ruleConfiguration"], "$.ruleConfiguration")
    return bound


class RateLimitsArea(RateLimitsState):
    """The rate limit routes over their state (models.RateLimitsState)."""

    name = "rate_limits"

    def register(self, router):
        router.add("GET", r"/shield/rate-limits/(?P<zone>[0-9]+)", self.list_rules, auth="status_code")
        router.add("GET", r"/shield/rate-limit/(?P<id>[0-9]+)", self.get_rule, auth="status_code")
        router.add("POST", r"/shield/rate-limit", self.create_rule, auth="status_code")
        router.add("PATCH", r"/shield/rate-limit/(?P<id>[0-9]+)", self.update_rule, auth="status_code")
        router.add("DELETE", r"/shield/rate-limit/(?P<id>[0-9]+)", self.delete_rule, auth="status_code")

    def list_rules(self, request):
        zone_id = int(request.params["zone"])
        try:
            page = query_int(request, "page", 1, 1)
            per_page = query_int(request, "perPage", DEFAULT_PER_PAGE, 1, MAX_PER_PAGE)
        except BadQuery as error:
            return problem(BodyError(error.name, error.message))
        if self.zone(zone_id) is None:
            return shield_json(200, {"data": None, "error": not_found_envelope(zone_id)})
        models = [r.model() for r in self.listed(zone_id)]
        if zone_id in self.thin_listings:
            for model in models:
                configuration = model["ruleConfiguration"]
                if isinstance(configuration, dict):
                    model["ruleConfiguration"] = {k: v for k, v in configuration.items() if k not in THIN_LEFT_OUT}
                    model["ruleJson"] = json.dumps(model["ruleConfiguration"], separators=(",", ":"))
        answer = shield_page(models, page, per_page)
        answer["error"] = dict(SUCCESS)
        return shield_json(200, answer)

    def get_rule(self, request):
        rule = self.rules.get(int(request.params["id"]))
        if rule is None:
            return shield_json(404, {"statusCode": 404})
        return shield_json(200, rule.model())

    def _write_mode(self, zone_id):
        """``(answer, apply)``: the 202 to send instead of the rule (or None), and whether to apply the write."""
        mode = self.write_modes.get(zone_id)
        return (shield_json(202, dict(ACCEPTED)) if mode else None), mode != "accepted"

    def create_rule(self, request):
        try:
            bound = rate_limit_body(request.json_object(), create=True)
        except BodyError as error:
            return problem(error)
        zone_id = bound["shieldZoneId"]
        zone = self.zone(zone_id)
        if zone is None:
            empty = {"id": 0, "shieldZoneId": 0, "userId": None, "ruleName": None, "ruleDescription": None}
            empty.update(ruleJson=None, ruleConfiguration=None, errorResponse=not_found_envelope(zone_id))
            return shield_json(200, empty)
        limit = RATE_LIMIT_RULES_LIMIT[zone.plan]
        if len(self.listed(zone_id)) >= limit:
            message = (
                "Rate Limit limit exceeded. You can have a maximum of %d rate limits. Please upgrade your Bunny Shield "
                "tier or contact support for assistance." % limit
            )
            error = {"statusCode": 202, "success": False, "message": message, "errorKey": "rate_limit.limit_exceeded"}
            return shield_json(202, {"error": error})
        accepted, apply = self._write_mode(zone_id)
        if not apply:
            return accepted
        rule = self.add(zone_id, bound["ruleName"], bound["ruleDescription"], bound["ruleConfiguration"])
        return accepted or shield_json(200, rule.model())

    def update_rule(self, request):
        rule = self.rules.get(int(request.params["id"]))
        if rule is None:
            return shield_json(404, {"statusCode": 404})
        try:
            bound = rate_limit_body(request.json_object(), create=False)
        except BodyError as error:
            return problem(error)
        accepted, apply = self._write_mode(rule.shield_zone_id)
        if apply:
            rule.update(bound)
        return accepted or shield_json(200, rule.model())

    def delete_rule(self, request):
        rule = self.rules.get(int(request.params["id"]))
        if rule is None:
            return shield_json(404, {"statusCode": 404})
        accepted, apply = self._write_mode(rule.shield_zone_id)
        if apply:
            self.remove(rule)
        return accepted or shield_json(200, dict(SUCCESS))


AREA = RateLimitsArea
