# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of dnszone: a create with settings, check mode with diff, a refused domain, bad input."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._shapes.dns_zones import CREATE_DEFAULTS
from ansible_collections.edge.platform.plugins.modules import dnszone
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

SECRET = "unit-secret-key-dnszone-parity"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "domain": "example.io"}
ZONE = dict(CREATE_DEFAULTS, Id=1010, Domain="example.io")
REFUSED = {"ErrorKey": "dnsZone.invalid_domain", "Field": "Domain", "Message": "The domain is not valid."}


def _listing(*zones):
    return FakeResponse(body={"Items": list(zones), "CurrentPage": 1, "TotalItems": len(zones), "HasMoreItems": False})


CASES = {
    "create": Case(
        dnszone,
        dict(ARGS, soa_email="dns@example.io"),
        lambda: [_listing(), FakeResponse(201, dict(ZONE)), FakeResponse(200, dict(ZONE, SoaEmail="dns@example.io"))],
        changed=True,
        shows=lambda r: r["dns_zone"]["id"] == 1010 and r["dns_zone"]["soa_email"] == "dns@example.io",
    ),
    "check mode with diff": Case(
        dnszone,
        dict(ARGS, log_anonymization_type="drop"),
        lambda: [_listing(dict(ZONE))],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: (
            r["diff"]["after"] == {"present": True, "domain": "example.io", "log_anonymization_type": "drop"}
        ),
    ),
    "refused domain": Case(
        dnszone,
        dict(ARGS),
        lambda: [_listing(), FakeResponse(400, REFUSED)],
        failed=True,
        shows=lambda r: "check domain" in r["msg"] and r["api_error"]["error_key"] == "dnsZone.invalid_domain",
    ),
    "bad option": Case(
        dnszone,
        dict(ARGS, state="absent", soa_email="dns@example.io"),
        failed=True,
        shows=lambda r: "state=absent takes no settings" in r["msg"],
    ),
}
