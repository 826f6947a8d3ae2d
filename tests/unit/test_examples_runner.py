"""The judge of the examples integration target (tests/integration/targets/examples/files/run_examples.py)."""

from __future__ import annotations

import importlib.util
import os

import pytest

from ansible_collections.edge.platform.tests.unit.conftest import COLLECTION_ROOT

RUNNER = os.path.join(COLLECTION_ROOT, "tests", "integration", "targets", "examples", "files", "run_examples.py")
NO_EXCEPTIONS = {"changes_every_run": {}, "prints_differently": {}, "only_after_a_change": {}}


@pytest.fixture(scope="module")
def runner():
    spec = importlib.util.spec_from_file_location("run_examples", RUNNER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(*entries, rc=0):
    return rc, "", [dict({"action": "edge.platform.x", "status": "ok", "changed": False}, **e) for e in entries]


@pytest.mark.parametrize(
    "value, nothing",
    [
        (None, True),
        ("", True),
        ("  ", True),
        ("Bot detection runs in None mode.", True),
        ([], True),
        (["/home", None], True),
        ({"a": None}, True),
        ("example.com. 3600 IN DS 1 13 2 AB", False),
        (["/home"], False),
        (0, False),
        (False, False),
    ],
)
def test_shows_nothing(runner, value, nothing):
    assert runner.shows_nothing(value) is nothing


def test_two_identical_unchanged_runs_pass(runner):
    problems = []
    first = run({"task": "Read"}, {"task": "Show", "shown": ["x"]})
    runner.judge("ex", first, first, NO_EXCEPTIONS, problems)
    assert problems == []


def test_a_change_on_the_second_run_fails_unless_listed(runner):
    first = run({"task": "Bump", "changed": True})
    problems = []
    runner.judge("ex", first, first, NO_EXCEPTIONS, problems)
    assert problems == ["ex: task 'Bump' changed again on the second run (not idempotent)"]
    problems = []
    runner.judge("ex", first, first, dict(NO_EXCEPTIONS, changes_every_run={"Bump": "a counter"}), problems)
    assert problems == []


def test_a_debug_that_prints_something_else_or_nothing_the_second_time_fails(runner):
    problems = []
    runner.judge(
        "ex", run({"task": "Show", "shown": ["DS"]}), run({"task": "Show", "shown": [None]}), NO_EXCEPTIONS, problems
    )
    assert problems == [
        "ex, second run: task 'Show' printed nothing useful: null",
        "ex: task 'Show' printed [\"DS\"] on the first run but [null] on the second",
    ]
    problems = []
    runner.judge(
        "ex",
        run({"task": "Show", "shown": ["now"]}),
        run({"task": "Show", "shown": ["already"]}),
        dict(NO_EXCEPTIONS, prints_differently={"Show": "wording"}),
        problems,
    )
    assert problems == []


@pytest.mark.parametrize("status", ["failed", "skipped", "unreachable"])
def test_a_task_that_did_not_run_cleanly_fails_even_when_ignored(runner, status):
    problems = []
    bad = run({"task": "Read", "status": status, "msg": "boom"})
    runner.judge("ex", bad, run({"task": "Read"}), NO_EXCEPTIONS, problems)
    assert problems[0].startswith("ex, first run: task 'Read' %s" % status)


def test_output_is_compared_until_the_runs_part(runner):
    problems = []
    first = run({"task": "Show", "shown": [["/home"]]}, {"task": "Store"}, {"task": "Last"})
    second = run({"task": "Show", "shown": [["/home", "/home"]]}, {"task": "Store", "status": "failed", "msg": "dup"})
    runner.judge("ex", first, second, NO_EXCEPTIONS, problems)
    assert problems == [
        "ex, second run: task 'Store' failed: dup",
        "ex: task 'Show' printed [[\"/home\"]] on the first run but [[\"/home\", \"/home\"]] on the second",
        "ex: the second run ran other tasks than the first",
    ]


def test_a_run_that_failed_without_task_results_fails(runner):
    problems = []
    runner.judge("ex", (4, "ERROR! no such module\n", []), run({"task": "Read"}), NO_EXCEPTIONS, problems)
    assert problems[0].startswith("ex, first run: ansible-playbook exited 4")
    assert "ex: the second run ran other tasks than the first" in problems


def test_build_play_substitutes_options_everywhere_and_nothing_else(runner):
    examples = [
        {"name": "One", "edge.platform.m": {"base_url": "https://api.bunny.net", "zone_id": 1}},
        {
            "name": "Block",
            "module_defaults": {"group/edge.platform.management": {"base_url": "https://api.bunny.net"}},
            "block": [{"name": "Two", "edge.platform.m": {"zone_id": 1}}],
        },
    ]
    settings = {"options": {"base_url": "{{ emulator_url }}"}, "vars": {"vault_key": "k"}}
    play = runner.build_play("m", examples, settings, {"emulator_url": "http://e"})
    assert play["hosts"] == "localhost" and play["vars"] == {"vault_key": "k", "emulator_url": "http://e"}
    assert play["ignore_errors"] is True  # a failing example is recorded as failed and the batch goes on
    # an example that leaves base_url to its default (the platform) talks to the emulator all the same
    assert play["environment"] == {"EDGE_BASE_URL": "{{ emulator_url }}"}
    assert play["tasks"][0]["edge.platform.m"] == {"base_url": "{{ emulator_url }}", "zone_id": 1}
    assert play["tasks"][1]["module_defaults"]["group/edge.platform.management"]["base_url"] == "{{ emulator_url }}"
    assert play["tasks"][1]["block"][0]["edge.platform.m"] == {"zone_id": 1}  # ids stay as written
    assert examples[0]["edge.platform.m"]["base_url"] == "https://api.bunny.net"  # the parsed examples stay untouched


def test_build_play_replaces_each_value_by_its_stand_in(runner):
    examples = [
        {"name": "A", "edge.platform.q": {"database_url": "libsql://a.lite.bunnydb.net"}},
        {"name": "B", "edge.platform.q": {"database_url": "libsql://b.lite.bunnydb.net"}},
    ]
    stand_ins = {
        "database_url": {"libsql://a.lite.bunnydb.net": "http://e/db/a", "libsql://b.lite.bunnydb.net": "http://e/db/b"}
    }
    play = runner.build_play("q", examples, {"options": stand_ins}, {})
    assert [t["edge.platform.q"]["database_url"] for t in play["tasks"]] == ["http://e/db/a", "http://e/db/b"]


def test_build_play_refuses_a_value_without_a_stand_in(runner):
    with pytest.raises(ValueError, match=r"examples.options.database_url has no stand-in for 'libsql://c'"):
        runner.build_play(
            "q",
            [{"name": "C", "edge.platform.q": {"database_url": "libsql://c"}}],
            {"options": {"database_url": {"libsql://a": "http://e/db/a"}}},
            {},
        )


def test_every_module_has_examples_that_parse(runner):
    modules = runner.module_sources(COLLECTION_ROOT)
    assert modules
    for name, documentation, examples in modules:
        assert documentation.get("module") == name
        assert isinstance(examples, list) and examples, name


def test_split_by_play_gives_each_play_its_own_results(runner):
    batch_run = (0, "out", [{"play": "P1", "task": "a"}, {"play": "P2", "task": "b"}, {"play": "P1", "task": "c"}])
    of = runner.split_by_play(batch_run)
    assert of("P1") == (0, "out", [{"play": "P1", "task": "a"}, {"play": "P1", "task": "c"}])
    assert of("P3") == (0, "out", [])  # a play that ran nothing: judge_run reports "no task ran"


def test_a_handler_named_as_such_may_run_on_the_first_run_only(runner):
    first = run({"task": "Create", "changed": True}, {"task": "Purge", "changed": True})
    second = run({"task": "Create"})
    problems = []
    runner.judge("ex", first, second, NO_EXCEPTIONS, problems)
    assert problems == ["ex: the second run ran other tasks than the first"]
    problems = []
    runner.judge("ex", first, second, dict(NO_EXCEPTIONS, only_after_a_change={"Purge": "after a change"}), problems)
    assert problems == []
