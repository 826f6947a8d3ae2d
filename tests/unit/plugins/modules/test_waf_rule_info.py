from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import listing
from ansible_collections.edge.platform.plugins.modules import waf_rule_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.shield_reference import SHIELD_DOCUMENT, validate_request

BASE = "https://api.example.test"
SECRET = "waf-unit-secret-key-7f3a"
ARGS = {"api_key": SECRET, "base_url": BASE}
TEXT = {"Content-Type": "text/plain; charset=utf-8"}  # the shield API labels its JSON text/plain


def configuration(variables=None, chained=None, **overrides):
    config = {
        "actionType": 1,
        "variableTypes": variables if variables is not None else {"REQUEST_URI": ""},
        "operatorType": 0,
        "severityType": 2,
        "transformationTypes": [8],
        "value": "/admin",
        "isNegated": False,
        "isRegexVariable": False,
        "chainedRuleConditions": chained or [],
    }
    config.update(overrides)
    return config


def rule(rule_id=4001, zone_id=3001, config=None, rule_json=None, error=None):
    config = config if config is not None else configuration()
    return {
        "id": rule_id,
        "shieldZoneId": zone_id,
        "userId": "user-1",
        "ruleName": "rule-%d" % rule_id,
        "ruleDescription": "Rule %d" % rule_id,
        "ruleJson": json.dumps(config) if rule_json is None else rule_json,
        "ruleConfiguration": config,
        "errorResponse": error or {"statusCode": 200, "success": True, "message": None, "errorKey": None},
    }


def page(rules, current, total_pages, size=2, total=None, next_page="auto"):
    info = {
        "totalCount": total if total is not None else len(rules),
        "totalPages": total_pages,
        "currentPage": current,
        "pageSize": size,
        "nextPage": (current + 1 if current < total_pages else None) if next_page == "auto" else next_page,
    }
    return FakeResponse(
        200,
        {"data": rules, "page": info, "error": {"statusCode": 200, "success": True, "message": None, "errorKey": None}},
        headers=TEXT,
    )


def assert_no_secret(result):
    assert SECRET not in json.dumps(result)


def test_one_rule_is_read_with_one_get_and_shaped(fake_session, run_module):
    fake_session.responses = [FakeResponse(200, rule(), headers=TEXT)]
    result = run_module(waf_rule_info, dict(ARGS, id=4001))
    assert result["changed"] is False
    assert len(fake_session.calls) == 1
    call = fake_session.calls[0]
    assert (call["method"], call["url"]) == ("GET", BASE + "/shield/waf/custom-rule/4001")
    assert call["headers"]["AccessKey"] == SECRET
    assert fake_session.writes == []
    [shaped] = result["waf_rules"]
    assert shaped["id"] == 4001
    assert shaped["shield_zone_id"] == 3001
    assert shaped["user_id"] == "user-1"
    assert shaped["rule_name"] == "rule-4001"
    assert shaped["rule_description"] == "Rule 4001"
    assert json.loads(shaped["rule_json"]) == configuration()
    assert shaped["rule_json_data"] == configuration()
    assert shaped["rule_configuration"] == {
        "action_type": 1,
        "action_type_name": "block",
        "variable_types": {"REQUEST_URI": ""},
        "operator_type": 0,
        "operator_type_name": "BEGINSWITH",
        "severity_type": 2,
        "severity_type_name": "CRITICAL",
        "transformation_types": [8],
        "transformation_type_names": ["LOWERCASE"],
        "value": "/admin",
        "is_negated": False,
        "is_regex_variable": False,
        "chained_rule_conditions": [],
    }
    assert shaped["error_response"] == {"status_code": 200, "success": True, "message": None, "error_key": None}
    assert_no_secret(result)


