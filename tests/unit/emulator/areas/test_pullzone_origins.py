"""The emulated pull zone origins (ids validated, the platform's rewrites), enums that grow in a fixture, Let's
Encrypt's limits and wildcard certificates through a DNS zone."""

from __future__ import annotations

import pytest

from .test_pullzones import SPEC_NAME, conform

KEY = "test-key"
FIXTURE = {
    "api_keys": [KEY],
    "edge_scripts": [3001, 3002],
    "magic_containers_apps": [{"id": "app-1", "endpoints": ["ep-1"]}],
    "acme_rate_limited": ["limited.example"],
    "dns_zones": [{"id": 11, "domain": "example.com"}],
    "pull_zones": [
        {"id": 2001, "name": "demo", "settings": {"origin_url": "https://origin.example.com"}},
        {"id": 2002, "name": "grown", "settings": {"origin_type": 7, "type": 2, "log_anonymization_type": 9}},
        {
            "id": 2003,
            "name": "hosts",
            "hostnames": [
                {"value": "hosts.b-cdn.net", "system": True},
                {"value": "cdn.example.com"},
                {"value": "www.example.com", "free_certificate": True},
                {"value": "deep.cdn.example.com"},
                {"value": "cdn.limited.example", "dns_points_here": True},
            ],
        },
    ],
}


@pytest.fixture(scope="module")
def running(module_emulator):
    return module_emulator(FIXTURE, key=KEY)


@pytest.fixture(autouse=True)
def fresh(running):
    running.admin("POST", "reset")


def test_a_script_origin_needs_a_known_script_and_is_stored_as_the_platform_rewrites_it(running, openapi):
    body = {
        "Name": "app",
        "OriginType": 4,
        "EdgeScriptId": 3001,
        "OriginUrl": "https://x.example",
        "RoutingFilters": ["all", "scripting"],
    }
    reply = running.request("POST", "/pullzone", json=body)
    assert reply.status_code == 201
    zone = reply.json()
    assert (zone["OriginUrl"], zone["RoutingFilters"], zone["EdgeScriptId"]) == (
        "https://bunnycdn.com",
        ["scripting"],
        3001,
    )
    conform(openapi(SPEC_NAME).api, "POST", "/pullzone", body=body, reply=reply)
    for body, field, message in (
        ({"Name": "bad", "OriginType": 4, "EdgeScriptId": 9}, "EdgeScriptId", "Edge Script ID not found."),
        ({"Name": "bad", "OriginType": 4}, "EdgeScriptId", "Edge Script ID not found."),
        ({"Name": "bad", "MiddlewareScriptId": 9}, "MiddlewareScriptId", "Edge Script ID not found."),
        (
            {"Name": "bad", "OriginType": 5, "MagicContainersAppId": "nope"},
            "MagicContainersAppId",
            "The Magic Containers App ID is not valid.",
        ),
        (
            {"Name": "bad", "OriginType": 5, "MagicContainersAppId": "app-1", "MagicContainersEndpointId": "x"},
            "MagicContainersEndpointId",
            "The Magic Containers Endpoint ID is not valid.",
        ),
        ({"Name": "bad", "OriginType": 1, "DnsOriginScheme": "https"}, "DnsOriginPort", None),
    ):
        reply = running.request("POST", "/pullzone", json=body)
        assert (reply.status_code, reply.json()["Field"]) == (400, field), body
        assert message is None or reply.json()["Message"] == message
    names = [z["name"] for z in running.admin("GET", "state").json()["areas"]["pullzones"]["pull_zones"]]
    assert "bad" not in names


def test_containers_middleware_and_dns_origins(running):
    reply = running.request(
        "POST",
        "/pullzone/2001",
        json={"OriginType": 5, "MagicContainersAppId": "app-1", "MagicContainersEndpointId": "ep-1"},
    )
    assert reply.status_code == 200 and reply.json()["OriginUrl"] == "https://bunny.net"
    reply = running.request("POST", "/pullzone/2001", json={"MiddlewareScriptId": 3002})
    assert reply.json()["RoutingFilters"] == ["all", "scripting"]
    reply = running.request(
        "POST", "/pullzone/2001", json={"OriginType": 1, "DnsOriginPort": 8080, "DnsOriginScheme": "HTTP"}
    )
    zone = reply.json()
    assert zone["OriginUrl"] == "http://bunny.net:8080" and "DnsOriginPort" not in zone  # written only
    reply = running.request("POST", "/pullzone/2001", json={"DnsOriginPort": 443, "DnsOriginScheme": "https"})
    assert reply.json()["OriginUrl"] == "https://bunny.net"


def test_a_fixture_may_hold_enum_numbers_the_document_does_not_name(running, openapi):
    reply = running.request("GET", "/pullzone/2002")
    zone = reply.json()
    assert (zone["OriginType"], zone["Type"], zone["LogAnonymizationType"]) == (7, 2, 9)
    # a request is still held to the named values
    assert running.request("POST", "/pullzone/2002", json={"OriginType": 7}).status_code == 400


def test_lets_encrypts_limit_refuses_free_and_wildcard_certificates(running):
    reply = running.request("GET", "/pullzone/loadFreeCertificate", params={"hostname": "cdn.limited.example"})
    assert reply.status_code == 400
    assert 'too many certificates (50) already issued for "limited.example"' in reply.json()["Message"]


def test_a_wildcard_issued_through_the_dns_zone_covers_the_hostnames_one_label_under_it(running, openapi):
    reply = running.request("POST", "/dnszone/11/certificate/issue", json={"Domain": "example.com"})
    assert (reply.status_code, reply.text) == (200, "")
    conform(
        openapi(SPEC_NAME).api, "POST", "/dnszone/11/certificate/issue", body={"Domain": "example.com"}, reply=reply
    )
    hostnames = {h["Value"]: h for h in running.request("GET", "/pullzone/2003").json()["Hostnames"]}
    assert (
        hostnames["cdn.example.com"]["HasCertificate"],
        hostnames["cdn.example.com"]["CertificateProvisionType"],
    ) == (True, 2)
    assert hostnames["www.example.com"]["CertificateProvisionType"] == 1  # had its own: left alone
    assert hostnames["deep.cdn.example.com"]["HasCertificate"] is False  # a wildcard covers one label
    state = running.admin("GET", "state").json()["areas"]["pullzones"]
    assert state["wildcard_certificates"] == ["example.com"]
    assert running.request("POST", "/dnszone/99/certificate/issue", json={}).status_code == 404
    refused = running.request("POST", "/dnszone/11/certificate/issue", json={"Domain": "example.org"})
    assert (refused.status_code, refused.json()["Field"]) == (400, "Domain")
    assert running.request("POST", "/dnszone/11/certificate/issue").status_code == 200  # no body: the zone's domain
