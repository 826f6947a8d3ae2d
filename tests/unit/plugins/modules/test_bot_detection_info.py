from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.plugins.module_utils._shapes.bot_detection import shape_bot_detection
from ansible_collections.edge.platform.plugins.modules import bot_detection_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.shield_reference import SHIELD_DOCUMENT, validate_request

BASE = "https://api.example.test"
SECRET = "bot-unit-secret-key-91c2"
ARGS = {"api_key": SECRET, "base_url": BASE, "shield_zone_id": 3001}
TEXT = {"Content-Type": "text/plain; charset=utf-8"}  # the shield API labels its JSON text/plain
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
PLAN_ERROR = {
    "statusCode": 202,
    "success": False,
    "message": "Bot detection is not available on the Basic plan.",
    "errorKey": "invalid_plan_type.bot_detection",
}
DEFAULTS = {
    "execution_mode": 0,
    "execution_mode_name": "log_only",
    "request_integrity": {"sensitivity": 0, "sensitivity_name": "off"},
    "ip_address": {"sensitivity": 0, "sensitivity_name": "off"},
    "browser_fingerprint": {
        "sensitivity": 0,
        "sensitivity_name": "off",
        "aggression": 1,
        "aggression_name": "low",
        "complex_enabled": False,
    },
}


def state(zone_id=3001, mode=1, integrity=2, ip=3, sensitivity=1, aggression=4, complex_enabled=True):
    return {
        "shieldZoneId": zone_id,
        "executionMode": mode,
        "requestIntegrity": {"sensitivity": integrity},
        "ipAddress": {"sensitivity": ip},
        "browserFingerprint": {"sensitivity": sensitivity, "aggression": aggression, "complexEnabled": complex_enabled},
    }


def envelope(status=200, data=None, error=None):
    body = {"error": error or OK}
    if data is not None:
        body["data"] = data
    return FakeResponse(status, body, headers=TEXT)


def assert_no_secret(result):
    assert SECRET not in json.dumps(result)


def test_configuration_is_read_with_one_get_and_named(fake_session, run_module):
    fake_session.responses = [envelope(data=state())]
    result = run_module(bot_detection_info, ARGS)
    assert result["changed"] is False
    assert [(c["method"], c["url"]) for c in fake_session.calls] == [
        ("GET", BASE + "/shield/shield-zone/3001/bot-detection")
    ]
    assert fake_session.calls[0]["headers"]["AccessKey"] == SECRET
    # the shape itself is pinned value by value in tests/unit/plugins/module_utils/_shapes/test_bot_detection.py
    assert result["bot_detection"] == shape_bot_detection(3001, state())
    assert result["bot_detection"]["execution_mode_name"] == "challenge"
    assert_no_secret(result)


def test_check_mode_reads_the_same_and_has_no_diff(fake_session, run_module):
    fake_session.responses = [envelope(data=state()), envelope(data=state())]
    checked = run_module(bot_detection_info, ARGS, check=True, diff=True)
    real = run_module(bot_detection_info, ARGS)
    assert checked["bot_detection"] == real["bot_detection"]
    assert checked["changed"] is False
    assert "diff" not in checked
    assert fake_session.writes == []


def test_unknown_numbers_have_no_name_and_missing_sections_are_null(fake_session, run_module):
    data = {
        "shieldZoneId": 0,
        "executionMode": 7,
        "requestIntegrity": None,
        "ipAddress": {"sensitivity": 9},
        "browserFingerprint": {"aggression": 8},
    }
    fake_session.responses = [envelope(data=data), envelope(data=data)]
    shaped = run_module(bot_detection_info, ARGS)["bot_detection"]
    assert shaped["shield_zone_id"] == 3001  # the zone asked for when the platform sends none
    assert (shaped["execution_mode"], shaped["execution_mode_name"]) == (7, None)
    assert shaped["request_integrity"] == {"sensitivity": None, "sensitivity_name": None}
    warnings = str(run_module(bot_detection_info, ARGS).get("warnings"))
    for said in ("execution_mode = 7", "ip_address_sensitivity = 9", "fingerprint_aggression = 8"):
        assert said in warnings
    assert shaped["ip_address"] == {"sensitivity": 9, "sensitivity_name": None}
    assert shaped["browser_fingerprint"] == {
        "sensitivity": None,
        "sensitivity_name": None,
        "aggression": 8,
        "aggression_name": None,
        "complex_enabled": None,
    }


