"""_api/databases: the database management API's token paths, alone (a real Client over a fake session)."""

from __future__ import annotations

import pytest
import requests

from ansible_collections.edge.platform.plugins.module_utils._api import databases
from ansible_collections.edge.platform.plugins.module_utils._engine.client import Client
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    MAY_HAVE_BEEN_SENT,
    REFUSED,
    ApiError,
    InputError,
)
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse, FakeSession

DB = "db_01KCHBG8C5KSFGG0VRNFQ7EK7X"


def client(*responses, retries=0):
    session = FakeSession(responses)
    return Client(
        "https://api.example.test", {"AccessKey": "k"}, session=session, retries=retries, sleep=lambda seconds: None
    ), session


def test_check_id_strips_and_refuses_what_cannot_be_an_id():
    assert databases.check_id("  %s " % DB) == DB
    with pytest.raises(InputError) as caught:
        databases.check_id("libsql://x.lite.bunnydb.net")
    assert caught.value.option == "database_id"
    assert str(caught.value).startswith("database_id must be a database id such as db_")


def test_generate_token_puts_once_and_returns_the_token_and_expiry():
    api, session = client(FakeResponse(body={"token": "jwt", "expires_at": "2030-01-01T00:00:00Z"}))
    answer = databases.generate_token(api, "a b", "read_only", "2030-01-01T00:00:00Z")
    assert answer == {"token": "jwt", "expires_at": "2030-01-01T00:00:00Z"}
    assert [(c["method"], c["url"], c["json"]) for c in session.calls] == [
        (
            "PUT",
            "https://api.example.test/database/v2/databases/a%20b/auth/generate",
            {"authorization": "read-only", "expires_at": "2030-01-01T00:00:00Z"},
        )
    ]


@pytest.mark.parametrize("returned", [None, "", 5])
def test_generate_token_without_an_expiry_omits_it_and_reads_a_missing_one_as_none(returned):
    api, session = client(FakeResponse(body={"token": "jwt", "expires_at": returned}))
    assert databases.generate_token(api, DB, "full_access") == {"token": "jwt", "expires_at": None}
    assert session.calls[0]["json"] == {"authorization": "full-access"}


@pytest.mark.parametrize("body", [{}, {"token": None}, {"token": ""}, {"token": 7}])
def test_an_answer_without_a_token_is_unsettled(body):
    api, _session = client(FakeResponse(body=body))
    with pytest.raises(databases.Unsettled) as caught:
        databases.generate_token(api, DB, "read_only")
    assert caught.value.kind == BAD_ANSWER and caught.value.status == 200
    assert caught.value.describe() == (
        "Generating a read-only token for database %s: the platform answered HTTP 200 "
        "without a token. %s" % (DB, databases.TOKEN_UNKNOWN)
    )


@pytest.mark.parametrize("answer", [requests.exceptions.ReadTimeout("slow"), FakeResponse(status=502)])
def test_a_lost_generation_is_never_resent_and_says_a_token_may_exist(answer):
    api, session = client(answer, FakeResponse(body={"token": "second"}), retries=2)
    with pytest.raises(databases.Unsettled) as caught:
        databases.generate_token(api, DB, "full_access")
    assert len(session.calls) == 1 and caught.value.kind == MAY_HAVE_BEEN_SENT
    assert caught.value.describe().startswith("Generating a full-access token for database %s " % DB)
    assert caught.value.describe().endswith(databases.TOKEN_UNKNOWN)
    # api_error is the platform's answer as it came
    assert caught.value.as_dict() == caught.value.__cause__.as_dict()


def test_a_refusal_is_the_platforms_error_with_the_resource_hint():
    api, _session = client(FakeResponse(status=404, body={"error": "Database not found"}))
    with pytest.raises(ApiError) as caught:
        databases.generate_token(api, DB, "full_access")
    assert not isinstance(caught.value, databases.Unsettled) and caught.value.kind == REFUSED
    assert caught.value.hint.startswith("No database %s is visible to this API key: check database_id" % DB)


def test_revoke_tokens_posts_without_a_body_and_expects_an_empty_answer():
    api, session = client(FakeResponse(status=204))
    assert databases.revoke_tokens(api, DB) is None
    assert [(c["method"], c["url"], c["json"]) for c in session.calls] == [
        ("POST", "https://api.example.test/database/v2/databases/%s/auth/revoke" % DB, None)
    ]


def test_revoke_tokens_is_retried_and_a_lost_answer_asks_for_a_rerun():
    api, session = client(*[requests.exceptions.ReadTimeout("slow")] * 3, retries=2)
    with pytest.raises(databases.Unsettled) as caught:
        databases.revoke_tokens(api, DB)
    assert len(session.calls) == 3
    assert caught.value.describe().startswith("Invalidating every token of database %s got no usable answer (" % DB)
    assert caught.value.describe().endswith(databases.REVOKE_AGAIN)


