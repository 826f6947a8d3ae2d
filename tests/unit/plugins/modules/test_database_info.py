"""database_info: one by id, the ones with a name, or all (every page); the readable shape database takes."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import database_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

BASE = {"api_key": "unit-secret-key-database-info", "base_url": "https://api.example.test", "retries": 0}
DB_ID = "db_01KCHBG8C5KSFGG0VRNFQ7EK7X"


def db(name, database_id=DB_ID):
    return {
        "id": database_id,
        "name": name,
        "url": "libsql://%s.lite.bunnydb.net" % name,
        "primary_regions": ["DE"],
        "replicas_regions": ["UK"],
        "storage_region": "eu-west-1",
    }


def page(items, number, more):
    return FakeResponse(
        body={"databases": items, "page_info": {"current_page": number, "total_items": 3, "has_more_items": more}}
    )


def test_all_pages_and_a_name_filter(fake_session, run_module):
    fake_session.responses = [page([db("a"), db("b", "db_2")], 1, True), page([db("a", "db_3")], 2, False)]
    result = run_module(database_info, dict(BASE, name="a"))
    assert result["changed"] is False
    assert [d["id"] for d in result["databases"]] == [DB_ID, "db_3"]
    assert result["databases"][0]["replica_regions"] == ["UK"] and [
        c["params"]["page"] for c in fake_session.calls
    ] == [1, 2]


def test_one_by_id_and_a_missing_id_fails_naming_it(fake_session, run_module):
    fake_session.responses = [FakeResponse(body={"db": db("a")}), FakeResponse(404, {"error": "Database not found"})]
    assert run_module(database_info, dict(BASE, database_id=DB_ID))["databases"][0]["name"] == "a"
    failed = run_module(database_info, dict(BASE, database_id=DB_ID))
    assert failed["failed"] is True and "No database %s is visible" % DB_ID in failed["msg"]


def test_a_malformed_id_fails_saying_what_the_400_means(fake_session, run_module):
    fake_session.responses = [FakeResponse(400, {"error": "Invalid database id"})]
    failed = run_module(database_info, dict(BASE, database_id="app"))
    assert failed["failed"] is True and failed["api_error"]["status"] == 400
    assert "The platform answers 400 for a malformed database id" in failed["msg"]


def test_a_listing_that_is_not_a_page_of_databases_fails_and_is_never_an_empty_result(fake_session, run_module):
    fake_session.responses = [FakeResponse(body={})]
    failed = run_module(database_info, dict(BASE))
    assert failed["failed"] is True and "databases" not in failed
    assert "not understood" in failed["msg"] and "Nothing was written by this task" in failed["msg"]
