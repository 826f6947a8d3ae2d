from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._shapes import bot_detection as bot

STATE = {"shieldZoneId": 3001, "executionMode": 1, "requestIntegrity": {"sensitivity": 2},
         "ipAddress": {"sensitivity": 3},
         "browserFingerprint": {"sensitivity": 1, "aggression": 4, "complexEnabled": True}}


def test_the_state_is_shaped_with_names():
    assert bot.shape_bot_detection(3001, STATE) == {
        "shield_zone_id": 3001, "available": True, "unavailable_reason": None,
        "execution_mode": 1, "execution_mode_name": "Challenge",
        "request_integrity": {"sensitivity": 2, "sensitivity_name": "Medium"},
        "ip_address": {"sensitivity": 3, "sensitivity_name": "High"},
        "browser_fingerprint": {"sensitivity": 1, "sensitivity_name": "Low", "aggression": 4,
                                "aggression_name": "Custom", "complex_enabled": True},
    }


def test_missing_sections_are_null_and_the_zone_id_falls_back_to_the_one_asked():
    shaped = bot.shape_bot_detection(3005, {"executionMode": 7, "browserFingerprint": "junk"})
    assert shaped["shield_zone_id"] == 3005
    assert shaped["execution_mode_name"] is None
    assert shaped["request_integrity"] == {"sensitivity": None, "sensitivity_name": None}
    assert shaped["browser_fingerprint"]["aggression"] is None


@pytest.mark.parametrize("message, text", [
    ("Bot detection is not available on the Basic plan.", "Bot detection is not available on the Basic plan"),
    (None, "Bot detection is not available on this shield zone's plan"),
])
def test_an_unavailable_zone_reports_the_defaults_and_why(message, text):
    shaped = bot.unavailable(3002, message)
    assert shaped["available"] is False
    assert shaped["unavailable_reason"] == (
        "%s (error key invalid_plan_type.bot_detection). Bot detection needs a paid shield plan "
        "(Advanced or higher)." % text)
    assert shaped["execution_mode_name"] == "LogOnly"
    assert shaped["request_integrity"]["sensitivity_name"] == "Off"
    assert shaped["browser_fingerprint"]["aggression_name"] == "Low"
    assert shaped["browser_fingerprint"]["complex_enabled"] is False


@pytest.mark.parametrize("status, body, problem", [
    (200, {"data": STATE, "error": {"success": True}}, None),
    (200, {"data": None}, "the platform answered without the configuration"),
    (200, {"error": {"success": True}}, "the platform answered without the configuration"),
    (200, ["not", "an", "object"], "the platform answered without the configuration"),
    (202, {"statusCode": 202, "value": None}, "the platform did not return the configuration"),
    (202, {"data": STATE}, "the platform did not return the configuration"),
])
def test_configuration_problem(status, body, problem):
    assert bot.configuration_problem(status, body) == problem
