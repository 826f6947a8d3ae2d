"""API Guardian of shield zones (shield API: camelCase JSON, ``{error, data}`` envelopes).

Routes (all need ``AccessKey``; without a valid one: 401 ProblemDetails):

- ``GET   /shield/shield-zone/{id}/api-guardian``: configuration and endpoints.
- ``POST  /shield/shield-zone/{id}/api-guardian/spec``: first upload of a specification.
- ``PATCH /shield/shield-zone/{id}/api-guardian/spec``: replace the specification.
- ``PATCH /shield/shield-zone/{id}/api-guardian``: global configuration (isEnabled, modes).
- ``PATCH /shield/shield-zone/{id}/api-guardian/endpoint/{endpointId}``: one endpoint's settings.

A zone without a specification answers ``GET`` with 200: its configuration (plan limits included,
``title`` and ``version`` null, ``updatedAt`` null) and ``endpoints: []``. The global configuration
and the plan limits exist before any upload and a client needs the limits to check a document
before its first upload, so the platform most plausibly reports them rather than a 404.

Errors, in the order a request meets them. Bodies are the ``{error: GenericRequestResponse}``
envelope (``success: false``, ``statusCode`` = the HTTP status) without ``data``, except 401 and
415, which answer ProblemDetails as ASP.NET does before a controller runs:

- 401 ProblemDetails: no or wrong ``AccessKey``.
- 415 ProblemDetails: a write whose Content-Type is not ``application/json``, ``text/json`` or
  ``application/*+json`` (parameters such as ``charset`` allowed; missing counts as wrong).
- 400 ``request.invalid_json``: empty body, or not JSON.
- 400 ``request.invalid_body``: body not an object, or a property of the wrong type or value.
- 400 ``request.unknown_property``: a property the request model does not have (named).
- 404 ``shield_zone.not_found``: no shield zone with that id.
- 403 ``api_guardian.not_available``: the zone's fixture entry has ``api_guardian_forbidden: true``.
  The document declares 403 (the envelope) on every route without saying when; a plan without API
  Guardian is the likely reason (docs/platform-notes.md, "API Guardian: 403 and 404", inferred), so this is a
  switch, not a rule.
- 404 ``api_guardian.endpoint_not_found``: endpoint PATCH for an id the zone does not have.
- 400 ``api_guardian.content_required``: spec write whose ``content`` is missing, null or blank.
- 409 ``api_guardian.spec_exists``: POST /spec when the zone already has a specification.
- 404 ``api_guardian.spec_not_found``: PATCH /spec when the zone has none yet.
- 400 ``api_guardian.invalid_spec``: the document is unreadable (YAML/JSON error with line and
  column; a key written twice in one mapping, named with its line) or not a usable Swagger 2.0 /
  OpenAPI 3.0 / 3.1 document; the message names the problem and where (a JSON pointer such as
  ``#/paths/~1pets/get``). YAML is read with the YAML 1.2 core schema (see openapi/text.py).
- 403 ``api_guardian.plan_limit_exceeded``: the first limit exceeded, in the order maxEndpoints,
  maxFieldsPerType, maxNestingDepth, maxTotalSchemaNodes, maxTotalRegexLength; the message is
  ``Plan limit <name> exceeded: <measured value and where>; the plan allows <limit>.`` A limit of
  0 is no limit (not checked, reported as 0): the fields are non-nullable int32, so 0 is the only
  way they can say "none", and the collection reads 0 the same way.
- 400 ``api_guardian.invalid_setting``: endpoint PATCH with a request count below 1, or injection
  detection parameters the endpoint does not have (every one named). ``injectionDetectionParameters``
  is ``additionalProperties: false`` too: a location other than Path, Query, Header or Cookie is a
  ``request.unknown_property`` naming ``injectionDetectionParameters.<key>``.

Property names are matched case-insensitively, as ASP.NET's JSON binding does.

404 switch (top-level ``api_guardian_not_found``, every key optional): the platform's 404 conditions
and error keys are not documented (docs/platform-notes.md, "API Guardian: 403 and 404"), so a client must not tell
"no specification yet" from "no such zone" by the error key. ``missing_spec: 404`` makes ``GET`` of a zone without a
specification answer 404 (default 200, as above) with ``spec_error_key`` (default
``api_guardian.spec_not_found``; null for none); ``zone_error_key`` replaces the unknown zone's
``shield_zone.not_found`` (null for none). Setting both keys alike makes the two 404s identical.

State, fixture and upload rules: models.py.
"""

import json

from ...messages import json_response, shield_json
from ...openapi.derive import SpecError
from ...openapi.limits import LIMITS, first_exceeded, measure
from .models import GROUPS, ApiGuardianState, derive

