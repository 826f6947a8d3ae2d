"""The emulator's database management API for tokens: generate and revoke over the pipeline's own token store."""

from __future__ import annotations

import base64
import json
import time

import pytest
import requests

from .conftest import API_KEY

DB = "db_01KCHBG8C5KSFGG0VRNFQ7EK7X"
FIXTURE = {"api_keys": [API_KEY], "databases": [
    {"id": DB, "tokens": {"full_access": ["old-full"], "read_only": ["old-read"]}},
    {"id": "db_01KCHBG8C5KSFGG0VRNFQ7EK7Y", "tokens": {"full_access": ["other-full"]}},
]}
DOCUMENT = "database-api-bunnyway-cli.json"
GENERATE = "/database/v2/databases/%s/auth/generate"
REVOKE = "/database/v2/databases/%s/auth/revoke"
WRITE = [{"type": "execute", "stmt": {"sql": "CREATE TABLE t (n INTEGER)"}}, {"type": "close"}]
READ = [{"type": "execute", "stmt": {"sql": "SELECT 1"}}, {"type": "close"}]


def pipeline(running, token, requests=None, database=DB):
    return running.session.post("%s/db/%s/v2/pipeline" % (running.url, database), json={"requests": requests or READ},
                                headers={"Authorization": "Bearer %s" % token}, timeout=10)


def generate(running, body, database=DB, key=API_KEY):
    return running.request("PUT", GENERATE % database, key=key, json=body)


def claims(token):
    part = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


def test_generated_tokens_work_at_the_pipeline_with_their_kind(emulator):
    running = emulator(FIXTURE)
    full = generate(running, {"authorization": "full-access", "expires_at": None})
    assert full.status_code == 200 and full.headers["Content-Type"] == "application/json"
    assert full.json()["expires_at"] is None and full.json()["token"].startswith("ey")
    read = generate(running, {"authorization": "read-only"}).json()["token"]
    assert claims(read)["a"] == "ro" and "exp" not in claims(read)
    assert pipeline(running, full.json()["token"], WRITE).status_code == 200
    assert pipeline(running, read).status_code == 200
    assert pipeline(running, read, WRITE).status_code == 403
    # older tokens stay valid, as the CLI says after "tokens create"
    assert pipeline(running, "old-full").status_code == 200
    # a token opens its own database only
    assert pipeline(running, read, database="db_01KCHBG8C5KSFGG0VRNFQ7EK7Y").status_code == 401


def test_expiry_is_returned_in_utc_and_honoured_at_the_pipeline(emulator):
    running = emulator(FIXTURE)
    later = generate(running, {"authorization": "read-only", "expires_at": "2999-01-01T01:00:00+01:00"}).json()
    assert later["expires_at"] == "2999-01-01T00:00:00Z" and claims(later["token"])["exp"] == 32472144000
    assert pipeline(running, later["token"]).status_code == 200
    past = generate(running, {"authorization": "full-access", "expires_at": "2000-01-01T00:00:00Z"}).json()
    refused = pipeline(running, past["token"])
    assert refused.status_code == 401 and refused.json() == {"error": "Unauthorized: `The JWT has expired`"}


def test_revoke_invalidates_every_token_for_pipeline_and_admin_counts(emulator):
    running = emulator(FIXTURE)
    fresh = generate(running, {"authorization": "full-access"}).json()["token"]
    answer = running.request("POST", REVOKE % DB)
    assert answer.status_code == 204 and answer.content == b""
    for token in ("old-full", "old-read", fresh):
        refused = pipeline(running, token)
        assert refused.status_code == 401 and refused.json() == {"error": "Unauthorized: `The JWT is invalid`"}
    state = running.admin("GET", "state").json()
    counts = {db["id"]: db["tokens"] for db in state["areas"]["databases"]["databases"]}
    assert counts[DB] == {"full_access": 0, "read_only": 0}
    assert counts["db_01KCHBG8C5KSFGG0VRNFQ7EK7Y"] == {"full_access": 1, "read_only": 0}
    # revoking again is harmless, and a token generated afterwards works
    assert running.request("POST", REVOKE % DB).status_code == 204
    assert pipeline(running, generate(running, {"authorization": "read-only"}).json()["token"]).status_code == 200
    # the admin calls share the store: a token they add after the revoke works too
    added = running.admin("POST", "databases/%s/tokens" % DB, json={"kind": "read_only"}).json()["token"]
    assert pipeline(running, added).status_code == 200


