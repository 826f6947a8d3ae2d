# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Bot detection of a shield zone as the shield API sends it: the readable shape and the Basic-plan case.

Pure functions over decoded JSON (no Ansible, no HTTP).
"""

from __future__ import annotations

from .shield_enums import BOT_EXECUTION_MODES, BOT_FINGERPRINT_AGGRESSIONS, BOT_SENSITIVITIES, enum_name

# What a Basic-plan zone answers (HTTP 202 with this key in the envelope), as the Terraform provider
# handles it: BunnyWay/terraform-provider-bunnynet, internal/api/pullzone_shield.go.
PLAN_ERROR_KEY = "invalid_plan_type.bot_detection"
# What a zone without bot detection runs with (the platform's defaults, as that provider assumes).
UNAVAILABLE_STATE = {
    "executionMode": 0,
    "requestIntegrity": {"sensitivity": 0},
    "ipAddress": {"sensitivity": 0},
    "browserFingerprint": {"sensitivity": 0, "aggression": 1, "complexEnabled": False},
}


def _sensitivity(section):
    section = section if isinstance(section, dict) else {}
    return {"sensitivity": section.get("sensitivity"),
            "sensitivity_name": enum_name(BOT_SENSITIVITIES, section.get("sensitivity"))}


def shape_bot_detection(zone_id, state, reason=None):
    """The ``bot_detection`` return value from a ``BotDetectionConfigurationState``."""
    fingerprint = state.get("browserFingerprint") if isinstance(state.get("browserFingerprint"), dict) else {}
    shaped_fingerprint = _sensitivity(fingerprint)
    shaped_fingerprint.update(
        aggression=fingerprint.get("aggression"),
        aggression_name=enum_name(BOT_FINGERPRINT_AGGRESSIONS, fingerprint.get("aggression")),
        complex_enabled=fingerprint.get("complexEnabled"),
    )
    shield_zone_id = state.get("shieldZoneId")
    return {
        "shield_zone_id": shield_zone_id if shield_zone_id else zone_id,
        "available": reason is None,
        "unavailable_reason": reason,
        "execution_mode": state.get("executionMode"),
        "execution_mode_name": enum_name(BOT_EXECUTION_MODES, state.get("executionMode")),
        "request_integrity": _sensitivity(state.get("requestIntegrity")),
        "ip_address": _sensitivity(state.get("ipAddress")),
        "browser_fingerprint": shaped_fingerprint,
    }


def unavailable(zone_id, message):
    """The ``bot_detection`` return value of a zone whose plan has no bot detection."""
    text = (message or "Bot detection is not available on this shield zone's plan").rstrip(".")
    reason = ("%s (error key %s). Bot detection needs a paid shield plan (Advanced or higher)."
              % (text, PLAN_ERROR_KEY))
    return shape_bot_detection(zone_id, UNAVAILABLE_STATE, reason)


def configuration_problem(status, body):
    """Why a successful answer is not the configuration (a message), or None when it is.

    Only a 200 carries it: a 202 without the plan error key is an ASP.NET ``AcceptedResult`` at best.
    """
    if status != 200:
        return "the platform did not return the configuration"
    if not isinstance(body, dict) or not isinstance(body.get("data"), dict):
        return "the platform answered without the configuration"
    return None


class SettingError(ValueError):
    """An option value that is neither a known name nor a number of its setting; the message says which."""


# option -> (table, where it lives in BotDetectionConfigurationState)
SETTINGS = (
    ("execution_mode", BOT_EXECUTION_MODES, (None, "executionMode")),
    ("request_integrity_sensitivity", BOT_SENSITIVITIES, ("requestIntegrity", "sensitivity")),
    ("ip_address_sensitivity", BOT_SENSITIVITIES, ("ipAddress", "sensitivity")),
    ("fingerprint_sensitivity", BOT_SENSITIVITIES, ("browserFingerprint", "sensitivity")),
    ("fingerprint_aggression", BOT_FINGERPRINT_AGGRESSIONS, ("browserFingerprint", "aggression")),
)


def setting_number(option, table, value):
    """The platform's number for a name (any case) or one of the setting's numbers."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool) and value in table:
        return value
    if isinstance(value, str):
        for number, name in table.items():
            if name.lower() == value.strip().lower():
                return number
    raise SettingError("%s must be one of %s (or their numbers %s); got %r." % (
        option, ", ".join(table[n] for n in sorted(table)), ", ".join(str(n) for n in sorted(table)), value))


def complete_state(state):
    """The configuration as a complete ``UpdateBotDetectionRequest`` body would set it (null flag = false)."""
    state = state if isinstance(state, dict) else {}

    def section(key):
        return state.get(key) if isinstance(state.get(key), dict) else {}

    fingerprint = section("browserFingerprint")
    return {
        "executionMode": state.get("executionMode"),
        "requestIntegrity": {"sensitivity": section("requestIntegrity").get("sensitivity")},
        "ipAddress": {"sensitivity": section("ipAddress").get("sensitivity")},
        "browserFingerprint": {"sensitivity": fingerprint.get("sensitivity"),
                               "aggression": fingerprint.get("aggression"),
                               "complexEnabled": bool(fingerprint.get("complexEnabled"))},
    }


def merged_state(current, params):
    """The complete configuration to send: ``current`` with every option given replaced.

    The PATCH takes the whole object (the Terraform provider always sends every member:
    BunnyWay/terraform-provider-bunnynet internal/api/pullzone_shield.go), so what is not given is sent as read.
    """
    state = complete_state(current)
    for option, table, (section, key) in SETTINGS:
        if params.get(option) is not None:
            target = state if section is None else state[section]
            target[key] = setting_number(option, table, params[option])
    if params.get("complex_fingerprinting") is not None:
        state["browserFingerprint"]["complexEnabled"] = bool(params["complex_fingerprinting"])
    return state


def bot_view(zone_id, state):
    """The compared and diffed form: the ``bot_detection`` return value of a complete state."""
    return shape_bot_detection(zone_id, complete_state(state))
