"""The emulator's rate limit rules, checked against the published shield document."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.tests.unit.shield_reference import SHIELD_DOCUMENT, validate_response
from emulator.fixtures import FixtureError

from ..conftest import load_platform

KEY = "emu-rate-limit-key"
CONFIGURATION = {
    "actionType": 3,
    "variableTypes": {"REQUEST_URI": ""},
    "operatorType": 0,
    "severityType": 1,
    "transformationTypes": [8],
    "value": "/login",
    "isNegated": False,
    "isRegexVariable": False,
    "requestCount": 100,
    "counterKeyType": 2,
    "timeframe": 60,
    "blockTime": 900,
    "chainedRuleConditions": [
        {
            "variableTypes": {"REQUEST_METHOD": ""},
            "operatorType": 15,
            "value": "POST",
            "isNegated": True,
            "isRegexVariable": False,
        }
    ],
}
FIXTURE = {
    "api_keys": [KEY],
    "pull_zones": [{"id": 2001, "name": "fresh"}],
    "shield_zones": [
        {"id": 3001, "plan": "advanced"},
        {"id": 3002, "plan": "basic"},
        {"id": 3003, "plan": "business", "rate_limit_writes": "accepted"},
        {"id": 3004, "plan": "business", "rate_limit_listing": "thin"},
    ],
    "rate_limit_rules": [
        {
            "id": 6001,
            "shield_zone_id": 3001,
            "rule_name": "login",
            "rule_description": "Logins",
            "user_id": "owner-1",
            "rule_configuration": CONFIGURATION,
        },
        {"id": 6002, "shield_zone_id": 3001, "rule_name": "defaults"},
        {"id": 6003, "shield_zone_id": 3002, "rule_name": "one"},
        {"id": 6004, "shield_zone_id": 3002, "rule_name": "two"},
        {"id": 6005, "shield_zone_id": 3004, "rule_name": "thin", "rule_configuration": CONFIGURATION},
    ],
}
RULE = "/shield/rate-limit/%d"
RULES = "/shield/rate-limits/%d"
NEW = {
    "ruleName": "new",
    "ruleDescription": "",
    "ruleConfiguration": {"requestCount": 5, "timeframe": 10, "blockTime": 30, "actionType": 1},
}


@pytest.fixture(scope="module")
def running(module_emulator):
    return module_emulator(FIXTURE, key=KEY)


def conforms(openapi, method, path, status, body):
    """The answer conforms to the document; a rule read (GET) conforms to ``RateLimitRule``, the schema the writes
    answer: the document gives GET the ``CustomWafRule``, whose configuration lacks the limit members the platform
    sends there (docs/platform-notes.md, "Rate limit rules")."""
    api = openapi(SHIELD_DOCUMENT).api
    listing = path.startswith("/shield/rate-limits/")
    if listing and body.get("data"):
        for rule in body["data"]:
            validate_response(api, "PATCH", RULE % 1, 200, rule)
        body = dict(body, data=[])
    elif method == "GET" and status == 200 and not listing:
        method = "PATCH"
    validate_response(api, method, path, status, body)


def test_a_fixture_rule_has_every_member_and_its_defaults(running, openapi):
    answer = running.request("GET", RULE % 6001)
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "text/plain; charset=utf-8"
    rule = answer.json()
    assert (rule["id"], rule["shieldZoneId"], rule["userId"], rule["ruleName"]) == (6001, 3001, "owner-1", "login")
    assert rule["ruleConfiguration"] == CONFIGURATION
    conforms(openapi, "GET", RULE % 6001, 200, rule)
    defaults = running.request("GET", RULE % 6002).json()["ruleConfiguration"]
    assert {k: defaults[k] for k in ("actionType", "requestCount", "counterKeyType", "timeframe", "blockTime")} == {
        "actionType": 1,
        "requestCount": 10,
        "counterKeyType": 0,
        "timeframe": 60,
        "blockTime": 300,
    }
    assert running.request("GET", RULE % 6999).json() == {"statusCode": 404}


def test_the_listing_is_paged_and_an_unknown_zone_is_a_failed_envelope(running, openapi):
    first = running.request("GET", RULES % 3001, params={"page": 1, "perPage": 1}).json()
    assert [r["id"] for r in first["data"]] == [6001]
    assert first["page"] == {"totalCount": 2, "totalPages": 2, "currentPage": 1, "nextPage": 2, "pageSize": 1}
    conforms(openapi, "GET", RULES % 3001, 200, first)
    unknown = running.request("GET", RULES % 3999).json()
    assert unknown["error"]["errorKey"] == "shield_zone.not_found" and unknown["data"] is None
    conforms(openapi, "GET", RULES % 3999, 200, unknown)
    assert running.request("GET", RULES % 3001, params={"perPage": 0}).status_code == 400
    assert running.request("GET", RULES % 3001, key="wrong").json() == {"statusCode": 401}


def test_create_update_delete(emulator, openapi):
    running = emulator(FIXTURE, key=KEY)
    created = running.request("POST", "/shield/rate-limit", json=dict(NEW, shieldZoneId=3001))
    assert created.status_code == 200
    rule = created.json()
    assert rule["id"] > 6004 and rule["ruleConfiguration"]["requestCount"] == 5
    assert rule["ruleConfiguration"]["counterKeyType"] == 0 and rule["ruleConfiguration"]["variableTypes"] is None
    conforms(openapi, "POST", "/shield/rate-limit", 200, rule)
    updated = running.request("PATCH", RULE % rule["id"], json={"ruleConfiguration": dict(CONFIGURATION)})
    assert updated.json()["ruleName"] == "new" and updated.json()["ruleConfiguration"] == CONFIGURATION
    conforms(openapi, "PATCH", RULE % rule["id"], 200, updated.json())
    deleted = running.request("DELETE", RULE % rule["id"])
    assert deleted.json() == {"statusCode": 200, "success": True, "message": None, "errorKey": None}
    conforms(openapi, "DELETE", RULE % rule["id"], 200, deleted.json())
    assert running.request("DELETE", RULE % rule["id"]).status_code == 404
    assert running.request("PATCH", RULE % rule["id"], json={}).status_code == 404


@pytest.mark.parametrize(
    "change, member",
    [
        ({"timeframe": 30}, "$.ruleConfiguration.timeframe"),
        ({"blockTime": 10}, "$.ruleConfiguration.blockTime"),
        ({"actionType": 4}, "$.ruleConfiguration.actionType"),
        ({"counterKeyType": 8}, "$.ruleConfiguration.counterKeyType"),
        ({"requestCount": "5"}, "$.ruleConfiguration.requestCount"),
        ({"ruleName": 1}, "$.ruleConfiguration.ruleName"),
    ],
)
def test_bodies_are_bound_as_the_document_closes_them(running, change, member):
    configuration = dict(NEW["ruleConfiguration"], **change)
    answer = running.request(
        "POST", "/shield/rate-limit", json=dict(NEW, shieldZoneId=3001, ruleConfiguration=configuration)
    )
    assert answer.status_code == 400
    assert member in answer.json()["errors"]
    assert running.request(
        "POST", "/shield/rate-limit", json={"shieldZoneId": 3001, "ruleName": "x", "ruleConfiguration": {}}
    ).json()["errors"] == {"RuleDescription": ["The RuleDescription field is required."]}


def test_the_plan_limit_unknown_zones_and_accepted_writes(emulator, openapi):
    running = emulator(FIXTURE, key=KEY)
    full = running.request("POST", "/shield/rate-limit", json=dict(NEW, shieldZoneId=3002))
    assert full.status_code == 202
    assert full.json()["error"]["errorKey"] == "rate_limit.limit_exceeded" and "maximum of 2" in full.text
    unknown = running.request("POST", "/shield/rate-limit", json=dict(NEW, shieldZoneId=3999)).json()
    assert unknown["id"] == 0 and unknown["errorResponse"]["errorKey"] == "shield_zone.not_found"
    # not checked against the document: ruleConfiguration is null, as in the WAF rule area's answer (an unfilled rule)
    accepted = running.request("POST", "/shield/rate-limit", json=dict(NEW, shieldZoneId=3003))
    assert accepted.status_code == 202 and accepted.json()["statusCode"] == 202
    conforms(openapi, "POST", "/shield/rate-limit", 202, accepted.json())
    assert running.request("GET", RULES % 3003).json()["data"] == []
    # a zone the shield area creates takes rules at once (Basic plan: two)
    shielded = running.request("POST", "/shield/shield-zone", json={"pullZoneId": 2001}).json()
    zone_id = shielded["data"]["shieldZone"]["shieldZoneId"]
    assert running.request("POST", "/shield/rate-limit", json=dict(NEW, shieldZoneId=zone_id)).status_code == 200
    assert [r["shieldZoneId"] for r in running.request("GET", RULES % zone_id).json()["data"]] == [zone_id]


@pytest.mark.parametrize(
    "rules, message",
    [
        ([{"id": 1, "shield_zone_id": 9}], "rate_limit_rules[0].shield_zone_id 9 is not a zone in shield_zones"),
        ([{"id": 1, "shield_zone_id": 3001}] * 2, "rate_limit_rules[1].id 1 is used twice"),
        (
            [{"id": 1, "shield_zone_id": 3001, "rule_configuration": {"timeframe": "1m"}}],
            "rate_limit_rules[0].rule_configuration.timeframe must be an integer",
        ),
        (
            [{"id": 1, "shield_zone_id": 3001, "rule_configuration": {"variableTypes": {"NOPE": ""}}}],
            "rate_limit_rules[0].rule_configuration.variableTypes has unknown variable 'NOPE'",
        ),
    ],
)
def test_bad_fixtures_are_refused_with_the_place(tmp_path, rules, message):
    with pytest.raises(FixtureError) as caught:
        load_platform({"shield_zones": [{"id": 3001}], "rate_limit_rules": rules}, tmp_path)
    assert message in str(caught.value)


def test_a_thin_listing_leaves_out_the_limit_and_the_rule_read_has_it(running, openapi):
    listing = running.request("GET", RULES % 3004).json()
    listed = listing["data"][0]
    for member in ("requestCount", "timeframe", "blockTime", "counterKeyType"):
        assert member not in listed["ruleConfiguration"] and member not in listed["ruleJson"]
    # the listing's items are then the document's CustomWafRule (without the limit members)
    validate_response(openapi(SHIELD_DOCUMENT).api, "GET", RULES % 3004, 200, listing)
    whole = running.request("GET", RULE % 6005).json()["ruleConfiguration"]
    assert whole == CONFIGURATION and whole["requestCount"] == CONFIGURATION["requestCount"]
    assert running.request("GET", RULES % 3001).json()["data"][0]["ruleConfiguration"] == CONFIGURATION


@pytest.mark.parametrize("body", ["[]", "null", "7", '{"ruleName": NaN}'])
def test_a_body_that_is_not_a_json_object_is_refused(running, body):
    for method, path in (("POST", "/shield/rate-limit"), ("PATCH", RULE % 6001)):
        answer = running.request(method, path, data=body, headers={"Content-Type": "application/json"})
        assert answer.status_code == 400 and answer.json()["ErrorKey"] == "request.invalid_json"
