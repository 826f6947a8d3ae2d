"""Run the collection's test stages in order, stop at the first failing stage, print one summary line.

Usage: ``.venv/bin/python tests/utils/run_suite.py STAGE...`` with STAGE in lint, docs-lint, sanity,
units, integration, changelog, tarball, matrix (``make test`` passes all of them). Run it with the
virtualenv's Python: the tools are taken from the same bin directory. ``make collection`` must have built the ansible_collections
tree under .build first.

The last line is always ``summary: N passed, M failed``, counting individual tests: lint runs, sanity
tests, unit test cases (from pytest's junit XML), integration targets, changelog and tarball checks, and the
matrix's unit cases and smoke targets. Stdlib only.
"""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

import matrix
from changelog_check import run_changelog_checks
from tarball import run_tarball_checks

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.join(REPO, ".build")
COLLECTIONS = os.path.join(BUILD, "collections")
TREE = os.path.join(COLLECTIONS, "ansible_collections", "edge", "platform")
LOGS = os.path.join(BUILD, "logs")
# ansible-test keeps its sanity venvs and the get-pip stand-in under ~/.ansible/test: a HOME of our
# own keeps them out of the user's home and makes `make clean` a real reset.
TEST_HOME = os.path.join(BUILD, "ansible-test-home")
# Link to the shared/ reference directory, present only while unit tests run (see stage_units).
SHARED_LINK = os.path.join(os.path.dirname(TREE), "shared")
PYVER = "%d.%d" % sys.version_info[:2]
BIN = os.path.dirname(sys.executable)

# pip's progress chatter while ansible-test builds sanity venvs: kept in .build/logs, not on screen.
NOISE = re.compile(r"^\s*(Collecting|Downloading|Using cached|Processing|Installing collected|Successfully"
                   r" (installed|uninstalled)|Attempting uninstall|Found existing|Uninstalling|Looking in|"
                   r"Requirement already|WARNING: Location '.*' is ignored|Obtaining|Preparing metadata|"
                   r"Building wheel|Created wheel|Stored in directory|━)")


class Outcome(object):
    def __init__(self, passed=0, failed=0, skipped=0, note=""):
        self.passed, self.failed, self.skipped, self.note = passed, failed, skipped, note


def base_env(bin_dir=BIN, **extra):
    env = dict(os.environ)
    env["PATH"] = bin_dir + os.pathsep + env.get("PATH", os.defpath)
    env["ANSIBLE_COLLECTIONS_PATH"] = COLLECTIONS
    env.setdefault("NO_COLOR", "1")
    env.update(extra)
    return env


def run(name, cmd, cwd, env):
    """Run cmd, echo its output (minus pip noise) and keep all of it in .build/logs/<name>.log."""
    os.makedirs(LOGS, exist_ok=True)
    log_path = os.path.join(LOGS, name + ".log")
    print("$ (cd %s && %s)" % (os.path.relpath(cwd, REPO) or ".", " ".join(cmd)), flush=True)
    lines = []
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, universal_newlines=True, errors="replace")
        for line in proc.stdout:
            log.write(line)
            lines.append(line.rstrip("\n"))
            if not NOISE.match(line):
                sys.stdout.write(line)
                sys.stdout.flush()
        rc = proc.wait()
    return rc, lines


def repo_files():
    out = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"], cwd=REPO, check=True,
                         stdout=subprocess.PIPE).stdout.decode("utf-8")
    return [p for p in out.split("\0") if p and os.path.isfile(os.path.join(REPO, p))]


def shell_scripts():
    """Shell scripts sanity's shellcheck test does not see (it only takes *.sh), such as .ci/run."""
    found = []
    for path in repo_files():
        if path.endswith(".sh"):
            continue
        with open(os.path.join(REPO, path), "rb") as stream:
            first = stream.readline()
        if re.match(rb"#!\s*/(usr/)?bin/(env\s+)?(ba)?sh\b", first):
            found.append(path)
    return found


