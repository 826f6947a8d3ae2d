# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The snapshot core without a platform: file names, filters, canonical order, secrets as vault references, texts
kept literal, what cannot be written back listed as skipped."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_dns_zones as dns
from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_kit as kit
from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_pull_zones as pz
from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_references as refs
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

KEY, TOKEN, AWS_SECRET, PASSWORD = "zone-key-12345678", "forwarding-token", "aws-secret", "origin-password"


def reading():
    """A snapshot's reads without a client: what the conversions collect (unknown enums, what was skipped)."""
    return kit.Reading(None, [], [], 1)


def zone(**members):
    model = {
        "Id": 7,
        "Name": "Shop.Site",
        "OriginUrl": "https://origin.example.com",
        "ZoneSecurityKey": KEY,
        "Hostnames": [
            {"Id": 2, "Value": "www.example.com", "ForceSSL": True, "IsSystemHostname": False},
            {"Id": 1, "Value": "shop-site.b-cdn.net", "ForceSSL": False, "IsSystemHostname": True},
            {"Id": 3, "Value": "Api.example.com", "ForceSSL": False, "IsSystemHostname": False},
        ],
        "EdgeRules": [
            {"Guid": "b", "Description": "second", "OrderIndex": 2, "ActionType": 1, "Enabled": True, "Triggers": []},
            {"Guid": "a", "Description": "first", "OrderIndex": 1, "ActionType": 1, "Enabled": True, "Triggers": []},
        ],
    }
    model.update(members)
    return model


@pytest.mark.parametrize(
    "name, expected",
    [("demo", "demo.yml"), ("Shop.Site", "shop.site.yml"), ("a b/c*d", "a_b_c_d.yml"), ("ünï-1", "_n_-1.yml")],
)
def test_file_name(name, expected):
    assert kit.file_name(name) == expected


def test_chosen_by_patterns_without_case():
    assert kit.chosen("Demo", [], [])
    assert kit.chosen("demo-staging", ["DEMO*"], ["*-prod"])
    assert not kit.chosen("demo-staging", ["demo*"], ["*-STAGING"])
    assert not kit.chosen("other", ["demo*"], [])
    assert kit.chosen("Demo", ["demo"], []) and not kit.chosen("demo2", ["demo"], [])  # a name: equal, by a set
    assert kit.chosen("a[1]*b", ["a[[]1[]][*]b"], [])  # a name escaped as the role escapes it
    assert not kit.chosen("a1xb", ["a[[]1[]][*]b"], [])


def test_pull_zone_in_canonical_order_without_ids():
    read = reading()
    item = pz.pull_zone_item(zone(), read)
    assert item["name"] == "Shop.Site" and read.unknown == [] and read.skipped == []
    assert item["hostnames"] == [
        {"hostname": "Api.example.com", "force_ssl": False},
        {"hostname": "www.example.com", "force_ssl": True},
    ]
    assert [rule["description"] for rule in item["edge_rules"]] == ["first", "second"]
    assert not [rule for rule in item["edge_rules"] if "guid" in rule or "order_index" in rule]
    assert "id" not in item["settings"] and "name" not in item["settings"]
    assert item["settings"]["origin_url"] == "https://origin.example.com"


def test_secrets_are_vault_references_only_where_enabled():
    model = zone(
        OriginUrl="https://user:%s@origin.example.com" % PASSWORD,
        ZoneSecurityEnabled=True,
        LogForwardingEnabled=False,
        LogForwardingToken=TOKEN,
        AWSSigningEnabled=True,
        AWSSigningSecret=AWS_SECRET,
    )
    settings = pz.pull_zone_item(model, reading())["settings"]
    assert KEY not in repr(settings) and TOKEN not in repr(settings) and AWS_SECRET not in repr(settings)
    assert PASSWORD not in repr(settings)
    assert settings["origin_url"] == "{{ vault_pullzone_shop_site_origin_url }}"
    assert settings["token_authentication"]["key"] == "{{ vault_pullzone_shop_site_token_authentication_key }}"
    assert settings["s3_authentication"]["secret"] == "{{ vault_pullzone_shop_site_s3_authentication_secret }}"
    assert "token" not in settings["log_forwarding"]  # its section is off: its leftover token is not asked for
    assert settings["update_secret"] == "on_create"


