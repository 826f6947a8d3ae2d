"""The emulator's DNS area (issue 27 item 6, issue 28 items 2 and 9): zone-file imports bounded (413 past the size,
400 past the lines or records, nothing imported), other areas answering while an import runs, object bodies only
(``[]``, ``null`` refused), the switches for the records listing and the records in the zone's answer, and fixture
values the platform may have added since (enums that grow)."""

from __future__ import annotations

import threading

import pytest

from ..conftest import API_KEY

FIXTURE = {
    "api_keys": [API_KEY],
    "dns_zones": [{"id": 11, "domain": "example.com"}, {"id": 12, "domain": "example.org"}],
    "pull_zones": [{"id": 21, "name": "demo"}],
    "dns_records": [{"zone_id": 11, "type": "A", "name": "www", "value": "192.0.2.1", "ttl": 300}],
}
WAIT = 60  # seconds an event may take at most on a loaded machine: a bound, never a measured time


def zone_file(count, start=0):
    return "".join("h%d 300 IN A 198.51.%d.%d\n" % (n, n // 250 % 250, n % 250 + 1) for n in range(start, count))


def records_of(running, zone_id=11):
    return running.request("GET", "/dnszone/%d" % zone_id).json()["Records"]


def test_an_import_past_the_size_is_refused_with_413_and_imports_nothing(emulator):
    from emulator.areas.dns.zone_routes import MAX_IMPORT_BYTES

    running = emulator(FIXTURE)
    big = ("x" * 200 + "\n") * (MAX_IMPORT_BYTES // 200 + 1)
    answer = running.request("POST", "/dnszone/11/import", data=big.encode(), headers={"Content-Type": "text/plain"})
    assert answer.status_code == 413 and answer.json()["ErrorKey"] == "dnsZone.import_too_large"
    assert len(records_of(running)) == 1


def test_the_43_mb_import_of_the_report_is_refused_and_every_area_still_answers(emulator):
    # issue 27: a 43 MB zone file (under the 64 MB body cap) kept the DNS area, then every area, from answering
    running = emulator(FIXTURE)
    line = "www%07d 3600 IN A 192.0.2.1\n"
    big = "".join(line % n for n in range(43 * 1024 * 1024 // len(line % 0)))
    assert len(big) > 43_000_000
    answer = running.request("POST", "/dnszone/11/import", data=big.encode(), headers={"Content-Type": "text/plain"})
    assert answer.status_code == 413 and len(records_of(running)) == 1
    assert running.request("GET", "/pullzone").status_code == 200


def test_an_import_past_the_record_count_is_refused_whole(emulator):
    from emulator.areas.dns.zone_routes import MAX_IMPORT_RECORDS

    running = emulator(FIXTURE)
    answer = running.request("POST", "/dnszone/11/import", data=zone_file(MAX_IMPORT_RECORDS + 1).encode())
    assert answer.status_code == 400 and answer.json()["ErrorKey"] == "dnsZone.import_too_large"
    assert "more than %d records" % MAX_IMPORT_RECORDS in answer.json()["Message"]
    assert len(records_of(running)) == 1  # nothing imported


def test_an_import_past_the_line_count_is_refused(emulator):
    from emulator.areas.dns.zone_routes import MAX_IMPORT_LINES

    running = emulator(FIXTURE)
    answer = running.request("POST", "/dnszone/11/import", data=("; comment\n" * (MAX_IMPORT_LINES + 1)).encode())
    assert answer.status_code == 400 and "more than %d lines" % MAX_IMPORT_LINES in answer.json()["Message"]


def test_an_import_at_the_record_count_is_served_and_keeps_the_checks(emulator):
    from emulator.areas.dns.zone_routes import MAX_IMPORT_RECORDS

    running = emulator(FIXTURE)
    text = zone_file(MAX_IMPORT_RECORDS - 2) + "www 300 IN CNAME elsewhere.example.net.\nh0 300 IN A 198.51.0.9\n"
    # a generous read timeout (the machine may be busy): a bound on waiting, not a measured time
    answer = running.session.post(
        running.url + "/dnszone/11/import", data=text.encode(), headers={"AccessKey": API_KEY}, timeout=WAIT
    )
    # the CNAME beside www's A record is refused by the name index as by a scan; a second A at h0 is fine
    assert answer.status_code == 200
    assert answer.json() == {"RecordsSuccessful": MAX_IMPORT_RECORDS - 1, "RecordsFailed": 1, "RecordsSkipped": 0}
    assert len(records_of(running)) == MAX_IMPORT_RECORDS


def test_other_areas_answer_while_an_import_runs(emulator, monkeypatch):
    from emulator.areas.dns import zonefile

    running = emulator(FIXTURE)
    started, release, outcome = threading.Event(), threading.Event(), {}
    parse = zonefile.parse

    def held_parse(text, domain):  # the import is under way (the DNS area's lock held) until released
        started.set()
        release.wait(WAIT)
        return parse(text, domain)

    monkeypatch.setattr(zonefile, "parse", held_parse)

    def import_zone():
        outcome["answer"] = running.request("POST", "/dnszone/11/import", data=zone_file(100).encode())

    worker = threading.Thread(target=import_zone, daemon=True)
    worker.start()
    try:
        assert started.wait(WAIT), "the import never started"
        other = running.request("GET", "/pullzone/21")  # another area, while the import holds the DNS area
        assert other.status_code == 200 and other.json()["Id"] == 21
        assert "answer" not in outcome  # the import was still running when the other area answered
    finally:
        release.set()
        worker.join(WAIT)
    assert outcome["answer"].status_code == 200 and outcome["answer"].json()["RecordsSuccessful"] == 100


@pytest.mark.parametrize("body", [b"[]", b"null", b"5", b'"text"'], ids=["[]", "null", "number", "string"])
@pytest.mark.parametrize(
    "method, path",
    [
        ("PUT", "/dnszone/11/records"),
        ("POST", "/dnszone/11/records/300001"),
        ("POST", "/dnszone"),
        ("POST", "/dnszone/11"),
    ],
)
def test_an_operation_that_takes_an_object_refuses_other_json(emulator, method, path, body):
    running = emulator(FIXTURE)
    before = running.request("GET", "/dnszone/11").json()
    answer = running.request(method, path, data=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400 and "must be a JSON object" in answer.text
    assert running.request("GET", "/dnszone/11").json() == before


def test_the_records_listing_switch_answers_404_and_the_zone_still_carries_the_records(emulator):
    running = emulator(dict(FIXTURE, dns_records_listing=False))
    assert running.request("GET", "/dnszone/11/records").status_code == 404
    assert [r["Name"] for r in records_of(running)] == ["www"]
    assert running.request("PUT", "/dnszone/11/records", json={"Type": 0, "Name": "a", "Value": "192.0.2.5"}).ok


def test_the_zone_records_switch_leaves_records_out_of_the_zone_answer_only(emulator):
    running = emulator(dict(FIXTURE, dns_zone_records=False))
    zone = running.request("GET", "/dnszone/11").json()
    assert zone["Id"] == 11 and "Records" not in zone
    assert [r["Name"] for r in running.request("GET", "/dnszone/11/records").json()["Items"]] == ["www"]


def test_fixtures_hold_enum_values_the_platform_may_have_added(emulator):
    fixture = dict(
        FIXTURE,
        dns_zones=[{"id": 11, "domain": "example.com", "log_anonymization_type": 7, "certificate_key_type": 5}],
        dns_records=[
            {"zone_id": 11, "type": 16, "name": "new", "value": "data"},
            {"zone_id": 11, "type": "A", "name": "www", "value": "192.0.2.1", "monitor_type": 9},
            {
                "zone_id": 11,
                "type": "A",
                "name": "lb",
                "value": "192.0.2.2",
                "smart_routing_type": 6,
                "monitor_status": 4,
            },
        ],
    )
    running = emulator(fixture)
    zone = running.request("GET", "/dnszone/11").json()
    assert (zone["LogAnonymizationType"], zone["CertificateKeyType"]) == (7, 5)
    assert [(r["Type"], r["MonitorType"], r["SmartRoutingType"], r["MonitorStatus"]) for r in zone["Records"]] == [
        (16, 0, 0, 0),
        (0, 9, 0, 1),
        (0, 0, 6, 4),
    ]
    # the API's own writes still refuse a type it does not have
    refused = running.request("PUT", "/dnszone/11/records", json={"Type": 16, "Name": "x", "Value": "y"})
    assert refused.status_code == 400 and refused.json()["ErrorKey"] == "dnsrecord.invalid_type"
    assert running.admin("GET", "state").json()["areas"]["dns"]["dns_records"][0]["type"] == 16