@pytest.mark.parametrize("body, detail", [
    ({"authorization": "admin"}, "authorization must be full-access or read-only."),
    ({}, "authorization must be full-access or read-only."),
    ([], "The body must be a JSON object."),
    ({"authorization": "read-only", "expires_at": "tomorrow"}, "expires_at must be an RFC 3339"),
    ({"authorization": "read-only", "expires_at": "2030-01-01T00:00:00"}, "expires_at must be an RFC 3339"),
])
def test_bad_bodies_are_400_app_errors(emulator, body, detail):
    answer = generate(emulator(FIXTURE), body)
    assert answer.status_code == 400
    assert answer.json()["error"] == "Invalid request body" and answer.json()["details"].startswith(detail)


def test_unknown_database_and_bad_key(emulator):
    running = emulator(FIXTURE)
    for method, path, body in (("PUT", GENERATE, {"authorization": "read-only"}), ("POST", REVOKE, None)):
        missing = running.request(method, path % "db_missing", json=body)
        assert missing.status_code == 404 and missing.json()["error"] == "Database not found"
        refused = running.request(method, path % DB, key="wrong", json=body)
        assert refused.status_code == 401 and refused.json()["error"] == "Unauthorized"
    assert pipeline(running, "old-full").status_code == 200  # nothing was revoked by the refused calls


def test_expired_tokens_fail_even_before_a_revoke(emulator):
    running = emulator(FIXTURE)
    soon = generate(running, {"authorization": "read-only",
                              "expires_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 3600))})
    assert pipeline(running, soon.json()["token"]).status_code == 200
    database = running.platform.areas["databases"].databases[DB]
    database.expiry[soon.json()["token"]] = time.time() - 1  # as if an hour had passed
    assert pipeline(running, soon.json()["token"]).status_code == 401


def test_answers_and_requests_conform_to_the_published_database_document(emulator, openapi):
    document = openapi(DOCUMENT)
    running = emulator(FIXTURE)
    for body in ({"authorization": "full-access"},
                 {"authorization": "read-only", "expires_at": "2999-01-01T00:00:00Z"}):
        document.check_request("PUT", GENERATE % DB, body, headers={"AccessKey": API_KEY})
        answer = generate(running, body)
        if "expires_at" in body:
            document.check_response("PUT", GENERATE % DB, answer, body)
        else:
            # The document is OpenAPI 3.1 but marks expires_at with 3.0's `nullable: true`, which 3.1
            # validators ignore; the bunny CLI reads a null as "never" (BunnyWay/cli
            # packages/cli/src/commands/db/tokens/create.ts), so the emulator answers null as the
            # document means. Validated here without that one null field.
            assert answer.json()["expires_at"] is None
            stripped = requests.Response()
            stripped.status_code, stripped.headers = answer.status_code, answer.headers
            stripped._content = json.dumps({"token": answer.json()["token"]}).encode()
            document.check_response("PUT", GENERATE % DB, stripped, body)
    body = {"authorization": "read-only"}
    document.check_response("PUT", GENERATE % DB, generate(running, body, key="wrong"), body)
    document.check_request("POST", REVOKE % DB, headers={"AccessKey": API_KEY})
    for key in (API_KEY, "wrong"):
        document.check_response("POST", REVOKE % DB, running.request("POST", REVOKE % DB, key=key))
    # revoke documents 4XX AppError bodies: the unknown database's 404 included
    document.check_response("POST", REVOKE % "db_missing", running.request("POST", REVOKE % "db_missing"))


def test_generate_404_and_400_use_the_documented_error_schema(emulator, openapi):
    """The document lists only 200/401/500 for generate; the 404 and 400 bodies still follow its AppError."""
    schema = openapi(DOCUMENT).api.spec / "components" / "schemas" / "AppError"
    from jsonschema import validate  # pylint: disable=import-outside-toplevel
    running = emulator(FIXTURE)
    with schema.open() as app_error:
        for answer in (generate(running, {"authorization": "read-only"}, database="db_missing"),
                       generate(running, {"authorization": "x"})):
            validate(answer.json(), dict(app_error))
