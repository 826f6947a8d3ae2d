"""pullzone_certificate, api_guardian, api_guardian_endpoint: the zone by name (exact match, candidates, one option)."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.modules import api_guardian, api_guardian_endpoint, pullzone_certificate
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

CONNECTION = {"api_key": "unit-test-api-key", "base_url": "https://api.example.test"}
DEMO = {"Id": 7, "Name": "demo"}
STAGING = {"Id": 8, "Name": "demo-staging"}
OK = {"statusCode": 200, "success": True}
GUARDIAN = {
    "error": OK,
    "data": {
        "configuration": {
            "shieldZoneId": 9,
            "isEnabled": True,
            "executionMode": 1,
            "bodyLimitAction": 1,
            "unmatchedPathAction": 1,
            "title": "Pets",
            "version": "1",
        },
        "endpoints": [
            {
                "apiGuardianEndpointId": 31,
                "shieldZoneId": 9,
                "requestMethod": "GET",
                "requestPath": "/pets",
                "isEnabled": True,
                "availableParameters": {"Path": [], "Query": [], "Header": [], "Cookie": []},
                "injectionDetectionParameters": None,
                "rateLimitingEnabled": False,
                "rateLimitingType": "IP",
                "rateLimitingRequestCount": 100,
                "rateLimitingTimeframe": 60,
            }
        ],
    },
}
SHIELD_OF_7 = FakeResponse(200, {"error": OK, "data": {"shieldZoneId": 9, "pullZoneId": 7}})
# one case per module: its own options, and the shield zone's reads after the lookup
GUARDIAN_CASES = [
    (api_guardian, {"execution_mode": "block"}),
    (api_guardian_endpoint, {"method": "GET", "path": "/pets", "enabled": True}),
]


def listing(*zones):
    return FakeResponse(200, {"Items": list(zones), "CurrentPage": 1, "TotalItems": len(zones), "HasMoreItems": False})


def paths(session):
    return [(call["method"], call["url"].split("/", 3)[-1]) for call in session.calls]


def test_certificate_by_name_still_reads_the_zone_with_its_certificates(fake_session, run_module):
    zone = dict(DEMO, Hostnames=[{"Value": "www.example.com", "HasCertificate": False}])
    fake_session.responses = [listing(STAGING, DEMO), FakeResponse(200, zone)]
    result = run_module(
        pullzone_certificate, dict(CONNECTION, pullzone_name="DEMO", hostname="www.example.com", state="absent")
    )
    assert result["changed"] is False and result["pull_zone"] == {"id": 7, "name": "demo"}
    assert paths(fake_session) == [("GET", "pullzone"), ("GET", "pullzone/7")]
    assert fake_session.calls[0]["params"]["search"] == "DEMO"
    assert "includeCertificate" not in fake_session.calls[0]["params"]  # the listing never carries keys
    assert fake_session.calls[1]["params"] == {"includeCertificate": "true"}


def test_certificate_by_ambiguous_name_lists_the_candidates(fake_session, run_module):
    fake_session.responses = [listing(dict(DEMO, Name="shop"), dict(STAGING, Name="Shop"))]
    result = run_module(
        pullzone_certificate, dict(CONNECTION, pullzone_name="shop", hostname="www.example.com", state="absent")
    )
    assert result["failed"] is True
    assert "2 pull zones match pullzone_name='shop': shop (id 7), Shop (id 8)" in result["msg"]
    assert "pullzone_id" in result["msg"] and paths(fake_session) == [("GET", "pullzone")]


@pytest.mark.parametrize(
    "params, words",
    [
        ({"pullzone_id": 7, "pullzone_name": "demo"}, "mutually exclusive: pullzone_id|pullzone_name"),
        ({}, "one of the following is required: pullzone_id, pullzone_name"),
    ],
)
def test_certificate_takes_exactly_one_zone_option(fake_session, run_module, params, words):
    result = run_module(pullzone_certificate, dict(CONNECTION, hostname="www.example.com", state="absent", **params))
    assert result["failed"] is True and words in result["msg"] and fake_session.calls == []


@pytest.mark.parametrize("module, options", GUARDIAN_CASES)
def test_guardian_by_pull_zone_name_finds_the_shield_zone(fake_session, run_module, module, options):
    fake_session.responses = [listing(STAGING, DEMO), SHIELD_OF_7, FakeResponse(200, GUARDIAN)]
    result = run_module(module, dict(CONNECTION, pullzone_name="demo", **options))
    assert result["changed"] is False, result
    assert paths(fake_session) == [
        ("GET", "pullzone"),
        ("GET", "shield/shield-zone/get-by-pullzone/7"),
        ("GET", "shield/shield-zone/9/api-guardian"),
    ]


@pytest.mark.parametrize("module, options", GUARDIAN_CASES)
def test_guardian_by_pull_zone_id_costs_one_lookup(fake_session, run_module, module, options):
    fake_session.responses = [SHIELD_OF_7, FakeResponse(200, GUARDIAN)]
    result = run_module(module, dict(CONNECTION, pullzone_id=7, **options))
    assert result["changed"] is False, result
    assert paths(fake_session) == [
        ("GET", "shield/shield-zone/get-by-pullzone/7"),
        ("GET", "shield/shield-zone/9/api-guardian"),
    ]


@pytest.mark.parametrize("module, options", GUARDIAN_CASES)
def test_guardian_by_ambiguous_name_lists_the_candidates(fake_session, run_module, module, options):
    fake_session.responses = [listing(STAGING, dict(DEMO, Name="demo-prod"))]
    result = run_module(module, dict(CONNECTION, pullzone_name="demo", **options))
    assert result["failed"] is True and paths(fake_session) == [("GET", "pullzone")]
    assert "demo-staging (id 8), demo-prod (id 7)" in result["msg"]


@pytest.mark.parametrize("module, options", GUARDIAN_CASES)
@pytest.mark.parametrize(
    "params, words",
    [
        (
            {"shield_zone_id": 9, "pullzone_name": "demo"},
            "mutually exclusive: shield_zone_id|pullzone_id|pullzone_name",
        ),
        ({"shield_zone_id": 9, "pullzone_id": 7}, "mutually exclusive: shield_zone_id|pullzone_id|pullzone_name"),
        ({}, "one of the following is required: shield_zone_id, pullzone_id, pullzone_name"),
    ],
)
def test_guardian_takes_exactly_one_zone_option(fake_session, run_module, module, options, params, words):
    result = run_module(module, dict(CONNECTION, **dict(options, **params)))
    assert result["failed"] is True and words in result["msg"] and fake_session.calls == []
