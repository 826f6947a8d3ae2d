"""The emulator's DNS records: ids and integer enums, the stored forms, the platform's checks (400 ApiErrorData),
update all or nothing, paging and filters, records embedded in the zone, add_record for the zone import, fixtures,
and conformance with the core API document."""

from __future__ import annotations

import pytest

from ..conftest import API_KEY

FIXTURE = {
    "api_keys": [API_KEY],
    "dns_zones": [{"id": 11, "domain": "example.com"}, {"id": 12, "domain": "example.org"}],
    "pull_zones": [{"id": 21, "name": "demo"}],
    "edge_scripts": [{"id": 77, "name": "resolver", "script_type": 0}, 78],
    "dns_records": [
        {"zone_id": 11, "type": "A", "name": "www", "value": "192.0.2.1", "ttl": 300},
        {"zone_id": 11, "type": "CNAME", "name": "blog", "value": "host.example.net."},
        {"zone_id": 11, "type": "TXT", "name": "", "value": '"v=spf1 " "-all"'},
    ],
}
CORE = "core-api-v1.0.0.json"
RECORDS = "/dnszone/11/records"


def add(running, **body):
    return running.request("PUT", RECORDS, json=body)


def test_fixture_records_are_stored_as_the_platform_stores_them(emulator):
    records = emulator(FIXTURE).request("GET", "/dnszone/11").json()["Records"]
    assert [(r["Id"], r["Type"], r["Name"], r["Value"]) for r in records] == [
        (300001, 0, "www", "192.0.2.1"),
        (300002, 2, "blog", "host.example.net"),
        (300003, 3, "", '"v=spf1 " "-all"'),
    ]
    assert records[0]["LinkName"] == "" and records[0]["Comment"] is None and records[0]["AutoSslIssuance"] is True


def test_links_read_back_as_the_platform_answers_them(emulator):
    running = emulator(FIXTURE)
    pull = add(running, Type=7, Name="cdn", PullZoneId=21)
    assert pull.status_code == 201
    assert (pull.json()["Value"], pull.json()["LinkName"], pull.json()["Id"]) == ("demo", "21", 300004)
    script = add(running, Type=11, Name="fn", ScriptId=77).json()
    assert (script["Value"], script["Weight"], "ScriptId" in script) == ("77", 100, False)
    # a standalone script is no DNS script: the update is refused and changes nothing
    moved = running.request("POST", "%s/%d" % (RECORDS, script["Id"]), json={"ScriptId": 78})
    assert moved.status_code == 400 and moved.json()["Message"] == "The script ID is not valid"


def test_fixture_script_records_name_dns_scripts_of_the_fixture(emulator):
    record = {"zone_id": 11, "type": "Script", "name": "fn", "script_id": 77}
    records = emulator(dict(FIXTURE, dns_records=[record])).request("GET", RECORDS).json()["Items"]
    assert [(r["Type"], r["Value"]) for r in records] == [(11, "77")]
    with pytest.raises(Exception, match=r"dns_records\[0\]: The script ID is not valid"):
        emulator(dict(FIXTURE, dns_records=[dict(record, script_id=78)]))


@pytest.mark.parametrize(
    "body, key, field, message",
    [
        ({"Type": 2, "Name": "www", "Value": "x.example"}, "dnsrecord.cname_conflict", "Type", "A CNAME record cannot"),
        (
            {"Type": 0, "Name": "BLOG", "Value": "192.0.2.9"},
            "dnsrecord.cname_conflict",
            "Type",
            "A CNAME record cannot",
        ),
        ({"Type": 0, "Name": "a", "Value": "192.0.2.300"}, "dnsrecord.invalid_value", "Value", "not a valid IPv4"),
        ({"Type": 1, "Name": "a", "Value": "192.0.2.3"}, "dnsrecord.invalid_value", "Value", "not a valid IPv6"),
        ({"Type": 0, "Name": "a", "Value": "192.0.2.3", "Ttl": -5}, "dnsrecord.invalid_ttl", "Ttl", "The TTL must be"),
        (
            {"Type": 7, "Name": "a", "PullZoneId": 99},
            "dnsrecord.invalid_pullzone",
            "PullZoneId",
            "The pull zone ID is not valid.",
        ),
        ({"Type": 11, "Name": "a"}, "dnsrecord.invalid_script", "ScriptId", "The script ID is not valid"),
        (
            {"Type": 11, "Name": "a", "ScriptId": 78},
            "dnsrecord.invalid_script",
            "ScriptId",
            "The script ID is not valid",
        ),
        (
            {"Type": 11, "Name": "a", "ScriptId": 79},
            "dnsrecord.invalid_script",
            "ScriptId",
            "The script ID is not valid",
        ),
        ({"Type": 16, "Name": "a"}, "dnsrecord.invalid_type", "Type", "The record type is not valid."),
    ],
)
def test_the_platform_checks_answer_400_api_error_data(emulator, body, key, field, message):
    answer = add(emulator(FIXTURE), **body)
    assert answer.status_code == 400
    assert answer.json()["ErrorKey"] == key and answer.json()["Field"] == field
    assert message in answer.json()["Message"]


