"""database: create by exact name (all four members, the storage region chosen as the CLI does, then one read for
the url), update both region lists when a given set differs, delete only with state=absent, lost answers settled
by one re-read, bad input before any request, never a token in the result."""

from __future__ import annotations

import pytest
import requests

from ansible_collections.edge.platform.plugins.modules import database
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

SECRET = "unit-secret-key-database"
BASE = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
API = "https://api.example.test"
DOCUMENT = "database-api-bunnyway-cli.json"
DB_ID = "db_01KCHBG8C5KSFGG0VRNFQ7EK7X"
DB = {
    "id": DB_ID,
    "name": "app",
    "url": "libsql://x-app.lite.bunnydb.net/",
    "block_reads": False,
    "block_writes": False,
    "size_max": "1024.0 MB",
    "current_size": "0.1 MB",
    "storage_region": "eu-west-1",
    "primary_regions": ["DE"],
    "replicas_regions": ["UK"],
}
CONFIG = {
    "storage_region_available": [
        {"id": "eu-west-1", "name": "Europe", "group": "EU"},
        {"id": "us-east-1", "name": "North America", "group": "NA"},
    ],
    "primary_regions": [{"id": "DE", "group": "EU"}, {"id": "NY", "group": "NA"}],
    "replica_regions": [],
}


def listing(*items):
    return FakeResponse(
        body={
            "databases": list(items),
            "page_info": {"current_page": 1, "total_items": len(items), "has_more_items": False},
        }
    )


def one(**changes):
    return FakeResponse(body={"db": dict(DB, **changes)})


def run(fake_session, run_module, answers, check=False, diff=False, **options):
    fake_session.responses = list(answers)
    options.setdefault("name", "app")
    return run_module(database, dict(BASE, **options), check=check, diff=diff)


def calls(fake_session):
    return [(c["method"], c["url"].replace(API, "")) for c in fake_session.calls]


def test_create_chooses_the_storage_region_posts_all_four_members_and_reads_the_url(fake_session, run_module, openapi):
    result = run(
        fake_session,
        run_module,
        [listing(), FakeResponse(body=CONFIG), FakeResponse(body={"db_id": DB_ID}), one(storage_region="us-east-1")],
        diff=True,
        primary_regions=["ny", "DE"],
    )
    assert result["changed"] is True
    assert calls(fake_session) == [
        ("GET", "/database/v2/databases"),
        ("GET", "/database/v1/config"),
        ("POST", "/database/v2/databases"),
        ("GET", "/database/v2/databases/" + DB_ID),
    ]
    body = fake_session.writes[0]["json"]
    assert body == {
        "name": "app",
        "storage_region": "us-east-1",
        "primary_regions": ["NY", "DE"],
        "replicas_regions": [],
    }
    document = openapi(DOCUMENT)
    document.check_request("POST", "/database/v2/databases", body, headers={"AccessKey": "k"})
    assert result["database"]["url"] == DB["url"] and result["database"]["id"] == DB_ID
    assert result["diff"]["before"] == {"present": False, "name": "app"}
    assert result["diff"]["after"]["storage_region"] == "us-east-1"
    # the platform answered other regions than were sent: said, and the platform's state returned
    assert "primary_regions ['DE'] (sent ['DE', 'NY'])" in str(result["warnings"])
    assert SECRET not in str(result) and "token" not in result["database"]


def test_no_change_only_reads_and_info_output_written_back_is_no_change(fake_session, run_module):
    shown = {"primary_regions": ["de"], "replica_regions": ["UK", "uk"], "storage_region": "eu-west-1"}
    result = run(fake_session, run_module, [listing(DB)], **shown)
    assert result["changed"] is False and calls(fake_session) == [("GET", "/database/v2/databases")]
    assert result["database"] == dict({k: DB[k] for k in DB if k != "replicas_regions"}, replica_regions=["UK"])


def test_check_mode_predicts_a_create_and_sends_no_write(fake_session, run_module):
    result = run(
        fake_session, run_module, [listing()], check=True, diff=True, primary_regions=["DE"], storage_region="eu-west-1"
    )
    assert result["changed"] is True and fake_session.writes == []
    assert result["database"]["id"] is None and result["database"]["url"] is None
    assert result["diff"]["after"] == {
        "present": True,
        "name": "app",
        "primary_regions": ["DE"],
        "storage_region": "eu-west-1",
    }


def test_update_sends_both_lists_and_returns_the_patch_answer(fake_session, run_module, openapi):
    result = run(
        fake_session, run_module, [listing(DB), one(replicas_regions=["SG", "UK"])], replica_regions=["UK", "sg"]
    )
    assert result["changed"] is True
    assert calls(fake_session)[1] == ("PATCH", "/database/v2/databases/" + DB_ID)
    body = fake_session.writes[0]["json"]
    assert body == {"primary_regions": ["DE"], "replicas_regions": ["UK", "SG"]}
    openapi(DOCUMENT).check_request("PATCH", "/database/v2/databases/" + DB_ID, body, headers={"AccessKey": "k"})
    assert result["database"]["replica_regions"] == ["SG", "UK"] and "warnings" not in result


