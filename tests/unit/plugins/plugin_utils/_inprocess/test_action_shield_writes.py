"""waf_rule and bot_detection give the same whole output in-process and on the module path (fake session)."""

from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.plugins.modules import bot_detection, waf_rule
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.host_parity import both_hosts

SECRET = "unit-secret-key-0077"
BASE = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
CONFIGURATION = {"actionType": 1, "variableTypes": {"REQUEST_URI": ""}, "operatorType": 0, "severityType": 0,
                 "transformationTypes": [], "value": "/admin", "isNegated": False, "isRegexVariable": False,
                 "chainedRuleConditions": []}
RULE = {"id": 4001, "shieldZoneId": 3001, "userId": "u", "ruleName": "admin", "ruleDescription": "",
        "ruleJson": json.dumps(CONFIGURATION), "ruleConfiguration": CONFIGURATION, "errorResponse": OK}
READABLE = {"action_type": "Block", "variable_types": {"REQUEST_URI": ""}, "operator_type": "BEGINSWITH",
            "value": "/admin"}
STATE = {"shieldZoneId": 3001, "executionMode": 0, "requestIntegrity": {"sensitivity": 1},
         "ipAddress": {"sensitivity": 1},
         "browserFingerprint": {"sensitivity": 1, "aggression": 1, "complexEnabled": False}}
PLAN = {"error": {"statusCode": 202, "success": False, "message": "Not on the Basic plan.",
                  "errorKey": "invalid_plan_type.bot_detection"}}


def listing(*rules):
    return FakeResponse(body={"data": list(rules), "page": {"nextPage": None}, "error": OK})


WAF = dict(BASE, shield_zone_id=3001, rule_name="admin")
BOT = dict(BASE, shield_zone_id=3001)
CASES = {
    "waf create with diff": (waf_rule, dict(WAF, rule_configuration=READABLE), [listing(), FakeResponse(body=RULE)],
                             False, True),
    "waf no change": (waf_rule, dict(WAF, rule_configuration=READABLE), [listing(RULE)], False, False),
    "waf check mode update": (waf_rule, dict(WAF, rule_configuration=dict(READABLE, value="/x")), [listing(RULE)],
                              True, True),
    "waf 202 that landed": (waf_rule, dict(WAF, rule_configuration=READABLE),
                            [listing(), FakeResponse(status=202, body={"statusCode": 202}), listing(RULE)], False, False),
    "waf duplicate names": (waf_rule, dict(WAF, state="absent"), [listing(RULE, dict(RULE, id=4002))], False, False),
    "waf bad action": (waf_rule, dict(WAF, rule_configuration={"action_type": "Smite", "operator_type": 0}), [],
                       False, False),
    "waf suboption typo": (waf_rule, dict(WAF, rule_configuration=dict(READABLE, actoin_type=1)), [], False, False),
    "bot change with diff": (bot_detection, dict(BOT, execution_mode="Challenge"),
                             [FakeResponse(body={"data": STATE, "error": OK}),
                              FakeResponse(body={"data": dict(STATE, executionMode=1), "error": OK})], False, True),
    "bot no change": (bot_detection, dict(BOT, execution_mode=0), [FakeResponse(body={"data": STATE, "error": OK})],
                      False, False),
    "bot basic plan": (bot_detection, dict(BOT, execution_mode=1), [FakeResponse(status=202, body=PLAN)], False, False),
    "bot bad value": (bot_detection, dict(BOT, ip_address_sensitivity="Extreme"),
                      [FakeResponse(body={"data": STATE, "error": OK})], False, False),
}

FAILING = {"waf duplicate names", "waf bad action", "waf suboption typo", "bot basic plan",
           "bot bad value"}
CHANGING = {"waf create with diff", "waf check mode update", "waf 202 that landed", "bot change with diff"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_both_hosts_give_the_same_output(name, fake_session, run_module):
    module, args, answers, check, diff = CASES[name]
    by_module, _sent = both_hosts(module, args, answers, fake_session, run_module, check=check, diff=diff)
    assert by_module.get("failed", False) is (name in FAILING)
    assert by_module.get("changed") is (None if name in FAILING else name in CHANGING)
    assert SECRET not in json.dumps(by_module)