def test_check_mode_reads_the_same(fake_session, run_module):
    fake_session.responses = [FakeResponse(200, rule(), headers=TEXT)]
    checked = run_module(waf_rule_info, dict(ARGS, id=4001), check=True)
    fake_session.responses = [FakeResponse(200, rule(), headers=TEXT)]
    real = run_module(waf_rule_info, dict(ARGS, id=4001))
    assert checked["waf_rules"] == real["waf_rules"]
    assert checked["changed"] is False
    assert fake_session.writes == []
    assert "diff" not in checked


def test_numeric_variable_keys_become_names_in_main_and_chained_conditions(fake_session, run_module):
    chained = [
        {"variableTypes": {"20": ""}, "operatorType": 15, "value": "POST", "isNegated": True, "isRegexVariable": False}
    ]
    config = configuration(
        variables={"18": "User-Agent"}, chained=chained, operatorType=2, transformationTypes=[19, 15]
    )
    fake_session.responses = [FakeResponse(200, rule(config=config), headers=TEXT)]
    result = run_module(waf_rule_info, dict(ARGS, id=4001))
    shaped = result["waf_rules"][0]["rule_configuration"]
    assert shaped["variable_types"] == {"REQUEST_HEADERS": "User-Agent"}
    assert shaped["operator_type_name"] == "CONTAINS"
    assert shaped["transformation_type_names"] == ["URLDECODE", "REMOVENULLS"]
    assert shaped["chained_rule_conditions"] == [
        {
            "variable_types": {"REQUEST_METHOD": ""},
            "operator_type": 15,
            "operator_type_name": "STREQ",
            "value": "POST",
            "is_negated": True,
            "is_regex_variable": False,
        }
    ]
    # rule_json_data is the platform's text decoded as it is
    assert result["waf_rules"][0]["rule_json_data"]["variableTypes"] == {"18": "User-Agent"}


def test_unknown_numbers_keep_the_number_and_have_no_name(fake_session, run_module):
    config = configuration(
        variables={"27": "x"}, actionType=9, operatorType=13, severityType=7, transformationTypes=[8, 99]
    )
    fake_session.responses = [FakeResponse(200, rule(config=config), headers=TEXT) for _read in range(2)]
    shaped = run_module(waf_rule_info, dict(ARGS, id=4001))["waf_rules"][0]["rule_configuration"]
    assert (shaped["action_type"], shaped["action_type_name"]) == (9, None)
    assert (shaped["operator_type"], shaped["operator_type_name"]) == (13, None)
    assert (shaped["severity_type"], shaped["severity_type_name"]) == (7, None)
    assert shaped["transformation_type_names"] == ["LOWERCASE", None]
    assert shaped["variable_types"] == {"27": "x"}
    warnings = str(run_module(waf_rule_info, dict(ARGS, id=4001)).get("warnings"))
    for said in ("action_type = 9", "operator_type = 13", "severity_type = 7", "transformation_types = 99"):
        assert said in warnings


def test_null_members_are_tolerated(fake_session, run_module):
    config = {
        "actionType": 2,
        "variableTypes": None,
        "operatorType": 17,
        "severityType": 0,
        "transformationTypes": None,
        "value": None,
        "isNegated": None,
        "isRegexVariable": None,
        "chainedRuleConditions": None,
    }
    body = rule(config=config, rule_json="")
    body["errorResponse"] = None
    fake_session.responses = [FakeResponse(200, body, headers=TEXT)]
    shaped = run_module(waf_rule_info, dict(ARGS, id=4001))["waf_rules"][0]
    assert shaped["rule_json_data"] is None
    assert shaped["error_response"] is None
    assert shaped["rule_configuration"]["variable_types"] == {}
    assert shaped["rule_configuration"]["transformation_types"] == []
    assert shaped["rule_configuration"]["chained_rule_conditions"] == []
    assert shaped["rule_configuration"]["operator_type_name"] == "DETECTSQLI"


