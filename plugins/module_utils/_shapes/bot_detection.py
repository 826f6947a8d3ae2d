# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Bot detection of a shield zone: one field table drives every conversion of its settings.

:data:`FIELDS` has one field of the kit (``fields.py``) per setting of a ``BotDetectionConfigurationState``: an enum
(names beside its numbers) or a flag, in its section of the state. Three walkers read it:

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

from . import fields as kit
from .enums import readable as enum_readable
from .shield_enums import (
    BOT_EXECUTION_MODES,
    BOT_FINGERPRINT_AGGRESSIONS,
    BOT_SENSITIVITIES,
    as_number,
    enum_name,
    number_for,
)

FIELDS = (
    kit.Enum("execution_mode", "executionMode", BOT_EXECUTION_MODES),
    kit.Enum("request_integrity_sensitivity", "sensitivity", BOT_SENSITIVITIES, section="requestIntegrity"),
    kit.Enum("ip_address_sensitivity", "sensitivity", BOT_SENSITIVITIES, section="ipAddress"),
    kit.Enum("fingerprint_sensitivity", "sensitivity", BOT_SENSITIVITIES, section="browserFingerprint"),
    kit.Enum("fingerprint_aggression", "aggression", BOT_FINGERPRINT_AGGRESSIONS, section="browserFingerprint"),
    kit.Bool("complex_fingerprinting", "complexEnabled", section="browserFingerprint"),
)


def _snake(name):
    """``browserFingerprint`` -> ``browser_fingerprint``: the readable key of a member."""
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def _readable_place(shaped, field):
    """Where a field's readable value goes in ``shaped``: the top level, or its section's key (created on first
    use)."""
    return shaped if field.section is None else shaped.setdefault(_snake(field.section), {})


def shape_bot_detection(zone_id, state, reason=None, unknown=None):
    """body -> readable: the ``bot_detection`` return value from a ``BotDetectionConfigurationState``. A number without
    a name is kept, its ``*_name`` null, with a warning appended to ``unknown`` (a list) when given (``enums.readable``;
    docs/platform-notes.md, "Enums that grow")."""
    shaped = {
        "shield_zone_id": state.get("shieldZoneId") or zone_id,
        "available": reason is None,
        "unavailable_reason": reason,
    }
    for field in FIELDS:
        value = field.read(state)
        target = _readable_place(shaped, field)
        target[_snake(field.member)] = value
        if isinstance(field, kit.Enum):
            name = enum_name(field.names, value)
            if name is None and as_number(value) is not None:
                enum_readable(field.names, as_number(value), field.option, unknown)
            target[_snake(field.member) + "_name"] = name
    return shaped


def complete_state(state):
    """body -> filled body: the configuration as a complete ``UpdateBotDetectionRequest`` body would set it."""
    state = state if isinstance(state, dict) else {}
    complete = {}
    for field in FIELDS:
        value = field.read(state)
        field.place(complete)[field.member] = value if isinstance(field, kit.Enum) else bool(value)
    return complete


def merged_state(current, params):
    """option -> body: the complete configuration to send, ``current`` with every option given replaced.

    The PATCH takes the whole object (the Terraform provider always sends every member:
    BunnyWay/terraform-provider-bunnynet internal/api/pullzone_shield.go), so what is not given is sent as read.
    """
    state = complete_state(current)
    for field in FIELDS:
        value = params.get(field.option)
        if value is not None:
            number = isinstance(field, kit.Enum)
            field.place(state)[field.member] = number_for(field.option, field.names, value) if number else bool(value)
    return state


def bot_view(zone_id, state):
    """The compared and diffed form: the ``bot_detection`` return value of a complete state."""
    return shape_bot_detection(zone_id, complete_state(state))
