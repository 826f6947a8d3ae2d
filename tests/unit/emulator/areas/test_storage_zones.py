"""The emulated storage zones of the core API (emulator/areas/storage/zone_routes.py), checked against the published
core document."""

from __future__ import annotations

import pytest

from emulator.fixtures import FixtureError

from ..conftest import load_platform
from .test_pullzones import conform

KEY = "test-key"
SPEC_NAME = "core-api-v1.0.0.json"
FIXTURE = {
    "api_keys": [KEY],
    "storage_zones": [
        {"id": 5001, "name": "site-files", "region": "NY", "replication_regions": ["LA"]},
        {"id": 5002, "name": "old-files", "deleted": True},
    ],
    "storage_zone_names_taken": ["someone-elses"],
    "pull_zones": [
        {"id": 2001, "name": "site", "settings": {"origin_type": 2, "storage_zone_id": 5001}},
        {"id": 2002, "name": "other"},
    ],
}


@pytest.fixture
def running(emulator):
    return emulator(FIXTURE, key=KEY)


@pytest.fixture
def core(openapi):
    return openapi(SPEC_NAME).api


def test_a_fixture_zone_reads_with_passwords_host_and_its_pull_zones(running, core):
    reply = running.request("GET", "/storagezone/5001")
    conform(core, "GET", "/storagezone/5001", reply=reply)
    zone = reply.json()
    assert zone["Name"] == "site-files" and zone["Region"] == "NY" and zone["ReplicationRegions"] == ["LA"]
    assert zone["StorageHostname"] == "ny.storage.bunnycdn.com"
    assert zone["Password"] and zone["ReadOnlyPassword"] and zone["Password"] != zone["ReadOnlyPassword"]
    assert [pz["Id"] for pz in zone["PullZones"]] == [2001]
    assert running.request("GET", "/storagezone/5002").status_code == 404  # deleted
    assert running.request("GET", "/storagezone/9").status_code == 404
    assert running.request("GET", "/storagezone/5001", key="wrong").status_code == 401


def test_list_pages_search_and_deleted(running, core):
    reply = running.request("GET", "/storagezone")
    # the document's page default (0) is below its own minimum (1): only the answer is checked
    conform(core, "GET", "/storagezone", reply=reply, check_request=False)
    assert [z["Id"] for z in reply.json()] == [5001]
    everything = running.request("GET", "/storagezone", params={"includeDeleted": "true"}).json()
    assert [(z["Id"], z["Deleted"]) for z in everything] == [(5001, False), (5002, True)]
    paged = running.request("GET", "/storagezone", params={"page": 1, "perPage": 5, "search": "SITE"}).json()
    assert [z["Id"] for z in paged["Items"]] == [5001] and paged["TotalItems"] == 1 and not paged["HasMoreItems"]
    assert running.request("GET", "/storagezone", params={"search": "nothing"}).json() == []
    assert running.request("GET", "/storagezone", params={"perPage": 2}).status_code == 400


def test_create_answers_201_with_the_zone(running, core):
    body = {"Name": "new-zone", "Region": "DE", "ReplicationRegions": ["NY", "SYD"], "ZoneTier": 0}
    reply = running.request("POST", "/storagezone", json=body)
    conform(core, "POST", "/storagezone", body=body, reply=reply)
    assert reply.status_code == 201
    zone = reply.json()
    assert zone["Id"] == 5003 and zone["StorageHostname"] == "storage.bunnycdn.com" and zone["PullZones"] is None
    assert zone["ReplicationRegions"] == ["NY", "SYD"] and zone["ZoneTier"] == 0 and zone["StorageZoneType"] == 0
    assert running.request("GET", "/storagezone/5003").json()["Password"] == zone["Password"]
    edge = running.request("POST", "/storagezone", json={"Name": "edge-zone", "Region": "NY", "ZoneTier": "Edge"})
    assert edge.status_code == 201 and edge.json()["Region"] == "DE" and edge.json()["ZoneTier"] == 1


