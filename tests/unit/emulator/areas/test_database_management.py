"""The emulator's database management API for databases themselves (emulator/areas/databases): create a real
SQLite database the pipeline serves, read, list in pages, update regions, delete (file and tokens gone), the
configuration; answers validated against the published database document."""

from __future__ import annotations

import os
import re

import pytest

from emulator.fixtures import FixtureError

from ..conftest import API_KEY, load_platform

DOCUMENT = "database-api-bunnyway-cli.json"
DATABASES = "/database/v2/databases"
FIXTURE = {
    "api_keys": [API_KEY],
    "databases": [
        {"id": "demo", "tokens": {"full_access": ["demo-full"]}},
        {"id": "db_01KCHBG8C5KSFGG0VRNFQ7EK7X", "name": "old", "primary_regions": ["NY"], "replica_regions": ["UK"]},
    ],
}
CREATE = {"name": "app", "storage_region": "eu-west-1", "primary_regions": ["DE"], "replicas_regions": ["UK"]}


def sql(running, url, token, statement):
    return running.session.post(
        url + "/v2/pipeline",
        json={"requests": [{"type": "execute", "stmt": {"sql": statement}}, {"type": "close"}]},
        headers={"Authorization": "Bearer %s" % token},
        timeout=10,
    )


def test_a_created_database_is_served_by_the_pipeline_until_it_is_deleted(emulator):
    running = emulator(FIXTURE)
    created = running.request("POST", DATABASES, json=CREATE)
    assert created.status_code == 200 and re.match(r"^db_[0-9A-HJKMNP-TV-Z]{26}$", created.json()["db_id"])
    db_id = created.json()["db_id"]
    db = running.request("GET", "%s/%s" % (DATABASES, db_id)).json()["db"]
    assert db["url"] == "%s/db/%s" % (running.url, db_id) and db["replicas_regions"] == ["UK"]
    token = running.request("PUT", "%s/%s/auth/generate" % (DATABASES, db_id), json={"authorization": "full-access"})
    token = token.json()["token"]
    assert sql(running, db["url"], token, "CREATE TABLE t (n INTEGER)").status_code == 200
    path = running.admin("GET", "state").json()["areas"]["databases"]["databases"][-1]["file"]
    assert os.path.exists(path)
    assert running.request("DELETE", "%s/%s" % (DATABASES, db_id)).json() == {"db_id": db_id}
    assert not os.path.exists(path)
    assert sql(running, db["url"], token, "SELECT 1").status_code == 404
    again = running.request("DELETE", "%s/%s" % (DATABASES, db_id))
    assert again.status_code == 404 and again.json()["error"] == "Database not found"


@pytest.mark.parametrize(
    "body, status, text",
    [
        (dict(CREATE, name="old"), 409, "already exists"),
        ({k: v for k, v in CREATE.items() if k != "replicas_regions"}, 400, "missing field `replicas_regions`"),
        (dict(CREATE, primary_regions=[]), 400, "at least one primary region"),
        (dict(CREATE, primary_regions=["XX"]), 400, "unknown region `XX`"),
        (dict(CREATE, storage_region="mars-1"), 400, "storage_region must be one of"),
        (dict(CREATE, name="x" * 64), 400, "less than 64"),
    ],
)
def test_refused_creates_are_app_errors(emulator, body, status, text):
    running = emulator(FIXTURE)
    answer = running.request("POST", DATABASES, json=body)
    assert answer.status_code == status and text in str(answer.json())


def test_listing_pages_searches_and_patch_replaces_only_the_lists_given(emulator):
    running = emulator(FIXTURE)
    first = running.request("GET", DATABASES, params={"page": 1, "per_page": 1}).json()
    assert [d["name"] for d in first["databases"]] == ["demo"] and first["page_info"]["has_more_items"] is True
    assert running.request("GET", DATABASES, params={"page": 1}).json()["page_info"]["total_items"] == 2
    assert running.request("GET", DATABASES, params={"page": 1, "search": "OL"}).json()["databases"][0]["name"] == "old"
    assert running.request("GET", DATABASES).status_code == 400
    patched = running.request("PATCH", DATABASES + "/db_01KCHBG8C5KSFGG0VRNFQ7EK7X", json={"replicas_regions": []})
    assert patched.json()["db"]["primary_regions"] == ["NY"] and patched.json()["db"]["replicas_regions"] == []
    assert running.request("PATCH", DATABASES + "/demo", json={"primary_regions": []}).status_code == 400


