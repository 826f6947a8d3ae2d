"""`make demo`: run a playbook twice against a fresh emulator; the first run must succeed, the second change nothing.

Usage: ``.venv/bin/python tests/utils/run_demo.py [--playbook playbooks/demo.yml] [--fixture FILE]``

Nothing here knows what the playbook does: any task added to playbooks/demo.yml is covered as long as
it runs against the demo fixture with the credentials from EDGE_API_KEY / EDGE_BASE_URL and
SERVICE_DATABASE_URL / SERVICE_DATABASE_AUTH_TOKEN.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys

from emulator_process import DEMO_FIXTURE, REPO, EmulatorProcess

COLLECTIONS = os.path.join(REPO, ".build", "collections")
DEMO_API_KEY = "demo-api-key"
DEMO_DATABASE = "demo"
DEMO_DATABASE_TOKEN = "demo-full-token"
RECAP_LINE = re.compile(r"^(\S+)\s+:\s+ok=(\d+)\s+changed=(\d+)\s+unreachable=(\d+)\s+failed=(\d+)")


def recap(lines):
    """Totals of the PLAY RECAP host lines: ok, changed, unreachable, failed (None when there is no recap)."""
    totals = None
    for line in lines:
        match = RECAP_LINE.match(line.strip())
        if match:
            numbers = [int(n) for n in match.groups()[1:]]
            totals = [a + b for a, b in zip(totals, numbers)] if totals else numbers
    return dict(zip(("ok", "changed", "unreachable", "failed"), totals)) if totals else None


def run_playbook(playbook, url, title):
    env = dict(os.environ)
    env.update(
        PATH=os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", os.defpath),
        ANSIBLE_COLLECTIONS_PATH=COLLECTIONS,
        EDGE_API_KEY=DEMO_API_KEY,
        EDGE_BASE_URL=url,
        SERVICE_DATABASE_URL="%s/db/%s" % (url, DEMO_DATABASE),
        SERVICE_DATABASE_AUTH_TOKEN=DEMO_DATABASE_TOKEN,
        # The demo runs on the implicit localhost: no inventory to warn about.
        ANSIBLE_LOCALHOST_WARNING="false",
        ANSIBLE_INVENTORY_UNPARSED_WARNING="false",
        ANSIBLE_NOCOLOR="true",
    )
    print("\n=== %s: ansible-playbook %s ===" % (title, os.path.relpath(playbook, REPO)), flush=True)
    proc = subprocess.Popen(
        [os.path.join(os.path.dirname(sys.executable), "ansible-playbook"), playbook],
        cwd=REPO,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        universal_newlines=True,
    )
    lines = []
    for line in proc.stdout:
        sys.stdout.write(line)
        lines.append(line)
    return proc.wait(), recap(lines)


def failure(run, title):
    """Why a run (exit status, recap) failed, or None when it succeeded."""
    rc, totals = run
    if rc != 0 or not totals or totals["failed"] or totals["unreachable"]:
        return "%s failed (exit %d, recap %s)" % (title, rc, totals)
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playbook", default=os.path.join(REPO, "playbooks", "demo.yml"))
    parser.add_argument("--fixture", default=DEMO_FIXTURE)
    args = parser.parse_args(argv)
    if not os.path.isdir(os.path.join(COLLECTIONS, "ansible_collections", "edge", "platform")):
        print("demo: FAIL - %s is missing: run `make collection` first" % os.path.relpath(COLLECTIONS, REPO))
        return 1
    try:
        with EmulatorProcess(args.fixture) as emulator:
            print("emulator: %s (fixture %s)" % (emulator.url, os.path.relpath(args.fixture, REPO)))
            first = run_playbook(args.playbook, emulator.url, "first run")
            problem = failure(first, "first run")
            if problem is None:
                second = run_playbook(args.playbook, emulator.url, "second run")
                problem = failure(second, "second run")
                if problem is None and second[1]["changed"]:
                    problem = "second run changed %d task(s): not idempotent" % second[1]["changed"]
    except RuntimeError as exc:
        problem = str(exc)
    if problem:
        print("\ndemo: FAIL - %s" % problem)
        return 1
    print("\ndemo: PASS - first run applied %d change(s); second run changed=0 (idempotent)" % first[1]["changed"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
