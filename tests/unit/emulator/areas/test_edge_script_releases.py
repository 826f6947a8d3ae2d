"""The emulated Edge Scripting releases and publishing (emulator/areas/edge_scripts/release_routes.py): what code is
live before and after a publish, rollback, and the deployment key; checked against the published document."""

from __future__ import annotations

import re

import pytest

from ..conftest import EMULATOR_DIR
from .test_pullzones import conform

KEY = "test-key"
FIXTURE = {
    "api_keys": [KEY],
    "edge_scripts": [
        {"id": 3001, "name": "fresh", "code": "v1"},
        {"id": 3002, "name": "empty"},
        {"id": 3003, "name": "shipped", "releases": [{"code": "r1", "note": "first"}, {"code": "r2"}]},
    ],
}


@pytest.fixture
def running(emulator):
    return emulator(FIXTURE, key=KEY)


def live(running, script_id):
    """``(live_code, live_source)`` of the admin state dump."""
    scripts = running.admin("GET", "state").json()["areas"]["edge_scripts"]["edge_scripts"]
    script = next(s for s in scripts if s["id"] == script_id)
    return script["live_code"], script["live_source"]


def test_saved_code_is_live_until_the_first_publish(running, scripting_api):
    assert live(running, 3001) == ("v1", "saved code (never published)")
    missing = running.request("GET", "/compute/script/3001/releases/active")
    conform(scripting_api, "GET", "/compute/script/3001/releases/active", reply=missing)
    assert missing.status_code == 404
    reply = running.request("POST", "/compute/script/3001/publish", json={"Note": "ship"})
    conform(
        scripting_api, "POST", "/compute/script/3001/publish", reply=reply, check_request=False
    )  # the document's {uuid}
    assert reply.status_code == 204
    active = running.request("GET", "/compute/script/3001/releases/active")
    conform(scripting_api, "GET", "/compute/script/3001/releases/active", reply=active)
    release = active.json()
    assert re.match(r"^[a-z0-9]{8}$", release["Uuid"]) and release["Code"] == "v1" and release["Note"] == "ship"
    assert release["Status"] == 1
    assert running.request("GET", "/compute/script/3001").json()["CurrentReleaseId"] == release["Id"]
    # after a publish, saved code waits for the next one
    running.request("POST", "/compute/script/3001/code", json={"Code": "v2"})
    assert live(running, 3001) == ("v1", "release %s" % release["Uuid"])
    assert running.request("POST", "/compute/script/3001/publish").status_code == 204  # no body, as the action sends
    assert live(running, 3001)[0] == "v2"


def test_releases_list_newest_first_with_one_live(running, scripting_api):
    reply = running.request("GET", "/compute/script/3003/releases")
    conform(scripting_api, "GET", "/compute/script/3003/releases", reply=reply)
    listed = reply.json()
    assert [(r["Code"], r["Status"]) for r in listed["Items"]] == [("r2", 1), ("r1", 0)]
    assert listed["TotalItems"] == 2 and listed["CurrentPage"] == 1 and not listed["HasMoreItems"]
    assert listed["Items"][1]["Note"] == "first"
    assert running.request("GET", "/compute/script/3003/code").json()["Code"] == "r2"  # the last release's code
    assert running.request("GET", "/compute/script/3003/releases", params={"perPage": 1}).status_code == 400
    assert running.request("GET", "/compute/script/9/releases").status_code == 404
    assert running.request("GET", "/compute/script/9/releases/active").status_code == 404


def test_publish_without_code_is_refused(running, scripting_api):
    reply = running.request("POST", "/compute/script/3002/publish", json={})
    conform(scripting_api, "POST", "/compute/script/3002/publish", reply=reply, check_request=False)
    assert reply.status_code == 400 and reply.json()["Message"] == "The script has no active code."
    assert running.request("GET", "/compute/script/3002/releases").json()["TotalItems"] == 0
    assert running.request("POST", "/compute/script/9/publish", json={}).status_code == 404
    assert running.request("POST", "/compute/script/3001/publish", json={"Note": 5}).status_code == 400


def test_rollback_reactivates_the_earlier_release(running, scripting_api):
    first = running.request("GET", "/compute/script/3003/releases").json()["Items"][1]
    path = "/compute/script/3003/publish/%s" % first["Uuid"]
    reply = running.request("POST", path, json={})
    conform(scripting_api, "POST", path, body={}, reply=reply)
    assert reply.status_code == 204
    active = running.request("GET", "/compute/script/3003/releases/active").json()
    assert (active["Id"], active["Uuid"], active["Code"]) == (first["Id"], first["Uuid"], "r1")
    listed = running.request("GET", "/compute/script/3003/releases").json()["Items"]
    assert [(r["Code"], r["Status"]) for r in listed] == [("r2", 0), ("r1", 1)]  # no new release
    assert live(running, 3003)[0] == "r1"
    assert running.request("POST", "/compute/script/3003/publish/zzzzzzzz", json={}).status_code == 404


def test_the_deployment_key_publishes_its_own_script_only(running):
    key = running.request("GET", "/compute/script/3001").json()["DeploymentKey"]
    published = running.request("POST", "/compute/script/3001/publish", key=None, headers={"DeploymentKey": key})
    assert published.status_code == 204
    other = running.request("POST", "/compute/script/3003/publish", key=None, headers={"DeploymentKey": key})
    assert other.status_code == 401
    assert running.request("POST", "/compute/script/3001/publish", key=None).status_code == 401
    log = running.admin("GET", "requests", params={"credentials": "true"}).json()["requests"]
    assert log[-3]["credentials"] == ["DeploymentKey"] and key not in str(log)


def test_the_demo_fixture_has_a_published_standalone_script(emulator):
    demo = emulator((EMULATOR_DIR / "fixtures" / "demo.yml").read_text(encoding="utf-8"), key="demo-api-key")
    listed = demo.request("GET", "/compute/script", params={"search": "hello-edge"}).json()["Items"]
    [script] = [s for s in listed if s["Name"] == "hello-edge"]
    assert script["ScriptType"] == 1 and script["CurrentReleaseId"] > 0
    assert [v["Name"] for v in script["EdgeScriptVariables"]] == ["GREETING"]
    active = demo.request("GET", "/compute/script/%d/releases/active" % script["Id"]).json()
    assert active["Code"] == demo.request("GET", "/compute/script/%d/code" % script["Id"]).json()["Code"]
