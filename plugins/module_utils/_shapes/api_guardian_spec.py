# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""API Guardian state: reading the platform's shapes, comparing them with a derived document,
predicting the state an upload produces, and shaping both into the module's return values.

The comparison is semantic: the platform's YAML renderings are parsed and compared as data, and
parameter and auth-scheme lists are compared as sets (their order carries no meaning).

:class:`Upload` is the document a task uploads: parsed, derived and measured against a zone's plan limits
before anything is sent, compared with the zone's state, and the sentences the module says about it.
"""

from __future__ import annotations

import json

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._openapi.cache import SpecCache, text_digest
from ansible_collections.edge.platform.plugins.module_utils._openapi.deriver import derive
from ansible_collections.edge.platform.plugins.module_utils._openapi.loader import (
    PARAMETER_GROUPS,
    DocumentError,
    _NoCollection,
    load,
)
from ansible_collections.edge.platform.plugins.module_utils._openapi.metrics import LIMITS, exceeded_limits, measure
from ansible_collections.edge.platform.plugins.module_utils._openapi.renderer import parse_rendered, render

from . import fields as kit

# The readable views of the platform's API Guardian models: tables of the field kit's Shown fields (``fields.py``).
CONFIGURATION_FIELDS = (
    kit.Shown("shield_zone_id", "shieldZoneId"),
    kit.Shown("is_enabled", "isEnabled"),
    kit.Shown("execution_mode", "executionMode"),
    kit.Shown("body_limit_action", "bodyLimitAction"),
    kit.Shown("unmatched_path_action", "unmatchedPathAction"),
    kit.Shown("title", "title"),
    kit.Shown("version", "version"),
    kit.Shown("max_endpoints", "maxEndpoints"),
    kit.Shown("max_fields_per_type", "maxFieldsPerType"),
    kit.Shown("max_nesting_depth", "maxNestingDepth"),
    kit.Shown("max_total_schema_nodes", "maxTotalSchemaNodes"),
    kit.Shown("max_total_regex_length", "maxTotalRegexLength"),
    kit.Shown("created_at", "createdAt"),
    kit.Shown("updated_at", "updatedAt"),
)
AUTH_FIELDS = (
    kit.Shown("scheme_name", "schemeName"),
    kit.Shown("scheme_type", "schemeType"),
    kit.Shown("location", "location"),
    kit.Shown("credential_name", "credentialName"),
    kit.Shown("http_scheme", "httpScheme"),
)


def _auth_schemes(schemes):
    """An endpoint's ``authSchemes``, readable (null stays null)."""
    return None if schemes is None else [kit.readable(AUTH_FIELDS, s) for s in schemes if isinstance(s, dict)]


ENDPOINT_FIELDS = (
    kit.Shown("id", "apiGuardianEndpointId"),
    kit.Shown("shield_zone_id", "shieldZoneId"),
    kit.Shown("request_method", "requestMethod"),
    kit.Shown("request_path", "requestPath"),
    kit.Shown("validate_request_body_schema", "validateRequestBodySchema"),
    kit.Shown("validate_response_body_schema", "validateResponseBodySchema"),
    kit.Shown("validate_authorization", "validateAuthorization"),
    kit.Shown("is_enabled", "isEnabled"),
    kit.Shown("auth_schemes", "authSchemes", _auth_schemes),
    kit.Shown("request_body_schema_yaml", "requestBodySchemaYaml"),
    kit.Shown("response_body_schemas_yaml", "responseBodySchemasYaml"),
    kit.Shown("available_parameters", "availableParameters"),
    kit.Shown("injection_detection_parameters", "injectionDetectionParameters"),
    kit.Shown("detect_parameter_xss", "detectParameterXss"),
    kit.Shown("detect_parameter_sqli", "detectParameterSqli"),
    kit.Shown("rate_limiting_enabled", "rateLimitingEnabled"),
    kit.Shown("rate_limiting_type", "rateLimitingType"),
    kit.Shown("rate_limiting_request_count", "rateLimitingRequestCount"),
    kit.Shown("rate_limiting_timeframe", "rateLimitingTimeframe"),
    kit.Shown("created_at", "createdAt"),
    kit.Shown("updated_at", "updatedAt"),
)


