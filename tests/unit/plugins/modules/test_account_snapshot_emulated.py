# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""account_snapshot against the emulator (demo fixture, its pull zone 2001 given every kind of secret), on both
hosts: reads only, two snapshots byte-identical as the playbook renders them, no secret of the fixture anywhere in
the output, each secret named as a vault variable, and what the tree holds written back is no change."""

from __future__ import annotations

import pytest
import yaml

from ansible_collections.edge.platform.tests.unit.emulated import SECRETS
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_pullzone_edge_rule import writes

HOSTS = ("module", "in-process")
ZONE_KEY = "snapshot-zone-security-key-1"
FORWARDING_TOKEN = "snapshot-log-forwarding-token"
AWS_KEY, AWS_SECRET = "SNAPSHOTAWSKEYID", "snapshot-aws-secret-value"
ORIGIN_PASSWORD = "snapshot-origin-password"
ZONE_SECRETS = (ZONE_KEY, FORWARDING_TOKEN, AWS_KEY, AWS_SECRET, ORIGIN_PASSWORD)


def run(emulated, host, module="account_snapshot", **args):
    return emulated.run(module, emulated.arguments(module, args), host)


def with_secrets(emulated, zone_id=2001):
    """Zone ``zone_id`` holding every secret a pull zone can hold, each in an enabled section."""
    with emulated.platform.gate.exclusive():
        zone = emulated.platform.areas["pullzones"].zones[zone_id]
        zone.security_key = ZONE_KEY
        zone.settings.update(
            ZoneSecurityEnabled=True,
            LogForwardingEnabled=True,
            LogForwardingToken=FORWARDING_TOKEN,
            AWSSigningEnabled=True,
            AWSSigningKey=AWS_KEY,
            AWSSigningSecret=AWS_SECRET,
            OriginUrl="https://user:%s@origin.example.invalid" % ORIGIN_PASSWORD,
        )


def rendered(result):
    """The files the playbook writes: path -> text, rendered as its to_nice_yaml does."""
    files = {}
    for kind, items in result["account"].items():
        for name, item in zip(result["files"][kind], items):
            files["%s/%s" % (kind, name)] = yaml.safe_dump(item, sort_keys=True, indent=2, width=120)
    return files


@pytest.mark.parametrize("host", HOSTS)
def test_twice_identical_reads_only_no_secret(emulated_demo, host):
    with_secrets(emulated_demo)
    first, shown = run(emulated_demo, host)
    second, shown_again = run(emulated_demo, host)
    assert not first["changed"] and not first.get("failed"), first
    assert writes(emulated_demo) == []
    assert rendered(first) == rendered(second) and rendered(first)
    text = shown + shown_again + "".join(rendered(first).values())
    assert [secret for secret in SECRETS + ZONE_SECRETS if secret in text] == []
    demo = next(zone for zone in first["account"]["pull_zones"] if zone["name"] == "demo")["settings"]
    assert demo["update_secret"] == "on_create"
    assert demo["origin_url"] == "{{ vault_pullzone_demo_origin_url }}"
    assert demo["token_authentication"]["key"] == "{{ vault_pullzone_demo_token_authentication_key }}"
    assert demo["log_forwarding"]["token"] == "{{ vault_pullzone_demo_log_forwarding_token }}"
    assert demo["s3_authentication"] == {
        "enabled": True,
        "key": "{{ vault_pullzone_demo_s3_authentication_key }}",
        "secret": "{{ vault_pullzone_demo_s3_authentication_secret }}",
        "region": "",
    }
    staging = next(zone for zone in first["account"]["pull_zones"] if zone["name"] == "demo-staging")["settings"]
    assert "update_secret" not in staging and "key" not in staging["token_authentication"]


@pytest.mark.parametrize("host", HOSTS)
def test_filters_and_what_is_present(emulated_demo, host):
    result, _shown = run(emulated_demo, host, kinds=["dns_zones"], include=["*.COM"], exclude=["shop.*"])
    assert list(result["account"]) == ["dns_zones"] and result["files"] == {"dns_zones": ["example.com.yml"]}
    assert "shop.example.com.yml" in result["present"]["dns_zones"] and "pull_zones" not in result["present"]
    records = result["account"]["dns_zones"][0]["records"]
    assert [(r["name"], r["type"]) for r in records] == sorted((r["name"], r["type"]) for r in records)


@pytest.mark.parametrize("host", HOSTS)
def test_written_back_is_no_change(emulated_demo, host):
    result, _shown = run(emulated_demo, host, include=["demo", "example.com"])
    zone = next(zone for zone in result["account"]["pull_zones"] if zone["name"] == "demo")
    dns = result["account"]["dns_zones"][0]
    rules = [dict(rule, description=rule["description"]) for rule in zone["edge_rules"]]
    for rule in rules:  # as Ansible reads the file: a raw block is the text inside it
        for action in rule["actions"]:
            for key, value in action.items():
                if isinstance(value, str) and value.startswith("{% raw %}"):
                    action[key] = value[len("{% raw %}") : -len("{% endraw %}")]
    tasks = [
        ("pullzone", dict(zone["settings"], name="demo")),
        ("pullzone_edge_rules", dict(pullzone_name="demo", rules=rules)),
        ("dnszone", dict(dns["settings"], domain=dns["domain"])),
        ("dns_records", dict(zone_domain=dns["domain"], records=dns["records"])),
    ] + [("pullzone_hostname", dict(entry, pullzone_name="demo")) for entry in zone["hostnames"]]
    for module, args in tasks:
        again, _shown = run(emulated_demo, host, module, **args)
        assert not again.get("failed") and not again["changed"], (module, again)
    assert writes(emulated_demo) == []