@pytest.mark.parametrize("method", ["GET", "PATCH", "DELETE"])
def test_an_unknown_id_is_404_and_a_malformed_one_400(emulator, method):
    running = emulator(FIXTURE)
    body = {"replicas_regions": []} if method == "PATCH" else None
    unknown = running.request(method, DATABASES + "/db_01KCHBG8C5KSFGG0VRNFQ7EK70", json=body)
    assert unknown.status_code == 404 and unknown.json()["error"] == "Database not found"
    for malformed in ("db_missing", "app", "db_01kchbg8c5ksfgg0vrnfq7ek70", "db_01KCHBG8C5KSFGG0VRNFQ7EK7"):
        answer = running.request(method, "%s/%s" % (DATABASES, malformed), json=body)
        assert answer.status_code == 400 and answer.json()["error"] == "Invalid database id"
    # a fixture id of another form still names its database
    assert running.request("GET", DATABASES + "/demo").status_code == 200


@pytest.mark.parametrize("raw", [b"[]", b"null", b"5", b'"app"', b'{"name": NaN}', b"", b"{"])
@pytest.mark.parametrize("method, path", [("POST", DATABASES), ("PATCH", DATABASES + "/demo")])
def test_a_body_that_is_not_a_json_object_is_a_400_app_error(emulator, raw, method, path):
    running = emulator(FIXTURE)
    answer = running.request(method, path, data=raw, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400 and answer.json()["error"] == "Invalid request body"
    databases = running.request("GET", DATABASES, params={"page": 1}).json()["databases"]
    assert len(databases) == 2 and databases[0]["primary_regions"] == ["DE"]


def test_reset_removes_created_databases_and_their_files(emulator):
    running = emulator(FIXTURE)
    db_id = running.request("POST", DATABASES, json=CREATE).json()["db_id"]
    path = running.admin("GET", "state").json()["areas"]["databases"]["databases"][-1]["file"]
    running.admin("POST", "reset")
    assert not os.path.exists(path)
    assert running.request("GET", "%s/%s" % (DATABASES, db_id)).status_code == 404


def test_fixture_regions_are_checked(tmp_path):
    with pytest.raises(FixtureError, match=r"databases\[0\].primary_regions must list region codes"):
        load_platform({"databases": [{"id": "a", "primary_regions": ["XX"]}]}, tmp_path)
    with pytest.raises(FixtureError, match=r"databases\[0\].storage_region must be one of"):
        load_platform({"databases": [{"id": "a", "storage_region": "mars-1"}]}, tmp_path)


def test_answers_conform_to_the_published_database_document(emulator, openapi):
    document = openapi(DOCUMENT)
    running = emulator(FIXTURE)
    headers = {"AccessKey": API_KEY}
    document.check_request("POST", DATABASES, CREATE, headers=headers)
    created = running.request("POST", DATABASES, json=CREATE)
    document.check_response("POST", DATABASES, created, CREATE)
    document.check_response("POST", DATABASES, running.request("POST", DATABASES, json=CREATE), CREATE)  # 409
    one = "%s/%s" % (DATABASES, created.json()["db_id"])
    for method, path, body in (
        ("GET", one, None),
        ("PATCH", one, {"primary_regions": ["FR"], "replicas_regions": ["SG"]}),
        ("GET", DATABASES + "?page=1&per_page=1", None),
        ("GET", "/database/v1/config", None),
        ("GET", "/database/v1/config/limits", None),
        ("DELETE", one, None),
        ("DELETE", one, None),  # 404 AppError
    ):
        if body is not None:
            document.check_request(method, path, body, headers=headers)
        document.check_response(method, path, running.request(method, path, json=body), body)
    document.check_response("GET", DATABASES + "?page=1", running.request("GET", DATABASES + "?page=1", key="wrong"))
