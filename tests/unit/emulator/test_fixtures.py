"""Fixture files are checked strictly: an unknown key or a wrongly typed value fails naming its place."""

from __future__ import annotations

import glob
import os
import socket
import subprocess
import sys

import pytest

from emulator.fixtures import FixtureError, load_fixture

from .conftest import EMULATOR_DIR, TESTS_DIR, load_platform

COLLECTION_ROOT = os.path.dirname(str(TESTS_DIR))
ZONE = {"id": 1, "domain": "example.com", "dnssec": True}


def refused(tmp_path, text):
    """The message of the FixtureError loading the fixture ``text`` raises."""
    path = tmp_path / "fixture.yml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FixtureError) as caught:
        load_fixture(str(path))
    message = str(caught.value)
    assert message.startswith("fixture %s" % path), "every message names the file"
    return message


@pytest.mark.parametrize(
    "text, place",
    [
        ("dns_zone: [{id: 1}]\n", "unknown key dns_zone; the top level takes "),
        (
            "dns_zones: [{id: 1, dnsec: true}]\n",
            "unknown key dns_zones[0].dnsec; dns_zones[0] takes certificate_key_type, custom_nameservers_enabled, dnssec, "
            "domain, id, log_anonymization_type,",
        ),
        (
            "pull_zones: [{id: 1, hostnames: [{value: a.example}, {value: b.example, sytem: true}]}]\n",
            "unknown key pull_zones[0].hostnames[1].sytem",
        ),
        (
            "shield_zones: [{id: 1, bot_detection: {ip_adress: 1}}]\n",
            "unknown key shield_zones[0].bot_detection.ip_adress",
        ),
        (
            "shield_zones: [{id: 1}]\nwaf_rules: [{id: 2, shield_zone_id: 1, rule_configuration: {chainedRuleConditions:"
            " [{operatorType: 0, actionType: 1}]}}]\n",
            "unknown key waf_rules[0].rule_configuration.chainedRuleConditions[0].actionType",
        ),
        ("databases: [{id: demo, tokens: {full: [t]}}]\n", "unknown key databases[0].tokens.full"),
        ("tls_listener: {host: 127.0.0.1, prot: 0}\n", "unknown key tls_listener.prot"),
    ],
)
def test_unknown_keys_fail_naming_the_key_and_where_it_is(tmp_path, text, place):
    assert place in refused(tmp_path, text)


@pytest.mark.parametrize(
    "text, place",
    [
        ("dns_zones: [{id: 1, dnssec: maybe}]\n", "dns_zones[0].dnssec must be true or false; got 'maybe'"),
        ("dns_zones: [{id: 1, dnssec: 'true'}]\n", "dns_zones[0].dnssec must be true or false; got 'true'"),
        ("dns_zones: [{id: 1, dnssec: 1}]\n", "dns_zones[0].dnssec must be true or false; got 1"),
        ("dns_zones: [{id: '1001'}]\n", "dns_zones[0].id must be an integer; got '1001'"),
        ("dns_zones: [{id: true}]\n", "dns_zones[0].id must be an integer; got True"),
        ("dns_zones: {id: 1}\n", "dns_zones must be a list; got a mapping"),
        ("dns_zones: [1001]\n", "dns_zones[0] must be a mapping; got 1001"),
        ("dns_zones: [{domain: x}]\n", "dns_zones[0] needs 'id'"),
        ("api_keys: [k, 7]\n", "api_keys[1] must be a string; got 7"),
        (
            "pull_zones: [{id: 1, hostnames: [{value: a.example, force_ssl: 'no'}]}]\n",
            "pull_zones[0].hostnames[0].force_ssl must be true or false; got 'no'",
        ),
        ("pull_zones: [{id: 1, omit_certificates: null}]\n", "pull_zones[0].omit_certificates must not be null"),
        (
            "shield_zones: [{id: 1, api_guardian_forbidden: 'yes'}]\n",
            "shield_zones[0].api_guardian_forbidden must be true or false; got 'yes'",
        ),
        (
            "shield_zones: [{id: 1, waf_rule_writes: accept}]\n",
            "shield_zones[0].waf_rule_writes must be accepted, accepted_applied or null; got 'accept'",
        ),
        (
            "databases: [{id: demo, sql: [CREATE TABLE t (x)]}]\n",
            "databases[0].sql must be a string or null; got a list",
        ),
        (
            "shield_zones: [{id: 1}]\nwaf_rules: [{id: 2, shield_zone_id: 1, rule_configuration: "
            "{transformationTypes: [8, lowercase]}}]\n",
            "waf_rules[0].rule_configuration.transformationTypes[1] must be an integer; got 'lowercase'",
        ),
        ("- 1\n", "the fixture must be a mapping; got a list"),
        ("tls_listener: yes please\n", "tls_listener must be true or a mapping {host, port}; got 'yes please'"),
    ],
)
def test_wrong_types_fail_naming_the_path_and_the_type_expected(tmp_path, text, place):
    assert place in refused(tmp_path, text)


