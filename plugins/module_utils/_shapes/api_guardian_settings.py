# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""API Guardian settings: the zone-wide configuration and one endpoint's settings.

One field table per shape (:data:`CONFIGURATION`, :data:`ENDPOINT`) drives every conversion, the way the
``dnszone_dnssec`` module's table does: the options (readable, ``block`` or ``1m``, or the platform's numbers) ->
the platform's values (:meth:`Settings.wanted`), those -> the PATCH body of what differs from the model
(:meth:`Settings.changes`; ``UpdateApiGuardianConfigurationRequest``, ``UpdateApiGuardianEndpointRequest``), and
the platform model -> the readable view the diff and the return values show (:meth:`Settings.view`). No Ansible
imports: a bad value raises ``InputError`` with the sentence the module fails with.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._openapi.loader import PARAMETER_GROUPS

from . import fields as kit
from .api_guardian_spec import endpoint_key
from .shield_enums import (
    API_GUARDIAN_ACTIONS,
    API_GUARDIAN_EXECUTION_MODES,
    API_GUARDIAN_RATE_LIMIT_TYPES,
    RATE_LIMIT_TIMEFRAMES,
    enum_name,
    number_for,
)


def parse_enum(option, value, table):
    """A readable name (any case) or a number -> the number (one the platform added since is sent as it is); None stays
    None."""
    return None if value is None else number_for(option, table, value)


def readable(table, value):
    """The readable name of a platform number; a number this collection does not know stays a number."""
    name = enum_name(table, value)
    return value if name is None else name


def parse_timeframe(option, value):
    """A readable name (``1s``, ``10s``, ``1m``, ``5m``, ``15m``, ``1h``) or seconds -> seconds."""
    return parse_enum(option, value, RATE_LIMIT_TIMEFRAMES)


def parse_rate_limit_type(option, value):
    if value is None:
        return None
    for name in API_GUARDIAN_RATE_LIMIT_TYPES:
        if str(value).strip().lower() == name.lower():
            return name
    raise InputError("%s must be global or ip; got %r." % (option, value), option=option)


def groups(value):
    """ParameterGroups with all four locations in the platform's spelling; null is empty."""
    value = value if isinstance(value, dict) else {}
    return dict((group, list(value.get(group) or [])) for group in PARAMETER_GROUPS)


def parse_parameters(option, value, available, where):
    """The wanted ``injectionDetectionParameters``: location keys in any case, names a subset of
    the endpoint's ``availableParameters`` (checked here so the error names every bad one)."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise InputError(
            "%s must be a mapping of Path, Query, Header and Cookie to lists of parameter names." % option,
            option=option,
        )
    spelling = dict((g.lower(), g) for g in PARAMETER_GROUPS)
    available = groups(available)
    chosen = dict((g, []) for g in PARAMETER_GROUPS)
    bad = []
    for key, names in value.items():
        group = spelling.get(str(key).lower())
        if group is None:
            raise InputError(
                "%s has an unknown location %r; use Path, Query, Header or Cookie." % (option, key), option=option
            )
        if names is None:
            names = []
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise InputError("%s.%s must be a list of parameter names." % (option, group), option=option)
        for name in names:
            if name not in available[group]:
                bad.append("%s.%s" % (group, name))
            elif name not in chosen[group]:
                chosen[group].append(name)
    if bad:
        offered = ["%s.%s" % (g, n) for g in PARAMETER_GROUPS for n in available[g]]
        raise InputError(
            "%s names parameters %s does not have: %s. Available: %s."
            % (option, where, ", ".join(bad), ", ".join(offered) or "none"),
            option=option,
        )
    return chosen


# -- the field tables -------------------------------------------------------------------------------------


def _same(current, wanted):
    return current == wanted


def _as_is(value):
    return value


class Setting(kit.Field):
    """One setting of a shape, a field of the kit whose sub-options the platform holds flat.

    ``option``: its option (dotted for a sub-option, ``rate_limiting.timeframe``); ``member``: the platform's
    property; ``parse(option, value, model)``: the option's value -> the platform's (None: shown, never set;
    ``model`` is the object being changed, for checks against it); ``show(value)``: the platform's value -> readable
    (:meth:`readable`); ``same(current, wanted)``: whether the property already has the wanted value.
    """

    def __init__(self, option, member, parse=None, show=_as_is, same=_same):
        super().__init__(option, member)
        self.path = option.split(".")
        self.parse, self.show, self.same = parse, show, same
        self.settable = parse is not None

    def readable(self, value, unknown=None):
        return self.show(value)


class Settings(object):
    """A shape's field table and the three conversions it drives."""

    def __init__(self, *fields):
        self.fields = fields

    def wanted(self, params, model=None):
        """``{property: platform value}`` for the options given (None = not given), in table order."""
        wanted = {}
        for field in self.fields:
            value = params
            for name in field.path:
                value = (value or {}).get(name)
            if field.parse is not None and value is not None:
                wanted[field.member] = field.parse(field.option, value, model or {})
        return wanted

    def changes(self, model, wanted):
        """The PATCH body: the wanted properties whose value differs from ``model``."""
        same = dict((field.member, field.same) for field in self.fields if field.settable)
        return dict((prop, value) for prop, value in wanted.items() if not same[prop](model.get(prop), value))

    def view(self, model):
        """The readable settings of a platform model (sub-options nested under their option)."""
        model = model if isinstance(model, dict) else {}
        view = {}
        for field in self.fields:
            place = view
            for name in field.path[:-1]:
                place = place.setdefault(name, {})
            place[field.path[-1]] = field.readable(field.read(model))
        return view


