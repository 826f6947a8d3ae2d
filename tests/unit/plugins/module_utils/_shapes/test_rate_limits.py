"""The rate limit rule's field table: the body from readable options (names or numbers), the filled body, the readable
and comparable views, and bad input named by its option path."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes.rate_limits import (
    desired_configuration,
    rule_state,
    shape_rule,
)

OPTIONS = {
    "condition": {
        "variable_types": {"request_uri": None},
        "operator_type": "beginswith",
        "value": "/login",
        "transformation_types": ["LOWERCASE", 19],
    },
    "limit": {"request_count": 100, "timeframe": "1M", "counter_key": "Country"},
    "response": {"action": "challenge", "block_time": 900},
}
BODY = {
    "variableTypes": {"REQUEST_URI": ""},
    "operatorType": 0,
    "severityType": 0,
    "transformationTypes": [8, 19],
    "value": "/login",
    "isNegated": False,
    "isRegexVariable": False,
    "chainedRuleConditions": [],
    "requestCount": 100,
    "timeframe": 60,
    "counterKeyType": 2,
    "actionType": 3,
    "blockTime": 900,
}


def test_names_any_case_give_the_whole_body_and_its_readable_form_gives_it_back():
    assert desired_configuration(OPTIONS) == BODY
    shaped = shape_rule({"id": 6001, "ruleName": "login", "ruleConfiguration": BODY, "ruleJson": "{"}, [].append)
    assert shaped["limit"] == {
        "request_count": 100,
        "timeframe": 60,
        "timeframe_name": "1m",
        "counter_key": 2,
        "counter_key_name": "country",
    }
    assert shaped["response"] == {
        "action": 3,
        "action_name": "challenge",
        "block_time": 900,
        "block_time_name": "15m",
    }
    assert shaped["condition"]["transformation_type_names"] == ["LOWERCASE", "URLDECODE"]
    assert shaped["rule_json_data"] is None
    assert desired_configuration(shaped) == BODY


def test_what_the_platform_leaves_null_compares_as_its_default_and_numbers_pass_as_given():
    stored = dict(
        BODY,
        severityType=None,
        counterKeyType=None,
        actionType=None,
        isNegated=None,
        variableTypes={"0": None},
        transformationTypes=[19, 8],
    )
    wanted = dict(BODY, counterKeyType=0, actionType=1)
    assert rule_state({"ruleName": "a", "ruleConfiguration": stored}) == rule_state(
        {"ruleName": "a", "ruleDescription": "", "ruleConfiguration": wanted}
    )
    unknown = desired_configuration(dict(OPTIONS, limit={"request_count": 1, "timeframe": 30, "counter_key": 9}))
    assert (unknown["timeframe"], unknown["counterKeyType"]) == (30, 9)
    shaped = shape_rule({"ruleConfiguration": unknown}, [].append)["limit"]
    assert shaped["timeframe_name"] is None and shaped["counter_key_name"] is None


@pytest.mark.parametrize(
    "change, option, words",
    [
        ({"limit": None}, "limit", "limit is required with state=present"),
        ({"limit": {"timeframe": 60}}, "limit", "limit.request_count is required"),
        ({"limit": {"request_count": 1, "timeframe": "hourly"}}, "limit", "limit.timeframe must be a timeframe"),
        ({"response": {"block_time": 60, "action": "block"}}, "response", "response.action must be an action name"),
        ({"response": {"action": 1}}, "response", "response.block_time is required"),
        ({"response": {"block_time": 60, "action": 1, "action_name": "Log"}}, "response", "disagree"),
        (
            {"condition": {"operator_type": "EQ", "chained_rule_conditions": [{"operator_type": "NOPE"}]}},
            "condition",
            "condition.chained_rule_conditions[0].operator_type",
        ),
    ],
)
def test_bad_input_names_the_option_path(change, option, words):
    with pytest.raises(InputError) as caught:
        desired_configuration(dict(OPTIONS, **change))
    assert caught.value.option == option and words in str(caught.value)
