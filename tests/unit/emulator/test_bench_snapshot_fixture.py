"""The snapshot benchmark's account generator (tests/perf/snapshot_fixture.py) makes what it says: the counts asked
for, in a fixture the emulator loads and serves."""

from __future__ import annotations

import importlib.util

import pytest

from emulator.fixtures import load_fixture

from .conftest import TESTS_DIR


def generator():
    spec = importlib.util.spec_from_file_location("snapshot_fixture", str(TESTS_DIR / "perf" / "snapshot_fixture.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_default_account_is_the_issues():
    account = generator().fixture(**generator().SIZES)
    assert generator().counts(account) == {
        "pull_zones": 200,
        "dns_zones": 200,
        "records_per_dns_zone": [20],
        "shield_zones": 50,
        "rules_per_shield_zone": [10],
    }


@pytest.mark.parametrize(
    "sizes",
    [
        dict(pull_zones=3, dns_zones=2, records=7, shield_zones=3, rules=4),
        dict(pull_zones=1, dns_zones=0, records=0, shield_zones=0, rules=0),
    ],
)
def test_a_written_account_loads_and_holds_the_counts(tmp_path, sizes):
    path = str(tmp_path / "account.json")
    written = generator().write(path, **sizes)
    loaded = load_fixture(path)  # the fixture format, checked strictly
    assert loaded == written
    counts = generator().counts(loaded)
    assert counts["pull_zones"] == sizes["pull_zones"] and counts["dns_zones"] == sizes["dns_zones"]
    assert counts["shield_zones"] == sizes["shield_zones"]
    assert counts["records_per_dns_zone"] == ([sizes["records"]] if sizes["dns_zones"] else [])
    assert counts["rules_per_shield_zone"] == ([sizes["rules"]] if sizes["shield_zones"] else [])
    assert len({zone["name"] for zone in loaded["pull_zones"]}) == sizes["pull_zones"]
    assert len({(r["zone_id"], r["name"]) for r in loaded["dns_records"]}) == sizes["dns_zones"] * sizes["records"]


def test_the_emulator_serves_what_the_fixture_holds(emulator):
    account = generator().fixture(pull_zones=4, dns_zones=3, records=5, shield_zones=2, rules=3)
    running = emulator(account, key=generator().API_KEY)
    pull_zones = running.request("GET", "/pullzone", params={"page": 1, "perPage": 1000}).json()["Items"]
    assert sorted(zone["Name"] for zone in pull_zones) == ["bench-%03d" % i for i in range(4)]
    assert {len(zone["EdgeRules"]) for zone in pull_zones} == {2}
    dns_zones = running.request("GET", "/dnszone", params={"page": 1, "perPage": 1000}).json()["Items"]
    assert [len(running.request("GET", "/dnszone/%d" % z["Id"]).json()["Records"]) for z in dns_zones] == [5, 5, 5]
    shields = running.request("GET", "/shield/shield-zones").json()["data"]
    assert sorted(zone["pullZoneId"] for zone in shields) == [pull_zones[0]["Id"], pull_zones[1]["Id"]]
    rules = [running.request("GET", "/shield/waf/custom-rules/%d" % z["shieldZoneId"]).json()["data"] for z in shields]
    assert [len(zone_rules) for zone_rules in rules] == [3, 3]


def test_a_shield_zone_needs_its_own_pull_zone():
    with pytest.raises(ValueError, match="shield_zones"):
        generator().fixture(pull_zones=1, shield_zones=2)
