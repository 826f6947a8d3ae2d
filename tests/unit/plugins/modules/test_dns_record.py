"""dns_record and dns_record_info: no change in another spelling, add, update read back, check mode, diff, delete,
ambiguity, bad options before any request, secrets."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import dns_record, dns_record_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

SECRET = "unit-secret-key-dns-record"
BASE = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "zone_id": 1001}
MX = {"Id": 7, "Type": 4, "Name": "", "Value": "mail.example.com", "Priority": 10, "Ttl": 3600, "LinkName": ""}


def zone(*records):
    """The answer of ``GET /dnszone/1001``: the zone with its records (how every real client reads them)."""
    return FakeResponse(body={"Id": 1001, "Domain": "example.com", "Records": list(records)})


def test_another_spelling_is_no_change_and_only_reads(fake_session, run_module):
    fake_session.responses = [zone(MX)]
    result = run_module(dns_record, dict(BASE, type="MX", name="@", value="MAIL.Example.com.", priority=10))
    assert result["changed"] is False and fake_session.writes == []
    assert result["dns_record"]["id"] == 7 and result["dns_record"]["weight"] is None
    assert [(c["method"], c["url"]) for c in fake_session.calls] == [("GET", "https://api.example.test/dnszone/1001")]


def test_update_sends_the_stored_record_and_returns_what_is_read_back(fake_session, run_module):
    fake_session.responses = [zone(MX), FakeResponse(status=204), zone(dict(MX, Ttl=60))]
    result = run_module(dns_record, dict(BASE, type="MX", name="", ttl=60), diff=True)
    assert result["changed"] is True
    (write,) = fake_session.writes
    assert write["method"] == "POST" and write["url"].endswith("/dnszone/1001/records/7")
    assert write["json"]["Ttl"] == 60 and write["json"]["Priority"] == 10 and write["json"]["Value"] == MX["Value"]
    assert result["diff"] == {
        "before": {"type": "MX", "name": "", "value": "mail.example.com", "ttl": 3600},
        "after": {"type": "MX", "name": "", "value": "mail.example.com", "ttl": 60},
    }
    assert result["dns_record"]["ttl"] == 60 and SECRET not in str(result)


def test_check_mode_predicts_a_new_record_and_sends_no_write(fake_session, run_module):
    fake_session.responses = [zone(MX)]
    result = run_module(dns_record, dict(BASE, type="MX", name="", value="backup.example.com", priority=20), check=True)
    assert result["changed"] is True and fake_session.writes == []
    assert result["dns_record"]["id"] is None and result["dns_record"]["priority"] == 20


def test_add_returns_the_answer(fake_session, run_module):
    added = {"Id": 8, "Type": 7, "Name": "cdn", "Value": "demo", "LinkName": "2001"}
    fake_session.responses = [
        FakeResponse(body={"Items": [{"Id": 2001, "Name": "demo"}], "HasMoreItems": False}),
        zone(),
        FakeResponse(status=201, body=added),
    ]
    result = run_module(dns_record, dict(BASE, type="PullZone", name="cdn", pullzone_name="demo"))
    assert result["changed"] is True
    assert fake_session.writes[0]["json"] == {"Type": 7, "Name": "cdn", "PullZoneId": 2001}
    assert result["dns_record"]["pullzone_id"] == 2001 and result["dns_record"]["value"] == "demo"


def test_absent_deletes_once_and_then_has_nothing_to_do(fake_session, run_module):
    fake_session.responses = [zone(MX), FakeResponse(status=204)]
    result = run_module(dns_record, dict(BASE, type="MX", name="", value="mail.example.com", state="absent"))
    assert result["changed"] is True and [c["method"] for c in fake_session.writes] == ["DELETE"]
    fake_session.responses = [zone()]
    assert run_module(dns_record, dict(BASE, type="MX", name="", state="absent"))["changed"] is False


def test_ambiguity_and_a_missing_value_fail_before_any_write(fake_session, run_module):
    fake_session.responses = [zone(MX, dict(MX, Id=8, Value="backup.example.com"))]
    result = run_module(dns_record, dict(BASE, type="MX", name="", ttl=60))
    assert result["failed"] and "id 7: MX @ mail.example.com; id 8: MX @ backup.example.com" in result["msg"]
    fake_session.responses = [zone()]
    result = run_module(dns_record, dict(BASE, type="MX", name="new", ttl=60))
    assert result["failed"] and "value is required to create a MX record" in result["msg"]
    assert fake_session.writes == []


def test_an_option_the_type_does_not_take_fails_before_any_request(fake_session, run_module):
    result = run_module(dns_record, dict(BASE, type="CNAME", name="www", value="x.example", weight=10))
    assert result["failed"] and "weight applies to A, AAAA, SRV records only" in result["msg"]
    assert fake_session.calls == []


def test_info_filters_by_name_in_any_spelling(fake_session, run_module):
    fake_session.responses = [zone(MX, dict(MX, Id=8, Name="www", Type=0, Value="192.0.2.1"))]
    result = run_module(dns_record_info, dict(BASE, name="@"))
    assert [r["id"] for r in result["dns_records"]] == [7]
    assert [c["url"] for c in fake_session.calls] == ["https://api.example.test/dnszone/1001"]


def test_a_name_with_a_final_dot_is_absolute(fake_session, run_module):
    www = {"Id": 8, "Type": 0, "Name": "cdn", "Value": "192.0.2.1", "Ttl": 300, "LinkName": ""}
    fake_session.responses = [zone(MX, www)]
    result = run_module(dns_record, dict(BASE, type="A", name="CDN.example.com.", value="192.0.2.1"))
    assert result["changed"] is False and result["dns_record"]["id"] == 8 and fake_session.writes == []
    fake_session.responses = [zone(MX, www)]
    apex = run_module(dns_record, dict(BASE, type="MX", name="example.com.", value="mail.example.com", priority=10))
    assert apex["changed"] is False and apex["dns_record"]["id"] == 7


def test_an_absolute_name_outside_the_zone_keeps_the_earlier_meaning_with_a_deprecation(fake_session, run_module):
    by_domain = dict(BASE, zone_id=None, zone_domain="example.com")
    listing = FakeResponse(body={"Items": [{"Id": 1001, "Domain": "example.com"}], "HasMoreItems": False})
    fake_session.responses = [listing, zone(MX)]
    args = dict(by_domain, type="A", name="cdn.example.org.", value="192.0.2.1")
    result = run_module(dns_record, args, check=True)
    assert result["changed"] is True and result["dns_record"]["name"] == "cdn.example.org"
    assert [(d["event"]["msg"], d["version"]) for d in result["deprecations"]] == [
        (
            "name cdn.example.org. ends with a dot, so it is an absolute name (as in a zone file), and it is not in "
            "the zone example.com: give it relative to the zone, or end it with .example.com. Until 2.0.0 it is read "
            "as earlier releases read it, as the record cdn.example.org.example.com; from 2.0.0 it fails.",
            "2.0.0",
        )
    ]


def test_a_relative_name_ending_with_the_zone_creates_it_relative_with_a_warning(fake_session, run_module):
    fake_session.responses = [zone(MX)]
    result = run_module(dns_record, dict(BASE, type="A", name="cdn.example.com", value="192.0.2.1"), check=True)
    assert result["changed"] is True and result["dns_record"]["name"] == "cdn.example.com"
    assert [w["event"]["msg"] for w in result["warnings"]] == [
        "name cdn.example.com has no final dot, so it is relative to the zone: the record is "
        "cdn.example.com.example.com. End it with a dot (cdn.example.com.) for the name cdn.example.com itself, or "
        "give it relative to the zone (cdn)."
    ]


def test_info_takes_an_absolute_name(fake_session, run_module):
    www = {"Id": 8, "Type": 0, "Name": "www", "Value": "192.0.2.1", "Ttl": 300, "LinkName": ""}
    fake_session.responses = [zone(MX, www)]
    result = run_module(dns_record_info, dict(BASE, name="www.example.com."))
    assert [r["id"] for r in result["dns_records"]] == [8]
