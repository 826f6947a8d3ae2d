"""Every read of every module answered with a body that is not its answer (``{}``, ``[]``, an HTML page, nothing),
on both hosts, against the emulator (issue 27: "test every read of every module with the emulator's body-replacement
fault").

The rule under test: an answer whose shape is not what the operation documents is not understood; where "nothing
there" would lead to a create or to claiming an object absent, one confirming read by another route decides;
otherwise the task fails saying the answer was not understood, and nothing is written.

Each case of ``matrix_cases.CASES`` runs once cleanly (its requests recorded from the emulator's log); then each
read in that log, for each bad body, is faulted alone (``skip`` lets the earlier requests to its path through) on a
fresh platform, on the module path and in-process. Every outcome is checked, and every problem of a case is reported
at once (module, case, request, body, host, what happened) rather than only the first:

- the fault hit that read (the run repeated the clean run's requests up to it);
- the task failed saying the answer was not understood (after a write of its own: or that the outcome is unknown),
  or a confirming read by another route settled it: then its requests differ from the clean run's after the fault
  and its result and the platform's state are the clean run's; after a write of its own, a read-back not understood
  leaves the write unconfirmed, and the engine's one re-read may settle it (a warning says so): the result and the
  platform's state must then be the clean run's;
- no write was sent after the bad answer, and when no write came before it the platform is exactly as it was (a
  documented exception, :data:`EXCEPTIONS`, may write: its check says what is right);
- no secret anywhere in what the run showed; both hosts gave the same output.

ansible-test forks every test: one test per case keeps the forks few and names the case; its emulator is a thread
started for it (``emulated.py``).
"""

from __future__ import annotations

import collections
import json
import os
import re

import pytest

from ansible_collections.edge.platform.tests.unit.emulated import (
    COLLECTION_ROOT,
    HOSTS,
    Emulated,
    shown_secrets,
    steady,
)
from ansible_collections.edge.platform.tests.unit.matrix_cases import CASES, arguments, case_secrets, is_read, labels

PORTAL = (
    "<!DOCTYPE html>\n<html><head><title>Sign in to the guest network</title></head>"
    "<body><form action='/login'><input name='code'></form></body></html>"
)
BODIES = {
    "{}": ("{}", "application/json; charset=utf-8"),
    "[]": ("[]", "application/json; charset=utf-8"),
    "an HTML page": (PORTAL, "text/html; charset=utf-8"),
    "an empty body": ("", None),
}
# Reads whose documented answer can be one of these bodies, with the reason and the check of what IS right for them
# (``check(result, clean, settled)``: ``settled``, whether the platform's state is the clean run's). A task may write
# after such an answer: the check says whether what it wrote is right.
EXPORT = r"^/dnszone/\d+/export$"
STORAGE_LISTING = r"^/storage\.bunnycdn\.com/[^/]+/(.+/)?$"
EXCEPTIONS = {
    (EXPORT, "an empty body"): (
        "a zone file is text and the platform exports an empty one for a zone without records",
        lambda result, clean, settled: (
            not result.get("failed")
            and [zone.get("zone_file") for zone in result.get("dns_zones", ())] == [""]
            and steady(result, ("dns_zones",)) == steady(clean, ("dns_zones",))
        ),
    ),
    (STORAGE_LISTING, "[]"): (
        "a storage listing answered [] is an empty directory, which a sync must act on; each local file under a "
        "directory known to exist that listed nothing is read by itself (DESCRIBE) before it counts as new "
        "(_sets/storage_files.unconfirmed_new), so what is uploaded is what the clean run uploaded",
        lambda result, clean, settled: (
            not result.get("failed") and steady(result, ("warnings",)) == steady(clean, ("warnings",)) and settled
        ),
    ),
}
NOT_UNDERSTOOD = "not understood"


@pytest.fixture
def emulated(monkeypatch, run_module, capsys):
    running = Emulated(monkeypatch, run_module, capsys)
    yield running
    running.stop()


def test_every_module_has_cases():
    folder = os.path.join(COLLECTION_ROOT, "plugins", "modules")
    assert set(CASES) == {f[:-3] for f in os.listdir(folder) if f.endswith(".py") and not f.startswith("_")}


def exception(entry, body):
    for (pattern, name), found in EXCEPTIONS.items():
        if name == body and re.search(pattern, entry["path"]):
            return found
    return None


def reads_after(name, label, log, index):
    return collections.Counter(
        (e["method"], e["path"], json.dumps(e["query"], sort_keys=True))
        for e in log[index + 1 :]
        if is_read(name, label, e)
    )


