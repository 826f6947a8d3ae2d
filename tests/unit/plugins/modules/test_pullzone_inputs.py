"""pullzone (issues 27 and 28): numbers in range (null on both hosts: plugin_utils/test_pullzone_nulls.py), entries checked before sending,
origin types with what they need (the platform's rewrites compared as stored), enums that grow, a proxy's 414 page."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_pullzone import (
    CORE,
    SECRET,
    ZONE,
    answer,
    calls,
    listing,
    run,
    validate_request,
)

SCRIPT_ZONE = dict(
    ZONE, OriginType=4, EdgeScriptId=3001, OriginUrl="https://bunnycdn.com", RoutingFilters=["scripting"]
)


@pytest.mark.parametrize(
    "options, words",
    [
        (dict(cache_expiration_time=-2), "cache_expiration_time must be from -1 to 9223372036854775807; got -2"),
        (dict(cache_expiration_time_browser=2**63), "cache_expiration_time_browser must be from -1 to"),
        (dict(storage_zone_id=-1), "storage_zone_id must be from 0 to"),
        (dict(middleware_script_id=-1), "middleware_script_id must be from 0 to"),
        (dict(dns_origin_port=65536), "dns_origin_port must be from 1 to 65535; got 65536"),
        (dict(edge_script_id=-1), "edge_script_id must be from 0 to"),
        (dict(id=0, name=None), "id must be a positive id"),
        (dict(blocked_ips=["192.0.2.1", "300.1.1.1"]), "blocked_ips[1] must be an IP address, a CIDR network"),
        (dict(blocked_ips=["cdn.example.com"]), "blocked_ips[0] must be an IP address"),
        (dict(blocked_ips=["192.0.2.0/33"]), "blocked_ips[0] must be an IP address"),
        (dict(allowed_referrers=["https://example.com/"]), "allowed_referrers[0] must be a host name"),
        (dict(blocked_referrers=["ex ample.com"]), "blocked_referrers[0] must be a host name"),
        (dict(query_string_vary_parameters=["page", "a.b"]), "query_string_vary_parameters[1] must be letters"),
        (dict(blocked_countries=["DEU"]), "blocked_countries[0] must be a two-letter"),
        (dict(origin_url="https://300.1.1.1"), "300.1.1.1 is not an IPv4 address"),
        (dict(origin_url="https://exa$mple.com"), "exa$mple.com is not a host name"),
        (dict(origin_type="edge_script", origin_url="https://x.example"), "origin_url cannot be set for an origin"),
        (dict(storage_zone_id=5, edge_script_id=7), "belong to different origin types"),
    ],
)
def test_bad_input_fails_naming_the_option_and_entry_before_any_request(fake_session, run_module, options, words):
    result = run(fake_session, run_module, [], **options)
    assert result["failed"] is True and words in result["msg"], result["msg"]
    assert not fake_session.calls


@pytest.mark.parametrize(
    "entries",
    [["192.0.2.1", "2001:db8::1", "192.0.2.0/24", "2001:db8::/32", "192.0.2.*", "10.*.*.*"]],
)
def test_every_form_of_address_the_platform_may_take_is_sent(fake_session, run_module, entries):
    result = run(fake_session, run_module, [listing(ZONE), answer(BlockedIps=entries)], blocked_ips=entries)
    assert result["changed"] is True and fake_session.writes[0]["json"] == {"BlockedIps": entries}


def test_a_proxys_414_page_on_a_write_is_named_by_its_title(fake_session, run_module):
    page = "<html><head><title>414 Request-URI Too Large</title></head><body><center>nginx</center></body></html>"
    too_large = FakeResponse(414, text=page, headers={"Content-Type": "text/html"})
    result = run(fake_session, run_module, [listing(ZONE), too_large], blocked_ips=["192.0.2.1"] * 1)
    assert result["failed"] is True and 'an HTML page titled "414 Request-URI Too Large"' in result["msg"]
    assert "nginx" not in result["msg"] and len(fake_session.writes) == 1


# --- origin types and what they need --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options, lacking",
    [
        (dict(origin_type="edge_script"), "origin_type edge_script needs edge_script_id to create the zone"),
        (dict(magic_containers_app_id="app-1"), "needs magic_containers_endpoint_id to create the zone"),
        (dict(dns_origin_port=8080), "origin_type dns_accelerate needs dns_origin_scheme"),
        (dict(origin_type="storage_zone"), "origin_type storage_zone needs storage_zone_id"),
        (dict(origin_type="load_balancer"), "needs load_balancer_id"),
    ],
)
def test_a_create_without_what_its_origin_needs_is_refused_before_any_write(fake_session, run_module, options, lacking):
    result = run(fake_session, run_module, [listing(ZONE)], name="new", **options)
    assert result["failed"] is True and lacking in result["msg"] and not fake_session.writes


def test_a_script_origin_is_created_as_the_provider_does_and_compared_as_stored(fake_session, run_module, openapi):
    created = FakeResponse(201, dict(SCRIPT_ZONE, Id=2010, Name="app"))
    result = run(fake_session, run_module, [listing(ZONE), created], name="app", edge_script_id=3001)
    body = fake_session.writes[0]["json"]
    assert body == {
        "Name": "app",
        "OriginType": 4,
        "EdgeScriptId": 3001,
        "OriginUrl": "https://bunnycdn.com",
        "RoutingFilters": ["all", "scripting"],
    }
    validate_request(openapi(CORE).api, "POST", "/pullzone", body)
    assert result["changed"] is True and not result.get("warnings")
    assert (result["pull_zone"]["origin_type"], result["pull_zone"]["edge_script_id"]) == ("edge_script", 3001)
    # the platform keeps its own URL and filters: a re-run is no change
    again = run(fake_session, run_module, [listing(dict(SCRIPT_ZONE, Name="app"))], name="app", edge_script_id=3001)
    assert again["changed"] is False and len(fake_session.writes) == 1


def test_a_zone_switched_to_containers_gets_the_fixed_url_and_a_middleware_script_its_filter(fake_session, run_module):
    options = dict(origin_type="magic_containers", magic_containers_app_id="app", magic_containers_endpoint_id="e1")
    run(fake_session, run_module, [listing(dict(ZONE, RoutingFilters=["all"])), answer()], **options)
    assert fake_session.writes[0]["json"] == {
        "OriginType": 5,
        "MagicContainersAppId": "app",
        "MagicContainersEndpointId": "e1",
        "OriginUrl": "https://bunny.net",
    }
    run(fake_session, run_module, [listing(dict(ZONE, RoutingFilters=["all"])), answer()], middleware_script_id=9)
    assert fake_session.writes[-1]["json"] == {"MiddlewareScriptId": 9, "RoutingFilters": ["all", "scripting"]}


def test_a_dns_origin_is_compared_with_its_origin_url_and_sent_with_both_members(fake_session, run_module):
    dns_zone = dict(ZONE, OriginType=1, OriginUrl="http://192.0.2.10:8080")
    same = run(fake_session, run_module, [listing(dns_zone)], dns_origin_port=8080, dns_origin_scheme="http")
    assert same["changed"] is False and same["pull_zone"]["dns_origin_port"] == 8080
    moved = answer(OriginType=1, OriginUrl="https://192.0.2.10")
    result = run(fake_session, run_module, [listing(dns_zone), moved], dns_origin_port=443)
    assert fake_session.writes[-1]["json"] == {"DnsOriginPort": 443, "DnsOriginScheme": "http"}
    assert result["pull_zone"]["dns_origin_scheme"] == "https" and "dns_origin_port" not in str(result.get("warnings"))


def test_enums_the_platform_added_are_returned_as_numbers_with_a_warning_and_no_change(fake_session, run_module):
    grown = dict(ZONE, OriginType=7, Type=2, Hostnames=[dict(ZONE["Hostnames"][0], CertificateKeyType=3)])
    result = run(fake_session, run_module, [listing(grown)], cache_expiration_time=-1)
    assert result["changed"] is False and not fake_session.writes
    assert (result["pull_zone"]["origin_type"], result["pull_zone"]["type"]) == (7, 2)
    assert result["pull_zone"]["hostnames"][0]["certificate_key_type"] == 3
    said = " ".join(w if isinstance(w, str) else w["event"]["msg"] for w in result["warnings"])
    assert (
        "OriginType = 7" in said and "Type = 2" in said and "CertificateKeyType of hostname demo.b-cdn.net = 3" in said
    )
    assert SECRET not in said
    named = run(fake_session, run_module, [listing(grown), answer()], origin_type="origin_url")
    assert fake_session.writes[-1]["json"] == {"OriginType": 0} and named["changed"] is True
    assert calls(fake_session)[-1] == ("POST", "/pullzone/2001")