def test_rule_json_that_is_not_json_warns(fake_session, run_module):
    fake_session.responses = [FakeResponse(200, rule(rule_json="{not json"), headers=TEXT)]
    result = run_module(waf_rule_info, dict(ARGS, id=4001))
    assert result["waf_rules"][0]["rule_json_data"] is None
    assert result["waf_rules"][0]["rule_json"] == "{not json"
    # ansible-core 2.19 returns warnings as structured summaries; older cores as strings
    assert "ruleJson of custom WAF rule 4001 is not valid JSON" in json.dumps(result["warnings"])


def test_missing_rule_fails_with_the_status(fake_session, run_module):
    fake_session.responses = [FakeResponse(404, {"statusCode": 404}, headers=TEXT)]
    result = run_module(waf_rule_info, dict(ARGS, id=999))
    assert result["failed"] is True
    assert result["msg"].startswith("Reading custom WAF rule 999 failed with HTTP 404 Not Found.")
    assert "check id" in result["msg"]
    assert result["api_error"] == {"status": 404, "error_key": None, "field": None, "message": None}
    assert len(fake_session.calls) == 1
    assert_no_secret(result)


def test_a_rule_whose_error_response_failed_is_reported(fake_session, run_module):
    error = {
        "statusCode": 404,
        "success": False,
        "message": "Custom WAF rule not found.",
        "errorKey": "waf_rule.not_found",
    }
    fake_session.responses = [FakeResponse(200, rule(error=error), headers=TEXT)]
    result = run_module(waf_rule_info, dict(ARGS, id=4001))
    assert result["failed"] is True
    assert "HTTP 404" in result["msg"] and "error key waf_rule.not_found" in result["msg"]
    assert "Custom WAF rule not found" in result["msg"] and "check id" in result["msg"]
    assert result["api_error"]["error_key"] == "waf_rule.not_found"


def test_a_failed_error_response_without_status_keeps_the_http_status(fake_session, run_module):
    error = {"statusCode": None, "success": False, "message": "Broken.", "errorKey": None}
    fake_session.responses = [FakeResponse(200, rule(error=error), headers=TEXT)]
    result = run_module(waf_rule_info, dict(ARGS, id=4001))
    assert result["api_error"]["status"] == 200
    assert "Broken" in result["msg"]


def test_a_complete_rule_with_a_default_error_response_is_a_successful_read(fake_session, run_module):
    # ASP.NET serialises an unset GenericRequestResponse with its defaults: success false, nothing else
    default = {"statusCode": 0, "success": False, "message": None, "errorKey": None}
    fake_session.responses = [FakeResponse(200, rule(error=default), headers=TEXT)]
    result = run_module(waf_rule_info, dict(ARGS, id=4001))
    assert result.get("failed") is not True
    assert result["waf_rules"][0]["id"] == 4001
    assert result["waf_rules"][0]["error_response"] == {
        "status_code": 0,
        "success": False,
        "message": None,
        "error_key": None,
    }


DEFAULT_ERROR = {"statusCode": 0, "success": False, "message": None, "errorKey": None}
EMPTY_RULE = {
    "id": 0,
    "shieldZoneId": 0,
    "userId": None,
    "ruleName": None,
    "ruleDescription": None,
    "ruleJson": None,
    "ruleConfiguration": None,
    "errorResponse": DEFAULT_ERROR,
}
ACCEPTED = {
    "location": None,
    "value": None,
    "formatters": [],
    "contentTypes": [],
    "declaredType": None,
    "statusCode": 202,
}


@pytest.mark.parametrize(
    "status, body, headline",
    [
        # a rule deleted in the dashboard (terraform-provider-bunnynet issue #93)
        (
            202,
            ACCEPTED,
            "HTTP 202 Accepted: the platform answered without the rule, as it does for a rule that was deleted.",
        ),
    ],
)
def test_an_answer_without_the_rule_fails_as_not_found(fake_session, run_module, status, body, headline):
    fake_session.responses = [FakeResponse(status, body, headers=TEXT)]
    result = run_module(waf_rule_info, dict(ARGS, id=4001))
    assert result["failed"] is True
    assert result["msg"].startswith("Reading custom WAF rule 4001 failed with " + headline)
    assert "check id" in result["msg"]
    assert len(fake_session.calls) == 1


