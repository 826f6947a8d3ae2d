"""api_guardian resource: its paths, the two readings of a 404, hints, and what confirms a write."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import api_guardian as guardian
from ansible_collections.edge.platform.plugins.module_utils._engine.client import Client
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import BAD_ANSWER, ApiError, InputError
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse, FakeSession

BASE = "https://api.example.test"
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
CONFIG = {"shieldZoneId": 9, "isEnabled": True, "executionMode": 0, "bodyLimitAction": 1, "unmatchedPathAction": 1}
PETS = {"apiGuardianEndpointId": 31, "requestMethod": "GET", "requestPath": "/pets", "isEnabled": True}


def client(*responses):
    session = FakeSession(responses)
    return Client(BASE, {"AccessKey": "k"}, session=session, retries=0), session


def envelope(data, status=200):
    return FakeResponse(status, {"data": data, "error": dict(OK, statusCode=status, success=status < 400)})


def calls(session):
    return [(c["method"], c["url"][len(BASE) :]) for c in session.calls]


def test_get_reads_the_zone_once_and_drops_what_is_not_an_object():
    api, session = client(envelope({"configuration": CONFIG, "endpoints": [PETS, None, "x"]}))
    current = guardian.get(api, 9)
    assert calls(session) == [("GET", "/shield/shield-zone/9/api-guardian")]
    assert current.configuration == CONFIG and current.endpoints == [PETS]


@pytest.mark.parametrize("option", ["shield_zone_id", "pullzone_name"])
def test_a_404_names_both_readings_and_the_option_that_chose_the_zone(option):
    api, dummy = client(FakeResponse(404))
    with pytest.raises(ApiError) as error:
        guardian.get(api, 9, option)
    assert (
        "Shield zone 9 is not visible to this API key, or has no API Guardian state yet (the platform does not "
        "say which): check %s, or upload an OpenAPI document" % option
    ) in str(error.value)


@pytest.mark.parametrize("read", [lambda api: guardian.get(api, 9), lambda api: guardian.get_or_absent(api, 9, "-")])
def test_every_read_names_the_plan_on_403(read):
    api, dummy = client(FakeResponse(403))
    with pytest.raises(ApiError) as error:
        read(api)
    assert error.value.hint == guardian.PLAN_HINT


def test_get_or_absent_asks_the_zone_itself_about_a_404():
    api, session = client(FakeResponse(404, {"data": {"configuration": CONFIG}}), envelope({"shieldZoneId": 9}))
    current = guardian.get_or_absent(api, 9, "No shield zone with id 9 is visible: check pullzone_name.")
    assert calls(session) == [("GET", "/shield/shield-zone/9/api-guardian"), ("GET", "/shield/shield-zone/9")]
    assert current.present is False and current.configuration == CONFIG and current.endpoints == []


def test_get_or_absent_fails_with_the_zone_hint_when_the_zone_says_404():
    api, dummy = client(
        FakeResponse(404, {"error": {"message": "nope", "errorKey": "k", "success": False}}), FakeResponse(404)
    )
    with pytest.raises(ApiError) as error:
        guardian.get_or_absent(api, 9, "No shield zone with id 9 is visible: check pullzone_name.")
    assert error.value.status == 404 and error.value.error_key == "k"
    assert error.value.hint == "No shield zone with id 9 is visible: check pullzone_name."


def test_get_endpoint_finds_by_method_and_path_or_raises_input_error():
    api, dummy = client(
        envelope({"configuration": CONFIG, "endpoints": [PETS]}),
        envelope({"configuration": CONFIG, "endpoints": [PETS]}),
    )
    assert guardian.get_endpoint(api, 9, "get", "/pets") == PETS
    with pytest.raises(InputError, match="No API Guardian endpoint GET /cats in this zone"):
        guardian.get_endpoint(api, 9, "GET", "/cats")


def test_update_configuration_patches_and_returns_the_answer():
    api, session = client(envelope(dict(CONFIG, executionMode=1)))
    answer = guardian.update_configuration(api, 9, CONFIG, {"executionMode": 1})
    assert calls(session) == [("PATCH", "/shield/shield-zone/9/api-guardian")]
    assert session.calls[0]["json"] == {"executionMode": 1} and answer["executionMode"] == 1


def test_an_answer_showing_other_settings_confirms_nothing():
    api, dummy = client(envelope(CONFIG))
    with pytest.raises(ApiError) as error:
        guardian.update_configuration(api, 9, CONFIG, {"executionMode": 1})
    assert error.value.kind == BAD_ANSWER and "other settings than were sent" in str(error.value)


def test_update_endpoint_patches_the_endpoint_by_id_and_names_it_on_404():
    api, session = client(envelope(dict(PETS, isEnabled=False)), FakeResponse(404))
    assert guardian.update_endpoint(api, 9, PETS, {"isEnabled": False})["isEnabled"] is False
    assert calls(session) == [("PATCH", "/shield/shield-zone/9/api-guardian/endpoint/31")]
    with pytest.raises(ApiError) as error:
        guardian.update_endpoint(api, 9, PETS, {"isEnabled": False})
    assert "Endpoint GET /pets (id 31) is no longer in shield zone 9" in str(error.value)


@pytest.mark.parametrize("first, verb", [(True, "POST"), (False, "PATCH")])
def test_upload_posts_the_first_document_and_patches_a_replacement(first, verb):
    api, session = client(envelope({"configuration": CONFIG, "endpoints": [PETS]}))
    state = guardian.upload_spec(api, 9, "openapi: 3.0.0", False, first, "-")
    assert calls(session) == [(verb, "/shield/shield-zone/9/api-guardian/spec")]
    assert session.calls[0]["json"] == {"content": "openapi: 3.0.0", "enforceAuthorizationValidation": False}
    assert state.configuration == CONFIG and state.endpoints == [PETS]


@pytest.mark.parametrize("status", guardian.CONFLICT_STATUSES)
def test_a_refused_first_upload_may_mean_another_task_was_first(status):
    api, dummy = client(FakeResponse(status), FakeResponse(status))
    with pytest.raises(guardian.FirstUploadRefused) as refused:
        guardian.upload_spec(api, 9, "x", None, True, "-")
    assert refused.value.error.status == status
    with pytest.raises(ApiError):  # a replacement refused is a plain refusal
        guardian.upload_spec(api, 9, "x", None, False, "-")


def test_an_upload_answer_without_the_state_confirms_nothing():
    api, dummy = client(envelope({"configuration": None, "endpoints": []}))
    with pytest.raises(ApiError) as error:
        guardian.upload_spec(api, 9, "x", None, False, "-")
    assert error.value.kind == BAD_ANSWER and "does not carry the configuration and endpoints" in str(error.value)
