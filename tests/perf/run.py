"""`make bench`: requests per task and module-vs-baseline wall time, measured against the emulator.

Usage: ``.venv/bin/python tests/perf/run.py [--repeat N] [--only SUBSTRING] [--quick]``

``--quick`` (``make bench-quick``) leaves out the cases that take minutes each (``"slow": True``: the
2,000-operation api_guardian_spec timings and the 1,000-URL purge, paced to the platform's buckets),
bench_storage_memory.py and bench_openapi.py: a few minutes instead of half an hour, for a change that does not touch those. ``make bench``
runs everything.

Cases live in tests/perf/cases/<name>.py (auto-discovered; add a file, edit nothing else):
- ``REQUEST_CASES``: ``{name, task, expect: {changed, requests: [METHOD, ...], that?}, setup?, fixture?}``
  - a fresh emulator starts, the ``setup`` tasks run (state the measured task needs, such as a first
  upload before a no-change re-run), the request log is cleared, the task runs, and the log gives
  the requests it sent. ``that``: Jinja conditions on the task's result ``measured`` that must hold
  (for example that 10,000 rows came back decoded).
- ``TIMING_CASES``: ``{name, task, baseline, setup?, fixture?, rows?, repeat?}`` - after the ``setup``
  tasks, both tasks run --repeat times (at most ``repeat``: for slow tasks), interleaved, in one playbook;
  the junit callback times each task; the ratio of medians is printed (``rows``: also print the
  module's rows per second).
- ``SLOPE_CASES``: ``{name, variants: [(label, task)], baseline: label, count?, rounds?, fixture?}`` - per-task
  cost as a slope: each round runs an empty play, then one play per variant with ``count`` copies of its task
  (variants interleaved, so load changes hit all alike); per-task seconds = (play - empty play) / count; the
  median over ``rounds`` is printed with its ratio to the baseline variant's. Tasks here are whole task dicts
  (they may carry ``vars``, such as ``edge_platform_in_process: false`` to force the module path).
- ``LOOP_CASES``: ``{name, task, items, fixture?}`` - the wall time of one ``ansible-playbook`` run whose task
  loops over ``items`` items (the whole run, start-up included), and the same minus an empty play's.
- ``NETWORK_CASES``: ``{name, task, items, reference_path, module_items?}`` - a real network (network.py): a TLS
  proxy in front of the emulator adds ``--rtt-ms`` (default 50) per request and two round trips per new
  connection, and counts connections and requests. The task loops over ``items`` items in-process, then over
  ``module_items`` (default ``items``) on the module path, each in one ansible-playbook run timed by the junit
  callback (the task alone, not the run's start-up); plain-``requests`` references GET ``reference_path``
  ``items`` times in the same run (one kept-alive session sequentially, and a pool of 10 in flight). Printed: ms
  per item, new connections and requests per item, the ratio to the sequential reference. ``target_ratio``: the
  in-process loop's ratio to aim at (reported, never failing); ``max_new_connections_per_item``: its new
  connections per item must stay at or under this (deterministic: the run exits 1 otherwise).
  A network case with ``measure`` (a function ``(case, rtt, scratch, bench_dir) -> (rows, notes, matched)``, as the
  ``measure_network*`` functions here) is measured by it (pullzone_purge.py: paced to the platform's rate buckets).
- ``MEMORY_CASES``: ``{name, rows, max_rows?, max_response_bytes?, fails_with?, peak_within?}`` - bench_memory.py in
  a fresh interpreter: a generated Hrana answer of ``rows`` rows streamed over HTTP through database_query's own
  send and verdict; prints the answer's size, the peak RSS growth and their ratio. ``fails_with``: fragments the
  module's failure message must hold (the case fails otherwise, as it does when an expected success fails);
  ``peak_within``: bytes the peak growth must stay under (a memory bound, deterministic enough to check).
- ``prepare(directory)`` (optional function): called once before the file's cases run, to write the
  files they need (certificates, documents) into ``directory``, which tasks see as ``{{ edge_bench_dir }}``.
Tasks are one-key dicts ``{FQCN: args}``. Play variables: ``edge_base_url``, ``edge_api_key``,
``edge_database_url`` (the demo fixture's database), ``edge_database_token``, ``edge_bench_dir`` and
``edge_repo_dir`` (the repository root). module_defaults give the management modules ``api_key``
and ``base_url`` and the database modules ``database_url`` and ``auth_token``.
Request counts (and a network case's new connections per item) are deterministic: a case that does not match
its ``expect`` makes the run exit 1.
Timings never fail the run. bench_storage_memory.py uploads 1 GiB with storage_file in a process of its own: its peak
RSS must grow by less than 64 MiB over a 1 KiB upload's (a memory bound, deterministic enough to check), the file be
stored whole and a second upload be no change. Last, bench_openapi.py times api_guardian_spec's work on a 2,000-operation
document; its no-change comparison must find no change (also deterministic).
"""