@pytest.mark.parametrize(
    "body, field",
    [
        ({"Region": "DE"}, "Name"),
        ({"Name": "abc-zone"}, "Region"),
        ({"Name": "Upper-Case", "Region": "DE"}, "Name"),
        ({"Name": "abc", "Region": "DE"}, "Name"),
        ({"Name": "abc-zone", "Region": "de"}, "Region"),
        ({"Name": "abc-zone", "Region": "MI"}, "Region"),
        ({"Name": "abc-zone", "Region": "DE", "ReplicationRegions": ["DE"]}, "ReplicationRegions"),
        ({"Name": "abc-zone", "Region": "DE", "ReplicationRegions": ["MI"]}, "ReplicationRegions"),
        ({"Name": "abc-zone", "Region": "DE", "ZoneTier": 7}, "ZoneTier"),
        ({"Name": "abc-zone", "Region": "DE", "StorageZoneType": "S3"}, "StorageZoneType"),
    ],
)
def test_create_refusals_name_the_member(running, core, body, field):
    reply = running.request("POST", "/storagezone", json=body)
    conform(core, "POST", "/storagezone", body=body, reply=reply, check_request=False)
    assert reply.status_code == 400 and reply.json()["Field"] == field
    assert len(running.request("GET", "/storagezone").json()) == 1


def test_names_are_global_and_a_deleted_zone_frees_its_name(running, core):
    for name in ("site-files", "SOMEONE-elses"):
        body = {"Name": name.lower(), "Region": "DE"}
        reply = running.request("POST", "/storagezone", json=body)
        conform(core, "POST", "/storagezone", body=body, reply=reply)
        assert reply.status_code == 400 and reply.json()["ErrorKey"] == "storagezone.name_taken"
        assert "already taken" in reply.json()["Message"]
        check = running.request("POST", "/storagezone/checkavailability", json={"Name": name})
        assert check.status_code == 200 and check.json() == {"Available": False}
    assert running.request("POST", "/storagezone/checkavailability", json={"Name": "old-files"}).json() == {
        "Available": True
    }
    assert running.request("POST", "/storagezone/checkavailability", json={}).status_code == 400


def test_update_is_partial_and_answers_204(running, core):
    body = {"ReplicationZones": ["LA", "SG"], "Custom404FilePath": "/404.html", "OriginUrl": "https://o.example"}
    reply = running.request("POST", "/storagezone/5001", json=body)
    conform(core, "POST", "/storagezone/5001", body=body, reply=reply)
    assert reply.status_code == 204 and not reply.content
    zone = running.request("GET", "/storagezone/5001").json()
    assert zone["ReplicationRegions"] == ["LA", "SG"] and zone["Custom404FilePath"] == "/404.html"
    assert zone["Rewrite404To200"] is False and "OriginUrl" not in zone
    running.request("POST", "/storagezone/5001", json={"rewrite404to200": True, "Custom404FilePath": ""})
    zone = running.request("GET", "/storagezone/5001").json()
    assert zone["Rewrite404To200"] is True and zone["Custom404FilePath"] is None
    # the read model's name is not the update model's: ignored, as every member the model lacks
    assert running.request("POST", "/storagezone/5001", json={"ReplicationRegions": []}).status_code == 204
    assert running.request("GET", "/storagezone/5001").json()["ReplicationRegions"] == ["LA", "SG"]
    assert running.request("POST", "/storagezone/9", json={}).status_code == 404


def test_a_replication_region_is_never_removed(running, core):
    body = {"ReplicationZones": ["SG"]}
    reply = running.request("POST", "/storagezone/5001", json=body)
    conform(core, "POST", "/storagezone/5001", body=body, reply=reply)
    assert reply.status_code == 400
    assert reply.json()["ErrorKey"] == "storagezone.replication_region_removal" and "LA" in reply.json()["Message"]
    assert running.request("GET", "/storagezone/5001").json()["ReplicationRegions"] == ["LA"]
    bad = running.request("POST", "/storagezone/5001", json={"ReplicationZones": ["LA", "NY"]})  # the main region
    assert bad.status_code == 400 and bad.json()["Field"] == "ReplicationZones"


