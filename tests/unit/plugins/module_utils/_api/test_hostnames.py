"""hostnames: finding a hostname on a pull zone, its CNAME target, and the four writes with their hints."""

from __future__ import annotations

import pytest
import requests

from ansible_collections.edge.platform.plugins.module_utils._api import hostnames
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    MAY_HAVE_BEEN_SENT,
    ApiError,
    InputError,
)
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.module_utils._api.answers import client

ZONE = {
    "Id": 7,
    "CnameDomain": "",
    "Hostnames": [{"Value": "demo.b-cdn.net", "IsSystemHostname": True}, {"Value": "WWW.Example.com"}, "junk"],
}


def test_find_is_case_insensitive_and_ignores_a_trailing_dot():
    assert hostnames.find(ZONE, "www.example.com.")["Value"] == "WWW.Example.com"
    assert hostnames.find(ZONE, "cdn.example.com") is None
    assert hostnames.find({"Hostnames": None}, "x") is None
    # without a CnameDomain, the system hostname is the CNAME target
    assert hostnames.cname_target(ZONE) == "demo.b-cdn.net"
    assert hostnames.cname_target(dict(ZONE, CnameDomain="demo.b-cdn.net ")) == "demo.b-cdn.net"
    assert hostnames.cname_target({}) is None


@pytest.mark.parametrize(
    "value, given, certificate",
    [
        (" CDN.Example.com ", "CDN.Example.com", "cdn.example.com"),
        ("www.example.com.", "www.example.com.", "www.example.com"),
        ("*.example.com", "*.example.com", "*.example.com"),
        ("b\u00fccher.example", "b\u00fccher.example", "xn--bcher-kva.example"),
        ("-x.example.com", "-x.example.com", None),  # no certificate covers a label that starts with a hyphen
        ("https://www.example.com/", None, None),
        ("www.example.com:443", None, None),
        ("a b.example.com", None, None),
        ("", None, None),
    ],
)
def test_the_hostname_rules(value, given, certificate):
    for rule, expected in ((hostnames.given_hostname, given), (hostnames.certificate_hostname, certificate)):
        if expected is not None:
            assert rule(value) == expected
            continue
        with pytest.raises(InputError) as raised:
            rule(value)
        assert str(raised.value).startswith("hostname must be a bare DNS name such as ")
        assert raised.value.option == "hostname" and str(raised.value).endswith("got %r." % value)


def test_writes_send_their_bodies_once():
    api, session = client(*[FakeResponse(204, text="")] * 3 + [FakeResponse(404, text=""), FakeResponse(200, text="")])
    hostnames.add(api, 7, "Cdn.example.com")
    hostnames.set_force_ssl(api, 7, "cdn.example.com", True)
    assert hostnames.remove(api, 7, "cdn.example.com") is True
    assert hostnames.remove(api, 7, "cdn.example.com") is False  # 404: gone already
    hostnames.load_free_certificate(api, "cdn.example.com")
    assert [
        (c["method"], c["url"][len("https://api.example.test") :], c["json"], c["params"]) for c in session.calls
    ] == [
        ("POST", "/pullzone/7/addHostname", {"Hostname": "Cdn.example.com"}, None),
        ("POST", "/pullzone/7/setForceSSL", {"Hostname": "cdn.example.com", "ForceSSL": True}, None),
        ("DELETE", "/pullzone/7/removeHostname", {"Hostname": "cdn.example.com"}, None),
        ("DELETE", "/pullzone/7/removeHostname", {"Hostname": "cdn.example.com"}, None),
        ("GET", "/pullzone/loadFreeCertificate", None, {"hostname": "cdn.example.com"}),
    ]


@pytest.mark.parametrize(
    "key, hint",
    [("pullzone.hostname_already_registered", "Another pull zone"), ("pullzone.hostname_invalid", "give a DNS name")],
)
def test_add_refusals_get_hints(key, hint):
    api, _session = client(FakeResponse(400, {"ErrorKey": key, "Field": "Hostname", "Message": "No."}))
    with pytest.raises(ApiError, match=hint) as raised:
        hostnames.add(api, 7, "cdn.example.com")
    assert raised.value.error_key == key and raised.value.field == "Hostname"


