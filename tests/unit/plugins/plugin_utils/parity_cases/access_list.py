# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of access_list: a create, check mode with diff, a plan refusal (HTTP 202), a bad entry."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import access_list
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

SECRET = "unit-secret-key-access-list-parity"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "shield_zone_id": 3001}
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
CREATED = {"id": 5003, "name": "office", "type": 1, "content": "192.0.2.0/24", "checksum": "c", "entryCount": 1}
DETAILS = {
    "listId": 5003,
    "configurationId": 7003,
    "name": "office",
    "type": 1,
    "action": 0,
    "isEnabled": False,
    "entryCount": 1,
}
WANTED = dict(ARGS, name="office", type="cidr", entries=["192.0.2.0/24"], action="allow")


def _index(*custom, count=None):
    return FakeResponse(
        body={
            "managedLists": [],
            "customLists": list(custom),
            "customListCount": len(custom) if count is None else count,
            "customListLimit": 5,
            "customEntryCount": 0,
            "customEntryLimit": 5000,
        }
    )


CASES = {
    "create": Case(
        access_list,
        WANTED,
        lambda: [
            _index(),
            FakeResponse(body={"data": CREATED, "error": OK}),
            _index(DETAILS),
            FakeResponse(body={"data": {"isEnabled": True, "action": 1}, "error": OK}),
        ],
        changed=True,
        shows=lambda r: r["access_list"]["id"] == 5003 and r["access_list"]["action"] == "allow",
    ),
    "check mode with diff": Case(
        access_list,
        WANTED,
        lambda: [_index()],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: r["diff"]["before"] == {} and r["diff"]["after"]["entries"] == ["192.0.2.0/24"],
    ),
    "plan refusal": Case(
        access_list,
        WANTED,
        lambda: [
            _index(count=0),
            FakeResponse(
                status=202,
                body={"error": {"statusCode": 202, "success": False, "message": "Custom Access List limit exceeded."}},
            ),
        ],
        failed=True,
        shows=lambda r: "nothing was applied" in r["msg"] and r["api_error"]["status"] == 202,
    ),
    "bad entry": Case(
        access_list,
        dict(WANTED, entries=["192.0.2.0/24", "192.0.2.0/33"]),
        failed=True,
        shows=lambda r: "entries[1]" in r["msg"],
    ),
}