def endpoint_key(method, path):
    return "%s %s" % (str(method or "").upper(), path)


class Current(object):
    """The zone's API Guardian state as read: whether a document is there, configuration, endpoints.

    ``text``: the answer's text this state was decoded from, when it was (the state is then a function of it, so a
    hash of the text stands for the state in the cache's verdicts); None for a predicted state.
    """

    def __init__(self, present, configuration, endpoints, text=None):
        self.present = present
        self.configuration = configuration
        self.endpoints = endpoints
        self.text = text

    @classmethod
    def from_data(cls, data, text=None):
        """From the ``data`` of a 200 answer (decoded from ``text``): no endpoints, no title and no version means no
        document."""
        data = data if isinstance(data, dict) else {}
        configuration = data.get("configuration") if isinstance(data.get("configuration"), dict) else {}
        endpoints = [e for e in data.get("endpoints") or [] if isinstance(e, dict)]
        present = bool(endpoints) or any(configuration.get(k) not in (None, "") for k in ("title", "version"))
        return cls(present, configuration, endpoints, text if isinstance(text, str) else None)

    @classmethod
    def absent(cls, data):
        """A zone with no document (from a 404 answer, which may still carry a configuration)."""
        data = data if isinstance(data, dict) else {}
        configuration = data.get("configuration") if isinstance(data.get("configuration"), dict) else {}
        return cls(False, configuration, [])

    @property
    def limits(self):
        return dict((name, self.configuration.get(name)) for name, dummy in LIMITS)


def _groups(value):
    """ParameterGroups with all four locations; a null group or null object is empty."""
    value = value if isinstance(value, dict) else {}
    return dict((group, list(value.get(group) or [])) for group in PARAMETER_GROUPS)


def _comparable_groups(value):
    return dict((group, sorted(set(str(n) for n in names))) for group, names in _groups(value).items())


def _auth_to_camel(scheme):
    return dict((field.member, scheme.get(field.option)) for field in AUTH_FIELDS)


def _comparable_auth(schemes):
    """Auth schemes as a sorted list; HTTP scheme names compare case-insensitively (RFC 7235)."""
    result = []
    for scheme in schemes or []:
        scheme = dict(scheme)
        if isinstance(scheme.get("http_scheme"), str):
            scheme["http_scheme"] = scheme["http_scheme"].lower()
        result.append(scheme)
    return sorted(result, key=lambda s: (str(s.get("scheme_name")), str(s.get("scheme_type"))))


class _Rendered(object):
    """Parses each distinct YAML rendering once (a large document repeats the same error schemas). With a usable
    ``cache`` (:class:`SpecCache`), the renderings of ``endpoints`` are read from it, or parsed at once and stored."""

    def __init__(self, cache=None, endpoints=()):
        self.cache = {}
        if cache is not None and cache.usable:
            texts = {}
            for endpoint in endpoints:
                responses = endpoint.get("responseBodySchemasYaml")
                for text in [endpoint.get("requestBodySchemaYaml")] + list(
                    responses.values() if isinstance(responses, dict) else ()
                ):
                    if isinstance(text, str):
                        texts[text] = None
            self.cache = cache.rendered(list(texts), parse_rendered)
        self.cache[None] = None  # no schema

    def __call__(self, text):
        if text not in self.cache:
            self.cache[text] = parse_rendered(text)
        return self.cache[text]


