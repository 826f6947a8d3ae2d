"""API Guardian state: each shield zone's configuration, plan limits, specification and endpoints.

Fixture (``shield_zones`` entries; other keys are left to other areas): ``id``, ``plan``,
``api_guardian_forbidden`` (bool, default false: every route of the zone answers 403),
``api_guardian_limits`` (snake_case keys, each optional, each a non-negative integer, 0 for no
limit), ``api_guardian_spec`` (initial document text or null). Limits missing from a zone come from
the top-level ``api_guardian_default_limits`` mapping, else from DEFAULT_LIMITS. The top-level
``api_guardian_not_found`` switch is read here and used by the routes (responses.py).

Upload rules. First upload: ``enforceAuthorizationValidation`` defaults to true. Every endpoint gets
``validateAuthorization = enforce and bool(authSchemes)``. Update: endpoints are matched by
``METHOD path``; a surviving endpoint keeps its id, ``createdAt`` and settings (isEnabled,
validate*BodySchema, injection detection narrowed to the parameters still available, rate
limiting), its derived fields are refreshed, and ``validateAuthorization`` becomes
``(enforce if given else its current validateAuthorization) and bool(authSchemes)``; its
``updatedAt`` moves only when something about it changed. Endpoints gone are removed; new ones get
the defaults below (enforce defaulting to true). ``configuration.updatedAt`` moves on every upload.
Plan limits are checked on uploads only (a fixture's initial document is taken as it is).

No HTTP here: responses.py reads the requests, checks them and answers.
"""

import hashlib
from datetime import datetime, timezone

from ...fixtures import FixtureError, records
from ...openapi.derive import Document, SpecError, YamlRenderer
from ...openapi.limits import LIMITS

DEFAULT_LIMITS = {
    "max_endpoints": 200,
    "max_fields_per_type": 100,
    "max_nesting_depth": 10,
    "max_total_schema_nodes": 5000,
    "max_total_regex_length": 10000,
}

# The settings a new endpoint starts with (validateAuthorization is derived, see above).
ENDPOINT_DEFAULTS = {
    "validateRequestBodySchema": True,
    "validateResponseBodySchema": False,
    "isEnabled": True,
    "injectionDetectionParameters": None,
    "detectParameterXss": False,
    "detectParameterSqli": False,
    "rateLimitingEnabled": False,
    "rateLimitingType": "IP",
    "rateLimitingRequestCount": 100,
    "rateLimitingTimeframe": 60,
}
CONFIG_DEFAULTS = {"isEnabled": True, "executionMode": 0, "bodyLimitAction": 1, "unmatchedPathAction": 1}
GROUPS = ("Path", "Query", "Header", "Cookie")
NOT_FOUND_DEFAULTS = {
    "missing_spec": 200,
    "spec_error_key": "api_guardian.spec_not_found",
    "zone_error_key": "shield_zone.not_found",
}


def _now():
    return datetime.now(timezone.utc).isoformat(timespec="microseconds").replace("+00:00", "Z")


class Endpoint(object):
    def __init__(self, endpoint_id, zone_id, derived, enforce, now):
        self.id = endpoint_id
        self.zone_id = zone_id
        self.derived = derived
        self.settings = dict(ENDPOINT_DEFAULTS)
        self.settings["validateAuthorization"] = bool(enforce and derived["authSchemes"])
        self.created = now
        self.updated = None

    @property
    def key(self):
        return self.derived["requestMethod"], self.derived["requestPath"]

    def refresh(self, derived, enforce, now):
        """Take the new derivation; keep the settings (see the module docstring)."""
        before = (self.derived, dict(self.settings))
        keep = self.settings["validateAuthorization"] if enforce is None else enforce
        self.derived = derived
        self.settings["validateAuthorization"] = bool(keep and derived["authSchemes"])
        chosen = self.settings["injectionDetectionParameters"]
        if chosen is not None:
            available = derived["availableParameters"]
            self.settings["injectionDetectionParameters"] = {
                group: [name for name in chosen.get(group, []) if name in available[group]] for group in GROUPS
            }
        if (self.derived, self.settings) != before:
            self.updated = now

    def model(self):
        data = {
            "apiGuardianEndpointId": self.id,
            "shieldZoneId": self.zone_id,
            "requestMethod": self.derived["requestMethod"],
            "requestPath": self.derived["requestPath"],
        }
        for name in ("validateRequestBodySchema", "validateResponseBodySchema", "validateAuthorization", "isEnabled"):
            data[name] = self.settings[name]
        for name in ("authSchemes", "requestBodySchemaYaml", "responseBodySchemasYaml", "availableParameters"):
            data[name] = self.derived[name]
        for name in (
            "injectionDetectionParameters",
            "detectParameterXss",
            "detectParameterSqli",
            "rateLimitingEnabled",
            "rateLimitingType",
            "rateLimitingRequestCount",
            "rateLimitingTimeframe",
        ):
            data[name] = self.settings[name]
        data["createdAt"] = self.created
        data["updatedAt"] = self.updated
        return data

    def change(self, changes):
        """Apply checked setting changes; ``updatedAt`` moves only when one differs."""
        if any(self.settings[key] != value for key, value in changes.items()):
            self.settings.update(changes)
            self.updated = _now()