def stage_lint():
    outcome = Outcome()
    # In the repository, not the copy: ansible-lint finds its files with git, and .build is ignored.
    rc = run("ansible-lint", [os.path.join(BIN, "ansible-lint")], REPO, base_env())[0]
    outcome.passed, outcome.failed = (1, 0) if rc == 0 else (0, 1)
    scripts = shell_scripts()
    if scripts:
        rc = run("shellcheck", [os.path.join(BIN, "shellcheck")] + scripts, REPO, base_env())[0]
        if rc == 0:
            outcome.passed += 1
        else:
            outcome.failed += 1
    return outcome


def stage_docs_lint():
    # antsibull-docs copies the collection with `git ls-files` when it sits in a git checkout: run it on
    # the repository (the copy under the ignored .build would look empty to it).
    cmd = [os.path.join(BIN, "antsibull-docs"), "lint-collection-docs", "--plugin-docs",
           "--validate-collection-refs", "self", "."]
    rc = run("docs-lint", cmd, REPO, base_env())[0]
    outcome = Outcome(1, 0) if rc == 0 else Outcome(0, 1)
    # The docsite's guide page is generated from docs/guide.md (the one source): it must be up to date.
    rc = run("docs-guide-rst", [sys.executable, os.path.join(REPO, "tests", "utils", "guide_rst.py"), "--check"],
             REPO, base_env())[0]
    outcome.passed, outcome.failed = outcome.passed + (rc == 0), outcome.failed + (rc != 0)
    return outcome


def write_pip_config(home):
    """Give ansible-test's inner pip the pip configuration the user has.

    ansible-test runs pip with only PATH, HOME and LC_ALL set, so PIP_* variables never reach it and the
    user's pip.conf is looked up under our HOME. /etc/pip.conf is read as usual. Copy the user's config
    and fold in PIP_* variables so a proxy CA, index or wheel directory keeps working.
    """
    config = configparser.RawConfigParser()
    real_home = os.path.expanduser("~")
    config.read([os.path.join(real_home, ".pip", "pip.conf"),
                 os.path.join(real_home, ".config", "pip", "pip.conf")] +
                ([os.environ["PIP_CONFIG_FILE"]] if os.path.isfile(os.environ.get("PIP_CONFIG_FILE", "")) else []))
    for name, value in os.environ.items():
        if name.startswith("PIP_") and name != "PIP_CONFIG_FILE":
            if not config.has_section("global"):
                config.add_section("global")
            config.set("global", name[4:].lower().replace("_", "-"), value)
    path = os.path.join(home, ".config", "pip", "pip.conf")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as stream:
        config.write(stream)


def pip_bootstrap_version():
    """The pip version whose get-pip script ansible-test looks for (private API, hence the fallback)."""
    try:
        from types import SimpleNamespace

        from ansible_test._internal.python_requirements import get_venv_packages
        return get_venv_packages(SimpleNamespace(version=PYVER))["pip"]
    except Exception:  # pylint: disable=broad-except
        return "24.2"


def prepare_test_home():
    cache = os.path.join(TEST_HOME, ".ansible", "test", "cache")
    os.makedirs(cache, exist_ok=True)
    target = os.path.join(cache, "get_pip_%s.py" % pip_bootstrap_version().replace(".", "_"))
    shutil.copyfile(os.path.join(REPO, "tests", "utils", "get_pip_standin.py"), target)
    write_pip_config(TEST_HOME)


def ansible_test_env(bin_dir=BIN):
    # ANSIBLE_TEST_CONTENT_ROOT stops ansible-test from walking up to the repository's .git and then
    # seeing no files at all (git ignores .build).
    return base_env(bin_dir, HOME=TEST_HOME, ANSIBLE_TEST_CONTENT_ROOT=TREE)


def sanity_ignore_lines():
    lines = []
    folder = os.path.join(TREE, "tests", "sanity")
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if name.startswith("ignore-") and name.endswith(".txt"):
            with open(os.path.join(folder, name)) as stream:
                lines += ["tests/sanity/%s: %s" % (name, l.strip()) for l in stream
                          if l.strip() and not l.lstrip().startswith("#")]
    return lines


