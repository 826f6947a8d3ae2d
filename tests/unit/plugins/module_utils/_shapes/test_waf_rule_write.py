"""The desired WAF rule from readable options, the comparable view, and the per-zone lock."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine import zone_lock as _zone_lock
from ansible_collections.edge.platform.plugins.module_utils._shapes.waf_rule_write import (
    RuleInputError, desired_configuration, filled_configuration, find_by_name, rule_view, written_rule)


def test_names_any_case_and_numbers_give_the_same_body():
    by_name = desired_configuration({"action_type": "challenge", "operator_type": "Within", "severity_type": "critical",
                                     "variable_types": {"geo": "COUNTRY_CODE"}, "transformation_types": ["lowercase"]})
    by_number = desired_configuration({"action_type": 3, "operator_type": "12", "severity_type": 2,
                                       "variable_types": {"9": "COUNTRY_CODE"}, "transformation_types": [8]})
    assert by_name == by_number
    assert by_name["variableTypes"] == {"GEO": "COUNTRY_CODE"} and by_name["value"] == ""


def test_unknown_numbers_are_passed_on():
    assert desired_configuration({"action_type": 6, "operator_type": 19})["actionType"] == 6


def test_the_name_twin_alone_is_enough():
    body = desired_configuration({"action_type_name": "Log", "operator_type_name": "RX",
                                  "transformation_type_names": ["SHA1"]})
    assert (body["actionType"], body["operatorType"], body["transformationTypes"]) == (2, 14, [18])


@pytest.mark.parametrize("spec, words", [
    (None, "rule_configuration is required with state=present"),
    ({"action_type": 1, "operator_type": 0, "variable_types": {"GEO": ["x"]}}, "rule_configuration.variable_types.GEO must be a text"),
    ({"action_type": 1, "operator_type": 0, "variable_types": {"0": "", "REQUEST_URI": ""}}, "names variable REQUEST_URI twice"),
    ({"action_type": 1, "operator_type": 0, "is_negated": "yes"}, "rule_configuration.is_negated must be true or false"),
    ({"action_type": 1, "operator_type": 0, "transformation_types": [8], "transformation_type_names": ["MD5"]},
     "transformation_types and rule_configuration.transformation_type_names disagree"),
])
def test_bad_input_names_the_option(spec, words):
    with pytest.raises(RuleInputError) as caught:
        desired_configuration(spec)
    assert words in str(caught.value)


def test_what_the_platform_leaves_null_compares_equal_to_the_defaults():
    sent = desired_configuration({"action_type": 1, "operator_type": 0, "variable_types": {"REQUEST_URI": None}})
    stored = {"actionType": 1, "operatorType": 0, "variableTypes": {"0": None}, "severityType": None,
              "transformationTypes": None, "value": None, "isNegated": None, "isRegexVariable": None,
              "chainedRuleConditions": None}
    assert filled_configuration(stored) == filled_configuration(sent)
    assert rule_view("a", None, stored) == rule_view("a", "", sent)


def test_transformation_order_is_no_change_but_chained_order_is():
    one = {"actionType": 1, "operatorType": 0, "transformationTypes": [19, 8],
           "chainedRuleConditions": [{"operatorType": 0, "value": "a"}, {"operatorType": 0, "value": "b"}]}
    two = dict(one, transformationTypes=[8, 19])
    three = dict(one, chainedRuleConditions=list(reversed(one["chainedRuleConditions"])))
    assert rule_view("r", "", one) == rule_view("r", "", two)
    assert rule_view("r", "", one) != rule_view("r", "", three)


def test_find_by_name_reports_duplicates():
    rules = [{"id": 1, "ruleName": "a"}, {"id": 2, "ruleName": "b"}, {"id": 3, "ruleName": "a"}]
    assert find_by_name(rules, "b") == (rules[1], [])
    assert find_by_name(rules, "a") == (None, [1, 3])
    assert find_by_name(rules, "c") == (None, [])


@pytest.mark.parametrize("status, data, confirmed", [
    (200, {"id": 7, "ruleConfiguration": {}}, True),
    (202, {"id": 7, "ruleConfiguration": {}}, False),
    (200, {"id": 0, "ruleConfiguration": None}, False),
    (200, {"id": 7, "ruleConfiguration": {}, "errorResponse": {"success": False, "errorKey": "x"}}, False),
])
def test_only_a_200_with_a_rule_confirms_a_write(status, data, confirmed):
    assert (written_rule(status, data) is not None) is confirmed


def test_the_zone_lock_is_held_by_one_holder_at_a_time(tmp_path):
    ticks = iter(range(100))
    with _zone_lock.zone_lock("https://api.example.test", "waf", 1, 5, folder=str(tmp_path)) as locked:
        assert locked is True
        with pytest.raises(_zone_lock.LockTimeout):
            with _zone_lock.zone_lock("https://api.example.test", "waf", 1, 3, folder=str(tmp_path),
                                      clock=lambda: next(ticks), sleep=lambda s: None):
                pass
        with _zone_lock.zone_lock("https://api.example.test", "waf", 2, 0, folder=str(tmp_path)) as other:
            assert other is True
    with _zone_lock.zone_lock("https://api.example.test", "waf", 1, 0, folder=str(tmp_path)) as again:
        assert again is True


def test_the_lock_file_name_holds_no_url(tmp_path):
    path = _zone_lock.lock_path("https://secret.example.test", "waf", 9, folder=str(tmp_path))
    assert "secret" not in path and path.endswith(".lock")
