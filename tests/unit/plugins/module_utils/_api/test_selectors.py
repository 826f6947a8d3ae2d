"""_lookup: zones by name (exact match over every page, clear failures listing candidates) and the selectors."""

from __future__ import annotations

import re

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import selectors as _lookup
from ansible_collections.edge.platform.plugins.module_utils._engine.client import Client
from ansible_collections.edge.platform.plugins.module_utils._engine.context import Context, execute
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import (
    DNS_ZONE, PULL_ZONE, SHIELD_ZONE, Found, LookupFailed, find_dns_zone, find_pull_zone, find_shield_zone,
    list_shield_zones, merge_validation)

from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse, FakeSession


def client(*responses):
    session = FakeSession(responses)
    return Client("https://api.example.test", {"AccessKey": "k"}, session=session, retries=0), session


def dns_page(items, page=1, more=False):
    return FakeResponse(body={"Items": items, "CurrentPage": page, "TotalItems": len(items), "HasMoreItems": more})


def dns(zone_id, domain):
    return {"Id": zone_id, "Domain": domain, "DnsSecEnabled": False}


def test_dns_zone_by_domain_sends_one_search_and_matches_exactly():
    api, session = client(dns_page([dns(1, "shop.example.com"), dns(2, "Example.com.")]))
    assert find_dns_zone(api, "example.com")["Id"] == 2
    assert [(c["method"], c["url"], c["params"]) for c in session.calls] == [
        ("GET", "https://api.example.test/dnszone", {"page": 1, "perPage": 1000, "search": "example.com"})]


def test_dns_zone_search_follows_every_page():
    api, session = client(dns_page([dns(n, "a%d.example.com" % n) for n in range(3)], more=True),
                          dns_page([dns(9, "example.com")], page=2))
    assert find_dns_zone(api, "EXAMPLE.COM.")["Id"] == 9
    assert [c["params"]["page"] for c in session.calls] == [1, 2]


def test_no_exact_match_lists_a_few_candidates_with_ids():
    api, _session = client(dns_page([dns(n, "site%d.example.com" % n) for n in range(1, 8)]))
    with pytest.raises(LookupFailed) as failed:
        find_dns_zone(api, "example.com")
    message = str(failed.value)
    assert "No DNS zone matches zone_domain='example.com' exactly" in message
    assert "site1.example.com (id 1)" in message and "site5.example.com (id 5) and 2 more" in message
    assert "site6" not in message and "give zone_id" in message


def test_several_exact_matches_fail_naming_each_id():
    api, _session = client(dns_page([dns(5, "example.net"), dns(6, "EXAMPLE.net.")]))
    with pytest.raises(LookupFailed, match=r"2 DNS zones match zone_domain='example.net': example.net \(id 5\), "
                                           r"EXAMPLE.net. \(id 6\). Give zone_id to choose one."):
        find_dns_zone(api, "example.net")


def test_nothing_found_says_so_and_names_the_option():
    api, _session = client(dns_page([]))
    with pytest.raises(LookupFailed, match="No DNS zone matches zone_domain='nowhere.test' among those this API key "
                                           "can see: check zone_domain, or give zone_id."):
        find_dns_zone(api, "nowhere.test")


@pytest.mark.parametrize("domain", ["", " ", "."])
def test_an_empty_domain_fails_before_any_request(domain):
    api, session = client()
    with pytest.raises(LookupFailed, match="zone_domain must be a domain"):
        find_dns_zone(api, domain)
    assert session.calls == []


def test_pull_zone_by_name_reads_the_paged_object_and_a_plain_array():
    zones = [{"Id": 1, "Name": "demo"}, {"Id": 2, "Name": "demo-staging"}]
    api, session = client(dns_page(zones), FakeResponse(body=zones))
    assert find_pull_zone(api, "demo-staging")["Id"] == 2
    assert find_pull_zone(api, "Demo")["Id"] == 1
    assert session.calls[0]["url"].endswith("/pullzone") and session.calls[0]["params"]["search"] == "demo-staging"
    assert "includeCertificate" not in session.calls[0]["params"]