def test_an_error_key_alone_fails_even_with_the_rule(fake_session, run_module):
    error = {"statusCode": 0, "success": False, "message": None, "errorKey": "waf_rule.locked"}
    fake_session.responses = [FakeResponse(200, rule(error=error), headers=TEXT)]
    result = run_module(waf_rule_info, dict(ARGS, id=4001))
    assert result["failed"] is True
    assert result["api_error"] == {
        "status": 200,
        "error_key": "waf_rule.locked",
        "field": None,
        "message": "the platform reported a failure with the rule",
    }


@pytest.mark.parametrize("body", [None, {"id": 0, "ruleName": None}, ["not", "a", "rule"], {}, EMPTY_RULE])
def test_an_answer_without_a_rule_is_not_understood(fake_session, run_module, body):
    fake_session.responses = [FakeResponse(200, body, headers=TEXT)]
    result = run_module(waf_rule_info, dict(ARGS, id=4001))
    assert result["failed"] is True
    assert "is not the custom WAF rule 4001 (an object with its id, zone and configuration)" in result["msg"]
    assert "Nothing was written by this task" in result["msg"]


def test_unauthorised_fails_with_the_api_key_hint_and_no_secret(fake_session, run_module):
    fake_session.responses = [FakeResponse(401, {"statusCode": 401}, headers=TEXT)]
    result = run_module(waf_rule_info, dict(ARGS, id=4001))
    assert result["failed"] is True
    assert "HTTP 401 Unauthorized" in result["msg"] and "check api_key" in result["msg"]
    assert result["api_error"]["status"] == 401
    assert_no_secret(result)


def test_a_zone_is_listed_page_by_page(fake_session, run_module):
    rules = [rule(4001 + n) for n in range(5)]
    fake_session.responses = [
        page(rules[0:2], 1, 3, total=5),
        page(rules[2:4], 2, 3, total=5),
        page(rules[4:5], 3, 3, total=5),
    ]
    result = run_module(waf_rule_info, dict(ARGS, shield_zone_id=3001, page_size=2))
    assert [r["id"] for r in result["waf_rules"]] == [4001, 4002, 4003, 4004, 4005]
    assert [c["params"] for c in fake_session.calls] == [
        {"page": 1, "perPage": 2},
        {"page": 2, "perPage": 2},
        {"page": 3, "perPage": 2},
    ]
    assert all(c["url"] == BASE + "/shield/waf/custom-rules/3001" for c in fake_session.calls)
    assert fake_session.writes == []
    assert result["changed"] is False


@pytest.mark.parametrize("option", ["rule_name", "name"])
def test_a_rule_name_returns_the_zone_rules_with_exactly_that_name(fake_session, run_module, option):
    rules = [rule(4001 + n) for n in range(3)]
    rules[2]["ruleName"] = "RULE-4002"  # another case is another name, as waf_rule matches it
    fake_session.responses = [page(rules[0:2], 1, 2, total=3), page(rules[2:3], 2, 2, total=3)]
    result = run_module(waf_rule_info, dict(ARGS, shield_zone_id=3001, page_size=2, **{option: "rule-4002"}))
    assert [(r["id"], r["rule_name"]) for r in result["waf_rules"]] == [(4002, "rule-4002")]
    assert result["waf_rules"][0]["error_response"]["success"] is True
    assert len(fake_session.calls) == 2 and fake_session.writes == []
    assert result["changed"] is False


def test_a_rule_name_the_zone_does_not_hold_returns_no_rule(fake_session, run_module):
    fake_session.responses = [page([rule()], 1, 1)]
    result = run_module(waf_rule_info, dict(ARGS, shield_zone_id=3001, rule_name="absent"))
    assert result["waf_rules"] == [] and "failed" not in result


