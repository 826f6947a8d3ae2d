# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of dns_records: a sync that adds and purges, a change in check mode with diff, a failure midway,
a bad entry."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import dns_records
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

SECRET = "unit-secret-key-dns-records-parity"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "zone_id": 1001, "concurrency": 1}
WWW = {"Id": 300001, "Type": 0, "Name": "www", "Value": "192.0.2.10", "Ttl": 300, "Weight": 0, "LinkName": ""}
OLD = {"Id": 300002, "Type": 0, "Name": "old", "Value": "192.0.2.99", "Ttl": 300, "Weight": 0, "LinkName": ""}
MAIL = {"Id": 300003, "Type": 4, "Name": "", "Value": "mail.example.com", "Ttl": 300, "Priority": 10, "LinkName": ""}
RECORDS = [{"type": "A", "name": "www", "value": "192.0.2.10", "ttl": 300}]


def _zone(*records):
    """``GET /dnszone/1001``: the zone with its records (how the modules read them)."""
    return FakeResponse(body={"Id": 1001, "Domain": "example.com", "Records": list(records)})


CASES = {
    "add and purge": Case(
        dns_records,
        dict(ARGS, purge=True, records=RECORDS + [{"type": "MX", "name": "@", "value": "mail.example.com"}]),
        lambda: [
            _zone(WWW, OLD),
            FakeResponse(status=204),  # delete old
            FakeResponse(status=201, body=MAIL),  # add MX
            _zone(WWW, MAIL),
        ],
        changed=True,
        shows=lambda r: [x["value"] for x in r["changes"]["deleted"]] == ["192.0.2.99"] and len(r["dns_records"]) == 2,
    ),
    "update in check mode with diff": Case(
        dns_records,
        dict(ARGS, records=[dict(RECORDS[0], ttl=60)]),
        lambda: [_zone(WWW, OLD)],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: (
            r["diff"]["after"]["records"][0]["ttl"] == 60 and r["changes"]["updated"][0]["before"]["ttl"] == 300
        ),
    ),
    "failure midway": Case(
        dns_records,
        dict(ARGS, records=RECORDS + [{"type": "A", "name": "api", "value": "192.0.2.20"}]),
        lambda: [
            _zone(),
            FakeResponse(status=201, body=dict(WWW, Name="api", Value="192.0.2.20", Id=300009)),
            FakeResponse(status=400, body={"ErrorKey": "dnsrecord.invalid", "Field": "Value", "Message": "No."}),
        ],
        failed=True,
        changed=True,
        shows=lambda r: r["writes"]["landed"] == ["add A api 192.0.2.20"] and r["changed"] is True,
    ),
    "bad entry": Case(
        dns_records,
        dict(ARGS, records=[{"type": "A", "name": "www", "value": "not-an-ip"}]),
        failed=True,
        shows=lambda r: "records[0].value" in r["msg"],
    ),
}
