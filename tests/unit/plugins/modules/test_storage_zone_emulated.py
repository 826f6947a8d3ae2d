# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""storage_zone and storage_zone_info against the emulator (demo fixture; the tests create a zone of their own and
link pull zone 2001 to it), on both hosts: create, re-run, info written back, a password never shown and rotated
once, a replication region kept, a taken name, delete keeping the linked pull zone."""

from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.tests.unit.plugins.modules.test_pullzone_edge_rule import writes

HOSTS = ("module", "in-process")
SITE = dict(name="site-files", region="DE", replication_regions=["NY"], custom_404_file_path="/404.html")


def run(emulated, host, module="storage_zone", check=False, diff=False, **args):
    return emulated.run(module, emulated.arguments(module, args), host, check=check, diff=diff)


def passwords(emulated, name="site-files"):
    """The passwords of the zone ``name`` (the demo fixture has a zone of its own)."""
    with emulated.platform.gate.exclusive():
        zones = [zone for zone in emulated.platform.areas["storage"].zones.values() if zone.name == name]
        return [secret for zone in zones for secret in (zone.password, zone.read_only_password)]


def link(emulated, zone_id):
    with emulated.platform.gate.exclusive():
        emulated.platform.areas["pullzones"].zones[2001].settings["StorageZoneId"] = zone_id


@pytest.mark.parametrize("host", HOSTS)
def test_create_rerun_info_written_back_rotate_and_delete(emulated_demo, host):
    checked, _shown = run(emulated_demo, host, check=True, diff=True, **SITE)
    assert checked["changed"] and writes(emulated_demo) == []
    created, shown = run(emulated_demo, host, diff=True, **SITE)
    assert created["changed"] and created["diff"] == checked["diff"], created
    assert [w[:2] for w in writes(emulated_demo)] == [
        ("POST", "/storagezone"),
        ("POST", "/storagezone/%d" % created["storage_zone"]["id"]),
    ]
    assert not [secret for secret in passwords(emulated_demo) if secret in shown]
    again, _shown = run(emulated_demo, host, **SITE)
    assert not again["changed"] and len(writes(emulated_demo)) == 2
    info, shown = run(emulated_demo, host, "storage_zone_info", name="site-files")
    assert info["storage_zones"] == [created["storage_zone"]]
    assert not [secret for secret in passwords(emulated_demo) if secret in shown]
    back = {
        k: v
        for k, v in info["storage_zones"][0].items()
        if k in SITE or k in ("tier", "zone_type", "rewrite_404_to_200")
    }
    given_back, _shown = run(emulated_demo, host, **back)
    assert not given_back["changed"] and len(writes(emulated_demo)) == 2
    old = passwords(emulated_demo)
    rotated, _shown = run(emulated_demo, host, name="site-files", rotate_password=["full", "read_only"])
    assert rotated["changed"] and sorted(rotated["passwords"].values()) == sorted(passwords(emulated_demo))
    assert not set(old) & set(passwords(emulated_demo))
    dropped, shown = run(emulated_demo, host, name="site-files", replication_regions=["SG"])
    assert dropped["failed"] and "replication_regions" in dropped["msg"] and len(writes(emulated_demo)) == 4
    assert not [secret for secret in passwords(emulated_demo) if secret in shown]
    link(emulated_demo, created["storage_zone"]["id"])
    removed, _shown = run(emulated_demo, host, diff=True, name="site-files", state="absent")
    assert removed["changed"] and removed["linked_pullzones"] == [{"id": 2001, "name": "demo"}]
    assert 2001 in emulated_demo.platform.areas["pullzones"].zones
    assert writes(emulated_demo)[-1][:2] == ("DELETE", "/storagezone/%d" % created["storage_zone"]["id"])
    gone, _shown = run(emulated_demo, host, name="site-files", state="absent")
    assert not gone["changed"]


@pytest.mark.parametrize("host", HOSTS)
def test_a_taken_name_says_so(emulated_demo, host):
    with emulated_demo.platform.gate.exclusive():
        emulated_demo.platform.areas["storage"].names_taken.add("taken-files")
    result, _shown = run(emulated_demo, host, name="taken-files", region="DE")
    assert result["failed"] and "unique across the whole platform" in result["msg"], json.dumps(result)
