# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The snapshot readers of storage zones, edge scripts and databases without a platform: what each item holds in the
form its write modules take, what it never holds (passwords, deployment keys, secret values, tokens), canonical
order, the code as an attachment, and what ``publish`` says."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_databases as dbs
from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_edge_scripts as es
from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_kit as kit
from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_storage_zones as sz

PASSWORD, READ_ONLY, DEPLOYMENT_KEY, ORIGIN_KEY = "zone-password", "zone-read-only", "deploy-key-1", "pz-key-9"
CODE = "export default { fetch() { return new Response('{{ not a template }}'); } }\n"


class Listing(object):
    """A client answering the readers' GETs from canned answers by path (and nothing else)."""

    def __init__(self, answers):
        self.answers, self.paths = answers, []

    def request(self, method, path, _operation, **_options):
        assert method == "GET", (method, path)
        self.paths.append(path)
        return Answer(self.answers[path])


class Answer(object):
    def __init__(self, data):
        self.status, self.data, self.text = 200, data, None


def reading(answers=None):
    return kit.Reading(Listing(answers or {}), [], [], 2)


def storage_zone(**members):
    model = {
        "Id": 6001,
        "Name": "Site-Files",
        "Password": PASSWORD,
        "ReadOnlyPassword": READ_ONLY,
        "Region": "UK",
        "ReplicationRegions": ["NY", "DE"],
        "ZoneTier": 0,
        "StorageZoneType": 0,
        "Custom404FilePath": "/404.html",
        "Rewrite404To200": True,
        "StorageUsed": 12,
        "FilesStored": 1,
        "PullZones": [{"Id": 1, "Name": "linked", "ZoneSecurityKey": ORIGIN_KEY}],
    }
    model.update(members)
    return model


def test_storage_zone_holds_settings_never_passwords():
    read = reading()
    item = sz.storage_zone_item(storage_zone(), read)
    assert item == {
        "name": "Site-Files",
        "settings": {
            "region": "UK",
            "replication_regions": ["DE", "NY"],
            "tier": "standard",
            "zone_type": "standard",
            "custom_404_file_path": "/404.html",
            "rewrite_404_to_200": True,
        },
    }
    assert read.unknown == []


def test_storage_zones_read_registers_every_password_and_leaves_deleted_zones_out():
    zones = [storage_zone(), storage_zone(Id=6002, Name="gone", Deleted=True), storage_zone(Id=6003, Name="a")]
    read = reading({"/storagezone": {"Items": zones, "HasMoreItems": False}})
    part = sz.read(read)
    assert part.files == ["a.yml", "site-files.yml"] and part.present == ["a.yml", "site-files.yml"]
    assert {PASSWORD, READ_ONLY, ORIGIN_KEY} <= set(read.secrets)
    assert [secret for secret in (PASSWORD, READ_ONLY, ORIGIN_KEY) if secret in repr(part)] == []


def script(**members):
    model = {
        "Id": 5101,
        "Name": "Hello Edge",
        "ScriptType": 1,
        "CurrentReleaseId": 7,
        "DeploymentKey": DEPLOYMENT_KEY,
        "EdgeScriptVariables": [
            {"Id": 2, "Name": "ZETA", "DefaultValue": None, "Required": True},
            {"Id": 1, "Name": "ALPHA", "DefaultValue": "{{ hi }}", "Required": False},
        ],
        "LinkedPullZones": [{"Id": 9, "PullZoneName": "hello-zone", "DefaultHostname": "hello-zone.b-cdn.net"}],
    }
    model.update(members)
    return model


def release(code=CODE):
    return {"Uuid": "a1b2c3d4", "Status": 1, "Code": code}