# -- databases: listing, lookup, read, create, update, delete ---------------------------------------------------------


def database(name, database_id=DB, **more):
    return dict({"id": database_id, "name": name, "primary_regions": ["DE"], "replicas_regions": []}, **more)


def page(items, number=1, more=False):
    return FakeResponse(
        body={"databases": items, "page_info": {"current_page": number, "total_items": 3, "has_more_items": more}}
    )


def test_list_all_pages_by_100_until_no_more_items():
    api, session = client(page([database("a"), {"id": 5}], more=True), page([database("b")], 2))
    assert [db["name"] for db in databases.list_all(api)] == ["a", "b"]
    assert [c["params"] for c in session.calls] == [{"page": 1, "per_page": 100}, {"page": 2, "per_page": 100}]
    assert session.calls[0]["url"] == "https://api.example.test/database/v2/databases"


def test_a_listing_that_is_not_a_page_fails_as_a_bad_answer():
    api, _session = client(FakeResponse(body=[database("a")]))
    with pytest.raises(ApiError) as caught:
        databases.list_all(api)
    assert caught.value.kind == BAD_ANSWER


def test_find_named_is_exact_and_refuses_ambiguity():
    listing = [database("app"), database("App", "db_2"), database("app", "db_3")]
    assert databases.find_named(None, "App", listing)["id"] == "db_2"
    assert databases.find_named(None, "ap", listing) is None
    with pytest.raises(InputError) as caught:
        databases.find_named(None, "app", listing)
    assert caught.value.option == "name" and "ids %s, db_3" % DB in str(caught.value)


def test_get_reads_one_database_and_a_404_only_when_allowed():
    api, _session = client(FakeResponse(body={"db": database("app")}), FakeResponse(404, {"error": "not found"}))
    assert databases.get(api, DB)["name"] == "app"
    assert databases.get(api, DB, allow_missing=True) is None
    api, _session = client(FakeResponse(404, {"error": "Database not found"}))
    with pytest.raises(ApiError) as caught:
        databases.get(api, DB)
    assert caught.value.status == 404 and "edge.platform.database_info lists" in str(caught.value)


def test_create_posts_once_and_returns_the_new_id():
    body = {"name": "app", "storage_region": "eu-west-1", "primary_regions": ["DE"], "replicas_regions": []}
    api, session = client(FakeResponse(body={"db_id": DB}))
    assert databases.create(api, body) == DB
    assert (session.calls[0]["method"], session.calls[0]["json"]) == ("POST", body)


@pytest.mark.parametrize(
    "answer, kind",
    [
        (FakeResponse(body={}), BAD_ANSWER),  # no id: nothing confirmed
        (FakeResponse(body={"db_id": "a b"}), BAD_ANSWER),
        (requests.exceptions.ReadTimeout("slow"), MAY_HAVE_BEEN_SENT),
        (FakeResponse(409, {"error": "Conflict"}), REFUSED),
    ],
)
def test_a_create_is_never_sent_twice(answer, kind):
    api, session = client(answer, retries=2)
    with pytest.raises(ApiError) as caught:
        databases.create(api, {"name": "app"})
    assert caught.value.kind == kind and len(session.calls) == 1
    if caught.value.status == 409:
        assert isinstance(caught.value, databases.NameConflict) and "this API key cannot see" in str(caught.value)


def test_update_patches_both_lists_and_returns_the_database_answered():
    body = {"primary_regions": ["DE"], "replicas_regions": ["UK"]}
    api, session = client(FakeResponse(body={"db": database("app", replicas_regions=["UK"])}))
    assert databases.update(api, DB, body, "app")["replicas_regions"] == ["UK"]
    assert [(c["method"], c["json"]) for c in session.calls] == [("PATCH", body)]
    api, _session = client(FakeResponse(body={"db": database("app", "db_other")}))
    with pytest.raises(ApiError) as caught:
        databases.update(api, DB, body)
    assert caught.value.kind == BAD_ANSWER and "the database %s (an object with db)" % DB in caught.value.message


@pytest.mark.parametrize(
    "answer, kind",
    [
        (FakeResponse(503), MAY_HAVE_BEEN_SENT),
        (FakeResponse(500, {"error": "Internal error"}), MAY_HAVE_BEEN_SENT),
        (requests.exceptions.ReadTimeout("slow"), MAY_HAVE_BEEN_SENT),
        (requests.exceptions.ConnectionError("reset"), MAY_HAVE_BEEN_SENT),
        (FakeResponse(body={}), BAD_ANSWER),
    ],
)
def test_an_update_whose_answer_is_lost_is_never_sent_again(answer, kind):
    api, session = client(answer, FakeResponse(body={"db": database("app")}), retries=3)
    with pytest.raises(ApiError) as caught:
        databases.update(api, DB, {"primary_regions": ["DE"], "replicas_regions": []}, "app")
    assert caught.value.kind == kind and len(session.calls) == 1


