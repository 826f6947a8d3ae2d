"""The shield zone settings table: wafEngineConfig encodings both ways, sets compared as sets, partial members."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import shield_zone_settings as S

MODEL = {
    "planType": "2",
    "wafRequestIgnoredHeaders": ["Cookie"],
    "wafEngineConfig": [
        {"name": "executing_paranoia_level", "valueEncoded": "2"},
        {"name": "allowed_http_versions", "valueEncoded": "HTTP/1.1  HTTP/2"},
        {"name": "allowed_request_content_type", "valueEncoded": "|application/json| |text/plain|"},
        {"name": "other_entry", "valueEncoded": "kept"},
    ],
}


def test_readable_decodes_the_engine_entries_and_names_the_numbers():
    shown = S.readable(MODEL)
    assert (shown["plan"], shown["waf_executing_paranoia_level"], shown["waf_detection_paranoia_level"]) == (
        "business",
        2,
        None,
    )
    assert shown["waf_allowed_http_versions"] == ["HTTP/1.1", "HTTP/2"]
    assert shown["waf_allowed_request_content_types"] == ["application/json", "text/plain"]


def test_request_members_send_only_the_given_and_the_engine_list_whole():
    wanted = S.wanted_values({"waf_detection_paranoia_level": 3, "waf_allowed_request_content_types": ["a/b"]})
    members = S.request_members(MODEL, wanted)
    assert list(members) == ["wafEngineConfig"]
    assert members["wafEngineConfig"] == [
        {"name": "executing_paranoia_level", "valueEncoded": "2"},
        {"name": "allowed_http_versions", "valueEncoded": "HTTP/1.1  HTTP/2"},
        {"name": "allowed_request_content_type", "valueEncoded": "|a/b|"},
        {"name": "other_entry", "valueEncoded": "kept"},
        {"name": "detection_paranoia_level", "valueEncoded": "3"},
    ]
    assert S.request_members({}, S.wanted_values({"plan": "Enterprise", "waf_enabled": False})) == {
        "planType": 3,
        "wafEnabled": False,
    }


def test_sets_compare_without_order_repeats_or_header_case():
    wanted = S.wanted_values({"waf_request_ignored_headers": ["COOKIE", "cookie"]})
    assert S.managed_view(MODEL, wanted) == S.wanted_view(wanted) == {"waf_request_ignored_headers": ["cookie"]}


@pytest.mark.parametrize(
    "params, words",
    [
        ({"waf_allowed_http_versions": ["HTTP/1.1", ""]}, "waf_allowed_http_versions[1] must be a single word"),
        ({"plan": "gold"}, "plan must be one of basic, advanced, business, enterprise"),
    ],
)
def test_bad_values_name_the_option(params, words):
    with pytest.raises(InputError) as caught:
        S.wanted_values(params)
    assert words in str(caught.value)


def test_the_whole_object_is_the_zone_as_read_with_the_changes_over_it():
    zone = {m: 0 for m in S.WHOLE_OBJECT}
    zone.update(planType=9, learningMode=None, pullZoneId=2001, rateLimitRulesLimit=2, wafProfileId=1)
    sent = S.whole_object(zone, {"wafEnabled": True})
    assert set(sent) == set(S.WHOLE_OBJECT) and len(sent) == 16
    assert (sent["planType"], sent["learningMode"], sent["wafEnabled"]) == (9, None, True)  # 9: as read
    assert S.not_carried(zone) == []
    del zone["wafExecutionMode"]
    assert S.not_carried(zone) == ["wafExecutionMode"] and "wafExecutionMode" not in S.whole_object(zone, {})


def test_upload_scanning_is_sent_whole():
    state = {"shieldZoneId": 1, "isEnabled": True, "antivirusScanningMode": 7, "csamScanningMode": 1}
    assert S.whole_upload_scanning(state, {"csamScanningMode": 2}) == {
        "isEnabled": True,
        "antivirusScanningMode": 7,
        "csamScanningMode": 2,
    }


def test_an_enum_number_without_a_name_is_read_as_the_number_with_a_warning():
    unknown = []
    shown = S.readable({"planType": 6, "wafExecutionMode": "1", "dDoSExecutionMode": None}, unknown=unknown)
    assert (shown["plan"], shown["waf_execution_mode"], shown["ddos_execution_mode"]) == (6, "block", None)
    assert len(unknown) == 1 and "plan = 6" in unknown[0]
    assert S.managed_view({"planType": 6}, ["plan"]) == {"plan": 6} != S.wanted_view({"plan": "basic"})