from __future__ import annotations

import argparse
import glob
import importlib.util
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "tests", "utils"))

from emulator_process import DEMO_FIXTURE, EmulatorProcess  # noqa: E402  pylint: disable=wrong-import-position
from json_run import json_result  # noqa: E402  pylint: disable=wrong-import-position

COLLECTIONS = os.path.join(REPO, ".build", "collections")
NETWORK = os.path.join(HERE, "network.py")
# The copy under COLLECTIONS imports the collection's module_utils from its own tree.
BENCH_OPENAPI = os.path.join(
    COLLECTIONS, "ansible_collections", "edge", "platform", "tests", "perf", "bench_openapi.py"
)
BENCH_MEMORY = os.path.join(COLLECTIONS, "ansible_collections", "edge", "platform", "tests", "perf", "bench_memory.py")
OPENAPI_CASE = "api_guardian_spec large document (bench_openapi.py: parse, derive, measure, compare; no HTTP)"
BENCH_STORAGE_MEMORY = os.path.join(
    COLLECTIONS, "ansible_collections", "edge", "platform", "tests", "perf", "bench_storage_memory.py"
)
STORAGE_MEMORY_CASE = "storage_file 1 GiB upload (bench_storage_memory.py: the module's own process, peak RSS)"
STORAGE_MEMORY_BOUND = 64 * 1024 * 1024  # issue 32: the worker's peak grows by less than 64 MiB
API_KEY = "demo-api-key"
DATABASE_TOKEN = "demo-full-token"  # full access to the demo fixture's database "demo"
CLEAR_LOG = {
    "name": "clear the request log (admin calls are not logged)",
    "ansible.builtin.uri": {"url": "{{ edge_base_url }}/_emulator/requests", "method": "DELETE", "status_code": 204},
}