def _flag(option, value, model):
    return bool(value)


def _without_model(parse):
    """``parse(option, value)`` as a field's ``parse(option, value, model)``."""
    return lambda option, value, model: parse(option, value)


def _enum(table):
    """``parse`` and ``show`` of a platform enum: readable names or numbers in, readable names out."""
    return {
        "parse": lambda option, value, model: parse_enum(option, value, table),
        "show": lambda value: readable(table, value),
    }


def _parameters(option, value, endpoint):
    where = endpoint_key(endpoint.get("requestMethod"), endpoint.get("requestPath"))
    return parse_parameters(option, value, endpoint.get("availableParameters"), where)


def _sorted_selection(value):
    """Parameter lists sorted: their order carries no meaning."""
    selection = groups(value)
    return dict((g, sorted(selection[g])) for g in PARAMETER_GROUPS)


def _same_selection(current, wanted):
    return _sorted_selection(current) == _sorted_selection(wanted)


def _count(option, value, model):
    """A request count as given: its range (the document's "greater than zero", an int32) is the module's bounds,
    checked before the core runs."""
    return value


def _rate_limit_type_name(kind):
    return kind.lower() if isinstance(kind, str) and kind in API_GUARDIAN_RATE_LIMIT_TYPES else kind


# ApiGuardianConfigurationDetails <-> the api_guardian module's options
CONFIGURATION = Settings(
    Setting("enabled", "isEnabled", _flag),
    Setting("execution_mode", "executionMode", **_enum(API_GUARDIAN_EXECUTION_MODES)),
    Setting("body_limit_action", "bodyLimitAction", **_enum(API_GUARDIAN_ACTIONS)),
    Setting("unmatched_path_action", "unmatchedPathAction", **_enum(API_GUARDIAN_ACTIONS)),
)

# ApiGuardianEndpointDetails <-> the api_guardian_endpoint module's options (id, method and path only shown)
ENDPOINT = Settings(
    Setting("id", "apiGuardianEndpointId"),
    Setting("method", "requestMethod"),
    Setting("path", "requestPath"),
    Setting("enabled", "isEnabled", _flag),
    Setting("validate_request_body", "validateRequestBodySchema", _flag),
    Setting("validate_response_body", "validateResponseBodySchema", _flag),
    Setting("validate_authorization", "validateAuthorization", _flag),
    Setting("detect_xss", "detectParameterXss", _flag),
    Setting("detect_sqli", "detectParameterSqli", _flag),
    Setting(
        "injection_detection_parameters",
        "injectionDetectionParameters",
        _parameters,
        show=_sorted_selection,
        same=_same_selection,
    ),
    Setting("rate_limiting.enabled", "rateLimitingEnabled", _flag),
    Setting(
        "rate_limiting.type", "rateLimitingType", _without_model(parse_rate_limit_type), show=_rate_limit_type_name
    ),
    Setting("rate_limiting.request_count", "rateLimitingRequestCount", _count),
    Setting(
        "rate_limiting.timeframe",
        "rateLimitingTimeframe",
        _without_model(parse_timeframe),
        show=lambda seconds: readable(RATE_LIMIT_TIMEFRAMES, seconds),
    ),
    Setting("rate_limiting.timeframe_seconds", "rateLimitingTimeframe"),
)


def configuration_result(zone_id, configuration):
    """The api_guardian module's return value: the zone, its readable settings, the document's title and version."""
    result = {"shield_zone_id": zone_id}
    result.update(CONFIGURATION.view(configuration))
    result.update(title=configuration.get("title"), version=configuration.get("version"))
    return result


def endpoint_result(endpoint):
    """The api_guardian_endpoint module's return value: the readable settings and the available parameters."""
    return dict(ENDPOINT.view(endpoint), available_parameters=groups(endpoint.get("availableParameters")))


def predicted_endpoint(params, method, path):
    """The api_guardian_endpoint result for an endpoint only predicted (an earlier task's upload, under --check):
    method and path, the settings the task sets, the rest null. Which parameters the document defines is not known
    here, so a selection is checked for its shape only, and ``available_parameters`` is null."""
    selection = params.get("injection_detection_parameters")
    names = [n for names in (selection.values() if isinstance(selection, dict) else ()) for n in names or []]
    model = {
        "requestMethod": method.upper(),
        "requestPath": path,
        "availableParameters": dict((group, list(names)) for group in PARAMETER_GROUPS),
    }
    model.update(ENDPOINT.wanted(params, model))
    return dict(endpoint_result(model), available_parameters=None)


def find_endpoint(endpoints, method, path):
    """The endpoint written ``method path`` in the spec (method in any case, path exactly as written);
    raises InputError listing the zone's endpoints when none matches."""
    wanted = endpoint_key(method, path)
    for endpoint in endpoints:
        if endpoint_key(endpoint.get("requestMethod"), endpoint.get("requestPath")) == wanted:
            return endpoint
    listed = sorted(endpoint_key(e.get("requestMethod"), e.get("requestPath")) for e in endpoints)
    if not listed:
        raise InputError(
            "The zone has no API Guardian endpoints: upload an OpenAPI document with "
            "edge.platform.api_guardian_spec first."
        )
    shown = listed[:20]
    more = "" if len(listed) <= 20 else " (and %d more)" % (len(listed) - 20)
    raise InputError(
        "No API Guardian endpoint %s in this zone; method and path must be written as in the "
        "OpenAPI document. Available: %s%s." % (wanted, ", ".join(shown), more),
        option="path",
    )
