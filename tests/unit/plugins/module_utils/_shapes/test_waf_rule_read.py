from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._shapes import waf_rule_read as waf

# What ASP.NET serialises for a GenericRequestResponse nobody filled in (bool and enum defaults).
DEFAULT_ERROR = {"statusCode": 0, "success": False, "message": None, "errorKey": None}
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}


def rule(rule_id=4001, error=None, **overrides):
    body = {"id": rule_id, "shieldZoneId": 3001, "userId": "user-1", "ruleName": "block-admin",
            "ruleDescription": "", "ruleJson": "{}",
            "ruleConfiguration": {"actionType": 1, "variableTypes": {"REQUEST_URI": ""}, "operatorType": 0},
            "errorResponse": OK if error is None else error}
    body.update(overrides)
    return body


@pytest.mark.parametrize("error", [OK, DEFAULT_ERROR, None, "not an object",
                                   {"success": False}, {"statusCode": 200, "success": False, "message": "  "},
                                   {"statusCode": 0, "success": False, "message": "", "errorKey": ""}])
def test_a_complete_rule_is_read_whatever_default_error_response_it_carries(error):
    body = rule(error=error)
    if error is None:
        body["errorResponse"] = None
    assert waf.rule_read_failure(200, body, 4001) is None


@pytest.mark.parametrize("error, expected", [
    ({"statusCode": 404, "success": False, "message": "Custom WAF rule not found.", "errorKey": "waf_rule.not_found"},
     (404, "Custom WAF rule not found.", "waf_rule.not_found")),
    ({"statusCode": 0, "success": False, "message": "Broken.", "errorKey": None}, (None, "Broken.", None)),
    ({"statusCode": 200, "success": False, "message": None, "errorKey": "waf_rule.locked"},
     (None, "the platform reported a failure with the rule", "waf_rule.locked")),
    ({"statusCode": 500, "success": False, "message": None, "errorKey": None},
     (500, "the platform reported a failure with the rule", None)),
])
def test_an_error_response_that_reports_a_failure_fails_even_with_complete_data(error, expected):
    assert waf.rule_read_failure(200, rule(error=error), 4001) == expected


@pytest.mark.parametrize("body", [
    None, [], "text", {},
    rule(rule_id=0, error=DEFAULT_ERROR),                      # an empty CustomWafRule, as ASP.NET writes it
    rule(error=DEFAULT_ERROR, shieldZoneId=0),
    rule(error=DEFAULT_ERROR, ruleConfiguration=None),
    rule(rule_id=4002),                                        # another rule than the one asked for
    rule(rule_id=True),
])
def test_a_rule_with_missing_data_fails(body):
    assert waf.rule_read_failure(200, body, 4001) == (None, "the platform answered without a rule", None)


@pytest.mark.parametrize("status", [201, 202, 204])
def test_only_a_200_carries_the_rule(status):
    # a rule deleted in the dashboard answers 202 (terraform-provider-bunnynet issue #93), whatever its body
    assert waf.rule_read_failure(status, rule(), 4001) == (
        None, "the platform answered without the rule, as it does for a rule that was deleted", None)


def test_success_true_is_never_a_failure_even_with_a_message():
    error = {"statusCode": 200, "success": True, "message": "Rule loaded.", "errorKey": None}
    assert waf.error_response_failure(error) is None


@pytest.mark.parametrize("info, page, expected", [
    ({"nextPage": 2, "totalPages": 5}, 1, 2),
    ({"nextPage": None, "totalPages": 5}, 1, None),   # nextPage present and null wins over totalPages
    ({"nextPage": 1}, 1, None),                       # a next page that does not advance ends the walk
    ({"totalPages": 3}, 2, 3),
    ({"totalPages": 3}, 3, None),
    ({"totalPages": True}, 1, None),
    (None, 1, None),
])
def test_next_page(info, page, expected):
    assert waf.next_page(info, page) == expected


def test_collect_pages_walks_until_the_last_page_and_keeps_each_rule_once():
    pages = {1: {"data": [{"id": 1}, {"id": 2}], "page": {"nextPage": 2}},
             2: {"data": [{"id": 2}, {"id": 3}, "junk"], "page": {"nextPage": None}}}
    asked = []

    def fetch(page):
        asked.append(page)
        return pages[page]

    assert waf.collect_pages(fetch) == ([{"id": 1}, {"id": 2}, {"id": 3}], None)
    assert asked == [1, 2]


def test_collect_pages_stops_on_an_empty_or_null_page():
    assert waf.collect_pages(lambda page: {"data": [], "page": {"nextPage": page + 1}}) == ([], None)
    assert waf.collect_pages(lambda page: {"data": None, "page": {"nextPage": page + 1}}) == ([], None)


def test_collect_pages_reports_endless_paging():
    rules, problem = waf.collect_pages(lambda page: {"data": [{"id": page}], "page": {"nextPage": page + 1}}, 3)
    assert rules == [{"id": 1}, {"id": 2}, {"id": 3}]
    assert problem == "the platform still announced a next page after 3 pages"


@pytest.mark.parametrize("body", [None, ["not", "an", "object"], {}, {"data": "rules"}, {"error": {"success": True}}])
def test_collect_pages_refuses_an_answer_that_is_not_a_page(body):
    pages = {1: {"data": [{"id": 1}], "page": {"nextPage": 2}}, 2: body}
    assert waf.collect_pages(pages.get) == ([{"id": 1}], "the answer to page 2 is not a page of rules (no data list)")


def test_shape_rule_names_numbers_and_warns_about_broken_rule_json():
    warnings = []
    body = rule(ruleJson="{broken", ruleConfiguration={
        "actionType": 3, "variableTypes": {"18": "User-Agent"}, "operatorType": 2, "severityType": 1,
        "transformationTypes": [8, 99], "value": "x",
        "chainedRuleConditions": [{"variableTypes": {"0": ""}, "operatorType": 15, "value": "POST"}, "junk"]})
    shaped = waf.shape_rule(body, warnings.append)
    assert shaped["rule_json_data"] is None
    assert warnings and "ruleJson of custom WAF rule 4001 is not valid JSON" in warnings[0]
    config = shaped["rule_configuration"]
    assert config["action_type_name"] == "Challenge"
    assert config["variable_types"] == {"REQUEST_HEADERS": "User-Agent"}
    assert config["transformation_type_names"] == ["LOWERCASE", None]
    assert config["chained_rule_conditions"] == [{
        "variable_types": {"REQUEST_URI": ""}, "operator_type": 15, "operator_type_name": "STREQ",
        "value": "POST", "is_negated": None, "is_regex_variable": None}]
    assert shaped["error_response"] == {"status_code": 200, "success": True, "message": None, "error_key": None}


def test_collect_pages_stops_past_max_rules():
    rules, problem = waf.collect_pages(
        lambda page: {"data": [{"id": page * 10 + n} for n in range(4)], "page": {"nextPage": page + 1}}, 100, 6)
    assert len(rules) == 8 and problem == "the listing passed 6 rules after 2 pages and was stopped"
