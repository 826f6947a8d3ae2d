# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""DNS records of type Script take their DNS script by name (issue 33, item 4) against the emulator's demo fixture
(resolver: a DNS script, hello-edge: a standalone one; zone 1001, example.com), on both hosts: the record reaches the
emulator with the script's id, its re-run and dns_record_info's output given back are no change, a script the record
does not show is not compared (and said so), and a name that does not fit fails naming the option before any write."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.ledger import Ledger
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_pullzone_settings import HOSTS, run, writes

RESOLVER = 3003  # the demo fixture's DNS script
RECORD_KEYS = ("type", "name", "value", "ttl", "script", "script_id", "disabled", "comment")


def records_named(emulated, name):
    zone = emulated.platform.areas["dns"].zones[1001]
    return [record for record in zone.records if record.name == name]


@pytest.mark.parametrize("host", HOSTS)
def test_a_script_record_by_name_reaches_the_emulator_with_the_script_id(emulated_demo, host):
    created, _shown = run(emulated_demo, host, "dns_record", zone_id=1001, type="Script", name="geo", script="resolver")
    assert created["changed"] and created["dns_record"]["script_id"] == RESOLVER, created.get("msg")
    assert created["dns_record"]["script"] is None and "not_compared" not in created  # never claimed: not returned
    assert [(record.type, record.script_id) for record in records_named(emulated_demo, "geo")] == [(11, RESOLVER)]
    again, _shown = run(emulated_demo, host, "dns_record", zone_id=1001, type="Script", name="geo", script="resolver")
    assert not again["changed"]
    info, _shown = run(emulated_demo, host, "dns_record_info", zone_id=1001, name="geo")
    record = {key: info["dns_records"][0][key] for key in RECORD_KEYS}
    given_back, _shown = run(emulated_demo, host, "dns_record", zone_id=1001, **record)
    assert given_back["changed"] is False, given_back.get("msg")
    listed, _shown = run(emulated_demo, host, "dns_records", zone_id=1001, records=info["dns_records"])
    assert listed["changed"] is False, listed.get("msg")
    assert [write[:2] for write in writes(emulated_demo)] == [("PUT", "/dnszone/1001/records")]


@pytest.mark.parametrize("host", HOSTS)
def test_a_set_takes_its_script_records_by_name(emulated_demo, host):
    records = [
        {"type": "Script", "name": "geo", "script": "resolver"},
        {"type": "A", "name": "www", "value": "192.0.2.1"},
    ]
    synced, _shown = run(emulated_demo, host, "dns_records", zone_id=1001, records=records)
    assert synced["changed"] and len(synced["changes"]["added"]) == 2, synced.get("msg")
    assert [record.script_id for record in records_named(emulated_demo, "geo")] == [RESOLVER]
    assert not run(emulated_demo, host, "dns_records", zone_id=1001, records=records)[0]["changed"]


@pytest.mark.parametrize("host", HOSTS)
def test_a_script_the_record_does_not_show_is_not_compared_and_said_so(emulated_demo, host):
    run(emulated_demo, host, "dns_record", zone_id=1001, type="Script", name="geo", script_id=RESOLVER)
    records_named(emulated_demo, "geo")[0].value = ""  # attached by a client that sent no value (the official CLI)
    kept, _shown = run(emulated_demo, host, "dns_record", zone_id=1001, type="Script", name="geo", script="resolver")
    assert kept["changed"] is False and kept["not_compared"] == ["script"], kept.get("msg")
    assert kept["dns_record"]["script_id"] is None  # the record shows none: none claimed
    records = [
        {"type": "A", "name": "www", "value": "192.0.2.1"},
        {"type": "Script", "name": "geo", "script": "resolver"},
    ]
    synced, _shown = run(emulated_demo, host, "dns_records", zone_id=1001, records=records)
    assert synced["not_compared"] == ["records[1].script"] and synced["changes"]["updated"] == []


@pytest.mark.parametrize(
    "module, options, words",
    [
        (
            "dns_record",
            {"script": "hello-edge"},
            "script names a dns script, but the edge script named 'hello-edge' is of type standalone",
        ),
        (
            "dns_record",
            {"script": "nowhere"},
            "No edge script named 'nowhere' is visible to this API key: check script",
        ),
        ("dns_record", {}, "script or script_id is required to create a Script record."),
        ("dns_records", {"script": "hello-edge"}, "records[0].script names a dns script"),
        ("dns_records", {}, "records[0].script or script_id is required"),
    ],
)
def test_a_script_that_does_not_fit_fails_naming_the_option_before_any_write(emulated_demo, module, options, words):
    record = dict({"type": "Script", "name": "geo"}, **options)
    args = {"records": [record]} if module == "dns_records" else record
    result, _shown = run(emulated_demo, "in-process", module, zone_id=1001, **args)
    assert result["failed"] and words in result["msg"], result["msg"]
    assert writes(emulated_demo) == []


