# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of the selector names an info module and its write twin share (the guide's "Zones by name"):
dnszone_info takes dnszone's ``domain``, pullzone_info pullzone's ``name`` and ``id``, and the write modules take the
info modules' ``zone_domain``, ``pullzone_name`` and ``pullzone_id``."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import dnszone, dnszone_info, pullzone, pullzone_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

ARGS = {"api_key": "parity-twin-selectors-secret", "base_url": "https://api.example.test", "retries": 0}
DNS_ZONE = {"Id": 1010, "Domain": "example.io", "DnsSecEnabled": False}
PULL_ZONE = {"Id": 2010, "Name": "site", "OriginUrl": "https://origin.example.com", "Type": 0}


def _listing(*items):
    return FakeResponse(body={"Items": list(items), "CurrentPage": 1, "TotalItems": len(items), "HasMoreItems": False})


CASES = {
    "dnszone_info by dnszone's domain": Case(
        dnszone_info,
        dict(ARGS, domain="example.io"),
        lambda: [_listing(dict(DNS_ZONE))],
        shows=lambda r: [z["id"] for z in r["dns_zones"]] == [1010],
    ),
    "dnszone by dnszone_info's zone_domain": Case(
        dnszone,
        dict(ARGS, zone_domain="example.io"),
        lambda: [_listing(dict(DNS_ZONE))],
        shows=lambda r: r["dns_zone"]["id"] == 1010 and r["invocation"]["module_args"]["domain"] == "example.io",
    ),
    "pullzone_info by pullzone's name": Case(
        pullzone_info,
        dict(ARGS, name="site"),
        lambda: [_listing(dict(PULL_ZONE))],
        shows=lambda r: [z["id"] for z in r["pull_zones"]] == [2010],
    ),
    "pullzone_info by pullzone's id": Case(
        pullzone_info,
        dict(ARGS, id=2010),
        lambda: [FakeResponse(body=dict(PULL_ZONE))],
        shows=lambda r: [z["name"] for z in r["pull_zones"]] == ["site"],
    ),
    "pullzone by pullzone_info's pullzone_name": Case(
        pullzone,
        dict(ARGS, pullzone_name="site"),
        lambda: [_listing(dict(PULL_ZONE))],
        shows=lambda r: r["pull_zone"]["id"] == 2010,
    ),
    "pullzone_info with both names of one option": Case(
        pullzone_info,
        dict(ARGS, pullzone_name="site", name="site"),
        lambda: [_listing(dict(PULL_ZONE))],
        shows=lambda r: r["warnings"] == ["Both option pullzone_name and its alias name are set."],
    ),
}
