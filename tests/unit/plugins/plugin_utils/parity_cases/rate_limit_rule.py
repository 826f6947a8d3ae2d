# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of rate_limit_rule: a create, check mode with diff, a plan refusal, bad input."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import rate_limit_rule
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

SECRET = "unit-secret-key-rate-limit-parity"
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
CONFIGURATION = {
    "operatorType": 0,
    "variableTypes": {"REQUEST_URI": ""},
    "requestCount": 10,
    "timeframe": 60,
    "blockTime": 300,
    "actionType": 1,
}
ARGS = {
    "api_key": SECRET,
    "base_url": "https://api.example.test",
    "retries": 0,
    "shield_zone_id": 3001,
    "rule_name": "login",
    "condition": {"variable_types": {"REQUEST_URI": ""}, "operator_type": "BEGINSWITH"},
    "limit": {"request_count": 10, "timeframe": 60},
    "response": {"block_time": 300},
}


def _listing(*rules):
    return FakeResponse(body={"data": list(rules), "page": {"nextPage": None}, "error": OK})


def _rule(rule_id, configuration):
    return {
        "id": rule_id,
        "shieldZoneId": 3001,
        "ruleName": "login",
        "ruleDescription": "",
        "ruleConfiguration": configuration,
        "errorResponse": OK,
    }


CASES = {
    "create": Case(
        rate_limit_rule,
        ARGS,
        lambda: [_listing(), FakeResponse(body=_rule(6101, CONFIGURATION))],
        changed=True,
        shows=lambda r: r["rate_limit_rule"]["id"] == 6101,
    ),
    "check mode with diff": Case(
        rate_limit_rule,
        dict(ARGS, limit={"request_count": 20, "timeframe": 60}),
        lambda: [_listing(_rule(6001, CONFIGURATION))],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: r["diff"]["after"]["limit"]["request_count"] == 20,
    ),
    "plan refusal": Case(
        rate_limit_rule,
        ARGS,
        lambda: [
            _listing(),
            FakeResponse(202, {"error": {"statusCode": 202, "success": False, "message": "No.", "errorKey": "x"}}),
        ],
        failed=True,
        shows=lambda r: "rate_limit_rules_limit" in r["msg"],
    ),
    "bad option": Case(
        rate_limit_rule,
        dict(ARGS, response={"block_time": 300, "action": "Block"}),
        failed=True,
        shows=lambda r: "value of action must be one of" in r["msg"] and "found in response" in r["msg"],
    ),
    "old spelling with a deprecation": Case(
        rate_limit_rule,
        dict(ARGS, state="absent", response={"block_time": "ForFiveMinutes", "action": "RateLimit"}),
        [_listing()],
        shows=lambda r: (
            [d["msg"] for d in r["deprecations"]]
            == [
                "response.action: give rate_limit instead of RateLimit, the spelling of earlier releases.",
                "response.block_time: give 5m instead of ForFiveMinutes, the spelling of earlier releases.",
            ]
        ),
    ),
}