def test_a_rule_name_held_twice_returns_both(fake_session, run_module):
    twins = [rule(4001), rule(4002)]
    for twin in twins:
        twin["ruleName"] = "twin"
    fake_session.responses = [page(twins, 1, 1)]
    result = run_module(waf_rule_info, dict(ARGS, shield_zone_id=3001, rule_name="twin"))
    assert [r["id"] for r in result["waf_rules"]] == [4001, 4002]


def test_listing_asks_for_100_per_page_by_default(fake_session, run_module):
    fake_session.responses = [page([rule()], 1, 1, size=100)]
    result = run_module(waf_rule_info, dict(ARGS, shield_zone_id=3001))
    assert fake_session.calls[0]["params"] == {"page": 1, "perPage": 100}
    assert len(result["waf_rules"]) == 1


def test_listing_follows_total_pages_when_next_page_is_absent(fake_session, run_module):
    first = page([rule(1)], 1, 2)
    second = page([rule(2)], 2, 2)
    for answer in (first, second):
        body = json.loads(answer.text)
        del body["page"]["nextPage"]
        answer.text = json.dumps(body)
    fake_session.responses = [first, second]
    result = run_module(waf_rule_info, dict(ARGS, shield_zone_id=3001, page_size=1))
    assert [r["id"] for r in result["waf_rules"]] == [1, 2]
    assert len(fake_session.calls) == 2


def test_listing_stops_on_an_empty_page_or_a_next_page_that_does_not_advance(fake_session, run_module):
    fake_session.responses = [page([rule(1)], 1, 5), page([], 2, 5)]
    result = run_module(waf_rule_info, dict(ARGS, shield_zone_id=3001, page_size=1))
    assert [r["id"] for r in result["waf_rules"]] == [1]
    fake_session.calls.clear()
    fake_session.responses = [page([rule(1)], 1, 5, next_page=1)]
    result = run_module(waf_rule_info, dict(ARGS, shield_zone_id=3001, page_size=1))
    assert [r["id"] for r in result["waf_rules"]] == [1]
    assert len(fake_session.calls) == 1


def test_a_rule_seen_twice_while_paging_is_reported_once(fake_session, run_module):
    fake_session.responses = [page([rule(1), rule(2)], 1, 2), page([rule(2), rule(3)], 2, 2)]
    result = run_module(waf_rule_info, dict(ARGS, shield_zone_id=3001))
    assert [r["id"] for r in result["waf_rules"]] == [1, 2, 3]


def test_an_empty_zone_lists_nothing_with_one_get(fake_session, run_module):
    fake_session.responses = [
        FakeResponse(
            200,
            {
                "data": [],
                "page": {"totalCount": 0, "totalPages": 0, "currentPage": 1, "nextPage": None, "pageSize": 100},
                "error": {"statusCode": 200, "success": True, "message": None, "errorKey": None},
            },
            headers=TEXT,
        )
    ]
    result = run_module(waf_rule_info, dict(ARGS, shield_zone_id=3003))
    assert result["waf_rules"] == []
    assert len(fake_session.calls) == 1


def test_an_unknown_zone_fails_from_the_failed_envelope(fake_session, run_module):
    fake_session.responses = [
        FakeResponse(
            200,
            {
                "data": None,
                "error": {
                    "statusCode": 404,
                    "success": False,
                    "message": "Shield zone 3999 was not found.",
                    "errorKey": "shield_zone.not_found",
                },
            },
            headers=TEXT,
        )
    ]
    result = run_module(waf_rule_info, dict(ARGS, shield_zone_id=3999))
    assert result["failed"] is True
    assert result["msg"].startswith("Listing custom WAF rules of shield zone 3999 failed with HTTP 404")
    assert "check shield_zone_id" in result["msg"]
    assert result["api_error"] == {
        "status": 404,
        "error_key": "shield_zone.not_found",
        "field": None,
        "message": "Shield zone 3999 was not found.",
    }


