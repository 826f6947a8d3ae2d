"""Shield zones and their bot detection configuration (shield API: camelCase JSON sent as text/plain).

The published shield document lists ``text/plain`` first for these answers (ASP.NET's default), so
the emulator labels its JSON that way: clients must parse by content, as the real platform forces.

Only the keys this area needs are read from each ``shield_zones`` entry (``id``, ``pull_zone_id``,
``plan``, ``bot_detection``); other keys belong to other areas (API Guardian) and are ignored.

Bot detection (``GET /shield/shield-zone/{id}/bot-detection``, docs/platform-notes.md, "Bot detection on a Basic
plan"):
- 200: envelope ``{data, error}`` with ``error.success`` true;
- 202 on a Basic-plan zone: envelope whose error key is ``invalid_plan_type.bot_detection``
  (what the platform really sends, although the document does not declare 202);
- 404: envelope with ``success: false`` for an unknown zone; 401: ProblemDetails (router).
Error envelopes carry no ``data`` member: the document's ``data`` is not nullable.

``PATCH`` of the same path binds an ``UpdateBotDetectionRequest`` (``shield_bodies.py``: 400
``ValidationProblemDetails`` naming the member; every section required, as the platform's state
requires them) and replaces the whole configuration, answering 200 ``UpdateBotDetectionResponse``
``{error, data}`` with the new state. A Basic-plan zone answers as GET does (202, plan error key: the
Terraform provider sees the same key on PATCH, internal/api/pullzone_shield.go) and changes nothing;
an unknown zone answers the 404 envelope.
"""

from ..fixtures import FixtureError, records
from ..messages import json_response
from ..paging import INT32_MAX, BadQuery, query_int, shield_page
from ..shield_bodies import BodyError, bot_detection_body, problem

SHIELD_CONTENT_TYPE = "text/plain; charset=utf-8"
PLAN_ERROR_KEY = "invalid_plan_type.bot_detection"

PLANS = ("basic", "advanced", "business", "enterprise")  # ShieldPlanType 0..3
# Plan limits the emulator reports (the dashboard's numbers; Enterprise is uncapped there).
CUSTOM_WAF_RULES_LIMIT = (0, 10, 25, 1000)
RATE_LIMIT_RULES_LIMIT = (2, 10, 25, 1000)

# fixture key -> (allowed values, default); defaults are what a new paid zone starts with
BOT_FIELDS = {
    "execution_mode": ((0, 1), 0),
    "request_integrity": ((0, 1, 2, 3), 1),
    "ip_address": ((0, 1, 2, 3), 1),
    "fingerprint_sensitivity": ((0, 1, 2, 3), 1),
    "fingerprint_aggression": ((0, 1, 2, 3, 4), 1),
}


def shield_json(status, data):
    return json_response(status, data, content_type=SHIELD_CONTENT_TYPE)


def envelope_error(status, message=None, error_key=None):
    """A ``GenericRequestResponse``."""
    return {
        "statusCode": status,
        "success": 200 <= status < 300 and error_key is None,
        "message": message,
        "errorKey": error_key,
    }


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _plan(value, where):
    if value is None:
        return 0
    if _is_int(value) and 0 <= value < len(PLANS):
        return value
    if isinstance(value, str) and value.strip().lower() in PLANS:
        return PLANS.index(value.strip().lower())
    raise FixtureError("%s.plan must be one of %s; got %r" % (where, ", ".join(PLANS), value))


def _bot_detection(spec, where):
    spec = spec or {}
    if not isinstance(spec, dict):
        raise FixtureError("%s.bot_detection must be a mapping" % where)
    state = {}
    for key, (allowed, default) in BOT_FIELDS.items():
        value = spec.get(key, default)
        if isinstance(value, bool) or value not in allowed:
            raise FixtureError("%s.bot_detection.%s must be one of %s; got %r" % (where, key, list(allowed), value))
        state[key] = value
    complex_enabled = spec.get("complex_enabled", False)
    if complex_enabled is not None and not isinstance(complex_enabled, bool):
        raise FixtureError("%s.bot_detection.complex_enabled must be true, false or null" % where)
    state["complex_enabled"] = complex_enabled
    return state


