"""shield_zone_info: one zone by id or by pull zone id/name, or every zone (all pages), with names beside numbers."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import shield_zone_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

BASE = {"api_key": "unit-secret-key", "base_url": "https://api.example.test", "retries": 0}


def model(zone_id, pull_zone_id, plan=1):
    return {
        "shieldZoneId": zone_id,
        "pullZoneId": pull_zone_id,
        "planType": plan,
        "wafEnabled": True,
        "wafExecutionMode": 1,
        "wafCustomRuleOrder": [4001],
        "dDoSShieldSensitivity": 4,
        "dDoSExecutionMode": 0,
        "wafRequestBodyLimitAction": 2,
        "wafResponseBodyLimitAction": 1,
        "customWafRulesLimit": 10,
        "wafEngineConfig": [{"name": "x", "valueEncoded": "y"}],
    }


def test_every_zone_follows_next_page(fake_session, run_module):
    last_page = {"currentPage": 2, "nextPage": None}
    fake_session.responses = [
        FakeResponse(body={"data": [model(1, 11)], "page": {"currentPage": 1, "nextPage": 2}}),
        FakeResponse(body={"data": [model(2, 12, 9)], "page": last_page}),
    ]
    result = run_module(shield_zone_info, BASE, check=True)
    first, second = result["shield_zones"]
    assert (first["id"], first["pullzone_id"], first["plan"], first["plan_type"]) == (1, 11, "advanced", 1)
    assert (first["waf_execution_mode"], first["ddos_shield_sensitivity"], first["ddos_execution_mode"]) == (
        "block",
        "challenge",
        "log",
    )
    assert (first["waf_request_body_limit_action"], first["waf_response_body_limit_action"]) == ("ignore", "log")
    assert "waf_engine_config" not in first and first["waf_custom_rule_order"] == [4001]
    # a newer plan: the number itself, no guessed name, and a warning (docs/platform-notes.md, "Enums that grow")
    assert (second["plan"], second["plan_type"]) == (9, 9)
    assert "plan = 9, a value this collection does not name" in str(result["warnings"])
    assert result["changed"] is False and not fake_session.writes


def test_by_pull_zone_name_costs_two_requests(fake_session, run_module):
    fake_session.responses = [
        FakeResponse(
            body={"Items": [{"Id": 11, "Name": "demo"}], "CurrentPage": 1, "TotalItems": 1, "HasMoreItems": False}
        ),
        FakeResponse(body={"data": model(1, 11)}),
    ]
    result = run_module(shield_zone_info, dict(BASE, pullzone_name="demo"))
    assert [z["id"] for z in result["shield_zones"]] == [1]
    assert [c["url"].split("/", 3)[-1] for c in fake_session.calls] == [
        "pullzone",
        "shield/shield-zone/get-by-pullzone/11",
    ]


def test_by_id_and_a_202_without_the_zone(fake_session, run_module):
    fake_session.responses = [FakeResponse(body={"data": model(3, 13)}), FakeResponse(202, body={"statusCode": 202})]
    assert run_module(shield_zone_info, dict(BASE, shield_zone_id=3))["shield_zones"][0]["pullzone_id"] == 13
    result = run_module(shield_zone_info, dict(BASE, shield_zone_id=3))
    assert result["failed"] is True and "is not the shield zone 3 (an object with data)" in result["msg"]
    assert "Nothing was written by this task" in result["msg"]


def test_pull_zone_without_shield_fails_clearly(fake_session, run_module):
    fake_session.responses = [
        FakeResponse(404, body={"title": "Not Found", "status": 404}),
        FakeResponse(body={"data": []}),
    ]
    result = run_module(shield_zone_info, dict(BASE, pullzone_id=40))
    assert result["failed"] is True and "No shield zone of pull zone 40" in result["msg"]
    assert "the mapping of active shield zones does not list it" in result["msg"]


def test_three_selectors_are_mutually_exclusive(fake_session, run_module):
    result = run_module(shield_zone_info, dict(BASE, shield_zone_id=1, pullzone_id=2))
    assert "mutually exclusive: shield_zone_id|pullzone_id|pullzone_name" in result["msg"]