def test_a_list_answer_of_another_shape_is_a_platform_error():
    api, _session = client(FakeResponse(body={"unexpected": True}))
    with pytest.raises(ApiError, match="neither a list nor a page"):
        find_pull_zone(api, "demo")


def test_shield_zone_of_a_pull_zone():
    api, session = client(FakeResponse(body={"data": {"shieldZoneId": 31, "pullZoneId": 21}}))
    assert find_shield_zone(api, 21)["shieldZoneId"] == 31
    assert session.calls[0]["url"].endswith("/shield/shield-zone/get-by-pullzone/21")


@pytest.mark.parametrize("answer", [FakeResponse(404, body={"title": "Not Found", "status": 404}),
                                    FakeResponse(202, body={"statusCode": 202, "location": None})])
def test_a_pull_zone_without_a_shield_zone_fails_clearly(answer):
    api, _session = client(answer)
    with pytest.raises(LookupFailed, match="No shield zone of pull zone 40 is visible to this API key .* give "
                                           "shield_zone_id"):
        find_shield_zone(api, 40)


def test_shield_zones_list_follows_next_page():
    api, session = client(
        FakeResponse(body={"data": [{"shieldZoneId": 1}], "page": {"currentPage": 1, "nextPage": 2}}),
        FakeResponse(body={"data": [{"shieldZoneId": 2}], "page": {"currentPage": 2, "nextPage": None}}))
    assert [z["shieldZoneId"] for z in list_shield_zones(api)] == [1, 2]
    assert [c["params"] for c in session.calls] == [{"page": 1}, {"page": 2}]


def test_a_page_that_does_not_advance_stops_the_listing():
    looping = FakeResponse(body={"data": [{"shieldZoneId": 1}], "page": {"currentPage": 1, "nextPage": 1}})
    api, session = client(looping)
    assert len(list_shield_zones(api)) == 1 and len(session.calls) == 1


def resolve(selector, params, *responses):
    api, session = client(*responses)
    ctx = Context(dict({name: None for name in selector.names}, **params))
    ctx.client = api
    result = execute(lambda c: {"found": selector.resolve(c)}, ctx)
    return result, session


def test_selector_by_id_sends_nothing():
    result, session = resolve(DNS_ZONE, {"zone_id": 7})
    assert (result["found"].id, result["found"].model) == (7, None) and session.calls == []


def test_selector_by_name_returns_the_model_it_read():
    result, _session = resolve(PULL_ZONE, {"pullzone_name": "demo"}, dns_page([{"Id": 4, "Name": "demo"}]))
    assert result["found"].id == 4 and result["found"].model["Name"] == "demo"


def test_selector_failure_goes_through_the_engine_funnel():
    result, _session = resolve(DNS_ZONE, {"zone_domain": "x.test"}, dns_page([dns(1, "y.x.test")]))
    assert result["failed"] is True and "y.x.test (id 1)" in result["msg"]


def test_selector_refuses_a_non_positive_id():
    result, _session = resolve(SHIELD_ZONE, {"pullzone_id": 0})
    assert result["msg"] == "pullzone_id must be a positive pull zone id; got 0."


def test_shield_selector_by_pull_zone_name_costs_two_requests():
    result, session = resolve(SHIELD_ZONE, {"pullzone_name": "demo"}, dns_page([{"Id": 21, "Name": "demo"}]),
                              FakeResponse(404))
    assert "No shield zone of pull zone demo (id 21)" in result["msg"]
    assert [c["url"].split("/", 3)[-1] for c in session.calls] == ["pullzone", "shield/shield-zone/get-by-pullzone/21"]


