# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._shapes import record_sets


def rec(name, value, ttl=300, rid=None, kind="A"):
    return {"id": rid, "type": kind, "name": name, "value": value, "ttl": ttl}


def run(current, wanted, purge=False, ignored=()):
    return record_sets.plan(
        current,
        wanted,
        set_of=lambda r: (r["type"], r["name"]),
        value_of=lambda r: r["value"].lower(),
        same=lambda c, w: c["value"].lower() == w["value"].lower() and c["ttl"] == w["ttl"],
        purge=purge,
        ignored=ignored,
    )


def test_nothing_to_do_when_every_listed_set_matches():
    current = [rec("www", "192.0.2.1", rid=1), rec("www", "192.0.2.2", rid=2), rec("mail", "192.0.2.9", rid=3)]
    result = run(current, [rec("www", "192.0.2.2"), rec("www", "192.0.2.1")])
    assert not result.changed and len(result) == 0
    assert sorted(r["id"] for r in result.unchanged) == [1, 2, 3]  # mail: not listed, kept (no purge)


def test_a_listed_set_becomes_exactly_its_records():
    current = [rec("www", "192.0.2.1", rid=1), rec("www", "192.0.2.2", rid=2), rec("www", "192.0.2.3", rid=3)]
    result = run(current, [rec("www", "192.0.2.1", ttl=60), rec("www", "192.0.2.7")])
    # same value, other ttl: updated in place; the new value takes the id of a record that goes
    assert [(c["id"], w["value"], w["ttl"]) for c, w in result.updates] == [(1, "192.0.2.1", 60), (2, "192.0.2.7", 300)]
    assert [r["id"] for r in result.deletes] == [3] and result.adds == []


def test_new_sets_are_added_and_unlisted_sets_go_only_with_purge():
    current = [rec("old", "192.0.2.5", rid=5), rec("kept", "192.0.2.6", rid=6)]
    wanted = [rec("new", "192.0.2.8")]
    assert [r["id"] for r in run(current, wanted).unchanged] == [6, 5]
    purged = run(current, wanted, purge=True, ignored={("A", "kept")})
    assert [r["value"] for r in purged.adds] == ["192.0.2.8"]
    assert [r["id"] for r in purged.deletes] == [5] and [r["id"] for r in purged.unchanged] == [6]


def test_an_ignored_set_is_left_alone_even_when_listed():
    current = [rec("ext", "192.0.2.1", rid=1)]
    result = run(current, [rec("ext", "192.0.2.2")], purge=True, ignored={("A", "ext")})
    assert not result.changed and [r["id"] for r in result.unchanged] == [1]


def test_value_comparison_uses_the_comparable_form():
    current = [rec("www", "Target.Example.", rid=1, kind="CNAME")]
    result = run(current, [rec("www", "target.example.", kind="CNAME")])
    assert not result.changed
