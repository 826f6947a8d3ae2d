"""waf_rule: found by name, written in readable form, compared by meaning; check mode, diff, 202 and lost answers."""

from __future__ import annotations

import copy
import json

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.context import Context, execute
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import MAY_HAVE_BEEN_SENT, ApiError
from ansible_collections.edge.platform.plugins.module_utils._shapes.waf_rules import shape_rule
from ansible_collections.edge.platform.plugins.modules import waf_rule
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

BASE = {"api_key": "unit-secret-key", "base_url": "https://api.example.test", "retries": 0}
STORED = {
    "actionType": 1,
    "variableTypes": {"0": None},
    "operatorType": 0,
    "severityType": None,
    "transformationTypes": [19, 8],
    "value": "/admin",
    "isNegated": None,
    "isRegexVariable": False,
    "chainedRuleConditions": [
        {
            "variableTypes": {"REQUEST_METHOD": ""},
            "operatorType": 15,
            "value": "POST",
            "isNegated": True,
            "isRegexVariable": None,
        }
    ],
}
READABLE = {
    "action_type": "block",
    "variable_types": {"REQUEST_URI": ""},
    "operator_type": "BEGINSWITH",
    "value": "/admin",
    "transformation_types": ["LOWERCASE", 19],
    "chained_rule_conditions": [
        {"variable_types": {"REQUEST_METHOD": None}, "operator_type": 15, "value": "POST", "is_negated": True}
    ],
}


def model(rule_id, name, configuration, description="Admin"):
    return {
        "id": rule_id,
        "shieldZoneId": 3001,
        "userId": "u",
        "ruleName": name,
        "ruleDescription": description,
        "ruleJson": json.dumps(configuration),
        "ruleConfiguration": configuration,
        "errorResponse": {"statusCode": 200, "success": True, "message": None, "errorKey": None},
    }


class Platform(object):
    """A shield zone's rules behind the fake session; ``write_status`` makes writes answer 202 (applied or not)."""

    def __init__(self, rules, write_status=200, applied=True):
        self.rules = [copy.deepcopy(r) for r in rules]
        self.write_status, self.applied = write_status, applied

    def __call__(self, method, url, body, params):
        path = url.split("api.example.test", 1)[1]
        if method == "GET":
            return FakeResponse(
                body={
                    "data": self.rules,
                    "page": {"currentPage": 1, "nextPage": None, "totalPages": 1},
                    "error": {"statusCode": 200, "success": True, "message": None, "errorKey": None},
                }
            )
        rule = None
        if method == "POST":
            rule = model(
                max([r["id"] for r in self.rules] + [5000]) + 1,
                body["ruleName"],
                body["ruleConfiguration"],
                body["ruleDescription"],
            )
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
        elif method == "DELETE":
            if self.applied:
                self.rules = [r for r in self.rules if not path.endswith("/%d" % r["id"])]
        if self.write_status == 202:
            return FakeResponse(status=202, body={"location": None, "value": None, "statusCode": 202})
        return FakeResponse(body=rule or {"statusCode": 200, "success": True, "message": None, "errorKey": None})


def args(**extra):
    return dict(BASE, shield_zone_id=3001, rule_name="admin", **extra)


def calls(session):
    return [(c["method"], c["url"].split("api.example.test", 1)[1]) for c in session.calls]


def test_the_readable_form_of_the_stored_rule_is_no_change(fake_session, run_module):
    fake_session.responses = Platform([model(4001, "admin", STORED)])
    result = run_module(waf_rule, args(rule_configuration=READABLE))
    assert result["changed"] is False
    assert result["waf_rule"]["id"] == 4001 and result["waf_rule"]["rule_description"] == "Admin"
    assert calls(fake_session) == [("GET", "/shield/waf/custom-rules/3001")]
    assert fake_session.calls[0]["params"] == {"page": 1, "perPage": 1000}


