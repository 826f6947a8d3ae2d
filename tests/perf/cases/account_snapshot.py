"""Benchmark case of issue 34 ("Performance"): an account snapshot and its no-change apply on a real network.

The account (snapshot_fixture.py, generated into the run's scratch directory): 200 pull zones (a custom hostname and
two edge rules each), 200 DNS zones of 20 records and 50 shield zones of 10 custom WAF rules. Behind the 50 ms
proxy (network.py), in one emulator, each timed by its tasks (the junit callback: the run's start-up left out):

1. the reference (snapshot_reference.py, a fresh interpreter): plain ``requests``, one session, a pool of 10,
   reading what the snapshot of the kinds reads: the listings, then the per-object reads;
2. the snapshot: one ``edge.platform.account_snapshot`` task in-process (target: within 1.5x the reference);
3. the apply: the role ``edge.platform.account`` given that tree (``account_tree``) on the same account (target:
   within 2x the snapshot), with its slowest tasks (each a looped module call per zone, or a check of the tree);
4. the files, as a user runs it: ``ansible-playbook edge.platform.snapshot`` writing the account's 450 files (one
   task reads and writes them), then the role applying that directory (``account_dir``: one task reads the files),
   each as a ratio to the snapshot too.

Each apply must change nothing and send GETs only, and every resource's file must be written: the run fails otherwise
(deterministic); timings never fail it.

The kinds are ``account_snapshot.KINDS`` of the built collection, those the reference knows how to read
(``pull_zones``, ``dns_zones``, ``shield_zones``): shield zones join (in the snapshot, its apply and the reference)
when their kind is in ``KINDS``; the output says whether they did.
"""

from __future__ import annotations

import glob
import json
import os
import re
import tempfile
import xml.etree.ElementTree as ET
from unittest import mock

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFERENCE = os.path.join(HERE, "snapshot_reference.py")
BENCH_KINDS = ("pull_zones", "dns_zones", "shield_zones")  # what the fixture holds and the reference reads
SNAPSHOT_TARGET, APPLY_TARGET = 1.5, 2.0
SLOWEST = 6  # the apply's tasks listed by time
START_TIMEOUT = 180  # seconds: the emulator checks and loads 4,000 records and 500 rules before it listens
WRITE_TASK = "Read the account and write one file per resource"  # playbooks/snapshot.yml
READ_TASK = "Read the resource files of account_dir"  # roles/account/tasks/read.yml


def snapshot_kinds(bench):
    """``KINDS`` of the built collection's account_snapshot, read in a fresh interpreter (its imports stay there)."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); "
        "from ansible_collections.edge.platform.plugins.module_utils._cores.account_snapshot import KINDS; "
        "print(json.dumps(list(KINDS)))"
    )
    return bench.json_result(["-c", code, bench.COLLECTIONS], "reading account_snapshot.KINDS")


def task_times(junit_dir):
    """``[(task name, seconds)]`` of a run, from the junit callback (a role's task named ``role : task``; an include's
    own entry left out, its tasks are listed)."""
    times = []
    for path in glob.glob(os.path.join(junit_dir, "*.xml")):
        for case in ET.parse(path).getroot().iter("testcase"):
            host, _play, name = re.match(r"\[([^\]]*)\] ([^:]*): (.*)", case.get("name")).groups()
            if host != "include":
                times.append((name, float(case.get("time"))))
    return times


def seconds_of(times, task):
    """The time of the task whose name starts with ``task`` (in a role or not) among ``times``."""
    found = [seconds for name, seconds in times if name.split(" : ")[-1].startswith(task)]
    if not found:
        raise RuntimeError("no junit time of the task %r among %s" % (task, [name for name, _s in times]))
    return sum(found)


def admin_requests(url):
    import urllib.request  # pylint: disable=import-outside-toplevel

    with urllib.request.urlopen(url + "/_emulator/requests", timeout=60) as answer:  # loopback, no key
        return json.loads(answer.read().decode("utf-8"))["requests"]


def clear_requests(url):
    import urllib.request  # pylint: disable=import-outside-toplevel

    with urllib.request.urlopen(urllib.request.Request(url + "/_emulator/requests", method="DELETE"), timeout=60):
        pass  # 204: the request log is empty


def written(directory, kinds):
    return {kind: len(glob.glob(os.path.join(directory, kind, "*.yml"))) for kind in kinds}


def snapshot_play(bench, url, kinds, tree_file):
    """The snapshot (the module task, timed) and its tree kept in ``tree_file`` for the apply's run."""
    keep = {"content": "{{ snapshot.account | to_json }}", "dest": tree_file, "mode": "0600"}
    snapshot = {"kinds": kinds, "concurrency": 10}
    tasks = [
        {"name": "snapshot", "edge.platform.account_snapshot": snapshot, "register": "snapshot"},
        {"name": "keep the tree", "ansible.builtin.copy": keep},
    ]
    return bench.play(tasks, url, "")


