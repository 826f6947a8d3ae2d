# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The storage zone resource layer: exact names matched here over the whole listing (no search sent), a zone read by
id (a 404 with a page that is not the platform's is not "gone"), each write sent once, the delete flag always sent,
the read-only reset's id in the query, and a taken name explained."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import storage_zones
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError, InputError
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.module_utils._api.test_edge_rules import client

ZONES = [{"Id": 1, "Name": "Files"}, {"Id": 2, "Name": "files"}, {"Id": 3, "Name": "files", "Deleted": True}]


def test_names_are_matched_exactly_here_over_the_whole_listing():
    api, session = client(FakeResponse(body={"Items": ZONES, "HasMoreItems": False}))
    assert storage_zones.find_named(api, "files")["Id"] == 2
    assert "search" not in session.calls[0]["params"] and session.calls[0]["params"]["page"] == 1
    api, _session = client(FakeResponse(body={"Items": ZONES + [{"Id": 4, "Name": "files"}], "HasMoreItems": False}))
    with pytest.raises(InputError, match="ids 2, 4"):
        storage_zones.find_named(api, "files")


def test_a_404_is_gone_only_when_it_is_the_platforms():
    api, _session = client(FakeResponse(404), FakeResponse(404, text="<html>proxy</html>"))
    assert storage_zones.get_or_none(api, 7) is None
    with pytest.raises(ApiError, match="not the platform's"):
        storage_zones.get_or_none(api, 7)


def test_delete_always_sends_the_linked_pull_zone_flag():
    api, session = client(FakeResponse(204), FakeResponse(404))
    storage_zones.delete(api, 7, "storage zone x (id 7)")
    storage_zones.delete(api, 7, "storage zone x (id 7)", delete_linked_pullzones=True)
    assert [call["params"] for call in session.calls] == [
        {"deleteLinkedPullZones": "false"},
        {"deleteLinkedPullZones": "true"},
    ]


def test_the_resets_use_their_documented_paths():
    api, session = client(FakeResponse(204), FakeResponse(204))
    storage_zones.reset_password(api, 7, "z")
    storage_zones.reset_read_only_password(api, 7, "z")
    assert [(call["method"], call["url"], call["params"]) for call in session.calls] == [
        ("POST", "https://api.example.test/storagezone/7/resetPassword", None),
        ("POST", "https://api.example.test/storagezone/resetReadOnlyPassword", {"id": 7}),
    ]


@pytest.mark.parametrize(
    "answer",
    [
        FakeResponse(
            400, body={"ErrorKey": "storagezone.validation", "Message": "The storage zone name is already taken"}
        ),
        FakeResponse(409, body={"Message": "Conflict"}),
    ],
)
def test_a_taken_name_says_names_are_global(answer):
    api, _session = client(answer)
    with pytest.raises(ApiError) as raised:
        storage_zones.create(api, {"Name": "files", "Region": "DE"})
    assert "unique across the whole platform" in raised.value.describe()


def test_another_refusal_keeps_its_own_words_and_a_create_answer_of_another_zone_confirms_nothing():
    api, _session = client(
        FakeResponse(400, body={"Message": "Invalid region"}), FakeResponse(201, body={"Id": 9, "Name": "other"})
    )
    with pytest.raises(ApiError) as raised:
        storage_zones.create(api, {"Name": "files", "Region": "XX"})
    assert "unique across" not in raised.value.describe()
    with pytest.raises(ApiError, match="another storage zone"):
        storage_zones.create(api, {"Name": "files", "Region": "DE"})


def test_passwords_of_a_zone():
    assert storage_zones.passwords_of({"Password": "a", "ReadOnlyPassword": ""}) == ["a"]
    assert storage_zones.passwords_of(None) == []


def test_a_401_on_the_listing_is_asked_once_more_without_the_json_accept_header():
    """One report has the list refuse ``Accept: application/json`` with a 401 (docs/platform-notes.md)."""
    api, session = client(FakeResponse(401), FakeResponse(body={"Items": ZONES, "HasMoreItems": False}))
    assert storage_zones.find_named(api, "files")["Id"] == 2
    assert [call["request_headers"].get("Accept") for call in session.calls] == [None, "*/*"]
    api, session = client(FakeResponse(401), FakeResponse(401))
    with pytest.raises(ApiError) as refused:
        storage_zones.list_all(api)
    assert refused.value.status == 401 and len(session.calls) == 2
