# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of database_info: all databases, one missing by id, bad input."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import database_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

SECRET = "unit-secret-key-database-info-parity"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
DB = {
    "id": "db_01KCHBG8C5KSFGG0VRNFQ7EK7X",
    "name": "app",
    "url": "libsql://x-app.lite.bunnydb.net/",
    "storage_region": "eu-west-1",
    "primary_regions": ["DE"],
    "replicas_regions": ["UK"],
}

CASES = {
    "all": Case(
        database_info,
        dict(ARGS),
        lambda: [
            FakeResponse(
                body={
                    "databases": [dict(DB)],
                    "page_info": {"current_page": 1, "total_items": 1, "has_more_items": False},
                }
            )
        ],
        shows=lambda r: r["databases"][0]["replica_regions"] == ["UK"],
    ),
    "missing id": Case(
        database_info,
        dict(ARGS, database_id=DB["id"]),
        lambda: [FakeResponse(404, {"error": "Database not found"})],
        failed=True,
        shows=lambda r: r["api_error"]["status"] == 404,
    ),
    "bad option": Case(
        database_info,
        dict(ARGS, name="app", database_id=DB["id"]),
        failed=True,
        shows=lambda r: "mutually exclusive" in r["msg"],
    ),
}
