# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The settings of a shield zone: one field table drives every conversion between the ``shield_zone`` options and
the platform's ``ShieldZoneRequest`` / ``ShieldZoneResponse`` (pure Python: no Ansible imports).

:data:`FIELDS` has one field per option (the field kit, ``fields.py``, whose walkers read it; the module's argument
spec and bounds come from it too):

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
from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._engine.bounds import INT32_MAX

from . import fields as kit
from .fields import Bool, Enum, Int, Strings
from .shield_enums import (
    BODY_LIMIT_ACTIONS,
    DDOS_SENSITIVITIES,
    EXECUTION_MODES,
    SHIELD_PLANS,
    UPLOAD_SCANNING_MODES,
    as_number,
)

# how a wafEngineConfig entry holds its value
LEVEL = "level"  # a decimal number
WORDS = "words"  # space-separated words (a set)
PIPED = "piped"  # |value| |value| (a set)
ENGINE_CONFIG = "wafEngineConfig"
STORED_AS_ONE_TEXT = " (the platform stores the list as one text)"
ENGINE_KINDS = {}  # wafEngineConfig entry name -> how it holds its value (filled by _engine below)


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


def engine_value(name, model):
    """The option's value held in the wafEngineConfig entry ``name`` of ``model`` (None when absent or unreadable)."""
    return decode_engine(ENGINE_KINDS[name], engine_entries(model).get(name))


def _single_word(text):
    return "a single word" if len(text.split()) != 1 else None


def _without_pipe(text):
    return "a non-empty text without |" if "|" in text else None


def _engine(field_class, option, name, kind, **more):
    """The field of ``option``, held in the wafEngineConfig entry ``name`` as ``kind``."""
    ENGINE_KINDS[name] = kind
    return field_class(option, name, read=partial(engine_value, name), **more)


def _set(option, member, **more):
    return Strings(option, member, note=STORED_AS_ONE_TEXT, **more)


def _enum(option, member, names):
    return Enum(option, member, names, number=as_number)


# One field per option: member of ShieldZoneRequest/Response, or the wafEngineConfig entry name
FIELDS = (
    _enum("plan", "planType", SHIELD_PLANS),
    Bool("learning_mode", "learningMode"),
    Bool("waf_enabled", "wafEnabled"),
    _enum("waf_execution_mode", "wafExecutionMode", EXECUTION_MODES),
    Bool("waf_realtime_threat_intelligence_enabled", "wafRealtimeThreatIntelligenceEnabled"),
    _set("waf_disabled_rules", "wafDisabledRules"),
    _set("waf_log_only_rules", "wafLogOnlyRules"),
    Bool("waf_request_header_logging_enabled", "wafRequestHeaderLoggingEnabled"),
    _set("waf_request_ignored_headers", "wafRequestIgnoredHeaders", normal=str.lower),  # header names: no case
    _enum("waf_request_body_limit_action", "wafRequestBodyLimitAction", BODY_LIMIT_ACTIONS),
    _enum("waf_response_body_limit_action", "wafResponseBodyLimitAction", BODY_LIMIT_ACTIONS),
    _engine(Int, "waf_detection_paranoia_level", "detection_paranoia_level", LEVEL, low=0, high=INT32_MAX),
    _engine(Int, "waf_executing_paranoia_level", "executing_paranoia_level", LEVEL, low=0, high=INT32_MAX),
    _engine(Int, "waf_blocking_paranoia_level", "blocking_paranoia_level", LEVEL, low=0, high=INT32_MAX),
    _engine(_set, "waf_allowed_methods", "allowed_methods", WORDS, entry=_single_word, blank="a single word"),
    _engine(
        _set, "waf_allowed_http_versions", "allowed_http_versions", WORDS, entry=_single_word, blank="a single word"
    ),
    _engine(
        _set,
        "waf_allowed_request_content_types",
        "allowed_request_content_type",
        PIPED,
        entry=_without_pipe,
        blank="a non-empty text without |",
    ),
    _enum("ddos_shield_sensitivity", "dDoSShieldSensitivity", DDOS_SENSITIVITIES),
    _enum("ddos_execution_mode", "dDoSExecutionMode", EXECUTION_MODES),
    Int("ddos_challenge_window", "dDoSChallengeWindow", 0, INT32_MAX),
    Bool("whitelabel_response_pages", "whitelabelResponsePages"),
)
OPTIONS = tuple(field.option for field in FIELDS)
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

