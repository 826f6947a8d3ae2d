"""Every write of the lifecycle modules' cases lost, refused by a gateway or answered with what does not confirm it,
against the emulator (issue 27: "the fault matrix for their writes").

Each case of ``matrix_cases.CASES`` of a lifecycle module runs once cleanly (its requests recorded); then each write
in that log (every request that is not a read: ``matrix_cases.is_read``), for each fault of :data:`FAULTS`, is
faulted alone on a fresh platform. The rule: a write that may have landed is never sent again (a write is retried
only where it provably was not processed: 429); one re-read decides what the result says:

- the change is there: changed, with a warning that the answer was lost or not confirmed;
- it is not: failed, saying it was NOT applied;
- the re-read cannot tell: failed, saying the outcome is unknown and it may have been applied;

and the platform's state matches what the result claims: never ``changed: false`` (or a failure that does not admit
it) while the platform holds a change this task made. In-process only: the core's handling of lost answers is the
same code on both hosts (tests/utils/run_suite.py, "Integration: the two paths"). One test per module (ansible-test
forks each test); every problem is reported at once, naming case, write and fault. Writes a module sends side by
side (dns_records) reach the platform in any order: the fault takes the first of them to the same path, whichever
that is, and the checks hold for any of them.
"""

from __future__ import annotations

import re

import pytest

from ansible_collections.edge.platform.tests.unit.emulated import Emulated, path_pattern, shown_secrets, steady
from ansible_collections.edge.platform.tests.unit.matrix_cases import (
    CASES,
    LIFECYCLE,
    arguments,
    case_secrets,
    is_read,
)

TIMEOUT = 0.3  # the task's timeout when the answer comes too late ...
DELAY = 0.5  # ... and how late it comes
JSON = "application/json; charset=utf-8"
# name: (fault, whether the write landed, extra task arguments)
FAULTS = {
    "answer lost after it landed": (dict(after_processing=True, drop_connection=True), True, {}),
    "connection dropped before it landed": (dict(drop_connection=True), False, {}),
    "HTTP 500 after it landed": (dict(after_processing=True, status=500, body=""), True, {}),
    # a gateway's refusals, which the client handles alike: 502 for one write, 503 for the next
    "HTTP %d before it landed": (dict(status=(502, 503), body=""), False, {}),
    "{} after it landed": (dict(after_processing=True, body="{}", content_type=JSON), True, {}),
    "[] after it landed": (dict(after_processing=True, body="[]", content_type=JSON), True, {}),
    "answer later than the timeout after it landed": (
        dict(after_processing=True, delay_s=DELAY),
        True,
        {"timeout": TIMEOUT},
    ),
}
# What a failure says about the faulted write.
UNKNOWN = re.compile(r"\bunknown\b|may (not )?have been")
NOT_APPLIED = re.compile(r"\bNOT (applied|created|deleted|added|removed|updated|imported)\b")
WRITING = sorted(name for name in LIFECYCLE if not name.endswith("_info"))  # the info modules never write


@pytest.fixture
def emulated(monkeypatch, run_module, capsys):
    running = Emulated(monkeypatch, run_module, capsys)
    yield running
    running.stop()


def same_request(entry):
    pattern = path_pattern(entry["path"])
    return lambda e: e["method"] == entry["method"] and re.search(pattern, e["path"])


def judge(landed, result, runs, index, secrets, writes_before):
    """Every problem of one faulted write; ``runs`` is ``(clean log, initial, clean final state, log, state)``;
    ``writes_before``: whether the task wrote (and was answered) before the faulted write."""
    clean_log, initial, final, log, state = runs
    same = same_request(clean_log[index])
    if not any(same(e) for e in log):
        return ["the run never sent the write"]
    problems = []
    again = sum(1 for e in log if same(e)) > sum(1 for e in clean_log if same(e))
    if again:
        problems.append("the write was sent again")
    message = result.get("msg", "") if result.get("failed") else ""
    unknown, not_applied = UNKNOWN.search(message), NOT_APPLIED.search(message)
    if result.get("failed"):
        if landed and not_applied:
            problems.append("says it was NOT applied, but it landed")
        elif not (unknown or not_applied):
            problems.append("failed without saying whether the write was applied")
    else:
        if steady(state) != steady(final):
            problems.append("succeeded, but the platform does not hold what the clean run made")
        if not again and not result.get("warnings"):
            problems.append("succeeded without a warning that the write's answer was lost or not confirmed")
    changed = result.get("changed")
    if changed is not True and writes_before:
        problems.append("an earlier write of this task landed, but the result says changed=%s" % changed)
    elif changed is not True and landed and not (result.get("failed") and (unknown or not_applied)):
        problems.append("the write landed, but the result says changed=%s" % changed)
    if changed is True and steady(state) == steady(initial):
        problems.append("claims a change the platform does not hold")
    if [s for s in secrets if s in steady(result)] or shown_secrets(steady(result)):
        problems.append("showed a secret")
    return problems


def short(result):
    if result.get("failed"):
        return "failed: %s" % result.get("msg", "")[:300]
    return "changed=%s warnings=%s" % (result.get("changed"), [w[:160] for w in result.get("warnings", ())])


@pytest.mark.parametrize("name", WRITING)
def test_every_write_of_every_case_lost_or_unconfirmed_is_settled_by_one_re_read(emulated, name):
    problems, faulted, writes = [], 0, 0
    for label in CASES[name]:
        args = emulated.arguments(name, arguments(name, label))
        secrets = case_secrets(name, label)
        emulated.reset()
        initial = emulated.state()
        clean, _shown = emulated.run(name, args, "in-process")
        clean_log, final = emulated.log(), emulated.state()
        assert not clean.get("failed"), "%s, %s: the clean run failed: %s" % (name, label, clean.get("msg"))
        for index, entry in enumerate(clean_log):
            if is_read(name, label, entry):
                continue
            writes += 1
            for fault, (spec, landed, extra) in FAULTS.items():
                if isinstance(spec.get("status"), tuple):
                    spec = dict(spec, status=spec["status"][writes % 2])
                    fault = fault % spec["status"]
                emulated.reset()
                emulated.fault_request(clean_log, index, **spec)
                result, _shown = emulated.run(name, dict(args, **extra), "in-process")
                faulted += 1
                runs = (clean_log, initial, final, emulated.log(), emulated.state())
                writes_before = any(not is_read(name, label, e) for e in clean_log[:index])
                found = judge(landed, result, runs, index, secrets, writes_before)
                if emulated.unused_faults():
                    found.insert(0, "the fault never hit")
                where = "%s: %s %s (request %d), %s" % (label, entry["method"], entry["path"], index + 1, fault)
                problems += ["%s: %s [%s]" % (where, problem, short(result)) for problem in found]
    assert faulted, "no case of %s wrote anything: give it one that does" % name
    assert not problems, "%s:\n%s" % (name, "\n".join(problems))