def _view_current(endpoint, parse):
    responses = endpoint.get("responseBodySchemasYaml")
    return {
        "parameters": _comparable_groups(endpoint.get("availableParameters")),
        "auth_schemes": _comparable_auth(_auth_schemes(endpoint.get("authSchemes") or [])),
        "request_body_schema": parse(endpoint.get("requestBodySchemaYaml")),
        "response_body_schemas": dict(
            (str(code), parse(text)) for code, text in (responses.items() if isinstance(responses, dict) else ())
        ),
        "validate_authorization": endpoint.get("validateAuthorization"),
    }


def _view_derived(endpoint, validate_authorization):
    return {
        "parameters": _comparable_groups(endpoint["parameters"]),
        "auth_schemes": _comparable_auth(endpoint["auth_schemes"]),
        "request_body_schema": endpoint["request_body_schema"],
        "response_body_schemas": dict(endpoint["response_body_schemas"]),
        "validate_authorization": validate_authorization,
    }


def wanted_authorization(derived_endpoint, enforce, current_endpoint):
    """``validateAuthorization`` after an upload: the flag (when omitted: the surviving endpoint's
    current setting, or true for a new one) and at least one auth scheme."""
    if enforce is None:
        enforce = True if current_endpoint is None else bool(current_endpoint.get("validateAuthorization"))
    return bool(enforce and derived_endpoint["auth_schemes"])


class Comparison(object):
    """``differs``, ``changes`` (the summary return) and the ``before``/``after`` diff views."""

    def __init__(self, current, derived, enforce, cache=None):
        parse = _Rendered(cache, current.endpoints)
        by_key = {}
        for endpoint in current.endpoints:
            by_key.setdefault(endpoint_key(endpoint.get("requestMethod"), endpoint.get("requestPath")), endpoint)
        before_endpoints = dict((key, _view_current(e, parse)) for key, e in by_key.items())
        after_endpoints = {}
        for endpoint in derived["endpoints"]:
            key = endpoint_key(endpoint["method"], endpoint["path"])
            after_endpoints[key] = _view_derived(endpoint, wanted_authorization(endpoint, enforce, by_key.get(key)))
        title = (configuration_value(current, "title"), derived["title"])
        version = (configuration_value(current, "version"), derived["version"])
        self.before = {"title": title[0], "version": version[0], "endpoints": before_endpoints}
        self.after = {"title": title[1], "version": version[1], "endpoints": after_endpoints}
        self.changes = {
            "endpoints_added": [k for k in after_endpoints if k not in before_endpoints],
            "endpoints_removed": [k for k in before_endpoints if k not in after_endpoints],
            "endpoints_changed": [
                k for k in after_endpoints if k in before_endpoints and before_endpoints[k] != after_endpoints[k]
            ],
            "title": None if title[0] == title[1] else {"before": title[0], "after": title[1]},
            "version": None if version[0] == version[1] else {"before": version[0], "after": version[1]},
        }
        self.differs = not current.present or any(self.changes.values())
        self.parse = parse


# What a stored "no difference" verdict depends on besides the two texts and the options (see Upload.compare): bump
# when the comparison above counts anything differently.
COMPARISON_FORMAT = 1


class Unchanged(object):
    """A :class:`Comparison` known from the cache's verdict to find no difference, without its views (``before`` and
    ``after`` are one placeholder, so they compare equal; never a diff)."""

    def __init__(self):
        self.before = self.after = {"unchanged": True}
        self.changes = dict(endpoints_added=[], endpoints_removed=[], endpoints_changed=[], title=None, version=None)
        self.differs = False
        self.parse = _Rendered()


def configuration_value(current, name):
    return current.configuration.get(name) if current.present else None


def compare(current, derived, enforce, cache=None):
    """The :class:`Comparison` of the zone's state with ``derived``; ``cache``: a :class:`SpecCache` for the
    platform's renderings."""
    return Comparison(current, derived, enforce, cache)


def _rendered_or_kept(kept_text, data, parse):
    """The platform's own text when it already says the same, else a fresh rendering."""
    if kept_text is not None and parse(kept_text) == data:
        return kept_text
    return render(data)


