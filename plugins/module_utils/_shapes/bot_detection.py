# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Bot detection of a shield zone: one field table drives every conversion of its settings.

:data:`FIELDS` has one row per setting of a ``BotDetectionConfigurationState``. Three walkers read it:

- option -> body (:func:`merged_state`): the options a task gives, by name or number, over the
  configuration read; a value that is neither raises ``InputError`` naming the option;
- body -> filled body (:func:`complete_state`): the configuration as a complete ``UpdateBotDetectionRequest``
  sets it (a null flag is false);
- body -> readable (:func:`shape_bot_detection`): the ``bot_detection`` return value, nested as the platform
  nests it, in snake_case, with names beside the numbers.

Adding a setting is adding a row. Pure functions over decoded JSON (no Ansible, no HTTP).
"""

from __future__ import annotations

import re

from .enums import readable as enum_readable
from .shield_enums import (
    BOT_EXECUTION_MODES,
    BOT_FINGERPRINT_AGGRESSIONS,
    BOT_SENSITIVITIES,
    as_number,
    enum_name,
    number_for,
)

# option, section of the state (None: the top level), member, names of its numbers (None: a flag)
FIELDS = (
    ("execution_mode", None, "executionMode", BOT_EXECUTION_MODES),
    ("request_integrity_sensitivity", "requestIntegrity", "sensitivity", BOT_SENSITIVITIES),
    ("ip_address_sensitivity", "ipAddress", "sensitivity", BOT_SENSITIVITIES),
    ("fingerprint_sensitivity", "browserFingerprint", "sensitivity", BOT_SENSITIVITIES),
    ("fingerprint_aggression", "browserFingerprint", "aggression", BOT_FINGERPRINT_AGGRESSIONS),
    ("complex_fingerprinting", "browserFingerprint", "complexEnabled", None),
)


def _snake(name):
    """``browserFingerprint`` -> ``browser_fingerprint``: the readable key of a member."""
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def _section(state, section):
    """The part of ``state`` a row lives in (``{}`` when the platform sent none, or not an object)."""
    if section is None:
        return state
    return state.get(section) if isinstance(state.get(section), dict) else {}


def _place(target, section, convert=lambda name: name):
    """Where a row's value goes in ``target``: the top level, or its section (created on first use)."""
    return target if section is None else target.setdefault(convert(section), {})


def shape_bot_detection(zone_id, state, reason=None, unknown=None):
    """body -> readable: the ``bot_detection`` return value from a ``BotDetectionConfigurationState``. A number without
    a name is kept, its ``*_name`` null, with a warning appended to ``unknown`` (a list) when given (``enums.readable``;
    docs/platform-notes.md, "Enums that grow")."""
    shaped = {
        "shield_zone_id": state.get("shieldZoneId") or zone_id,
        "available": reason is None,
        "unavailable_reason": reason,
    }
    for option, section, member, names in FIELDS:
        value = _section(state, section).get(member)
        target = _place(shaped, section, _snake)
        target[_snake(member)] = value
        if names is not None:
            name = enum_name(names, value)
            if name is None and as_number(value) is not None:
                enum_readable(names, as_number(value), option, unknown)
            target[_snake(member) + "_name"] = name
    return shaped


def complete_state(state):
    """body -> filled body: the configuration as a complete ``UpdateBotDetectionRequest`` body would set it."""
    state = state if isinstance(state, dict) else {}
    complete = {}
    for _option, section, member, names in FIELDS:
        value = _section(state, section).get(member)
        _place(complete, section)[member] = value if names is not None else bool(value)
    return complete


def merged_state(current, params):
    """option -> body: the complete configuration to send, ``current`` with every option given replaced.

    The PATCH takes the whole object (the Terraform provider always sends every member:
    BunnyWay/terraform-provider-bunnynet internal/api/pullzone_shield.go), so what is not given is sent as read.
    """
    state = complete_state(current)
    for option, section, member, names in FIELDS:
        value = params.get(option)
        if value is not None:
            _place(state, section)[member] = bool(value) if names is None else number_for(option, names, value)
    return state


def bot_view(zone_id, state):
    """The compared and diffed form: the ``bot_detection`` return value of a complete state."""
    return shape_bot_detection(zone_id, complete_state(state))