def test_no_secret_no_update_secret():
    settings = pz.pull_zone_item(zone(), reading())["settings"]
    assert "update_secret" not in settings and KEY not in repr(settings)


def test_rules_not_named_by_a_description_of_their_own_are_skipped():
    rules = [{"Description": "same", "ActionType": 1}, {"Description": "same", "ActionType": 1}]
    read = reading()
    skipped = read.skipped
    item = pz.pull_zone_item(zone(EdgeRules=rules), read)
    assert item["edge_rules"] == []
    assert [(s["kind"], s["name"], s["what"]) for s in skipped] == [("pull_zones", "Shop.Site", "edge_rules")]
    assert "'same'" in skipped[0]["why"]


def test_texts_with_jinja_delimiters_are_kept_literal():
    assert kit.pruned({"a": "https://x{{path}}", "b": None, "c": {"d": None}, "e": ["{% x %}", 1]}) == {
        "a": "{% raw %}https://x{{path}}{% endraw %}",
        "e": ["{% raw %}{% x %}{% endraw %}", 1],
    }
    assert kit.literal("plain {text}") == "plain {text}"


def record(record_id, name, record_type, value, **members):
    return dict({"Id": record_id, "Name": name, "Type": record_type, "Value": value, "Ttl": 300}, **members)


def test_dns_zone_records_sorted_and_unwritable_types_skipped():
    model = {"Id": 5, "Domain": "example.com", "SoaEmail": "hostmaster@example.com", "Records": [1, 2]}
    records = [
        record(3, "www", 0, "192.0.2.2"),
        record(1, "", 4, "mail.example.com", Priority=10),
        record(2, "www", 0, "192.0.2.1"),
        record(4, "_svc", 13, "1 ."),  # SVCB: dns_records cannot write it
        record(5, "cdn", 7, "shop", LinkName="9"),  # PullZone: named by the zone's name, not its id
    ]
    read = reading()
    skipped = read.skipped
    item = dns.dns_zone_item(model, records, read)
    assert item["domain"] == "example.com" and item["settings"] == {"soa_email": "hostmaster@example.com"}
    assert [(r["name"], r["type"], r.get("value")) for r in item["records"]] == [
        ("", "MX", "mail.example.com"),
        ("cdn", "PullZone", "shop"),
        ("www", "A", "192.0.2.1"),
        ("www", "A", "192.0.2.2"),
    ]
    assert "pullzone_id" not in item["records"][1] and item["records"][1]["pullzone_name"] == "shop"
    assert not [r for r in item["records"] if "id" in r or "zone_id" in r]
    assert [(s["what"], s["why"]) for s in skipped] == [
        ("record _svc SVCB 1 .", "dns_records cannot write records of type SVCB")
    ]


def test_two_resources_for_one_file_fail_before_anything_is_written():
    with pytest.raises(InputError, match="a_b.yml"):
        kit.named("pull_zones", [{"name": "a b"}, {"name": "a*b"}], "name")


def test_a_zone_names_its_storage_origin_and_scripts_by_name_and_keeps_an_unknown_id(monkeypatch):
    listed = {
        "storage_zones": [{"Id": 11, "Name": "assets"}],
        "edge_scripts": [{"Id": 21, "Name": "app"}, {"Id": 22, "Name": "guard"}],
    }
    calls = []
    for kind, entries in listed.items():
        monkeypatch.setitem(
            refs.LISTINGS, kind, lambda client, kind=kind, entries=entries: calls.append(kind) or entries
        )
    names = refs.names_by_id(
        None, [{"StorageZoneId": 11, "EdgeScriptId": 21, "MiddlewareScriptId": 22}, {"StorageZoneId": 0}]
    )
    settings = refs.named(
        {"storage_zone_id": 11, "edge_script_id": 21, "middleware_script_id": 22, "origin_type": "x"}, names
    )
    assert settings == {
        "origin_storage_zone": "assets",
        "origin_edge_script": "app",
        "middleware_script": "guard",
        "origin_type": "x",
    }
    assert refs.named({"storage_zone_id": 99}, names) == {"storage_zone_id": 99}  # no such zone: the id kept
    assert sorted(calls) == ["edge_scripts", "storage_zones"]  # each listed once
    calls.clear()
    assert (
        refs.names_by_id(None, [{"StorageZoneId": 0, "EdgeScriptId": None, "MiddlewareScriptId": True}]) == {}
        and calls == []
    )