class CaseFile(object):
    def __init__(self, path):
        spec = importlib.util.spec_from_file_location("perf_case_" + os.path.basename(path)[:-3], path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        self.request_cases = getattr(module, "REQUEST_CASES", [])
        self.timing_cases = getattr(module, "TIMING_CASES", [])
        self.slope_cases = getattr(module, "SLOPE_CASES", None)
        if self.slope_cases is None:
            self.slope_cases = [slope_case(case) for case in self.timing_cases]
        self.loop_cases = getattr(module, "LOOP_CASES", [])
        self.network_cases = getattr(module, "NETWORK_CASES", [])
        self.memory_cases = getattr(module, "MEMORY_CASES", [])
        self.prepare = getattr(module, "prepare", None)


def slope_case(timing):
    """The slope case of a timing case: its task in-process and on the module path, against its baseline."""
    task, baseline = timing["task"], timing["baseline"]
    baseline_label = "%s (baseline)" % next(iter(baseline))
    return {
        "name": timing["name"].split(" vs ")[0],
        "fixture": timing.get("fixture", DEMO_FIXTURE),
        "setup": timing.get("setup", []),
        "count": timing.get("slope_count", 50),
        "variants": [
            ("in-process", dict(task, name="in-process")),
            ("module path", dict(task, name="module path", vars={"edge_platform_in_process": False})),
            (baseline_label, dict(baseline, name="baseline")),
        ],
        "baseline": baseline_label,
    }


def load_cases():
    return [
        CaseFile(path)
        for path in sorted(glob.glob(os.path.join(HERE, "cases", "*.py")))
        if not os.path.basename(path).startswith("_")
    ]


def play(tasks, url, bench_dir):
    """A playbook (JSON is YAML) running the tasks on the implicit localhost with the emulator's credentials."""
    return [
        {
            "name": "edge.platform benchmark",
            "hosts": "localhost",
            "gather_facts": False,
            "vars": {
                "edge_base_url": url,
                "edge_api_key": API_KEY,
                "edge_database_url": url + "/db/demo",
                "edge_database_token": DATABASE_TOKEN,
                "edge_bench_dir": bench_dir,
                "edge_repo_dir": REPO,
            },
            "module_defaults": {
                "group/edge.platform.management": {"api_key": "{{ edge_api_key }}", "base_url": "{{ edge_base_url }}"},
                "group/edge.platform.database": {
                    "database_url": "{{ edge_database_url }}",
                    "auth_token": "{{ edge_database_token }}",
                },
            },
            "tasks": tasks,
        }
    ]


def run_playbook(playbook, scratch, junit_dir=None):
    path = os.path.join(scratch, "bench.yml")
    with open(path, "w") as stream:
        json.dump(playbook, stream)
    env = dict(
        os.environ,
        ANSIBLE_COLLECTIONS_PATH=COLLECTIONS,
        ANSIBLE_NOCOLOR="true",
        ANSIBLE_LOCALHOST_WARNING="false",
        ANSIBLE_INVENTORY_UNPARSED_WARNING="false",
    )
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", os.defpath)
    if junit_dir:
        env.update(
            ANSIBLE_CALLBACKS_ENABLED="ansible.builtin.junit", JUNIT_OUTPUT_DIR=junit_dir, JUNIT_TASK_CLASS="true"
        )
    proc = subprocess.run(
        [os.path.join(os.path.dirname(sys.executable), "ansible-playbook"), path],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        universal_newlines=True,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError("ansible-playbook failed:\n" + proc.stdout)
    return proc.stdout


def named(task, name, register=None):
    ((action, args),) = task.items()
    step = {"name": name, action: args}
    if register:
        step["register"] = register
    return step


def setup_tasks(case):
    return [named(task, "setup-%d" % index) for index, task in enumerate(case.get("setup", []))]


def runs(methods):
    """``GET POST`` or ``GET x4``: consecutive repeats folded, so a 1,000-statement task stays one word."""
    words = []
    for method in methods:
        if words and words[-1][0] == method:
            words[-1][1] += 1
        else:
            words.append([method, 1])
    return " ".join(m if n == 1 else "%s x%d" % (m, n) for m, n in words) or "-"


def measure_requests(case, scratch, bench_dir):
    """``(row, matched)``: a row of the request table and whether the case met its expectations."""
    expect = case.get("expect", {})
    that = expect.get("that", [])
    report = "MEASURED_CHANGED={{ measured.changed }}" + "".join(
        " THAT_%d={{ (%s) | bool }}" % (index, condition) for index, condition in enumerate(that)
    )
    with EmulatorProcess(case.get("fixture", DEMO_FIXTURE)) as emulator:
        tasks = setup_tasks(case) + [
            CLEAR_LOG,
            named(case["task"], "measured", register="measured"),
            {"name": "report", "ansible.builtin.debug": {"msg": report}},
        ]
        out = run_playbook(play(tasks, emulator.url, bench_dir), scratch)
        methods = [entry["method"] for entry in emulator.requests_log()]
    changed = "MEASURED_CHANGED=True" in out
    failed = [condition for index, condition in enumerate(that) if "THAT_%d=True" % index not in out]
    matched = expect.get("changed", changed) == changed and expect.get("requests", methods) == methods and not failed
    row = (
        case["name"],
        "%s/%s" % (expect.get("changed", "-"), changed),
        runs(expect.get("requests", [])),
        runs(methods),
        len(methods),
        "ok" if matched else "MISMATCH" + "".join("; false: " + c for c in failed),
    )
    return row, matched


def task_times(junit_dir):
    """{(side, index): seconds} from the junit callback (test case names embed the task names)."""
    times = {}
    for path in glob.glob(os.path.join(junit_dir, "*.xml")):
        for case in ET.parse(path).getroot().iter("testcase"):
            match = re.search(r"bench-(module|baseline)-(\d+)", case.get("name"))
            if match:
                times[match.group(1), int(match.group(2))] = float(case.get("time"))
    return times


def measure_timing(case, repeat, scratch, bench_dir):
    repeat = min(repeat, case.get("repeat", repeat))
    junit_dir = tempfile.mkdtemp(dir=scratch)
    tasks = setup_tasks(case)
    # Interleaved, so load changes on the machine hit both sides alike; one warm-up pair first.
    for index in range(repeat + 1):
        tasks.append(named(case["task"], "bench-module-%d" % index))
        tasks.append(named(case["baseline"], "bench-baseline-%d" % index))
    with EmulatorProcess(case.get("fixture", DEMO_FIXTURE)) as emulator:
        run_playbook(play(tasks, emulator.url, bench_dir), scratch, junit_dir)
    times = task_times(junit_dir)
    module = statistics.median(times["module", i] for i in range(1, repeat + 1))
    baseline = statistics.median(times["baseline", i] for i in range(1, repeat + 1))
    notes = ["median of %d" % repeat] if case.get("repeat") else []
    if case.get("rows"):
        notes.append("%s rows/s" % format(int(case["rows"] / module), ","))
    note = ", ".join(notes)
    return (case["name"], "%.3fs" % module, "%.3fs" % baseline, "%.2f" % (module / baseline), note)


def timed_play(tasks, url, scratch, bench_dir):
    start = time.monotonic()
    run_playbook(play(tasks, url, bench_dir), scratch)
    return time.monotonic() - start


def measure_slope(case, scratch, bench_dir):
    """Rows ``(case, variant, per-task, ratio to baseline)`` from the slope over an empty play."""
    count, rounds = case.get("count", 50), case.get("rounds", 3)
    per_task = {label: [] for label, _task in case["variants"]}
    with EmulatorProcess(case.get("fixture", DEMO_FIXTURE)) as emulator:
        if case.get("setup"):
            timed_play(setup_tasks(case), emulator.url, scratch, bench_dir)
        for _round in range(rounds):
            empty = timed_play([], emulator.url, scratch, bench_dir)
            for label, task in case["variants"]:
                spent = timed_play([dict(task) for _copy in range(count)], emulator.url, scratch, bench_dir)
                per_task[label].append((spent - empty) / count)
    medians = {label: statistics.median(values) for label, values in per_task.items()}
    baseline = medians[case["baseline"]]
    return [
        (
            "%s (%d tasks, median of %d rounds)" % (case["name"], count, rounds),
            label,
            "%.1f ms" % (median * 1000),
            "%.3f" % (median / baseline),
        )
        for label, median in medians.items()
    ]


def measure_loop(case, scratch, bench_dir):
    task = dict(case["task"], loop="{{ range(%d) | list }}" % case["items"])
    with EmulatorProcess(case.get("fixture", DEMO_FIXTURE)) as emulator:
        empty = timed_play([], emulator.url, scratch, bench_dir)
        spent = timed_play([task], emulator.url, scratch, bench_dir)
    return (case["name"], "%s items" % format(case["items"], ","), "%.1f s" % spent, "%.1f s" % (spent - empty))


def task_seconds(junit_dir, name):
    """The junit callback's time of the task called ``name``."""
    for path in glob.glob(os.path.join(junit_dir, "*.xml")):
        for case in ET.parse(path).getroot().iter("testcase"):
            if re.search(r"\b%s\b" % re.escape(name), case.get("name")):
                return float(case.get("time"))
    raise RuntimeError("no junit time for the task %r" % name)


def network_reference(proxy, path, ca_file, items, concurrency):
    """Seconds of the plain-requests reference, run in a fresh interpreter (no GIL shared with the proxy)."""
    proc = subprocess.run(
        [sys.executable, NETWORK, "reference", proxy.url, path, ca_file, API_KEY, str(items), str(concurrency)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        universal_newlines=True,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError("the network reference failed:\n" + proc.stdout)
    return json.loads(proc.stdout.strip().splitlines()[-1])["seconds"]


def measure_network(case, rtt, scratch, bench_dir):
    """``(rows, notes, matched)``: rows ``(form, items, ms per item, new connections per item, requests per item,
    ratio)`` of one case, notes on its targets, and whether the in-process loop kept its connections per item."""
    from network import LatencyProxy, make_ca_and_certificate  # pylint: disable=import-outside-toplevel

    ca_file, cert_file, key_file = make_ca_and_certificate(scratch)
    items = case["items"]
    module_items = case.get("module_items", items)
    measured = []  # (form, items, seconds, connections, requests)
    with EmulatorProcess(case.get("fixture", DEMO_FIXTURE)) as emulator:
        with LatencyProxy(emulator.url, rtt, cert_file, key_file) as proxy:

            def counted(form, count, run):
                before = proxy.counts()
                seconds = run()
                after = proxy.counts()
                if after["failed connections"] != before["failed connections"]:
                    raise RuntimeError("%s: a connection to the proxy failed (TLS handshake?)" % form)
                measured.append(
                    (
                        form,
                        count,
                        seconds,
                        after["connections"] - before["connections"],
                        after["requests"] - before["requests"],
                    )
                )

            def loop(count, in_process):
                def run():
                    junit_dir = tempfile.mkdtemp(dir=scratch)
                    task = dict(
                        case["task"],
                        name="network-loop",
                        loop="{{ range(%d) | list }}" % count,
                        environment={"REQUESTS_CA_BUNDLE": ca_file},
                    )
                    if not in_process:
                        task["vars"] = {"edge_platform_in_process": False}
                    run_playbook(play([task], proxy.url, bench_dir), scratch, junit_dir)
                    return task_seconds(junit_dir, "network-loop")

                return run

            counted(
                "plain requests, one kept-alive session, sequential",
                items,
                lambda: network_reference(proxy, case["reference_path"], ca_file, items, 1),
            )
            counted(
                "plain requests, pool of 10 in flight",
                items,
                lambda: network_reference(proxy, case["reference_path"], ca_file, items, 10),
            )
            counted("loop: in-process", items, loop(items, True))
            counted("loop: module path", module_items, loop(module_items, False))
    reference = measured[0][2] / measured[0][1]
    rows = [
        (
            form,
            count,
            "%.1f" % (seconds / count * 1000),
            "%.2f" % (connections / count),
            "%.2f" % (requests / count),
            "%.2f" % (seconds / count / reference),
        )
        for form, count, seconds, connections, requests in measured
    ]
    # the in-process loop: its connections per item are deterministic (a check); its time ratio is reported only
    _form, count, seconds, connections, _requests = measured[2]
    ratio, per_item = seconds / count / reference, connections / count
    notes = [
        "in-process loop: %.2fx the sequential reference (target %.2fx: %s)"
        % (ratio, case["target_ratio"], "met" if ratio <= case["target_ratio"] else "MISSED, machine busy?")
    ]
    matched = per_item <= case["max_new_connections_per_item"]
    notes.append(
        "in-process loop: %.2f new connections per item (at most %.2f: %s)"
        % (per_item, case["max_new_connections_per_item"], "ok" if matched else "MISMATCH")
    )
    return rows, notes, matched


class Counted(object):
    """Measurements through the proxy: ``add(form, run)`` times ``run()`` and counts the connections and requests it
    made; ``rows(items)`` gives them per item, with the ratio to the first (the reference)."""

    def __init__(self, proxy):
        self.proxy, self.measured = proxy, []

    def add(self, form, run):
        before = self.proxy.counts()
        seconds = run()
        after = self.proxy.counts()
        self.measured.append(
            (form, seconds, after["connections"] - before["connections"], after["requests"] - before["requests"])
        )

    def rows(self, items):
        reference = self.measured[0][1]
        return [
            (
                form,
                items,
                "%.1f" % (sec / items * 1000),
                "%.2f" % (conn / items),
                "%.2f" % (req / items),
                "%.2f" % (sec / reference),
            )
            for form, sec, conn, req in self.measured
        ]


def measure_network_set(case, rtt, scratch, bench_dir):
    """A set module on a real network: each of ``case["tasks"]`` (``(label, task)``, run in order, once each,
    in-process) against the plain-requests reference with 10 in flight doing ``items`` GETs of ``reference_path``.
    ``(rows, notes, matched)`` as measure_network's; the target is a ratio to the pool-of-10 reference."""
    from network import LatencyProxy, make_ca_and_certificate  # pylint: disable=import-outside-toplevel

    ca_file, cert_file, key_file = make_ca_and_certificate(scratch)
    items = case["items"]
    with EmulatorProcess(case.get("fixture", DEMO_FIXTURE)) as emulator:
        with LatencyProxy(emulator.url, rtt, cert_file, key_file) as proxy:
            counted = Counted(proxy)
            counted.add(
                "plain requests, pool of 10 in flight (%d GETs)" % items,
                lambda: network_reference(proxy, case["reference_path"], ca_file, items, 10),
            )
            for label, task in case["tasks"]:

                def run(task=task):
                    junit_dir = tempfile.mkdtemp(dir=scratch)
                    task = dict(task, name="network-set", environment={"REQUESTS_CA_BUNDLE": ca_file})
                    run_playbook(play([task], proxy.url, bench_dir), scratch, junit_dir)
                    return task_seconds(junit_dir, "network-set")

                counted.add(label, run)
    reference, notes = counted.measured[0][1], []
    for form, seconds, _conn, _req in counted.measured[1:]:
        ratio = seconds / reference
        notes.append(
            "%s: %.2fx the pool-of-10 reference (target %.2fx: %s)"
            % (form, ratio, case["target_ratio"], "met" if ratio <= case["target_ratio"] else "MISSED, machine busy?")
        )
    return counted.rows(items), notes, True


def measure_network_fleet(case, rtt, scratch, bench_dir):
    """A fleet on a real network: ``zones`` DNS zones (DNSSEC on) as hosts of the edge.platform.edge inventory, one
    no-change ``dnszone_dnssec`` task per host in-process, at each of ``forks``; the whole ansible-playbook run timed
    (its inventory listing included). References: ``zones`` GETs of one zone, sequential and 10 in flight."""
    from network import LatencyProxy, make_ca_and_certificate  # pylint: disable=import-outside-toplevel

    zones = case["zones"]
    fixture = os.path.join(scratch, "fleet.yml")
    with open(fixture, "w") as stream:
        json.dump(
            {
                "api_keys": [API_KEY],
                "dns_zones": [{"id": 10000 + i, "domain": "z%d.example" % i, "dnssec": True} for i in range(zones)],
            },
            stream,
        )
    ca_file, cert_file, key_file = make_ca_and_certificate(scratch)
    with EmulatorProcess(fixture) as emulator:
        with LatencyProxy(emulator.url, rtt, cert_file, key_file) as proxy:
            inventory = os.path.join(scratch, "fleet.edge.yml")
            with open(inventory, "w") as stream:
                json.dump({"plugin": "edge.platform.edge", "resources": ["dns_zones"]}, stream)
            playbook = os.path.join(scratch, "fleet-play.yml")
            with open(playbook, "w") as stream:
                task = {"edge.platform.dnszone_dnssec": {"zone_id": "{{ edge_id }}", "state": "enabled"}}
                json.dump([{"hosts": "edge_dns_zones", "gather_facts": False, "tasks": [task]}], stream)
            env = dict(
                os.environ,
                ANSIBLE_COLLECTIONS_PATH=COLLECTIONS,
                ANSIBLE_NOCOLOR="true",
                EDGE_API_KEY=API_KEY,
                EDGE_BASE_URL=proxy.url,
                REQUESTS_CA_BUNDLE=ca_file,
            )
            env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", os.defpath)

            counted = Counted(proxy)

            def fleet(forks):
                def run():
                    start = time.monotonic()
                    proc = subprocess.run(
                        [
                            os.path.join(os.path.dirname(sys.executable), "ansible-playbook"),
                            "-i",
                            inventory,
                            "-f",
                            str(forks),
                            playbook,
                        ],
                        env=env,
                        stdin=subprocess.DEVNULL,
                        stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT,
                        universal_newlines=True,
                        check=False,
                    )
                    if proc.returncode != 0 or "changed=1" in proc.stdout:
                        raise RuntimeError("the fleet play failed or changed something:\n" + proc.stdout[-3000:])
                    return time.monotonic() - start

                return run

            path = "/dnszone/10000"
            counted.add("plain requests, sequential", lambda: network_reference(proxy, path, ca_file, zones, 1))
            counted.add(
                "plain requests, pool of 10 in flight", lambda: network_reference(proxy, path, ca_file, zones, 10)
            )
            for forks in case["forks"]:
                counted.add("inventory play, forks %d (whole run)" % forks, fleet(forks))
    notes = ["ratios are to the sequential reference; the plays include start-up and the inventory listing"]
    return counted.rows(zones), notes, True


def measure_memory(case):
    """``(row, matched)``: bench_memory.py's figures for ``case``, and whether it ended as the case expects."""
    cmd = [sys.executable, BENCH_MEMORY, str(case["rows"])]
    for option in ("max_rows", "max_response_bytes"):
        if option in case:
            cmd += ["--" + option.replace("_", "-"), str(case[option])]
    proc = subprocess.run(
        cmd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        universal_newlines=True,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError("bench_memory.py failed:\n" + proc.stdout)
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    failure = result.get("failure")
    expected = case.get("fails_with")
    problems = []
    if expected is None and failure:
        problems.append("failed: " + failure)
    if expected is not None:
        missing = [fragment for fragment in expected if fragment not in (failure or "")]
        if missing:
            problems.append("the failure lacks %s: %s" % (", ".join(map(repr, missing)), failure or "it succeeded"))
    if case.get("peak_within") and result["peak_growth_bytes"] > case["peak_within"]:
        problems.append("peak growth over %.0f MB" % (case["peak_within"] / 1e6))
    outcome = (
        ("failed as expected: %s" % failure)
        if expected is not None and not problems
        else ("%s rows returned" % format(result.get("returned_rows", 0), ","))
    )
    row = (
        case["name"],
        "%.1f MB" % (result["answer_bytes"] / 1e6),
        "%.1f MB" % (result["read_bytes"] / 1e6),
        "%.1f MB" % (result["peak_growth_bytes"] / 1e6),
        "%.2f" % (result["peak_growth_bytes"] / result["answer_bytes"]),
        "MISMATCH: " + "; ".join(problems) if problems else "ok",
    )
    return row, outcome, not problems


def measure_openapi():
    """``(title, rows, matched)``: bench_openapi.py's timings, and whether its no-change comparison found no change."""
    result = json_result([BENCH_OPENAPI], "bench_openapi.py")
    title = "%s operations, %.1f MB of YAML" % (format(result["operations"], ","), result["document_bytes"] / 1e6)
    rows = [(step, "%.3fs" % result[step + "_s"]) for step in ("parse", "derive", "measure", "compare", "total")]
    matched = result["changed"] is False
    rows.append(
        ("no-change compare", "changed=%s (expected False) %s" % (result["changed"], "ok" if matched else "MISMATCH"))
    )
    return title, rows, matched


def measure_storage_memory():
    """``(rows, ok)``: bench_storage_memory.py's upload of 1 GiB, and whether its peak growth stayed under
    :data:`STORAGE_MEMORY_BOUND` with the file stored whole and its second upload no change."""
    result = json_result([BENCH_STORAGE_MEMORY], "bench_storage_memory.py")
    ok = (
        result["peak_growth_bytes"] < STORAGE_MEMORY_BOUND
        and result["changed"] == [True, True, False]
        and result["stored_bytes"] == result["bytes"]
    )
    rows = [
        ("file", "%.0f MiB (sparse zeros, hashed and sent from disk)" % (result["bytes"] / 1048576.0)),
        ("peak RSS, 1 KiB upload (baseline)", "%.1f MB" % (result["baseline_peak_bytes"] / 1e6)),
        ("peak RSS, the large upload", "%.1f MB" % (result["peak_bytes"] / 1e6)),
        (
            "growth",
            "%.1f MB (bound %.0f MB) %s"
            % (result["peak_growth_bytes"] / 1e6, STORAGE_MEMORY_BOUND / 1e6, "ok" if ok else "MISMATCH"),
        ),
        (
            "upload, then again (no change)",
            "%.1fs, %.1fs; changed %s" % (result["seconds"], result["again_seconds"], result["changed"][1:]),
        ),
    ]
    if result.get("failure"):
        rows.append(("failure", result["failure"]))
    return rows, ok


def table(header, rows):
    widths = [max(len(str(row[i])) for row in [header] + rows) for i in range(len(header))]
    lines = [
        "  " + "  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)).rstrip()
        for row in [header, ["-" * w for w in widths]] + rows
    ]
    return "\n".join(lines)


def chosen(case, args):
    """Whether ``case`` runs: its name holds ``--only``, and it is not slow under ``--quick``."""
    return args.only in case["name"] and not (args.quick and case.get("slow"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed repetitions per task (median; default 7)")
    parser.add_argument("--only", default="", help="run only cases whose name contains this")
    parser.add_argument("--quick", action="store_true", help="leave out the slow cases and bench_openapi.py")
    parser.add_argument(
        "--rtt-ms", type=float, default=50.0, help="network cases: the round trip the proxy adds (default 50)"
    )
    args = parser.parse_args(argv)
    ok = True
    request_rows, timing_rows, slope_rows, loop_rows, memory_rows, memory_notes = [], [], [], [], [], []
    network_rows = []
    with tempfile.TemporaryDirectory(prefix="edge-bench-") as scratch:
        bench_dir = os.path.join(scratch, "files")
        os.mkdir(bench_dir)
        print("Running the cases (a fresh emulator and one ansible-playbook run each)...", flush=True)
        for case_file in load_cases():
            request_cases = [c for c in case_file.request_cases if chosen(c, args)]
            timing_cases = [c for c in case_file.timing_cases if chosen(c, args)]
            slope_cases = [c for c in case_file.slope_cases if chosen(c, args)]
            loop_cases = [c for c in case_file.loop_cases if chosen(c, args)]
            memory_cases = [c for c in case_file.memory_cases if chosen(c, args)]
            network_cases = [c for c in case_file.network_cases if chosen(c, args)]
            if case_file.prepare and (request_cases or timing_cases or slope_cases or loop_cases or network_cases):
                case_file.prepare(bench_dir)
            for case in request_cases:
                row, matched = measure_requests(case, scratch, bench_dir)
                ok = ok and matched
                request_rows.append(row)
                print("  requests  %s: %s" % (row[0], row[-1]), flush=True)
            for case in timing_cases:
                timing_rows.append(measure_timing(case, args.repeat, scratch, bench_dir))
                print("  timing    %s: done" % case["name"], flush=True)
            for case in slope_cases:
                slope_rows.extend(measure_slope(case, scratch, bench_dir))
                print("  slope     %s: done" % case["name"], flush=True)
            for case in loop_cases:
                loop_rows.append(measure_loop(case, scratch, bench_dir))
                print("  loop      %s: done" % case["name"], flush=True)
            for case in network_cases:
                started = time.monotonic()
                measure = case.get("measure") or (  # a case may bring its own (pullzone_purge.py)
                    measure_network_fleet
                    if "forks" in case
                    else measure_network_set
                    if "tasks" in case
                    else measure_network
                )
                rows, notes, matched = measure(case, args.rtt_ms / 1000.0, scratch, bench_dir)
                ok = ok and matched
                network_rows.append((case["name"], rows, notes))
                print("  network   %s: done in %.0f s" % (case["name"], time.monotonic() - started), flush=True)
            for case in memory_cases:
                row, note, matched = measure_memory(case)
                ok = ok and matched
                memory_rows.append(row)
                memory_notes.append("%s: %s" % (case["name"], note))
                print("  memory    %s: %s" % (row[0], row[-1]), flush=True)
    if request_rows:
        print("\nRequests per task (emulator request log; no change = reads only, change = reads + one write)")
        print(table(("case", "changed exp/got", "expected", "sent", "count", "result"), request_rows))
    if timing_rows:
        print(
            "\nWall time per task (median of %d, junit callback), module vs baseline doing the same request"
            % args.repeat
        )
        print(table(("case", "module", "baseline", "ratio", "note"), timing_rows))
    if slope_rows:
        print("\nPer-task cost as a slope over an empty play (interleaved rounds; ratio of medians to the baseline)")
        print(table(("case", "variant", "per task", "ratio"), slope_rows))
    if loop_rows:
        print(
            "\nOne task looping over many items (wall time of the whole ansible-playbook run, and minus an empty play)"
        )
        print(table(("case", "items", "run", "minus empty play"), loop_rows))
    for name, rows, notes in network_rows:
        print(
            "\nA real network: %s (a TLS proxy adds %g ms per request and two round trips per new connection; "
            "the tasks trust a CA made for this run through REQUESTS_CA_BUNDLE with validate_certs true, the "
            "references through verify=; ratio to the first row, the reference, all in this run)" % (name, args.rtt_ms)
        )
        print(table(("form", "items", "ms per item", "new conn/item", "requests/item", "ratio"), rows))
        for note in notes:
            print("  " + note)
    if memory_rows:
        print(
            "\nPeak memory of database_query's decode (bench_memory.py: the answer streamed over HTTP, decoded and "
            "shaped; peak RSS growth of a fresh interpreter)"
        )
        print(table(("case", "answer", "read", "peak growth", "peak/answer", "result"), memory_rows))
        for note in memory_notes:
            print("  " + note)
    if args.only in STORAGE_MEMORY_CASE and not args.quick:
        rows, matched = measure_storage_memory()
        ok = ok and matched
        print("\n%s" % STORAGE_MEMORY_CASE)
        print(table(("step", "measured"), rows))
    if args.only in OPENAPI_CASE and not args.quick:
        title, rows, matched = measure_openapi()
        ok = ok and matched
        print("\n%s: %s" % (OPENAPI_CASE, title))
        print(table(("step", "time"), rows))
    print(
        "\nbench: %s"
        % (
            "ok"
            if ok
            else "a request count, no-change check, network connection count or memory case differs from its "
            "expectation"
        )
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
