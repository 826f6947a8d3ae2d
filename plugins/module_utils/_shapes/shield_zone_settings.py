# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The settings of a shield zone: one field table drives every conversion between the ``shield_zone`` options and
the platform's ``ShieldZoneRequest`` / ``ShieldZoneResponse`` (pure Python: no Ansible imports).

:data:`FIELDS` has one row per option. Three walkers read it:

- option -> body (:func:`request_members`): the ``shieldZone`` members that change for the options given; the
  ``wafEngineConfig`` list is sent whole, as read, with the given entries replaced. A PATCH carries the whole object
  (:func:`whole_object`): the zone's members as read with those over them, numbers this collection cannot name
  included, as they were read;
- body -> readable (:func:`readable`): the zone as the ``shield_zone`` result and ``shield_zone_info`` show it, in
  the option names (enum numbers as the option's names, a number the collection cannot name as the number with a
  warning: ``enums.readable``; sets as the platform lists them);
- body -> compared (:func:`managed_view`): the options given, normalised as they are compared (sets sorted, header
  names without case), which is also the diff.

``wafEngineConfig`` entries are encoded as the platform's own provider writes and reads them (docs/platform-notes.md,
"Shield zones: create, update, no delete"): paranoia levels as decimal text, methods and HTTP versions as
space-separated words, request content types as ``|type| |type|``.

Upload scanning lives at its own path with its own small table (:data:`UPLOAD_FIELDS`).
"""

from __future__ import annotations

import re

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from .enums import is_number
from .enums import readable as enum_readable
from .shield_enums import (
    BODY_LIMIT_ACTIONS,
    DDOS_SENSITIVITIES,
    EXECUTION_MODES,
    SHIELD_PLANS,
    UPLOAD_SCANNING_MODES,
    as_number,
)

# kinds of row: how the option's value lives in the platform's model
BOOL = "bool"
INT = "int"
ENUM = "enum"
SET = "set"  # a list of strings compared as a set
HEADERS = "headers"  # a set of header names, compared without case
LEVEL = "level"  # a wafEngineConfig entry holding a decimal number
WORDS = "words"  # a wafEngineConfig entry holding space-separated words (a set)
PIPED = "piped"  # a wafEngineConfig entry holding |value| |value| (a set)
ENGINE_KINDS = (LEVEL, WORDS, PIPED)

# option, kind, member of ShieldZoneRequest/Response (or the wafEngineConfig entry name), names of its numbers
FIELDS = (
    ("plan", ENUM, "planType", SHIELD_PLANS),
    ("learning_mode", BOOL, "learningMode", None),
    ("waf_enabled", BOOL, "wafEnabled", None),
    ("waf_execution_mode", ENUM, "wafExecutionMode", EXECUTION_MODES),
    ("waf_realtime_threat_intelligence_enabled", BOOL, "wafRealtimeThreatIntelligenceEnabled", None),
    ("waf_disabled_rules", SET, "wafDisabledRules", None),
    ("waf_log_only_rules", SET, "wafLogOnlyRules", None),
    ("waf_request_header_logging_enabled", BOOL, "wafRequestHeaderLoggingEnabled", None),
    ("waf_request_ignored_headers", HEADERS, "wafRequestIgnoredHeaders", None),
    ("waf_request_body_limit_action", ENUM, "wafRequestBodyLimitAction", BODY_LIMIT_ACTIONS),
    ("waf_response_body_limit_action", ENUM, "wafResponseBodyLimitAction", BODY_LIMIT_ACTIONS),
    ("waf_detection_paranoia_level", LEVEL, "detection_paranoia_level", None),
    ("waf_executing_paranoia_level", LEVEL, "executing_paranoia_level", None),
    ("waf_blocking_paranoia_level", LEVEL, "blocking_paranoia_level", None),
    ("waf_allowed_methods", WORDS, "allowed_methods", None),
    ("waf_allowed_http_versions", WORDS, "allowed_http_versions", None),
    ("waf_allowed_request_content_types", PIPED, "allowed_request_content_type", None),
    ("ddos_shield_sensitivity", ENUM, "dDoSShieldSensitivity", DDOS_SENSITIVITIES),
    ("ddos_execution_mode", ENUM, "dDoSExecutionMode", EXECUTION_MODES),
    ("ddos_challenge_window", INT, "dDoSChallengeWindow", None),
    ("whitelabel_response_pages", BOOL, "whitelabelResponsePages", None),
)
OPTIONS = tuple(row[0] for row in FIELDS)
ENGINE_CONFIG = "wafEngineConfig"
# In ShieldZoneResponse but no longer in ShieldZoneRequest (removed from the published document on 2026-07-31); the
# platform's own provider still sends it. Sent when given, and confirmed by a read afterwards.
UNLISTED_IN_REQUEST = ("dDoSExecutionMode",)
# The whole ``shieldZone`` object a PATCH carries: the sixteen members the platform's provider sends on every update
# (BunnyWay/terraform-provider-bunnynet, internal/api/pullzone_shield.go, UpdatePullzoneShield), ``dDoSExecutionMode``
# included. The request document's enums are not nullable, so a member left out may bind to 0 (Basic, Log, Block):
# docs/platform-notes.md, "Shield zones: the whole object is sent".
WHOLE_OBJECT = (
    "planType",
    "dDoSShieldSensitivity",
    "dDoSExecutionMode",
    "dDoSChallengeWindow",
    "wafEnabled",
    "wafExecutionMode",
    "wafRealtimeThreatIntelligenceEnabled",
    "wafRequestHeaderLoggingEnabled",
    "wafRequestIgnoredHeaders",
    "wafEngineConfig",
    "wafDisabledRules",
    "wafLogOnlyRules",
    "whitelabelResponsePages",
    "learningMode",
    "wafRequestBodyLimitAction",
    "wafResponseBodyLimitAction",
)
# Features the platform's provider refuses on the Basic plan (its validators); used to name the feature of a
# plan refusal whose error key does not.
PAID_FEATURES = {
    "whitelabel_response_pages": "white-label response pages",
    "waf_realtime_threat_intelligence_enabled": "real-time threat intelligence",
}

# Upload scanning (GET/PATCH /shield/shield-zone/{id}/upload-scanning): option, kind, member, names.
UPLOAD_FIELDS = (
    ("upload_scanning_enabled", BOOL, "isEnabled", None),
    ("upload_scanning_antivirus_mode", ENUM, "antivirusScanningMode", UPLOAD_SCANNING_MODES),
    ("upload_scanning_csam_mode", ENUM, "csamScanningMode", UPLOAD_SCANNING_MODES),
)
UPLOAD_OPTIONS = tuple(row[0] for row in UPLOAD_FIELDS)
UPLOAD_WHOLE = tuple(row[2] for row in UPLOAD_FIELDS)

_PIPED_VALUE = re.compile(r"\|([^|]+)\|")


def engine_entries(model):
    """``{name: valueEncoded}`` of a zone's ``wafEngineConfig`` (entries that are not ``{name, valueEncoded}`` are
    skipped)."""
    entries = model.get(ENGINE_CONFIG) if isinstance(model, dict) else None
    found = {}
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, dict) and isinstance(entry.get("name"), str):
            found[entry["name"]] = entry.get("valueEncoded")
    return found


def decode_engine(kind, text):
    """A ``valueEncoded`` as the option's value: an int, a list of words, or None when absent or unreadable."""
    if not isinstance(text, str):
        return None
    if kind == LEVEL:
        return int(text.strip()) if text.strip().lstrip("-").isdigit() else None
    if kind == WORDS:
        return text.split()
    return [value.strip() for value in _PIPED_VALUE.findall(text) if value.strip()]


