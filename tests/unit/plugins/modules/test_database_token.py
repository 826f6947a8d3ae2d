"""database_token: requests sent, the token kept out of messages and diff, check mode, lost answers (no network)."""

from __future__ import annotations

import json
import re

import pytest
import requests

from ansible_collections.edge.platform.plugins.module_utils._engine.context import Context, execute
from ansible_collections.edge.platform.plugins.modules import database_token
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

DB = "db_01KCHBG8C5KSFGG0VRNFQ7EK7X"
BASE = {"api_key": "unit-secret-key", "base_url": "https://api.example.test", "retries": 2, "database_id": DB}
TOKEN = "eyJhbGciOiJFZERTQSJ9.eyJhIjoicm8ifQ.unit-secret-token-signature"
GENERATE = "https://api.example.test/database/v2/databases/%s/auth/generate" % DB
REVOKE = "https://api.example.test/database/v2/databases/%s/auth/revoke" % DB
DOCUMENT = "database-api-bunnyway-cli.json"


def calls(session):
    return [(call["method"], call["url"], call["json"]) for call in session.calls]


def test_generate_sends_one_put_and_returns_the_token(fake_session, run_module):
    fake_session.responses = [FakeResponse(body={"token": TOKEN, "expires_at": None})]
    result = run_module(database_token, dict(BASE, authorization="full_access"), diff=True)
    assert result["changed"] is True and result["token"] == TOKEN
    assert result["authorization"] == "full_access" and result["expires_at"] is None
    assert result["database_id"] == DB
    # no expires_at key at all without an expiry: the document types it as a string
    assert calls(fake_session) == [("PUT", GENERATE, {"authorization": "full-access"})]
    assert fake_session.calls[0]["headers"]["AccessKey"] == "unit-secret-key"
    assert result["diff"] == {
        "before": {"database_id": DB, "new_token": None},
        "after": {"database_id": DB, "new_token": {"authorization": "full_access", "expires_at": None}},
    }
    assert TOKEN not in json.dumps(result["diff"]) and TOKEN not in json.dumps(result["invocation"])


def test_read_only_with_expires_at_sends_it_in_utc_with_milliseconds(fake_session, run_module):
    fake_session.responses = [FakeResponse(body={"token": TOKEN, "expires_at": "2030-01-31T22:59:59Z"})]
    result = run_module(database_token, dict(BASE, authorization="read_only", expires_at="2030-01-31T23:59:59+01:00"))
    sent = {"authorization": "read-only", "expires_at": "2030-01-31T22:59:59.000Z"}  # as the bunny CLI sends it
    assert calls(fake_session) == [("PUT", GENERATE, sent)]
    # RV expires_at is what the platform answered
    assert result["expires_at"] == "2030-01-31T22:59:59Z" and result["authorization"] == "read_only"


def test_the_body_with_an_expiry_conforms_to_the_database_document(fake_session, run_module, openapi):
    fake_session.responses = [FakeResponse(body={"token": TOKEN, "expires_at": None})]
    run_module(database_token, dict(BASE, authorization="full_access", expires_in="30d"))
    path = GENERATE.replace("https://api.example.test", "")
    openapi(DOCUMENT).check_request("PUT", path, fake_session.calls[0]["json"], headers={"AccessKey": "k"})


def test_expires_in_becomes_a_date(fake_session, run_module):
    fake_session.responses = lambda method, url, body, params: FakeResponse(
        body={"token": TOKEN, "expires_at": body["expires_at"]}
    )
    result = run_module(database_token, dict(BASE, authorization="full_access", expires_in="12h"))
    sent = fake_session.calls[0]["json"]["expires_at"]
    assert re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$", sent) and result["expires_at"] == sent