def test_edge_script_item_code_as_attachment_secrets_by_name():
    read = reading()
    secrets = [{"Id": 2, "Name": "Z-KEY"}, {"Id": 1, "Name": "API_TOKEN"}]
    item, files = es.edge_script_item(script(), CODE, release(), secrets, read)
    assert item == {
        "name": "Hello Edge",
        "settings": {"type": "standalone", "publish": True, "linked_pullzone_name": "hello-zone"},
        "code_file": "edge_scripts/hello_edge.js",
        "variables": [
            {"name": "ALPHA", "value": "{% raw %}{{ hi }}{% endraw %}", "required": False},
            {"name": "ZETA", "required": True},
        ],
        "secrets": [
            {"name": "API_TOKEN", "value": "{{ vault_edge_script_hello_edge_secret_api_token }}"},
            {"name": "Z-KEY", "value": "{{ vault_edge_script_hello_edge_secret_z_key }}"},
        ],
        "update_secret": "on_create",
    }
    assert files == [{"path": "edge_scripts/hello_edge.js", "content": CODE}]  # the file as is: never templated
    assert read.skipped == []


def test_never_published_script_is_not_published_and_has_no_empty_code_file():
    item, files = es.edge_script_item(script(LinkedPullZones=None, CurrentReleaseId=0), "", None, [], reading())
    assert item["settings"] == {"type": "standalone", "publish": False, "linked_pullzone": False}
    assert "code_file" not in item and files == [] and "update_secret" not in item


def test_a_release_of_no_code_is_not_published_again():
    read = reading()
    item, files = es.edge_script_item(script(ScriptType=0, LinkedPullZones=None), "", release(""), [], read)
    assert item["settings"] == {"type": "dns", "publish": False} and files == [] and read.skipped == []


def test_a_release_of_other_code_is_said_and_not_published():
    read = reading()
    item, _files = es.edge_script_item(script(ScriptType=2), CODE, release("older code"), [], read)
    assert item["settings"] == {"type": "middleware", "publish": False}
    assert [(s["kind"], s["name"], s["what"]) for s in read.skipped] == [
        ("edge_scripts", "Hello Edge", "the live release's code")
    ]
    assert "a1b2c3d4 serves other code" in read.skipped[0]["why"]


def test_edge_scripts_read_masks_deployment_keys_and_reads_each_script_once():
    base = "/compute/script/5101"
    answers = {
        "/compute/script": {"Items": [script(), script(Id=5102, Name="gone", Deleted=True)], "HasMoreItems": False},
        base + "/code": {"Code": CODE},
        base + "/releases/active": release(),
        base + "/secrets": {"Secrets": [{"Id": 1, "Name": "API_TOKEN"}]},
    }
    read = reading(answers)
    part = es.read(read)
    assert part.files == ["hello_edge.yml"] and part.suffixes == ["js"]
    assert part.present == ["hello_edge.js", "hello_edge.yml"]
    assert part.attachments == [{"path": "edge_scripts/hello_edge.js", "content": CODE}]
    assert DEPLOYMENT_KEY in read.secrets and DEPLOYMENT_KEY not in repr(part)
    assert sorted(read.client.paths[1:]) == sorted(path for path in answers if path != "/compute/script")


def test_database_holds_sorted_regions_never_tokens():
    model = {
        "id": "db_01",
        "name": "Shop DB",
        "url": "https://db.example/shop",
        "primary_regions": ["UK", "DE"],
        "replicas_regions": None,
        "storage_region": "eu-west-1",
        "current_size": "1 MB",
    }
    item = dbs.database_item(model)
    assert item == {
        "name": "Shop DB",
        "settings": {"primary_regions": ["DE", "UK"], "replica_regions": [], "storage_region": "eu-west-1"},
    }
    listing = {"databases": [model, dict(model, id="db_02", name="other")], "page_info": {"has_more_items": False}}
    read = kit.Reading(Listing({"/database/v2/databases": listing}), ["shop*"], [], 2)
    part = dbs.read(read)
    assert part.items == [item] and part.files == ["shop_db.yml"] and part.present == ["other.yml", "shop_db.yml"]
