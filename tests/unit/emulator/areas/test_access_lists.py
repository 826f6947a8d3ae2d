"""The emulator's access lists: the create flow, plan limits, checksum, and answers checked against the published
shield document."""

from __future__ import annotations

import hashlib

import pytest

from ansible_collections.edge.platform.tests.unit.shield_reference import SHIELD_DOCUMENT, validate_response
from emulator.fixtures import FixtureError

from ..conftest import load_platform

KEY = "emu-access-key"
FIXTURE = {
    "api_keys": [KEY],
    "shield_zones": [{"id": 3001, "plan": "advanced"}, {"id": 3002, "plan": "basic"}],
    "access_lists": [
        {
            "id": 5001,
            "shield_zone_id": 3001,
            "name": "office",
            "type": "cidr",
            "entries": ["10.0.0.0/8"],
            "action": "allow",
            "description": "Office",
        },
        {"id": 5002, "shield_zone_id": 3002, "name": "only", "type": 3, "content": "DE\nFR\n", "enabled": False},
    ],
}
INDEX = "/shield/shield-zone/%d/access-lists"


@pytest.fixture(scope="module")
def running(module_emulator):
    return module_emulator(FIXTURE, key=KEY)


def test_create_then_configure_through_the_index(running):
    created = running.request("POST", INDEX % 3001, json={"name": "new", "type": 0, "content": "192.0.2.1"}).json()
    assert created["data"]["checksum"] == hashlib.sha256(b"192.0.2.1").hexdigest()
    listed = running.request("GET", INDEX % 3001).json()
    details = next(d for d in listed["customLists"] if d["listId"] == created["data"]["id"])
    assert (details["isEnabled"], details["action"]) == (False, 0)
    path = INDEX % 3001 + "/configurations/%d" % details["configurationId"]
    answer = running.request("PATCH", path, json={"isEnabled": True, "action": 2})
    assert answer.json()["data"] == {"isEnabled": True, "action": 2}
    assert running.request("DELETE", INDEX % 3001 + "/%d" % details["listId"]).json()["success"] is True


def test_limits_checksum_and_managed_plan(running):
    refused = running.request("POST", INDEX % 3002, json={"name": "two", "type": 0, "content": "1.2.3.4"})
    assert refused.status_code == 202 and "maximum of 1 custom lists" in refused.json()["error"]["message"]
    bad = running.request("POST", INDEX % 3001, json={"name": "c", "type": 0, "content": "x", "checksum": "0"})
    assert bad.status_code == 400
    vpn = running.request("PATCH", INDEX % 3002 + "/configurations/300201", json={"isEnabled": True})
    assert vpn.status_code == 202 and vpn.json()["error"]["errorKey"] == "not_available.access_list"


@pytest.mark.parametrize(
    "method, path, body, as_status",
    [
        ("GET", INDEX % 3001, None, None),
        ("GET", INDEX % 3001 + "/5001", None, None),
        ("GET", INDEX % 3001 + "/enums", None, None),
        ("PATCH", INDEX % 3001 + "/5001", {"name": "office"}, None),
        ("PATCH", INDEX % 3001 + "/configurations/300101", {"action": 4}, None),
        ("POST", INDEX % 3002, {"name": "two", "type": 0, "content": "1.2.3.4"}, None),
        ("GET", INDEX % 3999, None, None),
        ("GET", INDEX % 3001 + "/9999", None, 200),
    ],
)
def test_answers_conform_to_the_published_document(running, openapi, method, path, body, as_status):
    answer = running.request(method, path, json=body)
    validate_response(
        openapi(SHIELD_DOCUMENT).api, method, path, answer.status_code, answer.content, as_status=as_status
    )


def test_a_list_in_an_unknown_zone_is_refused(tmp_path):
    fixture = dict(FIXTURE, access_lists=[{"id": 1, "shield_zone_id": 9, "name": "x"}])
    with pytest.raises(FixtureError, match="not a zone in shield_zones"):
        load_platform(fixture, tmp_path)