def test_a_severity_without_a_name_is_kept_and_never_rewritten(fake_session, run_module):
    fake_session.responses = Platform([model(4001, "admin", dict(STORED, severityType=7))])
    result = run_module(waf_rule, args(rule_configuration=READABLE))
    assert result["changed"] is False and not fake_session.writes
    assert result["waf_rule"]["rule_configuration"]["severity_type"] == 7
    assert "severity_type = 7, a value this collection does not name" in str(result["warnings"])
    result = run_module(waf_rule, args(rule_configuration=dict(READABLE, value="/root")))
    assert result["changed"] is True and fake_session.writes[-1]["json"]["ruleConfiguration"]["severityType"] == 7
    asked = run_module(waf_rule, args(rule_configuration=dict(READABLE, value="/root", severity_type="CRITICAL")))
    assert asked["changed"] is True and fake_session.writes[-1]["json"]["ruleConfiguration"]["severityType"] == 2


def test_waf_rule_info_output_written_back_is_no_change(fake_session, run_module):
    fake_session.responses = Platform([model(4001, "admin", STORED)])
    shaped = shape_rule(model(4001, "admin", STORED), lambda text: None)
    result = run_module(
        waf_rule, args(rule_description=shaped["rule_description"], rule_configuration=shaped["rule_configuration"])
    )
    assert result["changed"] is False and not fake_session.writes


def test_create_posts_the_whole_rule_with_an_empty_description(fake_session, run_module):
    fake_session.responses = Platform([model(4001, "other", STORED)])
    result = run_module(
        waf_rule, args(rule_configuration={"action_type": 3, "operator_type": "rx", "value": "^/x"}), diff=True
    )
    assert result["changed"] is True and result["waf_rule"]["id"] == 5001
    assert fake_session.writes[0]["json"] == {
        "shieldZoneId": 3001,
        "ruleName": "admin",
        "ruleDescription": "",
        "ruleConfiguration": {
            "actionType": 3,
            "variableTypes": {},
            "operatorType": 14,
            "severityType": 0,
            "transformationTypes": [],
            "value": "^/x",
            "isNegated": False,
            "isRegexVariable": False,
            "chainedRuleConditions": [],
        },
    }
    assert result["diff"]["before"] == {}
    assert result["diff"]["after"]["rule_configuration"]["action_type_name"] == "challenge"


def test_update_patches_the_rule_and_keeps_its_description(fake_session, run_module):
    fake_session.responses = Platform([model(4001, "admin", STORED)])
    readable = dict(READABLE, value="/private")
    result = run_module(waf_rule, args(rule_configuration=readable), diff=True)
    assert result["changed"] is True
    assert calls(fake_session)[1] == ("PATCH", "/shield/waf/custom-rule/4001")
    assert fake_session.writes[0]["json"]["ruleDescription"] == "Admin"
    assert result["diff"]["before"]["rule_configuration"]["value"] == "/admin"
    assert result["diff"]["after"]["rule_configuration"]["value"] == "/private"
    assert result["waf_rule"]["rule_configuration"]["value"] == "/private"


def test_check_mode_predicts_without_writing(fake_session, run_module):
    fake_session.responses = Platform([])
    result = run_module(waf_rule, args(rule_configuration=READABLE), check=True)
    assert result["changed"] is True and result["waf_rule"]["id"] is None and not fake_session.writes
    assert result["waf_rule"]["rule_configuration"]["transformation_type_names"] == ["LOWERCASE", "URLDECODE"]


def test_absent_deletes_then_changes_nothing(fake_session, run_module):
    platform = Platform([model(4001, "admin", STORED)])
    fake_session.responses = platform
    result = run_module(waf_rule, args(state="absent"))
    assert result["changed"] is True and result["waf_rule"] is None
    assert calls(fake_session)[1] == ("DELETE", "/shield/waf/custom-rule/4001")
    assert run_module(waf_rule, args(state="absent"))["changed"] is False


