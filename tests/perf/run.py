"""`make bench`: requests per task and module-vs-baseline wall time, measured against the emulator.

Usage: ``.venv/bin/python tests/perf/run.py [--repeat N] [--only SUBSTRING]``

Cases live in tests/perf/cases/<name>.py (auto-discovered; add a file, edit nothing else):
- ``REQUEST_CASES``: ``{name, task, expect: {changed, requests: [METHOD, ...]}, fixture?, module_defaults?}`` - the
  a fresh emulator starts, the single task runs, and the request log gives the requests it sent.
- ``TIMING_CASES``: ``{name, task, baseline, fixture?, module_defaults?}`` - both tasks run --repeat times, interleaved,
  in one playbook; the junit callback times each task; the ratio of medians is printed.
Tasks are one-key dicts ``{FQCN: args}``; ``{{ edge_base_url }}`` and ``{{ edge_api_key }}`` are set, and
module_defaults default to api_key/base_url for group/edge.platform.management.
Request counts are deterministic: a case that does not match its ``expect`` makes the run exit 1.
Standalone benchmarks: every tests/perf/bench_*.py runs as a script after the cases; its output is shown.
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
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "tests", "utils"))

from emulator_process import DEMO_FIXTURE, EmulatorProcess  # noqa: E402  pylint: disable=wrong-import-position

COLLECTIONS = os.path.join(REPO, ".build", "collections")
API_KEY = "demo-api-key"
READS = ("GET", "HEAD")


def load_cases():
    request_cases, timing_cases = [], []
    for path in sorted(glob.glob(os.path.join(HERE, "cases", "*.py"))):
        if os.path.basename(path).startswith("_"):
            continue
        spec = importlib.util.spec_from_file_location("perf_case_" + os.path.basename(path)[:-3], path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        request_cases += getattr(module, "REQUEST_CASES", [])
        timing_cases += getattr(module, "TIMING_CASES", [])
    return request_cases, timing_cases


# Unless a case brings its own ``module_defaults``: the management API modules' connection options.
MODULE_DEFAULTS = {"group/edge.platform.management": {"api_key": "{{ edge_api_key }}", "base_url": "{{ edge_base_url }}"}}


def play(tasks, url, case):
    """A playbook (JSON is YAML) running the tasks on the implicit localhost with the emulator's credentials."""
    return [{
        "name": "edge.platform benchmark",
        "hosts": "localhost",
        "gather_facts": False,
        "vars": {"edge_base_url": url, "edge_api_key": API_KEY},
        "module_defaults": case.get("module_defaults", MODULE_DEFAULTS),
        "tasks": tasks,
    }]


def run_playbook(playbook, scratch, junit_dir=None):
    path = os.path.join(scratch, "bench.yml")
    with open(path, "w") as stream:
        json.dump(playbook, stream)
    env = dict(os.environ, ANSIBLE_COLLECTIONS_PATH=COLLECTIONS, ANSIBLE_NOCOLOR="true",
               ANSIBLE_LOCALHOST_WARNING="false", ANSIBLE_INVENTORY_UNPARSED_WARNING="false")
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", os.defpath)
    if junit_dir:
        env.update(ANSIBLE_CALLBACKS_ENABLED="ansible.builtin.junit", JUNIT_OUTPUT_DIR=junit_dir,
                   JUNIT_TASK_CLASS="true")
    proc = subprocess.run([os.path.join(os.path.dirname(sys.executable), "ansible-playbook"), path], env=env,
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, check=False)
    if proc.returncode != 0:
        raise RuntimeError("ansible-playbook failed:\n" + proc.stdout)
    return proc.stdout


def named(task, name, register=None):
    (action, args), = task.items()
    step = {"name": name, action: args}
    if register:
        step["register"] = register
    return step


