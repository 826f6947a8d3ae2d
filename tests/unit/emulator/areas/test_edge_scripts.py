"""The emulated Edge Scripting scripts and code (emulator/areas/edge_scripts/script_routes.py, linked.py), checked
against the published Edge Scripting document."""

from __future__ import annotations

import pytest

from emulator.fixtures import FixtureError

from ..conftest import load_platform
from .test_pullzones import conform

KEY = "test-key"
FIXTURE = {
    "api_keys": [KEY],
    "edge_scripts": [
        3001,
        {"id": 3002, "name": "resolver", "script_type": 0, "code": "export default {}"},
        {"id": 3003, "name": "guard", "script_type": "middleware"},
    ],
    "pull_zones": [
        {"id": 2001, "name": "site", "settings": {"middleware_script_id": 3003}},
        {"id": 2002, "name": "taken"},
    ],
}


@pytest.fixture
def running(emulator):
    return emulator(FIXTURE, key=KEY)


def create(running, scripting_api, body):
    reply = running.request("POST", "/compute/script", json=body)
    conform(scripting_api, "POST", "/compute/script", body=body, reply=reply)
    assert reply.status_code == 201, reply.text
    return reply.json()


def test_fixture_scripts_read_with_their_zones_and_a_deployment_key(running, scripting_api):
    reply = running.request("GET", "/compute/script/3003")
    conform(scripting_api, "GET", "/compute/script/3003", reply=reply)
    script = reply.json()
    assert script["Name"] == "guard" and script["ScriptType"] == 2 and script["CurrentReleaseId"] == 0
    assert script["LinkedPullZones"] == [{"Id": 2001, "PullZoneName": "site", "DefaultHostname": "site.b-cdn.net"}]
    assert len(script["DeploymentKey"]) >= 32 and script["EdgeScriptVariables"] == []
    bare = running.request("GET", "/compute/script/3001").json()
    assert bare["Name"] == "script3001" and bare["ScriptType"] == 1 and bare["LinkedPullZones"] == []
    assert bare["DeploymentKey"] != script["DeploymentKey"]
    assert running.request("GET", "/compute/script/9").status_code == 404
    assert running.request("GET", "/compute/script/3001", key="wrong").status_code == 401


def test_list_pages_filters_by_type_and_search(running, scripting_api):
    reply = running.request("GET", "/compute/script")
    conform(scripting_api, "GET", "/compute/script", reply=reply)
    listed = reply.json()
    assert [s["Id"] for s in listed["Items"]] == [3001, 3002, 3003] and listed["TotalItems"] == 3
    assert listed["Items"][0]["LinkedPullZones"] is None  # only with includeLinkedPullzones
    query = {"type": ["1", "2"], "includeLinkedPullzones": "true"}
    typed = running.request("GET", "/compute/script", params=query)
    conform(scripting_api, "GET", "/compute/script", query=query, reply=typed)
    assert [(s["Id"], s["LinkedPullZones"] is not None) for s in typed.json()["Items"]] == [(3001, True), (3003, True)]
    assert [s["Id"] for s in running.request("GET", "/compute/script", params={"type": "DNS"}).json()["Items"]] == [
        3002
    ]
    page = running.request("GET", "/compute/script", params={"page": 2, "perPage": 5}).json()
    assert page["Items"] == [] and page["CurrentPage"] == 2 and page["TotalItems"] == 3 and not page["HasMoreItems"]
    assert [s["Id"] for s in running.request("GET", "/compute/script", params={"search": "GUA"}).json()["Items"]] == [
        3003
    ]
    assert running.request("GET", "/compute/script", params={"integrationId": 5}).json()["Items"] == []
    for bad in ({"perPage": 4}, {"page": 0}, {"type": "7"}):
        answer = running.request("GET", "/compute/script", params=bad)
        assert answer.status_code == 400 and answer.json()["Field"] == next(iter(bad)), bad


