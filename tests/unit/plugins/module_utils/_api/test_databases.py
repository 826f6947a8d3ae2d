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