def test_basic_plan_succeeds_unavailable_with_the_defaults(fake_session, run_module):
    fake_session.responses = [envelope(202, error=PLAN_ERROR)]
    result = run_module(bot_detection_info, dict(ARGS, shield_zone_id=3002))
    assert result.get("failed") is not True
    assert result["changed"] is False
    assert len(fake_session.calls) == 1
    shaped = result["bot_detection"]
    assert shaped["available"] is False
    assert shaped["shield_zone_id"] == 3002
    assert shaped["unavailable_reason"] == (
        "Bot detection is not available on the Basic plan (error key invalid_plan_type.bot_detection). "
        "Bot detection needs a paid shield plan (Advanced or higher)."
    )
    assert {
        k: v for k, v in shaped.items() if k not in ("available", "unavailable_reason", "shield_zone_id")
    } == DEFAULTS


@pytest.mark.parametrize("status", [200, 403])
def test_the_plan_error_key_means_unavailable_whatever_the_status(fake_session, run_module, status):
    error = dict(PLAN_ERROR, statusCode=status, message=None)
    fake_session.responses = [envelope(status, error=error)]
    shaped = run_module(bot_detection_info, ARGS)["bot_detection"]
    assert shaped["available"] is False
    assert shaped["unavailable_reason"].startswith(
        "Bot detection is not available on this shield zone's plan (error key invalid_plan_type.bot_detection)."
    )


def test_unknown_zone_fails_with_the_envelope(fake_session, run_module):
    error = {
        "statusCode": 404,
        "success": False,
        "message": "Shield zone 3999 was not found.",
        "errorKey": "shield_zone.not_found",
    }
    fake_session.responses = [envelope(404, error=error)]
    result = run_module(bot_detection_info, dict(ARGS, shield_zone_id=3999))
    assert result["failed"] is True
    assert result["msg"] == (
        "Reading bot detection of shield zone 3999 failed with HTTP 404 Not Found (error key shield_zone.not_found): "
        "Shield zone 3999 was not found. No shield zone with id 3999 is visible to this API key: "
        "check shield_zone_id."
    )
    assert result["api_error"] == {
        "status": 404,
        "error_key": "shield_zone.not_found",
        "field": None,
        "message": "Shield zone 3999 was not found.",
    }
    assert_no_secret(result)


def test_forbidden_fails_with_the_envelope(fake_session, run_module):
    error = {"statusCode": 403, "success": False, "message": "Not allowed.", "errorKey": "access.denied"}
    fake_session.responses = [envelope(403, error=error)]
    result = run_module(bot_detection_info, ARGS)
    assert result["failed"] is True
    assert "HTTP 403 Forbidden (error key access.denied): Not allowed." in result["msg"]
    assert result["api_error"]["status"] == 403


def test_unauthorised_problem_details_fails_without_the_secret(fake_session, run_module):
    problem = {
        "type": "https://tools.ietf.org/html/rfc9110#section-15.5.2",
        "title": "Unauthorized",
        "status": 401,
        "detail": "A valid AccessKey header is required.",
        "instance": None,
    }
    fake_session.responses = [FakeResponse(401, problem, headers={"Content-Type": "application/problem+json"})]
    result = run_module(bot_detection_info, ARGS)
    assert result["failed"] is True
    assert result["msg"] == (
        "Reading bot detection of shield zone 3001 failed with HTTP 401 Unauthorized: Unauthorized: A valid AccessKey "
        "header is required. The credentials were rejected: check api_key (or the EDGE_API_KEY environment variable); "
        "it must be the account's main API key, as team member API keys are not supported."
    )
    assert result["api_error"]["status"] == 401
    assert_no_secret(result)