def judge(case, index, body, clean, runs, result, shown, secrets):
    """Every problem of one faulted run: ``runs`` is ``(clean log, initial state, clean final state, log, state)``
    (``state()`` reads the platform's state now)."""
    name, label = case
    clean_log, initial, final, log, state = runs
    problems = []
    faulted = [i for i, e in enumerate(log) if (e.get("note") or "").startswith("injected fault")]
    if faulted != [index]:
        return ["the fault hit request(s) %s, not %d: the run did not repeat the clean run" % (faulted, index + 1)]
    writes_after = ["%s %s" % (e["method"], e["path"]) for e in log[index + 1 :] if not is_read(name, label, e)]
    written_before = any(not is_read(name, label, e) for e in clean_log[:index])
    special = exception(clean_log[index], body)
    if writes_after and special is None:
        problems.append("wrote after the bad answer: %s" % ", ".join(writes_after))
    elif not writes_after and not written_before and state() != initial:
        problems.append("the platform's state changed although the task wrote nothing")
    if special is not None:
        if not special[1](result, clean, steady(state()) == final):
            problems.append("documented exception (%s) not handled as such: %s" % (special[0], short(result)))
    elif result.get("failed"):
        message = result.get("msg", "")
        if NOT_UNDERSTOOD not in message and not (written_before and "unknown" in message):
            problems.append("failed without saying the answer was not understood: %s" % short(result))
    elif any(NOT_UNDERSTOOD in warning for warning in result.get("warnings", ())):
        if not written_before:
            problems.append(
                "succeeded, with a warning that the answer was not understood, instead of failing: %s" % short(result)
            )
        # after a write of its own, a read-back not understood leaves the write unconfirmed: the engine's one
        # re-read settles it (never a second write), and the result must then be what the platform holds
        elif steady(result, ("warnings",)) != steady(clean, ("warnings",)) or steady(state()) != final:
            problems.append("settled by one re-read after its write, but not as the platform holds: %s" % short(result))
    elif not reads_after(name, label, log, index) - reads_after(name, label, clean_log, index):
        problems.append("succeeded without a confirming read, as if the bad answer were understood: %s" % short(result))
    elif steady(result, ("warnings",)) != steady(clean, ("warnings",)) or steady(state()) != final:
        problems.append(
            "a confirming read settled it, but the result is not what the platform holds: %s" % short(result)
        )
    leaked = shown_secrets(shown) + [s for s in secrets if s in shown]
    if leaked:
        problems.append("showed a secret (%d)" % len(leaked))
    return problems


def short(result):
    if result.get("failed"):
        return "failed: %s" % result.get("msg", "")[:400]
    return "changed=%s %s" % (result.get("changed"), steady(result, ("invocation", "changed"))[:300])


@pytest.mark.parametrize("name, label", labels(), ids=["%s-%s" % (n, l.replace(" ", "_")) for n, l in labels()])
def test_every_read_answered_with_a_bad_body_is_not_understood_on_both_hosts(emulated, name, label):
    args = emulated.arguments(name, arguments(name, label))
    secrets = case_secrets(name, label)
    emulated.reset()
    initial = emulated.state()
    with emulated.declared_reads() as declared:
        clean, _shown = emulated.run(name, args, "in-process")
    clean_log, final = emulated.log(), steady(emulated.state())
    assert not clean.get("failed"), "the clean run failed: %s" % clean.get("msg")
    # the table of reads (matrix_cases.is_read) says what the client itself declares, request by request
    assert sorted(declared) == sorted((e["method"], e["path"], bool(is_read(name, label, e))) for e in clean_log)
    problems, wrote = [], True
    for index, entry in enumerate(clean_log):
        if not is_read(name, label, entry):
            continue
        for body, (text, content_type) in BODIES.items():
            where = "%s %s (request %d) answered %s" % (entry["method"], entry["path"], index + 1, body)
            outputs = {}
            for host in HOSTS:
                emulated.fresh(wrote)
                emulated.fault_request(clean_log, index, body=text, content_type=content_type)
                result, shown = emulated.run(name, args, host)
                log = emulated.log()
                wrote = any(not is_read(name, label, e) for e in log)
                runs = (clean_log, initial, final, log, emulated.state)
                found = judge((name, label), index, body, clean, runs, result, shown, secrets)
                problems += ["%s, %s: %s" % (where, host, problem) for problem in found]
                outputs[host] = steady(result)
            if len(set(outputs.values())) != 1:
                problems.append("%s: the hosts' outputs differ:\n  %s" % (where, "\n  ".join(outputs.values())))
    assert not problems, "%s, %s:\n%s" % (name, label, "\n".join(problems))