def test_check_mode_sends_nothing_and_returns_no_token(fake_session, run_module):
    result = run_module(
        database_token, dict(BASE, authorization="read_only", expires_at="2030-01-01T00:00:00Z"), check=True, diff=True
    )
    assert result["changed"] is True and "token" not in result
    assert result["expires_at"] == "2030-01-01T00:00:00.000Z"
    assert result["diff"]["after"]["new_token"] == {
        "authorization": "read_only",
        "expires_at": "2030-01-01T00:00:00.000Z",
    }
    assert fake_session.calls == []
    revoked = run_module(database_token, dict(BASE, state="revoked"), check=True)
    assert revoked["changed"] is True and revoked["revoked"] is True and fake_session.calls == []


def test_revoke_posts_once_and_reports_changed(fake_session, run_module):
    fake_session.responses = [FakeResponse(status=204)]
    result = run_module(database_token, dict(BASE, state="revoked"), diff=True)
    assert result["changed"] is True and result["revoked"] is True and "token" not in result
    assert calls(fake_session) == [("POST", REVOKE, None)]
    assert result["diff"]["after"] == {"database_id": DB, "tokens": "all invalidated"}


def test_revoke_is_retried_after_a_dropped_connection(fake_session, run_module):
    fake_session.responses = [
        requests.exceptions.ConnectionError("reset"),
        FakeResponse(status=503),
        FakeResponse(status=204),
    ]
    result = run_module(database_token, dict(BASE, state="revoked"))
    assert result["changed"] is True and len(fake_session.calls) == 3


def test_revoke_without_answer_asks_for_a_rerun(fake_session, run_module):
    fake_session.responses = [requests.exceptions.ReadTimeout("slow")] * 3
    result = run_module(database_token, dict(BASE, state="revoked"))
    assert result["failed"] is True and len(fake_session.calls) == 3
    assert "may or may not have been invalidated" in result["msg"] and "safe to repeat" in result["msg"]


@pytest.mark.parametrize(
    "answer",
    [
        requests.exceptions.ReadTimeout("read timed out"),
        requests.exceptions.ConnectionError("connection reset"),
        FakeResponse(status=500, body={"error": "Internal error"}),
        FakeResponse(status=502),
    ],
)
def test_generate_is_never_replayed_after_a_lost_answer(fake_session, run_module, answer):
    fake_session.responses = [answer, FakeResponse(body={"token": "second"})]
    result = run_module(database_token, dict(BASE, authorization="full_access"))
    assert result["failed"] is True and len(fake_session.calls) == 1
    assert "A token may have been generated and is unknown" in result["msg"] and "state=revoked" in result["msg"]
    assert result["msg"].startswith("Generating a full-access token for database %s" % DB)


def test_generate_answer_without_token_fails_as_unknown(fake_session, run_module):
    fake_session.responses = [FakeResponse(body={"expires_at": None})]
    result = run_module(database_token, dict(BASE, authorization="read_only"))
    assert (
        result["failed"] is True and "without a token" in result["msg"] and "may have been generated" in result["msg"]
    )


def test_the_token_never_reaches_a_message(fake_session, run_module, monkeypatch):
    """A failure after the token arrived (here, a forced one) scrubs it from msg; the result keeps it otherwise."""
    fake_session.responses = [FakeResponse(body={"token": TOKEN, "expires_at": "not a date " + TOKEN})]
    original = database_token.generate

    def generate_then_fail(ctx, database_id, expires_at):
        result = original(ctx, database_id, expires_at)
        ctx.warn("echo %s" % result["token"])
        ctx.fail("echo %s and %s" % (result["token"], result["expires_at"]))

    monkeypatch.setattr(database_token, "generate", generate_then_fail)
    result = run_module(database_token, dict(BASE, authorization="read_only"))
    assert result["failed"] is True and TOKEN not in json.dumps(result)
    assert result["msg"].startswith("echo ********")