def stage_sanity():
    ignores = sanity_ignore_lines()
    if ignores:
        print("Sanity ignore lines are not allowed here; fix the findings instead:\n  " + "\n  ".join(ignores))
        return Outcome(0, 1, note="ignore lines present")
    prepare_test_home()
    # --junit: one XML per sanity test (passed, skipped as not applicable, or failed) to count from.
    junit_dir = os.path.join(TREE, "tests", "output", "junit")
    for name in os.listdir(junit_dir) if os.path.isdir(junit_dir) else []:
        if name.startswith("ansible-test-sanity-"):
            os.remove(os.path.join(junit_dir, name))
    cmd = [os.path.join(BIN, "ansible-test"), "sanity", "--local", "--python", PYVER, "--color", "no", "--junit"]
    rc = run("sanity", cmd, TREE, ansible_test_env())[0]
    outcome = Outcome()
    for name in sorted(os.listdir(junit_dir)) if os.path.isdir(junit_dir) else []:
        if name.startswith("ansible-test-sanity-"):
            counts = junit_counts(os.path.join(junit_dir, name))
            outcome.passed += counts.passed
            outcome.failed += counts.failed
            outcome.skipped += counts.skipped
    if rc != 0 and not outcome.failed:
        outcome.failed = 1  # ansible-test stopped before or outside a test: count the run itself
        outcome.note = "ansible-test exited %d" % rc
    if outcome.skipped:
        outcome.note = outcome.note or "skipped = not applicable to any file here"
    return outcome


def junit_counts(path):
    root = ET.parse(path).getroot()
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    total = sum(int(s.get("tests", 0)) for s in suites)
    failed = sum(int(s.get("failures", 0)) + int(s.get("errors", 0)) for s in suites)
    skipped = sum(int(s.get("skipped", 0)) for s in suites)
    return Outcome(total - failed - skipped, failed, skipped)


def find_shared():
    """The project's shared/ reference directory: $EDGE_SHARED_DIR, else shared/ beside the repo or an ancestor."""
    configured = os.environ.get("EDGE_SHARED_DIR")
    if configured:
        return configured if os.path.isdir(configured) else None
    path = REPO
    while os.path.dirname(path) != path:
        path = os.path.dirname(path)
        if os.path.isdir(os.path.join(path, "shared", "reference")):
            return os.path.join(path, "shared")
    return None


def stage_units(bin_dir=BIN, pyver=PYVER, label="units", targets=()):
    # ansible-test units, not bare pytest: it forks every test (ansible_forked), so process-wide state
    # such as ansible-core's warning store cannot leak between tests, and it runs module and controller
    # tests apart, as they run in real use. One junit XML per context.
    junit_dir = os.path.join(TREE, "tests", "output", "junit")
    for name in os.listdir(junit_dir) if os.path.isdir(junit_dir) else []:
        if name.endswith("-units.xml"):
            os.remove(os.path.join(junit_dir, name))
    # ansible-test passes no EDGE_SHARED_DIR to the tests; they look for shared/ beside the collection
    # (../shared from .../edge/platform), so put a link there for the run. Only here: elsewhere it would
    # look like a collection named edge.shared.
    shared = find_shared()
    if shared:
        os.symlink(os.path.abspath(shared), SHARED_LINK)
    try:
        cmd = [os.path.join(bin_dir, "ansible-test"), "units", "--local", "--python", pyver, "--color", "no"]
        rc = run(label, cmd + list(targets), TREE, ansible_test_env(bin_dir))[0]
    finally:
        if os.path.islink(SHARED_LINK):
            os.remove(SHARED_LINK)
    outcome = Outcome()
    for name in sorted(os.listdir(junit_dir)) if os.path.isdir(junit_dir) else []:
        if name.endswith("-units.xml"):
            counts = junit_counts(os.path.join(junit_dir, name))
            outcome.passed += counts.passed
            outcome.failed += counts.failed
            outcome.skipped += counts.skipped
    if outcome.passed + outcome.failed == 0:
        return Outcome(0, 1, note="no unit tests ran (ansible-test exited %d)" % rc)
    if rc != 0 and not outcome.failed:
        outcome.failed = 1  # e.g. a collection error pytest did not count as a test
        outcome.note = "ansible-test exited %d" % rc
    if not shared:
        outcome.note = outcome.note or "no shared/ reference directory found: conformance tests skip"
    return outcome


