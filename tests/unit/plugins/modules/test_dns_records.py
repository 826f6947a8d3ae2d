"""dns_records: no change reads once, the plan (sets, purge, ignore, never what cannot be written back), check mode and
diff, writes with several in flight, a lost answer settled by one re-read, a failure midway, bad entries."""

from __future__ import annotations

import threading

import pytest
import requests

from ansible_collections.edge.platform.plugins.modules import dns_records
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

SECRET = "unit-secret-key-dns-records"
BASE = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "zone_id": 1001}
WWW = {"Id": 1, "Type": 0, "Name": "www", "Value": "192.0.2.10", "Ttl": 300, "Weight": 0, "LinkName": ""}
WWW2 = dict(WWW, Id=2, Value="192.0.2.11")
MX = {"Id": 3, "Type": 4, "Name": "", "Value": "mail.example.com", "Priority": 10, "Ttl": 3600, "LinkName": ""}
TXT = {"Id": 4, "Type": 3, "Name": "", "Value": "v=spf1 mx -all", "Ttl": 300, "LinkName": ""}
SVCB = {"Id": 5, "Type": 13, "Name": "svc", "Value": "1 . alpn=h2", "Ttl": 300, "LinkName": ""}


def zone(*records):
    """The answer of ``GET /dnszone/1001``: the zone with its records (how every real client reads them)."""
    return FakeResponse(body={"Id": 1001, "Domain": "example.com", "Records": list(records)})


def entry(kind, name, value, **more):
    return dict({"type": kind, "name": name, "value": value}, **more)


def test_the_same_records_in_other_spellings_are_no_change_and_one_read(fake_session, run_module):
    fake_session.responses = [zone(WWW, WWW2, MX, TXT)]
    records = [
        entry("A", "WWW.Example.com.", "192.0.2.11"),  # absolute (a final dot), in the zone
        entry("A", "www", "192.0.2.10", ttl=300),
        entry("MX", "@", "Mail.Example.com.", priority=10),
        entry("TXT", "", '"v=spf1 " "mx -all"'),
    ]
    result = run_module(dns_records, dict(BASE, records=records), diff=True)
    assert result["changed"] is False and len(fake_session.calls) == 1
    assert result["changes"] == {"added": [], "updated": [], "deleted": []}
    assert sorted(r["id"] for r in result["dns_records"]) == [1, 2, 3, 4]


def test_info_output_given_back_is_no_change(fake_session, run_module):
    from ansible_collections.edge.platform.plugins.modules import dns_record_info

    fake_session.responses = [zone(WWW, MX, TXT)]
    read = run_module(dns_record_info, dict(BASE))
    fake_session.responses = [zone(WWW, MX, TXT)]
    result = run_module(dns_records, dict(BASE, records=read["dns_records"], purge=True))
    assert result["changed"] is False and fake_session.writes == []


def test_check_mode_plans_sets_purge_and_ignore_without_writing(fake_session, run_module):
    fake_session.responses = [zone(WWW, WWW2, MX, TXT, SVCB)]
    records = [
        entry("A", "www", "192.0.2.10", ttl=60),
        entry("A", "api", "192.0.2.20"),
        {"type": "TXT", "name": "@", "ignore": True},
    ]
    result = run_module(dns_records, dict(BASE, records=records, purge=True), check=True, diff=True)
    assert result["changed"] is True and fake_session.writes == []
    changes = result["changes"]
    assert [c["after"]["ttl"] for c in changes["updated"]] == [60]
    assert [a["name"] for a in changes["added"]] == ["api"]
    # www's other value goes (its set is listed), the MX set goes (purge); TXT is ignored, SVCB cannot be written back
    assert sorted(d["value"] for d in changes["deleted"]) == ["192.0.2.11", "mail.example.com"]
    assert {r["id"] for r in result["dns_records"]} >= {1, 4, 5} and 3 not in {r["id"] for r in result["dns_records"]}
    assert [r["value"] for r in result["diff"]["before"]["records"]] == ["mail.example.com", "192.0.2.10", "192.0.2.11"]


def test_deletions_go_first_then_the_rest_several_at_once(fake_session, run_module):
    lock, state = threading.Lock(), {"now": 0, "most": 0, "order": []}
    ready = threading.Barrier(3, timeout=5)
    reads = {"count": 0}

    def answer(method, url, json, params):
        with lock:
            state["order"].append(method)
        if method == "GET":
            reads["count"] += 1
            return zone(MX) if reads["count"] == 1 else zone(*(dict(WWW, Id=10 + i) for i in range(3)))
        if method == "DELETE":
            return FakeResponse(status=204)
        with lock:
            state["now"] += 1
            state["most"] = max(state["most"], state["now"])
        ready.wait()  # three adds must be in flight together
        with lock:
            state["now"] -= 1
        return FakeResponse(status=201, body=dict(WWW, Id=10, Name=json["Name"], Value=json["Value"]))

    fake_session.responses = answer
    records = [entry("A", "h%d" % i, "192.0.2.%d" % (i + 1)) for i in range(3)]
    result = run_module(dns_records, dict(BASE, records=records, purge=True, concurrency=3))
    assert result["changed"] is True and state["most"] == 3
    assert state["order"][:2] == ["GET", "DELETE"] and state["order"][-1] == "GET"
    assert len(result["dns_records"]) == 3  # what the zone read after the writes holds


