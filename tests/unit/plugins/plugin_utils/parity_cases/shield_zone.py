# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of shield_zone: a change, check mode with diff, a plan refusal, bad input."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import shield_zone
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

SECRET = "unit-secret-key-shield-parity"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "pullzone_id": 2001}
ZONE = {"shieldZoneId": 3001, "pullZoneId": 2001, "planType": 0, "wafEnabled": True, "wafExecutionMode": 1}
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
PLAN = {
    "statusCode": 202,
    "success": False,
    "message": "No.",
    "errorKey": "invalid_plan_type.whitelabel_response_pages",
}


def _zone():
    return FakeResponse(body={"data": dict(ZONE)})


CASES = {
    "change": Case(
        shield_zone,
        dict(ARGS, waf_execution_mode="log"),
        lambda: [_zone(), FakeResponse(body={"data": {"shieldZoneId": 3001, "shieldZone": {"wafExecutionMode": 0}}})],
        changed=True,
        shows=lambda r: r["shield_zone"]["waf_execution_mode"] == "log",
    ),
    "check mode with diff": Case(
        shield_zone,
        dict(ARGS, waf_enabled=False),
        lambda: [_zone()],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: r["diff"]["after"] == {"shielded": True, "waf_enabled": False},
    ),
    "plan refusal": Case(
        shield_zone,
        dict(ARGS, whitelabel_response_pages=True),
        lambda: [_zone(), FakeResponse(status=202, body={"error": PLAN})],
        failed=True,
        shows=lambda r: "plan, basic" in r["msg"],
    ),
    "bad option": Case(
        shield_zone,
        dict(ARGS, waf_allowed_methods=["GE T"]),
        failed=True,
        shows=lambda r: "waf_allowed_methods[0]" in r["msg"],
    ),
}