@pytest.mark.parametrize(
    "status, body, fragment",
    [
        (404, {"error": "Database not found"}, "No database %s is visible to this API key" % DB),
        (
            401,
            {"error": "Unauthorized"},
            "check api_key (the account's main API key; team member API keys are not supported; not a database token)",
        ),
        (400, {"error": "Invalid database id"}, "check database_id %s (it answers 400 for a malformed" % DB),
        (403, {"error": "Forbidden", "details": "subuser"}, "may not manage the tokens of database %s" % DB),
        (
            400,
            {"error": "Invalid request body", "details": "authorization must be full-access or read-only."},
            "authorization must be full-access or read-only.",
        ),
    ],
)
def test_platform_refusals_name_the_problem(fake_session, run_module, status, body, fragment):
    for state, extra in (("generated", {"authorization": "read_only"}), ("revoked", {})):
        fake_session.responses = [FakeResponse(status=status, body=body)]
        fake_session.calls = []
        result = run_module(database_token, dict(BASE, state=state, **extra))
        assert result["failed"] is True and fragment in result["msg"], result["msg"]
        assert result["api_error"]["status"] == status and result["api_error"]["message"].startswith(body["error"])
        assert "may have been" not in result["msg"] and len(fake_session.calls) == 1
        assert "unit-secret-key" not in json.dumps(result)


@pytest.mark.parametrize(
    "args, fragment",
    [
        ({}, "state is generated but all of the following are missing: authorization"),
        ({"authorization": "read_only", "expires_at": "2030-01-01"}, "expires_at must be an RFC 3339 date-time"),
        ({"authorization": "read_only", "expires_in": "30 minutes"}, "expires_in must be a positive whole number"),
        (
            {"authorization": "read_only", "expires_in": "1d", "expires_at": "2030-01-01T00:00:00Z"},
            "mutually exclusive: expires_at|expires_in",
        ),
        ({"state": "revoked", "authorization": "read_only"}, "authorization is only used with state=generated"),
        (
            {"authorization": "read_only", "database_id": "libsql://x.lite.bunnydb.net"},
            "database_id must be a database id",
        ),
        ({"authorization": "full-access"}, "value of authorization must be one of: full_access, read_only"),
    ],
)
def test_bad_input_fails_before_any_request(fake_session, run_module, args, fragment):
    result = run_module(database_token, dict(BASE, **args))
    assert result["failed"] is True and fragment in result["msg"], result["msg"]
    assert fake_session.calls == []


class RecordingClient(object):
    """Answers every request with one token (warnings are read from the context: ansible-core 2.19 moves them)."""

    def __init__(self):
        self.sent = []

    def request(self, method, path, operation, **kwargs):
        self.sent.append((method, path, kwargs.get("json_body")))
        return type("Reply", (), {"status": 200, "object": {"token": TOKEN, "expires_at": "2001-01-01T00:00:00Z"}})()


def test_an_expiry_in_the_past_is_sent_with_a_warning():
    ctx = Context(
        {
            "database_id": DB,
            "state": "generated",
            "authorization": "read_only",
            "expires_at": "2001-01-01T00:00:00Z",
            "expires_in": None,
        }
    )
    ctx.client = RecordingClient()
    result = execute(database_token.run, ctx)
    assert result["changed"] is True and result["token"] == TOKEN
    assert ctx.client.sent == [
        (
            "PUT",
            "/database/v2/databases/%s/auth/generate" % DB,
            {"authorization": "read-only", "expires_at": "2001-01-01T00:00:00.000Z"},
        )
    ]
    assert ctx.warnings == [
        "expires_at 2001-01-01T00:00:00.000Z is not in the future: the platform may refuse it, or the token will not work."
    ]
    # the token is in the context's scrub list, not in the host's no_log values (RV token would be masked)
    assert TOKEN in ctx.secrets


def test_database_id_is_quoted_into_the_path(fake_session, run_module):
    fake_session.responses = [FakeResponse(status=204)]
    run_module(database_token, dict(BASE, state="revoked", db_id=" demo-1 ", database_id=None))
    assert fake_session.calls[0]["url"] == "https://api.example.test/database/v2/databases/demo-1/auth/revoke"
