"""The emulator's DNS zone lifecycle: create (201, the platform's defaults), update, delete, export and import of
zone files (with a stand-in for the record routes' ``add_record``), conformance with the core API document."""

from __future__ import annotations

import sys

import pytest

from ..conftest import API_KEY

FIXTURE = {
    "api_keys": [API_KEY],
    "dns_zones": [
        {"id": 11, "domain": "example.com"},
        {"id": 12, "domain": "example.org", "soa_email": "dns@example.org", "log_anonymization_type": 1},
    ],
}
CORE = "core-api-v1.0.0.json"
DEFAULTS = {
    "Records": [],
    "NameserversDetected": True,
    "CustomNameserversEnabled": False,
    "Nameserver1": "kiki.bunny.net",
    "Nameserver2": "coco.bunny.net",
    "SoaEmail": "hostmaster@bunny.net",
    "LoggingEnabled": False,
    "LoggingIPAnonymizationEnabled": True,
    "LogAnonymizationType": 0,
    "DnsSecEnabled": False,
    "CertificateKeyType": 0,
}
ZONE_FILE = """$ORIGIN example.com.
$TTL 1h
@ IN SOA kiki.bunny.net. hostmaster.bunny.net. (
        1 ; serial
        3600 600 604800 300 )
@ IN NS kiki.bunny.net.
www 300 IN A 192.0.2.10
    300 IN AAAA 2001:db8::10
@ 3600 IN MX 10 mail
txt IN TXT "v=spf1 " "-all" ; two strings
_sip._tcp 60 IN SRV 10 20 5060 sip.example.net.
@ IN CAA 0 issue "letsencrypt.org"
alias IN CNAME www
other.example.net. IN A 192.0.2.99
bad IN HINFO "x" "y"
"""


class StandIn(object):
    """A record as the record routes keep it: ``model()`` is its DnsRecordModel."""

    def __init__(self, record_id, body):
        self.body = dict(body, Id=record_id)

    def model(self):
        return dict(self.body)


def with_records(running):
    """Give the DNS area a stand-in ``add_record`` (the record routes provide the real one)."""
    area = running.platform.areas["dns"]
    added = []

    def add_record(zone, body, names=None):  # names: the import's index of the zone's names (unused here)
        if body.get("Value") == "192.0.2.66":
            return 400, {"ErrorKey": "validation.invalid", "Field": "Value", "Message": "refused"}
        added.append(body)
        record = StandIn(len(added), body)
        zone.records.append(record)
        return 201, record.model()

    area.add_record = add_record
    return added


def test_create_answers_201_with_the_platform_defaults_and_conforms(emulator, openapi):
    running = emulator(FIXTURE)
    answer = running.request("POST", "/dnszone", json={"domain": "Example.io"})  # input keys without case
    assert answer.status_code == 201
    zone = answer.json()
    assert zone["Id"] == 1001 and zone["Domain"] == "Example.io"
    assert {key: zone[key] for key in DEFAULTS} == DEFAULTS
    assert running.request("GET", "/dnszone/1001").json()["Domain"] == "Example.io"
    openapi(CORE).check_response("POST", "/dnszone", answer, {"Domain": "example.net"})


@pytest.mark.parametrize(
    "body, key",
    [
        ({"Domain": "EXAMPLE.com."}, "dnsZone.already_exists"),
        ({"Domain": "localhost"}, "dnsZone.invalid_domain"),
        ({"Domain": ".example.net"}, "dnsZone.invalid_domain"),
        ({}, "validation.required"),
    ],
)
def test_create_refuses_a_taken_or_bad_domain(emulator, openapi, body, key):
    running = emulator(FIXTURE)
    answer = running.request("POST", "/dnszone", json=body)
    assert answer.status_code == 400 and answer.json()["ErrorKey"] == key and answer.json()["Field"] == "Domain"
    openapi(CORE).check_response("POST", "/dnszone", answer, {"Domain": "x"})
    assert sorted(running.platform.areas["dns"].zones) == [11, 12]


def test_update_is_partial_and_checks_values(emulator, openapi):
    running = emulator(FIXTURE)
    answer = running.request("POST", "/dnszone/12", json={"LoggingEnabled": True, "Unknown": 1, "SoaEmail": None})
    assert answer.status_code == 200
    zone = answer.json()
    assert (zone["LoggingEnabled"], zone["SoaEmail"], zone["LogAnonymizationType"]) == (True, "dns@example.org", 1)
    openapi(CORE).check_response("POST", "/dnszone/12", answer, {"LoggingEnabled": True})
    refused = running.request("POST", "/dnszone/12", json={"CertificateKeyType": 7})
    assert refused.status_code == 400 and refused.json()["Field"] == "CertificateKeyType"
    assert running.request("POST", "/dnszone/99", json={}).status_code == 404


