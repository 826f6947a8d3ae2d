"""The DNS record shape: the normalisation table, option checks, identity, picking a record, bodies, a thousand records."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import dns_records as shapes


def model(**members):
    base = {"Id": 1, "Type": 0, "Name": "www", "Value": "192.0.2.1", "Ttl": 300, "LinkName": "", "Weight": 0}
    return dict(base, **members)


def wanted(**options):
    return shapes.from_options(dict({"type": "A", "name": "www"}, **options))


# (type, wanted value as given, stored value as the platform answers it): the same record, so no change
SAME = [
    ("A", " 192.0.2.1 ", "192.0.2.1"),
    ("AAAA", "2001:db8::1", "2001:0DB8:0000:0000:0000:0000:0000:0001"),
    ("AAAA", "2001:0db8:0:0:0:0:0:1", "2001:db8::1"),
    ("CNAME", "Host.Example.COM.", "host.example.com"),
    ("CNAME", "host.example.com", "host.example.com."),
    ("MX", "mail.example.com.", "MAIL.example.com"),
    ("MX", ".", "."),
    ("NS", "ns1.example.net.", "ns1.example.net"),
    ("TXT", '"v=spf1 " "-all"', "v=spf1 -all"),
    ("TXT", "v=spf1 -all", '"v=spf1 " "-all"'),
    ("TXT", '"say \\"hi\\""', 'say "hi"'),
    ("CAA", '"letsencrypt.org"', "letsencrypt.org"),
    ("Redirect", "https://example.com/", "https://example.com/"),
]
DIFFERENT = [
    ("TXT", "Case Matters", "case matters"),
    ("TXT", '"a" b', "a b"),
    ("CNAME", "a.example.com", "b.example.com"),
    ("AAAA", "2001:db8::1", "2001:db8::2"),
]


@pytest.mark.parametrize("record_type, given, stored", SAME + DIFFERENT)
def test_values_compare_in_the_stored_form(record_type, given, stored):
    want = shapes.from_options({"type": record_type, "name": "x", "value": given})
    have = shapes.from_model(model(Type=shapes.TYPE_NUMBERS[record_type], Name="x", Value=stored))
    assert shapes.same(want, have) is ((record_type, given, stored) in SAME)


@pytest.mark.parametrize("given", ["@", "", " @ "])
def test_the_apex_and_names_in_other_spellings(given):
    assert shapes.from_options({"type": "TXT", "name": given, "value": "x"})["name"] == ""
    have = shapes.from_model(model(Type=3, Name="", Value="x"))
    assert shapes.same(shapes.from_options({"type": "TXT", "name": given, "value": "x"}), have)
    assert shapes.same(wanted(name="WWW."), shapes.from_model(model()))


def test_none_counts_as_zero_and_only_given_members_are_compared():
    have = shapes.from_model(model(Ttl=None, Weight=None, Comment=None, Disabled=None))
    assert shapes.same(wanted(ttl=0, weight=0, comment="", disabled=False), have)
    assert shapes.differences(wanted(ttl=60, comment="x"), have) == ["ttl", "comment"]
    assert shapes.same(wanted(), have)


def test_pull_zone_records_match_by_either_reading():
    stored_by_name = shapes.from_model(model(Type=7, Name="cdn", Value="demo", LinkName="2001"))
    stored_by_id = shapes.from_model(model(Type=7, Name="cdn", Value="2001", LinkName=""))
    assert stored_by_name["pullzone_id"] == 2001 and stored_by_name["pullzone_name"] == "demo"
    for want in (
        shapes.from_options({"type": "PullZone", "name": "cdn", "pullzone_id": 2001}),
        shapes.from_options({"type": "PullZone", "name": "cdn", "pullzone_name": "DEMO", "pullzone_id": 2001}),
        shapes.from_options({"type": "PullZone", "name": "cdn", "value": "demo", "pullzone_id": 2001}),
    ):
        assert shapes.same(want, stored_by_name) and shapes.same(want, stored_by_id)
    assert shapes.same(shapes.from_options({"type": "PullZone", "name": "cdn", "value": "demo"}), stored_by_name)
    assert not shapes.same(shapes.from_options({"type": "PullZone", "name": "cdn", "pullzone_id": 9}), stored_by_name)


def test_script_records_read_their_id_from_the_value_and_ignore_the_weight():
    have = shapes.from_model(model(Type=11, Name="fn", Value="77", Weight=100))
    assert have["script_id"] == 77 and have["weight"] is None
    assert shapes.same(shapes.from_options({"type": "Script", "name": "fn", "value": "77"}), have)
    body = shapes.to_body(shapes.from_options({"type": "Script", "name": "fn", "script_id": 78}), model(Type=11))
    assert body["ScriptId"] == 78 and body["Value"] == "78"


def test_a_script_by_name_is_sent_as_the_id_the_lookup_found():
    want = shapes.from_options({"type": "Script", "name": "geo", "script": "geo-router"})
    assert (want["script"], want["script_id"], want["value"]) == ("geo-router", None, None)
    assert shapes.link_value(want) == "geo-router"  # only predicted under --check: the name stands for it
    shapes.set_script(want, 77)
    assert shapes.to_body(want) == {"Type": 11, "Name": "geo", "ScriptId": 77, "Value": "77"}
    assert shapes.same(want, shapes.from_model(model(Type=11, Name="geo", Value="77", Weight=100)))
    assert shapes.differences(want, shapes.from_model(model(Type=11, Name="geo", Value="78"))) == ["value"]


def test_a_script_the_platform_does_not_show_is_not_compared_and_said_so():
    shown = shapes.from_model(model(Type=11, Name="geo", Value="", Weight=100))
    assert shown["script_id"] is None and shown["script"] is None  # never claimed
    want = shapes.set_script(shapes.from_options({"type": "Script", "name": "geo", "script": "geo-router"}), 77)
    assert shapes.same(want, shown) and shapes.plan(want, shown)[0] == shapes.plan(want, shown)[1]
    assert shapes.not_compared(want, shown) == ["script"]
    assert shapes.not_compared(want, shapes.from_model(model(Type=11, Name="geo", Value="77"))) == []
    assert shapes.not_compared(want, None) == []
    by_id = shapes.from_options({"type": "Script", "name": "geo", "script_id": 77})
    assert shapes.not_compared(by_id, shown) == ["script_id"]


def test_a_script_only_predicted_differs_from_any_script_shown():
    predicted = shapes.set_script(shapes.from_options({"type": "Script", "name": "geo", "script": "new"}), None)
    assert not shapes.same(predicted, shapes.from_model(model(Type=11, Name="geo", Value="77")))
    assert shapes.merged(predicted, {})["script"] == "new"


@pytest.mark.parametrize(
    "options, said",
    [
        (
            {"type": "A", "name": "www", "priority": 1},
            "priority is not valid for A records: priority applies to MX, SRV",
        ),
        (
            {"type": "CNAME", "name": "x", "weight": 5},
            "weight is not valid for CNAME records: weight applies to A, AAAA",
        ),
        ({"type": "TXT", "name": "x", "pullzone_id": 5}, "pullzone_id is not valid for TXT records"),
        ({"type": "A", "name": "x", "value": "2001:db8::1"}, "value of an A record must be an IPv4 address"),
        ({"type": "AAAA", "name": "x", "value": "192.0.2.1"}, "value of an AAAA record must be an IPv6 address"),
        ({"type": "A", "name": "x", "weight": 101}, "weight of A records must be from 0 to 100; got 101"),
        ({"type": "AAAA", "name": "x", "weight": 101}, "weight of AAAA records must be from 0 to 100; got 101"),
        ({"type": "A", "name": "x", "monitor_type": "often"}, "monitor_type must be one of none, ping, http, monitor"),
        ({"type": "Script", "name": "x", "value": "main"}, "value of a Script record is its script id"),
        ({"type": "Script", "name": "x", "script": "a", "script_id": 5}, "script and script_id both name"),
        ({"type": "TXT", "name": "x", "script": "a"}, "script is not valid for TXT records"),
        ({"type": "SVCB", "name": "x"}, "type must be one of"),
        ({"type": "A", "name": None}, "name is required"),
    ],
)
def test_bad_options_name_the_option_and_the_types(options, said):
    with pytest.raises(InputError, match=said.replace("(", r"\(")) as caught:
        shapes.from_options(options, where="")
    assert caught.value.option in said


def test_identity_and_pick():
    records = [
        shapes.from_model(model(Id=1, Value="192.0.2.1")),
        shapes.from_model(model(Id=2, Value="192.0.2.2")),
        shapes.from_model(model(Id=3, Type=2, Name="blog", Value="a.example.com")),
    ]
    assert shapes.identity(records[0]) == ("A", "www", "192.0.2.1")
    assert shapes.identity(records[2]) == ("CNAME", "blog", None)
    assert shapes.pick(records, wanted(value="192.0.2.2"))["id"] == 2
    assert shapes.pick(records, wanted(value="192.0.2.3")) is None
    assert shapes.pick(records, shapes.from_options({"type": "CNAME", "name": "BLOG", "value": "b.example"}))["id"] == 3
    with pytest.raises(InputError, match=r"2 A records are named 'www' .*id 1: A www 192.0.2.1; id 2"):
        shapes.pick(records, wanted(ttl=5))


def test_bodies_add_the_given_members_and_update_the_stored_record():
    add = shapes.to_body(wanted(value="192.0.2.1", ttl=60, monitor_type="http"))
    assert add == {"Type": 0, "Name": "www", "Value": "192.0.2.1", "Ttl": 60, "MonitorType": 2}
    stored = model(Name="WWW", Comment="keep", EnviromentalVariables=[], AutoSslIssuance=True)
    update = shapes.to_body(wanted(ttl=60), stored)
    assert update["Ttl"] == 60 and update["Comment"] == "keep" and update["Name"] == "WWW"
    assert update["Value"] == "192.0.2.1" and update["Id"] == 1
    pull = shapes.to_body(shapes.from_options({"type": "PullZone", "name": "cdn", "pullzone_id": 5}))
    assert pull == {"Type": 7, "Name": "cdn", "PullZoneId": 5}


def test_plan_shows_only_what_differs():
    have = shapes.from_model(model(Comment="old"))
    before, after = shapes.plan(wanted(value="192.0.2.1", ttl=300, comment="new"), have)
    assert before == {"type": "A", "name": "www", "value": "192.0.2.1", "ttl": 300, "comment": "old"}
    assert after == dict(before, comment="new")


def test_a_thousand_records_compare_by_identity():
    # how fast is make bench's (dns_records, 1,000 records, no change): a test asserts behaviour, not time
    stored = [shapes.from_model(model(Id=i, Value="192.0.%d.%d" % (i // 250, i % 250))) for i in range(1000)]
    wanted_records = [wanted(value=" 192.0.%d.%d " % (i // 250, i % 250), ttl=300) for i in range(1000)]
    by_identity = {shapes.identity(r): r for r in stored}
    assert len(by_identity) == 1000
    assert all(shapes.same(w, by_identity[shapes.identity(w)]) for w in wanted_records)
