"""The emulator's shield zones and bot detection, checked against the published shield document."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.tests.unit.shield_reference import SHIELD_DOCUMENT, validate_response
from emulator.fixtures import FixtureError
from emulator.platform_state import Platform

from ..conftest import EMULATOR_DIR, load_platform

KEY = "emu-shield-key"
FIXTURE = {
    "api_keys": [KEY],
    "shield_zones": [
        {
            "id": 3001,
            "pull_zone_id": 2001,
            "plan": "advanced",
            "api_guardian_limits": {"max_endpoints": 200},  # another area's key: ignored here
            "api_guardian_spec": None,
            "bot_detection": {
                "execution_mode": 1,
                "request_integrity": 2,
                "ip_address": 3,
                "fingerprint_sensitivity": 0,
                "fingerprint_aggression": 4,
                "complex_enabled": True,
            },
        },
        {"id": 3002, "pull_zone_id": 2002, "plan": "basic"},
        {"id": 3003, "plan": "Enterprise"},
    ],
    "waf_rules": [
        {"id": 4001, "shield_zone_id": 3001, "rule_name": "a", "rule_configuration": {}},
        {"id": 4002, "shield_zone_id": 3001, "rule_name": "b", "rule_configuration": {}},
    ],
}
BOT = "/shield/shield-zone/%d/bot-detection"
TEXT_PLAIN = "text/plain; charset=utf-8"


@pytest.fixture(scope="module")
def running(module_emulator):
    return module_emulator(FIXTURE, key=KEY)


def test_bot_detection_answers_the_envelope_as_text_plain(running):
    answer = running.request("GET", BOT % 3001)
    assert answer.status_code == 200
    assert answer.headers["Content-Type"] == TEXT_PLAIN
    assert answer.json() == {
        "data": {
            "shieldZoneId": 3001,
            "executionMode": 1,
            "requestIntegrity": {"sensitivity": 2},
            "ipAddress": {"sensitivity": 3},
            "browserFingerprint": {"sensitivity": 0, "aggression": 4, "complexEnabled": True},
        },
        "error": {"statusCode": 200, "success": True, "message": None, "errorKey": None},
    }


def test_bot_detection_defaults_when_the_fixture_has_none(running):
    answer = running.request("GET", BOT % 3003)
    assert answer.json()["data"] == {
        "shieldZoneId": 3003,
        "executionMode": 0,
        "requestIntegrity": {"sensitivity": 1},
        "ipAddress": {"sensitivity": 1},
        "browserFingerprint": {"sensitivity": 1, "aggression": 1, "complexEnabled": False},
    }


def test_basic_plan_answers_202_with_the_plan_error_key(running):
    answer = running.request("GET", BOT % 3002)
    assert answer.status_code == 202
    assert answer.headers["Content-Type"] == TEXT_PLAIN
    assert answer.json() == {
        "error": {
            "statusCode": 202,
            "success": False,
            "message": "Bot detection is not available on the Basic plan.",
            "errorKey": "invalid_plan_type.bot_detection",
        }
    }


def test_unknown_zone_answers_the_404_envelope(running):
    answer = running.request("GET", BOT % 3999)
    assert answer.status_code == 404
    assert answer.json()["error"] == {
        "statusCode": 404,
        "success": False,
        "message": "Shield zone 3999 was not found.",
        "errorKey": "shield_zone.not_found",
    }


@pytest.mark.parametrize("api_key", [None, "wrong-key"])
def test_bot_detection_without_a_valid_key_answers_problem_details(running, api_key):
    answer = running.request("GET", BOT % 3001, key=api_key)
    assert answer.status_code == 401
    assert answer.json()["title"] == "Unauthorized"
    assert answer.json()["status"] == 401


def test_shield_zone_carries_plan_limits_and_rule_order(running):
    answer = running.request("GET", "/shield/shield-zone/3001")
    assert answer.status_code == 200
    assert answer.headers["Content-Type"] == TEXT_PLAIN
    zone = answer.json()["data"]
    assert (zone["shieldZoneId"], zone["pullZoneId"], zone["planType"]) == (3001, 2001, 1)
    assert zone["wafCustomRuleOrder"] == [4001, 4002]
    assert (zone["customWafRulesLimit"], zone["rateLimitRulesLimit"]) == (10, 10)
    enterprise = running.request("GET", "/shield/shield-zone/3003").json()["data"]
    assert (enterprise["planType"], enterprise["pullZoneId"], enterprise["wafCustomRuleOrder"]) == (3, None, [])


def test_unknown_shield_zone_answers_problem_details(running):
    answer = running.request("GET", "/shield/shield-zone/3999")
    assert answer.status_code == 404
    assert answer.json()["status"] == 404


def test_state_and_log_show_the_zones_without_the_key(running):
    running.admin("DELETE", "requests")
    running.request("GET", BOT % 3002)
    log = running.admin("GET", "requests").json()["requests"]
    assert log == [{"method": "GET", "path": BOT % 3002, "query": {}, "status": 202}]
    state = running.admin("GET", "state").json()
    assert state["areas"]["shield"]["shield_zones"][1] == {
        "id": 3002,
        "pull_zone_id": 2002,
        "plan": "basic",
        "bot_detection": {
            "execution_mode": 0,
            "request_integrity": 1,
            "ip_address": 1,
            "fingerprint_sensitivity": 1,
            "fingerprint_aggression": 1,
            "complex_enabled": False,
        },
    }
    assert KEY not in str(state)


@pytest.mark.parametrize(
    "zone, message",
    [
        (
            {"id": 1, "plan": "gold"},
            "shield_zones[0].plan must be one of basic, advanced, business, enterprise; got 'gold'",
        ),
        ({"id": 1, "plan": 7}, "shield_zones[0].plan must be one of"),
        (
            {"id": 1, "bot_detection": {"ip_address": 4}},
            "shield_zones[0].bot_detection.ip_address must be one of [0, 1, 2, 3]",
        ),
        ({"id": 1, "bot_detection": {"execution_mode": True}}, "shield_zones[0].bot_detection.execution_mode must be"),
        ({"id": 1, "bot_detection": {"complex_enabled": "yes"}}, "complex_enabled must be true, false or null"),
        ({"id": 1, "bot_detection": [1]}, "shield_zones[0].bot_detection must be a mapping"),
        ({"plan": "basic"}, "shield_zones[0] needs 'id'"),
    ],
)
def test_bad_fixtures_are_refused_with_the_place(tmp_path, zone, message):
    with pytest.raises(FixtureError) as caught:
        load_platform({"api_keys": [KEY], "shield_zones": [zone]}, tmp_path)
    assert message in str(caught.value)


def test_plan_numbers_are_accepted(tmp_path):
    platform = load_platform({"shield_zones": [{"id": 1, "plan": 2}]}, tmp_path)
    assert platform.dump()["areas"]["shield"]["shield_zones"][0]["plan"] == "business"


CONFORMANCE = [
    # path, key, status, declared status whose schema applies (the document declares no 202 here,
    # nor a 404 for the shield zone: those bodies are checked against the operation's own shapes)
    (BOT % 3001, KEY, 200, None),
    (BOT % 3003, KEY, 200, None),
    (BOT % 3002, KEY, 202, 200),
    (BOT % 3999, KEY, 404, None),
    (BOT % 3001, None, 401, None),
    (BOT % 3001, "wrong-key", 401, None),
    ("/shield/shield-zone/3001", KEY, 200, None),
    ("/shield/shield-zone/3003", KEY, 200, None),
    ("/shield/shield-zone/3999", KEY, 404, 401),
]


@pytest.mark.parametrize("path, api_key, status, as_status", CONFORMANCE)
def test_answers_conform_to_the_published_document(running, openapi, path, api_key, status, as_status):
    answer = running.request("GET", path, key=api_key)
    assert answer.status_code == status
    validate_response(openapi(SHIELD_DOCUMENT).api, "GET", path, status, answer.content, as_status=as_status)


@pytest.mark.parametrize(
    "status, body",
    [
        (
            200,
            {
                "data": {
                    "shieldZoneId": 1,
                    "executionMode": 9,
                    "requestIntegrity": {"sensitivity": 1},
                    "ipAddress": {"sensitivity": 1},
                    "browserFingerprint": {"sensitivity": 1},
                }
            },
        ),
        (200, {"data": {"shieldZoneId": 1, "executionMode": 0}}),
        (200, {"data": None, "error": None}),
        (202, {"error": {"statusCode": 202, "success": False}}),
    ],
)
def test_the_conformance_check_rejects_what_the_document_does_not_allow(openapi, status, body):
    openapi_core = pytest.importorskip("openapi_core")
    with pytest.raises(openapi_core.exceptions.OpenAPIError):
        validate_response(openapi(SHIELD_DOCUMENT).api, "GET", BOT % 1, status, body)


def test_the_demo_fixture_has_the_design_shield_zones_and_rules(tmp_path):
    demo = str(EMULATOR_DIR / "fixtures" / "demo.yml")
    state = Platform(demo, str(tmp_path)).dump()["areas"]
    zones = {z["id"]: z for z in state["shield"]["shield_zones"]}
    assert zones[3001] == {
        "id": 3001,
        "pull_zone_id": 2001,
        "plan": "advanced",
        "bot_detection": {
            "execution_mode": 0,
            "request_integrity": 1,
            "ip_address": 1,
            "fingerprint_sensitivity": 1,
            "fingerprint_aggression": 1,
            "complex_enabled": False,
        },
    }
    assert (zones[3002]["pull_zone_id"], zones[3002]["plan"]) == (2002, "basic")
    rules = {r["id"]: r for r in state["waf_rules"]["waf_rules"]}
    assert rules[4001] == {"id": 4001, "shield_zone_id": 3001, "rule_name": "block-admin"}
    assert len(rules) >= 4