def test_an_accepted_answer_without_an_envelope_fails(fake_session, run_module):
    accepted = {
        "location": None,
        "value": None,
        "formatters": [],
        "contentTypes": [],
        "declaredType": None,
        "statusCode": 202,
    }
    fake_session.responses = [FakeResponse(202, accepted, headers=TEXT)]
    result = run_module(bot_detection_info, ARGS)
    assert result["failed"] is True
    assert (
        "HTTP 202 Accepted: the answer (text/plain; charset=utf-8) is not the bot detection configuration"
        in (result["msg"])
    )


def test_a_200_with_a_failed_envelope_reports_its_status_code(fake_session, run_module):
    error = {"statusCode": 500, "success": False, "message": "Internal error.", "errorKey": "internal"}
    fake_session.responses = [envelope(200, error=error)]
    result = run_module(bot_detection_info, ARGS)
    assert result["failed"] is True
    assert result["api_error"] == {"status": 500, "error_key": "internal", "field": None, "message": "Internal error."}


@pytest.mark.parametrize(
    "body",
    [{"error": OK}, {"error": OK, "data": None}, {"error": OK, "data": {}}, None, [], {}],
)
def test_a_success_without_data_is_not_understood(fake_session, run_module, body):
    fake_session.responses = [FakeResponse(200, body, headers=TEXT)]
    result = run_module(bot_detection_info, ARGS)
    assert result["failed"] is True
    assert "is not the bot detection configuration of shield zone 3001 (an object with data)" in result["msg"]
    assert "Nothing was written by this task" in result["msg"]


def test_rate_limit_and_unavailable_are_retried(fake_session, run_module):
    fake_session.responses = [
        FakeResponse(429, headers={"Retry-After": "2"}),
        FakeResponse(503),
        envelope(data=state()),
    ]
    result = run_module(bot_detection_info, ARGS)
    assert result["bot_detection"]["available"] is True
    assert len(fake_session.calls) == 3


def test_server_error_without_body_fails(fake_session, run_module):
    fake_session.responses = [FakeResponse(500)]
    result = run_module(bot_detection_info, ARGS)
    assert result["failed"] is True
    assert result["msg"] == (
        "Reading bot detection of shield zone 3001 failed with HTTP 500 Internal Server Error. "
        "The platform failed internally; retry later."
    )


@pytest.mark.parametrize(
    "args, message",
    [
        ({"shield_zone_id": 0}, "shield_zone_id must be a positive id (from 1 to 9223372036854775807); got 0."),
        ({"base_url": "ftp://example.test"}, "base_url must be an absolute http:// or https:// URL"),
    ],
)
def test_bad_input_fails_before_any_request(fake_session, run_module, args, message):
    result = run_module(bot_detection_info, dict(ARGS, **args))
    assert result["failed"] is True
    assert message in result["msg"]
    assert fake_session.calls == []
    assert_no_secret(result)


def test_a_missing_zone_id_is_named(fake_session, run_module):
    result = run_module(bot_detection_info, {"api_key": SECRET, "base_url": BASE})
    assert result["failed"] is True
    assert "one of the following is required: shield_zone_id, pullzone_id, pullzone_name" in result["msg"]
    assert fake_session.calls == []


def test_the_request_conforms_to_the_published_document(fake_session, run_module, openapi):
    document = openapi(SHIELD_DOCUMENT).api
    fake_session.responses = [envelope(data=state())]
    run_module(bot_detection_info, ARGS)
    [call] = fake_session.calls
    validate_request(document, call["method"], call["url"][len(BASE) :], call["params"])
