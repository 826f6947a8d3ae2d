# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""API Guardian settings: the zone-wide configuration and one endpoint's settings.

Options arrive readable (``block``, ``1m``) or as the platform's numbers; they are parsed into the
platform's values, compared with what the zone has, and turned into the PATCH bodies of
``UpdateApiGuardianConfigurationRequest`` and ``UpdateApiGuardianEndpointRequest`` (only what
differs is sent). Views (the diff and the return values) are readable. No Ansible imports: a bad
value raises ``SettingError`` with the sentence the module fails with.
"""

from __future__ import annotations

from .api_guardian_spec import endpoint_key
from ansible_collections.edge.platform.plugins.module_utils._openapi.loader import PARAMETER_GROUPS
from .shield_enums import (
    API_GUARDIAN_ACTIONS, API_GUARDIAN_EXECUTION_MODES, API_GUARDIAN_RATE_LIMIT_TYPES, RATE_LIMIT_TIMEFRAME_VARNAMES,
    RATE_LIMIT_TIMEFRAMES, as_number, enum_name,
)


class SettingError(ValueError):
    """A bad option value; the message names the option and the values it takes."""


def parse_enum(option, value, table):
    """A readable name (any case) or a number of ``table`` -> the number; None stays None."""
    if value is None:
        return None
    number = as_number(value)
    if number is not None and number in table:
        return number
    wanted = str(value).strip().lower()
    for key, name in table.items():
        if name.lower() == wanted:
            return key
    raise SettingError("%s must be one of %s (or their numbers %s); got %r." % (
        option, ", ".join(table.values()), ", ".join(str(k) for k in table), value))


def readable(table, value):
    """The readable name of a platform number; a number this collection does not know stays a number."""
    name = enum_name(table, value)
    return value if name is None else name


def parse_timeframe(option, value):
    """Seconds (1, 10, 60, 300, 900, 3600), a readable name (``1s``, ``10s``, ``1m``, ``5m``, ``15m``,
    ``1h``) or the platform's enum names (``PerOneMinute``) -> seconds."""
    if value is None:
        return None
    number = as_number(value)
    if number is not None and number in RATE_LIMIT_TIMEFRAMES:
        return number
    wanted = str(value).strip().lower()
    for seconds in RATE_LIMIT_TIMEFRAMES:
        if wanted in (RATE_LIMIT_TIMEFRAMES[seconds].lower(), RATE_LIMIT_TIMEFRAME_VARNAMES[seconds].lower()):
            return seconds
    raise SettingError("%s must be one of %s (or the seconds %s); got %r." % (
        option, ", ".join(RATE_LIMIT_TIMEFRAMES.values()), ", ".join(str(s) for s in RATE_LIMIT_TIMEFRAMES), value))


def parse_rate_limit_type(option, value):
    if value is None:
        return None
    for name in API_GUARDIAN_RATE_LIMIT_TYPES:
        if str(value).strip().lower() == name.lower():
            return name
    raise SettingError("%s must be global or ip; got %r." % (option, value))


# -- zone-wide configuration --------------------------------------------------------------------------
# option -> (request property, enum table or None for a bool)
CONFIGURATION_OPTIONS = (
    ("enabled", "isEnabled", None),
    ("execution_mode", "executionMode", API_GUARDIAN_EXECUTION_MODES),
    ("body_limit_action", "bodyLimitAction", API_GUARDIAN_ACTIONS),
    ("unmatched_path_action", "unmatchedPathAction", API_GUARDIAN_ACTIONS),
)


def wanted_configuration(params):
    """``{request property: platform value}`` for the options given (None = not given)."""
    wanted = {}
    for option, prop, table in CONFIGURATION_OPTIONS:
        value = params.get(option)
        if value is not None:
            wanted[prop] = bool(value) if table is None else parse_enum(option, value, table)
    return wanted


def configuration_view(configuration):
    """The readable zone-wide settings of an ApiGuardianConfigurationDetails."""
    configuration = configuration if isinstance(configuration, dict) else {}
    view = {}
    for option, prop, table in CONFIGURATION_OPTIONS:
        value = configuration.get(prop)
        view[option] = value if table is None else readable(table, value)
    return view