def test_validation_rules_and_merge():
    assert SHIELD_ZONE.validation() == {"mutually_exclusive": [["shield_zone_id", "pullzone_id", "pullzone_name"]],
                                        "required_one_of": [["shield_zone_id", "pullzone_id", "pullzone_name"]]}
    assert DNS_ZONE.validation(required=False) == {"mutually_exclusive": [["zone_id", "zone_domain"]]}
    merged = merge_validation(DNS_ZONE.validation(), {"mutually_exclusive": [["a", "b"]]})
    assert merged["mutually_exclusive"] == [["zone_id", "zone_domain"], ["a", "b"]]
    spec = PULL_ZONE.argument_spec()
    spec["pullzone_id"]["required"] = True
    assert "required" not in PULL_ZONE.argument_spec()["pullzone_id"]


def test_the_library_imports_nothing_from_ansible():
    source = open(_lookup.__file__).read()
    # only this collection's own pure libraries (ansible_collections.edge.platform...), never ansible-core
    assert not re.search(r"^\s*(?:import|from) ansible(?:\.| |$)", source, re.M)
    assert not re.search(r"^\s*(?:import|from) ansible_collections\.(?!edge\.platform\.plugins\.module_utils\.)",
                         source, re.M)


# -- every listing is bounded: pages and items -----------------------------------------------------------------


def endless(method, url, json, params):  # pylint: disable=redefined-outer-name,unused-argument
    """A platform that always has one more page."""
    page = params["page"]
    if "shield" in url:
        return FakeResponse(body={"data": [{"id": page}], "page": {"nextPage": page + 1}})
    return FakeResponse(body={"Items": [dns(page, "z%d.example.com" % page)], "HasMoreItems": True})


@pytest.mark.parametrize("listing", [_lookup.list_dns_zones, list_shield_zones])
def test_a_listing_that_never_ends_fails_after_max_pages(monkeypatch, listing):
    monkeypatch.setattr(_lookup, "MAX_PAGES", 4)
    session = FakeSession(endless)
    api = Client("https://api.example.test", {"AccessKey": "k"}, session=session, retries=0)
    with pytest.raises(ApiError) as caught:
        listing(api)
    assert len(session.calls) == 4
    assert "passed 4 pages (4 " in caught.value.message and "was stopped" in caught.value.message
    assert "Nothing was decided from a partial listing" in caught.value.describe()


def test_a_listing_past_max_items_fails_naming_the_bound(monkeypatch):
    monkeypatch.setattr(_lookup, "MAX_ITEMS", 5)
    api, session = client(*[dns_page([dns(page * 10 + n, "z%d.example.com" % n) for n in range(3)], page, more=True)
                            for page in (1, 2, 3)])
    with pytest.raises(ApiError) as caught:
        _lookup.list_pull_zones(api)
    assert len(session.calls) == 2
    assert "the listing of pull zones passed 5 items (6 pull zones in 2 pages so far)" in caught.value.message


def test_a_not_visible_hint_names_the_option_the_user_gave():
    by_id = Found(5, what="shield zone", option="shield_zone_id", given=5)
    assert by_id.not_visible == "No shield zone with id 5 is visible to this API key: check shield_zone_id."
    by_name = Found(5, what="shield zone", option="pullzone_name", given="demo")
    assert by_name.not_visible == ("No shield zone with id 5 (found through pullzone_name demo) is visible to this API "
                                   "key: check pullzone_name.")
    result, _session = resolve(SHIELD_ZONE, {"pullzone_name": "demo"}, dns_page([{"Id": 21, "Name": "demo"}]),
                               FakeResponse(body={"data": {"shieldZoneId": 9, "pullZoneId": 21}}))
    found = result["found"]
    assert (found.id, found.option, found.given, found.what) == (9, "pullzone_name", "demo", "shield zone")
    result, _session = resolve(SHIELD_ZONE, {"shield_zone_id": 9})
    assert result["found"].not_visible == "No shield zone with id 9 is visible to this API key: check shield_zone_id."
