# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of dns_record_info: a read by type, a missing zone, a bad option."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import dns_record_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

SECRET = "unit-secret-key-dns-record-info-parity"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "zone_id": 1001}
PULL_ZONE = {"Id": 300002, "Type": 7, "Name": "cdn", "Value": "demo", "LinkName": "2001", "Ttl": 0}

CASES = {
    "read by type": Case(
        dns_record_info,
        dict(ARGS, type="PullZone"),
        lambda: [FakeResponse(body={"Id": 1001, "Domain": "example.com", "Records": [PULL_ZONE]})],
        shows=lambda r: r["dns_records"][0]["pullzone_id"] == 2001 and r["dns_records"][0]["value"] == "demo",
    ),
    "missing zone": Case(
        dns_record_info,
        ARGS,
        lambda: [FakeResponse(status=404)],
        failed=True,
        shows=lambda r: r["api_error"]["status"] == 404 and "check zone_id" in r["msg"],
    ),
    "bad option": Case(
        dns_record_info,
        dict(ARGS, type="SOA"),
        failed=True,
        shows=lambda r: "value of type must be one of" in r["msg"],
    ),
}