@pytest.mark.parametrize("zone", [{"zone_id": 1001}, {"zone_domain": "new.example"}])  # a zone held, one predicted
def test_a_script_only_predicted_is_looked_up_once_under_check(emulated_demo, tmp_path, zone):
    ledger = Ledger(str(tmp_path / "ledger"))
    args = {"name": "geo-new", "type": "dns", "code": "export default {}"}
    emulated_demo.run("edge_script", emulated_demo.arguments("edge_script", args), "in-process", True, ledger=ledger)
    emulated_demo.run(
        "dnszone", emulated_demo.arguments("dnszone", {"domain": "new.example"}), "in-process", True, ledger=ledger
    )
    before = len(emulated_demo.log())
    record = dict(zone, type="Script", name="geo", script="geo-new")
    result, _shown = emulated_demo.run(
        "dns_record", emulated_demo.arguments("dns_record", record), "in-process", check=True, ledger=ledger
    )
    assert (
        result["changed"] and result["dns_record"]["script"] == "geo-new" and result["dns_record"]["script_id"] is None
    )
    assert len([w for w in result["warnings"] if "edge script 'geo-new'" in w]) == 1  # one lookup, one warning
    listings = [e["path"] for e in emulated_demo.log()[before:] if e["path"] == "/compute/script"]
    assert listings == ["/compute/script"] and writes(emulated_demo) == []


@pytest.mark.parametrize("host", HOSTS)
def test_dns_record_info_filters_by_script_name_or_id(emulated_demo, host):
    run(emulated_demo, host, "dns_record", zone_id=1001, type="Script", name="geo", script="resolver")
    run(emulated_demo, host, "dns_record", zone_id=1001, type="Script", name="bare", script_id=RESOLVER)
    records_named(emulated_demo, "bare")[0].value = ""  # the record shows no script: it matches none
    by_name, _shown = run(emulated_demo, host, "dns_record_info", zone_id=1001, script="resolver")
    by_id, _shown = run(emulated_demo, host, "dns_record_info", zone_id=1001, script_id=RESOLVER, type="Script")
    assert [r["name"] for r in by_name["dns_records"]] == ["geo"] == [r["name"] for r in by_id["dns_records"]]
    assert by_name["dns_records"][0]["script_id"] == RESOLVER


@pytest.mark.parametrize(
    "options, words",
    [
        ({"script": "resolver", "type": "A"}, "script filters Script records, but type is A: leave type out"),
        ({"script": "nowhere"}, "No edge script named 'nowhere' is visible to this API key: check script"),
        ({"script": "hello-edge"}, "script names a dns script, but the edge script named 'hello-edge' is of type"),
        ({"script": "resolver", "script_id": RESOLVER}, "parameters are mutually exclusive: script|script_id"),
    ],
)
def test_dns_record_info_refuses_a_script_filter_that_does_not_fit(emulated_demo, options, words):
    result, _shown = run(emulated_demo, "in-process", "dns_record_info", zone_id=1001, **options)
    assert result["failed"] and words in result["msg"], result["msg"]
    if "type" in options or "script_id" in options:  # bad input: refused before any request
        assert emulated_demo.log() == []


def test_dns_record_info_by_a_script_only_predicted_returns_no_record_under_check(emulated_demo, tmp_path):
    ledger = Ledger(str(tmp_path / "ledger"))
    args = {"name": "geo-new", "type": "dns", "code": "export default {}"}
    emulated_demo.run("edge_script", emulated_demo.arguments("edge_script", args), "in-process", True, ledger=ledger)
    result, _shown = emulated_demo.run(
        "dns_record_info",
        emulated_demo.arguments("dns_record_info", {"zone_id": 1001, "script": "geo-new"}),
        "in-process",
        check=True,
        ledger=ledger,
    )
    assert result["dns_records"] == [] and result["changed"] is False and not result.get("failed")
    assert (
        "edge script 'geo-new' does not exist yet" in result["warnings"][0]
        and "reports no change" in result["warnings"][0]
    )
