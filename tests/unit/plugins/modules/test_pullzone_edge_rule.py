# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""pullzone_edge_rule and pullzone_edge_rule_info against the emulator (demo fixture: pull zone 2001 ``demo`` holds
three edge rules of mixed types), on both hosts: create, re-run, check mode and diff, update keeping the guid, info
written back, delete, a lost answer settled by a re-read, an unconfirmed answer, bad input and duplicates."""

from __future__ import annotations

import pytest

HOSTS = ("module", "in-process")
ADMIN = "demo: block the admin area"
FONTS = "demo: fonts cached a year, for every origin"
HTTPS = {
    "description": "demo: force HTTPS",
    "actions": [{"type": "force_ssl"}],
    "triggers": [{"type": "url", "patterns": ["http://*"]}],
    "order_index": 4,
}
ADD = "/pullzone/2001/edgerules/addOrUpdate"


def run(emulated, host, module="pullzone_edge_rule", check=False, diff=False, **args):
    return emulated.run(module, emulated.arguments(module, args), host, check=check, diff=diff)[0]


def rules(emulated):
    return run(emulated, "in-process", "pullzone_edge_rule_info", pullzone_id=2001)["edge_rules"]


def writes(emulated):
    return [(e["method"], e["path"], e["status"]) for e in emulated.log() if e["method"] != "GET"]


@pytest.mark.parametrize("host", HOSTS)
def test_create_rerun_and_check_mode(emulated_demo, host):
    checked = run(emulated_demo, host, check=True, diff=True, pullzone_id=2001, **HTTPS)
    assert checked["changed"] and checked["diff"]["before"] is None
    assert checked["edge_rule"]["guid"] is None and checked["edge_rule"]["actions"][0]["type"] == "force_ssl"
    assert writes(emulated_demo) == []
    created = run(emulated_demo, host, diff=True, pullzone_name="demo", **HTTPS)
    assert created["changed"] and created["edge_rule"]["guid"]
    assert dict(created["edge_rule"], guid=None) == checked["edge_rule"]
    assert created["diff"] == checked["diff"]
    assert writes(emulated_demo) == [("POST", ADD, 201)]
    again = run(emulated_demo, host, pullzone_id=2001, **HTTPS)
    assert not again["changed"] and again["edge_rule"] == created["edge_rule"]
    assert writes(emulated_demo) == [("POST", ADD, 201)]
    assert len(rules(emulated_demo)) == 4


@pytest.mark.parametrize("host", HOSTS)
def test_update_sends_the_guid_and_keeps_the_rest(emulated_demo, host):
    before = next(rule for rule in rules(emulated_demo) if rule["description"] == FONTS)
    result = run(emulated_demo, host, diff=True, pullzone_id=2001, description=FONTS, enabled=True)
    assert result["changed"] and result["edge_rule"] == dict(before, enabled=True)
    assert result["diff"]["before"]["enabled"] is False and result["diff"]["after"]["enabled"] is True
    assert writes(emulated_demo) == [("POST", ADD, 201)]
    after = rules(emulated_demo)
    assert len(after) == 3 and dict(before, enabled=True) in after  # the same guid: replaced, no duplicate


@pytest.mark.parametrize("host", HOSTS)
def test_info_written_back_is_no_change(emulated_demo, host):
    for rule in rules(emulated_demo):
        result = run(emulated_demo, host, pullzone_id=2001, **rule)
        assert not result["changed"] and result["edge_rule"] == rule
    assert writes(emulated_demo) == []


@pytest.mark.parametrize("host", HOSTS)
def test_delete_and_again(emulated_demo, host):
    gone = run(emulated_demo, host, diff=True, pullzone_id=2001, description=ADMIN, state="absent")
    assert gone["changed"] and gone["edge_rule"] is None and gone["diff"]["after"] is None
    again = run(emulated_demo, host, pullzone_id=2001, description=ADMIN, state="absent")
    assert not again["changed"]
    assert [w[0] for w in writes(emulated_demo)] == ["DELETE"]
    assert ADMIN not in [rule["description"] for rule in rules(emulated_demo)]


def test_lost_create_answer_is_settled_by_a_read(emulated_demo):
    emulated_demo.fault(path_regex=ADD, method="POST", drop_connection=True, after_processing=True)
    result = run(emulated_demo, "in-process", pullzone_id=2001, **HTTPS)
    assert result["changed"] and not result.get("failed"), result
    assert result["edge_rule"]["guid"] and "It was not sent again" in " ".join(result["warnings"])
    assert [w[:2] for w in writes(emulated_demo)] == [("POST", ADD)]
    assert [rule["description"] for rule in rules(emulated_demo)].count(HTTPS["description"]) == 1


def test_unconfirmed_update_is_settled_by_a_read(emulated_demo):
    emulated_demo.fault(
        path_regex=ADD, method="POST", body="<html>ok</html>", content_type="text/html", after_processing=True
    )
    result = run(emulated_demo, "in-process", pullzone_id=2001, description=FONTS, enabled=True)
    assert result["changed"] and not result.get("failed"), result
    assert result["edge_rule"]["enabled"] is True
    assert len([w for w in writes(emulated_demo) if w[0] == "POST"]) == 1


def test_lost_create_not_applied_says_so(emulated_demo):
    emulated_demo.fault(path_regex=ADD, method="POST", drop_connection=True)
    result = run(emulated_demo, "in-process", pullzone_id=2001, **HTTPS)
    assert result["failed"] and "NOT created" in result["msg"]
    assert len(rules(emulated_demo)) == 3


@pytest.mark.parametrize(
    "args, option, words",
    [
        (dict(description=" "), "description", "description must not be empty"),
        (dict(description="new rule"), "actions", "actions is required to create edge rule"),
        (dict(description="x", actions=[]), "actions", "actions must list at least one action"),
        (dict(guid="no-such-guid", enabled=True), "guid", "has no edge rule with guid no-such-guid"),
        (dict(description=ADMIN, state="absent", enabled=True), "state", "state=absent takes no rule options"),
        (dict(description="x", actions=[{"type": "teleport"}]), "actions", "teleport"),
    ],
)
def test_bad_input_names_the_option_and_writes_nothing(emulated_demo, args, option, words):
    for host in HOSTS:
        result = run(emulated_demo, host, pullzone_id=2001, **args)
        assert result["failed"] and words in result["msg"] and option in result["msg"], result["msg"]
    assert writes(emulated_demo) == []


def test_duplicates_are_named_by_guid(emulated_demo):
    run(emulated_demo, "in-process", pullzone_id=2001, description="copy", actions=[{"type": "force_ssl"}])
    copy = next(rule for rule in rules(emulated_demo) if rule["description"] == "copy")
    run(emulated_demo, "in-process", pullzone_id=2001, guid=copy["guid"], description=ADMIN)
    result = run(emulated_demo, "module", pullzone_id=2001, description=ADMIN, enabled=False)
    assert result["failed"] and "2 edge rules described" in result["msg"] and copy["guid"] in result["msg"]


def test_info_filters(emulated_demo):
    every = rules(emulated_demo)
    one = run(emulated_demo, "module", "pullzone_edge_rule_info", pullzone_name="demo", guid=every[1]["guid"].upper())
    assert one["edge_rules"] == [every[1]] and one["pull_zone"] == {"id": 2001, "name": "demo"}
    named = run(emulated_demo, "in-process", "pullzone_edge_rule_info", pullzone_id=2001, description=FONTS)
    assert [rule["description"] for rule in named["edge_rules"]] == [FONTS]
    fonts = named["edge_rules"][0]
    assert fonts["trigger_match"] == "all" and [a["type"] for a in fonts["actions"]] == [
        "override_browser_cache_time",
        "set_response_header",
    ]
    assert fonts["triggers"][1] == {
        "type": "request_header",
        "patterns": ["*bot*"],
        "match": "none",
        "parameter1": "User-Agent",
    }
