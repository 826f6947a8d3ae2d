"""The WAF rule's field table: the desired rule from readable options, the filled body, the readable and comparable
views."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes.waf_rules import (
    FIELDS,
    desired_configuration,
    filled_configuration,
    rule_view,
    shape_condition,
    shape_rule,
)


def test_names_any_case_and_numbers_give_the_same_body():
    by_name = desired_configuration(
        {
            "action_type": "challenge",
            "operator_type": "Within",
            "severity_type": "critical",
            "variable_types": {"geo": "COUNTRY_CODE"},
            "transformation_types": ["lowercase"],
        }
    )
    by_number = desired_configuration(
        {
            "action_type": 3,
            "operator_type": "12",
            "severity_type": 2,
            "variable_types": {"9": "COUNTRY_CODE"},
            "transformation_types": [8],
        }
    )
    assert by_name == by_number
    assert by_name["variableTypes"] == {"GEO": "COUNTRY_CODE"} and by_name["value"] == ""


def test_unknown_numbers_are_passed_on():
    assert desired_configuration({"action_type": 6, "operator_type": 19})["actionType"] == 6


def test_the_name_twin_alone_is_enough():
    body = desired_configuration(
        {"action_type_name": "Log", "operator_type_name": "RX", "transformation_type_names": ["SHA1"]}
    )
    assert (body["actionType"], body["operatorType"], body["transformationTypes"]) == (2, 14, [18])


@pytest.mark.parametrize(
    "spec, words",
    [
        (None, "rule_configuration is required with state=present"),
        (
            {"action_type": 1, "operator_type": 0, "variable_types": {"GEO": ["x"]}},
            "rule_configuration.variable_types.GEO must be a text",
        ),
        (
            {"action_type": 1, "operator_type": 0, "variable_types": {"0": "", "REQUEST_URI": ""}},
            "names variable REQUEST_URI twice",
        ),
        (
            {"action_type": 1, "operator_type": 0, "is_negated": "yes"},
            "rule_configuration.is_negated must be true or false",
        ),
        (
            {"action_type": 1, "operator_type": 0, "transformation_types": [8], "transformation_type_names": ["MD5"]},
            "transformation_types and rule_configuration.transformation_type_names disagree",
        ),
    ],
)
def test_bad_input_names_the_option(spec, words):
    with pytest.raises(InputError) as caught:
        desired_configuration(spec)
    assert words in str(caught.value)


def test_what_the_platform_leaves_null_compares_equal_to_the_defaults():
    sent = desired_configuration({"action_type": 1, "operator_type": 0, "variable_types": {"REQUEST_URI": None}})
    stored = {
        "actionType": 1,
        "operatorType": 0,
        "variableTypes": {"0": None},
        "severityType": None,
        "transformationTypes": None,
        "value": None,
        "isNegated": None,
        "isRegexVariable": None,
        "chainedRuleConditions": None,
    }
    assert filled_configuration(stored) == filled_configuration(sent)
    assert rule_view("a", None, stored) == rule_view("a", "", sent)


def test_transformation_order_is_no_change_but_chained_order_is():
    one = {
        "actionType": 1,
        "operatorType": 0,
        "transformationTypes": [19, 8],
        "chainedRuleConditions": [{"operatorType": 0, "value": "a"}, {"operatorType": 0, "value": "b"}],
    }
    two = dict(one, transformationTypes=[8, 19])
    three = dict(one, chainedRuleConditions=list(reversed(one["chainedRuleConditions"])))
    assert rule_view("r", "", one) == rule_view("r", "", two)
    assert rule_view("r", "", one) != rule_view("r", "", three)


def test_shape_rule_names_numbers_and_warns_about_broken_rule_json():
    warnings = []
    body = {
        "id": 4001,
        "shieldZoneId": 3001,
        "userId": "user-1",
        "ruleName": "block-admin",
        "ruleDescription": "",
        "errorResponse": {"statusCode": 200, "success": True, "message": None, "errorKey": None},
    }
    body.update(
        ruleJson="{broken",
        ruleConfiguration={
            "actionType": 3,
            "variableTypes": {"18": "User-Agent"},
            "operatorType": 2,
            "severityType": 1,
            "transformationTypes": [8, 99],
            "value": "x",
            "chainedRuleConditions": [{"variableTypes": {"0": ""}, "operatorType": 15, "value": "POST"}, "junk"],
        },
    )
    shaped = shape_rule(body, warnings.append)
    assert shaped["rule_json_data"] is None
    assert warnings and "ruleJson of custom WAF rule 4001 is not valid JSON" in warnings[0]
    config = shaped["rule_configuration"]
    assert config["action_type_name"] == "challenge"
    assert config["variable_types"] == {"REQUEST_HEADERS": "User-Agent"}
    assert config["transformation_type_names"] == ["LOWERCASE", None]
    assert config["chained_rule_conditions"] == [
        {
            "variable_types": {"REQUEST_URI": ""},
            "operator_type": 15,
            "operator_type_name": "STREQ",
            "value": "POST",
            "is_negated": None,
            "is_regex_variable": None,
        }
    ]
    assert shaped["error_response"] == {"status_code": 200, "success": True, "message": None, "error_key": None}


def test_one_table_drives_the_three_conversions_and_they_round_trip():
    spec = {
        "action_type": "Block",
        "variable_types": {"REQUEST_URI": ""},
        "operator_type": "RX",
        "value": "^/a",
        "transformation_types": ["URLDECODE", "LOWERCASE"],
        "chained_rule_conditions": [
            {"variable_types": {"GEO": "COUNTRY_CODE"}, "operator_type": 15, "value": "DE", "is_negated": True}
        ],
    }
    body = desired_configuration(spec)
    members = [field.member for field in FIELDS]
    assert list(body) == members and list(filled_configuration(body)) == members
    assert list(body["chainedRuleConditions"][0]) == [field.member for field in FIELDS if field.chained]
    readable = shape_condition(body)
    assert list(readable) == [
        "action_type",
        "action_type_name",
        "variable_types",
        "operator_type",
        "operator_type_name",
        "severity_type",
        "severity_type_name",
        "transformation_types",
        "transformation_type_names",
        "value",
        "is_negated",
        "is_regex_variable",
        "chained_rule_conditions",
    ]
    # the readable form is an option again (waf_rule_info's output given back to waf_rule)
    assert desired_configuration(readable) == filled_configuration(body) == body
