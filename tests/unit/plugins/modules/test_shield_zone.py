"""shield_zone: shield a pull zone, only given settings change (as sets where they are sets), the whole object in the
PATCH envelope, plan refusals named, 202 unconfirmed, no unshielding, upload scanning, bad input before any request,
lookups that never shield a pull zone twice, numbers the collection cannot name."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.modules import shield_zone
from ansible_collections.edge.platform.tests.unit import not_understood
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.shield_reference import SHIELD_DOCUMENT, validate_request

SECRET = "unit-secret-key-shield"
BASE = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
ZONE = {
    "shieldZoneId": 3001,
    "pullZoneId": 2001,
    "planType": 0,
    "learningMode": False,
    "wafEnabled": True,
    "wafExecutionMode": 1,
    "wafRealtimeThreatIntelligenceEnabled": False,
    "wafDisabledRules": ["911100", "920100"],
    "wafLogOnlyRules": [],
    "wafRequestHeaderLoggingEnabled": True,
    "wafRequestIgnoredHeaders": ["Cookie", "Authorization"],
    "wafEngineConfig": [
        {"name": "detection_paranoia_level", "valueEncoded": "1"},
        {"name": "allowed_methods", "valueEncoded": "GET POST"},
        {"name": "allowed_request_content_type", "valueEncoded": "|application/json| |text/plain|"},
    ],
    "wafRequestBodyLimitAction": 0,
    "wafResponseBodyLimitAction": 0,
    "dDoSShieldSensitivity": 1,
    "dDoSExecutionMode": 1,
    "dDoSChallengeWindow": 300,
    "whitelabelResponsePages": False,
    "customWafRulesLimit": 0,
    "rateLimitRulesLimit": 2,
}
BY_PULL_ZONE = "https://api.example.test/shield/shield-zone/get-by-pullzone/2001"
MAPPING = "https://api.example.test/shield/shield-zones/pullzone-mapping"
WRITE = "https://api.example.test/shield/shield-zone"
NOT_FOUND = FakeResponse(status=404, body={"title": "Not Found", "status": 404})


def mapping(*pairs):
    """The mapping of active shield zones: ``(shieldZoneId, pullZoneId)`` pairs."""
    return FakeResponse(body={"data": [{"shieldZoneId": s, "pullZoneId": p} for s, p in pairs]})


def whole(**members):
    """The whole ``shieldZone`` object a PATCH of ZONE carries, with ``members`` over it."""
    return dict({m: ZONE[m] for m in shield_zone.S.WHOLE_OBJECT}, **members)


def documented(body):
    """``body`` without ``dDoSExecutionMode``, which the 2026-07-31 request document no longer lists (the platform's
    provider still sends it; docs/platform-notes.md, "Shield zones: the whole object is sent")."""
    return dict(body, shieldZone={k: v for k, v in body["shieldZone"].items() if k != "dDoSExecutionMode"})


def zone(**changes):
    return FakeResponse(body={"data": dict(ZONE, **changes)})


def echo(members, zone_id=3001):
    return FakeResponse(body={"data": {"shieldZoneId": zone_id, "shieldZone": members}, "error": OK})


def plan_error(status=202, key="invalid_plan_type.whitelabel_response_pages"):
    error = {"statusCode": status, "success": False, "message": "Not on the Basic plan.", "errorKey": key}
    return FakeResponse(status=status, body={"error": error})


def run(fake_session, run_module, answers, check=False, diff=False, **options):
    fake_session.responses = list(answers)
    return run_module(shield_zone, dict(BASE, pullzone_id=2001, **options), check=check, diff=diff)


def test_a_change_sends_the_whole_object_in_the_envelope(fake_session, run_module, openapi):
    options = dict(waf_execution_mode="log", waf_enabled=True, waf_detection_paranoia_level=3)
    changed = {
        "wafExecutionMode": 0,
        "wafEngineConfig": [
            {"name": "detection_paranoia_level", "valueEncoded": "3"},
            {"name": "allowed_methods", "valueEncoded": "GET POST"},
            {"name": "allowed_request_content_type", "valueEncoded": "|application/json| |text/plain|"},
        ],
    }
    sent = whole(**changed)
    result = run(fake_session, run_module, [zone(), echo(sent)], diff=True, **options)
    assert result["changed"] is True
    assert [(c["method"], c["url"]) for c in fake_session.calls] == [("GET", BY_PULL_ZONE), ("PATCH", WRITE)]
    body = fake_session.writes[0]["json"]
    assert body == {"shieldZoneId": 3001, "shieldZone": sent}
    assert len(sent) == 16 and sent["planType"] == 0 and sent["dDoSExecutionMode"] == 1
    validate_request(openapi(SHIELD_DOCUMENT).api, "PATCH", "/shield/shield-zone", body=documented(body))
    assert "warnings" not in result
    assert result["diff"]["before"] == {
        "shielded": True,
        "waf_enabled": True,
        "waf_execution_mode": "block",
        "waf_detection_paranoia_level": 1,
    }
    assert result["diff"]["after"]["waf_execution_mode"] == "log"
    shown = result["shield_zone"]
    assert (shown["id"], shown["waf_execution_mode"], shown["waf_detection_paranoia_level"]) == (3001, "log", 3)
    assert shown["waf_allowed_request_content_types"] == ["application/json", "text/plain"]
    assert SECRET not in str(result)


@pytest.mark.parametrize(
    "options",
    [
        dict(
            waf_disabled_rules=["920100", "911100", "911100"], waf_request_ignored_headers=["authorization", "COOKIE"]
        ),
        dict(waf_allowed_methods=["POST", "GET"], waf_allowed_request_content_types=["text/plain", "application/json"]),
        dict(plan="basic", ddos_shield_sensitivity="low", ddos_execution_mode="block", ddos_challenge_window=300),
        {},
    ],
)
def test_the_values_the_zone_has_are_no_change_and_only_read(fake_session, run_module, options):
    result = run(fake_session, run_module, [zone()], **options)
    assert result["changed"] is False and not fake_session.writes
    assert len(fake_session.calls) == 1


def test_info_output_written_back_is_no_change(fake_session, run_module):
    from ansible_collections.edge.platform.plugins.module_utils._shapes.shield_zones import shape_shield_zone

    info = shape_shield_zone(ZONE)
    options = {o: info[o] for o in shield_zone.S.OPTIONS if info[o] is not None}
    assert len(options) >= 15
    assert run(fake_session, run_module, [zone()], **options)["changed"] is False


def test_check_mode_predicts_without_writing(fake_session, run_module):
    result = run(fake_session, run_module, [zone()], check=True, diff=True, waf_allowed_methods=["GET"])
    assert result["changed"] is True and not fake_session.writes
    assert result["shield_zone"]["waf_allowed_methods"] == ["GET"]
    assert result["diff"]["after"] == {"shielded": True, "waf_allowed_methods": ["GET"]}


def test_an_unshielded_pull_zone_is_shielded_then_read(fake_session, run_module, openapi):
    created = {"pullZoneId": 2001, "shieldZone": {"shieldZoneId": 3007, "wafEnabled": True}}
    answers = [
        NOT_FOUND,
        mapping((3001, 2002)),
        FakeResponse(body={"Id": 2001, "Name": "demo"}),
        FakeResponse(body={"data": created, "error": OK}),
        zone(shieldZoneId=3007, wafEnabled=True),
    ]
    result = run(fake_session, run_module, answers, diff=True, waf_enabled=True)
    assert result["changed"] is True
    post = fake_session.writes[0]
    assert (post["method"], post["json"]) == ("POST", {"pullZoneId": 2001, "shieldZone": {"wafEnabled": True}})
    validate_request(openapi(SHIELD_DOCUMENT).api, "POST", "/shield/shield-zone", body=post["json"])
    assert result["diff"]["before"] == {"shielded": False}
    assert result["shield_zone"]["id"] == 3007


def test_check_mode_predicts_the_shielding(fake_session, run_module):
    answers = [FakeResponse(status=404), mapping(), FakeResponse(body={"Id": 2001, "Name": "demo"})]
    result = run(fake_session, run_module, answers, check=True, plan="advanced")
    assert result["changed"] is True and not fake_session.writes
    assert (result["shield_zone"]["id"], result["shield_zone"]["plan"]) == (None, "advanced")


def test_a_pull_zone_that_does_not_exist_fails_naming_it(fake_session, run_module):
    answers = [FakeResponse(status=404), mapping(), FakeResponse(status=404)]
    result = run(fake_session, run_module, answers, waf_enabled=True)
    assert result["failed"] is True and "check pullzone_id" in result["msg"]
    assert not fake_session.writes


@pytest.mark.parametrize("status", [202, 400])
def test_a_plan_refusal_names_the_plan_and_the_feature(fake_session, run_module, status):
    result = run(fake_session, run_module, [zone(), plan_error(status)], whitelabel_response_pages=True)
    assert result["failed"] is True
    assert "whitelabel response pages for this shield zone's plan, basic" in result["msg"]
    assert "may be billed" in result["msg"]
    assert result["api_error"]["error_key"] == "invalid_plan_type.whitelabel_response_pages"
    assert len(fake_session.writes) == 1


def test_a_202_without_a_plan_error_is_settled_by_one_read(fake_session, run_module):
    answers = [zone(), FakeResponse(status=202, body={"statusCode": 202}), zone(wafEnabled=False)]
    result = run(fake_session, run_module, answers, waf_enabled=False)
    assert result["changed"] is True and len(fake_session.writes) == 1
    assert "not confirmed (HTTP 202" in str(result["warnings"])
    assert result["shield_zone"]["waf_enabled"] is False


def test_a_ddos_execution_mode_the_platform_keeps_fails_saying_so(fake_session, run_module):
    answers = [zone(), echo({"dDoSShieldSensitivity": 2}), zone(dDoSShieldSensitivity=2)]
    result = run(fake_session, run_module, answers, ddos_execution_mode="log", ddos_shield_sensitivity="medium")
    assert result["failed"] is True
    assert "kept dDoSExecutionMode as it was; every other setting was applied" in result["msg"]


def test_absent_never_claims_to_unshield(fake_session, run_module):
    result = run(fake_session, run_module, [zone()], check=True, state="absent")
    assert result["failed"] is True and "no way to unshield" in result["msg"] and not fake_session.writes
    answers = [FakeResponse(status=404), mapping(), FakeResponse(status=404)]
    unshielded = run(fake_session, run_module, answers, state="absent")
    assert (unshielded["changed"], unshielded["shield_zone"]) == (False, None)


def test_upload_scanning_is_read_and_written_at_its_own_path(fake_session, run_module):
    state = {"shieldZoneId": 3001, "isEnabled": False, "antivirusScanningMode": 0, "csamScanningMode": 0}
    applied = dict(state, isEnabled=True, antivirusScanningMode=2)
    answers = [zone(), FakeResponse(body={"data": state, "error": OK}), FakeResponse(body={"data": applied})]
    result = run(
        fake_session, run_module, answers, upload_scanning_enabled=True, upload_scanning_antivirus_mode="block"
    )
    assert result["changed"] is True
    assert fake_session.writes[0]["json"] == {
        "shieldZoneId": 3001,
        "isEnabled": True,
        "antivirusScanningMode": 2,
        "csamScanningMode": 0,
    }
    assert result["shield_zone"]["upload_scanning_antivirus_mode"] == "block"


@pytest.mark.parametrize(
    "options, words",
    [
        (dict(waf_blocking_paranoia_level=-1), "waf_blocking_paranoia_level must be from 0 to 2147483647; got -1."),
        (dict(ddos_challenge_window=2**31), "ddos_challenge_window must be from 0 to 2147483647; got 2147483648."),
        (dict(waf_allowed_methods=["GET", "PO ST"]), "waf_allowed_methods[1] must be a single word"),
        (dict(waf_allowed_request_content_types=["a|b"]), "waf_allowed_request_content_types[0] must be a non-empty"),
        (dict(state="absent", waf_enabled=True), "state=absent takes no settings (waf_enabled was given)"),
        (dict(plan="gold"), "value of plan must be one of: basic, advanced, business, enterprise"),
    ],
)
def test_bad_input_fails_before_any_request(fake_session, run_module, options, words):
    result = run(fake_session, run_module, [], **options)
    assert result["failed"] is True and words in result["msg"]
    assert not fake_session.calls


# --- numbers the collection cannot name (docs/platform-notes.md, "Enums that grow") --------------------------------


def test_a_number_the_collection_cannot_name_is_shown_sent_back_and_no_false_change(fake_session, run_module):
    unnamed = dict(planType=7, wafExecutionMode=5, dDoSShieldSensitivity=9)
    kept = run(fake_session, run_module, [zone(**unnamed)], waf_enabled=True)
    assert kept["changed"] is False and not fake_session.writes
    shown = kept["shield_zone"]
    assert (shown["plan"], shown["waf_execution_mode"], shown["ddos_shield_sensitivity"]) == (7, 5, 9)
    assert "plan = 7" in str(kept["warnings"]) and len(kept["warnings"]) == 3
    sent = dict({m: dict(ZONE, **unnamed)[m] for m in shield_zone.S.WHOLE_OBJECT}, wafEnabled=False)
    result = run(fake_session, run_module, [zone(**unnamed), echo(sent)], waf_enabled=False)
    assert result["changed"] is True
    assert fake_session.writes[0]["json"]["shieldZone"] == sent  # 7, 5 and 9 go back as they were read
    asked_members = dict(unnamed)
    asked_members["planType"] = 1
    asked = run(fake_session, run_module, [zone(**unnamed), echo(whole(**asked_members))], plan="advanced")
    assert asked["changed"] is True and fake_session.writes[-1]["json"]["shieldZone"]["planType"] == 1
    assert fake_session.writes[-1]["json"]["shieldZone"]["wafExecutionMode"] == 5


def test_learning_mode_is_an_option_and_kept_when_left_out(fake_session, run_module):
    result = run(fake_session, run_module, [zone(), echo(whole(learningMode=True))], learning_mode=True)
    assert result["changed"] is True and fake_session.writes[0]["json"]["shieldZone"]["learningMode"] is True
    assert result["shield_zone"]["learning_mode"] is True
    kept = run(fake_session, run_module, [zone(learningMode=True), echo({})], waf_enabled=False)
    assert kept["changed"] is True and len(fake_session.writes) == 2
    assert fake_session.writes[-1]["json"]["shieldZone"] == whole(learningMode=True, wafEnabled=False)


def test_a_zone_read_without_a_member_is_written_without_it_and_says_so(fake_session, run_module):
    partial = {k: v for k, v in ZONE.items() if k not in ("planType", "wafResponseBodyLimitAction")}
    answers = [FakeResponse(body={"data": partial}), echo({})]
    result = run(fake_session, run_module, answers, waf_enabled=False)
    assert result["changed"] is True
    assert "planType" not in fake_session.writes[0]["json"]["shieldZone"]
    assert "read without planType, wafResponseBodyLimitAction" in str(result["warnings"])


# --- finding the shield zone of the pull zone never shields it twice ------------------------------------------------


@pytest.mark.parametrize(
    "answer",
    [
        FakeResponse(status=202, body={"statusCode": 202, "location": None, "value": None}),
        FakeResponse(status=202, text=""),
        FakeResponse(body={"data": dict(ZONE, shieldZoneId=0, pullZoneId=None)}),
    ],
)
def test_an_answer_that_says_nothing_is_confirmed_by_the_mapping(fake_session, run_module, answer):
    answers = [answer, mapping((3005, 2009), (3001, 2001)), zone()]
    result = run(fake_session, run_module, answers, waf_enabled=True)
    assert result["changed"] is False and not fake_session.writes
    assert [c["url"] for c in fake_session.calls] == [BY_PULL_ZONE, MAPPING, WRITE + "/3001"]
    assert result["shield_zone"]["id"] == 3001


@pytest.mark.parametrize(
    "answer, said",
    [
        (FakeResponse(status=202, body={"statusCode": 202}), "HTTP 202 Accepted without the shield zone"),
        (FakeResponse(body={"data": dict(ZONE, shieldZoneId=0)}), "HTTP 200 with a shield zone id of 0"),
    ],
)
def test_an_answer_the_mapping_does_not_explain_fails_and_writes_nothing(fake_session, run_module, answer, said):
    result = run(fake_session, run_module, [answer, mapping((3005, 2009))], waf_enabled=True)
    assert result["failed"] is True and not fake_session.writes
    assert said in result["msg"]
    assert "does not list the pull zone, so whether it has a shield zone is unknown" in result["msg"]
    assert len(fake_session.calls) == 2


def test_a_404_the_mapping_contradicts_uses_the_zone_it_lists(fake_session, run_module):
    result = run(fake_session, run_module, [NOT_FOUND, mapping((3001, 2001)), zone()], state="absent")
    assert result["failed"] is True and "no way to unshield" in result["msg"]
    assert not fake_session.writes


@pytest.mark.parametrize("answer", not_understood.answers(FakeResponse(body={"data": dict(ZONE, pullZoneId=2999)})))
def test_a_lookup_answer_that_is_not_understood_fails_and_writes_nothing(fake_session, run_module, answer):
    result = run(fake_session, run_module, [answer], waf_enabled=True)
    assert result["failed"] is True and not fake_session.writes and len(fake_session.calls) == 1
    assert "was not understood" in result["msg"] and "Nothing was written by this task" in result["msg"]


@pytest.mark.parametrize("answer", not_understood.answers(FakeResponse(status=500)))
def test_a_read_after_the_create_that_fails_says_the_zone_was_created(fake_session, run_module, answer):
    created = {"pullZoneId": 2001, "shieldZone": {"shieldZoneId": 3007, "wafEnabled": True}}
    answers = [
        NOT_FOUND,
        mapping(),
        FakeResponse(body={"Id": 2001, "Name": "demo"}),
        FakeResponse(body={"data": created, "error": OK}),
        answer,
    ]
    result = run(fake_session, run_module, answers, waf_enabled=True)
    assert result["failed"] is True and result["changed"] is True
    assert result["msg"].startswith(
        "Shield zone 3007 was created for pull zone with id 2001, but then Reading shield zone"
    )
    assert "it is not created twice" in result["msg"] and not_understood.PAGE_TEXT not in result["msg"]
    assert [c["method"] for c in fake_session.writes] == ["POST"]