def test_create_with_code_and_a_linked_pull_zone(running, scripting_api):
    body = {"Name": "My Site", "Code": "export default 1", "ScriptType": 1, "CreateLinkedPullZone": True}
    script = create(running, scripting_api, body)
    assert script["Id"] == 7001 and script["CurrentReleaseId"] == 0
    [zone] = script["LinkedPullZones"]
    assert zone["PullZoneName"] == "my-site" and zone["DefaultHostname"] == "my-site.b-cdn.net"
    assert script["DefaultHostname"] == "my-site.b-cdn.net"
    pull_zone = running.request("GET", "/pullzone/%d" % zone["Id"]).json()
    assert (pull_zone["OriginType"], pull_zone["EdgeScriptId"]) == (4, 7001)
    assert pull_zone["OriginUrl"] == "https://bunnycdn.com" and pull_zone["RoutingFilters"] == ["scripting"]
    code = running.request("GET", "/compute/script/7001/code")
    conform(scripting_api, "GET", "/compute/script/7001/code", reply=code)
    assert code.json()["Code"] == "export default 1"
    # the same name again: the zone name gets the script id
    again = create(running, scripting_api, dict(body, Code=None))
    assert again["LinkedPullZones"][0]["PullZoneName"] == "my-site-7002"
    named = create(
        running,
        scripting_api,
        {"Name": "x", "ScriptType": 1, "CreateLinkedPullZone": True, "LinkedPullZoneName": "chosen"},
    )
    assert named["LinkedPullZones"][0]["PullZoneName"] == "chosen"


@pytest.mark.parametrize("kind", [0, 2])
def test_dns_and_middleware_scripts_get_no_zone(running, scripting_api, kind):
    script = create(running, scripting_api, {"Name": "n%d" % kind, "ScriptType": kind, "CreateLinkedPullZone": True})
    assert script["LinkedPullZones"] == [] and script["ScriptType"] == kind
    assert len(running.request("GET", "/pullzone").json()) == 2


@pytest.mark.parametrize(
    "body, field",
    [
        ({"ScriptType": 1}, "Name"),
        ({"Name": "", "ScriptType": 1}, "Name"),
        ({"Name": "x" * 101, "ScriptType": 1}, "Name"),
        ({"Name": "x", "ScriptType": 5}, "ScriptType"),
        ({"Name": "x", "ScriptType": 1, "Code": 5}, "Code"),
        ({"Name": "x", "ScriptType": 1, "CreateLinkedPullZone": "yes"}, "CreateLinkedPullZone"),
        (
            {"Name": "x", "ScriptType": 1, "CreateLinkedPullZone": True, "LinkedPullZoneName": "TAKEN"},
            "LinkedPullZoneName",
        ),
    ],
)
def test_create_refuses_a_bad_body_and_writes_nothing(running, body, field):
    reply = running.request("POST", "/compute/script", json=body)
    assert reply.status_code == 400 and reply.json()["Field"] == field
    assert running.request("GET", "/compute/script").json()["TotalItems"] == 3
    assert len(running.request("GET", "/pullzone").json()) == 2


def test_a_script_without_type_is_a_dns_script(running, scripting_api):
    assert create(running, scripting_api, {"Name": "untyped"})["ScriptType"] == 0


def test_update_renames_and_keeps_the_type(running, scripting_api):
    body = {"Name": "renamed"}
    reply = running.request("POST", "/compute/script/3001", json=body)
    conform(scripting_api, "POST", "/compute/script/3001", body=body, reply=reply)
    assert reply.status_code == 200 and reply.json()["Name"] == "renamed"
    same = running.request("POST", "/compute/script/3001", json={"Name": None, "ScriptType": 1})
    assert same.status_code == 200 and same.json()["Name"] == "renamed"
    changed = running.request("POST", "/compute/script/3001", json={"ScriptType": 2})
    assert changed.status_code == 400 and changed.json()["Field"] == "ScriptType"
    assert running.request("POST", "/compute/script/9", json=body).status_code == 404


def test_code_saves_with_the_account_key_or_the_deployment_key(running, scripting_api):
    body = {"Code": "new code"}
    reply = running.request("POST", "/compute/script/3001/code", json=body)
    conform(scripting_api, "POST", "/compute/script/3001/code", body=body, reply=reply)
    assert reply.status_code == 204
    assert running.request("GET", "/compute/script/3001/code").json()["Code"] == "new code"
    key = running.request("GET", "/compute/script/3001").json()["DeploymentKey"]
    deployed = running.request(
        "POST", "/compute/script/3001/code", key=None, headers={"DeploymentKey": key}, json={"Code": "ci"}
    )
    assert deployed.status_code == 204
    assert running.request("GET", "/compute/script/3001/code").json()["Code"] == "ci"
    other = running.request(
        "POST", "/compute/script/3003/code", key=None, headers={"DeploymentKey": key}, json={"Code": "x"}
    )
    assert other.status_code == 401
    assert running.request("POST", "/compute/script/9/code", key=None, json=body).status_code == 401
    assert running.request("POST", "/compute/script/9/code", json=body).status_code == 404
    assert running.request("POST", "/compute/script/3001/code", json={"Code": 1}).status_code == 400


