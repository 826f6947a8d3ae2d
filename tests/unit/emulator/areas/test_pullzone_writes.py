"""The emulated pull zone writes (create, update, delete), checked against the published core OpenAPI document."""

from __future__ import annotations

import pytest

from emulator.fixtures import FixtureError

from ..conftest import load_platform
from .test_pullzones import SPEC_NAME, conform

KEY = "test-key"
FIXTURE = {
    "api_keys": [KEY],
    "pull_zones": [
        {"id": 2001, "name": "demo", "settings": {"origin_url": "https://origin.example.com", "type": 1}},
        {"id": 2002, "name": "other"},
    ],
}


@pytest.fixture
def running(emulator):
    return emulator(FIXTURE, key=KEY)


def test_create_answers_201_with_the_full_zone_and_its_system_hostname(running, openapi):
    body = {"Name": "site", "OriginUrl": "https://origin.example.net", "Type": 1, "EnableGeoZoneASIA": False}
    reply = running.request("POST", "/pullzone", json=body)
    assert reply.status_code == 201
    zone = reply.json()
    assert (zone["Id"], zone["Name"], zone["OriginUrl"], zone["Type"]) == (2003, "site", body["OriginUrl"], 1)
    assert zone["EnableGeoZoneASIA"] is False and zone["EnableGeoZoneEU"] is True
    assert zone["CacheControlMaxAgeOverride"] == -1 and zone["OriginType"] == 0
    assert [(h["Value"], h["IsSystemHostname"]) for h in zone["Hostnames"]] == [("site.b-cdn.net", True)]
    assert running.request("GET", "/pullzone/2003").json() == zone
    document = openapi(SPEC_NAME).api
    conform(document, "POST", "/pullzone", body=body, reply=reply)
    conform(document, "GET", "/pullzone/2003", reply=running.request("GET", "/pullzone/2003"))


def test_only_the_name_is_required_and_it_must_be_free(running, openapi):
    document = openapi(SPEC_NAME).api
    reply = running.request(
        "POST", "/pullzone", json={"name": "bare", "type": "volume"}
    )  # keys without case, enum names
    assert reply.status_code == 201 and (reply.json()["OriginUrl"], reply.json()["Type"]) == (None, 1)
    for body, key, field in (
        ({"Name": "DEMO"}, "pullzone.name_taken", "Name"),
        ({"OriginUrl": "https://x.example"}, "validation.required", "Name"),
        ({"Name": ""}, "validation.min_length", "Name"),
        ({"Name": "x", "Type": 7}, "validation.invalid_type", "Type"),
        ({"Name": "x", "BlockedCountries": "DE"}, "validation.invalid_type", "BlockedCountries"),
    ):
        reply = running.request("POST", "/pullzone", json=body)
        assert (reply.status_code, reply.json()["ErrorKey"], reply.json()["Field"]) == (400, key, field)
        conform(document, "POST", "/pullzone", body=body, reply=reply, check_request=False)


def test_update_merges_only_the_members_sent(running, openapi):
    body = {"BlockedCountries": ["KP"], "OriginHostHeader": "www.example.com", "Unknown": 1, "EnableLogging": None}
    reply = running.request("POST", "/pullzone/2001", json=body)
    assert reply.status_code == 200
    zone = reply.json()
    assert zone["BlockedCountries"] == ["KP"] and zone["OriginHostHeader"] == "www.example.com"
    assert zone["OriginUrl"] == "https://origin.example.com" and zone["Type"] == 1 and zone["EnableLogging"] is True
    assert "Unknown" not in zone
    document = openapi(SPEC_NAME).api
    conform(document, "POST", "/pullzone/2001", body={"BlockedCountries": ["KP"]}, reply=reply)
    reply = running.request("POST", "/pullzone/9", json={"EnableLogging": False})
    assert reply.status_code == 404 and reply.content == b""
    conform(document, "POST", "/pullzone/9", body={"EnableLogging": False}, reply=reply)


def test_delete_answers_204_then_404(running, openapi):
    document = openapi(SPEC_NAME).api
    reply = running.request("DELETE", "/pullzone/2002")
    assert reply.status_code == 204 and reply.content == b""
    conform(document, "DELETE", "/pullzone/2002", reply=reply)
    reply = running.request("DELETE", "/pullzone/2002")
    assert reply.status_code == 404
    conform(document, "DELETE", "/pullzone/2002", reply=reply)
    assert running.request("GET", "/pullzone/2002").status_code == 404
    assert [z["Name"] for z in running.request("GET", "/pullzone").json()] == ["demo"]
    assert running.request("POST", "/pullzone", json={"Name": "other"}).status_code == 201  # the name is free again


def test_writes_need_the_key_and_a_reset_restores_the_fixture(running):
    for method, path in (("POST", "/pullzone"), ("POST", "/pullzone/2001"), ("DELETE", "/pullzone/2001")):
        assert running.request(method, path, key=None, json={"Name": "x"}).status_code == 401
    running.request("DELETE", "/pullzone/2001")
    running.admin("POST", "reset")
    assert running.request("GET", "/pullzone/2001").json()["OriginUrl"] == "https://origin.example.com"


@pytest.mark.parametrize(
    "settings, message",
    [
        ({"colour": 1}, "unknown key pull_zones[0].settings.colour"),
        # a number the document does not name may stand in a fixture (enums grow); a negative one may not
        ({"type": -1}, "pull_zones[0].settings.type must be one of Premium, Volume"),
        ({"blocked_countries": "DE"}, "pull_zones[0].settings.blocked_countries must be a list"),
    ],
)
def test_fixture_settings_are_checked(tmp_path, settings, message):
    with pytest.raises(FixtureError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_platform({"pull_zones": [{"id": 1, "settings": settings}]}, tmp_path)
