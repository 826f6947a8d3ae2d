# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of dns_record: an add, an update in check mode with diff, a platform refusal, a bad option."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import dns_record
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

SECRET = "unit-secret-key-dns-record-parity"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "zone_id": 1001}
RECORD = {"Id": 300001, "Type": 0, "Name": "www", "Value": "192.0.2.10", "Ttl": 300, "Weight": 0, "LinkName": ""}
WANTED = dict(ARGS, type="A", name="www", value="192.0.2.10", ttl=300)


def _zone(*records):
    """``GET /dnszone/1001``: the zone with its records (how the modules read them)."""
    return FakeResponse(body={"Id": 1001, "Domain": "example.com", "Records": list(records)})


CASES = {
    "add": Case(
        dns_record,
        WANTED,
        lambda: [_zone(), FakeResponse(status=201, body=RECORD)],
        changed=True,
        shows=lambda r: r["dns_record"]["id"] == 300001 and r["dns_record"]["monitor_type"] == "none",
    ),
    "update in check mode with diff": Case(
        dns_record,
        dict(WANTED, ttl=60, comment="web"),
        lambda: [_zone(RECORD)],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: r["diff"]["after"]["ttl"] == 60 and r["dns_record"]["comment"] == "web",
    ),
    "platform refusal": Case(
        dns_record,
        dict(WANTED, type="CNAME", value="elsewhere.example"),
        lambda: [
            _zone(),
            FakeResponse(
                status=400,
                body={
                    "ErrorKey": "dnsrecord.cname_conflict",
                    "Field": "Type",
                    "Message": "A CNAME record cannot exist",
                },
            ),
        ],
        failed=True,
        shows=lambda r: r["api_error"]["error_key"] == "dnsrecord.cname_conflict",
    ),
    "bad option": Case(
        dns_record,
        dict(WANTED, port=443),
        failed=True,
        shows=lambda r: "port applies to SRV records only" in r["msg"],
    ),
}
