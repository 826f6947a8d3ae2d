"""The emulator's custom WAF rules, checked against the published shield document."""

from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.tests.unit.shield_reference import SHIELD_DOCUMENT, validate_response
from emulator.fixtures import FixtureError

from ..conftest import load_platform

KEY = "emu-waf-key"
TEXT_PLAIN = "text/plain; charset=utf-8"
MAIN = {
    "actionType": 3,
    "operatorType": 12,
    "severityType": 1,
    "transformationTypes": [8, 19],
    "variableTypes": {"GEO": "COUNTRY_CODE"},
    "value": "US CN",
    "isNegated": False,
    "isRegexVariable": False,
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
    "shield_zones": [
        {"id": 3001, "plan": "advanced"},
        {"id": 3003, "plan": "business"},
        {"id": 3004, "plan": "business"},
    ],
    "waf_rules": (
        [
            {
                "id": 4001,
                "shield_zone_id": 3001,
                "rule_name": "chained",
                "rule_description": "Chained",
                "user_id": "owner-1",
                "rule_configuration": MAIN,
            },
            {
                "id": 4002,
                "shield_zone_id": 3001,
                "rule_name": "numeric",
                "rule_description": "Numeric keys",
                "rule_configuration": {"variableTypes": {"18": "User-Agent", 0: ""}},
            },
            {"id": 4003, "shield_zone_id": 3001, "rule_name": "defaults"},
        ]
        + [
            {"id": 4201, "shield_zone_id": 3004, "rule_name": "default-error", "error_response": "default"},
            {
                "id": 4202,
                "shield_zone_id": 3004,
                "rule_name": "reported-error",
                "error_response": {
                    "statusCode": 404,
                    "message": "Custom WAF rule not found.",
                    "errorKey": "waf_rule.not_found",
                },
            },
            {
                "id": 4203,
                "shield_zone_id": 3004,
                "rule_name": "no-data",
                "error_response": "default",
                "served_without_data": True,
            },
            {"id": 4204, "shield_zone_id": 3004, "rule_name": "deleted", "deleted": True},
        ]
        + [
            {
                "id": 4100 + n,
                "shield_zone_id": 3001,
                "rule_name": "bulk-%d" % n,
                "rule_configuration": {"variableTypes": {"REQUEST_URI": ""}, "value": "/p%d" % n},
            }
            for n in range(9)
        ]
    ),
}
RULE = "/shield/waf/custom-rule/%d"
RULES = "/shield/waf/custom-rules/%d"


@pytest.fixture(scope="module")
def running(module_emulator):
    return module_emulator(FIXTURE, key=KEY)


