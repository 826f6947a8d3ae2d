from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import bot_detection as bot

STATE = {
    "shieldZoneId": 3001,
    "executionMode": 1,
    "requestIntegrity": {"sensitivity": 2},
    "ipAddress": {"sensitivity": 3},
    "browserFingerprint": {"sensitivity": 1, "aggression": 4, "complexEnabled": True},
}


def test_the_state_is_shaped_with_names():
    assert bot.shape_bot_detection(3001, STATE) == {
        "shield_zone_id": 3001,
        "available": True,
        "unavailable_reason": None,
        "execution_mode": 1,
        "execution_mode_name": "challenge",
        "request_integrity": {"sensitivity": 2, "sensitivity_name": "medium"},
        "ip_address": {"sensitivity": 3, "sensitivity_name": "high"},
        "browser_fingerprint": {
            "sensitivity": 1,
            "sensitivity_name": "low",
            "aggression": 4,
            "aggression_name": "custom",
            "complex_enabled": True,
        },
    }


def test_missing_sections_are_null_and_the_zone_id_falls_back_to_the_one_asked():
    shaped = bot.shape_bot_detection(3005, {"executionMode": 7, "browserFingerprint": "junk"})
    assert shaped["shield_zone_id"] == 3005
    assert shaped["execution_mode_name"] is None
    assert shaped["request_integrity"] == {"sensitivity": None, "sensitivity_name": None}
    assert shaped["browser_fingerprint"]["aggression"] is None


def test_every_row_of_the_table_is_in_each_conversion():
    options = {field.option: None for field in bot.FIELDS}
    complete = bot.complete_state(STATE)
    assert complete == {
        "executionMode": 1,
        "requestIntegrity": {"sensitivity": 2},
        "ipAddress": {"sensitivity": 3},
        "browserFingerprint": {"sensitivity": 1, "aggression": 4, "complexEnabled": True},
    }
    assert bot.merged_state(STATE, options) == complete
    assert bot.bot_view(3001, STATE) == bot.shape_bot_detection(3001, STATE)


def test_options_replace_only_what_they_name_and_a_null_flag_is_false():
    current = dict(STATE, browserFingerprint={"sensitivity": 1, "aggression": 4, "complexEnabled": None})
    merged = bot.merged_state(
        current, {"execution_mode": "LOG_ONLY", "fingerprint_aggression": "2", "complex_fingerprinting": None}
    )
    assert merged == {
        "executionMode": 0,
        "requestIntegrity": {"sensitivity": 2},
        "ipAddress": {"sensitivity": 3},
        "browserFingerprint": {"sensitivity": 1, "aggression": 2, "complexEnabled": False},
    }
    assert bot.merged_state(None, {"complex_fingerprinting": True})["browserFingerprint"]["complexEnabled"] is True


def test_a_value_that_is_no_setting_raises_an_input_error_naming_the_option():
    with pytest.raises(InputError) as caught:
        bot.merged_state(None, {"ip_address_sensitivity": "Extreme"})
    assert str(caught.value) == (
        "ip_address_sensitivity must be one of off, low, medium, high, or the platform's number; got 'Extreme'."
    )
    assert caught.value.option == "ip_address_sensitivity"
