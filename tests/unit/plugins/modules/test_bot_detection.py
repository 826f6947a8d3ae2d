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
        dict(BASE, shield_zone_id=3001, execution_mode="challenge", ip_address_sensitivity="high"),
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
    assert result["diff"]["before"]["execution_mode_name"] == "log_only"
    assert result["diff"]["after"]["execution_mode_name"] == "challenge"
    assert result["bot_detection"]["ip_address"] == {"sensitivity": 3, "sensitivity_name": "high"}


@pytest.mark.parametrize(
    "options",
    [
        {"execution_mode": 0, "request_integrity_sensitivity": "low"},
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
    result = run_module(bot_detection, dict(BASE, shield_zone_id=3001, fingerprint_sensitivity="off"), check=True)
    assert result["changed"] is True and not fake_session.writes
    assert result["bot_detection"]["browser_fingerprint"]["sensitivity_name"] == "off"


@pytest.mark.parametrize(
    "options, words",
    [
        ({"execution_mode": "Block"}, "value of execution_mode must be one of: log_only, challenge, got: Block"),
        ({"execution_mode": "LOG_ONLY"}, "value of execution_mode must be one of: log_only, challenge, got: LOG_ONLY"),
        (
            {"ip_address_sensitivity": "extreme"},
            "value of ip_address_sensitivity must be one of: off, low, medium, high, got: extreme",
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
    result = run_module(bot_detection, dict(BASE, shield_zone_id=3002, execution_mode="challenge"))
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


def test_a_number_without_a_name_is_sent_as_it_is_and_given_back_is_no_change(fake_session, run_module):
    added = dict(STATE, ipAddress={"sensitivity": 7})  # a value the platform added since
    fake_session.responses = [answer(), answer(added)]
    result = run_module(bot_detection, dict(BASE, shield_zone_id=3001, ip_address_sensitivity=7))
    assert fake_session.writes[0]["json"]["ipAddress"] == {"sensitivity": 7}
    assert result["changed"] is True and result["bot_detection"]["ip_address"] == {
        "sensitivity": 7,
        "sensitivity_name": None,
    }
    fake_session.calls[:] = []
    fake_session.responses = [answer(added)]
    again = run_module(bot_detection, dict(BASE, shield_zone_id=3001, ip_address_sensitivity="7"))
    assert again["changed"] is False and not fake_session.writes


def test_the_spellings_of_earlier_releases_work_with_a_deprecation(fake_session, run_module):
    changed = dict(STATE, executionMode=1, ipAddress={"sensitivity": 3})
    fake_session.responses = [answer(), answer(changed)]
    result = run_module(
        bot_detection, dict(BASE, shield_zone_id=3001, execution_mode="Challenge", ip_address_sensitivity="High")
    )
    assert fake_session.writes[0]["json"]["executionMode"] == 1
    assert fake_session.writes[0]["json"]["ipAddress"] == {"sensitivity": 3}
    assert [(d["event"]["msg"], d["version"], d["deprecator"]["resolved_name"]) for d in result["deprecations"]] == [
        (
            "execution_mode: give challenge instead of Challenge, the spelling of earlier releases.",
            "2.0.0",
            "edge.platform",
        ),
        (
            "ip_address_sensitivity: give high instead of High, the spelling of earlier releases.",
            "2.0.0",
            "edge.platform",
        ),
    ]
