# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of database: a create, check mode with diff, a platform refusal, a create another task made
meanwhile (409, then the listing), an update whose answer was lost (never resent: the read decides), a malformed id
under state=absent (400, then the listing), bad input."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import database
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

SECRET = "unit-secret-key-database-parity"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "name": "app"}
DB = {
    "id": "db_01KCHBG8C5KSFGG0VRNFQ7EK7X",
    "name": "app",
    "url": "libsql://x-app.lite.bunnydb.net/",
    "storage_region": "eu-west-1",
    "primary_regions": ["DE"],
    "replicas_regions": [],
}


def _listing(*items):
    return FakeResponse(
        body={
            "databases": list(items),
            "page_info": {"current_page": 1, "total_items": len(items), "has_more_items": False},
        }
    )


CASES = {
    "create": Case(
        database,
        dict(ARGS, primary_regions=["DE"], storage_region="eu-west-1"),
        lambda: [_listing(), FakeResponse(body={"db_id": DB["id"]}), FakeResponse(body={"db": dict(DB)})],
        changed=True,
        shows=lambda r: r["database"]["url"] == DB["url"],
    ),
    "check mode with diff": Case(
        database,
        dict(ARGS, replica_regions=["UK"]),
        lambda: [_listing(dict(DB))],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: r["diff"]["after"] == {"present": True, "name": "app", "replica_regions": ["UK"]},
    ),
    "name conflict": Case(
        database,
        dict(ARGS, primary_regions=["DE"], storage_region="eu-west-1"),
        lambda: [_listing(), FakeResponse(409, {"error": "A database with this name already exists"}), _listing()],
        failed=True,
        shows=lambda r: "this API key cannot see" in r["msg"] and r["api_error"]["status"] == 409,
    ),
    "created meanwhile": Case(
        database,
        dict(ARGS, primary_regions=["DE"], storage_region="eu-west-1"),
        lambda: [
            _listing(),
            FakeResponse(409, {"error": "A database with this name already exists"}),
            _listing(dict(DB)),
        ],
        diff=True,
        shows=lambda r: r["database"]["id"] == DB["id"] and "another task created it meanwhile" in str(r["warnings"]),
    ),
    "lost update landed": Case(
        database,
        dict(ARGS, replica_regions=["UK"]),
        lambda: [_listing(dict(DB)), FakeResponse(503), FakeResponse(body={"db": dict(DB, replicas_regions=["UK"])})],
        changed=True,
        shows=lambda r: r["database"]["replica_regions"] == ["UK"] and "It was not sent again" in str(r["warnings"]),
    ),
    "lost update not landed": Case(
        database,
        dict(ARGS, replica_regions=["UK"]),
        lambda: [_listing(dict(DB)), FakeResponse(503), FakeResponse(body={"db": dict(DB)})],
        failed=True,
        shows=lambda r: "shows it was NOT applied" in r["msg"] and r["api_error"]["status"] == 503,
    ),
    "malformed id absent": Case(
        database,
        dict(ARGS, name=None, database_id="app", state="absent"),
        lambda: [FakeResponse(400, {"error": "Invalid database id"}), _listing(dict(DB))],
        shows=lambda r: r["database"] is None and "give name instead" in str(r["warnings"]),
    ),
    "bad option": Case(
        database,
        dict(ARGS, primary_regions=["DE", " "]),
        failed=True,
        shows=lambda r: "primary_regions[1]" in r["msg"],
    ),
}
