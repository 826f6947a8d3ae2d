# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of pullzone: a create, check mode with diff, a taken name, bad input."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import pullzone
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

SECRET = "unit-secret-key-pullzone-parity"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "name": "site"}
ZONE = {"Id": 2010, "Name": "site", "OriginUrl": "https://origin.example.com", "Type": 0, "EnableGeoZoneAF": True}
TAKEN = {"ErrorKey": "pullzone.name_taken", "Field": "Name", "Message": "The name is taken."}


def _listing(*zones):
    return FakeResponse(body={"Items": list(zones), "CurrentPage": 1, "TotalItems": len(zones), "HasMoreItems": False})


CASES = {
    "create": Case(
        pullzone,
        dict(ARGS, origin_url="https://origin.example.com"),
        lambda: [_listing(), FakeResponse(201, dict(ZONE))],
        changed=True,
        shows=lambda r: r["pull_zone"]["id"] == 2010 and r["pull_zone"]["origin_url"] == "https://origin.example.com",
    ),
    "check mode with diff": Case(
        pullzone,
        dict(ARGS, enable_geo_zone_af=False),
        lambda: [_listing(dict(ZONE))],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: r["diff"]["after"] == {"present": True, "name": "site", "enable_geo_zone_af": False},
    ),
    "name taken": Case(
        pullzone,
        dict(ARGS),
        lambda: [_listing(), FakeResponse(400, TAKEN)],
        failed=True,
        shows=lambda r: "maybe by another account" in r["msg"] and r["api_error"]["error_key"] == "pullzone.name_taken",
    ),
    "bad option": Case(
        pullzone,
        dict(ARGS, blocked_countries=["DE", "Deutschland"]),
        failed=True,
        shows=lambda r: "blocked_countries[1]" in r["msg"],
    ),
}