def test_two_rules_with_the_name_fail_listing_their_ids(fake_session, run_module):
    fake_session.responses = Platform([model(4001, "admin", STORED), model(4002, "admin", STORED)])
    result = run_module(waf_rule, args(rule_configuration=READABLE))
    assert result["failed"] is True and "(ids 4001, 4002)" in result["msg"] and not fake_session.writes


@pytest.mark.parametrize("applied, failed", [(True, False), (False, True)])
def test_a_202_answer_is_not_replayed_and_the_re_read_decides(fake_session, run_module, applied, failed):
    fake_session.responses = Platform([], write_status=202, applied=applied)
    result = run_module(waf_rule, args(rule_configuration=READABLE))
    assert [m for m, _p in calls(fake_session)] == ["GET", "POST", "GET"]
    assert result.get("failed", False) is failed
    if failed:
        assert "NOT applied" in result["msg"] and "HTTP 202" in result["msg"]
    else:
        assert result["changed"] is True and "HTTP 202" in json.dumps(result["warnings"])


@pytest.mark.parametrize(
    "configuration, words",
    [
        ({"operator_type": 0}, "rule_configuration.action_type is required"),
        (
            {"action_type": "Smite", "operator_type": 0},
            "value of action_type must be one of: block, log, challenge, allow, bypass, got: Smite",
        ),
        (
            {"action_type": 1, "action_type_name": "Log", "operator_type": 0},
            "action_type (1) and rule_configuration.action_type_name (log) disagree",
        ),
        (
            {"action_type": 1, "operator_type": 0, "variable_types": {"REQUEST_URL": ""}},
            "unknown variable 'REQUEST_URL'",
        ),
        (
            {"action_type": 1, "operator_type": 0, "transformation_types": ["UPPERCASE"]},
            "value of transformation_types must be one or more of: CMDLINE,",
        ),
        (
            {"action_type": 1, "operator_type": 0, "chained_rule_conditions": [{"value": "x"}]},
            "rule_configuration.chained_rule_conditions[0].operator_type is required",
        ),
    ],
)
def test_bad_rules_fail_naming_the_option_before_any_request(fake_session, run_module, configuration, words):
    fake_session.responses = []
    result = run_module(waf_rule, args(rule_configuration=configuration))
    assert result["failed"] is True and words in result["msg"]
    assert not fake_session.calls


def test_present_without_a_configuration_is_an_argument_error(fake_session, run_module):
    result = run_module(waf_rule, args())
    assert result["failed"] is True and "rule_configuration" in result["msg"]


class LostAnswerClient(object):
    """Lists the zone; the POST raises a may-have-been-sent error after (maybe) landing."""

    base_url = "https://api.example.test"

    def __init__(self, landed):
        self.platform = Platform([])
        self.landed = landed
        self.sent = []

    def request(self, method, path, operation, json_body=None, params=None, **kwargs):
        self.sent.append(method)
        if method == "GET":
            listing = self.platform("GET", self.base_url + path, None, params)
            return type("Reply", (), {"data": json.loads(listing.text)})()
        if self.landed:
            self.platform(method, self.base_url + path, json_body, params)
        error = ApiError(operation, None, "ReadTimeout: read timed out")
        error.kind = MAY_HAVE_BEEN_SENT
        raise error


@pytest.mark.parametrize("landed", [True, False])
def test_a_lost_create_is_never_sent_again(landed):
    client = LostAnswerClient(landed)
    ctx = Context(
        dict(
            BASE,
            shield_zone_id=3001,
            rule_name="admin",
            rule_description=None,
            state="present",
            rule_configuration=READABLE,
            timeout=30.0,
        )
    )
    ctx.client = client
    result = execute(waf_rule.run, ctx)
    assert client.sent == ["GET", "POST", "GET"]
    if landed:
        assert result["changed"] is True and result["waf_rule"]["id"] is None
        assert ctx.warnings[0].startswith("Creating custom WAF rule 'admin' in shield zone 3001 ")
    else:
        assert result["failed"] is True and "NOT applied" in result["msg"]