def test_a_platform_that_never_stops_paging_fails(fake_session, run_module, monkeypatch):
    monkeypatch.setattr(listing, "MAX_PAGES", 3)  # the bound of every listing (_api/listing.py)
    fake_session.responses = lambda method, url, body, params: page([rule(params["page"])], params["page"], 99)
    result = run_module(waf_rule_info, dict(ARGS, shield_zone_id=3001, page_size=1))
    assert result["failed"] is True
    assert "the listing of custom WAF rules passed 3 pages" in result["msg"]
    assert len(fake_session.calls) == 3


def test_a_listing_answer_that_is_not_a_page_fails_instead_of_listing_nothing(fake_session, run_module):
    fake_session.responses = [FakeResponse(200, text="<html>maintenance</html>", headers={"Content-Type": "text/html"})]
    result = run_module(waf_rule_info, dict(ARGS, shield_zone_id=3001))
    assert result["failed"] is True
    # the client refuses an answer that is not JSON before the module looks at it
    assert result["msg"].startswith(
        "Listing custom WAF rules of shield zone 3001 failed with HTTP 200 OK: "
        "the answer (text/html) is not the page of custom WAF rules (an object with data)"
    )
    assert "waf_rules" not in result


def test_rate_limit_and_unavailable_are_retried(fake_session, run_module):
    fake_session.responses = [
        FakeResponse(429, headers={"Retry-After": "1"}),
        FakeResponse(503),
        FakeResponse(200, rule(), headers=TEXT),
    ]
    result = run_module(waf_rule_info, dict(ARGS, id=4001))
    assert result["waf_rules"][0]["id"] == 4001
    assert len(fake_session.calls) == 3


def test_giving_up_after_retries_says_so(fake_session, run_module):
    fake_session.responses = [FakeResponse(503), FakeResponse(503)]
    result = run_module(waf_rule_info, dict(ARGS, id=4001, retries=1))
    assert result["failed"] is True
    assert "HTTP 503" in result["msg"] and "gave up after 1 retries" in result["msg"]


@pytest.mark.parametrize(
    "args, message",
    [
        ({"id": 0}, "id must be a positive id (from 1 to 9223372036854775807); got 0."),
        ({"shield_zone_id": -3}, "shield_zone_id must be a positive id (from 1 to 9223372036854775807); got -3."),
        ({"shield_zone_id": 3001, "page_size": 0}, "page_size must be from 1 to 1000; got 0."),
        ({"shield_zone_id": 3001, "page_size": 1001}, "page_size must be from 1 to 1000; got 1001."),
        ({}, "one of the following is required: id, shield_zone_id, pullzone_id, pullzone_name"),
        ({"id": 1, "shield_zone_id": 2}, "parameters are mutually exclusive: id|shield_zone_id"),
        ({"id": 1, "rule_name": "block-admin"}, "parameters are mutually exclusive: id|rule_name"),
        (
            {"rule_name": "block-admin"},
            "one of the following is required: id, shield_zone_id, pullzone_id, pullzone_name",
        ),
        ({"shield_zone_id": 3001, "rule_name": "  "}, "rule_name must not be empty"),
    ],
)
def test_bad_input_fails_before_any_request(fake_session, run_module, args, message):
    result = run_module(waf_rule_info, dict(ARGS, **args))
    assert result["failed"] is True
    assert message in result["msg"]
    assert fake_session.calls == []


def test_requests_conform_to_the_published_document(fake_session, run_module, openapi):
    document = openapi(SHIELD_DOCUMENT).api
    fake_session.responses = [
        FakeResponse(200, rule(), headers=TEXT),
        page([rule(1)], 1, 2, size=50),
        page([rule(2)], 2, 2, size=50),
    ]
    run_module(waf_rule_info, dict(ARGS, id=4001))
    run_module(waf_rule_info, dict(ARGS, shield_zone_id=3001, page_size=50))
    assert len(fake_session.calls) == 3
    for call in fake_session.calls:
        validate_request(document, call["method"], call["url"][len(BASE) :], call["params"])