def test_delete_takes_the_linked_pull_zones_by_default(running, core):
    reply = running.request("DELETE", "/storagezone/5001")
    conform(core, "DELETE", "/storagezone/5001", reply=reply)
    assert reply.status_code == 204
    assert running.request("GET", "/pullzone/2001").status_code == 404
    assert running.request("GET", "/pullzone/2002").status_code == 200
    assert running.request("DELETE", "/storagezone/5001").status_code == 404
    deleted = running.request("GET", "/storagezone", params={"includeDeleted": "true"}).json()
    assert [z["Deleted"] for z in deleted if z["Id"] == 5001] == [True]


def test_delete_keeps_the_pull_zones_when_told(running, core):
    query = {"deleteLinkedPullZones": "false"}
    reply = running.request("DELETE", "/storagezone/5001", params=query)
    conform(core, "DELETE", "/storagezone/5001", query=query, reply=reply)
    assert reply.status_code == 204 and running.request("GET", "/pullzone/2001").status_code == 200
    bad = running.request("DELETE", "/storagezone/9", params={"deleteLinkedPullZones": "maybe"})
    assert bad.status_code == 404


def test_password_resets_give_new_passwords(running, core):
    before = running.request("GET", "/storagezone/5001").json()
    reply = running.request("POST", "/storagezone/5001/resetPassword")
    conform(core, "POST", "/storagezone/5001/resetPassword", reply=reply)
    assert reply.status_code == 204
    middle = running.request("GET", "/storagezone/5001").json()
    assert middle["Password"] != before["Password"] and middle["ReadOnlyPassword"] == before["ReadOnlyPassword"]
    reply = running.request("POST", "/storagezone/resetReadOnlyPassword", params={"id": 5001})
    conform(core, "POST", "/storagezone/resetReadOnlyPassword", query={"id": "5001"}, reply=reply)
    assert reply.status_code == 204
    after = running.request("GET", "/storagezone/5001").json()
    assert after["ReadOnlyPassword"] != before["ReadOnlyPassword"] and after["Password"] == middle["Password"]
    assert running.request("POST", "/storagezone/resetReadOnlyPassword", params={"id": 9}).status_code == 404
    assert running.request("POST", "/storagezone/resetReadOnlyPassword").status_code == 400
    assert running.request("POST", "/storagezone/9/resetPassword").status_code == 404


def test_regions(running, core):
    reply = running.request("GET", "/storagezone/regions")
    conform(core, "GET", "/storagezone/regions", reply=reply)
    codes = {region["Id"]: region["Url"] for region in reply.json()}
    assert codes["DE"] == "https://storage.bunnycdn.com" and codes["SYD"] == "https://syd.storage.bunnycdn.com"


def test_the_state_dump_never_shows_a_password(running):
    passwords = running.request("GET", "/storagezone/5001").json()
    dump = running.admin("GET", "state").text
    assert passwords["Password"] not in dump and passwords["ReadOnlyPassword"] not in dump
    shown = running.admin("GET", "state").json()["areas"]["storage"]
    assert [z["name"] for z in shown["storage_zones"]] == ["site-files", "old-files"]
    assert shown["storage_zone_names_taken"] == ["someone-elses"]


def test_a_bad_fixture_region_is_refused(tmp_path):
    with pytest.raises(FixtureError, match="storage_zones\\[0\\].region"):
        load_platform({"storage_zones": [{"id": 1, "region": "XX"}]}, tmp_path)
    with pytest.raises(FixtureError, match="zone_tier"):
        load_platform({"storage_zones": [{"id": 1, "zone_tier": "fast"}]}, tmp_path)