def measure_requests(case, scratch):
    with EmulatorProcess(case.get("fixture", DEMO_FIXTURE)) as emulator:
        emulator.requests_log()  # start from an empty log
        tasks = [named(case["task"], "measured", register="measured"),
                 {"name": "report", "ansible.builtin.debug": {"msg": "MEASURED_CHANGED={{ measured.changed }}"}}]
        out = run_playbook(play(tasks, emulator.url, case), scratch)
        methods = [entry["method"] for entry in emulator.requests_log()]
    changed = "MEASURED_CHANGED=True" in out
    expect = case.get("expect", {})
    problems = []
    if "changed" in expect and expect["changed"] != changed:
        problems.append("changed=%s, expected %s" % (changed, expect["changed"]))
    if "requests" in expect and expect["requests"] != methods:
        problems.append("sent %s, expected %s" % (methods, expect["requests"]))
    reads = sum(1 for m in methods if m in READS)
    line = "  %-36s changed=%-5s requests=%d (reads %d, writes %d: %s)" % (
        case["name"], changed, len(methods), reads, len(methods) - reads, " ".join(methods) or "-")
    return line + ("  MISMATCH: " + "; ".join(problems) if problems else ""), not problems


def task_times(junit_dir):
    """{(side, index): seconds} from the junit callback (test case names embed the task names)."""
    times = {}
    for path in glob.glob(os.path.join(junit_dir, "*.xml")):
        for case in ET.parse(path).getroot().iter("testcase"):
            match = re.search(r"bench-(module|baseline)-(\d+)", case.get("name"))
            if match:
                times[match.group(1), int(match.group(2))] = float(case.get("time"))
    return times


def measure_timing(case, repeat, scratch):
    junit_dir = tempfile.mkdtemp(dir=scratch)
    tasks = []
    # Interleaved, so load changes on the machine hit both sides alike; one warm-up pair first.
    for index in range(repeat + 1):
        tasks.append(named(case["task"], "bench-module-%d" % index))
        tasks.append(named(case["baseline"], "bench-baseline-%d" % index))
    with EmulatorProcess(case.get("fixture", DEMO_FIXTURE)) as emulator:
        run_playbook(play(tasks, emulator.url, case), scratch, junit_dir)
    times = task_times(junit_dir)
    module = statistics.median(times["module", i] for i in range(1, repeat + 1))
    baseline = statistics.median(times["baseline", i] for i in range(1, repeat + 1))
    return "  %-36s module %.3fs  baseline %.3fs  ratio %.2f" % (case["name"], module, baseline, module / baseline)


def run_scripts(only):
    """Run each tests/perf/bench_*.py with this Python; True when all exit 0."""
    ok = True
    for path in sorted(glob.glob(os.path.join(HERE, "bench_*.py"))):
        name = os.path.basename(path)
        if only not in name:
            continue
        print("\n%s" % name, flush=True)
        proc = subprocess.run([sys.executable, path], cwd=REPO, stdin=subprocess.DEVNULL, check=False)
        ok = ok and proc.returncode == 0
    return ok


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed repetitions per task (median; default 7)")
    parser.add_argument("--only", default="", help="run only cases and bench_*.py scripts whose name contains this")
    args = parser.parse_args(argv)
    request_cases, timing_cases = load_cases()
    request_cases = [c for c in request_cases if args.only in c["name"]]
    timing_cases = [c for c in timing_cases if args.only in c["name"]]
    ok = True
    with tempfile.TemporaryDirectory(prefix="edge-bench-") as scratch:
        print("Requests per task (emulator request log, fresh fixture per case)")
        for case in request_cases:
            line, matched = measure_requests(case, scratch)
            ok = ok and matched
            print(line, flush=True)
        print("\nWall time per task (median of %d, junit callback), module vs baseline" % args.repeat)
        for case in timing_cases:
            print(measure_timing(case, args.repeat, scratch), flush=True)
    scripts_ok = run_scripts(args.only)
    if not ok:
        print("\nbench: request counts differ from the cases' expectations")
    elif not scripts_ok:
        print("\nbench: a tests/perf/bench_*.py script failed")
    else:
        print("\nbench: ok")
    ok = ok and scripts_ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