def test_rotating_the_deployment_key(running, scripting_api):
    key = running.request("GET", "/compute/script/3001").json()["DeploymentKey"]
    reply = running.request("POST", "/compute/script/3001/deploymentKey/rotate")
    conform(scripting_api, "POST", "/compute/script/3001/deploymentKey/rotate", reply=reply)
    assert reply.status_code == 204
    assert running.request("GET", "/compute/script/3001").json()["DeploymentKey"] != key
    stale = running.request(
        "POST", "/compute/script/3001/code", key=None, headers={"DeploymentKey": key}, json={"Code": "x"}
    )
    assert stale.status_code == 401
    assert running.request("POST", "/compute/script/9/deploymentKey/rotate").status_code == 404


def test_delete_keeps_linked_zones_on_a_landing_page_by_default(running, scripting_api):
    script = create(running, scripting_api, {"Name": "site2", "ScriptType": 1, "CreateLinkedPullZone": True})
    zone_id = script["LinkedPullZones"][0]["Id"]
    reply = running.request("DELETE", "/compute/script/%d" % script["Id"])
    conform(scripting_api, "DELETE", "/compute/script/%d" % script["Id"], reply=reply)
    assert reply.status_code == 204
    assert running.request("GET", "/compute/script/%d" % script["Id"]).status_code == 404
    zone = running.request("GET", "/pullzone/%d" % zone_id).json()
    assert (zone["OriginType"], zone["EdgeScriptId"], zone["OriginUrl"]) == (0, 0, "https://bunnycdn.com")
    assert zone["RoutingFilters"] == ["all"]
    assert running.request("DELETE", "/compute/script/%d" % script["Id"]).status_code == 404


def test_delete_with_its_zones_deletes_them_and_detaches_middleware(running, scripting_api):
    script = create(running, scripting_api, {"Name": "site3", "ScriptType": 1, "CreateLinkedPullZone": True})
    zone_id = script["LinkedPullZones"][0]["Id"]
    reply = running.request("DELETE", "/compute/script/%d" % script["Id"], params={"deleteLinkedPullZones": "true"})
    assert reply.status_code == 204
    assert running.request("GET", "/pullzone/%d" % zone_id).status_code == 404
    middleware = running.request("DELETE", "/compute/script/3003", params={"deleteLinkedPullZones": "true"})
    assert middleware.status_code == 204
    assert running.request("GET", "/pullzone/2001").json()["MiddlewareScriptId"] == 0  # kept, detached
    bad = running.request("DELETE", "/compute/script/3001", params={"deleteLinkedPullZones": "maybe"})
    assert bad.status_code == 400 and bad.json()["Field"] == "deleteLinkedPullZones"


def test_pull_zone_origins_name_real_scripts(running):
    script = running.request("POST", "/compute/script", json={"Name": "origin", "ScriptType": 1}).json()
    made = running.request(
        "POST", "/pullzone", json={"Name": "scripted", "OriginType": 4, "EdgeScriptId": script["Id"]}
    )
    assert made.status_code == 201 and made.json()["EdgeScriptId"] == script["Id"]
    listed = running.request("GET", "/compute/script/%d" % script["Id"]).json()["LinkedPullZones"]
    assert [z["PullZoneName"] for z in listed] == ["scripted"]
    unknown = running.request("POST", "/pullzone", json={"Name": "bad", "OriginType": 4, "EdgeScriptId": 9})
    assert unknown.status_code == 400 and unknown.json()["Message"] == "Edge Script ID not found."
    running.request("DELETE", "/compute/script/%d" % script["Id"])
    gone = running.request("POST", "/pullzone", json={"Name": "late", "MiddlewareScriptId": script["Id"]})
    assert gone.status_code == 400 and gone.json()["Field"] == "MiddlewareScriptId"


def test_the_state_dump_never_shows_the_deployment_key(running):
    key = running.request("GET", "/compute/script/3002").json()["DeploymentKey"]
    dumped = running.admin("GET", "state").text
    assert key not in dumped and '"live_code": "export default {}"' in dumped


@pytest.mark.parametrize(
    "scripts, message",
    [
        ([{"id": 1, "script_type": 7}], "edge_scripts[0].script_type"),
        ([{"id": 1, "colour": "red"}], "unknown key edge_scripts[0].colour"),
        (["one"], "edge_scripts[0] must be a script id"),
    ],
)
def test_fixture_mistakes_are_named(tmp_path, scripts, message):
    with pytest.raises(FixtureError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_platform({"api_keys": [KEY], "edge_scripts": scripts}, tmp_path)
