# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""API Guardian of a shield zone in an account snapshot (pure Python): its settings as ``api_guardian`` takes them,
each endpoint as ``api_guardian_endpoint`` takes it, and the zone's OpenAPI document as an attachment for
``api_guardian_spec``.

The platform never returns the document it was given, only what it derived from it (docs/platform-notes.md,
"Account snapshots: shield zones"). The attachment is therefore a document rebuilt from that derived state: title and
version, each endpoint with its parameters by location, its auth schemes and its JSON request and response schemas.
It is kept only when this collection's own derivation of it (``_openapi``, as ``api_guardian_spec`` compares) gives
back exactly the state read, so uploading it is no change; else the document and the endpoints are skipped, named.
"""

from __future__ import annotations

import json

from ansible_collections.edge.platform.plugins.module_utils._api import api_guardian as guardian
from ansible_collections.edge.platform.plugins.module_utils._api import shield_zones
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_kit import attachment, pruned
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError
from ansible_collections.edge.platform.plugins.module_utils._openapi.deriver import derive
from ansible_collections.edge.platform.plugins.module_utils._openapi.loader import (
    PARAMETER_GROUPS,
    DocumentError,
    load,
)
from ansible_collections.edge.platform.plugins.module_utils._openapi.renderer import parse_rendered
from ansible_collections.edge.platform.plugins.module_utils._shapes.api_guardian_settings import CONFIGURATION, ENDPOINT
from ansible_collections.edge.platform.plugins.module_utils._shapes.api_guardian_spec import compare

SUFFIX = "openapi.json"
# what an endpoint item holds beside its settings: the endpoint's identity in the document
IDENTITY = ("method", "path")
JSON = "application/json"
# AuthSchemeDetails.schemeType -> the security scheme of an OpenAPI 3 document that derives it (_openapi/deriver.py)
SCHEMES = {
    "ApiKey": lambda s: {"type": "apiKey", "in": str(s.get("location")).lower(), "name": s.get("credentialName")},
    "Http": lambda s: {"type": "http", "scheme": s.get("httpScheme")},
    "OAuth2": lambda s: {"type": "oauth2", "flows": {}},
    "OpenIdConnect": lambda s: {"type": "openIdConnect", "openIdConnectUrl": ""},
}


class NotRebuilt(Exception):
    """The zone's document cannot be rebuilt from what the platform derived (the message says why)."""


def read_state(client, zone_id):
    """``(state, why)``: the zone's API Guardian state (``api_guardian.Current``; a 404 of a zone that exists is no
    document yet), or None and why when the platform refuses it (a 403: API Guardian is likely not on the zone's plan,
    docs/platform-notes.md, "API Guardian: 403 and 404")."""
    try:
        return guardian.get_or_absent(client, zone_id, shield_zones.not_visible(zone_id)), None
    except ApiError as error:
        if error.status != 403:
            raise
        return None, "API Guardian answered HTTP 403 (%s): likely not on the zone's plan" % (error.message or "refused")


def settable(settings, model):
    """The readable values of ``settings`` (a ``Settings`` table) a module takes, nested as its options, and the
    endpoint's identity: ids and values only shown are left out."""
    view = settings.view(model)
    kept = {}
    for field in settings.fields:
        if not (field.settable or field.option in IDENTITY):
            continue
        source, place = view, kept
        for name in field.path[:-1]:
            source, place = source.get(name, {}), place.setdefault(name, {})
        place[field.path[-1]] = source.get(field.path[-1])
    return kept


def endpoint_entry(endpoint):
    """One endpoint as ``api_guardian_endpoint`` takes it; a request count below 1 (rate limiting never set up) is
    left out, as the module takes 1 and more."""
    entry = settable(ENDPOINT, endpoint)
    limiting = entry.get("rate_limiting", {})
    if not (isinstance(limiting.get("request_count"), int) and limiting["request_count"] >= 1):
        limiting.pop("request_count", None)
    return pruned(entry)


def security_schemes(endpoints):
    """``components.securitySchemes`` of every endpoint's auth schemes; one name meaning two schemes cannot be
    written in one document."""
    schemes = {}
    for endpoint in endpoints:
        for scheme in endpoint.get("authSchemes") or []:
            build = SCHEMES.get(scheme.get("schemeType"))
            if build is None:
                raise NotRebuilt("an auth scheme of type %r has no OpenAPI form" % scheme.get("schemeType"))
            name, written = str(scheme.get("schemeName")), build(scheme)
            if schemes.setdefault(name, written) != written:
                raise NotRebuilt("two endpoints name different auth schemes %r" % name)
    return schemes


def json_content(text):
    return {"content": {JSON: {"schema": parse_rendered(text)}}}


def operation(endpoint):
    """The OpenAPI operation that derives ``endpoint``: parameters, security, JSON request and response schemas."""
    groups = endpoint.get("availableParameters") or {}
    parameters = [
        dict({"name": name, "in": group.lower()}, **({"required": True} if group == "Path" else {}))
        for group in PARAMETER_GROUPS
        for name in groups.get(group) or []
    ]
    responses = endpoint.get("responseBodySchemasYaml") or {}
    written = {
        "responses": {str(code): dict(json_content(text), description=str(code)) for code, text in responses.items()}
        or {"default": {"description": "default"}},
        "security": [{str(scheme.get("schemeName")): []} for scheme in endpoint.get("authSchemes") or []],
    }
    if parameters:
        written["parameters"] = parameters
    if endpoint.get("requestBodySchemaYaml") is not None:
        written["requestBody"] = json_content(endpoint["requestBodySchemaYaml"])
    return written


def rebuilt_document(state):
    """The text of an OpenAPI 3.0 document (JSON, keys sorted) that derives the zone's ``state``; NotRebuilt when
    none does."""
    paths = {}
    for endpoint in state.endpoints:
        method = str(endpoint.get("requestMethod")).lower()
        paths.setdefault(str(endpoint.get("requestPath")), {})[method] = operation(endpoint)
    info = {key: state.configuration.get(key) or "" for key in ("title", "version")}
    document = {"openapi": "3.0.3", "info": info, "paths": paths}
    schemes = security_schemes(state.endpoints)
    if schemes:
        document["components"] = {"securitySchemes": schemes}
    text = json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    try:
        differs = compare(state, derive(load(text)), None).differs
    except DocumentError as error:
        raise NotRebuilt("the rebuilt document does not load (%s)" % error)
    if differs:
        raise NotRebuilt("the document rebuilt from the derived state derives another state")
    return text


def guardian_item(kind, name, state, reading):
    """``(item, attachments)``: the zone's API Guardian as its file holds it (``{settings, spec_file, endpoints}``)
    and its document; ``(None, [])`` when no document was uploaded (nothing to write back), or when it cannot be
    rebuilt (skipped, with why)."""
    if state is None or not state.present:
        return None, []
    try:
        text = rebuilt_document(state)
    except NotRebuilt as problem:
        reading.skip(kind, name, "API Guardian (its OpenAPI document and endpoint settings)", str(problem))
        return None, []
    document = attachment(kind, name, SUFFIX, text)
    endpoints = sorted(
        (endpoint_entry(endpoint) for endpoint in state.endpoints),
        key=lambda entry: (entry["path"], entry["method"]),
    )
    item = {"settings": pruned(settable(CONFIGURATION, state.configuration)), "spec_file": document["path"]}
    return dict(item, endpoints=endpoints), [document]