def predict(current, derived, enforce, zone_id, parse=None):
    """``(configuration, endpoints)`` in the platform's shapes after uploading ``derived``.

    Surviving endpoints keep their id and settings; new ones get what the document says and null
    for the settings only the platform assigns.
    """
    parse = parse or _Rendered()
    configuration = dict(current.configuration) if current.configuration else {"shieldZoneId": zone_id}
    configuration["title"] = derived["title"]
    configuration["version"] = derived["version"]
    by_key = {}
    for endpoint in current.endpoints:
        by_key.setdefault(endpoint_key(endpoint.get("requestMethod"), endpoint.get("requestPath")), endpoint)
    endpoints = []
    for endpoint in derived["endpoints"]:
        kept = by_key.get(endpoint_key(endpoint["method"], endpoint["path"]))
        shaped = dict(kept) if kept is not None else dict.fromkeys(field.member for field in ENDPOINT_FIELDS)
        if kept is None:
            shaped.update(shieldZoneId=zone_id, requestMethod=endpoint["method"], requestPath=endpoint["path"])
        groups = _groups(endpoint["parameters"])
        kept_responses = (kept or {}).get("responseBodySchemasYaml")
        kept_responses = kept_responses if isinstance(kept_responses, dict) else {}
        responses = dict(
            (code, _rendered_or_kept(kept_responses.get(code), schema, parse))
            for code, schema in endpoint["response_body_schemas"].items()
        )
        shaped.update(
            availableParameters=groups,
            authSchemes=[_auth_to_camel(s) for s in endpoint["auth_schemes"]] or None,
            requestBodySchemaYaml=None
            if endpoint["request_body_schema"] is None
            else _rendered_or_kept((kept or {}).get("requestBodySchemaYaml"), endpoint["request_body_schema"], parse),
            responseBodySchemasYaml=responses or None,
            validateAuthorization=wanted_authorization(endpoint, enforce, kept),
        )
        selected = shaped.get("injectionDetectionParameters")
        if isinstance(selected, dict):
            # the selection stays a subset of what the endpoint still has
            shaped["injectionDetectionParameters"] = dict(
                (g, [n for n in _groups(selected)[g] if n in groups[g]]) for g in PARAMETER_GROUPS
            )
        endpoints.append(shaped)
    return configuration, endpoints


def shape_configuration(configuration):
    return kit.readable(CONFIGURATION_FIELDS, configuration)


def shape_endpoint(endpoint):
    return kit.readable(ENDPOINT_FIELDS, endpoint)


