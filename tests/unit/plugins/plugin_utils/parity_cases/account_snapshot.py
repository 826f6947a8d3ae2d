# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of account_snapshot: a pull zone holding secrets (named as vault variables, never shown), a
DNS zone with its records, a refused key, a bad option."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import account_snapshot
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

SECRET = "unit-secret-key-account-snapshot-parity"
TOKEN = "unit-log-forwarding-token-account-snapshot"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "concurrency": 1}
ZONE = {
    "Id": 2001,
    "Name": "demo",
    "OriginUrl": "https://origin.example.com",
    "ZoneSecurityKey": "unit-zone-security-key",
    "LogForwardingEnabled": True,
    "LogForwardingToken": TOKEN,
    "Hostnames": [{"Id": 1, "Value": "demo.b-cdn.net", "IsSystemHostname": True}],
    "EdgeRules": [],
    "OptimizerClasses": None,
}
RECORD = {"Id": 1, "Type": 0, "Name": "www", "Value": "192.0.2.1", "Ttl": 300}


def page(*items):
    return FakeResponse(body={"Items": list(items), "CurrentPage": 1, "TotalItems": len(items), "HasMoreItems": False})


CASES = {
    "a pull zone with a secret": Case(
        account_snapshot,
        dict(ARGS, kinds=["pull_zones"]),
        lambda: [page(ZONE)],
        secret=TOKEN,
        shows=lambda r: (
            r["account"]["pull_zones"][0]["settings"]["log_forwarding"]["token"]
            == "{{ vault_pullzone_demo_log_forwarding_token }}"
            and r["files"] == {"pull_zones": ["demo.yml"]}
        ),
    ),
    "a DNS zone and its records": Case(
        account_snapshot,
        dict(ARGS, kinds=["dns_zones"]),
        lambda: [
            page({"Id": 1001, "Domain": "example.com"}),
            FakeResponse(body={"Id": 1001, "Domain": "example.com", "Records": [RECORD]}),
        ],
        shows=lambda r: (
            [(e["name"], e["type"], e["value"], e["ttl"]) for e in r["account"]["dns_zones"][0]["records"]]
            == [("www", "A", "192.0.2.1", 300)]
        ),
    ),
    "a refused key": Case(
        account_snapshot,
        ARGS,
        # storage zones come first, and their listing asks once more after a 401 (_api/storage_zones.list_all)
        lambda: [FakeResponse(status=401), FakeResponse(status=401)],
        failed=True,
        shows=lambda r: r["api_error"]["status"] == 401,
    ),
    "bad option": Case(
        account_snapshot,
        dict(ARGS, kinds=["no_such_kind"]),
        failed=True,
        shows=lambda r: "kinds" in r["msg"],
    ),
}
