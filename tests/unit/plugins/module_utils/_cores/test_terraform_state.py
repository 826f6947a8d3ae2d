# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Leaving Terraform without a platform: a state of format version 4 in the provider's shapes read for its types,
addresses and ids only; the snapshot restricted to what it holds; other versions and malformed files refused."""

from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_dns_zones as dns
from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_kit as kit
from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_pull_zones as pz
from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_selection as sel
from ansible_collections.edge.platform.plugins.module_utils._cores import terraform_state as tf
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

API_KEY, STORAGE_PASSWORD, CERT_KEY = "tf-unit-api-key-0f3c", "tf-unit-storage-password", "tf-unit-certificate-key"
PROVIDER = 'provider["registry.terraform.io/bunnyway/bunnynet"]'


def resource(kind_type, name, *attributes, **members):
    """A resource as Terraform 1.x writes it: one instance per attribute mapping (index keys given in ``members``)."""
    keys = members.pop("index_keys", [None] * len(attributes))
    instances = [
        dict(
            {"schema_version": 0, "attributes": a, "sensitive_attributes": [], "private": "eyJzZWNyZXQiOiJ4In0="},
            **({"index_key": k} if k is not None else {}),
        )
        for a, k in zip(attributes, keys)
    ]
    return dict(
        {"mode": "managed", "type": kind_type, "name": name, "provider": PROVIDER, "instances": instances}, **members
    )


def state_text(*resources, version=4):
    return json.dumps(
        {
            "version": version,
            "terraform_version": "1.9.8",
            "serial": 12,
            "lineage": "x",
            "outputs": {},
            "resources": list(resources),
        }
    )


STATE = state_text(
    resource(
        "bunnynet_pullzone",
        "site",
        {"id": 7, "name": "Shop.Site", "origin_url": "https://origin.example.com", "token_auth_key": API_KEY},
    ),
    resource(
        "bunnynet_pullzone_hostname",
        "www",
        {"id": 2, "pullzone": 7, "name": "www.example.com", "certificate_key": CERT_KEY},
    ),
    resource("bunnynet_pullzone_edgerule", "first", {"id": "A", "pullzone": 7, "description": "first"}),
    resource("bunnynet_dns_zone", "main", {"id": 5, "domain": "example.com"}),
    resource(
        "bunnynet_dns_record",
        "mx",
        {"id": 1, "zone": 5, "type": "MX", "value": "mail.example.com"},
        {"id": 9, "zone": 5, "type": "A", "value": "192.0.2.9"},
        index_keys=["mx", "gone"],
    ),
    resource("bunnynet_pullzone_shield", "site", {"id": 30, "pullzone": 7, "tier": "Basic"}),
    resource(
        "bunnynet_storage_zone",
        "assets",
        {"id": 40, "name": "assets", "password": STORAGE_PASSWORD},
        module="module.cdn",
    ),
    resource(
        "bunnynet_pullzone_hostname",
        "api",
        {"id": 3, "pullzone": 7, "name": "api.example.com"},
        module="module.cdn",
        index_keys=[0],
    ),
    dict(resource("bunnynet_region", "eu", {"id": 1}), mode="data"),
    resource("aws_s3_bucket", "logs", {"id": "logs", "secret": STORAGE_PASSWORD}),
)


def test_state_of_the_provider_sorted_into_held_and_unmanaged_by_address():
    state = tf.parse(STATE, "terraform_state_content")
    assert [(h.kind, h.group, h.parent, h.id, h.address) for h in state.held] == [
        ("pull_zones", None, "7", "7", "bunnynet_pullzone.site"),
        ("pull_zones", "hostnames", "7", "2", "bunnynet_pullzone_hostname.www"),
        ("pull_zones", "edge_rules", "7", "a", "bunnynet_pullzone_edgerule.first"),
        ("dns_zones", None, "5", "5", "bunnynet_dns_zone.main"),
        ("dns_zones", "records", "5", "1", 'bunnynet_dns_record.mx["mx"]'),
        ("dns_zones", "records", "5", "9", 'bunnynet_dns_record.mx["gone"]'),
        ("shield_zones", None, "30", "30", "bunnynet_pullzone_shield.site"),
        ("pull_zones", "hostnames", "7", "3", "module.cdn.bunnynet_pullzone_hostname.api[0]"),
    ]
    assert [(u.type, u.address) for u in state.unmanaged] == [
        ("bunnynet_storage_zone", "module.cdn.bunnynet_storage_zone.assets"),
        ("bunnynet_region", "data.bunnynet_region.eu"),
        ("aws_s3_bucket", "aws_s3_bucket.logs"),
    ]
    shown = repr(state)
    assert not [secret for secret in (API_KEY, STORAGE_PASSWORD, CERT_KEY, "origin.example.com") if secret in shown]


@pytest.mark.parametrize(
    "text, expected",
    [
        (state_text(version=3), "format version 3; this reads version 4: run `terraform state pull > FILE`"),
        ("{\"version\": 4, \"resources\": [", "not JSON: line 1"),
        ("[]", "no top-level \"version\""),
        ('{"version": 4, "resources": {}}', "\"resources\" is not a list"),
        ('{"version": 4, "resources": [{"mode": "managed"}]}', "resources[0] is not a resource"),
        (state_text(dict(resource("bunnynet_pullzone", "x"), instances={})), "\"instances\" is not a list"),
    ],
)
def test_another_version_or_a_malformed_file_is_refused_naming_it_and_the_fix(text, expected):
    with pytest.raises(tf.StateError) as caught:
        tf.parse(text, "terraform_state_content")
    message = str(caught.value)
    assert message.startswith("terraform_state_content: ") and expected in message and "terraform" in message


def test_a_resource_without_its_ids_is_unmanaged_never_guessed():
    state = tf.parse(state_text(resource("bunnynet_dns_record", "x", {"zone": 5, "value": API_KEY})), "s")
    assert state.held == [] and [u.why.split(":")[0] for u in state.unmanaged] == [
        "its state holds no id (id and zone)"
    ]
    assert API_KEY not in repr(state)


def selected(kind, kinds=("pull_zones", "dns_zones")):
    selection, skipped = sel.from_state(STATE, list(kinds), ("pull_zones", "dns_zones"))
    reading = kit.Reading(None, [], [], 1)
    reading.selection, reading.kind = selection, kind
    return reading, skipped


def zone_model():
    return {
        "Id": 7,
        "Name": "Shop.Site",
        "OriginUrl": "https://origin.example.com",
        "Hostnames": [
            {"Id": 1, "Value": "shop-site.b-cdn.net", "IsSystemHostname": True},
            {"Id": 2, "Value": "www.example.com", "ForceSSL": True, "IsSystemHostname": False},
            {"Id": 4, "Value": "other.example.com", "ForceSSL": False, "IsSystemHostname": False},
        ],
        "EdgeRules": [
            {"Guid": "a", "Description": "first", "OrderIndex": 1, "ActionType": 1, "Enabled": True, "Triggers": []},
            {"Guid": "b", "Description": "second", "OrderIndex": 2, "ActionType": 1, "Enabled": True, "Triggers": []},
        ],
    }


def test_a_pull_zone_gets_only_the_hostnames_and_rules_the_state_holds_gone_ones_skipped():
    reading, skipped = selected("pull_zones")
    listed = [zone_model(), {"Id": 8, "Name": "other"}]
    chosen = reading.chosen(listed, "Name")
    assert [model["Id"] for model in chosen] == [7]
    item = pz.pull_zone_item(reading.narrowed(chosen[0]), reading)
    assert item["hostnames"] == [{"hostname": "www.example.com", "force_ssl": True}]
    assert [rule["description"] for rule in item["edge_rules"]] == ["first"]
    assert item["settings"]["origin_url"] == "https://origin.example.com"
    assert [(s["kind"], s["name"], s["what"], s["why"]) for s in reading.skipped] == [
        ("pull_zones", "module.cdn.bunnynet_pullzone_hostname.api[0]", "bunnynet_pullzone_hostname id 3", sel.GONE)
    ]
    assert len(listed[0]["Hostnames"]) == 3  # the model read is left as it was


def test_records_the_state_holds_only_and_a_zone_gone_from_the_account_skipped_by_address():
    reading = selected("dns_zones")[0]
    model = {"Id": 5, "Domain": "example.com"}
    records = [
        {"Id": 1, "Name": "", "Type": 4, "Value": "mail.example.com", "Priority": 10, "Ttl": 300},
        {"Id": 2, "Name": "www", "Type": 0, "Value": "192.0.2.1", "Ttl": 300},
    ]
    kept = reading.kept(5, "records", records)
    assert [r["name"] for r in dns.dns_zone_item(model, kept, reading)["records"]] == [""]
    assert [s["name"] for s in reading.skipped] == ['bunnynet_dns_record.mx["gone"]']
    gone = selected("dns_zones")[0]
    assert gone.chosen([{"Id": 6, "Domain": "other.example"}], "Domain") == []
    assert [s["name"] for s in gone.skipped] == [
        "bunnynet_dns_record.mx[\"gone\"]",
        "bunnynet_dns_record.mx[\"mx\"]",
        "bunnynet_dns_zone.main",
    ]


def test_skipped_lists_unmanaged_resources_and_kinds_not_read_and_no_secret():
    skipped = selected("pull_zones", kinds=["pull_zones"])[1]
    assert [(s["kind"], s["name"], s["why"].split(" ")[0]) for s in skipped] == [
        ("terraform", "module.cdn.bunnynet_storage_zone.assets", "edge.platform's"),
        ("terraform", "data.bunnynet_region.eu", "a"),
        ("terraform", "aws_s3_bucket.logs", "not"),
        ("dns_zones", "bunnynet_dns_record.mx[\"gone\"]", "left"),
        ("dns_zones", "bunnynet_dns_record.mx[\"mx\"]", "left"),
        ("dns_zones", "bunnynet_dns_zone.main", "left"),
        ("shield_zones", "bunnynet_pullzone_shield.site", "edge.platform's"),
    ]
    assert not [secret for secret in (API_KEY, STORAGE_PASSWORD, CERT_KEY) if secret in repr(skipped)]


def test_the_module_options_a_state_unread_by_the_action_or_a_bad_one_fail_by_name():
    assert sel.of_params({"terraform_state": None, "terraform_state_content": None}, [], ()) == (None, [])
    with pytest.raises(InputError, match="terraform_state names a file on the controller"):
        sel.of_params({"terraform_state": "x.tfstate", "terraform_state_content": None}, [], ())
    with pytest.raises(InputError, match="^terraform_state_content: a Terraform state of format version 3"):
        sel.of_params({"terraform_state_content": state_text(version=3)}, [], ())


def test_without_a_state_the_reading_keeps_everything():
    reading = kit.Reading(None, [], [], 1)
    model = zone_model()
    assert reading.chosen([model], "Name") == [model] and reading.narrowed(model) is model
    assert reading.kept(5, "records", [{"Id": 1}]) == [{"Id": 1}]