class ShieldZone(object):
    def __init__(self, spec, where, rule_ids):
        self.id = int(spec["id"])
        pull_zone_id = spec.get("pull_zone_id")
        self.pull_zone_id = int(pull_zone_id) if pull_zone_id is not None else None
        self.plan = _plan(spec.get("plan"), where)
        self.bot = _bot_detection(spec.get("bot_detection"), where)
        self.rule_ids = rule_ids

    def model(self, rule_order):
        """``ShieldZoneResponse``: every member the document lists."""
        return {
            "shieldZoneId": self.id,
            "pullZoneId": self.pull_zone_id,
            "learningMode": False,
            "learningModeUntil": None,
            "wafEnabled": True,
            "wafExecutionMode": 1,
            "wafDisabledRules": [],
            "wafLogOnlyRules": [],
            "wafCustomRuleOrder": list(rule_order),
            "wafRequestHeaderLoggingEnabled": True,
            "requestBodyLoggingEnabled": False,
            "wafRequestIgnoredHeaders": [],
            "wafRealtimeThreatIntelligenceEnabled": self.plan > 0,
            "wafProfileId": 1,
            "wafEngineConfig": [],
            "wafRequestBodyLimitAction": 0,
            "wafResponseBodyLimitAction": 0,
            "rateLimitRulesLimit": RATE_LIMIT_RULES_LIMIT[self.plan],
            "customWafRulesLimit": CUSTOM_WAF_RULES_LIMIT[self.plan],
            "planType": self.plan,
            "dDoSShieldSensitivity": 1,
            "dDoSExecutionMode": 1,
            "dDoSChallengeWindow": 300,
            "whitelabelResponsePages": False,
        }

    def bot_detection(self):
        """``BotDetectionConfigurationState``."""
        bot = self.bot
        return {
            "shieldZoneId": self.id,
            "executionMode": bot["execution_mode"],
            "requestIntegrity": {"sensitivity": bot["request_integrity"]},
            "ipAddress": {"sensitivity": bot["ip_address"]},
            "browserFingerprint": {
                "sensitivity": bot["fingerprint_sensitivity"],
                "aggression": bot["fingerprint_aggression"],
                "complexEnabled": bot["complex_enabled"],
            },
        }


