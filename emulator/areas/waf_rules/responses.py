"""Custom WAF rules of shield zones (shield API: camelCase JSON, negotiated: messages.py).

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

The rules, their fixture keys and their models: models.py.
"""

from ...messages import json_response, shield_json
from ...shield_bodies import ACCEPTED, BodyError, problem, waf_rule_body
from .models import WafRule, WafRulesState

DEFAULT_PER_PAGE = 10
MAX_PER_PAGE = 1000


def _query_int(request, name, default):
    """``(value, error)``: the integer query parameter, or an error text for a non-integer."""
    raw = request.query.get(name)
    if raw is None or raw == "":
        return default, None
    try:
        return int(raw), None
    except ValueError:
        return None, "The value '%s' is not valid." % raw


class WafRulesArea(WafRulesState):
    """The custom WAF rule routes over their state (models.WafRulesState)."""

    name = "waf_rules"

    def register(self, router):
        router.add("GET", r"/shield/waf/custom-rule/(?P<id>[0-9]+)", self.get_rule, auth="status_code")
        router.add("GET", r"/shield/waf/custom-rules/(?P<zone>[0-9]+)", self.list_rules, auth="status_code")
        router.add("POST", r"/shield/waf/custom-rule", self.create_rule, auth="status_code")
        for method in ("PATCH", "PUT"):
            router.add(method, r"/shield/waf/custom-rule/(?P<id>[0-9]+)", self.update_rule, auth="status_code")
        router.add("DELETE", r"/shield/waf/custom-rule/(?P<id>[0-9]+)", self.delete_rule, auth="status_code")

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
            return json_response(
                400,
                {
                    "type": "https://tools.ietf.org/html/rfc9110#section-15.5.1",
                    "title": "One or more validation errors occurred.",
                    "status": 400,
                    "errors": errors,
                },
                content_type="application/problem+json; charset=utf-8",
            )
        if zone_id not in self.zone_ids:
            return shield_json(
                200,
                {
                    "data": None,
                    "error": {
                        "statusCode": 404,
                        "success": False,
                        "message": "Shield zone %d was not found." % zone_id,
                        "errorKey": "shield_zone.not_found",
                    },
                },
            )
        page = page if page >= 1 else 1
        per_page = min(per_page if per_page >= 1 else DEFAULT_PER_PAGE, MAX_PER_PAGE)
        rules = self.listed(zone_id)
        total_pages = (len(rules) + per_page - 1) // per_page
        chunk = rules[(page - 1) * per_page : page * per_page]
        return shield_json(
            200,
            {
                "data": [r.model() for r in chunk],
                "page": {
                    "totalCount": len(rules),
                    "totalPages": total_pages,
                    "currentPage": page,
                    "nextPage": page + 1 if page < total_pages else None,
                    "pageSize": per_page,
                },
                "error": {"statusCode": 200, "success": True, "message": None, "errorKey": None},
            },
        )

    def _write_mode(self, zone_id):
        """``(answer, apply)``: the 202 to send instead of the rule (or None), and whether to apply the write."""
        mode = self.write_modes.get(zone_id)
        return (shield_json(202, dict(ACCEPTED)) if mode else None), mode != "accepted"

    def create_rule(self, request):
        try:
            bound = waf_rule_body(request.json_object(), create=True)
        except BodyError as error:
            return problem(error)
        zone_id = bound["shieldZoneId"]
        if zone_id not in self.zone_ids:
            rule = WafRule({"id": 0, "shield_zone_id": 0}, "request")
            return shield_json(
                200,
                dict(
                    rule.empty_model(),
                    errorResponse={
                        "statusCode": 404,
                        "success": False,
                        "message": "Shield zone %d was not found." % zone_id,
                        "errorKey": "shield_zone.not_found",
                    },
                ),
            )
        accepted, apply = self._write_mode(zone_id)
        if not apply:
            return accepted
        rule = self.add(zone_id, bound["ruleName"], bound["ruleDescription"], bound["ruleConfiguration"])
        return accepted or shield_json(200, rule.model())

    def update_rule(self, request):
        rule = self.rules.get(int(request.params["id"]))
        if rule is None or rule.deleted:
            return shield_json(404, {"statusCode": 404})
        try:
            bound = waf_rule_body(request.json_object(), create=False)
        except BodyError as error:
            return problem(error)
        accepted, apply = self._write_mode(rule.shield_zone_id)
        if apply:
            rule.update(bound)
        return accepted or shield_json(200, rule.model())

    def delete_rule(self, request):
        rule = self.rules.get(int(request.params["id"]))
        if rule is None or rule.deleted:
            return shield_json(404, {"statusCode": 404})
        accepted, apply = self._write_mode(rule.shield_zone_id)
        if apply:
            self.remove(rule)
        return accepted or shield_json(200, {"statusCode": 200, "success": True, "message": None, "errorKey": None})


AREA = WafRulesArea
