# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of access_list_info: a read with managed lists, a platform error, a bad option."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import access_list_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

SECRET = "unit-secret-key-access-list-info-parity"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "shield_zone_id": 3001}
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
CUSTOM = {"listId": 5001, "configurationId": 7001, "name": "office", "type": 1, "action": 1, "isEnabled": True}
MANAGED = {
    "listId": 1,
    "configurationId": 300101,
    "name": "VPN Providers",
    "type": 1,
    "action": 4,
    "isEnabled": False,
    "category": 1,
    "requiredPlan": 1,
    "updateFrequency": "01:00:00",
}
LIST = {"id": 5001, "name": "office", "type": 1, "content": "2001:DB8::/32\n10.0.0.1/24\n", "entryCount": 2}


CASES = {
    "read with managed lists": Case(
        access_list_info,
        dict(ARGS, include_managed=True),
        lambda: [
            FakeResponse(body={"managedLists": [MANAGED], "customLists": [CUSTOM]}),
            FakeResponse(body={"data": LIST, "error": OK}),
        ],
        shows=lambda r: (
            [item["managed"] for item in r["access_lists"]] == [False, True]
            and r["access_lists"][0]["entries"] == ["10.0.0.0/24", "2001:db8::/32"]
            and r["access_lists"][1]["category"] == ["VPNs"]
        ),
    ),
    "platform error": Case(
        access_list_info,
        ARGS,
        lambda: [
            FakeResponse(
                body={
                    "managedLists": None,
                    "customLists": None,
                    "error": dict(OK, statusCode=404, success=False, errorKey="shield_zone.not_found"),
                }
            )
        ],
        failed=True,
        shows=lambda r: r["api_error"]["error_key"] == "shield_zone.not_found",
    ),
    "bad option": Case(
        access_list_info,
        dict(ARGS, id=0),
        failed=True,
        shows=lambda r: "id must be a positive" in r["msg"],
    ),
}