def test_an_update_refused_as_not_processed_is_retried():
    api, session = client(FakeResponse(429), FakeResponse(body={"db": database("app")}), retries=1)
    assert databases.update(api, DB, {"primary_regions": ["DE"], "replicas_regions": []})["id"] == DB
    assert len(session.calls) == 2


NOT_UNDERSTOOD = [
    FakeResponse(body={}),
    FakeResponse(body=[]),
    FakeResponse(text="<html><head><title>Portal</title></head></html>", headers={"Content-Type": "text/html"}),
    FakeResponse(text=""),
]


@pytest.mark.parametrize("answer", NOT_UNDERSTOOD)
@pytest.mark.parametrize(
    "read, shape",
    [
        (databases.list_all, "the page of databases (an object with databases and page_info)"),
        (lambda api: databases.get(api, DB), "the database %s (an object with db)" % DB),
        (lambda api: databases.get(api, DB, allow_missing=True), "the database %s (an object with db)" % DB),
        (databases.read_config, "the regions on offer (an object with storage_region_available)"),
    ],
)
def test_a_read_answered_with_another_shape_is_not_understood(answer, read, shape):
    api, session = client(answer, retries=2)
    with pytest.raises(ApiError) as caught:
        read(api)
    assert caught.value.kind == BAD_ANSWER and len(session.calls) == 1
    assert "is not %s this operation returns, so it was not understood" % shape in caught.value.message
    assert caught.value.hint.startswith("Nothing was written by this task.")


@pytest.mark.parametrize("answer", NOT_UNDERSTOOD)
@pytest.mark.parametrize(
    "write",
    [
        lambda api: databases.create(api, {"name": "app"}),
        lambda api: databases.update(api, DB, {"primary_regions": ["DE"], "replicas_regions": []}),
        lambda api: databases.delete(api, DB),
    ],
)
def test_a_write_answered_with_another_shape_is_unconfirmed_and_not_sent_again(answer, write):
    api, session = client(answer, retries=2)
    with pytest.raises(ApiError) as caught:
        write(api)
    assert caught.value.kind == BAD_ANSWER and len(session.calls) == 1
    assert "it was not sent again" in caught.value.hint


def test_a_malformed_id_fails_a_read_with_what_the_400_means():
    api, _session = client(FakeResponse(400, {"error": "Invalid database id"}))
    with pytest.raises(ApiError) as caught:
        databases.get(api, "app")
    assert caught.value.status == 400 and caught.value.hint == databases.MALFORMED_ID % "app"


def test_a_malformed_id_is_absent_when_the_listing_confirms_it_and_a_warning_says_why():
    heard = []
    api, session = client(FakeResponse(400, {"error": "Invalid database id"}), page([database("app")]))
    assert databases.get(api, "app", allow_missing=True, warn=heard.append) is None
    assert [c["url"].rpartition("/")[2] for c in session.calls] == ["app", "databases"]
    assert heard == [
        "The platform refused database_id app as malformed (HTTP 400) and its listing shows no database with that "
        "id, so there is none to manage. A database is named app (id %s): give name instead." % DB
    ]


def test_a_400_for_an_id_the_listing_shows_decides_nothing():
    api, _session = client(FakeResponse(400, {"error": "Bad request"}), page([database("app")]))
    with pytest.raises(ApiError) as caught:
        databases.get(api, DB, allow_missing=True)
    assert caught.value.status == 400 and caught.value.hint == databases.LISTED_YET_REFUSED % DB


def test_a_400_whose_listing_is_not_understood_fails():
    api, _session = client(FakeResponse(400, {"error": "Invalid database id"}), FakeResponse(body={}))
    with pytest.raises(ApiError) as caught:
        databases.get(api, "app", allow_missing=True)
    assert caught.value.kind == BAD_ANSWER


def test_delete_confirms_by_the_id_answered_and_takes_404_as_gone():
    api, _session = client(FakeResponse(body={"db_id": DB}), FakeResponse(404, {"error": "Database not found"}))
    assert databases.delete(api, DB) is None
    assert databases.delete(api, DB) is None
    api, _session = client(FakeResponse(body={}))
    with pytest.raises(ApiError) as caught:
        databases.delete(api, DB)
    assert caught.value.kind == BAD_ANSWER