class ShieldArea(object):
    name = "shield"

    def __init__(self, fixture, platform):
        self.platform = platform
        rule_ids = {}  # for wafCustomRuleOrder; the waf_rules area validates the entries themselves
        for rule in fixture.get("waf_rules") or []:
            if isinstance(rule, dict) and _is_int(rule.get("id")) and _is_int(rule.get("shield_zone_id")):
                rule_ids.setdefault(int(rule["shield_zone_id"]), []).append(int(rule["id"]))
        self.zones = {}
        for index, spec in enumerate(records(fixture, "shield_zones")):
            zone = ShieldZone(spec, "shield_zones[%d]" % index, rule_ids.get(int(spec["id"]), []))
            self.zones[zone.id] = zone

    def register(self, router):
        router.add("GET", r"/shield/shield-zone/(?P<id>[0-9]+)", self.get_zone, auth="problem")
        router.add(
            "GET",
            r"/shield/shield-zone/get-by-pullzone/(?P<pull_zone_id>[0-9]+)",
            self.get_zone_by_pull_zone,
            auth="problem",
        )
        router.add("GET", r"/shield/shield-zones", self.list_zones, auth="status_code")
        router.add("GET", r"/shield/shield-zone/(?P<id>[0-9]+)/bot-detection", self.get_bot_detection, auth="problem")
        router.add(
            "PATCH", r"/shield/shield-zone/(?P<id>[0-9]+)/bot-detection", self.update_bot_detection, auth="problem"
        )

    def dump(self):
        return {
            "shield_zones": [
                {"id": z.id, "pull_zone_id": z.pull_zone_id, "plan": PLANS[z.plan], "bot_detection": dict(z.bot)}
                for z in self.zones.values()
            ]
        }

    def get_zone(self, request):
        zone = self.zones.get(int(request.params["id"]))
        if zone is None:  # ASP.NET's NotFound() of an [ApiController]: ProblemDetails
            return json_response(
                404,
                {"type": "https://tools.ietf.org/html/rfc9110#section-15.5.5", "title": "Not Found", "status": 404},
                content_type="application/problem+json; charset=utf-8",
            )
        return shield_json(200, {"data": zone.model(self._rule_order(zone))})

    def get_zone_by_pull_zone(self, request):
        """The shield zone of a pull zone; a pull zone without one answers as an unknown shield zone.

        What the platform answers then is not documented (docs/platform-notes.md, "Finding the shield zone of a
        pull zone"): the emulator uses the
        same ProblemDetails 404 as ``GET /shield/shield-zone/{id}``.
        """
        wanted = int(request.params["pull_zone_id"])
        for zone in sorted(self.zones.values(), key=lambda z: z.id):
            if zone.pull_zone_id == wanted:
                return shield_json(200, {"data": zone.model(self._rule_order(zone))})
        return json_response(
            404,
            {"type": "https://tools.ietf.org/html/rfc9110#section-15.5.5", "title": "Not Found", "status": 404},
            content_type="application/problem+json; charset=utf-8",
        )

    def list_zones(self, request):
        """``GET /shield/shield-zones``: ``{data, page}``, 10 a page unless ``perPage`` says otherwise."""
        try:
            page = query_int(request, "page", 1, 1)
            per_page = query_int(request, "perPage", 10, 1, INT32_MAX)
        except BadQuery as bad:
            return json_response(
                400,
                {
                    "type": "https://tools.ietf.org/html/rfc9110#section-15.5.1",
                    "title": "One or more validation errors occurred.",
                    "status": 400,
                    "errors": {bad.name: [bad.message]},
                },
                content_type="application/problem+json; charset=utf-8",
            )
        zones = [z.model(self._rule_order(z)) for z in sorted(self.zones.values(), key=lambda z: z.id)]
        return shield_json(200, shield_page(zones, page, per_page))

    def _rule_order(self, zone):
        """``wafCustomRuleOrder``: the fixture's order, rules deleted since left out, rules created since appended."""
        waf = self.platform.areas.get("waf_rules")
        if waf is None:
            return list(zone.rule_ids)
        live = [
            r.id
            for r in sorted(waf.rules.values(), key=lambda r: r.id)
            if r.shield_zone_id == zone.id and not r.deleted
        ]
        return [i for i in zone.rule_ids if i in live] + [i for i in live if i not in zone.rule_ids]

    def _bot_zone(self, zone_id):
        """``(zone, refusal)``: the zone whose bot detection can be used, or the answer refusing it."""
        zone = self.zones.get(zone_id)
        if zone is None:
            return None, shield_json(
                404, {"error": envelope_error(404, "Shield zone %d was not found." % zone_id, "shield_zone.not_found")}
            )
        if zone.plan == 0:
            return None, shield_json(
                202, {"error": envelope_error(202, "Bot detection is not available on the Basic plan.", PLAN_ERROR_KEY)}
            )
        return zone, None

    def get_bot_detection(self, request):
        zone, refusal = self._bot_zone(int(request.params["id"]))
        if refusal is not None:
            return refusal
        return shield_json(200, {"data": zone.bot_detection(), "error": envelope_error(200)})

    def update_bot_detection(self, request):
        zone, refusal = self._bot_zone(int(request.params["id"]))
        if refusal is not None:
            return refusal
        try:
            values = bot_detection_body(request.json())
        except BodyError as error:
            return problem(error)
        keys = (
            "execution_mode",
            "request_integrity",
            "ip_address",
            "fingerprint_sensitivity",
            "fingerprint_aggression",
            "complex_enabled",
        )
        zone.bot = dict(zip(keys, values))
        return shield_json(200, {"error": envelope_error(200), "data": zone.bot_detection()})


AREA = ShieldArea