ZONE = r"/shield/shield-zone/(?P<id>[0-9]+)/api-guardian"
SPEC_FIELDS = {"content": (str,), "enforceAuthorizationValidation": (bool,)}
CONFIG_FIELDS = {
    "isEnabled": (bool,),
    "executionMode": (0, 1),
    "bodyLimitAction": (0, 1, 2),
    "unmatchedPathAction": (0, 1, 2),
}
ENDPOINT_FIELDS = {
    "isEnabled": (bool,),
    "validateRequestBodySchema": (bool,),
    "validateResponseBodySchema": (bool,),
    "validateAuthorization": (bool,),
    "injectionDetectionParameters": (dict,),
    "detectParameterXss": (bool,),
    "detectParameterSqli": (bool,),
    "rateLimitingEnabled": (bool,),
    "rateLimitingType": ("Global", "IP"),
    "rateLimitingRequestCount": (int,),
    "rateLimitingTimeframe": (1, 10, 60, 300, 900, 3600),
}


class Failure(Exception):
    """An error answer, raised from deep inside a handler."""

    def __init__(self, response):
        super().__init__(response.status)
        self.response = response


def envelope(status, message=None, error_key=None, data=None):
    body = {"error": {"statusCode": status, "success": 200 <= status < 300, "message": message, "errorKey": error_key}}
    if data is not None:
        body["data"] = data
    return shield_json(status, body)


def fail(status, error_key, message):
    return Failure(envelope(status, message, error_key))


def unsupported_media_type(content_type):
    return Failure(
        json_response(
            415,
            {
                "type": "https://tools.ietf.org/html/rfc9110#section-15.5.16",
                "title": "Unsupported Media Type",
                "status": 415,
                "detail": "Content-Type %r is not accepted: send application/json, text/json or "
                "application/*+json." % (content_type or ""),
                "instance": None,
            },
            content_type="application/problem+json; charset=utf-8",
        )
    )


def _not_json(name):
    raise ValueError("%s is not a JSON value" % name)


def read_body(request, fields):
    """The request object with its properties renamed to the model's spelling; raises Failure."""
    content_type = request.header("Content-Type") or ""
    base = content_type.split(";", 1)[0].strip().lower()
    if not (base in ("application/json", "text/json") or (base.startswith("application/") and base.endswith("+json"))):
        raise unsupported_media_type(content_type)
    if not request.body:
        raise fail(400, "request.invalid_json", "A request body is required.")
    try:
        # NaN and Infinity are not JSON (RFC 8259): the platform's binder refuses them (messages.Request.json)
        data = json.loads(request.body.decode("utf-8-sig"), parse_constant=_not_json)
    except (UnicodeDecodeError, ValueError) as exc:
        raise fail(400, "request.invalid_json", "The request body is not valid JSON: %s." % exc) from exc
    if not isinstance(data, dict):
        raise fail(400, "request.invalid_body", "The request body must be a JSON object.")
    spelling = {name.lower(): name for name in fields}
    body = {}
    for key, value in data.items():
        name = spelling.get(key.lower())
        if name is None:
            raise fail(
                400,
                "request.unknown_property",
                "The request body has an unknown property %r; allowed: %s." % (key, ", ".join(fields)),
            )
        if value is not None and not _fits(value, fields[name]):
            raise fail(400, "request.invalid_body", "Property %r has an invalid value %r." % (name, value))
        body[name] = value
    return body


def _fits(value, allowed):
    if all(isinstance(kind, type) for kind in allowed):
        if isinstance(value, bool):
            return bool in allowed
        return isinstance(value, allowed)
    return not isinstance(value, bool) and value in allowed


