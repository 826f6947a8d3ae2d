"""_shapes/databases: options checked and normalised, the readable and compared forms, both write bodies, and the
storage region chosen as the bunny CLI chooses it."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import databases as D

DB = {
    "id": "db_01KCHBG8C5KSFGG0VRNFQ7EK7X",
    "name": "app",
    "url": "libsql://x-app.lite.bunnydb.net/",
    "block_reads": False,
    "block_writes": False,
    "size_max": "1024.0 MB",
    "current_size": "0.1 MB",
    "storage_region": "eu-west-1",
    "primary_regions": ["FR", "DE"],
    "replicas_regions": ["UK"],
}
CONFIG = {
    "storage_region_available": [{"id": "eu-west-1", "group": "EU"}, {"id": "us-east-1", "group": "NA"}],
    "primary_regions": [{"id": "DE", "group": "EU"}, {"id": "NY", "group": "NA"}, {"id": "SG", "group": "ASIA"}],
}


def test_wanted_normalises_region_codes_and_keeps_only_what_is_given():
    params = {"primary_regions": [" de", "DE", "fr"], "replica_regions": [], "storage_region": " eu-west-1 "}
    assert D.wanted(params) == {"primary_regions": ["DE", "FR"], "replica_regions": [], "storage_region": "eu-west-1"}
    assert D.wanted({"primary_regions": None, "replica_regions": ["XX"]}) == {"replica_regions": ["XX"]}


@pytest.mark.parametrize(
    "params, option, text",
    [
        ({"primary_regions": []}, "primary_regions", "at least one region"),
        ({"primary_regions": ["DE", " "]}, "primary_regions[1]", "primary_regions[1] must be a region code"),
        ({"replica_regions": ["U K"]}, "replica_regions[0]", "replica_regions[0] must be a region code"),
        ({"storage_region": ""}, "storage_region", "storage_region must be a storage region id"),
    ],
)
def test_bad_options_name_the_option_and_index(params, option, text):
    with pytest.raises(InputError) as caught:
        D.wanted(params)
    assert caught.value.option == option and text in str(caught.value)


def test_readable_uses_the_option_names_and_never_more_than_the_table():
    shown = D.readable(dict(DB, token="never"))
    assert shown["replica_regions"] == ["UK"] and shown["primary_regions"] == ["FR", "DE"]
    assert set(shown) == {field.option for field in D.FIELDS}
    assert D.readable({"id": "db_x", "primary_regions": "DE", "block_reads": "no"})["primary_regions"] == []


def test_view_compares_regions_as_sets_and_only_the_keys_given():
    assert D.view(DB, {"primary_regions": 1}, "app") == {
        "present": True,
        "name": "app",
        "primary_regions": ["DE", "FR"],
    }
    assert D.view(None, {"primary_regions": 1}, "app") == {"present": False, "name": "app"}
    wanted = D.wanted({"primary_regions": ["fr", "de"], "replica_regions": ["uk"]})
    assert D.wanted_view(wanted, "app") == D.view(DB, wanted, "app")


def test_bodies_create_with_all_four_members_and_update_with_both_lists():
    values = {"primary_regions": ["DE"], "storage_region": "eu-west-1"}
    assert D.create_body("app", values) == {
        "name": "app",
        "storage_region": "eu-west-1",
        "primary_regions": ["DE"],
        "replicas_regions": [],
    }
    assert D.update_body(DB, {"replica_regions": ["SG"]}) == {
        "primary_regions": ["FR", "DE"],
        "replicas_regions": ["SG"],
    }
    assert D.predicted(DB, {"replicas_regions": ["SG"]})["replicas_regions"] == ["SG"]
    assert D.predicted(None, D.create_body("app", values), "app")["id"] is None


@pytest.mark.parametrize(
    "config, first, chosen",
    [
        (CONFIG, "NY", "us-east-1"),  # the group of the first primary region
        (CONFIG, "SG", "eu-west-1"),  # no storage region in its group: the first offered
        (CONFIG, "ZZ", "eu-west-1"),  # a region not on offer: the first offered
        ({"storage_region_available": [], "primary_regions": []}, "DE", None),
        ("not a configuration", "DE", None),
    ],
)
def test_the_storage_region_is_chosen_as_the_cli_chooses_it(config, first, chosen):
    assert D.choose_storage_region(config, first) == chosen
