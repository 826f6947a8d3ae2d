"""dnszone_info: one zone by id or domain or every zone (all pages), shaped, read-only in every mode."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.modules import dnszone_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

BASE = {"api_key": "unit-secret-key", "base_url": "https://api.example.test", "retries": 0}


def model(zone_id, domain, dnssec=False):
    return {
        "Id": zone_id,
        "Domain": domain,
        "DnsSecEnabled": dnssec,
        "Records": [{"Id": 1}, {"Id": 2}],
        "Nameserver1": "kiki.bunny.net",
        "Nameserver2": "coco.bunny.net",
        "NameserversDetected": True,
    }


def page(zones, number, more):
    return FakeResponse(body={"Items": zones, "CurrentPage": number, "TotalItems": 3, "HasMoreItems": more})


@pytest.mark.parametrize("check", [False, True])
def test_every_zone_over_every_page(fake_session, run_module, check):
    fake_session.responses = [
        page([model(1, "a.test"), model(2, "b.test", True)], 1, True),
        page([model(3, "c.test")], 2, False),
    ]
    result = run_module(dnszone_info, BASE, check=check)
    assert result["changed"] is False
    assert [(z["id"], z["domain"], z["dnssec_enabled"]) for z in result["dns_zones"]] == [
        (1, "a.test", False),
        (2, "b.test", True),
        (3, "c.test", False),
    ]
    assert result["dns_zones"][0]["record_count"] == 2 and result["dns_zones"][0]["nameserver1"] == "kiki.bunny.net"
    assert [c["params"]["page"] for c in fake_session.calls] == [1, 2] and not fake_session.writes


def test_by_domain_one_request(fake_session, run_module):
    fake_session.responses = [page([model(1, "shop.example.com"), model(2, "example.com")], 1, False)]
    result = run_module(dnszone_info, dict(BASE, zone_domain="example.com"))
    assert [z["id"] for z in result["dns_zones"]] == [2] and len(fake_session.calls) == 1


def test_by_id(fake_session, run_module):
    fake_session.responses = [FakeResponse(body=model(5, "example.org", True))]
    result = run_module(dnszone_info, dict(BASE, zone_id=5))
    assert result["dns_zones"][0]["dnssec_enabled"] is True and fake_session.calls[0]["url"].endswith("/dnszone/5")


def test_unknown_id_fails_naming_the_option(fake_session, run_module):
    fake_session.responses = [FakeResponse(404)]
    result = run_module(dnszone_info, dict(BASE, zone_id=5))
    assert result["failed"] is True and "check zone_id" in result["msg"] and result["api_error"]["status"] == 404
