"""Custom WAF rules of shield zones (shield API: camelCase JSON sent as text/plain).

- ``GET /shield/waf/custom-rule/{id}``: the ``CustomWafRule`` with every member; ``ruleJson`` is the
  JSON text of the same ``ruleConfiguration``. Unknown rule: 404 with ``{"statusCode": 404}``. The
  document declares only 200/401/500 with ``{statusCode}`` as the error shape (docs/platform-notes.md,
  "Custom WAF rules: reading a rule, errorResponse": the missing-rule answer is not documented); 404 is
  what the Terraform provider expects for a rule
  that is gone, and the body is the shape the document gives every error of this operation.
- ``GET /shield/waf/custom-rules/{shieldZoneId}?page=&perPage=``: ``{data, page, error}`` with
  ``page = {totalCount, totalPages, currentPage, nextPage, pageSize}``; ``page`` defaults to 1 and
  ``perPage`` to 10 (as documented); below 1 they fall back to those defaults, ``perPage`` is capped
  at 1000, and a non-integer is a 400 ProblemDetails (ASP.NET model binding). An unknown shield zone
  answers 200 with a failed envelope (``statusCode`` 404), the only error shape the document allows.
- ``POST /shield/waf/custom-rule`` (``CreateCustomWafRuleRequest``), ``PATCH``/``PUT
  /shield/waf/custom-rule/{id}`` (``UpdateCustomWafRuleRequest``; members left out are kept) answer 200
  with the ``CustomWafRule`` as GET serves it; ``DELETE`` answers 200 with a ``GenericRequestResponse``.
  Bodies are bound as ASP.NET binds them (``shield_bodies.py``: 400 ``ValidationProblemDetails`` naming
  the member). An unknown rule answers 404 ``{"statusCode": 404}`` as GET does; creating in an unknown
  shield zone answers 200 with an empty rule whose ``errorResponse`` reports 404 (``shield_zone.not_found``).
  New rules get ids above every fixture id.
- Missing or wrong AccessKey: 401 ``{"statusCode": 401}`` (router, ``status_code``).

A shield zone entry may set ``waf_rule_writes`` to reproduce the 202 ``AcceptedResult`` the document
declares for every write (docs/platform-notes.md, "Shield writes answered with HTTP 202"): ``accepted`` answers
202 and changes nothing;
``accepted_applied`` answers 202 and applies the write (a change that landed without confirmation).

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
"""

import json

from ..fixtures import FixtureError, records
from ..messages import json_response
from ..shield_bodies import WAF_VARIABLES as VARIABLES
from ..shield_bodies import BodyError, problem, waf_rule_body

SHIELD_CONTENT_TYPE = "text/plain; charset=utf-8"
DEFAULT_USER_ID = "5f0b8c1e-2d47-4a6b-9e3c-7d1a2b4c6e80"
DEFAULT_PER_PAGE = 10
MAX_PER_PAGE = 1000

NUMERIC_KEYS = tuple(str(n) for n in range(len(VARIABLES)))


def shield_json(status, data):
    return json_response(status, data, content_type=SHIELD_CONTENT_TYPE)


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
            for index, item in enumerate(chained)]
    return condition


class WafRule(object):
    def __init__(self, spec, where):
        self.id = _int(spec["id"], where + ".id")
        self.shield_zone_id = _int(spec["shield_zone_id"], where + ".shield_zone_id")
        self.user_id = str(spec.get("user_id") or DEFAULT_USER_ID)
        self.name = spec.get("rule_name")
        self.description = spec.get("rule_description", "")
        self.configuration = _condition(spec.get("rule_configuration") or {}, where + ".rule_configuration",
                                        main=True)
        self.error_response = _error_response(spec.get("error_response"), where + ".error_response")
        self.without_data = _bool(spec.get("served_without_data", False), where + ".served_without_data")
        self.deleted = _bool(spec.get("deleted", False), where + ".deleted")

    def empty_model(self):
        """What GET answers for a ``served_without_data`` rule: an unfilled ``CustomWafRule``."""
        return {"id": 0, "shieldZoneId": 0, "userId": None, "ruleName": None, "ruleDescription": None,
                "ruleJson": None, "ruleConfiguration": None, "errorResponse": dict(self.error_response)}

    def model(self):
        """``CustomWafRule``: every member, ``ruleJson`` being the configuration as JSON text."""
        return {
            "id": self.id, "shieldZoneId": self.shield_zone_id, "userId": self.user_id,
            "ruleName": self.name, "ruleDescription": self.description,
            "ruleJson": json.dumps(self.configuration, separators=(",", ":")),
            "ruleConfiguration": self.configuration,
            "errorResponse": dict(self.error_response),
        }


def _query_int(request, name, default):
    """``(value, error)``: the integer query parameter, or an error text for a non-integer."""
    raw = request.query.get(name)
    if raw is None or raw == "":
        return default, None
    try:
        return int(raw), None
    except ValueError:
        return None, "The value '%s' is not valid." % raw


WRITE_MODES = (None, "accepted", "accepted_applied")
ACCEPTED = {"location": None, "value": None, "formatters": [], "contentTypes": [], "declaredType": None,
            "statusCode": 202}