def test_yaml_errors_name_the_file_and_the_line(tmp_path):
    message = refused(tmp_path, "api_keys: [demo\ndns_zones: [{id: 1}]\n")
    assert "is not valid YAML" in message and "line" in message


def test_real_booleans_keys_left_out_and_empty_sections_are_fine(tmp_path):
    platform = load_platform(
        {
            "api_keys": ["k"],
            "dns_zones": [ZONE, {"id": 2}],
            "pull_zones": None,
            "shield_zones": [],
            "tls_listener": False,
        },
        tmp_path,
    )
    assert platform.dump()["areas"]["dns"]["dns_zones"] == [
        {"id": 1, "domain": "example.com", "dnssec": True},
        {"id": 2, "domain": "zone2.example", "dnssec": False},
    ]


def test_an_empty_file_is_an_empty_platform(tmp_path):
    path = tmp_path / "empty.yml"
    path.write_text("# nothing yet\n", encoding="utf-8")
    assert load_fixture(str(path)) == {}


def repository_fixtures():
    """Every fixture file the collection ships or tests with (the format must keep accepting them)."""
    patterns = (
        "emulator/fixtures/*.yml",
        "tests/integration/targets/*/files/fixture*.yml",
        "tests/perf/fixtures/*.yml",
    )
    found = sorted(p for pattern in patterns for p in glob.glob(os.path.join(COLLECTION_ROOT, pattern)))
    return [os.path.relpath(p, COLLECTION_ROOT) for p in found]


def test_the_repository_has_fixtures_to_check():
    assert "emulator/fixtures/demo.yml" in repository_fixtures()
    assert len(repository_fixtures()) > 10


@pytest.mark.parametrize("name", repository_fixtures())
def test_every_fixture_in_the_repository_follows_the_format(name):
    assert isinstance(load_fixture(os.path.join(COLLECTION_ROOT, name)), dict)


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("api_keys: [demo\n", "is not valid YAML"),
        ("dns_zones: [{id: 1, dnsec: true}]\n", "unknown key dns_zones[0].dnsec"),
    ],
)
def test_the_emulator_exits_at_once_with_one_error(tmp_path, text, fragment):
    fixture = tmp_path / "broken.yml"
    fixture.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(EMULATOR_DIR), "--fixtures", str(fixture), "--url-file", str(tmp_path / "url")],
        capture_output=True,
        text=True,
        timeout=120,  # a bound for a loaded machine: it exits at once, without waiting on anything
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("emulator:") == 1 and fragment in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "url").exists()


def test_a_port_in_use_ends_the_emulator_with_one_message(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = subprocess.run(
            [
                sys.executable,
                str(EMULATOR_DIR),
                "--port",
                str(port),
                "--fixtures",
                os.path.join(COLLECTION_ROOT, "emulator/fixtures/demo.yml"),
                "--data-dir",
                str(tmp_path / "data"),
                "--pid-file",
                str(tmp_path / "pid"),
            ],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("emulator: cannot listen on 127.0.0.1 port %d: " % port), done.stderr
    assert done.stderr.count("\n") == 1 and not (tmp_path / "pid").exists()