def test_delete_by_id_and_again_when_gone(fake_session, run_module):
    result = run(
        fake_session,
        run_module,
        [one(), FakeResponse(body={"db_id": DB_ID})],
        name=None,
        database_id=DB_ID,
        state="absent",
    )
    assert result["changed"] is True and result["database"] is None
    assert calls(fake_session)[1] == ("DELETE", "/database/v2/databases/" + DB_ID)
    fake_session.calls = []
    again = run(
        fake_session,
        run_module,
        [FakeResponse(404, {"error": "Database not found"})],
        database_id=DB_ID,
        state="absent",
    )
    assert again["changed"] is False and fake_session.writes == []


@pytest.mark.parametrize(
    "options, answers, text",
    [
        ({"name": "other", "database_id": DB_ID}, [one()], "the platform cannot rename a database"),
        ({"storage_region": "us-east-1"}, [listing(DB)], "the platform cannot move a database"),
        ({"replica_regions": ["UK"]}, [listing()], "primary_regions is required to create database app"),
        ({"primary_regions": ["DE", ""]}, [], "primary_regions[1] must be a region code"),
        ({"state": "absent", "primary_regions": ["DE"]}, [], "state=absent takes no regions"),
        ({"name": "a\nb"}, [], "name contains a control character"),
        ({"name": None, "database_id": "libsql://x"}, [], "database_id must be a database id"),
    ],
)
def test_bad_input_fails_before_any_write_naming_the_option(fake_session, run_module, options, answers, text):
    result = run(fake_session, run_module, answers, **options)
    assert result["failed"] is True and text in result["msg"] and fake_session.writes == []


def test_an_unknown_region_is_sent_and_the_platform_refusal_reported(fake_session, run_module):
    refused = FakeResponse(400, {"error": "Invalid request body", "details": "unknown region `XX`"})
    result = run(fake_session, run_module, [listing(), refused], primary_regions=["XX"], storage_region="eu-west-1")
    assert result["failed"] is True and "unknown region `XX`" in result["msg"]
    assert result["api_error"]["status"] == 400 and len(fake_session.writes) == 1


def test_a_lost_create_is_not_replayed_and_the_listing_decides(fake_session, run_module):
    lost = requests.exceptions.ReadTimeout("read timed out")
    result = run(
        fake_session, run_module, [listing(), lost, listing(DB)], primary_regions=["DE"], storage_region="eu-west-1"
    )
    assert result["changed"] is True and result["database"]["id"] == DB_ID
    assert [m for m, _p in calls(fake_session)] == ["GET", "POST", "GET"]
    assert "shows the change was applied" in str(result["warnings"])


def test_a_lost_create_whose_re_read_fails_says_how_to_check(fake_session, run_module):
    lost = requests.exceptions.ReadTimeout("read timed out")
    result = run(
        fake_session,
        run_module,
        [listing(), lost, FakeResponse(500, {"error": "Internal error"})],
        primary_regions=["DE"],
        storage_region="eu-west-1",
    )
    assert result["failed"] is True and len(fake_session.writes) == 1
    assert "edge.platform.database_info with name=app shows whether the database exists" in result["msg"]


@pytest.mark.parametrize(
    "read_back",
    [FakeResponse(500, {"error": "Internal error"}), FakeResponse(body={}), FakeResponse(text="<html></html>")],
    ids=["500", "{}", "html"],
)
def test_a_failed_read_after_the_create_fails_saying_the_database_was_created(fake_session, run_module, read_back):
    answers = [listing(), FakeResponse(body={"db_id": DB_ID}), read_back]
    result = run(fake_session, run_module, answers, primary_regions=["DE"], storage_region="eu-west-1")
    assert result["failed"] is True and result["changed"] is True and "database" not in result
    assert result["msg"].startswith("Database app was created with id %s, but reading it back failed" % DB_ID)
    assert "it is not created twice" in result["msg"]
    assert [m for m, _p in calls(fake_session)] == ["GET", "POST", "GET"]


# -- an update whose answer is lost is settled by one re-read, never sent again -----------------------------------


def test_a_lost_update_is_not_replayed_and_the_re_read_shows_it_landed(fake_session, run_module):
    answers = [listing(DB), FakeResponse(503), one(replicas_regions=["SG"])]
    result = run(fake_session, run_module, answers, replica_regions=["SG"], retries=3)
    assert result["changed"] is True and result["database"]["replica_regions"] == ["SG"]
    assert [m for m, _p in calls(fake_session)] == ["GET", "PATCH", "GET"]
    assert "was not confirmed (HTTP 503" in str(result["warnings"]) and "It was not sent again" in str(
        result["warnings"]
    )


def test_a_lost_update_that_did_not_land_fails_saying_so(fake_session, run_module):
    lost = requests.exceptions.ReadTimeout("read timed out")
    result = run(fake_session, run_module, [listing(DB), lost, one()], replica_regions=["SG"], retries=3)
    assert result["failed"] is True and len(fake_session.writes) == 1
    assert "shows it was NOT applied. It was not sent again" in result["msg"]


