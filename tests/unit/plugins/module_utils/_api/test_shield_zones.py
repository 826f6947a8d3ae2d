"""shield_zones: the listing (every page), the read by id, whether a zone exists, and the zone of a pull zone."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import shield_zones
from ansible_collections.edge.platform.plugins.module_utils._api.listing import LookupFailed
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import BAD_ANSWER, ApiError
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.module_utils._api.answers import client


def test_shield_zone_of_a_pull_zone():
    api, session = client(FakeResponse(body={"data": {"shieldZoneId": 31, "pullZoneId": 21}}))
    assert shield_zones.find_by_pull_zone(api, 21)["shieldZoneId"] == 31
    assert session.calls[0]["url"].endswith("/shield/shield-zone/get-by-pullzone/21")


MAPPING = FakeResponse(
    body={"data": [{"shieldZoneId": 31, "pullZoneId": 21}, {"shieldZoneId": 32, "pullZoneId": None}]}
)


def test_a_404_confirmed_by_the_mapping_is_no_shield_zone():
    api, session = client(FakeResponse(404, body={"title": "Not Found", "status": 404}), MAPPING)
    with pytest.raises(
        LookupFailed, match="No shield zone of pull zone 40 is visible to this API key .* give shield_zone_id"
    ) as caught:
        shield_zones.find_by_pull_zone(api, 40)
    assert caught.value.missing is True
    assert session.calls[1]["url"].endswith("/shield/shield-zones/pullzone-mapping")


@pytest.mark.parametrize(
    "answer",
    [
        FakeResponse(404, body={"title": "Not Found", "status": 404}),
        FakeResponse(202, body={"statusCode": 202, "location": None}),
        FakeResponse(body={"data": {"shieldZoneId": 0, "pullZoneId": None}}),
    ],
)
def test_a_zone_the_mapping_lists_is_read_by_its_id(answer):
    api, session = client(answer, MAPPING, FakeResponse(body={"data": {"shieldZoneId": 31, "pullZoneId": 21}}))
    assert shield_zones.of_pull_zone(api, 21)["shieldZoneId"] == 31
    assert [c["url"].rpartition("/shield/")[2] for c in session.calls] == [
        "shield-zone/get-by-pullzone/21",
        "shield-zones/pullzone-mapping",
        "shield-zone/31",
    ]


@pytest.mark.parametrize(
    "answer, said",
    [
        (FakeResponse(202, body={"statusCode": 202}), "HTTP 202 Accepted without the shield zone"),
        (FakeResponse(202, text=""), "HTTP 202 Accepted without the shield zone"),
        (FakeResponse(body={"data": {"shieldZoneId": 0}}), "HTTP 200 with a shield zone id of 0"),
    ],
)
def test_an_answer_that_says_nothing_and_is_not_explained_is_unknown(answer, said):
    api, _session = client(answer, MAPPING)
    with pytest.raises(ApiError) as caught:
        shield_zones.of_pull_zone(api, 40)
    assert caught.value.kind == BAD_ANSWER
    assert caught.value.message == (
        "get-by-pullzone answered %s, and the mapping of active shield zones does not list the pull zone, so whether "
        "it has a shield zone is unknown" % said
    )


def test_two_zones_in_the_mapping_are_not_guessed_between():
    twins = FakeResponse(
        body={"data": [{"shieldZoneId": 31, "pullZoneId": 21}, {"shieldZoneId": 33, "pullZoneId": 21}]}
    )
    api, _session = client(FakeResponse(404), twins)
    with pytest.raises(ApiError, match="lists 2 shield zones for it .ids 31, 33."):
        shield_zones.of_pull_zone(api, 21)


@pytest.mark.parametrize("body", [{}, [], {"data": {}}, {"items": []}])
def test_a_mapping_that_is_not_understood_decides_nothing(body):
    api, _session = client(FakeResponse(404), FakeResponse(body=body))
    with pytest.raises(ApiError) as caught:
        shield_zones.of_pull_zone(api, 21)
    assert caught.value.kind == BAD_ANSWER and "mapping of shield zones to pull zones" in caught.value.message


def test_shield_zones_list_follows_next_page():
    api, session = client(
        FakeResponse(body={"data": [{"shieldZoneId": 1}], "page": {"currentPage": 1, "nextPage": 2}}),
        FakeResponse(body={"data": [{"shieldZoneId": 2}], "page": {"currentPage": 2, "nextPage": None}}),
    )
    assert [z["shieldZoneId"] for z in shield_zones.list_all(api)] == [1, 2]
    assert [c["params"] for c in session.calls] == [{"page": 1}, {"page": 2}]


def test_a_page_that_does_not_advance_stops_the_listing():
    looping = FakeResponse(body={"data": [{"shieldZoneId": 1}], "page": {"currentPage": 1, "nextPage": 1}})
    api, session = client(looping)
    assert len(shield_zones.list_all(api)) == 1 and len(session.calls) == 1


def test_the_read_by_id_returns_the_zone_and_names_the_option_on_404():
    api, session = client(FakeResponse(body={"data": {"shieldZoneId": 3}}), FakeResponse(404))
    assert shield_zones.get(api, 3) == {"shieldZoneId": 3}
    assert session.calls[0]["url"] == "https://api.example.test/shield/shield-zone/3"
    with pytest.raises(ApiError, match="No shield zone with id 3 is visible to this API key: check shield_zone_id"):
        shield_zones.get(api, 3)


@pytest.mark.parametrize(
    "answer",
    [
        FakeResponse(202, body={"statusCode": 202}),
        FakeResponse(200, body={"data": []}),
        FakeResponse(200, body={}),
        FakeResponse(200, body=[]),
        FakeResponse(200, text=""),
        FakeResponse(200, text="<html><title>Portal</title></html>", headers={"Content-Type": "text/html"}),
        FakeResponse(200, body={"data": {"shieldZoneId": 4}}),
    ],
)
def test_an_answer_without_the_zone_is_not_understood(answer):
    api, _session = client(answer)
    with pytest.raises(ApiError) as caught:
        shield_zones.get(api, 3)
    assert caught.value.kind == BAD_ANSWER and caught.value.status == answer.status_code
    assert caught.value.describe().startswith("Reading shield zone %d failed with HTTP %d" % (3, answer.status_code))
    assert "is not the shield zone 3 (an object with data)" in caught.value.message
    assert "Nothing was written by this task" in caught.value.hint
    assert "<html>" not in caught.value.describe()


@pytest.mark.parametrize(
    "answer, exists",
    [
        (FakeResponse(body={"data": {"shieldZoneId": 3}}), True),
        (FakeResponse(404), False),
        (FakeResponse(200, body={"error": {"statusCode": 404, "success": False, "message": "gone"}}), False),
    ],
)
def test_exists_is_false_only_for_a_404(answer, exists):
    api, _session = client(answer)
    assert shield_zones.exists(api, 3) is exists


@pytest.mark.parametrize("answer", [FakeResponse(202, body={"statusCode": 202}), FakeResponse(body={})])
def test_exists_decides_nothing_from_an_answer_that_is_not_the_zone(answer):
    api, _session = client(answer)
    with pytest.raises(ApiError) as caught:
        shield_zones.exists(api, 3)
    assert caught.value.kind == BAD_ANSWER


def test_exists_raises_other_failures():
    api, _session = client(FakeResponse(403))
    with pytest.raises(ApiError) as caught:
        shield_zones.exists(api, 3)
    assert caught.value.status == 403


# --- create and update (shield_zone) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body, kind",
    [
        ({"data": {"pullZoneId": 2001, "shieldZone": {"shieldZoneId": 3009}}}, None),
        ({"data": {"pullZoneId": 2001, "shieldZone": {}}}, BAD_ANSWER),
        ({"data": None}, BAD_ANSWER),
    ],
)
def test_create_reads_the_new_id_or_confirms_nothing(body, kind):
    api, session = client(FakeResponse(body=body))
    if kind is None:
        assert shield_zones.create(api, 2001, {"wafEnabled": True}) == 3009
        assert session.calls[0]["json"] == {"pullZoneId": 2001, "shieldZone": {"wafEnabled": True}}
        return
    with pytest.raises(ApiError) as caught:
        shield_zones.create(api, 2001, {})
    assert caught.value.kind == kind


def test_an_update_echo_with_other_values_confirms_nothing():
    api, _session = client(FakeResponse(body={"data": {"shieldZoneId": 1, "shieldZone": {"wafEnabled": False}}}))
    with pytest.raises(ApiError) as caught:
        shield_zones.update(api, 1, {"planType": 1}, {"wafEnabled": True})
    assert caught.value.kind == BAD_ANSWER and "wafEnabled" in caught.value.message


def test_an_update_sends_the_whole_object_and_returns_the_zone_with_it():
    current = {"shieldZoneId": 1, "planType": 5, "wafEnabled": True, "dDoSExecutionMode": 1, "rateLimitRulesLimit": 2}
    api, session = client(FakeResponse(body={"data": {"shieldZoneId": 1, "shieldZone": {"wafEnabled": False}}}))
    zone = shield_zones.update(api, 1, current, {"wafEnabled": False})
    assert session.calls[0]["json"] == {
        "shieldZoneId": 1,
        "shieldZone": {"planType": 5, "wafEnabled": False, "dDoSExecutionMode": 1},
    }
    assert zone == dict(current, wafEnabled=False)


@pytest.mark.parametrize(
    "answer",
    [
        FakeResponse(body={"data": {"isEnabled": True}}),
        FakeResponse(body={"data": {}}),
        FakeResponse(body={}),
        FakeResponse(text=""),
        FakeResponse(202, body={"statusCode": 202}),
    ],
)
def test_the_upload_scanning_read_declares_its_answer(answer):
    api, _session = client(answer)
    if answer.status_code == 200 and "isEnabled" in answer.text:
        assert shield_zones.read_upload_scanning(api, 3) == {"isEnabled": True}
        return
    with pytest.raises(ApiError) as caught:
        shield_zones.read_upload_scanning(api, 3)
    assert caught.value.kind == BAD_ANSWER
    assert "is not the upload scanning configuration of shield zone 3" in caught.value.message
