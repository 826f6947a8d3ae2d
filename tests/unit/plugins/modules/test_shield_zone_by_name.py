"""Shield zone modules choose the zone by shield_zone_id, pullzone_id or pullzone_name (the SHIELD_ZONE selector)."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.modules import (
    api_guardian_spec,
    bot_detection,
    bot_detection_info,
    waf_rule,
    waf_rule_info,
)
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_api_guardian_spec import DOCUMENT, state

BASE = "https://api.example.test"
ARGS = {"api_key": "unit-test-api-key", "base_url": BASE}
TEXT = {"Content-Type": "text/plain; charset=utf-8"}
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
BOTS = {
    "shieldZoneId": 3001,
    "executionMode": 0,
    "requestIntegrity": {"sensitivity": 1},
    "ipAddress": {"sensitivity": 1},
    "browserFingerprint": {"sensitivity": 1, "aggression": 1, "complexEnabled": False},
}
NO_RULES = {
    "data": [],
    "error": OK,
    "page": {"totalCount": 0, "totalPages": 1, "currentPage": 1, "pageSize": 100, "nextPage": None},
}
# (module, extra options, the module's own first request once the zone is known, its answer)
MODULES = [
    (bot_detection_info, {}, ("GET", "shield/shield-zone/3001/bot-detection"), {"data": BOTS, "error": OK}),
    (
        bot_detection,
        {"execution_mode": "log_only"},
        ("GET", "shield/shield-zone/3001/bot-detection"),
        {"data": BOTS, "error": OK},
    ),
    (waf_rule_info, {}, ("GET", "shield/waf/custom-rules/3001"), NO_RULES),
    (waf_rule, {"rule_name": "gone", "state": "absent"}, ("GET", "shield/waf/custom-rules/3001"), NO_RULES),
    (api_guardian_spec, {"content": DOCUMENT}, ("GET", "shield/shield-zone/3001/api-guardian"), state),
]
IDS = [entry[0].__name__.rsplit(".", 1)[-1] for entry in MODULES]


def pull_zones(*zones):
    return FakeResponse(
        200,
        {
            "Items": [{"Id": zone_id, "Name": name} for zone_id, name in zones],
            "CurrentPage": 1,
            "TotalItems": len(zones),
            "HasMoreItems": False,
        },
    )


def shield_zone_of(pull_zone_id):
    return FakeResponse(200, {"data": {"shieldZoneId": 3001, "pullZoneId": pull_zone_id}, "error": OK}, headers=TEXT)


def reply(answer):
    """The module's own answer: a body, or a function making the response."""
    return answer() if callable(answer) else FakeResponse(200, answer, headers=TEXT)


def paths(session):
    return [(call["method"], call["url"][len(BASE) + 1 :]) for call in session.calls]


@pytest.mark.parametrize("module, extra, first, answer", MODULES, ids=IDS)
def test_pull_zone_name_finds_the_shield_zone(fake_session, run_module, module, extra, first, answer):
    fake_session.responses = [pull_zones((2002, "demo-staging"), (2001, "demo")), shield_zone_of(2001), reply(answer)]
    result = run_module(module, dict(ARGS, pullzone_name="Demo", **extra))
    assert result.get("failed") is not True, result
    assert paths(fake_session)[:3] == [("GET", "pullzone"), ("GET", "shield/shield-zone/get-by-pullzone/2001"), first]
    assert fake_session.calls[0]["params"]["search"] == "Demo"


@pytest.mark.parametrize("module, extra, first, answer", MODULES, ids=IDS)
def test_pull_zone_id_costs_one_lookup(fake_session, run_module, module, extra, first, answer):
    fake_session.responses = [shield_zone_of(2001), reply(answer)]
    result = run_module(module, dict(ARGS, pullzone_id=2001, **extra))
    assert result.get("failed") is not True, result
    assert paths(fake_session)[:2] == [("GET", "shield/shield-zone/get-by-pullzone/2001"), first]


@pytest.mark.parametrize("module, extra, first, answer", MODULES, ids=IDS)
def test_a_name_without_one_exact_match_fails_listing_candidates(
    fake_session, run_module, module, extra, first, answer
):
    fake_session.responses = [pull_zones((2001, "demo"), (2002, "demo-staging"))]
    result = run_module(module, dict(ARGS, pullzone_name="dem", **extra))
    # waf_rule removes a rule: with no such zone there is nothing to remove, said in a warning with the same words
    if module is waf_rule:
        assert not result.get("failed") and result["changed"] is False
        said = str(result["warnings"])
    else:
        assert result["failed"] is True
        said = result["msg"]
    assert "demo (id 2001), demo-staging (id 2002)" in said and "pullzone_name='dem'" in said
    assert paths(fake_session) == [("GET", "pullzone")]


@pytest.mark.parametrize("module, extra, first, answer", MODULES, ids=IDS)
def test_a_pull_zone_without_shield_zone_fails_clearly(fake_session, run_module, module, extra, first, answer):
    fake_session.responses = [
        FakeResponse(404, {"data": None, "error": dict(OK, statusCode=404, success=False)}, headers=TEXT),
        FakeResponse(200, {"data": [{"shieldZoneId": 3001, "pullZoneId": 2001}]}, headers=TEXT),
    ]
    result = run_module(module, dict(ARGS, pullzone_id=2009, **extra))
    # the 404 alone decides nothing: the mapping of active shield zones confirms it
    assert paths(fake_session) == [
        ("GET", "shield/shield-zone/get-by-pullzone/2009"),
        ("GET", "shield/shield-zones/pullzone-mapping"),
    ]
    if module is waf_rule:  # removing a rule: nothing to remove, said in a warning with the same words
        assert not result.get("failed") and result["changed"] is False
        assert "Nothing to remove: No shield zone of pull zone 2009" in str(result["warnings"])
    else:
        assert result["failed"] is True and "No shield zone of pull zone 2009" in result["msg"]


@pytest.mark.parametrize(
    "params, words",
    [
        (
            {"shield_zone_id": 3001, "pullzone_name": "demo"},
            "mutually exclusive: shield_zone_id|pullzone_id|pullzone_name",
        ),
        (
            {"pullzone_id": 2001, "pullzone_name": "demo"},
            "mutually exclusive: shield_zone_id|pullzone_id|pullzone_name",
        ),
        ({}, "one of the following is required: "),  # waf_rule_info also names its id: see its own test
        ({}, "shield_zone_id, pullzone_id, pullzone_name"),
        ({"pullzone_id": 0}, "pullzone_id must be a positive id (from 1 to 9223372036854775807); got 0."),
    ],
)
@pytest.mark.parametrize("module, extra, first, answer", MODULES, ids=IDS)
def test_exactly_one_way_to_choose_the_zone(fake_session, run_module, module, extra, first, answer, params, words):
    result = run_module(module, dict(ARGS, **dict(extra, **params)))
    assert result["failed"] is True and words in result["msg"] and fake_session.calls == []