def test_a_lost_answer_is_settled_by_one_reread_and_never_sent_again(fake_session, run_module):
    added = dict(WWW, Id=9, Name="api", Value="192.0.2.20")
    fake_session.responses = [
        zone(),
        requests.exceptions.ReadTimeout("read timed out"),
        zone(added),
        zone(added),
    ]
    result = run_module(dns_records, dict(BASE, records=[entry("A", "api", "192.0.2.20")], concurrency=1))
    assert result["changed"] is True and len(fake_session.writes) == 1
    assert "not sent again" in str(result["warnings"])  # strings, or ansible-core 2.19+'s warning records


def test_a_failure_midway_names_what_landed_failed_and_was_not_sent(fake_session, run_module):
    refused = FakeResponse(status=400, body={"ErrorKey": "dnsrecord.invalid", "Field": "Value", "Message": "No."})
    fake_session.responses = [zone(), FakeResponse(status=201, body=dict(WWW, Id=9, Name="a")), refused]
    records = [entry("A", "a", "192.0.2.1"), entry("A", "b", "192.0.2.2"), entry("A", "c", "192.0.2.3")]
    result = run_module(dns_records, dict(BASE, records=records, concurrency=1))
    assert result["failed"] is True and result["changed"] is True
    assert result["writes"] == {
        "landed": ["add A a 192.0.2.1"],
        "failed": ["add A b 192.0.2.2"],
        "unknown": [],
        "not_sent": ["add A c 192.0.2.3"],
    }
    assert (
        result["msg"].startswith("1 of 3 planned writes landed; 1 failed") and "Nothing was sent twice" in result["msg"]
    )
    assert SECRET not in str(result)


def test_bad_entries_fail_before_any_request(fake_session, run_module):
    for records, words in [
        ([entry("A", "www", "192.0.2.300")], "records[0].value"),
        ([entry("A", "www", "192.0.2.1", port=80)], "records[0].port"),
        ([entry("CNAME", "www", "a.example"), entry("CNAME", "WWW", "b.example")], "records[0] and records[1]"),
        ([entry("A", "www", None)], "records[0].value is required"),
    ]:
        result = run_module(dns_records, dict(BASE, records=records))
        assert result["failed"] is True and words in result["msg"], result["msg"]
    result = run_module(dns_records, dict(BASE, records=[], concurrency=0))
    assert "concurrency must be from 1 to 50; got 0" in result["msg"]
    result = run_module(dns_records, dict(BASE, records=[], concurrency=1000000000))
    assert "concurrency must be from 1 to 50; got 1000000000" in result["msg"]
    assert fake_session.calls == []


def test_pull_zone_names_are_searched_once(fake_session, run_module):
    zones = FakeResponse(body={"Items": [{"Id": 2001, "Name": "demo"}], "HasMoreItems": False})
    linked = {"Id": 6, "Type": 7, "Name": "cdn", "Value": "demo", "LinkName": "2001", "Ttl": 300}
    fake_session.responses = [zone(dict(linked), dict(linked, Id=7, Name="img")), zones]
    records = [
        entry("PullZone", "cdn", None, pullzone_name="demo"),
        entry("PullZone", "img", None, pullzone_name="demo"),
    ]
    result = run_module(dns_records, dict(BASE, records=records))
    assert result["changed"] is False and len(fake_session.calls) == 2


def test_a_lost_answer_with_a_failed_reread_is_unknown_never_resent(fake_session, run_module):
    down = FakeResponse(status=500, body={"Message": "down"})
    fake_session.responses = [zone(), requests.exceptions.ReadTimeout("read timed out"), down]
    result = run_module(dns_records, dict(BASE, records=[entry("A", "api", "192.0.2.20")], concurrency=1))
    assert result["failed"] is True and len(fake_session.writes) == 1
    assert (
        result["writes"]["unknown"] == ["add A api 192.0.2.20"] and result["changed"] is True
    )  # it may have landed: a failed task says so
    assert "may or may not have landed" in result["msg"]


# --- enums that grow: a number this collection cannot name ---------------------------------------------------------
NEW_TYPE = {"Id": 20, "Type": 16, "Name": "new", "Value": "data", "Ttl": 300, "LinkName": ""}
NEW_MONITOR = dict(WWW, Id=21, Name="lb", MonitorType=9, SmartRoutingType=6, MonitorStatus=4)


def warnings_of(result):
    return [w if isinstance(w, str) else w["event"]["msg"] for w in result.get("warnings", [])]


