# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The storage zone table: region codes in upper case, create and update bodies (``ReplicationRegions`` on create,
``ReplicationZones`` on update), the write-only origin URL never compared, what cannot change refused naming the
option, a cleared 404 path equal to none, and the readable zone never carrying a password."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import storage_zones as S

ZONE = {
    "Id": 4, "Name": "files", "Password": "p", "ReadOnlyPassword": "r", "Region": "DE", "ReplicationRegions": ["NY"],
    "ZoneTier": 1, "StorageZoneType": 0, "Custom404FilePath": None, "Rewrite404To200": False, "PullZones": None,
}  # fmt: skip


def wanted(**params):
    return S.wanted_values(dict(dict.fromkeys(S.ARGUMENT_SPEC), **params))


def test_create_body_splits_the_create_model_from_the_settings():
    first, then = S.create_body(
        "files", wanted(region=" de ", replication_regions=["ny", "NY"], tier="edge", rewrite_404_to_200=True)
    )
    assert first == {"Name": "files", "Region": "DE", "ReplicationRegions": ["NY"], "ZoneTier": 1}
    assert then == {"Rewrite404To200": True}


def test_update_body_renames_the_replication_list_and_carries_the_origin_url_only_with_a_change():
    assert S.update_body(ZONE, wanted(origin_url="https://o.example.com", region="de")) == {}
    assert S.update_body(ZONE, wanted(replication_regions=["NY", "SG"], origin_url="https://o.example.com")) == {
        "ReplicationZones": ["NY", "SG"],
        "OriginUrl": "https://o.example.com",
    }


def test_a_cleared_404_path_is_no_path():
    assert S.update_body(ZONE, wanted(custom_404_file_path="")) == {}


@pytest.mark.parametrize(
    "params, option",
    [
        (dict(region="NY"), "region"),
        (dict(tier="standard"), "tier"),
        (dict(zone_type=1), "zone_type"),
        (dict(replication_regions=["SG"]), "replication_regions"),
    ],
)
def test_what_cannot_change_is_refused_naming_the_option(params, option):
    with pytest.raises(InputError) as raised:
        S.unchangeable(ZONE, wanted(**params))
    assert raised.value.option == option and str(raised.value).startswith(option)


def test_region_codes_are_checked_by_form_only():
    assert wanted(region="syd")["region"] == "SYD"
    with pytest.raises(InputError, match="region code"):
        wanted(region="Frankfurt")
    with pytest.raises(InputError, match=r"replication_regions\[1\]"):
        wanted(replication_regions=["NY", "New York"])


def test_the_readable_zone_has_no_password_and_keeps_unknown_numbers():
    unknown = []
    shown = S.shape_storage_zone(dict(ZONE, StorageZoneType=7), unknown)
    assert "p" not in shown.values() and "password" not in str(shown).lower()
    assert shown["tier"] == "edge" and shown["zone_type"] == 7 and unknown and shown["pull_zones"] == []
    assert S.shape_storage_zone(None) is None
