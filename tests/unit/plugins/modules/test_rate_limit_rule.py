"""rate_limit_rule: found by name, written in readable form, compared by meaning; check mode, diff, 202 answers, the
plan's limit, ambiguity and bad input."""

from __future__ import annotations

import copy
import json

import pytest

from ansible_collections.edge.platform.plugins.module_utils._shapes.rate_limits import shape_rule
from ansible_collections.edge.platform.plugins.modules import rate_limit_rule
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

SECRET = "unit-secret-rate-limit-key"
BASE = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
STORED = {
    "actionType": 1,
    "variableTypes": {"0": None},
    "operatorType": 0,
    "severityType": None,
    "transformationTypes": [8],
    "value": "/login",
    "isNegated": None,
    "isRegexVariable": False,
    "requestCount": 100,
    "counterKeyType": None,
    "timeframe": 60,
    "blockTime": 300,
    "chainedRuleConditions": [],
}
READABLE = {
    "condition": {
        "variable_types": {"REQUEST_URI": ""},
        "operator_type": "BEGINSWITH",
        "value": "/login",
        "transformation_types": ["lowercase"],
    },
    "limit": {"request_count": 100, "timeframe": 60},
    "response": {"block_time": "ForFiveMinutes"},
}


def model(rule_id, name, configuration, description="Logins"):
    return {
        "id": rule_id,
        "shieldZoneId": 3001,
        "userId": "u",
        "ruleName": name,
        "ruleDescription": description,
        "ruleJson": json.dumps(configuration),
        "ruleConfiguration": configuration,
        "errorResponse": OK,
    }


class Platform(object):
    """A shield zone's rate limit rules behind the fake session; ``write_status`` 202 answers writes without the rule
    (``applied`` or not)."""

    def __init__(self, rules, write_status=200, applied=True, thin=False):
        self.rules = [copy.deepcopy(r) for r in rules]
        self.write_status, self.applied, self.thin = write_status, applied, thin

    def __call__(self, method, url, body, params):
        path = url.split("api.example.test", 1)[1]
        if method == "GET" and path.startswith("/shield/rate-limit/"):
            return FakeResponse(body=next(r for r in self.rules if path.endswith("/%d" % r["id"])))
        if method == "GET":
            listed = copy.deepcopy(self.rules)
            for rule in listed if self.thin else []:  # the document's CustomWafRule: no limit members
                for member in ("requestCount", "timeframe", "blockTime", "counterKeyType"):
                    rule["ruleConfiguration"].pop(member, None)
            return FakeResponse(body={"data": listed, "page": {"currentPage": 1, "nextPage": None}, "error": OK})
        rule = None
        if method == "POST":
            rule = model(6101, body["ruleName"], body["ruleConfiguration"], body["ruleDescription"])
            if self.applied:
                self.rules.append(rule)
        elif method == "PATCH":
            rule = next(r for r in self.rules if path.endswith("/%d" % r["id"]))
            if self.applied:
                rule.update(
                    ruleName=body["ruleName"],
                    ruleDescription=body["ruleDescription"],
                    ruleConfiguration=body["ruleConfiguration"],
                )
        elif method == "DELETE" and self.applied:
            self.rules = [r for r in self.rules if not path.endswith("/%d" % r["id"])]
        if self.write_status == 202:
            return FakeResponse(status=202, body={"location": None, "value": None, "statusCode": 202})
        return FakeResponse(body=rule or OK)


def args(**extra):
    return dict(BASE, shield_zone_id=3001, rule_name="login", **extra)


def calls(session):
    return [(c["method"], c["url"].split("api.example.test", 1)[1]) for c in session.calls]


def test_the_readable_form_and_info_output_of_the_stored_rule_are_no_change(fake_session, run_module):
    fake_session.responses = Platform([model(6001, "login", STORED)])
    result = run_module(rate_limit_rule, args(**READABLE))
    assert result["changed"] is False and result["rate_limit_rule"]["id"] == 6001
    assert calls(fake_session) == [("GET", "/shield/rate-limits/3001")]
    shaped = shape_rule(model(6001, "login", STORED), lambda text: None)
    given = {key: shaped[key] for key in ("rule_description", "condition", "limit", "response")}
    assert run_module(rate_limit_rule, args(**given))["changed"] is False and not fake_session.writes


def test_a_listing_without_the_limit_reads_only_the_rule_found_by_name(fake_session, run_module):
    rules = [model(6001, "login", STORED), model(6002, "other", STORED), model(6003, "third", STORED)]
    fake_session.responses = Platform(rules, thin=True)
    result = run_module(rate_limit_rule, args(**READABLE))
    assert result["changed"] is False and not fake_session.writes
    assert calls(fake_session) == [("GET", "/shield/rate-limits/3001"), ("GET", "/shield/rate-limit/6001")]
    assert result["rate_limit_rule"]["limit"]["request_count"] == 100
    changed = run_module(rate_limit_rule, args(**{**READABLE, "limit": {"request_count": 7, "timeframe": 60}}))
    assert changed["changed"] is True and fake_session.writes[0]["json"]["ruleConfiguration"]["requestCount"] == 7


