# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Bot detection of a shield zone as the shield API sends it: the readable shape and the Basic-plan case.

Pure functions over decoded JSON (no Ansible, no HTTP).
"""

from __future__ import annotations

from ._shield_enums import BOT_EXECUTION_MODES, BOT_FINGERPRINT_AGGRESSIONS, BOT_SENSITIVITIES, enum_name

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