class Upload(object):
    """The OpenAPI document of a task (``text``, from ``option``) with its ``enforce`` flag, before anything is sent.

    Creating it parses and derives the document: an unusable one raises InputError naming ``option``. With a
    ``cache`` (:class:`SpecCache`) holding the derived forms of this very text, nothing is parsed: the derived
    endpoints, the metrics and the platform's parsed renderings come from it (see the cache's docstring), the
    derived endpoints only when a comparison needs them (a stored verdict may spare that too, see :meth:`compare`).
    """

    def __init__(self, text, option, enforce, cache=None):
        self.text = text
        self.option = option
        self.enforce = enforce
        self.cache = cache if cache is not None else SpecCache(enabled=False)
        self._document = None
        self._derived = None
        self.digest = text_digest(text) if self.cache.usable and isinstance(text, str) else None
        if self.digest is None or not self.cache.known_document(self.digest):
            self.derived  # pylint: disable=pointless-statement  # parsed now: an unusable document sends nothing
        # else: this text was derived without error before; its derived form is read when a comparison needs it

    @property
    def derived(self):
        """What API Guardian derives from the document (from the cache when it holds this text)."""
        if self._derived is None:
            try:
                with _NoCollection():  # tens of thousands of objects and no cycles: collecting only costs time
                    if self.digest is None:
                        self._derived = derive(self.document)
                    else:
                        self._derived = self.cache.document(self.digest, lambda: derive(self.document))
            except DocumentError as exc:
                raise self.unusable(exc)
        return self._derived

    @property
    def document(self):
        """The parsed :class:`Document` (parsed on first use: a cached run may never need it)."""
        if self._document is None:
            self._document = load(self.text)
        return self._document

    def unusable(self, exc):
        return InputError(
            "%s: the OpenAPI document is unusable: %s. Fix the document and run again." % (self.option, exc),
            option=self.option,
        )

    def measure(self, limits, mode):
        """``(metrics, problems)`` against the zone's ``limits`` by O(plan_limits) ``mode``; ``(None, [])`` when
        ignored."""
        if mode == "ignore":
            return None, []
        try:
            if self.digest is None:
                metrics = measure(self.document, limits)
            else:
                metrics = self.cache.metrics(self.digest, limits, lambda: measure(self.document, limits))
        except DocumentError as exc:
            raise self.unusable(exc)
        return metrics, exceeded_limits(metrics, limits)

    def over_limits(self, zone_id, problems):
        """The failure of plan_limits=check."""
        return (
            "%s: the OpenAPI document exceeds the plan limits of shield zone %d by this module's count (an "
            "estimate of the platform's rules): %s. Simplify the document (or move the zone to a plan with "
            "higher limits), or set plan_limits=warn to let the platform decide, and run again."
            % (self.option, zone_id, "; ".join(problems))
        )

    def uploading_anyway(self, zone_id, problems):
        """The warning of plan_limits=warn when the document is sent."""
        return (
            "%s: by this module's count (an estimate of the platform's rules) the OpenAPI document exceeds the "
            "plan limits of shield zone %d: %s. Uploading anyway: the platform decides (plan_limits=check "
            "refuses such a document before any write)." % (self.option, zone_id, "; ".join(problems))
        )

    def compare(self, current, views=True):
        """The :class:`Comparison` of ``current`` with the document.

        ``views=False`` (a run that needs no diff and no write unless something differs): when the cache holds the
        verdict that this document and this very answer text (same options) make no difference, an
        :class:`Unchanged` without views; a full comparison finding no difference stores that verdict.
        """
        verdict = None
        if not views and self.digest is not None and current.present and current.text is not None:
            verdict = (self.digest, text_digest(current.text), "%s %d" % (json.dumps(self.enforce), COMPARISON_FORMAT))
            if self.cache.same(*verdict):
                return Unchanged()
        with _NoCollection():
            comparison = compare(current, self.derived, self.enforce, self.cache)
        if verdict is not None and not comparison.differs:
            self.cache.remember_same(*verdict)
        return comparison

    def predict(self, current, comparison, zone_id):
        """The zone's state after the upload, as a :class:`Current`."""
        return Current(True, *predict(current, self.derived, self.enforce, zone_id, comparison.parse))

    def reached(self, comparison):
        """``reached(now)`` for the reconciler: whether the state read back derives the document (a zone still
        without a document never counts as the upload having landed)."""
        return lambda now: now.present and self.compare(now, views=True).before == comparison.after


def refusal(error, problems):
    """The sentence of a platform refusal (4xx) of a document the module measured over a limit: the error's own
    with the measurement; None (the error's own) otherwise."""
    if problems and error.status is not None and 400 <= error.status < 500:
        return "%s By this module's count (an estimate) the document exceeds: %s." % (
            error.describe(),
            "; ".join(problems),
        )
    return None


def shape_state(current, endpoints=True):
    """The ``configuration`` and ``endpoints`` return values of a zone's state (``endpoints`` false: the
    configuration alone)."""
    if not endpoints:
        return {"configuration": shape_configuration(current.configuration)}
    with _NoCollection():  # thousands of new dicts and no cycles
        return {
            "configuration": shape_configuration(current.configuration),
            "endpoints": [shape_endpoint(e) for e in current.endpoints],
        }
