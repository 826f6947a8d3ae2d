# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""storage_zone and storage_zone_info on the module path against answers written from the published core document
(``/storagezone``: create 201 with the zone, update and resets 204 without a body, delete 204 with
``deleteLinkedPullZones``): create in two passes, re-run, info written back, what cannot change refused before any
write, passwords never shown and rotated once, a taken name, a lost create answer settled by a re-read, delete
keeping the linked pull zones unless asked."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import requests

from ansible_collections.edge.platform.plugins.modules import storage_zone, storage_zone_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

SECRET = "storage-api-key-0123"
BASE = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
PASSWORD, READ_ONLY = "full-pass-1111-2222-3333", "ro-pass-4444-5555-6666"


class Platform(object):
    """Storage zones as the published document describes them (passwords in clear on every read)."""

    def __init__(self, lose_create=False, taken=()):
        self.zones, self.next_id, self.lose_create, self.taken = {}, 4101, lose_create, set(taken)
        self.deleted_with = None

    def hold(self, name, **members):
        zone = {
            "Id": self.next_id, "Name": name, "Password": PASSWORD, "ReadOnlyPassword": READ_ONLY, "Region": "DE",
            "ReplicationRegions": [], "ZoneTier": 0, "StorageZoneType": 0, "Custom404FilePath": None,
            "Rewrite404To200": False, "StorageHostname": "storage.bunnycdn.com", "PullZones": [], "Deleted": False,
        }  # fmt: skip
        zone.update(members)
        self.zones[self.next_id] = zone
        self.next_id += 1
        return zone

    def __call__(self, method, url, body, params):
        path = urlsplit(url).path
        if path == "/storagezone" and method == "GET":
            return FakeResponse(body={"Items": list(self.zones.values()), "HasMoreItems": False})
        if path == "/storagezone" and method == "POST":
            return self.create(body)
        if path == "/storagezone/resetReadOnlyPassword":
            self.zones[int(params["id"])]["ReadOnlyPassword"] = "ro-new-7777-8888"
            return FakeResponse(204)
        zone_id = int(path.split("/")[2])
        if zone_id not in self.zones:
            return FakeResponse(404)
        return self.on_zone(method, path, zone_id, body, params)

    def create(self, body):
        if body["Name"] in self.taken:
            return FakeResponse(
                400, body={"ErrorKey": "storagezone.validation", "Message": "The name is already taken"}
            )
        zone = self.hold(body["Name"], **{k: v for k, v in body.items() if k != "Name"})
        if self.lose_create:
            return requests.exceptions.ReadTimeout("read timed out")
        return FakeResponse(201, body=zone)

    def on_zone(self, method, path, zone_id, body, params):
        zone = self.zones[zone_id]
        if method == "GET":
            return FakeResponse(body=zone)
        if method == "DELETE":
            self.deleted_with = params
            del self.zones[zone_id]
            return FakeResponse(204)
        if path.endswith("/resetPassword"):
            zone["Password"] = "full-new-9999-0000"
            return FakeResponse(204)
        for key, value in body.items():
            zone["ReplicationRegions" if key == "ReplicationZones" else key] = value
        return FakeResponse(204)


def writes(session):
    return [(c["method"], urlsplit(c["url"]).path, c["json"]) for c in session.writes]


def shows_no_password(result):
    text = json.dumps(result)
    return all(secret not in text for secret in (PASSWORD, READ_ONLY, SECRET))


SITE = dict(name="site-files", region="de", replication_regions=["ny"], custom_404_file_path="/404.html")


def test_create_in_two_passes_then_no_change_and_info_written_back(fake_session, run_module):
    platform = fake_session.responses = Platform()
    checked = run_module(storage_zone, dict(BASE, **SITE), check=True, diff=True)
    assert checked["changed"] and checked["diff"]["before"] == {"present": False, "name": "site-files"}
    assert fake_session.writes == [] and checked["storage_zone"] is None
    created = run_module(storage_zone, dict(BASE, **SITE), diff=True)
    assert created["changed"] and created["diff"] == checked["diff"]
    assert writes(fake_session) == [
        ("POST", "/storagezone", {"Name": "site-files", "Region": "DE", "ReplicationRegions": ["NY"]}),
        ("POST", "/storagezone/4101", {"Custom404FilePath": "/404.html"}),
    ]
    zone = created["storage_zone"]
    assert zone["region"] == "DE" and zone["replication_regions"] == ["NY"] and zone["tier"] == "standard"
    assert shows_no_password(created) and platform.zones[4101]["Custom404FilePath"] == "/404.html"
    again = run_module(storage_zone, dict(BASE, **SITE))
    assert not again["changed"] and len(fake_session.writes) == 2
    info = run_module(storage_zone_info, dict(BASE, name="site-files"))
    assert shows_no_password(info) and len(info["storage_zones"]) == 1
    given_back = {k: v for k, v in info["storage_zones"][0].items() if k in storage_zone.S.ARGUMENT_SPEC or k == "name"}
    back = run_module(storage_zone, dict(BASE, **given_back))
    assert not back["changed"] and len(fake_session.writes) == 2


def test_what_cannot_change_fails_before_any_write_naming_the_option(fake_session, run_module):
    fake_session.responses = platform = Platform()
    platform.hold("site-files", ReplicationRegions=["NY", "SG"])
    for args, option in (
        (dict(region="NY"), "region"),
        (dict(tier="edge"), "tier"),
        (dict(zone_type="s3"), "zone_type"),
        (dict(replication_regions=["NY"]), "replication_regions"),
    ):
        result = run_module(storage_zone, dict(BASE, name="site-files", **args))
        assert result["failed"] and result["msg"].startswith(option), result["msg"]
    assert fake_session.writes == []
    added = run_module(storage_zone, dict(BASE, name="site-files", replication_regions=["sg", "ny", "la"]))
    assert added["changed"] and writes(fake_session) == [
        ("POST", "/storagezone/4101", {"ReplicationZones": ["SG", "NY", "LA"]})
    ]