def test_numbers_without_a_name_are_kept_when_not_given_and_said(fake_session, run_module):
    unnamed = dict(STORED, counterKeyType=9, actionType=8, severityType=6)
    fake_session.responses = Platform([model(6001, "login", unnamed)])
    result = run_module(rate_limit_rule, args(**READABLE))
    assert result["changed"] is False and not fake_session.writes
    assert (result["rate_limit_rule"]["limit"]["counter_key"], result["rate_limit_rule"]["response"]["action"]) == (
        9,
        8,
    )
    for said in ("counter_key = 9", "action = 8", "severity_type = 6"):
        assert said in str(result["warnings"])
    changed = run_module(rate_limit_rule, args(**{**READABLE, "limit": {"request_count": 7, "timeframe": 60}}))
    sent = fake_session.writes[-1]["json"]["ruleConfiguration"]
    assert changed["changed"] is True and (sent["counterKeyType"], sent["actionType"], sent["severityType"]) == (
        9,
        8,
        6,
    )


def test_create_posts_the_whole_rule_and_the_answer_is_the_result(fake_session, run_module):
    fake_session.responses = Platform([model(6001, "other", STORED)])
    result = run_module(rate_limit_rule, args(**READABLE), diff=True)
    assert result["changed"] is True and result["rate_limit_rule"]["id"] == 6101
    sent = fake_session.writes[0]["json"]
    assert sent["shieldZoneId"] == 3001 and sent["ruleDescription"] == ""
    assert sent["ruleConfiguration"] == dict(
        STORED, variableTypes={"REQUEST_URI": ""}, severityType=0, counterKeyType=0, isNegated=False
    )
    assert result["diff"]["before"] == {} and result["diff"]["after"]["limit"]["counter_key_name"] == "ip"
    assert SECRET not in json.dumps(result)


def test_check_mode_predicts_an_update_without_writing(fake_session, run_module):
    fake_session.responses = Platform([model(6001, "login", STORED)])
    changed = {**READABLE, "limit": {"request_count": 5, "timeframe": 60, "counter_key": "ja4"}}
    result = run_module(rate_limit_rule, args(**changed), check=True, diff=True)
    assert result["changed"] is True and not fake_session.writes
    assert result["rate_limit_rule"]["limit"]["request_count"] == 5 and result["rate_limit_rule"]["id"] == 6001
    assert result["diff"]["after"]["limit"]["counter_key_name"] == "ja4"


def test_update_patches_the_rule_and_keeps_its_description(fake_session, run_module):
    fake_session.responses = Platform([model(6001, "login", STORED)])
    result = run_module(rate_limit_rule, args(**{**READABLE, "response": {"block_time": 60, "action": "log"}}))
    assert result["changed"] is True and calls(fake_session)[1] == ("PATCH", "/shield/rate-limit/6001")
    assert fake_session.writes[0]["json"]["ruleDescription"] == "Logins"
    assert result["rate_limit_rule"]["response"]["action_name"] == "log"


def test_absent_deletes_then_changes_nothing(fake_session, run_module):
    fake_session.responses = Platform([model(6001, "login", STORED)])
    result = run_module(rate_limit_rule, args(state="absent"))
    assert result["changed"] is True and result["rate_limit_rule"] is None
    assert calls(fake_session)[1] == ("DELETE", "/shield/rate-limit/6001")
    assert run_module(rate_limit_rule, args(state="absent"))["changed"] is False


@pytest.mark.parametrize("applied", [True, False])
def test_a_202_answer_is_not_replayed_and_the_re_read_decides(fake_session, run_module, applied):
    fake_session.responses = Platform([], write_status=202, applied=applied)
    result = run_module(rate_limit_rule, args(**READABLE))
    assert [c[0] for c in calls(fake_session)] == ["GET", "POST", "GET"]
    if applied:
        assert result["changed"] is True and "HTTP 202" in json.dumps(result["warnings"])
    else:
        assert result["failed"] and "NOT applied" in result["msg"] and "rate_limit_rules_limit" in result["msg"]


def test_a_plan_refusal_and_an_ambiguous_name_fail_with_what_to_do(fake_session, run_module):
    refused = {"error": {"statusCode": 202, "success": False, "message": "Limit exceeded.", "errorKey": "x.limit"}}
    fake_session.responses = [FakeResponse(body={"data": [], "page": {}, "error": OK}), FakeResponse(202, refused)]
    result = run_module(rate_limit_rule, args(**READABLE))
    assert result["failed"] and "rate_limit_rules_limit" in result["msg"] and result["api_error"]["status"] == 202
    fake_session.calls[:] = []
    fake_session.responses = Platform([model(6001, "login", STORED), model(6002, "login", STORED)])
    result = run_module(rate_limit_rule, args(**READABLE))
    assert result["failed"] and "ids 6001, 6002" in result["msg"] and not fake_session.writes


@pytest.mark.parametrize(
    "change, words",
    [
        (
            {"limit": {"request_count": 1, "timeframe": "hourly"}},
            "value of timeframe must be one of: 1s, 10s, 1m, 5m, 15m, 1h, got: hourly",
        ),
        (
            {"response": {"block_time": 30, "action": "Block"}},
            "value of action must be one of: rate_limit, log, challenge, got: Block",
        ),
        ({"condition": {"operator_type": "EQ", "variable_types": {"NOPE": ""}}}, "unknown variable 'NOPE'"),
        ({"rule_name": "a\nb"}, "rule_name"),
    ],
)
def test_bad_input_fails_naming_the_option_before_any_request(fake_session, run_module, change, words):
    result = run_module(rate_limit_rule, dict(args(**READABLE), **change))
    assert result["failed"] and words in result["msg"] and not fake_session.calls