def apply_play(bench, url, kinds, tree):
    """The role applying ``tree`` (``account_dir``: a snapshot directory; else a file of the tree as JSON)."""
    given = (
        {"account_dir": tree}
        if os.path.isdir(tree)
        else {"account_tree": "{{ lookup('ansible.builtin.file', '%s') | from_json }}" % tree}
    )
    role = {"name": "edge.platform.account"}
    return bench.play(
        [{"name": "apply", "ansible.builtin.include_role": role, "vars": dict(given, account_kinds=kinds)}], url, ""
    )


def files_play(url, kinds, directory):
    """``edge.platform.snapshot`` of the account into ``directory``."""
    chosen = {"snapshot_dir": directory, "snapshot_kinds": kinds}
    connection = {"edge_api_key": "demo-api-key", "edge_base_url": url}
    return [{"ansible.builtin.import_playbook": "edge.platform.snapshot", "vars": dict(chosen, **connection)}]


class Runs(object):
    """The ansible-playbook runs of one case through the proxy: each timed by its tasks (junit), counted by the proxy
    (bench.Counted), its task times and output kept by label."""

    def __init__(self, bench, counted, scratch):
        self.bench, self.counted, self.scratch = bench, counted, scratch
        self.times, self.output = {}, {}

    def add(self, label, form, playbook, seconds=None):
        """Run ``playbook``; its row is timed by the task ``seconds`` names (else all its tasks)."""
        junit_dir = tempfile.mkdtemp(dir=self.scratch)

        def run():
            self.output[label] = self.bench.run_playbook(playbook, self.scratch, junit_dir)
            self.times[label] = task_times(junit_dir)
            return seconds_of(self.times[label], seconds) if seconds else sum(t for _name, t in self.times[label])

        self.counted.add(form, run)


def measure(case, rtt, scratch, bench_dir):  # pylint: disable=unused-argument
    """``(rows, notes, matched)`` as run.py's network measures: the reference, the snapshot and the apply, then the
    files written and applied; matched when each apply changed nothing with GETs only and every resource's file was
    written."""
    import run as bench  # pylint: disable=import-outside-toplevel  # tests/perf/run.py, which loads this case
    import snapshot_fixture  # pylint: disable=import-outside-toplevel
    from network import LatencyProxy, make_ca_and_certificate  # pylint: disable=import-outside-toplevel

    every_kind = snapshot_kinds(bench)
    kinds = [kind for kind in every_kind if kind in BENCH_KINDS]
    fixture_path = os.path.join(scratch, "snapshot-account.json")
    account = snapshot_fixture.write(fixture_path)
    zones = sum(len(account[kind]) for kind in kinds)
    ca_file, cert_file, key_file = make_ca_and_certificate(scratch)
    directory = tempfile.mkdtemp(dir=scratch, prefix="snapshot-")
    tree_file = os.path.join(scratch, "snapshot-tree.json")
    methods = {}
    # edge.platform.snapshot's tasks take no environment: the CA reaches them through the process's, which run.py's
    # ansible-playbook runs inherit
    trusted = {"REQUESTS_CA_BUNDLE": ca_file, "JUNIT_HIDE_TASK_ARGUMENTS": "true"}
    with mock.patch.dict(os.environ, trusted):
        with bench.EmulatorProcess(fixture_path, start_timeout=START_TIMEOUT) as emulator:
            with LatencyProxy(emulator.url, rtt, cert_file, key_file) as proxy:
                counted = bench.Counted(proxy)
                runs = Runs(bench, counted, scratch)
                argv = [REFERENCE, proxy.url, ca_file, snapshot_fixture.API_KEY, ",".join(kinds)]
                counted.add(
                    "plain requests, one session, pool of 10 (the reference)",
                    lambda: bench.json_result(argv, "snapshot_reference.py")["seconds"],
                )
                playbook = snapshot_play(bench, proxy.url, kinds, tree_file)
                runs.add("snapshot", "snapshot: the account_snapshot task, in-process", playbook, "snapshot")

                def applied(label, form, tree):
                    clear_requests(emulator.url)
                    runs.add(label, form, apply_play(bench, proxy.url, kinds, tree))
                    methods[label] = sorted({entry["method"] for entry in admin_requests(emulator.url)})

                applied("apply", "apply: role edge.platform.account, account_tree, no change (its tasks)", tree_file)
                form = "files: snapshot playbook writing every resource's file (its tasks)"
                runs.add("files", form, files_play(proxy.url, kinds, directory))
                applied("apply files", "files: role edge.platform.account, account_dir of them (its tasks)", directory)
    return report(counted, kinds, every_kind, zones, runs, methods, directory)


