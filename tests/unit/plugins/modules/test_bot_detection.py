"""bot_detection: only given options change, the whole object is sent, names or numbers; plan refusal; 202."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.modules import bot_detection
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

BASE = {"api_key": "unit-secret-key", "base_url": "https://api.example.test", "retries": 0}
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
STATE = {
    "shieldZoneId": 3001,
    "executionMode": 0,
    "requestIntegrity": {"sensitivity": 1},
    "ipAddress": {"sensitivity": 1},
    "browserFingerprint": {"sensitivity": 1, "aggression": 1, "complexEnabled": None},
}


def answer(state=None):
    return FakeResponse(body={"data": state or STATE, "error": OK})


def test_given_options_change_and_the_rest_is_sent_as_read(fake_session, run_module):
    changed = dict(STATE, executionMode=1, ipAddress={"sensitivity": 3})
    fake_session.responses = [answer(), answer(changed)]
    result = run_module(
        bot_detection,
        dict(BASE, shield_zone_id=3001, execution_mode="Challenge", ip_address_sensitivity="High"),
        diff=True,
    )
    assert result["changed"] is True
    assert fake_session.writes[0]["method"] == "PATCH"
    assert fake_session.writes[0]["json"] == {
        "shieldZoneId": 3001,
        "executionMode": 1,
        "requestIntegrity": {"sensitivity": 1},
        "ipAddress": {"sensitivity": 3},
        "browserFingerprint": {"sensitivity": 1, "aggression": 1, "complexEnabled": False},
    }
    assert result["diff"]["before"]["execution_mode_name"] == "LogOnly"
    assert result["diff"]["after"]["execution_mode_name"] == "Challenge"
    assert result["bot_detection"]["ip_address"] == {"sensitivity": 3, "sensitivity_name": "High"}


@pytest.mark.parametrize(
    "options",
    [
        {"execution_mode": 0, "request_integrity_sensitivity": "Low"},
        {"fingerprint_aggression": "1", "complex_fingerprinting": False},
        {},
    ],
)
def test_the_current_values_are_no_change(fake_session, run_module, options):
    fake_session.responses = [answer()]
    result = run_module(bot_detection, dict(BASE, shield_zone_id=3001, **options))
    assert result["changed"] is False and not fake_session.writes


def test_check_mode_predicts_without_writing(fake_session, run_module):
    fake_session.responses = [answer()]
    result = run_module(bot_detection, dict(BASE, shield_zone_id=3001, fingerprint_sensitivity="Off"), check=True)
    assert result["changed"] is True and not fake_session.writes
    assert result["bot_detection"]["browser_fingerprint"]["sensitivity_name"] == "Off"


@pytest.mark.parametrize(
    "options, words",
    [
        ({"execution_mode": "Block"}, "value of execution_mode must be one of: LogOnly, Challenge, 0, 1, got: Block"),
        (
            {"execution_mode": "challenge"},
            "value of execution_mode must be one of: LogOnly, Challenge, 0, 1, got: challenge",
        ),
        (
            {"ip_address_sensitivity": 4},
            "value of ip_address_sensitivity must be one of: Off, Low, Medium, High, 0, 1, 2, 3",
        ),
        ({"fingerprint_aggression": [1]}, "fingerprint_aggression must be a string, not a list"),
    ],
)
def test_bad_values_fail_naming_the_option_without_writing(fake_session, run_module, options, words):
    fake_session.responses = [answer()]
    result = run_module(bot_detection, dict(BASE, shield_zone_id=3001, **options))
    assert result["failed"] is True and words in result["msg"] and not fake_session.writes


def test_a_basic_plan_zone_fails_with_the_plan_reason(fake_session, run_module):
    fake_session.responses = [
        FakeResponse(
            status=202,
            body={
                "error": {
                    "statusCode": 202,
                    "success": False,
                    "message": "Bot detection is not available on the Basic plan.",
                    "errorKey": "invalid_plan_type.bot_detection",
                }
            },
        )
    ]
    result = run_module(bot_detection, dict(BASE, shield_zone_id=3002, execution_mode="Challenge"))
    assert result["failed"] is True
    assert "needs a paid shield plan" in result["msg"] and "invalid_plan_type.bot_detection" in result["msg"]
    assert result["api_error"]["error_key"] == "invalid_plan_type.bot_detection"


@pytest.mark.parametrize("landed, failed", [(True, False), (False, True)])
def test_a_202_without_the_configuration_is_not_replayed(fake_session, run_module, landed, failed):
    changed = dict(STATE, executionMode=1)
    fake_session.responses = [
        answer(),
        FakeResponse(status=202, body={"statusCode": 202}),
        answer(changed if landed else STATE),
    ]
    result = run_module(bot_detection, dict(BASE, shield_zone_id=3001, execution_mode=1))
    assert [c["method"] for c in fake_session.calls] == ["GET", "PATCH", "GET"]
    assert result.get("failed", False) is failed
    if not failed:
        assert result["changed"] is True and result["warnings"]
