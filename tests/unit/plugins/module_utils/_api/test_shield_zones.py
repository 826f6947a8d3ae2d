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


@pytest.mark.parametrize(
    "answer",
    [
        FakeResponse(404, body={"title": "Not Found", "status": 404}),
        FakeResponse(202, body={"statusCode": 202, "location": None}),
    ],
)
def test_a_pull_zone_without_a_shield_zone_fails_clearly(answer):
    api, _session = client(answer)
    with pytest.raises(
        LookupFailed, match="No shield zone of pull zone 40 is visible to this API key .* give shield_zone_id"
    ):
        shield_zones.find_by_pull_zone(api, 40)


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


@pytest.mark.parametrize("answer", [FakeResponse(202, body={"statusCode": 202}), FakeResponse(200, body={"data": []})])
def test_an_answer_without_the_zone_is_a_bad_answer(answer):
    api, _session = client(answer)
    with pytest.raises(ApiError) as caught:
        shield_zones.get(api, 3)
    assert caught.value.kind == BAD_ANSWER and caught.value.status == answer.status_code
    assert caught.value.describe().startswith("Reading shield zone 3 failed with HTTP %d" % answer.status_code)
    assert "the platform answered without the shield zone" in caught.value.message


@pytest.mark.parametrize(
    "answer, exists",
    [
        (FakeResponse(body={"data": {"shieldZoneId": 3}}), True),
        (FakeResponse(202, body={"statusCode": 202}), True),
        (FakeResponse(404), False),
        (FakeResponse(200, body={"error": {"statusCode": 404, "success": False, "message": "gone"}}), False),
    ],
)
def test_exists_is_false_only_for_a_404(answer, exists):
    api, _session = client(answer)
    assert shield_zones.exists(api, 3) is exists


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
