"""Shield zones and their bot detection configuration (shield API: camelCase JSON,
negotiated).

The published shield document lists ``text/plain``, ``application/json`` and ``text/json`` for these answers, in
that order (ASP.NET's formatters): a client that sends ``Accept: application/json`` gets JSON, one that sends no
``Accept`` gets the JSON labelled text/plain (messages.py, content negotiation).

Only the keys this area needs are read from each ``shield_zones`` entry (``id``, ``pull_zone_id``,
``plan``, ``bot_detection``, ``settings``, ``upload_scanning``: see ``models.py``); other keys belong to other areas
(API Guardian) and are ignored.

Shield zones (docs/platform-notes.md, "Shield zones: create, update, no delete"):
- ``GET /shield/shield-zone/{id}``, ``.../get-by-pullzone/{pullZoneId}``, ``GET /shield/shield-zones``: the
  ``ShieldZoneResponse`` with every member; an unknown zone (or a pull zone without one) answers a ProblemDetails 404.
  A zone's ``pullzone_lookup`` switch makes get-by-pullzone answer 202 ``AcceptedResult`` (``accepted``) or 200 with
  an unfilled zone whose ``shieldZoneId`` is 0 (``zero_id``); the top-level ``unshielded_pullzone_lookup`` does the
  same for every pull zone without a shield zone (models.py).
- ``GET /shield/shield-zones/pullzone-mapping``: ``{data: [{shieldZoneId, pullZoneId}]}`` of every zone (one
  answer, not paged), whatever the lookup switches say.
- ``POST /shield/shield-zone`` (``CreateShieldZoneRequest``) shields a pull zone: the new zone starts from the
  defaults in ``models.py`` with the ``shieldZone`` members given applied; 200 ``{data: <the request echoed, with
  shieldZone the whole zone as a ShieldZoneRequest and its shieldZoneId>, error}``. 400 envelope
  (``pullzone.not_found``) for a pull zone the pull zones area does not have, 409 envelope
  (``shield_zone.already_exists``) when it has a shield zone, 403 envelope with a plan error key for a paid feature
  asked on the Basic plan. Areas that keep per-zone state learn of the new zone through their
  ``shield_zone_created(zone_id, plan_name)`` method, when they have one.
- ``PATCH /shield/shield-zone`` (``UpdateShieldZoneRequest``): the envelope's ``shieldZone`` members that are not
  null are merged into the zone (a partial update; under a zone's ``omitted_members: reset`` switch the members the
  platform's provider sends that the request leaves out become 0, false or empty); settings sent flat beside the envelope are ignored, as the
  platform ignores them. 200 ``{data: {shieldZoneId, shieldZone: <the whole zone as a ShieldZoneRequest>}, error}``;
  202 envelope with a plan error key (``invalid_plan_type.whitelabel_response_pages``,
  ``invalid_plan_type.realtime_threat_intelligence``: the emulator's keys) for a paid feature on the Basic plan,
  nothing applied; 404 envelope (``shield_zone.not_found``) for an unknown zone. ``dDoSExecutionMode``, no longer in
  the request document, is accepted and applied.
- ``GET``/``PATCH /shield/shield-zone/{id}/upload-scanning``: ``{error, data: UploadScanningConfigurationState}``;
  the PATCH merges the members that are not null (``omitted_members: reset``: a member left out becomes false or 0);
  404 envelope for an unknown zone.
Bodies that do not bind answer 400 ``ValidationProblemDetails`` naming the member (``shield_bodies.py``); a body that
is not a JSON object (``[]``, ``null``, a number) or not JSON (``NaN`` included) answers 400 ``request.invalid_json``
(``Request.json_object``).

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

from ...fixtures import FixtureError, records
from ...messages import json_response, shield_json
from ...paging import INT32_MAX, BadQuery, query_int, shield_page
from ...shield_bodies import (
    ACCEPTED,
    BodyError,
    bot_detection_body,
    create_shield_zone_body,
    problem,
    update_shield_zone_body,
    upload_scanning_body,
)
from .models import LOOKUP_SWITCHES, PLANS, ShieldZone, unfilled_model

PLAN_ERROR_KEY = "invalid_plan_type.bot_detection"
NOT_FOUND = {"type": "https://tools.ietf.org/html/rfc9110#section-15.5.5", "title": "Not Found", "status": 404}


def envelope_error(status, message=None, error_key=None):
    """A ``GenericRequestResponse``."""
    return {
        "statusCode": status,
        "success": 200 <= status < 300 and error_key is None,
        "message": message,
        "errorKey": error_key,
    }


def failure(status, message, error_key, http_status=None):
    """An envelope reporting failure (no ``data``: the document's ``data`` is not nullable)."""
    return shield_json(http_status or status, {"error": envelope_error(status, message, error_key)})


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


class ShieldArea(object):
    """The shield zones by id; the route handlers below."""

    name = "shield"

    def __init__(self, fixture, platform):
        self.platform = platform
        rule_ids = {}  # for wafCustomRuleOrder; the waf_rules area validates the entries themselves
        for rule in fixture.get("waf_rules") or []:
            if isinstance(rule, dict) and _is_int(rule.get("id")) and _is_int(rule.get("shield_zone_id")):
                rule_ids.setdefault(int(rule["shield_zone_id"]), []).append(int(rule["id"]))
        self.unshielded_lookup = fixture.get("unshielded_pullzone_lookup")
        if self.unshielded_lookup not in (None,) + LOOKUP_SWITCHES:
            raise FixtureError(
                "unshielded_pullzone_lookup must be one of %s or null; got %r"
                % (", ".join(LOOKUP_SWITCHES), self.unshielded_lookup)
            )
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
        router.add("GET", r"/shield/shield-zones/pullzone-mapping", self.pull_zone_mapping, auth="status_code")
        router.add("POST", r"/shield/shield-zone", self.create_zone, auth="status_code")
        router.add("PATCH", r"/shield/shield-zone", self.update_zone, auth="status_code")
        router.add(
            "GET", r"/shield/shield-zone/(?P<id>[0-9]+)/upload-scanning", self.get_upload_scanning, auth="problem"
        )
        router.add(
            "PATCH", r"/shield/shield-zone/(?P<id>[0-9]+)/upload-scanning", self.update_upload_scanning, auth="problem"
        )
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
        pull zone"): the emulator uses the same ProblemDetails 404 as ``GET /shield/shield-zone/{id}``, unless a
        lookup switch asks for the 202 or the zero id the document allows.
        """
        wanted = int(request.params["pull_zone_id"])
        zone = next((z for z in sorted(self.zones.values(), key=lambda z: z.id) if z.pull_zone_id == wanted), None)
        switch = zone.lookup if zone is not None else self.unshielded_lookup
        if switch == "accepted":
            return shield_json(202, dict(ACCEPTED))
        if switch == "zero_id":
            return shield_json(200, {"data": unfilled_model()})
        if zone is None:
            return json_response(404, dict(NOT_FOUND), content_type="application/problem+json; charset=utf-8")
        return shield_json(200, {"data": zone.model(self._rule_order(zone))})

    def pull_zone_mapping(self, request):
        """``GetShieldZonePullzoneMappingResponse``: every zone's id and pull zone id, in one answer."""
        zones = sorted(self.zones.values(), key=lambda z: z.id)
        return shield_json(200, {"data": [{"shieldZoneId": z.id, "pullZoneId": z.pull_zone_id} for z in zones]})

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
            values = bot_detection_body(request.json_object())
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


class ShieldZoneWrites(object):
    """The write handlers of shield zones (mixed into the area)."""

    def _pull_zone_exists(self, pull_zone_id):
        pull_zones = self.platform.areas.get("pullzones")
        return pull_zones is None or pull_zone_id in pull_zones.zones

    def create_zone(self, request):
        try:
            pull_zone_id, members, extra = create_shield_zone_body(request.json_object())
        except BodyError as error:
            return problem(error)
        if not self._pull_zone_exists(pull_zone_id):
            return failure(400, "Pull zone %d was not found." % pull_zone_id, "pullzone.not_found")
        if any(z.pull_zone_id == pull_zone_id for z in self.zones.values()):
            return failure(409, "Pull zone %d already has a shield zone." % pull_zone_id, "shield_zone.already_exists")
        zone = ShieldZone.created(max(list(self.zones) + [3000]) + 1, pull_zone_id)
        refusal = zone.plan_refusal(members)
        if refusal is not None:
            return failure(403, refusal[1], refusal[0])
        zone.apply(members)
        if "botDetectionExecutionMode" in extra:
            zone.bot["execution_mode"] = extra["botDetectionExecutionMode"]
        for key in ("csamScanningMode", "antivirusScanningMode"):
            if key in extra:
                zone.upload[key] = extra[key]
        zone.upload["isEnabled"] = any(zone.upload[k] for k in ("csamScanningMode", "antivirusScanningMode"))
        self.zones[zone.id] = zone
        for area in self.platform.areas.values():
            created = getattr(area, "shield_zone_created", None)
            if created is not None:
                created(zone.id, PLANS[zone.plan])
        data = dict(extra, pullZoneId=pull_zone_id, shieldZone=zone.request_shape(self._rule_order(zone)))
        return shield_json(200, {"data": data, "error": envelope_error(200)})

    def update_zone(self, request):
        body = request.json_object()
        sent = set(body["shieldZone"]) if isinstance(body.get("shieldZone"), dict) else set()
        added = self._added_sent(body)
        try:
            zone_id, members = update_shield_zone_body(body)
        except BodyError as error:
            return problem(error)
        members.update(added)
        zone = self.zones.get(zone_id)
        if zone is None:
            return failure(404, "Shield zone %d was not found." % zone_id, "shield_zone.not_found")
        refusal = zone.plan_refusal(members)
        if refusal is not None:
            return failure(202, refusal[1], refusal[0])
        zone.reset_omitted(sent)
        zone.apply(members)
        data = {"shieldZoneId": zone.id, "shieldZone": zone.request_shape(self._rule_order(zone))}
        return shield_json(200, {"data": data, "error": envelope_error(200)})

    def _added_sent(self, body):
        """The members of a PATCH that send back a number the zone holds but the document does not list (fixture
        ``added_values``): taken out of ``body`` before it is bound, as the platform binds its own values."""
        zone = self.zones.get(body.get("shieldZoneId")) if isinstance(body.get("shieldZoneId"), int) else None
        sent = body.get("shieldZone")
        if zone is None or not isinstance(sent, dict):
            return {}
        added = {m: v for m, v in zone.added.items() if sent.get(m) == v and not isinstance(sent.get(m), bool)}
        body["shieldZone"] = {m: v for m, v in sent.items() if m not in added}
        return added

    def _upload_zone(self, request):
        zone_id = int(request.params["id"])
        zone = self.zones.get(zone_id)
        if zone is None:
            return None, failure(404, "Shield zone %d was not found." % zone_id, "shield_zone.not_found")
        return zone, None

    def get_upload_scanning(self, request):
        zone, refusal = self._upload_zone(request)
        if refusal is not None:
            return refusal
        return shield_json(200, {"error": envelope_error(200), "data": zone.upload_scanning()})

    def update_upload_scanning(self, request):
        zone, refusal = self._upload_zone(request)
        if refusal is not None:
            return refusal
        body = request.json_object()
        try:
            members = upload_scanning_body(body)
        except BodyError as error:
            return problem(error)
        zone.reset_omitted_upload(body)
        zone.upload.update(members)
        return shield_json(200, {"error": envelope_error(200), "data": zone.upload_scanning()})


class Area(ShieldZoneWrites, ShieldArea):
    """The shield area: state, reads and writes."""


AREA = Area