def changed_properties(current, wanted):
    """The PATCH body: the wanted properties whose value differs from ``current``."""
    return dict((prop, value) for prop, value in wanted.items() if current.get(prop) != value)


# -- one endpoint ---------------------------------------------------------------------------------------
ENDPOINT_FLAGS = (
    ("enabled", "isEnabled"), ("validate_request_body", "validateRequestBodySchema"),
    ("validate_response_body", "validateResponseBodySchema"), ("validate_authorization", "validateAuthorization"),
    ("detect_xss", "detectParameterXss"), ("detect_sqli", "detectParameterSqli"),
)
RATE_LIMITING_OPTIONS = (
    ("enabled", "rateLimitingEnabled"), ("type", "rateLimitingType"), ("request_count", "rateLimitingRequestCount"),
    ("timeframe", "rateLimitingTimeframe"),
)


def groups(value):
    """ParameterGroups with all four locations in the platform's spelling; null is empty."""
    value = value if isinstance(value, dict) else {}
    return dict((group, list(value.get(group) or [])) for group in PARAMETER_GROUPS)


def _same_selection(first, second):
    a, b = groups(first), groups(second)
    return all(sorted(a[g]) == sorted(b[g]) for g in PARAMETER_GROUPS)


def parse_parameters(option, value, available, where):
    """The wanted ``injectionDetectionParameters``: location keys in any case, names a subset of
    the endpoint's ``availableParameters`` (checked here so the error names every bad one)."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise SettingError("%s must be a mapping of Path, Query, Header and Cookie to lists of parameter names."
                           % option)
    spelling = dict((g.lower(), g) for g in PARAMETER_GROUPS)
    available = groups(available)
    chosen = dict((g, []) for g in PARAMETER_GROUPS)
    bad = []
    for key, names in value.items():
        group = spelling.get(str(key).lower())
        if group is None:
            raise SettingError("%s has an unknown location %r; use Path, Query, Header or Cookie." % (option, key))
        if names is None:
            names = []
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise SettingError("%s.%s must be a list of parameter names." % (option, group))
        for name in names:
            if name not in available[group]:
                bad.append("%s.%s" % (group, name))
            elif name not in chosen[group]:
                chosen[group].append(name)
    if bad:
        offered = ["%s.%s" % (g, n) for g in PARAMETER_GROUPS for n in available[g]]
        raise SettingError("%s names parameters %s does not have: %s. Available: %s." % (
            option, where, ", ".join(bad), ", ".join(offered) or "none"))
    return chosen


def wanted_endpoint(params, endpoint):
    """``{request property: value}`` for the options given, checked against ``endpoint``."""
    where = endpoint_key(endpoint.get("requestMethod"), endpoint.get("requestPath"))
    wanted = {}
    for option, prop in ENDPOINT_FLAGS:
        if params.get(option) is not None:
            wanted[prop] = bool(params[option])
    selection = parse_parameters("injection_detection_parameters", params.get("injection_detection_parameters"),
                                 endpoint.get("availableParameters"), where)
    if selection is not None:
        wanted["injectionDetectionParameters"] = selection
    limiting = params.get("rate_limiting") or {}
    if limiting.get("enabled") is not None:
        wanted["rateLimitingEnabled"] = bool(limiting["enabled"])
    kind = parse_rate_limit_type("rate_limiting.type", limiting.get("type"))
    if kind is not None:
        wanted["rateLimitingType"] = kind
    count = limiting.get("request_count")
    if count is not None:
        if count <= 0:
            raise SettingError("rate_limiting.request_count must be greater than zero; got %d." % count)
        wanted["rateLimitingRequestCount"] = count
    seconds = parse_timeframe("rate_limiting.timeframe", limiting.get("timeframe"))
    if seconds is not None:
        wanted["rateLimitingTimeframe"] = seconds
    return wanted


def endpoint_changes(endpoint, wanted):
    """The PATCH body: wanted properties that differ (a parameter selection compares as sets)."""
    body = {}
    for prop, value in wanted.items():
        if prop == "injectionDetectionParameters":
            if not _same_selection(endpoint.get(prop), value):
                body[prop] = value
        elif endpoint.get(prop) != value:
            body[prop] = value
    return body


def endpoint_view(endpoint):
    """The readable settings of an ApiGuardianEndpointDetails (parameter lists sorted: order carries no meaning)."""
    selection = groups(endpoint.get("injectionDetectionParameters"))
    view = {"id": endpoint.get("apiGuardianEndpointId"), "method": endpoint.get("requestMethod"),
            "path": endpoint.get("requestPath")}
    for option, prop in ENDPOINT_FLAGS:
        view[option] = endpoint.get(prop)
    view["injection_detection_parameters"] = dict((g, sorted(selection[g])) for g in PARAMETER_GROUPS)
    kind = endpoint.get("rateLimitingType")
    seconds = endpoint.get("rateLimitingTimeframe")
    view["rate_limiting"] = {
        "enabled": endpoint.get("rateLimitingEnabled"),
        "type": kind.lower() if isinstance(kind, str) and kind in API_GUARDIAN_RATE_LIMIT_TYPES else kind,
        "request_count": endpoint.get("rateLimitingRequestCount"),
        "timeframe": readable(RATE_LIMIT_TIMEFRAMES, seconds),
        "timeframe_seconds": seconds,
    }
    return view


def find_endpoint(endpoints, method, path):
    """The endpoint written ``method path`` in the spec (method in any case, path exactly as written);
    raises SettingError listing the zone's endpoints when none matches."""
    wanted = endpoint_key(method, path)
    for endpoint in endpoints:
        if endpoint_key(endpoint.get("requestMethod"), endpoint.get("requestPath")) == wanted:
            return endpoint
    listed = sorted(endpoint_key(e.get("requestMethod"), e.get("requestPath")) for e in endpoints)
    if not listed:
        raise SettingError("The zone has no API Guardian endpoints: upload an OpenAPI document with "
                           "edge.platform.api_guardian_spec first.")
    shown = listed[:20]
    more = "" if len(listed) <= 20 else " (and %d more)" % (len(listed) - 20)
    raise SettingError("No API Guardian endpoint %s in this zone; method and path must be written as in the "
                       "OpenAPI document. Available: %s%s." % (wanted, ", ".join(shown), more))