class ApiGuardianArea(ApiGuardianState):
    """The API Guardian routes over the zones' state (models.ApiGuardianState)."""

    name = "api_guardian"

    def register(self, router):
        router.add("GET", ZONE, self._guarded(self.get), auth="problem")
        router.add("PATCH", ZONE, self._guarded(self.configure), auth="problem")
        router.add("POST", ZONE + "/spec", self._guarded(self.upload), auth="problem")
        router.add("PATCH", ZONE + "/spec", self._guarded(self.update), auth="problem")
        router.add("PATCH", ZONE + r"/endpoint/(?P<endpoint>[0-9]+)", self._guarded(self.endpoint), auth="problem")

    @staticmethod
    def _guarded(handler):
        def run(request):
            try:
                return handler(request)
            except Failure as failure:
                return failure.response

        return run

    def _zone(self, request):
        zone = self.zones.get(int(request.params["id"]))
        if zone is None:
            raise fail(404, self.not_found["zone_error_key"], "Shield zone %s was not found." % request.params["id"])
        if zone.forbidden:
            raise fail(403, "api_guardian.not_available", "API Guardian is not available on shield zone %d." % zone.id)
        return zone

    # -- handlers -----------------------------------------------------------------------------
    def get(self, request):
        zone = self._zone(request)
        if zone.content is None and self.not_found["missing_spec"] == 404:
            # the unknown zone's text: with equal keys, nothing tells the two 404s apart
            raise fail(404, self.not_found["spec_error_key"], "Shield zone %d was not found." % zone.id)
        return envelope(200, data=zone.model())

    def upload(self, request):
        return self._write(request, first=True)

    def update(self, request):
        return self._write(request, first=False)

    def _write(self, request, first):
        body = read_body(request, SPEC_FIELDS)
        zone = self._zone(request)
        content = body.get("content")
        if content is None or not content.strip():
            raise fail(400, "api_guardian.content_required", "content is required: the OpenAPI document text.")
        if first and zone.content is not None:
            raise fail(
                409,
                "api_guardian.spec_exists",
                "Shield zone %d already has an OpenAPI specification; "
                "update it with PATCH .../api-guardian/spec." % zone.id,
            )
        if not first and zone.content is None:
            raise fail(
                404,
                "api_guardian.spec_not_found",
                "Shield zone %d has no OpenAPI specification to update; "
                "upload one with POST .../api-guardian/spec." % zone.id,
            )
        try:
            document, derived = derive(content)
            measured = measure(document, len(derived))
        except (SpecError, RecursionError) as exc:
            message = str(exc) if isinstance(exc, SpecError) else "The specification nests too deeply to be read."
            raise fail(400, "api_guardian.invalid_spec", "Invalid OpenAPI specification: %s" % message) from exc
        exceeded = first_exceeded(measured, {name: zone.limits[key] for name, key in LIMITS})
        if exceeded is not None:
            raise fail(403, "api_guardian.plan_limit_exceeded", exceeded[1])
        zone.apply(content, document, derived, body.get("enforceAuthorizationValidation"))
        message = "OpenAPI specification uploaded." if first else "OpenAPI specification updated."
        return envelope(200, message, data=zone.model())

    def configure(self, request):
        body = read_body(request, CONFIG_FIELDS)
        zone = self._zone(request)
        zone.configure({key: value for key, value in body.items() if value is not None})
        return envelope(200, data=zone.configuration())

    def endpoint(self, request):
        body = read_body(request, ENDPOINT_FIELDS)
        zone = self._zone(request)
        wanted = int(request.params["endpoint"])
        found = [e for e in zone.endpoints if e.id == wanted]
        if not found:
            raise fail(
                404,
                "api_guardian.endpoint_not_found",
                "Endpoint %d was not found in shield zone %d." % (wanted, zone.id),
            )
        endpoint = found[0]
        changes = {key: value for key, value in body.items() if value is not None}
        self._check_endpoint_changes(endpoint, changes)
        endpoint.change(changes)
        return envelope(200, data=endpoint.model())

    @staticmethod
    def _check_endpoint_changes(endpoint, changes):
        count = changes.get("rateLimitingRequestCount")
        if count is not None and count <= 0:
            raise fail(400, "api_guardian.invalid_setting", "rateLimitingRequestCount must be greater than zero.")
        chosen = changes.get("injectionDetectionParameters")
        if chosen is not None:
            available = endpoint.derived["availableParameters"]
            normalised = _parameter_groups(chosen)
            missing = [
                "%s.%s" % (group, name)
                for group in GROUPS
                for name in normalised[group]
                if name not in available[group]
            ]
            if missing:
                raise fail(
                    400,
                    "api_guardian.invalid_setting",
                    "injectionDetectionParameters must be a subset of the endpoint's availableParameters: "
                    "%s %s has no %s." % (endpoint.key[0], endpoint.key[1], ", ".join(missing)),
                )
            changes["injectionDetectionParameters"] = normalised


def _parameter_groups(chosen):
    """A ParameterGroups request value (``additionalProperties: false``; keys bound case-insensitively
    like every property; a null group is empty) with all four groups; raises Failure naming the field."""
    spelling = {group.lower(): group for group in GROUPS}
    groups = {group: [] for group in GROUPS}
    for key, names in chosen.items():
        group = spelling.get(key.lower())
        if group is None:
            raise fail(
                400,
                "request.unknown_property",
                "The request body has an unknown property "
                "'injectionDetectionParameters.%s'; allowed: %s." % (key, ", ".join(GROUPS)),
            )
        if names is None:
            continue
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            raise fail(
                400,
                "request.invalid_body",
                "Property 'injectionDetectionParameters.%s' must be an array of strings." % group,
            )
        groups[group] = list(dict.fromkeys(names))
    return groups


AREA = ApiGuardianArea
