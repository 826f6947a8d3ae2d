# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""pullzone_optimizer_class and pullzone_optimizer_class_info against the emulator (demo fixture: pull zone 2001
``demo``, no classes; the tests give it some), on both hosts: create, re-run, check mode and diff, an update keeping
the other properties and classes, info written back, delete, a lost answer settled by a re-read, a write the platform
did not take, bad input and duplicates."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.tests.unit.plugins.modules.test_pullzone_edge_rule import writes

HOSTS = ("module", "in-process")
ZONE = "/pullzone/2001"
THUMB = {"name": "thumbnail", "width": 320, "quality": 75, "sharpen": True, "crop_gravity": "center"}
HELD = [
    {"Name": "banner", "Properties": {"width": "1200", "format": "webp", "quality": "075"}},
    {"Name": "thumbnail", "Properties": {"width": "100"}},
]


def run(emulated, host, module="pullzone_optimizer_class", check=False, diff=False, **args):
    return emulated.run(module, emulated.arguments(module, args), host, check=check, diff=diff)[0]


def hold(emulated, classes):
    """Put ``classes`` in pull zone 2001, as the platform would hold them."""
    with emulated.platform.gate.exclusive():
        emulated.platform.areas["pullzones"].zones[2001].settings["OptimizerClasses"] = classes


def held(emulated):
    with emulated.platform.gate.exclusive():
        return emulated.platform.areas["pullzones"].zones[2001].settings["OptimizerClasses"]


@pytest.mark.parametrize("host", HOSTS)
def test_create_rerun_and_check_mode(emulated_demo, host):
    checked = run(emulated_demo, host, check=True, diff=True, pullzone_id=2001, **THUMB)
    assert checked["changed"] and checked["diff"]["before"] is None
    assert checked["optimizer_class"]["quality"] == 75 and checked["optimizer_class"]["other_properties"] == {}
    assert writes(emulated_demo) == []
    created = run(emulated_demo, host, diff=True, pullzone_name="demo", **THUMB)
    assert created["changed"] and created["optimizer_class"] == checked["optimizer_class"]
    assert created["diff"] == checked["diff"] and "warnings" not in created
    assert writes(emulated_demo) == [("POST", ZONE, 200)]
    assert held(emulated_demo) == [
        {
            "Name": "thumbnail",
            "Properties": {"width": "320", "quality": "75", "sharpen": "true", "crop_gravity": "center"},
        }
    ]
    again = run(emulated_demo, host, pullzone_id=2001, **THUMB)
    assert not again["changed"] and again["optimizer_class"] == created["optimizer_class"]
    assert writes(emulated_demo) == [("POST", ZONE, 200)]


@pytest.mark.parametrize("host", HOSTS)
def test_update_sends_only_the_list_and_keeps_the_rest(emulated_demo, host):
    hold(emulated_demo, HELD)
    result = run(emulated_demo, host, diff=True, pullzone_id=2001, name="banner", sharpen=False)
    assert result["changed"] and result["optimizer_class"]["sharpen"] is False
    assert result["diff"]["before"]["sharpen"] is None and result["diff"]["after"]["sharpen"] is False
    assert writes(emulated_demo) == [("POST", ZONE, 200)]
    assert held(emulated_demo) == [
        {"Name": "banner", "Properties": {"width": "1200", "format": "webp", "quality": "075", "sharpen": "false"}},
        HELD[1],
    ]


@pytest.mark.parametrize("host", HOSTS)
def test_info_written_back_is_no_change(emulated_demo, host):
    hold(emulated_demo, HELD)
    info = run(emulated_demo, host, "pullzone_optimizer_class_info", pullzone_id=2001)
    banner = info["optimizer_classes"][0]
    assert banner["width"] == 1200 and banner["quality"] is None
    assert banner["other_properties"] == {"format": "webp", "quality": "075"}
    assert any("quality='075'" in warning for warning in info["warnings"])
    for entry in info["optimizer_classes"]:
        result = run(emulated_demo, host, pullzone_id=2001, **entry)
        assert not result["changed"] and result["optimizer_class"] == entry
    assert writes(emulated_demo) == [] and held(emulated_demo) == HELD