def test_a_record_of_a_type_this_collection_cannot_name_is_never_purged_or_rewritten(fake_session, run_module):
    fake_session.responses = [zone(WWW, NEW_TYPE)]
    result = run_module(dns_records, dict(BASE, records=[entry("A", "www", "192.0.2.10")], purge=True), diff=True)
    assert result["changed"] is False and fake_session.writes == []
    assert [r["type"] for r in result["dns_records"]] == ["A", 16]
    assert any(w.startswith("The platform answered Type = 16") for w in warnings_of(result))


def test_unknown_enum_numbers_read_and_given_back_are_no_change(fake_session, run_module):
    from ansible_collections.edge.platform.plugins.modules import dns_record, dns_record_info

    fake_session.responses = [zone(NEW_MONITOR)]
    read = run_module(dns_record_info, dict(BASE))
    (record,) = read["dns_records"]
    assert (record["monitor_type"], record["smart_routing_type"], record["monitor_status"]) == (9, 6, 4)
    assert sorted(w.split(",")[0] for w in warnings_of(read)) == [
        "The platform answered MonitorStatus = 4",
        "The platform answered MonitorType = 9",
        "The platform answered SmartRoutingType = 6",
    ]
    fake_session.responses = [zone(NEW_MONITOR)]
    given = {k: record[k] for k in ("type", "name", "value", "monitor_type", "smart_routing_type", "ttl")}
    result = run_module(dns_record, dict(BASE, **given))
    assert result["changed"] is False and fake_session.writes == []
    fake_session.responses = [zone(NEW_MONITOR)]
    assert run_module(dns_records, dict(BASE, records=read["dns_records"]))["changed"] is False


def test_an_update_sends_an_unknown_enum_number_back_as_it_was_read(fake_session, run_module):
    from ansible_collections.edge.platform.plugins.modules import dns_record

    fake_session.responses = [zone(NEW_MONITOR), FakeResponse(status=204), zone(dict(NEW_MONITOR, Ttl=60))]
    result = run_module(dns_record, dict(BASE, type="A", name="lb", value="192.0.2.10", ttl=60))
    assert result["changed"] is True
    (write,) = fake_session.writes
    assert (write["json"]["MonitorType"], write["json"]["SmartRoutingType"], write["json"]["Ttl"]) == (9, 6, 60)


def test_absolute_names_and_prune_as_community_dns_names_purge(fake_session, run_module):
    fake_session.responses = [zone(WWW, MX, TXT), FakeResponse(204), zone(WWW, MX)]
    records = [
        entry("A", "www.example.com.", "192.0.2.10"),
        entry("MX", "example.com.", "mail.example.com", priority=10),
    ]
    result = run_module(dns_records, dict(BASE, records=records, prune=True))
    assert result["changed"] is True and result["changes"]["deleted"] and not result["changes"]["added"]
    assert [c["method"] for c in fake_session.writes] == ["DELETE"] and fake_session.writes[0]["url"].endswith("/4")


def test_an_absolute_name_outside_the_zone_keeps_the_earlier_meaning_with_a_deprecation(fake_session, run_module):
    fake_session.responses = [zone(WWW)]
    result = run_module(dns_records, dict(BASE, records=[entry("A", "www.example.org.", "192.0.2.10")]), check=True)
    assert result["changed"] is True and fake_session.writes == []
    assert [r["name"] for r in result["changes"]["added"]] == ["www.example.org"]
    assert [(d["event"]["msg"], d["version"]) for d in result["deprecations"]] == [
        (
            "records[0].name www.example.org. ends with a dot, so it is an absolute name (as in a zone file), and it is "
            "not in the zone example.com: give it relative to the zone, or end it with .example.com. Until 2.0.0 it is "
            "read as earlier releases read it, as the record www.example.org.example.com; from 2.0.0 it fails.",
            "2.0.0",
        )
    ]


def test_without_a_deprecation_channel_an_absolute_name_outside_the_zone_is_refused():
    from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
    from ansible_collections.edge.platform.plugins.module_utils._shapes import dns_records as shapes

    with pytest.raises(InputError, match="not in the zone example.com"):
        shapes.in_zone({"name": "www.example.org."}, "example.com")


def test_a_relative_name_ending_with_the_zone_warns_naming_the_record(fake_session, run_module):
    by_domain = dict(BASE, zone_id=None, zone_domain="example.com")
    answers = [
        FakeResponse(body={"Items": [{"Id": 1001, "Domain": "example.com"}], "HasMoreItems": False}),
        zone(WWW),
    ]
    fake_session.responses = list(answers)
    result = run_module(dns_records, dict(by_domain, records=[entry("A", "www.example.com", "192.0.2.10")]), check=True)
    assert result["changes"]["added"][0]["name"] == "www.example.com"
    assert [w["event"]["msg"] for w in result["warnings"]] == [
        "records[0].name www.example.com has no final dot, so it is relative to the zone: the record is "
        "www.example.com.example.com. End it with a dot (www.example.com.) for the name www.example.com itself, "
        "or give it relative to the zone (www)."
    ]