def test_update_merges_and_is_all_or_nothing_delete_is_204_then_404(emulator):
    running = emulator(FIXTURE)
    assert running.request("POST", RECORDS + "/300001", json={"Ttl": 60, "Comment": "web"}).status_code == 204
    bad = running.request("POST", RECORDS + "/300001", json={"Ttl": 5, "Value": "nope"})
    assert bad.status_code == 400
    record = running.request("GET", RECORDS, params={"type": 0}).json()["Items"][0]
    assert (record["Ttl"], record["Comment"], record["Value"]) == (60, "web", "192.0.2.1")
    assert running.request("DELETE", RECORDS + "/300001").status_code == 204
    assert running.request("DELETE", RECORDS + "/300001").status_code == 404
    assert running.request("POST", RECORDS + "/300001", json={"Ttl": 1}).status_code == 404


def test_listing_pages_and_filters(emulator):
    running = emulator(FIXTURE)
    for number in range(6):
        assert add(running, Type=0, Name="n%d" % number, Value="192.0.2.%d" % number).status_code == 201
    first = running.request("GET", RECORDS, params={"perPage": 5}).json()
    assert (len(first["Items"]), first["TotalItems"], first["HasMoreItems"]) == (5, 9, True)
    assert len(running.request("GET", RECORDS, params={"type": 0}).json()["Items"]) == 7
    assert [r["Name"] for r in running.request("GET", RECORDS, params={"search": "BLOG"}).json()["Items"]] == ["blog"]
    assert running.request("GET", RECORDS, params={"perPage": 2}).status_code == 400
    assert running.request("GET", "/dnszone/99/records").status_code == 404


def test_add_record_is_the_interface_of_the_zone_import(emulator):
    running = emulator(FIXTURE)
    area = running.platform.areas["dns"]
    status, record = area.add_record(
        area.zones[12], {"Type": 4, "Name": "", "Value": "mail.example.org.", "Priority": 5}
    )
    assert status == 201 and record["Value"] == "mail.example.org" and record["Id"] == 300004
    status, error = area.add_record(area.zones[12], {"Type": 0, "Name": "x", "Value": "bad"})
    assert status == 400 and set(error) == {"ErrorKey", "Field", "Message"}
    assert [r["id"] for r in area.dump()["dns_records"]] == [300001, 300002, 300003, 300004]


def test_a_bad_fixture_record_names_its_place(emulator):
    with pytest.raises(Exception, match=r"dns_records\[0\]: The value is not a valid IPv4 address"):
        emulator(dict(FIXTURE, dns_records=[{"zone_id": 11, "type": "A", "name": "x", "value": "nope"}]))


@pytest.mark.parametrize(
    "method, path, body",
    [
        ("GET", RECORDS + "?type=0&search=w", None),
        ("PUT", RECORDS, {"Type": 7, "Name": "cdn", "PullZoneId": 21}),
        ("PUT", RECORDS, {"Type": 0, "Name": "x", "Value": "bad"}),
        ("POST", RECORDS + "/300001", {"Id": 300001, "Ttl": 60}),
        ("DELETE", RECORDS + "/300002", None),
        ("DELETE", RECORDS + "/399999", None),
        ("GET", "/dnszone/11", None),
    ],
)
def test_answers_conform_to_the_published_core_document(emulator, openapi, method, path, body):
    document = openapi(CORE)
    running = emulator(FIXTURE)
    if body is not None:
        document.check_request(method, path, body, headers={"AccessKey": API_KEY})
    document.check_response(method, path, running.request(method, path, json=body), body)