# -- reading --------------------------------------------------------------------------------------------
# The published document declares 403 on every API Guardian route without saying when; the ToshY/BunnyNet-PHP
# client documents it for plans below Advanced (docs/shield-api.md, "Update API Guardian").
PLAN_HINT = ("API Guardian may not be on this shield zone's plan (a 403 is documented by a platform client for "
             "plans below Advanced): check the zone's plan.")


def zone_path(zone_id):
    return "/shield/shield-zone/%d/api-guardian" % zone_id


def read_guardian(client, zone_id):
    """``data`` of GET .../api-guardian: ``{configuration, endpoints}``.

    The conditions of its 404 are not documented (docs/platform-notes.md, "API Guardian: 403 and 404"):
    unknown zone, or possibly
    no specification yet. Either way there is nothing these modules can safely change, so the 404
    fails with both readings named rather than guessing with a write.
    """
    reply = client.request("GET", zone_path(zone_id), "Reading API Guardian of shield zone %d" % zone_id, hints={
        404: "Shield zone %d is not visible to this API key, or has no API Guardian state yet (the platform does "
             "not say which): check shield_zone_id, or upload an OpenAPI document with "
             "edge.platform.api_guardian_spec first." % zone_id,
        403: PLAN_HINT})
    data = reply.object.get("data")
    data = data if isinstance(data, dict) else {}
    return {"configuration": data.get("configuration") if isinstance(data.get("configuration"), dict) else {},
            "endpoints": [e for e in data.get("endpoints") or [] if isinstance(e, dict)]}
