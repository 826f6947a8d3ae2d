"""The emulator's list and lookup endpoints: paging, search, envelopes, conformance with the published documents."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.tests.unit.shield_reference import validate_response

from .conftest import API_KEY

CORE = "core-api-v1.0.0.json"
SHIELD = "shield-api-v1.0.0.json"
FIXTURE = {
    "api_keys": [API_KEY],
    "dns_zones": [{"id": 11 + n, "domain": "site%d.example.com" % n} for n in range(7)]
    + [{"id": 30, "domain": "example.org", "dnssec": True}],
    "pull_zones": [{"id": 21 + n, "name": "cdn-%d" % n} for n in range(6)] + [{"id": 40, "name": "media"}],
    "shield_zones": [{"id": 31 + n, "pull_zone_id": 21 + n, "plan": "advanced"} for n in range(12)],
}


def test_dns_zones_page_through_every_zone(emulator):
    running = emulator(FIXTURE)
    first = running.request("GET", "/dnszone", params={"page": 1, "perPage": 5}).json()
    second = running.request("GET", "/dnszone", params={"page": 2, "perPage": 5}).json()
    assert (first["CurrentPage"], first["TotalItems"], first["HasMoreItems"]) == (1, 8, True)
    assert (second["CurrentPage"], second["TotalItems"], second["HasMoreItems"]) == (2, 8, False)
    assert [z["Id"] for z in first["Items"] + second["Items"]] == [11, 12, 13, 14, 15, 16, 17, 30]


def test_dns_zone_search_matches_part_of_the_domain_in_any_case(emulator):
    answer = emulator(FIXTURE).request("GET", "/dnszone", params={"search": "EXAMPLE.ORG"}).json()
    assert [(z["Id"], z["Domain"], z["DnsSecEnabled"]) for z in answer["Items"]] == [(30, "example.org", True)]
    assert answer["CurrentPage"] == 1 and answer["HasMoreItems"] is False


@pytest.mark.parametrize(
    "path, query",
    [
        ("/dnszone", {"perPage": 4}),
        ("/dnszone", {"perPage": 1001}),
        ("/dnszone", {"page": 0}),
        ("/pullzone", {"perPage": "many"}),
    ],
)
def test_out_of_range_paging_is_refused_naming_the_parameter(emulator, path, query):
    answer = emulator(FIXTURE).request("GET", path, params=query)
    assert answer.status_code == 400 and answer.json()["Field"] == next(iter(query))


def test_pull_zones_page_zero_is_a_plain_array_and_page_one_the_paged_object(emulator):
    running = emulator(FIXTURE)
    everything = running.request("GET", "/pullzone").json()
    assert [z["Id"] for z in everything] == [21, 22, 23, 24, 25, 26, 40]
    paged = running.request("GET", "/pullzone", params={"page": 2, "perPage": 5, "search": "cdn"}).json()
    assert [z["Id"] for z in paged["Items"]] == [26]
    assert (paged["CurrentPage"], paged["TotalItems"], paged["HasMoreItems"]) == (2, 6, False)


def test_pull_zone_list_hides_certificates_unless_asked(emulator):

    zones = emulator(FIXTURE).request("GET", "/pullzone", params={"search": "media"}).json()
    assert [h["Certificate"] for h in zones[0]["Hostnames"]] == [None]
    assert [h["CertificateKey"] for h in zones[0]["Hostnames"]] == [None]


def test_shield_zone_by_pull_zone_and_unknown_pull_zone(emulator):
    running = emulator(FIXTURE)
    found = running.request("GET", "/shield/shield-zone/get-by-pullzone/23")
    assert found.status_code == 200 and found.json()["data"]["shieldZoneId"] == 33
    missing = running.request("GET", "/shield/shield-zone/get-by-pullzone/40")
    assert missing.status_code == 404 and missing.json()["status"] == 404


def test_shield_zones_list_pages_by_ten(emulator):
    running = emulator(FIXTURE)
    first = running.request("GET", "/shield/shield-zones").json()
    assert [z["shieldZoneId"] for z in first["data"]] == list(range(31, 41))
    assert first["page"] == {"totalCount": 12, "totalPages": 2, "currentPage": 1, "nextPage": 2, "pageSize": 10}
    last = running.request("GET", "/shield/shield-zones", params={"page": 2}).json()
    assert [z["shieldZoneId"] for z in last["data"]] == [41, 42]
    assert last["page"]["nextPage"] is None


@pytest.mark.parametrize(
    "path",
    ["/dnszone", "/dnszone?page=2&perPage=5&search=site", "/pullzone", "/pullzone?search=cdn&includeCertificate=true"],
)
def test_core_answers_conform_to_the_published_document(emulator, openapi, path):
    published = openapi(CORE)
    running = emulator(FIXTURE)
    published.check_response("GET", path, running.request("GET", path))
    published.check_response("GET", path, running.request("GET", path, key="wrong"))


def test_paged_pull_zones_match_the_documented_paged_object(emulator, openapi):
    """The document types page>=1 answers only in prose: they carry the DNS list's paged shape."""
    answer = emulator(FIXTURE).request("GET", "/pullzone", params={"page": 1, "perPage": 5}).json()
    assert sorted(answer) == ["CurrentPage", "HasMoreItems", "Items", "TotalItems"]
    validate_response(openapi(CORE).api, "GET", "/pullzone", 200, answer["Items"])


@pytest.mark.parametrize(
    "path, query",
    [
        ("/shield/shield-zone/get-by-pullzone/21", None),
        ("/shield/shield-zones", None),
        ("/shield/shield-zones", {"page": "2", "perPage": "10"}),
    ],
)
def test_shield_answers_conform_to_the_published_document(emulator, openapi, path, query):
    published = openapi(SHIELD).api
    running = emulator(FIXTURE)
    for key in (API_KEY, "wrong"):
        answer = running.request("GET", path, key=key, params=query)
        assert answer.status_code == (200 if key == API_KEY else 401)
        validate_response(published, "GET", path, answer.status_code, answer.content, query=query)