class WafRulesArea(object):
    name = "waf_rules"

    def __init__(self, fixture, platform):
        self.platform = platform
        self.zone_ids = set()
        self.write_modes = {}
        for index, zone in enumerate(records(fixture, "shield_zones")):
            self.zone_ids.add(int(zone["id"]))
            mode = zone.get("waf_rule_writes")
            if mode not in WRITE_MODES:
                raise FixtureError("shield_zones[%d].waf_rule_writes must be accepted or accepted_applied; got %r"
                                   % (index, mode))
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

    def register(self, router):
        router.add("GET", r"/shield/waf/custom-rule/(?P<id>[0-9]+)", self.get_rule, auth="status_code")
        router.add("GET", r"/shield/waf/custom-rules/(?P<zone>[0-9]+)", self.list_rules, auth="status_code")
        router.add("POST", r"/shield/waf/custom-rule", self.create_rule, auth="status_code")
        for method in ("PATCH", "PUT"):
            router.add(method, r"/shield/waf/custom-rule/(?P<id>[0-9]+)", self.update_rule, auth="status_code")
        router.add("DELETE", r"/shield/waf/custom-rule/(?P<id>[0-9]+)", self.delete_rule, auth="status_code")

    def dump(self):
        return {"waf_rules": [{"id": r.id, "shield_zone_id": r.shield_zone_id, "rule_name": r.name}
                              for r in sorted(self.rules.values(), key=lambda r: r.id)]}

    def get_rule(self, request):
        rule = self.rules.get(int(request.params["id"]))
        if rule is None:
            return shield_json(404, {"statusCode": 404})
        if rule.deleted:
            return shield_json(202, dict(ACCEPTED))
        return shield_json(200, rule.empty_model() if rule.without_data else rule.model())

    def list_rules(self, request):
        zone_id = int(request.params["zone"])
        page, page_error = _query_int(request, "page", 1)
        per_page, per_page_error = _query_int(request, "perPage", DEFAULT_PER_PAGE)
        if page_error or per_page_error:
            errors = {}
            if page_error:
                errors["page"] = [page_error]
            if per_page_error:
                errors["perPage"] = [per_page_error]
            return json_response(400, {"type": "https://tools.ietf.org/html/rfc9110#section-15.5.1",
                                       "title": "One or more validation errors occurred.", "status": 400,
                                       "errors": errors},
                                 content_type="application/problem+json; charset=utf-8")
        if zone_id not in self.zone_ids:
            return shield_json(200, {"data": None, "error": {
                "statusCode": 404, "success": False, "message": "Shield zone %d was not found." % zone_id,
                "errorKey": "shield_zone.not_found"}})
        page = page if page >= 1 else 1
        per_page = min(per_page if per_page >= 1 else DEFAULT_PER_PAGE, MAX_PER_PAGE)
        rules = sorted((r for r in self.rules.values() if r.shield_zone_id == zone_id and not r.deleted),
                       key=lambda r: r.id)
        total_pages = (len(rules) + per_page - 1) // per_page
        chunk = rules[(page - 1) * per_page:page * per_page]
        return shield_json(200, {
            "data": [r.model() for r in chunk],
            "page": {"totalCount": len(rules), "totalPages": total_pages, "currentPage": page,
                     "nextPage": page + 1 if page < total_pages else None, "pageSize": per_page},
            "error": {"statusCode": 200, "success": True, "message": None, "errorKey": None},
        })

    def _write_mode(self, zone_id):
        """``(answer, apply)``: the 202 to send instead of the rule (or None), and whether to apply the write."""
        mode = self.write_modes.get(zone_id)
        return (shield_json(202, dict(ACCEPTED)) if mode else None), mode != "accepted"

    def create_rule(self, request):
        try:
            bound = waf_rule_body(request.json(), create=True)
        except BodyError as error:
            return problem(error)
        zone_id = bound["shieldZoneId"]
        if zone_id not in self.zone_ids:
            rule = WafRule({"id": 0, "shield_zone_id": 0}, "request")
            return shield_json(200, dict(rule.empty_model(), errorResponse={
                "statusCode": 404, "success": False, "message": "Shield zone %d was not found." % zone_id,
                "errorKey": "shield_zone.not_found"}))
        accepted, apply = self._write_mode(zone_id)
        if not apply:
            return accepted
        rule = WafRule({"id": max(list(self.rules) + [4999]) + 1, "shield_zone_id": zone_id}, "request")
        rule.name, rule.description = bound["ruleName"], bound["ruleDescription"]
        rule.configuration = bound["ruleConfiguration"]
        self.rules[rule.id] = rule
        return accepted or shield_json(200, rule.model())

    def update_rule(self, request):
        rule = self.rules.get(int(request.params["id"]))
        if rule is None or rule.deleted:
            return shield_json(404, {"statusCode": 404})
        try:
            bound = waf_rule_body(request.json(), create=False)
        except BodyError as error:
            return problem(error)
        accepted, apply = self._write_mode(rule.shield_zone_id)
        if apply:
            rule.name = bound.get("ruleName", rule.name)
            rule.description = bound.get("ruleDescription", rule.description)
            rule.configuration = bound.get("ruleConfiguration", rule.configuration)
        return accepted or shield_json(200, rule.model())

    def delete_rule(self, request):
        rule = self.rules.get(int(request.params["id"]))
        if rule is None or rule.deleted:
            return shield_json(404, {"statusCode": 404})
        accepted, apply = self._write_mode(rule.shield_zone_id)
        if apply:
            del self.rules[rule.id]
        return accepted or shield_json(200, {"statusCode": 200, "success": True, "message": None, "errorKey": None})


AREA = WafRulesArea