def test_other_properties_set_and_remove_keys(emulated_demo):
    hold(emulated_demo, HELD)
    result = run(
        emulated_demo, "in-process", pullzone_id=2001, name="banner", other_properties={"format": None, "dpr": 2}
    )
    assert result["changed"] and result["optimizer_class"]["other_properties"] == {"quality": "075", "dpr": "2"}
    assert held(emulated_demo)[0]["Properties"] == {"width": "1200", "quality": "075", "dpr": "2"}


@pytest.mark.parametrize("host", HOSTS)
def test_delete_and_again(emulated_demo, host):
    hold(emulated_demo, HELD)
    gone = run(emulated_demo, host, diff=True, pullzone_id=2001, name="banner", state="absent")
    assert gone["changed"] and gone["optimizer_class"] is None and gone["diff"]["after"] is None
    again = run(emulated_demo, host, pullzone_id=2001, name="banner", state="absent")
    assert not again["changed"]
    assert writes(emulated_demo) == [("POST", ZONE, 200)] and held(emulated_demo) == HELD[1:]


def test_lost_answer_is_settled_by_a_read(emulated_demo):
    emulated_demo.fault(path_regex=ZONE + "$", method="POST", drop_connection=True, after_processing=True)
    result = run(emulated_demo, "in-process", pullzone_id=2001, **THUMB)
    assert result["changed"] and not result.get("failed"), result
    assert "It was not sent again" in " ".join(result["warnings"])
    assert result["optimizer_class"]["width"] == 320
    assert [w[:2] for w in writes(emulated_demo)] == [("POST", ZONE)]


def test_lost_answer_not_applied_says_so(emulated_demo):
    emulated_demo.fault(path_regex=ZONE + "$", method="POST", drop_connection=True)
    result = run(emulated_demo, "in-process", pullzone_id=2001, **THUMB)
    assert result["failed"] and "NOT applied" in result["msg"]
    assert held(emulated_demo) == []


def test_unconfirmed_answer_is_settled_by_a_read(emulated_demo):
    emulated_demo.fault(
        path_regex=ZONE + "$", method="POST", body="<html>ok</html>", content_type="text/html", after_processing=True
    )
    result = run(emulated_demo, "module", pullzone_id=2001, **THUMB)
    assert result["changed"] and not result.get("failed"), result
    assert len(writes(emulated_demo)) == 1


def test_a_write_the_platform_did_not_take_is_warned_of(emulated_demo):
    emulated_demo.fault(
        path_regex=ZONE + "$", method="POST", body='{"Id": 2001, "Name": "demo", "OptimizerClasses": []}'
    )
    result = run(emulated_demo, "in-process", pullzone_id=2001, **THUMB)
    assert result["changed"] and result["optimizer_class"] is None
    assert any("did not take all of it" in warning for warning in result["warnings"])


@pytest.mark.parametrize(
    "args, option, words",
    [
        (dict(name=" "), "name", "name must not be empty"),
        (dict(name="banner", state="absent", width=10), "state", "state=absent takes no properties (width"),
        (dict(name="banner", quality=101), "quality", "quality"),
        (dict(name="banner", crop_gravity="middle"), "crop_gravity", "middle"),
        (dict(name="banner", width=5, other_properties={"width": "6"}), "other_properties", "give each property once"),
        (dict(name="banner", other_properties={"format": ["webp"]}), "other_properties", "must be text"),
    ],
)
def test_bad_input_names_the_option_and_writes_nothing(emulated_demo, args, option, words):
    for host in HOSTS:
        result = run(emulated_demo, host, pullzone_id=2001, **args)
        assert result["failed"] and words in result["msg"] and option in result["msg"], result["msg"]
    assert writes(emulated_demo) == []


def test_duplicates_are_refused(emulated_demo):
    hold(emulated_demo, HELD + [{"Name": "banner", "Properties": {}}])
    result = run(emulated_demo, "module", pullzone_id=2001, name="banner", width=10)
    assert result["failed"] and "2 optimizer classes named 'banner'" in result["msg"]
    assert writes(emulated_demo) == []


def test_info_by_name(emulated_demo):
    hold(emulated_demo, HELD)
    one = run(emulated_demo, "module", "pullzone_optimizer_class_info", pullzone_name="demo", name="thumbnail")
    assert one["pull_zone"] == {"id": 2001, "name": "demo"}
    assert [entry["name"] for entry in one["optimizer_classes"]] == ["thumbnail"]
    assert one["optimizer_classes"][0]["width"] == 100