# -- parallel creates of one name: the 409 of the loser is settled by the listing ------------------------------------

CONFLICT = FakeResponse(409, {"error": "A database with this name already exists"})


def test_a_409_create_whose_name_now_exists_reports_that_database_unchanged(fake_session, run_module):
    answers = [listing(), CONFLICT, listing(DB)]
    result = run(
        fake_session,
        run_module,
        answers,
        diff=True,
        primary_regions=["DE"],
        replica_regions=["UK"],
        storage_region="eu-west-1",
    )
    assert result["changed"] is False and result["database"]["id"] == DB_ID and "failed" not in result
    assert [m for m, _p in calls(fake_session)] == ["GET", "POST", "GET"]
    assert "another task created it meanwhile, so this task did not create it" in str(result["warnings"])
    assert result["diff"]["before"] == result["diff"]["after"]


def test_a_409_create_whose_name_now_exists_with_other_regions_updates_them(fake_session, run_module):
    answers = [listing(), FakeResponse(body=CONFIG), CONFLICT, listing(DB), one(replicas_regions=["SG"])]
    result = run(fake_session, run_module, answers, primary_regions=["DE"], replica_regions=["SG"])
    assert result["changed"] is True and result["database"]["replica_regions"] == ["SG"]
    # the storage region chosen for the create is not held against the database found
    assert [m for m, _p in calls(fake_session)] == ["GET", "GET", "POST", "GET", "PATCH"]
    assert fake_session.writes[1]["json"] == {"primary_regions": ["DE"], "replicas_regions": ["SG"]}


def test_a_409_create_whose_name_now_exists_in_another_storage_region_fails_naming_it(fake_session, run_module):
    answers = [listing(), CONFLICT, listing(DB)]
    result = run(fake_session, run_module, answers, primary_regions=["DE"], storage_region="us-east-1")
    assert result["failed"] is True and "the platform cannot move a database" in result["msg"]
    assert len(fake_session.writes) == 1


@pytest.mark.parametrize(
    "relisted",
    [listing(), FakeResponse(500, {"error": "Internal error"}), FakeResponse(body={})],
    ids=["still absent", "listing fails", "listing not understood"],
)
def test_a_409_create_whose_name_the_listing_does_not_show_fails_with_the_409(fake_session, run_module, relisted):
    answers = [listing(), CONFLICT, relisted]
    result = run(fake_session, run_module, answers, primary_regions=["DE"], storage_region="eu-west-1")
    assert result["failed"] is True and result["api_error"]["status"] == 409
    assert "this API key cannot see, or was created meanwhile" in result["msg"]
    assert len(fake_session.writes) == 1


def test_a_409_to_an_update_is_not_taken_for_a_parallel_create(fake_session, run_module):
    result = run(fake_session, run_module, [listing(DB), CONFLICT], replica_regions=["SG"])
    assert result["failed"] is True and result["api_error"]["status"] == 409
    assert [m for m, _p in calls(fake_session)] == ["GET", "PATCH"]


def test_a_409_to_a_read_before_the_create_is_not_taken_for_a_parallel_create(fake_session, run_module):
    result = run(fake_session, run_module, [listing(), CONFLICT, listing(DB)], primary_regions=["DE"])
    assert result["failed"] is True and result["api_error"]["status"] == 409
    assert calls(fake_session) == [("GET", "/database/v2/databases"), ("GET", "/database/v1/config")]


# -- ids: 400 for a malformed one, 404 for an unknown one --------------------------------------------------------------

MALFORMED = FakeResponse(400, {"error": "Invalid database id"})


def test_state_absent_with_a_malformed_id_is_no_change_once_the_listing_confirms_it(fake_session, run_module):
    result = run(fake_session, run_module, [MALFORMED, listing(DB)], name=None, database_id="app", state="absent")
    assert result["changed"] is False and result["database"] is None and fake_session.writes == []
    assert "refused database_id app as malformed (HTTP 400)" in str(result["warnings"])
    assert "A database is named app (id %s): give name instead." % DB_ID in str(result["warnings"])


def test_state_absent_with_a_400_for_an_id_the_listing_shows_fails(fake_session, run_module):
    result = run(fake_session, run_module, [MALFORMED, listing(DB)], name=None, database_id=DB_ID, state="absent")
    assert result["failed"] is True and result["api_error"]["status"] == 400 and fake_session.writes == []
    assert "yet its listing shows a database with that id" in result["msg"]


def test_state_present_with_a_malformed_id_fails_saying_what_the_400_means(fake_session, run_module):
    result = run(fake_session, run_module, [MALFORMED], name=None, database_id="app", primary_regions=["DE"])
    assert result["failed"] is True and result["api_error"]["status"] == 400
    assert "The platform answers 400 for a malformed database id: database_id app is not the id" in result["msg"]
