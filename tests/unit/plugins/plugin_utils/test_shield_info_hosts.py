# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""waf_rule_info and bot_detection_info on both hosts (AnsibleModule and in-process): the same output and requests.

Controller-side (the in-process host imports ansible's controller code), so it lives beside the host's tests;
the fake answers are the module tests' own.
"""

from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.plugins.modules import bot_detection_info, waf_rule_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.host_parity import both_hosts
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_bot_detection_info import (
    ARGS as BOT_ARGS, PLAN_ERROR, envelope, state)
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_waf_rule_info import (
    ACCEPTED, ARGS as WAF_ARGS, DEFAULT_ERROR, TEXT, page, rule)

WAF_SECRET = WAF_ARGS["api_key"]
BOT_SECRET = BOT_ARGS["api_key"]


# name: (args, answers, what the result must show), for each module
BOT_CASES = {
    "configuration": (BOT_ARGS, [envelope(data=state())],
                      lambda r: r["bot_detection"]["execution_mode_name"] == "Challenge"),
    "basic plan": (BOT_ARGS, [envelope(202, error=PLAN_ERROR)], lambda r: r["bot_detection"]["available"] is False),
    "unknown zone": (BOT_ARGS, [envelope(200, error={"statusCode": 404, "success": False, "message": "Not found.",
                                                     "errorKey": "shield_zone.not_found"})],
                     lambda r: r["api_error"]["error_key"] == "shield_zone.not_found"),
    "not an object": (BOT_ARGS, [FakeResponse(200, text="[1]", headers=TEXT)],
                      lambda r: "is not the JSON object this operation returns" in r["msg"]),
    "no data": (BOT_ARGS, [envelope(200)], lambda r: "answered without the configuration" in r["msg"]),
    "own check": (dict(BOT_ARGS, shield_zone_id=0), [], lambda r: "must be a positive shield zone id" in r["msg"]),
    "argument error": (dict(BOT_ARGS, shield_zone_id="three"), [],
                       lambda r: "cannot be converted to an int" in r["msg"]),
    "key with a newline": (dict(BOT_ARGS, api_key=BOT_SECRET + "\n"), [],
                           lambda r: "api_key contains spaces" in r["msg"]),
}


WAF_CASES = {
    "one rule": (dict(WAF_ARGS, id=4001), [FakeResponse(200, rule(), headers=TEXT)],
                 lambda r: r["waf_rules"][0]["rule_configuration"]["action_type_name"] == "Block"),
    "every page": (dict(WAF_ARGS, shield_zone_id=3001, page_size=1), [page([rule(1)], 1, 2), page([rule(2)], 2, 2)],
                   lambda r: [w["id"] for w in r["waf_rules"]] == [1, 2]),
    "default errorResponse": (dict(WAF_ARGS, id=4001), [FakeResponse(200, rule(error=DEFAULT_ERROR), headers=TEXT)],
                              lambda r: r["waf_rules"][0]["error_response"]["success"] is False),
    "broken ruleJson warns": (dict(WAF_ARGS, id=4001), [FakeResponse(200, rule(rule_json="{x"), headers=TEXT)],
                              lambda r: "ruleJson of custom WAF rule 4001 is not valid JSON" in r["warnings"][0]),
    "deleted rule": (dict(WAF_ARGS, id=4001), [FakeResponse(202, ACCEPTED, headers=TEXT)],
                     lambda r: r["api_error"]["status"] == 202 and "check id" in r["msg"]),
    "not found": (dict(WAF_ARGS, id=4001), [FakeResponse(404, {"statusCode": 404}, headers=TEXT)],
                  lambda r: r["api_error"]["status"] == 404),
    "not a page": (dict(WAF_ARGS, shield_zone_id=3001), [FakeResponse(200, {"page": {}}, headers=TEXT)],
                   lambda r: "is not a page of rules" in r["msg"]),
    "own check": (dict(WAF_ARGS, id=0), [], lambda r: r["msg"] == "id must be a positive id; got 0."),
    "argument error": (dict(WAF_ARGS, id=1, shield_zone_id=2), [], lambda r: "mutually exclusive" in r["msg"]),
    "key with a newline": (dict(WAF_ARGS, api_key=WAF_SECRET + "\n", id=4001), [],
                           lambda r: "api_key contains spaces" in r["msg"]),
}


CASES = dict([((bot_detection_info, BOT_SECRET, name), case) for name, case in BOT_CASES.items()]
             + [((waf_rule_info, WAF_SECRET, name), case) for name, case in WAF_CASES.items()])


@pytest.mark.parametrize("module, secret, name", sorted(CASES, key=lambda k: (k[0].__name__, k[2])),
                         ids=lambda value: getattr(value, "__name__", str(value)).rpartition(".")[2])
def test_both_hosts_give_the_same_result(module, secret, name, fake_session, run_module):
    args, answers, shows = CASES[(module, secret, name)]
    result, sent = both_hosts(module, args, answers, fake_session, run_module)
    assert len(sent) == len(answers)
    assert result.get("changed") is not True
    assert shows(result)
    assert secret not in json.dumps(result)