def stage_integration(bin_dir=BIN, pyver=PYVER, label="integration", targets=()):
    prepare_test_home()
    cmd = [os.path.join(bin_dir, "ansible-test"), "integration", "--local", "--python", pyver, "--color", "no"]
    rc, lines = run(label, cmd + list(targets), TREE, ansible_test_env(bin_dir))
    started = [m.group(1) for m in (re.match(r"Running (\S+) integration test (?:role|script)", l) for l in lines) if m]
    if rc == 0:
        note = "" if started else "no integration targets"
        return Outcome(len(started), 0, note=note)
    # ansible-test stops at the first failing target: the last one started failed (or setup did).
    return Outcome(max(len(started) - 1, 0), 1)


def checks_outcome(checks):
    """An Outcome counting (name, ok, note) checks; the notes of failed ones become the stage's note."""
    outcome, notes = Outcome(), []
    for name, ok, note in checks:
        print("%s %s%s" % ("PASS" if ok else "FAIL", name, (": " + note) if note else ""), flush=True)
        if ok:
            outcome.passed += 1
        else:
            outcome.failed += 1
            notes.append("%s: %s" % (name, note))
    outcome.note = "; ".join(notes)
    return outcome


def stage_changelog():
    return checks_outcome(run_changelog_checks(run, TREE, BIN, base_env()))


def stage_tarball():
    return checks_outcome(run_tarball_checks(run, TREE, BIN))


def stage_matrix():
    """Unit tests (but the emulator's) and the smoke targets on each matrix entry's ansible-core; every entry
    runs even if one fails."""
    total, notes = Outcome(), []
    for name, version, requirements in matrix.ENTRIES:
        print("\n--- matrix %s: Python %s, %s ---" % (name, version, requirements), flush=True)
        python = matrix.find_python(version)
        bin_dir = matrix.ensure_venv(name, python, requirements, run) if python else None
        if not bin_dir:
            total.failed += 1
            notes.append("%s: %s" % (name, "no python%s found" % version if not python else "venv setup failed"))
            continue
        units = matrix.unit_targets(TREE)
        for outcome in (stage_units(bin_dir, version, "matrix-%s-units" % name, units),
                        stage_integration(bin_dir, version, "matrix-%s-integration" % name, matrix.SMOKE_TARGETS)):
            total.passed += outcome.passed
            total.failed += outcome.failed
            total.skipped += outcome.skipped
            if outcome.failed:
                notes.append("%s: %s" % (name, outcome.note or "failures"))
    total.note = "; ".join(notes)
    return total


STAGES = {
    "lint": stage_lint,
    "docs-lint": stage_docs_lint,
    "sanity": stage_sanity,
    "units": stage_units,
    "integration": stage_integration,
    "changelog": stage_changelog,
    "tarball": stage_tarball,
    "matrix": stage_matrix,
}


def main(argv):
    unknown = [s for s in argv if s not in STAGES]
    if not argv or unknown:
        sys.stderr.write("usage: run_suite.py %s...\n" % "|".join(STAGES))
        return 2
    if not os.path.isfile(os.path.join(TREE, "galaxy.yml")):
        print("error: %s is missing: run `make collection` first" % os.path.relpath(TREE, REPO))
        print("summary: 0 passed, 1 failed")
        return 1
    if os.path.islink(SHARED_LINK):
        os.remove(SHARED_LINK)  # left by an interrupted unit test run
    passed = failed = 0
    rows = []
    for name in argv:
        print("\n=== %s ===" % name, flush=True)
        start = time.monotonic()
        try:
            outcome = STAGES[name]()
        except Exception as exc:  # pylint: disable=broad-except
            outcome = Outcome(0, 1, note="harness error: %r" % exc)
        seconds = time.monotonic() - start
        passed += outcome.passed
        failed += outcome.failed
        rows.append("%-12s %4d passed %4d failed %4d skipped %6.0fs  %s" % (
            name, outcome.passed, outcome.failed, outcome.skipped, seconds, outcome.note))
        if outcome.failed:
            rows.append("stopped after %s failed; full logs in %s" % (name, os.path.relpath(LOGS, REPO)))
            break
    print("\n" + "\n".join(rows))
    print("summary: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
