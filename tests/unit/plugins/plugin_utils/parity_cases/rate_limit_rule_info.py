# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of rate_limit_rule_info: the rules of a zone, a missing rule, bad input."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import rate_limit_rule_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

SECRET = "unit-secret-key-rate-limit-info-parity"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
RULE = {
    "id": 6001,
    "shieldZoneId": 3001,
    "ruleName": "burst",
    "ruleDescription": "",
    "ruleJson": "{",
    "ruleConfiguration": {"requestCount": 5, "timeframe": 1, "blockTime": 30, "counterKeyType": 7},
    "errorResponse": OK,
}

CASES = {
    "rules of a zone": Case(
        rate_limit_rule_info,
        dict(ARGS, shield_zone_id=3001),
        lambda: [FakeResponse(body={"data": [RULE], "page": {"nextPage": None}, "error": OK})],
        shows=lambda r: r["rate_limit_rules"][0]["limit"]["counter_key_name"] == "ip_ja4" and r["warnings"],
    ),
    "missing rule": Case(
        rate_limit_rule_info,
        dict(ARGS, id=6009),
        lambda: [FakeResponse(404, {"statusCode": 404})],
        failed=True,
        shows=lambda r: r["api_error"]["status"] == 404,
    ),
    "bad option": Case(
        rate_limit_rule_info,
        dict(ARGS, shield_zone_id=3001, page_size=5000),
        failed=True,
        shows=lambda r: "page_size" in r["msg"],
    ),
}