def derive(content):
    """``(document, endpoints as the platform shows them)``; raises SpecError."""
    render_yaml = YamlRenderer()
    try:
        document = Document(content)
        endpoints = []
        for item in document.endpoints():
            responses = item["response_schemas"]
            endpoints.append(
                {
                    "requestMethod": item["method"],
                    "requestPath": item["path"],
                    "authSchemes": item["auth_schemes"],
                    "requestBodySchemaYaml": None
                    if item["request_schema"] is None
                    else render_yaml(item["request_schema"]),
                    "responseBodySchemasYaml": None
                    if responses is None
                    else {code: render_yaml(schema) for code, schema in responses.items()},
                    "availableParameters": item["parameters"],
                }
            )
    except RecursionError as exc:
        raise SpecError("The specification nests too deeply to be read.") from exc
    return document, endpoints


def _fixture_mapping(raw, where, known):
    """Refuse a fixture value that is not a mapping of known keys."""
    if not isinstance(raw, dict):
        raise FixtureError("%s must be a mapping" % where)
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise FixtureError(
            "%s has unknown keys %s; known: %s" % (where, ", ".join(map(str, unknown)), ", ".join(known))
        )


def _limits(raw, where, base):
    if raw is None:
        return dict(base)
    _fixture_mapping(raw, where, DEFAULT_LIMITS)
    limits = dict(base)
    for key, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise FixtureError("%s.%s must be a non-negative integer (0 for no limit)" % (where, key))
        limits[key] = value
    return limits


class Zone(object):
    def __init__(self, area, spec, index, default_limits):
        self.area = area
        self.id = int(spec["id"])
        self.plan = spec.get("plan")
        self.forbidden = spec.get("api_guardian_forbidden", False)
        if not isinstance(self.forbidden, bool):
            raise FixtureError("shield_zones[%d].api_guardian_forbidden must be true or false" % index)
        self.limits = _limits(
            spec.get("api_guardian_limits"), "shield_zones[%d].api_guardian_limits" % index, default_limits
        )
        self.config = dict(CONFIG_DEFAULTS)
        self.created = _now()
        self.updated = None
        self.content = None
        self.title = None
        self.version = None
        self.endpoints = []
        initial = spec.get("api_guardian_spec")
        if initial is not None:
            try:
                document, derived = derive(initial)
            except SpecError as exc:
                raise FixtureError("shield_zones[%d].api_guardian_spec: %s" % (index, exc)) from exc
            self.apply(initial, document, derived, None)

    def configuration(self):
        data = {"shieldZoneId": self.id}
        data.update(self.config)
        data["title"] = self.title
        data["version"] = self.version
        for name, key in LIMITS:
            data[name] = self.limits[key]
        data["createdAt"] = self.created
        data["updatedAt"] = self.updated
        return data

    def model(self):
        return {"configuration": self.configuration(), "endpoints": [e.model() for e in self.endpoints]}

    def apply(self, content, document, derived, enforce):
        now = _now()
        current = {endpoint.key: endpoint for endpoint in self.endpoints}
        endpoints = []
        for item in derived:
            endpoint = current.get((item["requestMethod"], item["requestPath"]))
            if endpoint is None:
                endpoint = Endpoint(self.area.next_id(), self.id, item, True if enforce is None else enforce, now)
            else:
                endpoint.refresh(item, enforce, now)
            endpoints.append(endpoint)
        self.endpoints = endpoints
        self.content = content
        self.title = document.title
        self.version = document.version
        self.updated = now

    def configure(self, changes):
        """Apply checked global configuration changes; ``updatedAt`` moves only when one differs."""
        if any(self.config[key] != value for key, value in changes.items()):
            self.config.update(changes)
            self.updated = _now()


def _not_found_switch(raw):
    where = "api_guardian_not_found"
    if raw is None:
        return dict(NOT_FOUND_DEFAULTS)
    _fixture_mapping(raw, where, NOT_FOUND_DEFAULTS)
    switch = dict(NOT_FOUND_DEFAULTS, **raw)
    if switch["missing_spec"] not in (200, 404) or isinstance(switch["missing_spec"], bool):
        raise FixtureError("%s.missing_spec must be 200 or 404" % where)
    for key in ("spec_error_key", "zone_error_key"):
        if switch[key] is not None and not isinstance(switch[key], str):
            raise FixtureError("%s.%s must be a string or null" % (where, key))
    return switch


class ApiGuardianState(object):
    """API Guardian of every shield zone in the fixture; endpoint ids count up across all zones."""

    def __init__(self, fixture, platform):
        self.platform = platform
        self.last_id = 0
        self.not_found = _not_found_switch(fixture.get("api_guardian_not_found"))
        defaults = _limits(fixture.get("api_guardian_default_limits"), "api_guardian_default_limits", DEFAULT_LIMITS)
        self.default_limits = defaults
        self.zones = {}
        for index, spec in enumerate(records(fixture, "shield_zones")):
            zone = Zone(self, spec, index, defaults)
            self.zones[zone.id] = zone

    def shield_zone_created(self, zone_id, plan):
        """A shield zone the shield area created (``POST /shield/shield-zone``): no document, default limits."""
        self.zones[zone_id] = Zone(self, {"id": zone_id, "plan": plan}, len(self.zones), self.default_limits)

    def next_id(self):
        self.last_id += 1
        return self.last_id

    def dump(self):
        zones = []
        for zone in self.zones.values():
            zones.append(
                {
                    "id": zone.id,
                    "plan": zone.plan,
                    "limits": dict(zone.limits),
                    "title": zone.title,
                    "version": zone.version,
                    "has_spec": zone.content is not None,
                    "spec_sha256": None
                    if zone.content is None
                    else hashlib.sha256(zone.content.encode("utf-8")).hexdigest(),
                    "endpoints": ["%s %s" % e.key for e in zone.endpoints],
                }
            )
        return {"shield_zones": zones}