def test_origin_url_is_never_compared_and_rides_along(fake_session, run_module):
    fake_session.responses = platform = Platform()
    platform.hold("site-files")
    alone = run_module(storage_zone, dict(BASE, name="site-files", origin_url="https://origin.example.com"))
    assert not alone["changed"] and alone["not_compared"] == ["origin_url"] and fake_session.writes == []
    both = run_module(
        storage_zone, dict(BASE, name="site-files", origin_url="https://o.example.com", rewrite_404_to_200=True)
    )
    assert writes(fake_session) == [
        ("POST", "/storagezone/4101", {"Rewrite404To200": True, "OriginUrl": "https://o.example.com"})
    ]
    assert both["changed"]


def test_rotation_returns_the_new_password_once_and_masks_the_others(fake_session, run_module):
    fake_session.responses = platform = Platform()
    platform.hold("site-files")
    checked = run_module(
        storage_zone, dict(BASE, name="site-files", rotate_password=["read_only"]), check=True, diff=True
    )
    assert checked["changed"] and "passwords" not in checked and fake_session.writes == []
    assert checked["diff"] == {
        "before": {"read_only_password": "(the current one)"},
        "after": {"read_only_password": "(a new one)"},
    }
    rotated = run_module(storage_zone, dict(BASE, name="site-files", rotate_password="read_only"))
    assert rotated["changed"] and rotated["passwords"] == {"read_only": "ro-new-7777-8888"}
    assert shows_no_password(rotated)
    assert writes(fake_session) == [("POST", "/storagezone/resetReadOnlyPassword", None)]
    assert fake_session.writes[0]["params"] == {"id": 4101}


def test_a_failure_never_shows_a_password(fake_session, run_module):
    fake_session.responses = platform = Platform()
    platform.hold("site-files", Custom404FilePath=PASSWORD)  # a platform echoing a password into an answer
    result = run_module(storage_zone, dict(BASE, name="site-files", region="NY"))
    assert result["failed"] and shows_no_password(result)


def test_a_taken_name_says_names_are_global(fake_session, run_module):
    fake_session.responses = Platform(taken={"site-files"})
    result = run_module(storage_zone, dict(BASE, **SITE))
    assert result["failed"] and "unique across the whole platform" in result["msg"]
    assert result["api_error"]["status"] == 400


def test_a_lost_create_answer_is_settled_by_a_reread_never_replayed(fake_session, run_module):
    fake_session.responses = Platform(lose_create=True)
    result = run_module(storage_zone, dict(BASE, name="site-files", region="DE"))
    assert result["changed"] and not result.get("failed")
    assert [w for w in writes(fake_session) if w[1] == "/storagezone"] == [
        ("POST", "/storagezone", {"Name": "site-files", "Region": "DE"})
    ]
    assert "not sent again" in json.dumps(result["warnings"])


def test_delete_keeps_the_linked_pull_zones_unless_asked(fake_session, run_module):
    fake_session.responses = platform = Platform()
    platform.hold("site-files", PullZones=[{"Id": 2001, "Name": "demo"}])
    checked = run_module(storage_zone, dict(BASE, name="site-files", state="absent"), check=True, diff=True)
    assert checked["changed"] and checked["diff"]["before"]["linked_pullzones"] == ["demo"]
    assert fake_session.writes == []
    removed = run_module(storage_zone, dict(BASE, name="site-files", state="absent"))
    assert removed["changed"] and removed["linked_pullzones"] == [{"id": 2001, "name": "demo"}]
    assert removed["linked_pullzones_deleted"] is False and platform.deleted_with == {"deleteLinkedPullZones": "false"}
    assert "were kept" in json.dumps(removed["warnings"])
    again = run_module(storage_zone, dict(BASE, name="site-files", state="absent"))
    assert not again["changed"]
    platform.hold("other-files", PullZones=[{"Id": 2002, "Name": "x"}])
    run_module(storage_zone, dict(BASE, name="other-files", state="absent", delete_linked_pullzones=True))
    assert platform.deleted_with == {"deleteLinkedPullZones": "true"}


def test_bad_input_is_refused_before_any_request(fake_session, run_module):
    fake_session.responses = Platform()
    assert "region is required" in run_module(storage_zone, dict(BASE, name="new-files"))["msg"]
    assert "region code" in run_module(storage_zone, dict(BASE, name="x", region="Frankfurt!"))["msg"]
    result = run_module(storage_zone, dict(BASE, name="x", state="absent", region="DE"))
    assert result["failed"] and "state=absent takes no" in result["msg"]
    assert fake_session.writes == []


def test_the_linked_pull_zones_secrets_are_masked_too(fake_session, run_module):
    key = "pull-zone-token-key-0042"
    platform = Platform()
    platform.hold("site-files", PullZones=[{"Id": 2001, "Name": "demo", "ZoneSecurityKey": key}])

    def answer(method, url, body, params):
        if method == "POST":  # a platform echoing a secret of the linked pull zone in its refusal
            return FakeResponse(400, body={"ErrorKey": "storagezone.validation", "Message": "bad key %s" % key})
        return platform(method, url, body, params)

    fake_session.responses = answer
    result = run_module(storage_zone, dict(BASE, name="site-files", rewrite_404_to_200=True))
    assert result["failed"] and "bad key" in result["msg"] and key not in json.dumps(result)