def test_a_rule_has_every_member_and_rule_json_matches_its_configuration(running):
    answer = running.request("GET", RULE % 4001)
    assert answer.status_code == 200
    assert answer.headers["Content-Type"] == TEXT_PLAIN
    rule = answer.json()
    assert set(rule) == {
        "id",
        "shieldZoneId",
        "userId",
        "ruleName",
        "ruleDescription",
        "ruleJson",
        "ruleConfiguration",
        "errorResponse",
    }
    assert (rule["id"], rule["shieldZoneId"], rule["userId"], rule["ruleName"], rule["ruleDescription"]) == (
        4001,
        3001,
        "owner-1",
        "chained",
        "Chained",
    )
    assert rule["ruleConfiguration"] == {
        "actionType": 3,
        "variableTypes": {"GEO": "COUNTRY_CODE"},
        "operatorType": 12,
        "severityType": 1,
        "transformationTypes": [8, 19],
        "value": "US CN",
        "isNegated": False,
        "isRegexVariable": False,
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
    assert json.loads(rule["ruleJson"]) == rule["ruleConfiguration"]
    assert rule["errorResponse"] == {"statusCode": 200, "success": True, "message": None, "errorKey": None}


def test_a_rule_can_carry_the_default_error_response_asp_net_writes(running):
    rule = running.request("GET", RULE % 4201).json()
    assert rule["id"] == 4201 and rule["ruleName"] == "default-error"
    assert rule["errorResponse"] == {"statusCode": 0, "success": False, "message": None, "errorKey": None}


def test_a_rule_can_report_a_failure_in_its_error_response(running):
    rule = running.request("GET", RULE % 4202).json()
    assert rule["id"] == 4202
    assert rule["errorResponse"] == {
        "statusCode": 404,
        "success": False,
        "message": "Custom WAF rule not found.",
        "errorKey": "waf_rule.not_found",
    }


def test_a_rule_served_without_data_is_an_empty_rule_by_id_but_listed_whole(running):
    answer = running.request("GET", RULE % 4203)
    assert answer.status_code == 200
    assert answer.json() == {
        "id": 0,
        "shieldZoneId": 0,
        "userId": None,
        "ruleName": None,
        "ruleDescription": None,
        "ruleJson": None,
        "ruleConfiguration": None,
        "errorResponse": {"statusCode": 0, "success": False, "message": None, "errorKey": None},
    }
    listed = running.request("GET", RULES % 3004).json()["data"]
    assert [r["id"] for r in listed] == [4201, 4202, 4203]
    assert listed[2]["ruleName"] == "no-data"


def test_a_deleted_rule_answers_202_accepted_and_is_not_listed(running):
    answer = running.request("GET", RULE % 4204)
    assert answer.status_code == 202
    assert answer.json() == {
        "location": None,
        "value": None,
        "formatters": [],
        "contentTypes": [],
        "declaredType": None,
        "statusCode": 202,
    }
    assert 4204 not in [r["id"] for r in running.request("GET", RULES % 3004).json()["data"]]


def test_numeric_variable_keys_are_served_as_stored(running):
    rule = running.request("GET", RULE % 4002).json()
    # YAML's unquoted 0 is read as the string the platform would send
    assert rule["ruleConfiguration"]["variableTypes"] == {"18": "User-Agent", "0": ""}
    assert json.loads(rule["ruleJson"])["variableTypes"] == {"18": "User-Agent", "0": ""}


def test_members_missing_from_the_fixture_get_defaults(running):
    rule = running.request("GET", RULE % 4003).json()
    assert rule["ruleDescription"] == ""
    assert rule["ruleConfiguration"] == {
        "actionType": 1,
        "variableTypes": None,
        "operatorType": 0,
        "severityType": 0,
        "transformationTypes": [],
        "value": "",
        "isNegated": False,
        "isRegexVariable": False,
        "chainedRuleConditions": [],
    }


def test_an_unknown_rule_answers_404_with_status_code(running):
    answer = running.request("GET", RULE % 999)
    assert answer.status_code == 404
    assert answer.json() == {"statusCode": 404}


@pytest.mark.parametrize("path", [RULE % 4001, RULES % 3001])
@pytest.mark.parametrize("api_key", [None, "wrong-key"])
def test_without_a_valid_key_the_answer_is_status_code_401(running, path, api_key):
    answer = running.request("GET", path, key=api_key)
    assert answer.status_code == 401
    assert answer.json() == {"statusCode": 401}


def test_listing_pages_through_every_rule(running):
    seen = []
    page = 1
    pages = []
    while page is not None:
        answer = running.request("GET", RULES % 3001, params={"page": page, "perPage": 5})
        assert answer.status_code == 200
        assert answer.headers["Content-Type"] == TEXT_PLAIN
        body = answer.json()
        assert body["error"] == {"statusCode": 200, "success": True, "message": None, "errorKey": None}
        seen.extend(r["id"] for r in body["data"])
        pages.append(body["page"])
        page = body["page"]["nextPage"]
    assert seen == [4001, 4002, 4003] + [4100 + n for n in range(9)]
    assert pages == [
        {"totalCount": 12, "totalPages": 3, "currentPage": 1, "nextPage": 2, "pageSize": 5},
        {"totalCount": 12, "totalPages": 3, "currentPage": 2, "nextPage": 3, "pageSize": 5},
        {"totalCount": 12, "totalPages": 3, "currentPage": 3, "nextPage": None, "pageSize": 5},
    ]


def test_listing_defaults_to_page_1_of_10(running):
    body = running.request("GET", RULES % 3001).json()
    assert len(body["data"]) == 10
    assert body["page"] == {"totalCount": 12, "totalPages": 2, "currentPage": 1, "nextPage": 2, "pageSize": 10}


@pytest.mark.parametrize(
    "params, expected",
    [
        ({"page": 0, "perPage": 0}, {"currentPage": 1, "pageSize": 10, "nextPage": 2}),
        ({"page": 9, "perPage": 5}, {"currentPage": 9, "pageSize": 5, "nextPage": None}),
        ({"perPage": 5000}, {"currentPage": 1, "pageSize": 1000, "nextPage": None}),
    ],
)
def test_listing_bounds(running, params, expected):
    body = running.request("GET", RULES % 3001, params=params).json()
    assert {k: body["page"][k] for k in expected} == expected
    if params.get("page") == 9:
        assert body["data"] == []


def test_listing_refuses_a_non_integer_page(running):
    answer = running.request("GET", RULES % 3001, params={"page": "two"})
    assert answer.status_code == 400
    assert answer.json()["errors"] == {"page": ["The value 'two' is not valid."]}


def test_an_empty_zone_lists_nothing(running):
    answer = running.request("GET", RULES % 3003)
    assert answer.json()["data"] == []
    assert answer.json()["page"] == {
        "totalCount": 0,
        "totalPages": 0,
        "currentPage": 1,
        "nextPage": None,
        "pageSize": 10,
    }


def test_an_unknown_zone_answers_a_failed_envelope(running):
    answer = running.request("GET", RULES % 3999)
    assert answer.status_code == 200
    assert answer.json() == {
        "data": None,
        "error": {
            "statusCode": 404,
            "success": False,
            "message": "Shield zone 3999 was not found.",
            "errorKey": "shield_zone.not_found",
        },
    }


def test_the_log_records_each_page_with_its_query(running):
    running.admin("DELETE", "requests")
    running.request("GET", RULES % 3001, params={"page": 2, "perPage": 5})
    assert running.admin("GET", "requests").json()["requests"] == [
        {"method": "GET", "path": RULES % 3001, "query": {"page": "2", "perPage": "5"}, "status": 200}
    ]


def test_faults_apply_to_the_rule_routes(running):
    running.admin(
        "POST", "faults", json={"path_regex": "^/shield/waf/custom-rule/", "status": 429, "retry_after": 1, "count": 1}
    )
    limited = running.request("GET", RULE % 4001)
    assert limited.status_code == 429
    assert limited.headers["Retry-After"] == "1"
    assert running.request("GET", RULE % 4001).status_code == 200


CONFORMANCE = [
    # path, query, key, status, declared status whose schema applies: the document gives this
    # operation {statusCode} as its error body (on 401) and declares no 404
    (RULE % 4001, None, KEY, 200, None),
    (RULE % 4003, None, KEY, 200, None),
    (RULE % 999, None, KEY, 404, 401),
    (RULE % 4001, None, None, 401, None),
    (RULES % 3001, None, "wrong-key", 401, None),
    # pages 2 and 3 (page 1 holds rule 4002, whose numeric variable key the document does not allow)
    (RULES % 3001, {"page": 2, "perPage": 5}, KEY, 200, None),
    (RULES % 3001, {"page": 3, "perPage": 5}, KEY, 200, None),
    (RULES % 3003, None, KEY, 200, None),
    (RULES % 3999, None, KEY, 200, None),
]


@pytest.mark.parametrize("path, query, api_key, status, as_status", CONFORMANCE)
def test_answers_conform_to_the_published_document(running, openapi, path, query, api_key, status, as_status):
    answer = running.request("GET", path, params=query, key=api_key)
    assert answer.status_code == status
    validate_response(
        openapi(SHIELD_DOCUMENT).api, "GET", path, status, answer.content, query=query, as_status=as_status
    )


@pytest.mark.parametrize(
    "rules, message",
    [
        ([{"id": 1, "shield_zone_id": 9}], "waf_rules[0].shield_zone_id 9 is not a zone in shield_zones"),
        ([{"id": 1, "shield_zone_id": 3001}, {"id": 1, "shield_zone_id": 3001}], "waf_rules[1].id 1 is used twice"),
        (
            [{"id": 1, "shield_zone_id": 3001, "rule_configuration": {"variableTypes": {"NOPE": ""}}}],
            "waf_rules[0].rule_configuration.variableTypes has unknown variable 'NOPE'",
        ),
        (
            [{"id": 1, "shield_zone_id": 3001, "rule_configuration": {"variableTypes": {"27": ""}}}],
            "has unknown variable '27'",
        ),
        (
            [{"id": 1, "shield_zone_id": 3001, "rule_configuration": {"actionType": "Block"}}],
            "waf_rules[0].rule_configuration.actionType must be an integer; got 'Block'",
        ),
        (
            [{"id": 1, "shield_zone_id": 3001, "rule_configuration": {"isNegated": "no"}}],
            "rule_configuration.isNegated must be true, false or null",
        ),
        (
            [{"id": 1, "shield_zone_id": 3001, "rule_configuration": {"chainedRuleConditions": [5]}}],
            "rule_configuration.chainedRuleConditions[0] must be a mapping",
        ),
        ([{"id": 1}], "waf_rules[0] needs 'shield_zone_id'"),
        (
            [{"id": 1, "shield_zone_id": 3001, "error_response": "failed"}],
            "waf_rules[0].error_response must be 'default' or a mapping of statusCode, success, message, errorKey",
        ),
        (
            [{"id": 1, "shield_zone_id": 3001, "error_response": {"status": 404}}],
            "unknown key waf_rules[0].error_response.status",
        ),
        (
            [{"id": 1, "shield_zone_id": 3001, "error_response": {"success": "no"}}],
            "waf_rules[0].error_response.success must be true or false; got 'no'",
        ),
        (
            [{"id": 1, "shield_zone_id": 3001, "error_response": {"message": 5}}],
            "waf_rules[0].error_response.message must be a string or null",
        ),
        ([{"id": 1, "shield_zone_id": 3001, "deleted": 1}], "waf_rules[0].deleted must be true, false or null"),
        (
            [{"id": 1, "shield_zone_id": 3001, "served_without_data": "yes"}],
            "waf_rules[0].served_without_data must be true, false or null",
        ),
    ],
)
def test_bad_fixtures_are_refused_with_the_place(tmp_path, rules, message):
    with pytest.raises(FixtureError) as caught:
        load_platform({"shield_zones": [{"id": 3001}], "waf_rules": rules}, tmp_path)
    assert message in str(caught.value)