def encode_engine(kind, value):
    """The option's value as a ``valueEncoded`` (the encodings the platform's provider writes)."""
    if kind == LEVEL:
        return "%d" % value
    if kind == WORDS:
        return " ".join(value)
    return " ".join("|%s|" % item for item in value)


def _unique(values):
    """``values`` without repeats, in their order (a set sent as a list)."""
    seen, unique = set(), []
    for value in values:
        if value not in seen:
            seen.add(value)
            unique.append(value)
    return unique


def _platform_value(row, model):
    """The platform's value of ``row`` in ``model`` (a number, bool, list or None)."""
    _option, kind, member, _names = row
    if kind in ENGINE_KINDS:
        return decode_engine(kind, engine_entries(model).get(member))
    return model.get(member)


def readable_value(row, value, unknown=None):
    """The platform's value as the option takes it: enum numbers as names (a number the table lacks as the number,
    with a warning appended to ``unknown``), lists as lists."""
    kind, names = row[1], row[3]
    if kind == ENUM:
        number = as_number(value)
        return enum_readable(names, number, row[0], unknown) if number is not None else None
    if kind in (SET, HEADERS, WORDS, PIPED):
        return [item for item in value if isinstance(item, str)] if isinstance(value, list) else None
    if kind == BOOL:
        return value if isinstance(value, bool) else None
    return value if is_number(value) else None


def readable(model, fields=FIELDS, unknown=None):
    """body -> readable: every row's option name with the zone's value (None where the platform sent none); a warning
    per number the collection cannot name is appended to ``unknown`` (a list) when given."""
    model = model if isinstance(model, dict) else {}
    return {row[0]: readable_value(row, _platform_value(row, model), unknown) for row in fields}


def compared_value(row, value):
    """A readable value as it is compared: sets sorted (header names in lower case), the rest as it is."""
    kind = row[1]
    if value is None:
        return None
    if kind == HEADERS:
        return sorted({item.lower() for item in value})
    if kind in (SET, WORDS, PIPED):
        return sorted(set(value))
    return value


