# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""pullzone takes its scripts by name (issue 33, item 5) against the emulator's demo fixture (hello-edge: a standalone
script, resolver: a DNS script), on both hosts: a zone created with a script origin by name reaches the emulator with
the script's id, its re-run and pullzone_info's output given back are no change, a middleware script by name is
attached and detached (verified by one read), and a name of the wrong type fails naming the option before any write."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.tests.unit.plugins.modules.test_pullzone_settings import (
    HOSTS,
    run,
    settings_of,
    writes,
)

HELLO_EDGE = 3002  # the demo fixture's standalone script


def zone_named(emulated, name):
    zones = [zone for zone in emulated.platform.areas["pullzones"].zones.values() if zone.name == name]
    assert len(zones) == 1, [zone.name for zone in zones]
    return zones[0]


def middleware(emulated, name="guard"):
    """A middleware script the account has (the demo fixture has none)."""
    return emulated.platform.areas["edge_scripts"].add_script(name, 2, "export default {}").id


@pytest.mark.parametrize("host", HOSTS)
def test_a_script_origin_by_name_reaches_the_emulator_with_the_script_id(emulated_demo, host):
    created, _shown = run(emulated_demo, host, diff=True, name="app", origin_edge_script="hello-edge")
    assert created["changed"] and not created.get("warnings"), created.get("msg") or created.get("warnings")
    held = zone_named(emulated_demo, "app").settings
    assert (held["OriginType"], held["EdgeScriptId"], held["OriginUrl"]) == (4, HELLO_EDGE, "https://bunnycdn.com")
    assert created["pull_zone"]["edge_script_id"] == HELLO_EDGE and created["pull_zone"]["origin_type"] == "edge_script"
    again, _shown = run(emulated_demo, host, diff=True, name="app", origin_edge_script="hello-edge")
    assert not again["changed"] and again["diff"]["before"] == again["diff"]["after"]
    info, _shown = run(emulated_demo, host, "pullzone_info", name="app")
    given_back, _shown = run(emulated_demo, host, name="app", **settings_of(info["pull_zones"][0]))
    assert given_back.get("changed") is False, given_back.get("msg") or given_back.get("diff")
    assert [write[:2] for write in writes(emulated_demo)] == [("POST", "/pullzone")]


@pytest.mark.parametrize("host", HOSTS)
def test_a_middleware_script_by_name_is_attached_then_detached(emulated_demo, host):
    guard = middleware(emulated_demo)
    attached, _shown = run(emulated_demo, host, pullzone_id=2001, middleware_script="guard")
    assert attached["changed"] and attached["pull_zone"]["middleware_script_id"] == guard, attached.get("msg")
    assert "scripting" in zone_named(emulated_demo, "demo").settings["RoutingFilters"]
    assert not run(emulated_demo, host, pullzone_id=2001, middleware_script="guard")[0]["changed"]
    detached, _shown = run(emulated_demo, host, pullzone_id=2001, middleware_script="")
    assert detached["changed"] and detached["pull_zone"]["middleware_script_id"] == 0 and not detached.get("warnings")
    assert zone_named(emulated_demo, "demo").settings["MiddlewareScriptId"] == 0
    log = [(entry["method"], entry["path"]) for entry in emulated_demo.log()]
    assert log[-2:] == [("POST", "/pullzone/2001"), ("GET", "/pullzone/2001")]  # the detach read again
    assert not run(emulated_demo, host, pullzone_id=2001, middleware_script="")[0]["changed"]


@pytest.mark.parametrize(
    "options, words",
    [
        (
            {"origin_edge_script": "resolver"},
            "origin_edge_script names a standalone script, but the edge script named 'resolver' is of type dns",
        ),
        (
            {"middleware_script": "hello-edge"},
            "middleware_script names a middleware script, but the edge script named 'hello-edge' is of type standalone",
        ),
        (
            {"origin_edge_script": "no-such-script"},
            "No edge script named 'no-such-script' is visible to this API key: check origin_edge_script",
        ),
        (
            {"origin_edge_script": "hello-edge", "edge_script_id": 3001},
            "Give origin_edge_script or edge_script_id, not both.",
        ),
        ({"origin_edge_script": "hello-edge", "origin_url": "https://o.example.com"}, "origin_url cannot be set"),
        ({"middleware_script": "guard", "state": "absent"}, "state=absent takes no settings (middleware_script"),
    ],
)
def test_a_script_name_that_does_not_fit_fails_naming_the_option_before_any_write(emulated_demo, options, words):
    middleware(emulated_demo)
    result, _shown = run(emulated_demo, "in-process", pullzone_id=2001, **options)
    assert result["failed"] and words in result["msg"], result["msg"]
    assert writes(emulated_demo) == []


def test_a_script_only_predicted_stands_in_under_check(emulated_demo):
    planned, _shown = run(emulated_demo, "module", check=True, name="later", origin_edge_script="not-yet")
    assert planned["changed"] and planned["pull_zone"] is None
    assert "edge script 'not-yet'" in " ".join(planned["warnings"])
    assert writes(emulated_demo) == []