def test_delete_answers_204_then_404(emulator, openapi):
    running = emulator(FIXTURE)
    answer = running.request("DELETE", "/dnszone/11")
    assert answer.status_code == 204 and answer.content == b""
    openapi(CORE).check_response("DELETE", "/dnszone/11", answer)
    assert running.request("DELETE", "/dnszone/11").status_code == 404
    assert running.request("GET", "/dnszone/11").status_code == 404


def test_an_empty_zone_exports_an_empty_body(emulator):
    answer = emulator(FIXTURE).request("GET", "/dnszone/11/export")
    assert answer.status_code == 200 and answer.content == b""


def test_import_adds_each_record_counts_and_exports_them_back(emulator, openapi):
    running = emulator(FIXTURE)
    added = with_records(running)
    answer = running.request(
        "POST", "/dnszone/11/import", data=ZONE_FILE.encode("utf-8"), headers={"Content-Type": "text/plain"}
    )
    assert answer.status_code == 200
    assert answer.json() == {"RecordsSuccessful": 7, "RecordsFailed": 2, "RecordsSkipped": 2}
    openapi(CORE).check_response("POST", "/dnszone/11/import", answer)
    assert added[0] == {"Type": 0, "Ttl": 300, "Name": "www", "Value": "192.0.2.10"}
    assert added[1] == {"Type": 1, "Ttl": 300, "Name": "www", "Value": "2001:db8::10"}
    assert added[2] == {"Type": 4, "Ttl": 3600, "Name": "", "Priority": 10, "Value": "mail.example.com"}
    assert added[3] == {"Type": 3, "Ttl": 3600, "Name": "txt", "Value": "v=spf1 -all"}
    assert added[4]["Port"] == 5060 and added[4]["Value"] == "sip.example.net"
    assert added[5] == {"Type": 9, "Ttl": 3600, "Name": "", "Flags": 0, "Tag": "issue", "Value": "letsencrypt.org"}
    assert added[6]["Value"] == "www.example.com"
    exported = running.request("GET", "/dnszone/11/export").content.decode("utf-8")
    assert exported.startswith("$ORIGIN example.com.\n")
    assert "www\t300\tIN\tA\t192.0.2.10" in exported and '"v=spf1 -all"' in exported
    assert "@\t3600\tIN\tMX\t10 mail.example.com." in exported
    # what was exported imports again, record for record
    second = emulator(FIXTURE)
    again = with_records(second)
    second.request("POST", "/dnszone/11/import", data=exported.encode("utf-8"))
    assert again == added


def test_a_refused_record_counts_as_failed_and_an_unknown_zone_is_404(emulator):
    running = emulator(FIXTURE)
    with_records(running)
    answer = running.request("POST", "/dnszone/11/import", data=b"a IN A 192.0.2.66\nb IN A 192.0.2.7\n")
    assert answer.json() == {"RecordsSuccessful": 1, "RecordsFailed": 1, "RecordsSkipped": 0}
    assert running.request("POST", "/dnszone/99/import", data=b"").status_code == 404
    assert running.request("GET", "/dnszone/99/export").status_code == 404


def test_fixture_settings_are_the_zone_settings(emulator):
    zone = emulator(FIXTURE).request("GET", "/dnszone/12").json()
    assert (zone["SoaEmail"], zone["LogAnonymizationType"], zone["Nameserver1"]) == (
        "dns@example.org",
        1,
        "kiki.bunny.net",
    )


def test_zone_files_parse_what_the_format_allows():
    sys.modules.setdefault("emulator", __import__("emulator"))
    from emulator.areas.dns import zonefile

    parsed = zonefile.parse('$ORIGIN sub.example.com.\nx 1m IN TXT "a\\"b"\n"open\n$INCLUDE other\n', "example.com")
    assert parsed[0] == ("record", {"Type": 3, "Ttl": 60, "Name": "x.sub", "Value": 'a"b'})
    assert [kind for kind, dummy in parsed[1:]] == ["failed", "failed"]
    assert zonefile.render("example.com", [{"Type": 5, "Name": "go", "Value": "https://x"}]) == ""
    long_text = zonefile.render("example.com", [{"Type": 3, "Name": "", "Ttl": 60, "Value": "a" * 300}])
    assert '"%s" "%s"' % ("a" * 255, "a" * 45) in long_text
