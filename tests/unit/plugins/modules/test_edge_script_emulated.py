# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""edge_script and edge_script_info against the emulator (demo fixture; the tests create scripts of their own), on
both hosts: create with code and its linked pull zone, re-run, a code change written once, info written back, the
deployment key never shown and rotated once, a type change refused before any write, delete keeping the linked pull
zone."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.tests.unit.plugins.modules.test_pullzone_edge_rule import writes

HOSTS = ("module", "in-process")
V1, V2 = "export default () => new Response('v1');", "export default () => new Response('v2');"
SCRIPT = dict(name="Unit Script", type="standalone", code=V1)


def run(emulated, host, module="edge_script", check=False, diff=False, **args):
    return emulated.run(module, emulated.arguments(module, args), host, check=check, diff=diff)


def keys(emulated):
    """Every script's deployment key held by the emulator."""
    with emulated.platform.gate.exclusive():
        return [script.deployment_key for script in emulated.platform.areas["edge_scripts"].scripts.values()]


def no_key(emulated, shown):
    return not [key for key in keys(emulated) if key in shown]


@pytest.mark.parametrize("host", HOSTS)
def test_create_rerun_change_info_written_back_and_delete(emulated_demo, host):
    checked, _shown = run(emulated_demo, host, check=True, diff=True, **SCRIPT)
    assert checked["changed"] and writes(emulated_demo) == []
    created, shown = run(emulated_demo, host, diff=True, **SCRIPT)
    assert created["changed"] and created["diff"] == checked["diff"], created
    script_id = created["edge_script"]["id"]
    assert [w[:2] for w in writes(emulated_demo)] == [
        ("POST", "/compute/script"),
        ("POST", "/compute/script/%d/code" % script_id),
    ]
    assert created["edge_script"]["linked_pullzones"][0]["name"] == "unit-script" and no_key(emulated_demo, shown)
    again, _shown = run(emulated_demo, host, **SCRIPT)
    assert not again["changed"] and len(writes(emulated_demo)) == 2
    changed, _shown = run(emulated_demo, host, name="Unit Script", code=V2)
    assert changed["changed"] and changed["live"] == "saved" and len(writes(emulated_demo)) == 3
    info, shown = run(emulated_demo, host, "edge_script_info", name="Unit Script", include_code=True)
    assert "edge_scripts" in info, info
    read = info["edge_scripts"][0]
    assert read["code"] == V2 and no_key(emulated_demo, shown)
    back, _shown = run(emulated_demo, host, name=read["name"], type=read["type"], code=read["code"])
    assert not back["changed"] and len(writes(emulated_demo)) == 3
    refused, shown = run(emulated_demo, host, name="Unit Script", type="dns")
    assert refused["failed"] and "type" in refused["msg"] and no_key(emulated_demo, shown)
    rotated, _shown = run(emulated_demo, host, name="Unit Script", rotate_deployment_key=True)
    assert rotated["changed"] and rotated["deployment_key"] in keys(emulated_demo)
    deleted, _shown = run(emulated_demo, host, name="Unit Script", state="absent")
    assert deleted["changed"] and deleted["linked_pullzones"][0]["name"] == "unit-script"
    zones, _shown = run(emulated_demo, host, "pullzone_info", pullzone_name="unit-script")
    assert len(zones["pull_zones"]) == 1
