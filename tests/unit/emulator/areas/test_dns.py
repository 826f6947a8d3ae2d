"""The emulator's DNS zones: DnsZoneModel, DNSSEC enable/disable, conformance with the core API document."""

from __future__ import annotations

import base64
import hashlib
import struct

import pytest

from ..conftest import API_KEY

FIXTURE = {
    "api_keys": [API_KEY],
    "dns_zones": [
        {"id": 11, "domain": "example.com", "dnssec": False},
        {"id": 12, "domain": "example.org", "dnssec": True},
    ],
}
CORE = "core-api-v1.0.0.json"


def test_zone_model_reports_dnssec(emulator):
    running = emulator(FIXTURE)
    assert running.request("GET", "/dnszone/11").json()["DnsSecEnabled"] is False
    assert running.request("GET", "/dnszone/12").json()["DnsSecEnabled"] is True


def test_enable_returns_a_consistent_ds_record_and_never_rekeys(emulator):
    running = emulator(FIXTURE)
    first = running.request("POST", "/dnszone/11/dnssec").json()
    assert first["Enabled"] is True and first["Algorithm"] == 13 and first["Flags"] == 257
    assert first["DigestType"] == "SHA256 (2)" and len(first["Digest"]) == 64
    # the DS digest is SHA-256 over owner name + DNSKEY RDATA (RFC 4034 §5.1.4)
    rdata = struct.pack("!HBB", 257, 3, 13) + base64.b64decode(first["PublicKey"])
    owner = b"\x07example\x03com\x00"
    assert hashlib.sha256(owner + rdata).hexdigest().upper() == first["Digest"]
    assert first["DsRecord"] == "example.com. 3600 IN DS %d 13 2 %s" % (first["KeyTag"], first["Digest"])
    assert running.request("POST", "/dnszone/11/dnssec").json() == first
    assert running.request("GET", "/dnszone/11").json()["DnsSecEnabled"] is True


def test_disable_empties_the_status_and_is_repeatable(emulator):
    running = emulator(FIXTURE)
    for _round in range(2):
        status = running.request("DELETE", "/dnszone/12/dnssec").json()
        assert status == {
            "Enabled": False,
            "DsRecord": None,
            "Digest": None,
            "DigestType": None,
            "Algorithm": 0,
            "PublicKey": None,
            "KeyTag": 0,
            "Flags": 0,
            "DsConfigured": False,
        }
    assert running.request("GET", "/dnszone/12").json()["DnsSecEnabled"] is False


@pytest.mark.parametrize(
    "method, path", [("GET", "/dnszone/99"), ("POST", "/dnszone/99/dnssec"), ("DELETE", "/dnszone/99/dnssec")]
)
def test_unknown_zone_is_404_with_empty_body(emulator, method, path):
    answer = emulator(FIXTURE).request(method, path)
    assert answer.status_code == 404 and answer.content == b""


@pytest.mark.parametrize(
    "method, path",
    [
        ("GET", "/dnszone/11"),
        ("POST", "/dnszone/11/dnssec"),
        ("DELETE", "/dnszone/12/dnssec"),
        ("GET", "/dnszone/99"),
        ("DELETE", "/dnszone/99/dnssec"),
    ],
)
def test_answers_conform_to_the_published_core_document(emulator, openapi, method, path):
    document = openapi(CORE)
    running = emulator(FIXTURE)
    document.check_response(method, path, running.request(method, path))
    document.check_response(method, path, running.request(method, path, key="wrong"))
