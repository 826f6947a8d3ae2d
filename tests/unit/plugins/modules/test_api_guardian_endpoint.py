"""api_guardian_endpoint: endpoint by method + path, local checks, only given options, lost answers."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.context import Context, execute
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import MAY_HAVE_BEEN_SENT, ApiError
from ansible_collections.edge.platform.plugins.modules import api_guardian_endpoint
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

KEY = "unit-test-api-key"
BASE = {"api_key": KEY, "base_url": "https://api.example.test", "shield_zone_id": 9, "method": "get", "path": "/pets"}
URL = "https://api.example.test/shield/shield-zone/9/api-guardian"
PETS = {
    "apiGuardianEndpointId": 31,
    "shieldZoneId": 9,
    "requestMethod": "GET",
    "requestPath": "/pets",
    "isEnabled": True,
    "validateRequestBodySchema": True,
    "validateResponseBodySchema": False,
    "validateAuthorization": True,
    "detectParameterXss": False,
    "detectParameterSqli": False,
    "availableParameters": {"Path": [], "Query": ["limit", "q"], "Header": ["X-Trace"], "Cookie": []},
    "injectionDetectionParameters": None,
    "rateLimitingEnabled": False,
    "rateLimitingType": "IP",
    "rateLimitingRequestCount": 100,
    "rateLimitingTimeframe": 60,
}
POST = dict(PETS, apiGuardianEndpointId=32, requestMethod="POST")


def data(**changes):
    return {
        "error": {"statusCode": 200, "success": True},
        "data": {"configuration": {"shieldZoneId": 9}, "endpoints": [POST, dict(PETS, **changes)]},
    }


def patched(**changes):
    return FakeResponse(200, {"error": {"statusCode": 200, "success": True}, "data": dict(PETS, **changes)})


WATCH = {
    "detect_xss": True,
    "injection_detection_parameters": {"query": ["q"]},
    "rate_limiting": {"enabled": True, "type": "global", "request_count": 5, "timeframe": "10s"},
}
WATCHED = {
    "detectParameterXss": True,
    "injectionDetectionParameters": {"Path": [], "Query": ["q"], "Header": [], "Cookie": []},
    "rateLimitingEnabled": True,
    "rateLimitingType": "Global",
    "rateLimitingRequestCount": 5,
    "rateLimitingTimeframe": 10,
}


def test_patches_the_matching_endpoint_with_the_differing_settings(fake_session, run_module):
    fake_session.responses = [FakeResponse(200, data()), patched(**WATCHED)]
    result = run_module(api_guardian_endpoint, dict(BASE, **WATCH), diff=True)
    assert result["changed"] is True
    assert [(c["method"], c["url"]) for c in fake_session.calls] == [("GET", URL), ("PATCH", URL + "/endpoint/31")]
    assert fake_session.calls[1]["json"] == WATCHED
    assert result["endpoint"]["rate_limiting"] == {
        "enabled": True,
        "type": "global",
        "request_count": 5,
        "timeframe": "10s",
        "timeframe_seconds": 10,
    }
    assert result["endpoint"]["available_parameters"]["Query"] == ["limit", "q"]
    assert result["diff"]["before"]["detect_xss"] is False and result["diff"]["after"]["detect_xss"] is True


def test_no_change_sends_only_the_read(fake_session, run_module):
    fake_session.responses = [FakeResponse(200, data(**WATCHED))]
    result = run_module(api_guardian_endpoint, dict(BASE, **WATCH))
    assert result["changed"] is False and len(fake_session.calls) == 1


def test_check_mode_predicts_without_writing(fake_session, run_module):
    fake_session.responses = [FakeResponse(200, data())]
    result = run_module(api_guardian_endpoint, dict(BASE, enabled=False), check=True)
    assert result["changed"] is True and len(fake_session.calls) == 1 and result["endpoint"]["enabled"] is False


def test_check_mode_reports_an_endpoint_an_earlier_upload_only_predicted_with_a_warning(fake_session, run_module):
    empty = {
        "error": {"statusCode": 200, "success": True},
        "data": {"configuration": {"shieldZoneId": 9}, "endpoints": []},
    }
    fake_session.responses = [FakeResponse(200, empty)]
    result = run_module(api_guardian_endpoint, dict(BASE, enabled=False), check=True)
    assert result["changed"] is True and result.get("failed") is not True
    assert [c["method"] for c in fake_session.calls] == ["GET"]
    endpoint = result["endpoint"]  # every documented key: what the task sets, the rest null
    assert (endpoint["method"], endpoint["path"], endpoint["enabled"], endpoint["id"]) == ("GET", "/pets", False, None)
    assert endpoint["available_parameters"] is None and endpoint["rate_limiting"]["enabled"] is None
    warnings = str(result["warnings"])  # strings, or ansible-core 2.19+'s warning records
    assert "Check mode: the API Guardian endpoint GET /pets of shield zone 9 does not exist" in warnings
    assert "earlier task may only have been predicted under --check" in warnings


def test_a_real_run_still_fails_on_a_missing_endpoint(fake_session, run_module):
    empty = {
        "error": {"statusCode": 200, "success": True},
        "data": {"configuration": {"shieldZoneId": 9}, "endpoints": []},
    }
    fake_session.responses = [FakeResponse(200, empty)]
    result = run_module(api_guardian_endpoint, dict(BASE, enabled=False))
    assert result["failed"] is True and "The zone has no API Guardian endpoints" in result["msg"]
    assert not result.get("warnings")


@pytest.mark.parametrize("count", [0, -1, 2**31])
def test_a_request_count_out_of_range_fails_before_any_request(fake_session, run_module, count):
    result = run_module(api_guardian_endpoint, dict(BASE, rate_limiting={"request_count": count}))
    assert result["failed"] is True and not fake_session.calls
    assert "rate_limiting.request_count must be from 1 to 2147483647; got %d." % count in result["msg"]


@pytest.mark.parametrize(
    "args, message",
    [
        ({"path": "/pet"}, "No API Guardian endpoint GET /pet in this zone"),
        ({"injection_detection_parameters": {"Query": ["nope"]}}, "does not have: Query.nope"),
    ],
)
def test_bad_input_fails_after_the_read_without_writing(fake_session, run_module, args, message):
    fake_session.responses = [FakeResponse(200, data())]
    result = run_module(api_guardian_endpoint, dict(BASE, **args))
    assert result["failed"] is True and message in result["msg"]
    assert [c["method"] for c in fake_session.calls] == ["GET"]


def test_a_timeframe_that_is_no_name_nor_seconds_fails_before_any_request(fake_session, run_module):
    result = run_module(api_guardian_endpoint, dict(BASE, rate_limiting={"timeframe": "2h"}))
    assert result["failed"] is True and fake_session.calls == []
    assert result["msg"].startswith(
        "value of timeframe must be one of: 1s, 10s, 1m, 5m, 15m, 1h, got: 2h found in rate_limiting"
    )


def test_a_timeframe_by_the_platform_name_works_with_a_deprecation(fake_session, run_module):
    fake_session.responses = [FakeResponse(200, data())]
    result = run_module(api_guardian_endpoint, dict(BASE, rate_limiting={"timeframe": "PerOneMinute"}), check=True)
    assert result.get("failed") is not True and not fake_session.writes
    assert [d["event"]["msg"] for d in result["deprecations"]] == [
        "rate_limiting.timeframe: give 1m instead of PerOneMinute, the spelling of earlier releases."
    ]
    assert result["invocation"]["module_args"]["rate_limiting"]["timeframe"] == "1m"


def test_rate_limit_type_is_checked_by_the_argument_spec(fake_session, run_module):
    result = run_module(api_guardian_endpoint, dict(BASE, rate_limiting={"type": "user"}))
    assert result["failed"] is True and "rate_limiting" in result["msg"] and fake_session.calls == []


def test_requests_conform_to_the_published_shield_document(fake_session, run_module, openapi):
    document = openapi("shield-api-v1.0.0.json")
    fake_session.responses = [FakeResponse(200, data()), patched(**WATCHED)]
    run_module(api_guardian_endpoint, dict(BASE, **WATCH))
    assert [c["method"] for c in fake_session.calls] == ["GET", "PATCH"]
    for call in fake_session.calls:
        document.check_request(
            call["method"], call["url"][len("https://api.example.test") :], call["json"], headers={"AccessKey": KEY}
        )


class LosingClient(object):
    def __init__(self, reads):
        self.reads = list(reads)
        self.calls = []

    def request(self, method, path, operation, **kwargs):
        self.calls.append((method, path))
        if method == "PATCH":
            raise ApiError(operation, None, "no answer in time", kind=MAY_HAVE_BEEN_SENT)
        return type("Reply", (), {"object": self.reads.pop(0)})()


@pytest.mark.parametrize("landed", [True, False])
def test_lost_answer_is_read_back_and_never_replayed(landed):
    ctx = Context(
        dict(
            shield_zone_id=9,
            method="GET",
            path="/pets",
            enabled=False,
            validate_request_body=None,
            validate_response_body=None,
            validate_authorization=None,
            detect_xss=None,
            detect_sqli=None,
            injection_detection_parameters=None,
            rate_limiting=None,
        )
    )
    ctx.client = LosingClient([data(), data(isEnabled=not landed)])
    result = execute(api_guardian_endpoint.run, ctx)
    assert [m for m, _p in ctx.client.calls] == ["GET", "PATCH", "GET"]
    if landed:
        assert result["changed"] is True and result["endpoint"]["enabled"] is False
        assert "GET /pets of shield zone 9 got no answer" in ctx.warnings[0]
    else:
        assert result["failed"] is True and "NOT applied" in result["msg"]


def test_every_settable_field_of_the_table_is_an_option():
    from ansible_collections.edge.platform.plugins.module_utils._shapes.api_guardian_settings import ENDPOINT
    from ansible_collections.edge.platform.tests.unit.plugins.modules.test_api_guardian import settable_options

    assert None not in settable_options(ENDPOINT, api_guardian_endpoint.MODULE.argument_spec)


def test_an_endpoint_gone_when_a_lost_answer_is_read_back_fails_cleanly():
    ctx = Context(
        dict(
            shield_zone_id=9,
            method="GET",
            path="/pets",
            enabled=False,
            validate_request_body=None,
            validate_response_body=None,
            validate_authorization=None,
            detect_xss=None,
            detect_sqli=None,
            injection_detection_parameters=None,
            rate_limiting=None,
        )
    )
    gone = {"error": {"statusCode": 200, "success": True}, "data": {"configuration": {}, "endpoints": [POST]}}
    ctx.client = LosingClient([data(), gone])
    result = execute(api_guardian_endpoint.run, ctx)
    assert [m for m, _p in ctx.client.calls] == ["GET", "PATCH", "GET"]
    assert result["failed"] is True and result["msg"].startswith("No API Guardian endpoint GET /pets in this zone")