# Upload scanning (GET/PATCH /shield/shield-zone/{id}/upload-scanning): its own table.
UPLOAD_FIELDS = (
    Bool("upload_scanning_enabled", "isEnabled"),
    _enum("upload_scanning_antivirus_mode", "antivirusScanningMode", UPLOAD_SCANNING_MODES),
    _enum("upload_scanning_csam_mode", "csamScanningMode", UPLOAD_SCANNING_MODES),
)
UPLOAD_OPTIONS = tuple(field.option for field in UPLOAD_FIELDS)
UPLOAD_WHOLE = tuple(field.member for field in UPLOAD_FIELDS)
ARGUMENT_SPEC = kit.argument_spec(FIELDS + UPLOAD_FIELDS)
BOUNDS = kit.bounds(FIELDS + UPLOAD_FIELDS)


def readable(model, fields=FIELDS, unknown=None):
    """body -> readable: every row's option name with the zone's value (None where the platform sent none); a warning
    per number the collection cannot name is appended to ``unknown`` (a list) when given."""
    return kit.readable(fields, model, unknown)


def wanted_values(params, fields=FIELDS):
    """option -> value the task asks for, checked: bad input raises InputError naming the option (nothing sent); a
    number's range is the module's bounds, checked before the core runs."""
    return kit.wanted_values(fields, params)


def managed_view(model, options, fields=FIELDS):
    """body -> compared: the given ``options`` with the zone's values, normalised for comparison (and the diff)."""
    return kit.managed_view(fields, model, options)


def wanted_view(wanted, fields=FIELDS):
    """The compared form of :func:`wanted_values`."""
    return kit.wanted_view(fields, wanted)


def differing(model, wanted, fields=FIELDS):
    """The options of ``wanted`` whose value ``model`` does not hold."""
    return kit.differing(fields, model, wanted)


def request_members(model, wanted):
    """option -> body: the ``shieldZone`` members that set ``wanted`` over the zone ``model`` (a dict, ``{}`` for a
    zone not created yet). Only the given options' members; ``wafEngineConfig`` (one member for six options) is sent
    whole: the zone's entries as read, the given ones replaced or added."""
    members = kit.request_members([f for f in FIELDS if f.member not in ENGINE_KINDS], wanted)
    engine = {
        name: encode_engine(ENGINE_KINDS[name], value)
        for name, value in kit.request_members([f for f in FIELDS if f.member in ENGINE_KINDS], wanted).items()
    }
    if engine:
        entries = [{"name": name, "valueEncoded": text} for name, text in engine_entries(model).items()]
        for entry in entries:
            if entry["name"] in engine:
                entry["valueEncoded"] = engine.pop(entry["name"])
        entries.extend({"name": name, "valueEncoded": text} for name, text in engine.items())
        members[ENGINE_CONFIG] = entries
    return members


def _whole(model, kept, members):
    """Each member of ``kept`` that ``model`` (None: no model) has, as read, with ``members`` over them."""
    model = model or {}
    return dict({member: model[member] for member in kept if member in model}, **members)


def whole_object(model, members):
    """The whole ``shieldZone`` object of a PATCH: each member of :data:`WHOLE_OBJECT` the zone ``model`` has, as read
    (a number this collection cannot name is sent back as that number), with ``members`` over them."""
    return _whole(model, WHOLE_OBJECT, members)


def not_carried(model):
    """The members of :data:`WHOLE_OBJECT` the zone ``model`` was read without (a whole-object PATCH cannot carry
    them: the platform serialises every member, so only an unusual answer lacks one)."""
    return [member for member in WHOLE_OBJECT if member not in (model or {})]


def whole_upload_scanning(state, members):
    """The whole ``UpdateUploadScanningConfigurationRequest`` (without ``shieldZoneId``): the configuration ``state``
    as read, with ``members`` over it."""
    return _whole(state, UPLOAD_WHOLE, members)


merged = kit.merged  # the zone with the members a PATCH applied written over it


def upload_members(wanted):
    """option -> body of an ``UpdateUploadScanningConfigurationRequest`` (without ``shieldZoneId``)."""
    return kit.request_members(UPLOAD_FIELDS, wanted)


def plan_name(model):
    """The zone's plan as its option value, or a phrase when the number is unknown."""
    number = (model or {}).get("planType")
    return SHIELD_PLANS.get(number) or ("unknown (number %r)" % (number,))