def given(params, fields=FIELDS):
    """The rows whose option the task gives."""
    return [row for row in fields if params.get(row[0]) is not None]


def wanted_values(params, fields=FIELDS):
    """option -> value the task asks for, checked: bad input raises InputError naming the option (nothing sent)."""
    wanted = {}
    for row in given(params, fields):
        option, kind, _member, names = row
        value = params[option]
        if kind == ENUM:
            wanted[option] = _enum_name(option, names, value)
        elif kind in (SET, HEADERS, WORDS, PIPED):
            wanted[option] = _strings(option, kind, value)
        elif kind in (INT, LEVEL):
            wanted[option] = value  # its range is the module's bounds, checked before the core runs
        else:
            wanted[option] = bool(value)
    return wanted


def _enum_name(option, names, value):
    text = str(value).strip().lower()
    if text in names.values():
        return text
    raise InputError("%s must be one of %s; got %r." % (option, ", ".join(names.values()), value), option=option)


def _strings(option, kind, values):
    """A list option's items: text without blanks; words may not hold spaces, content types not ``|``."""
    checked = []
    for index, value in enumerate(values):
        text = value.strip() if isinstance(value, str) else None
        bad = (
            not text
            or (kind == WORDS and len(text.split()) != 1)
            or (kind == PIPED and "|" in text)
            or any(ord(c) < 32 for c in text)
        )
        if bad:
            what = "a single word" if kind == WORDS else "a non-empty text" + (" without |" if kind == PIPED else "")
            raise InputError(
                "%s[%d] must be %s (the platform stores the list as one text); got %r." % (option, index, what, value),
                option=option,
            )
        checked.append(text)
    return _unique(checked)


def managed_view(model, options, fields=FIELDS):
    """body -> compared: the given ``options`` with the zone's values, normalised for comparison (and the diff)."""
    current = readable(model, fields)
    return {row[0]: compared_value(row, current[row[0]]) for row in fields if row[0] in options}


def wanted_view(wanted, fields=FIELDS):
    """The compared form of :func:`wanted_values`."""
    return {row[0]: compared_value(row, wanted[row[0]]) for row in fields if row[0] in wanted}


def request_members(model, wanted):
    """option -> body: the ``shieldZone`` members that set ``wanted`` over the zone ``model`` (a dict, ``{}`` for a
    zone not created yet). Only the given options' members; ``wafEngineConfig`` (one member for six options) is sent
    whole: the zone's entries as read, the given ones replaced or added."""
    members, engine = {}, {}
    for option, kind, member, names in FIELDS:
        if option not in wanted:
            continue
        value = wanted[option]
        if kind == ENUM:
            members[member] = next(number for number, name in names.items() if name == value)
        elif kind in ENGINE_KINDS:
            engine[member] = encode_engine(kind, value)
        else:
            members[member] = list(value) if isinstance(value, list) else value
    if engine:
        entries = [{"name": name, "valueEncoded": text} for name, text in engine_entries(model).items()]
        for entry in entries:
            if entry["name"] in engine:
                entry["valueEncoded"] = engine.pop(entry["name"])
        entries.extend({"name": name, "valueEncoded": text} for name, text in engine.items())
        members[ENGINE_CONFIG] = entries
    return members


def whole_object(model, members):
    """The whole ``shieldZone`` object of a PATCH: each member of :data:`WHOLE_OBJECT` the zone ``model`` has, as read
    (a number this collection cannot name is sent back as that number), with ``members`` over them."""
    model = model or {}
    whole = {member: model[member] for member in WHOLE_OBJECT if member in model}
    whole.update(members)
    return whole


def not_carried(model):
    """The members of :data:`WHOLE_OBJECT` the zone ``model`` was read without (a whole-object PATCH cannot carry
    them: the platform serialises every member, so only an unusual answer lacks one)."""
    return [member for member in WHOLE_OBJECT if member not in (model or {})]


def whole_upload_scanning(state, members):
    """The whole ``UpdateUploadScanningConfigurationRequest`` (without ``shieldZoneId``): the configuration ``state``
    as read, with ``members`` over it."""
    whole = {member: state[member] for member in UPLOAD_WHOLE if member in (state or {})}
    whole.update(members)
    return whole


def merged(model, members):
    """The zone ``model`` with ``members`` written over it (what a PATCH that applied them leaves)."""
    return dict(model or {}, **members)


def upload_members(wanted):
    """option -> body of an ``UpdateUploadScanningConfigurationRequest`` (without ``shieldZoneId``)."""
    members = {}
    for option, kind, member, names in UPLOAD_FIELDS:
        if option in wanted:
            value = wanted[option]
            members[member] = next(n for n, name in names.items() if name == value) if kind == ENUM else value
    return members


def plan_name(model):
    """The zone's plan as its option value, or a phrase when the number is unknown."""
    number = (model or {}).get("planType")
    return SHIELD_PLANS.get(number) or ("unknown (number %r)" % (number,))
