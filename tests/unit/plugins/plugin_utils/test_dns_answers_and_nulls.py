# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The DNS modules on both hosts (issue 27 items 1 and 4): every read answered with what it does not document
(``{}``, ``[]``, an HTML page, an empty body) fails saying it was not understood and writes nothing, whatever the
state asked for; an identity given as null fails naming it before any request; an optional option given as null is
the option left out. Each case runs through AnsibleModule and the in-process host (``both_hosts``): same output, same
requests. Controller-side (the in-process host imports ansible's controller code)."""

from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.plugins.modules import (
    dns_record,
    dns_record_info,
    dns_records,
    dnszone,
    dnszone_dnssec,
    dnszone_info,
)
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.test_host_parity import both_hosts

SECRET = "unit-secret-key-dns-answers"
API = "https://api.example.test"
BASE = {"api_key": SECRET, "base_url": API, "retries": 0}
WWW = {"Id": 300001, "Type": 0, "Name": "www", "Value": "192.0.2.10", "Ttl": 300, "Weight": 0, "LinkName": ""}
ZONE = {"Id": 1001, "Domain": "example.com", "DnsSecEnabled": False, "Records": [WWW]}

# answers a read does not document: not understood, whatever they would seem to say
NOT_UNDERSTOOD = {
    "{}": lambda: FakeResponse(body={}),
    "[]": lambda: FakeResponse(body=[]),
    "html": lambda: FakeResponse(
        text="<!DOCTYPE html><html><head><title>Sign in</title></head><body>portal</body></html>",
        headers={"Content-Type": "text/html"},
    ),
    "empty body": lambda: FakeResponse(text=""),
}


def page(*items):
    return FakeResponse(body={"Items": list(items), "CurrentPage": 1, "TotalItems": len(items), "HasMoreItems": False})


def zone(**changes):
    return FakeResponse(body=dict(ZONE, **changes))


# (module, arguments, the answers before the bad one): each read a task does first, or after the zone is found
READS = {
    "dns_record present, the zone's records": (
        dns_record,
        dict(zone_id=1001, type="A", name="www", value="192.0.2.10"),
        [],
    ),
    "dns_record absent, the zone's records": (
        dns_record,
        dict(zone_id=1001, type="A", name="www", value="192.0.2.10", state="absent"),
        [],
    ),
    "dns_record, the zone search": (
        dns_record,
        dict(zone_domain="example.com", type="A", name="api", value="192.0.2.20"),
        [],
    ),
    "dns_record, the listing after a zone answer without records": (
        dns_record,
        dict(zone_id=1001, type="A", name="api", value="192.0.2.20"),
        [lambda: FakeResponse(body={"Id": 1001, "Domain": "example.com"})],
    ),
    "dns_records, the zone's records": (
        dns_records,
        dict(zone_id=1001, records=[{"type": "A", "name": "api", "value": "192.0.2.20"}], purge=True),
        [],
    ),
    "dns_record_info, the zone's records": (dns_record_info, dict(zone_id=1001), []),
    "dnszone present, the search by domain": (dnszone, dict(domain="example.com"), []),
    "dnszone absent, the search by domain": (dnszone, dict(domain="example.com", state="absent"), []),
    "dnszone absent, the zone by id": (dnszone, dict(zone_id=1001, state="absent"), []),
    "dnszone absent, the listing confirming a 404": (
        dnszone,
        dict(zone_id=1001, state="absent"),
        [lambda: FakeResponse(status=404)],
    ),
    "dnszone settings, the zone by id": (dnszone, dict(zone_id=1001, logging_enabled=True), []),
    "dnszone_info, the zone by id": (dnszone_info, dict(zone_id=1001), []),
    "dnszone_info, every zone": (dnszone_info, dict(), []),
    "dnszone_dnssec, the zone by id": (dnszone_dnssec, dict(zone_id=1001, state="disabled"), []),
}


@pytest.mark.parametrize("bad", sorted(NOT_UNDERSTOOD))
@pytest.mark.parametrize("read", sorted(READS))
def test_an_answer_a_read_does_not_document_is_not_understood_on_both_hosts(read, bad, fake_session, run_module):
    module, args, before = READS[read]
    result, sent = both_hosts(
        module,
        dict(BASE, **args),
        lambda: [make() for make in before] + [NOT_UNDERSTOOD[bad]()],
        fake_session,
        run_module,
    )
    assert result.get("failed") is True, result
    assert "not understood" in result["msg"] and "Nothing was written by this task" in result["msg"], result["msg"]
    assert [method for method, _url, _query, _body in sent] == ["GET"] * (len(before) + 1)
    assert "<body>" not in result["msg"] and SECRET not in json.dumps(result)


def zone_then_empty_object():
    """A zone without Records, then a records listing answered {}."""
    return [FakeResponse(body={"Id": 1001}), FakeResponse(body={})]


def test_a_record_listing_answered_with_an_empty_object_adds_nothing(fake_session, run_module):
    # the tester's report: {} read as "no records" made dns_record and dns_records add a second identical record
    for module, args in (
        (dns_record, dict(zone_id=1001, type="A", name="www", value="192.0.2.10")),
        (dns_records, dict(zone_id=1001, records=[{"type": "A", "name": "www", "value": "192.0.2.10"}])),
    ):
        result, sent = both_hosts(module, dict(BASE, **args), zone_then_empty_object, fake_session, run_module)
        assert result["failed"] is True and [m for m, _u, _q, _b in sent] == ["GET", "GET"]
        assert "is not the page of DNS records of zone 1001" in result["msg"]


# --- null: an identity given as null fails naming it; an optional option given as null is left out ------------------

IDENTITY_NULL = [
    (dns_record, dict(zone_id=1001, type="A", name=None, value="192.0.2.10"), "name"),
    (dns_record, dict(zone_id=1001, type=None, name="www", value="192.0.2.10"), "type"),
    (dns_record, dict(zone_id=None, type="A", name="www", value="192.0.2.10"), "zone_id, zone_domain"),
    (dns_records, dict(zone_id=1001, records=[{"type": "A", "name": None, "value": "192.0.2.10"}]), "name"),
    (dns_records, dict(zone_id=1001, records=None), "records"),
    (dns_record_info, dict(zone_id=None, zone_domain=None, type=None), "zone_id, zone_domain"),
    (dnszone, dict(domain=None, zone_id=None), "domain, zone_id"),
    (dnszone_dnssec, dict(zone_id=None, state="enabled"), "zone_id, zone_domain"),
    (dnszone_dnssec, dict(zone_id=1001, state=None), "state"),
]


@pytest.mark.parametrize(
    "module, args, option",
    IDENTITY_NULL,
    ids=["%s %s" % (m.__name__.rpartition(".")[2], o) for m, _a, o in IDENTITY_NULL],
)
def test_an_identity_given_as_null_fails_naming_it_before_any_request(module, args, option, fake_session, run_module):
    result, sent = both_hosts(module, dict(BASE, **args), [], fake_session, run_module)
    assert result.get("failed") is True and sent == [], result
    assert option in result["msg"], result["msg"]


OPTIONAL_NULL = [
    (
        dns_record,
        dict(zone_id=1001, type="A", name="www", value="192.0.2.10", ttl=None, comment=None, state=None),
        [zone],
    ),
    (
        dns_records,
        dict(zone_id=1001, records=[{"type": "A", "name": "www", "value": "192.0.2.10", "ttl": None}], purge=None),
        [zone],
    ),
    (dns_record_info, dict(zone_id=1001, name=None, type=None), [zone]),
    (dnszone, dict(zone_id=1001, soa_email=None, import_zone_file=None, state=None), [zone]),
    (dnszone_info, dict(zone_id=1001, export=None), [zone]),
    (dnszone_dnssec, dict(zone_id=1001, state="disabled", fetch_ds_record=None), [zone]),
]


@pytest.mark.parametrize(
    "module, args, answers", OPTIONAL_NULL, ids=[m.__name__.rpartition(".")[2] for m, _a, _r in OPTIONAL_NULL]
)
def test_an_optional_option_given_as_null_is_the_option_left_out(module, args, answers, fake_session, run_module):
    given, _sent = both_hosts(module, dict(BASE, **args), lambda: [a() for a in answers], fake_session, run_module)
    left_out = {key: value for key, value in args.items() if value is not None}
    if module is dns_records:
        left_out["records"] = [{k: v for k, v in e.items() if v is not None} for e in args["records"]]
    omitted, _sent = both_hosts(
        module, dict(BASE, **left_out), lambda: [a() for a in answers], fake_session, run_module
    )
    assert given.get("failed") is None and given["changed"] is False, given
    given.pop("invocation", None)
    omitted.pop("invocation", None)
    assert given == omitted
