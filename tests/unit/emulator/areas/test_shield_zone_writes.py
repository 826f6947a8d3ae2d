"""The emulator's shield zone create, update and upload scanning, checked against the published shield document."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.tests.unit.shield_reference import (
    SHIELD_DOCUMENT,
    validate_request,
    validate_response,
)
from emulator.areas.shield.models import WRITTEN_WHOLE
from emulator.fixtures import FixtureError

from ..conftest import load_platform

KEY = "emu-zone-key"
FIXTURE = {
    "api_keys": [KEY],
    "pull_zones": [{"id": 2001, "name": "one"}, {"id": 2002, "name": "two"}, {"id": 2003, "name": "three"}],
    "shield_zones": [
        {
            "id": 3001,
            "pull_zone_id": 2001,
            "plan": "basic",
            "settings": {"waf_engine_config": {"detection_paranoia_level": "2"}, "ddos_challenge_window": 900},
            "upload_scanning": {"enabled": True, "antivirus_mode": 2},
        },
    ],
}
WRITE = "/shield/shield-zone"
SCAN = "/shield/shield-zone/%d/upload-scanning"


@pytest.fixture
def running(emulator):
    return emulator(FIXTURE, key=KEY)


def _conforms(openapi, method, path, body, answer, as_status=None, request=True):
    document = openapi(SHIELD_DOCUMENT).api
    if request:
        validate_request(document, method, path, body=body)
    validate_response(document, method, path, answer.status_code, answer.content, as_status=as_status)


def test_shielding_a_pull_zone_creates_the_zone_found_by_pull_zone(running, openapi):
    body = {"pullZoneId": 2002, "shieldZone": {"wafEnabled": True, "planType": 1}, "csamScanningMode": 1}
    answer = running.request("POST", WRITE, json=body)
    assert answer.status_code == 200
    _conforms(openapi, "POST", WRITE, body, answer)
    data = answer.json()["data"]
    zone_id = data["shieldZone"]["shieldZoneId"]
    assert (data["pullZoneId"], zone_id, data["csamScanningMode"]) == (2002, 3002, 1)
    found = running.request("GET", "/shield/shield-zone/get-by-pullzone/2002").json()["data"]
    assert (found["shieldZoneId"], found["planType"], found["wafEnabled"], found["dDoSChallengeWindow"]) == (
        3002,
        1,
        True,
        3600,
    )
    assert found["wafEngineConfig"][0] == {"name": "detection_paranoia_level", "valueEncoded": "1"}
    assert running.request("GET", SCAN % zone_id).json()["data"]["csamScanningMode"] == 1
    # other areas learn of the zone: a WAF rule can be written to it, API Guardian reads it
    rule = {"shieldZoneId": zone_id, "ruleName": "r", "ruleDescription": "", "ruleConfiguration": {"actionType": 1}}
    assert running.request("POST", "/shield/waf/custom-rule", json=rule).json()["shieldZoneId"] == zone_id
    assert running.request("GET", "/shield/shield-zone/%d/api-guardian" % zone_id).status_code in (200, 404)


@pytest.mark.parametrize(
    "body, status, key",
    [
        ({"pullZoneId": 2001}, 409, "shield_zone.already_exists"),
        ({"pullZoneId": 2999}, 400, "pullzone.not_found"),
        ({"pullZoneId": 2003, "shieldZone": {"whitelabelResponsePages": True}}, 403, "invalid_plan_type."),
    ],
)
def test_create_refusals_answer_the_envelope(running, openapi, body, status, key):
    answer = running.request("POST", WRITE, json=body)
    assert answer.status_code == status
    assert answer.json()["error"]["errorKey"].startswith(key)
    _conforms(openapi, "POST", WRITE, body, answer)
    assert running.request("GET", "/shield/shield-zone/get-by-pullzone/2003").status_code == 404


def test_update_merges_the_members_given_and_ignores_flat_ones(running, openapi):
    body = {"shieldZoneId": 3001, "shieldZone": {"wafExecutionMode": 0, "wafDisabledRules": ["911100"]}}
    answer = running.request("PATCH", WRITE, json=dict(body, wafEnabled=False))
    assert answer.status_code == 200
    _conforms(openapi, "PATCH", WRITE, body, answer)
    echo = answer.json()["data"]["shieldZone"]
    assert (echo["wafExecutionMode"], echo["wafDisabledRules"], echo["dDoSChallengeWindow"]) == (0, ["911100"], 900)
    zone = running.request("GET", "/shield/shield-zone/3001").json()["data"]
    assert zone["wafEnabled"] is True  # the flat member was ignored
    assert zone["wafEngineConfig"] == [{"name": "detection_paranoia_level", "valueEncoded": "2"}]


def test_a_paid_feature_on_basic_answers_202_and_changes_nothing(running, openapi):
    body = {"shieldZoneId": 3001, "shieldZone": {"whitelabelResponsePages": True, "wafEnabled": False}}
    answer = running.request("PATCH", WRITE, json=body)
    assert answer.status_code == 202
    assert answer.json()["error"]["errorKey"] == "invalid_plan_type.whitelabel_response_pages"
    _conforms(openapi, "PATCH", WRITE, body, answer)
    assert running.request("GET", "/shield/shield-zone/3001").json()["data"]["wafEnabled"] is True
    upgraded = {"shieldZoneId": 3001, "shieldZone": {"whitelabelResponsePages": True, "planType": 1}}
    assert running.request("PATCH", WRITE, json=upgraded).status_code == 200


def test_ddos_execution_mode_is_applied_though_the_request_document_dropped_it(running):
    body = {"shieldZoneId": 3001, "shieldZone": {"dDoSExecutionMode": 0}}
    assert running.request("PATCH", WRITE, json=body).status_code == 200
    assert running.request("GET", "/shield/shield-zone/3001").json()["data"]["dDoSExecutionMode"] == 0


@pytest.mark.parametrize(
    "body, member",
    [
        ({"shieldZone": {}}, "ShieldZoneId"),
        ({"shieldZoneId": 3001, "shieldZone": {"planType": 7}}, "$.shieldZone.planType"),
        ({"shieldZoneId": 3001, "shieldZone": {"wafEngineConfig": [{"name": "x", "v": 1}]}}, "$.shieldZone.wafEngine"),
        ({"shieldZoneId": 3001, "shieldZone": {"colour": "red"}}, "$.shieldZone.colour"),
    ],
)
def test_a_body_that_does_not_bind_answers_400_naming_the_member(running, body, member):
    answer = running.request("PATCH", WRITE, json=body)
    assert answer.status_code == 400
    assert any(key.startswith(member) for key in answer.json()["errors"])


def test_update_of_an_unknown_zone_answers_the_404_envelope(running, openapi):
    body = {"shieldZoneId": 3999, "shieldZone": {"wafEnabled": True}}
    answer = running.request("PATCH", WRITE, json=body)
    assert answer.status_code == 404
    _conforms(openapi, "PATCH", WRITE, body, answer, as_status=200)


def test_upload_scanning_reads_and_merges(running, openapi):
    answer = running.request("GET", SCAN % 3001)
    _conforms(openapi, "GET", SCAN % 3001, None, answer, request=False)
    assert answer.json()["data"] == {
        "shieldZoneId": 3001,
        "isEnabled": True,
        "antivirusScanningMode": 2,
        "csamScanningMode": 0,
    }
    body = {"shieldZoneId": 3001, "csamScanningMode": 1}
    answer = running.request("PATCH", SCAN % 3001, json=body)
    _conforms(openapi, "PATCH", SCAN % 3001, body, answer)
    assert answer.json()["data"]["csamScanningMode"] == 1 and answer.json()["data"]["antivirusScanningMode"] == 2
    assert running.request("GET", SCAN % 3999).status_code == 404


@pytest.mark.parametrize(
    "zone, message",
    [
        ({"id": 1, "settings": {"waf_enabled": "yes"}}, "shield_zones[0].settings.waf_enabled must be true or false"),
        ({"id": 1, "settings": {"colour": 1}}, "unknown key shield_zones[0].settings.colour"),
        ({"id": 1, "settings": {"ddos_shield_sensitivity": 9}}, "must be one of [0, 1, 2, 3, 4]"),
        ({"id": 1, "upload_scanning": {"csam_mode": 3}}, "shield_zones[0].upload_scanning.csam_mode must be one of"),
    ],
)
def test_bad_settings_in_a_fixture_are_refused_with_the_place(tmp_path, zone, message):
    with pytest.raises(FixtureError) as caught:
        load_platform({"api_keys": [KEY], "shield_zones": [zone]}, tmp_path)
    assert message in str(caught.value)


# --- switches: the risky readings of what the document does not say ---------------------------------------------


def test_omitted_members_reset_makes_a_partial_update_reset_the_rest(emulator):
    fixture = dict(FIXTURE, shield_zones=[dict(FIXTURE["shield_zones"][0], plan="business", omitted_members="reset")])
    running = emulator(fixture, key=KEY)
    before = running.request("GET", "/shield/shield-zone/3001").json()["data"]
    assert (before["planType"], before["wafExecutionMode"], before["dDoSShieldSensitivity"]) == (2, 1, 1)
    body = {"shieldZoneId": 3001, "shieldZone": {"dDoSShieldSensitivity": 2, "learningMode": None}}
    assert running.request("PATCH", WRITE, json=body).status_code == 200
    after = running.request("GET", "/shield/shield-zone/3001").json()["data"]
    assert (after["planType"], after["wafExecutionMode"], after["dDoSShieldSensitivity"]) == (0, 0, 2)
    assert (after["wafEngineConfig"], after["dDoSChallengeWindow"], after["wafEnabled"]) == ([], 0, False)
    assert after["learningMode"] is False and after["wafProfileId"] == before["wafProfileId"]  # null kept; not reset
    assert running.request("PATCH", SCAN % 3001, json={"shieldZoneId": 3001, "csamScanningMode": 1}).status_code == 200
    assert running.request("GET", SCAN % 3001).json()["data"] == {
        "shieldZoneId": 3001,
        "isEnabled": False,
        "antivirusScanningMode": 0,
        "csamScanningMode": 1,
    }


def test_the_whole_object_keeps_every_member_under_the_reset_switch(emulator):
    fixture = dict(FIXTURE, shield_zones=[dict(FIXTURE["shield_zones"][0], plan="business", omitted_members="reset")])
    running = emulator(fixture, key=KEY)
    zone = running.request("GET", "/shield/shield-zone/3001").json()["data"]
    whole = {m: zone[m] for m in WRITTEN_WHOLE}
    body = {"shieldZoneId": 3001, "shieldZone": dict(whole, dDoSShieldSensitivity=2)}
    assert running.request("PATCH", WRITE, json=body).status_code == 200
    assert running.request("GET", "/shield/shield-zone/3001").json()["data"] == dict(zone, dDoSShieldSensitivity=2)


@pytest.mark.parametrize("switch", ["accepted", "zero_id"])
def test_lookup_switches_answer_what_the_document_allows_and_the_mapping_still_lists(emulator, openapi, switch):
    fixture = dict(
        FIXTURE,
        shield_zones=[dict(FIXTURE["shield_zones"][0], pullzone_lookup=switch)],
        unshielded_pullzone_lookup=switch,
    )
    running = emulator(fixture, key=KEY)
    document = openapi(SHIELD_DOCUMENT).api
    for pull_zone_id in (2001, 2002):  # shielded, and not
        path = "/shield/shield-zone/get-by-pullzone/%d" % pull_zone_id
        answer = running.request("GET", path)
        validate_response(document, "GET", path, answer.status_code, answer.content)
        if switch == "accepted":
            assert answer.status_code == 202 and answer.json()["statusCode"] == 202
        else:
            assert answer.status_code == 200 and answer.json()["data"]["shieldZoneId"] == 0
    mapping = running.request("GET", "/shield/shield-zones/pullzone-mapping")
    validate_response(document, "GET", "/shield/shield-zones/pullzone-mapping", 200, mapping.content)
    assert mapping.json() == {"data": [{"shieldZoneId": 3001, "pullZoneId": 2001}]}


def test_without_switches_a_pull_zone_without_a_zone_is_a_404_and_the_mapping_lists_every_zone(running):
    assert running.request("GET", "/shield/shield-zone/get-by-pullzone/2002").status_code == 404
    assert running.request("GET", "/shield/shield-zones/pullzone-mapping").json()["data"] == [
        {"shieldZoneId": 3001, "pullZoneId": 2001}
    ]


@pytest.mark.parametrize("body", ["[]", "null", "42", '"text"', '{"shieldZoneId": NaN}', ""])
@pytest.mark.parametrize("method, path", [("PATCH", WRITE), ("POST", WRITE), ("PATCH", SCAN % 3001)])
def test_a_body_that_is_not_a_json_object_is_refused(running, method, path, body):
    answer = running.request(method, path, data=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400
    assert answer.json()["ErrorKey"] == "request.invalid_json"


@pytest.mark.parametrize(
    "zone, message",
    [
        ({"id": 1, "omitted_members": "wiped"}, "shield_zones[0].omitted_members must be kept, reset or null"),
        ({"id": 1, "pullzone_lookup": "sometimes"}, "shield_zones[0].pullzone_lookup must be accepted, zero_id"),
        ({"id": 1, "rate_limit_listing": "slim"}, "shield_zones[0].rate_limit_listing must be full, thin or null"),
    ],
)
def test_bad_switches_are_refused_with_the_place(tmp_path, zone, message):
    with pytest.raises(FixtureError) as caught:
        load_platform({"api_keys": [KEY], "shield_zones": [zone]}, tmp_path)
    assert message in str(caught.value)