def test_certificate_refused_for_dns_names_the_cname_target():
    message = {
        "ErrorKey": "pullzone.certificate_request_failed",
        "Message": "The domain x is not pointing to our servers.",
    }
    api, _session = client(
        FakeResponse(400, message), FakeResponse(400, {"Message": "The certificate could not be requested."})
    )
    with pytest.raises(ApiError, match="CNAME record cdn.example.com -> demo.b-cdn.net") as raised:
        hostnames.load_free_certificate(api, "cdn.example.com", "demo.b-cdn.net")
    assert raised.value.status == 400
    with pytest.raises(ApiError) as other:
        hostnames.load_free_certificate(api, "cdn.example.com", "demo.b-cdn.net")
    assert "CNAME" not in str(other.value)


def test_a_lost_certificate_request_is_not_replayed():
    api, session = client(requests.exceptions.ReadTimeout("slow"))
    api.retries = 3
    with pytest.raises(ApiError) as raised:
        hostnames.load_free_certificate(api, "cdn.example.com")
    assert raised.value.kind == MAY_HAVE_BEEN_SENT and len(session.calls) == 1


ACME = (
    "The certificate could not be requested. Make sure the hostname DNS is set up to bunny.net. Fail to load resource "
    "from 'https://acme-v02.api.letsencrypt.org/acme/new-order'. urn:ietf:params:acme:error:rateLimited: too many "
    'certificates (50) already issued for "example.com" in the last 168h0m0s, retry after 2026-07-18 21:49:58 UTC'
)


def test_a_refusal_by_lets_encrypts_limits_says_so_and_what_to_do():
    refused = {"ErrorKey": "pullzone.certificate_request_failed", "Field": None, "Message": ACME}
    api, session = client(FakeResponse(400, refused), FakeResponse(400, refused))
    with pytest.raises(ApiError) as caught:
        hostnames.load_free_certificate(api, "cdn.example.com")
    assert "at most 50 certificates per registered domain in 7 days" in caught.value.hint
    assert "wildcard_certificate=true" in caught.value.hint and "retry after 2026-07-18" in caught.value.describe()
    with pytest.raises(ApiError, match="Let's Encrypt refused a new certificate for cdn.example.com"):
        hostnames.issue_wildcard(api, 11, "example.com", "cdn.example.com")
    assert [(c["method"], c["url"][len("https://api.example.test") :]) for c in session.calls] == [
        ("GET", "/pullzone/loadFreeCertificate"),
        ("POST", "/dnszone/11/certificate/issue"),
    ]
    assert session.calls[1]["json"] == {"Domain": "example.com"}


def test_the_wildcard_of_a_hostname_and_the_dns_zone_that_holds_it():
    assert hostnames.wildcard_domain("cdn.shop.example.com.") == "shop.example.com"
    for name in ("example.com", "*.example.com"):
        with pytest.raises(hostnames.InputError, match="wildcard_certificate"):
            hostnames.wildcard_domain(name)
    zones = [{"Id": 1, "Domain": "example.com"}, {"Id": 2, "Domain": "Shop.Example.com"}, {"Id": 3, "Domain": "le.com"}]
    page = {"Items": zones, "CurrentPage": 1, "TotalItems": 3, "HasMoreItems": False}
    api, _session = client(FakeResponse(body=page), FakeResponse(body=page), FakeResponse(body=page))
    assert hostnames.owning_dns_zone(api, "shop.example.com")["Id"] == 2  # the longest zone domain
    assert hostnames.owning_dns_zone(api, "example.com")["Id"] == 1
    with pytest.raises(hostnames.LookupFailed, match="no DNS zone of this account holds example.org") as caught:
        hostnames.owning_dns_zone(api, "example.org")
    # under --check the core may stand in for a zone an earlier task predicted: the zone of the domain or a parent's
    assert caught.value.missing and caught.value.needs == [hostnames.predicted_owner("example.org")]