def report(counted, kinds, every_kind, zones, runs, methods, directory):
    """The rows, notes and verdict of :func:`measure`."""
    reference, module = counted.measured[0][1], counted.measured[1][1]
    apply_seconds = counted.measured[2][1]
    files = written(directory, kinds)
    unchanged = {label: re.search(r"changed=0\b", runs.output[label]) is not None for label in methods}
    count = sum(files.values())
    rows = [
        (
            form,
            items,
            "%.1f" % (sec / items * 1000),
            "%.2f" % (conn / items),
            "%.2f" % (req / items),
            "%.2f" % (sec / reference),
        )
        for (form, sec, conn, req), items in zip(counted.measured, [zones] * 5)
    ]
    matched = all(methods[label] == ["GET"] and unchanged[label] for label in methods) and count == zones
    shield = (
        "in"
        if "shield_zones" in kinds
        else (
            "NOT in (account_snapshot.KINDS has no shield_zones yet: the fixture's shield zones are neither snapshot nor read by the reference)"
        )
    )
    write_task = seconds_of(runs.times["files"], WRITE_TASK)
    read_task = seconds_of(runs.times["apply files"], READ_TASK)
    files_seconds, apply_files_seconds = counted.measured[3][1], counted.measured[4][1]
    notes = [
        "kinds: %s; shield zones %s" % (", ".join(kinds), shield),
        "left out (the bench has no fixture or reference reads for them): %s"
        % (", ".join(k for k in every_kind if k not in kinds) or "none"),
        "snapshot: %.2f s, %.2fx the reference's %.2f s (target %.1fx: %s)"
        % (module, module / reference, reference, SNAPSHOT_TARGET, verdict(module / reference, SNAPSHOT_TARGET)),
        "apply: %.2f s, %.2fx the snapshot (target %.1fx: %s)"
        % (apply_seconds, apply_seconds / module, APPLY_TARGET, verdict(apply_seconds / module, APPLY_TARGET)),
        "apply's slowest tasks: "
        + "; ".join("%s %.2f s" % item for item in sorted(runs.times["apply"], key=lambda item: -item[1])[:SLOWEST]),
        "files (%d written): the snapshot playbook %.2f s (%.2fx the snapshot; its task %r %.2f s), the apply of the "
        "directory %.2f s (%.2fx the snapshot; its task %r %.2f s)"
        % (
            count,
            files_seconds,
            files_seconds / module,
            WRITE_TASK,
            write_task,
            apply_files_seconds,
            apply_files_seconds / module,
            READ_TASK,
            read_task,
        ),
        "no change and GETs only: %s"
        % "; ".join(
            "%s: changed nothing %s, sent %s" % (label, unchanged[label], " ".join(methods[label]) or "-")
            for label in methods
        )
        + (" ok" if matched else " MISMATCH"),
    ]
    return rows, notes, matched


def verdict(ratio, target):
    return "met" if ratio <= target else "MISSED"


NETWORK_CASES = [
    {
        "name": "network: account snapshot of 200 pull zones, 200 DNS zones (20 records), 50 shield zones, and its apply",
        "slow": True,  # minutes: make bench runs it, make bench-quick does not
        "measure": measure,
    },
]
