# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""pullzone_edge_rules against the emulator (demo fixture: pull zone 2001 holds three edge rules), on both hosts: one
diff of the whole list, check mode exact, writes only where a rule differs, order through OrderIndex, purge, 50 rules
of mixed types reordered, a no-change run of 50 rules in one read, bad input and a failure midway."""

from __future__ import annotations

import pytest

HOSTS = ("module", "in-process")
ADMIN = "demo: block the admin area"
REDIRECT = "demo: old host to the new one"
FONTS = "demo: fonts cached a year, for every origin"
ADD = "/pullzone/2001/edgerules/addOrUpdate"
LIST = [
    {
        "description": "demo: force HTTPS",
        "actions": [{"type": "force_ssl"}],
        "triggers": [{"type": "url", "patterns": ["http://*"]}],
    },
    {"description": FONTS, "enabled": True},
    {"description": ADMIN},
]


def run(emulated, host, check=False, diff=False, module="pullzone_edge_rules", **args):
    return emulated.run(module, emulated.arguments(module, args), host, check=check, diff=diff)[0]


def held(emulated):
    rules = run(emulated, "in-process", module="pullzone_edge_rule_info", pullzone_id=2001)["edge_rules"]
    return sorted(rules, key=lambda rule: rule["order_index"])


def sent(emulated):
    return [(e["method"], e["path"]) for e in emulated.log()]


@pytest.mark.parametrize("host", HOSTS)
def test_plan_one_diff_then_writes_in_order_and_purge(emulated_demo, host):
    checked = run(emulated_demo, host, check=True, diff=True, pullzone_id=2001, purge=True, rules=LIST)
    assert checked["changed"] and sent(emulated_demo) == [("GET", "/pullzone/2001")]
    assert [rule["description"] for rule in checked["diff"]["after"]["edge_rules"]] == [r["description"] for r in LIST]
    assert len(checked["diff"]["before"]["edge_rules"]) == 3 and checked["removed"]
    applied = run(emulated_demo, host, diff=True, pullzone_id=2001, purge=True, rules=LIST)
    assert applied["diff"] == checked["diff"] and applied["removed"] == checked["removed"]
    writes = [entry for entry in sent(emulated_demo) if entry[0] != "GET"]
    # the new rule, the fonts rule (enabled, place 2), the admin rule (place 3), then the redirect deleted
    assert [entry[0] for entry in writes] == ["POST", "POST", "POST", "DELETE"]
    assert [(r["description"], r["order_index"]) for r in held(emulated_demo)] == [
        ("demo: force HTTPS", 1),
        (FONTS, 2),
        (ADMIN, 3),
    ]
    assert [dict(r, guid=None) for r in applied["edge_rules"]] == [dict(r, guid=None) for r in checked["edge_rules"]]
    emulated_demo.fresh(wrote=False)  # the log cleared, the state kept
    again = run(emulated_demo, host, pullzone_id=2001, purge=True, rules=LIST)
    assert not again["changed"] and again["removed"] == []
    assert sent(emulated_demo) == [("GET", "/pullzone/2001")]


def test_rules_not_listed_stay_without_purge(emulated_demo):
    result = run(emulated_demo, "in-process", pullzone_id=2001, rules=[{"description": REDIRECT, "enabled": False}])
    assert result["changed"] and result["removed"] == []
    assert {r["description"] for r in held(emulated_demo)} == {ADMIN, REDIRECT, FONTS}


def mixed(index):
    kinds = [
        {"actions": [{"type": "force_ssl"}], "triggers": [{"type": "url", "patterns": ["http://*"]}]},
        {"actions": [{"type": "set_response_header", "parameter1": "X-N", "parameter2": str(index)}]},
        {
            "actions": [{"type": "override_browser_cache_time", "parameter1": "60"}, {"type": "force_compression"}],
            "triggers": [
                {"type": "url_extension", "patterns": ["js", "css"]},
                {"type": "country_code", "patterns": ["DE"], "match": "none"},
            ],
            "trigger_match": "all",
        },
        {
            "actions": [{"type": "block_request"}],
            "triggers": [{"type": "remote_ip", "patterns": ["192.0.2.%d" % index]}],
        },
    ]
    return dict(kinds[index % 4], description="rule %02d" % index)


def test_fifty_mixed_rules_reordered_and_a_no_change_run_in_one_read(emulated_demo):
    rules = [mixed(index) for index in range(50)]
    created = run(emulated_demo, "in-process", pullzone_id=2001, purge=True, rules=rules)
    assert created["changed"] and len(created["edge_rules"]) == 50
    reordered = rules[::-1]
    result = run(emulated_demo, "in-process", pullzone_id=2001, purge=True, rules=reordered)
    assert result["changed"]
    assert [r["description"] for r in held(emulated_demo)] == [r["description"] for r in reordered]
    emulated_demo.fresh(wrote=False)  # the log cleared, the state kept
    again = run(emulated_demo, "module", pullzone_id=2001, purge=True, rules=reordered)
    assert not again["changed"] and sent(emulated_demo) == [("GET", "/pullzone/2001")]


@pytest.mark.parametrize(
    "rules, words",
    [
        (
            [{"description": ADMIN}, {"description": ADMIN}],
            "rules[1] lists the rule description demo: block the admin area a second",
        ),
        ([{"description": " "}], "rules[0].description must not be empty"),
        ([{"description": "new"}], "rules: actions is required to create edge rule 'new'"),
        ([{"description": "x", "actions": [{"type": "teleport"}]}], "got: teleport found in rules -> actions"),
    ],
)
def test_bad_input_names_the_entry_and_writes_nothing(emulated_demo, rules, words):
    for host in HOSTS:
        result = run(emulated_demo, host, pullzone_id=2001, rules=rules)
        assert result["failed"] and words in result["msg"], result["msg"]
    assert [entry for entry in sent(emulated_demo) if entry[0] != "GET"] == []


def test_a_failure_midway_names_what_was_written(emulated_demo):
    emulated_demo.fault(
        path_regex=ADD, method="POST", status=400, skip=1, body='{"Message": "no"}', content_type="application/json"
    )
    result = run(emulated_demo, "in-process", pullzone_id=2001, purge=True, rules=LIST)
    assert result["failed"] and result["changed"]
    assert "Before that, this task wrote edge rules 'demo: force HTTPS'" in result["msg"]
    assert "demo: force HTTPS" in {r["description"] for r in held(emulated_demo)}


def test_info_written_back_whole_is_no_change_whatever_the_indexes(emulated_demo):
    for description, index in ((ADMIN, 5), (REDIRECT, 7), (FONTS, 10)):
        single = dict(pullzone_id=2001, description=description, order_index=index)
        assert run(emulated_demo, "in-process", module="pullzone_edge_rule", **single)["changed"]
    rules = run(emulated_demo, "in-process", module="pullzone_edge_rule_info", pullzone_id=2001)["edge_rules"]
    assert [rule["order_index"] for rule in rules] == [5, 7, 10]  # in the order the platform runs them
    emulated_demo.fresh(wrote=False)  # the log cleared, the state kept
    again = run(emulated_demo, "module", pullzone_id=2001, purge=True, rules=rules)
    assert not again["changed"] and sent(emulated_demo) == [("GET", "/pullzone/2001")]
    # listed in another order, the places in the list become the indexes
    moved = run(emulated_demo, "in-process", pullzone_id=2001, purge=True, rules=rules[::-1])
    assert moved["changed"] and [rule["order_index"] for rule in held(emulated_demo)] == [1, 2, 3]
    assert [rule["description"] for rule in held(emulated_demo)] == [FONTS, REDIRECT, ADMIN]
