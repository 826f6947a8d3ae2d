"""Run the collection's test stages side by side, print each job's output as it ends, then one summary line.

Usage: ``[JOBS=N] .venv/bin/python tests/utils/run_suite.py STAGE...`` with STAGE in lint, docs-lint,
sanity, units, integration, changelog, tarball, matrix (``make test`` passes all of them). Run it with the
virtualenv's Python: the tools are taken from the same bin directory. ``make collection`` must have built
the ansible_collections tree under .build first.

Each stage becomes one or more jobs: integration one per target (``ansible-test integration
--list-targets``, so new targets need no listing here), sanity pylint beside the other sanity tests, units
as the tests that reach Ansible (ansible-test units) beside the others (plain pytest: stage_units_apart), the
matrix a venv build per entry (started at once, without a slot: it mostly waits on pip) followed by that
entry's units (plain pytest in the entry's venv: stage_matrix_units says why) and smoke targets. JOBS slots (default: one per CPU plus one) run the jobs longest
first, each slot in its own copy of the collection (ansible-test writes into the tree). A job's output goes
to .build/logs and is printed as one block when the job ends; JOBS=1 prints it live instead. After a job
fails, jobs of stages already started still finish, no other stage starts.

The summary has one row per stage (counts, wall time from its first job's start to its last job's end, and
the CPU time of its commands, which does not depend on how busy the machine is), the slowest jobs, and as
its last line ``summary: N passed, M failed``, counting individual tests: lint runs, sanity tests, unit test
cases (from pytest's junit XML), integration targets, changelog and tarball checks, and the matrix's unit
cases and smoke targets. Stdlib only.

Integration: the two paths. A module's core (``run(ctx)`` and all it calls) runs in one of two hosts: in-process,
in the controller's worker (plugins/plugin_utils/_inprocess/host.py), or as a module (AnsibleModule: the module path,
which the targets force with ``edge_platform_in_process: false``). The core is the same code in both; what
differs is the host around it: argument validation and its messages (the module's screen, then AnsibleModule or
ArgumentSpecValidator), no_log collection and masking (task arguments, environment fallbacks, values the core
adds), warnings, the formatting of results and failures (invocation, diff, check mode), files named by the user
(read by the action, then passed as arguments), the AnsiballZ payload and the module's own interpreter. So each
module target runs every test in-process, and on the module path every test whose input or output passes through
the host differently: option and input errors, check mode and diff, changes and their re-runs, platform errors,
user files, returned secrets, lookups by name, and the secrets check at -vvvv. The core's own handling of faults
and retries, lost answers, unconfirmed writes and limits runs in-process only: the target's main.yml names those
files, and they are included with ``when: edge_platform_in_process``. A target with a parity.yml (pullzone_certificate,
database_query, bot_detection_info, api_guardian_spec, waf_rule_info, api_guardian, api_guardian_endpoint) runs its
tests in-process only: its parity playbook already runs one of each of those host cases on both paths and compares
the whole results, so a second pass of every test on the module path (a new interpreter per task, about half the
target's CPU) proved nothing more; dnszone_dnssec likewise, whose every outcome host_parity runs on both paths. What the module path no longer repeats
stays proved by:

- host_parity (the matrix's smoke target): every outcome of the model module's core (dnszone_dnssec: a change
  with diff, no change, check mode, platform, argument and secret errors, a warning, retries, a lost answer and an
  unconfirmed write, applied or not, the retries given up) on both paths, whole results compared at -vvvv, on every
  ansible-core of the matrix;
- the host-parity unit tests (tests/unit/plugins/plugin_utils/test_host_parity.py, with test_bad_option_types.py
  and test_bad_transport_inputs.py): from the same platform answers, both hosts give the same whole output and
  send the same requests, for every module: successes, platform and transport errors, argument errors and the
  modules' own checks, no secret anywhere;
- parity.yml (seven targets, and host_parity): whole registered results of both paths equal, at -vvvv, with the
  secrets masked; in the seven targets these two runs are also the secrets check at -vvvv (no separate nested
  leak-check run): the key in neither output, failures at -vvvv, and the words each output must show;
- bad_inputs: every wrongly typed option of every module on both paths, secrets from the task and from the
  environment.

The site target runs its whole play under --check on both paths: the one nested run of a whole play on the module
path, forced by EDGE_PLATFORM_IN_PROCESS=false as a user would, each of its runs proving by the path log which path
its modules took. The playbooks target runs every case in-process: a second run of the demo under --check on the
module path (about 20 s of CPU) would prove nothing more, since each module of the demo runs check mode on that path
in its own target (every test in dnszone_info, waf_rule, bot_detection and database; parity.yml in
pullzone_certificate, api_guardian_spec, waf_rule_info, bot_detection_info and database_query; host_parity for
dnszone_dnssec), and the site's --check run takes a whole play with the connection from the environment down that
path.
"""

from __future__ import annotations

import configparser
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET

import matrix
import sync_collection
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
NOISE = re.compile(
    r"^\s*(Collecting|Downloading|Using cached|Processing|Installing collected|Successfully"
    r" (installed|uninstalled)|Attempting uninstall|Found existing|Uninstalling|Looking in|"
    r"Requirement already|WARNING: Location '.*' is ignored|Obtaining|Preparing metadata|"
    r"Building wheel|Created wheel|Stored in directory|━)"
)


class Outcome(object):
    def __init__(self, passed=0, failed=0, skipped=0, note=""):
        self.passed, self.failed, self.skipped, self.note = passed, failed, skipped, note


class Tree(object):
    """An ansible_collections copy of the repository. Stages that run side by side each get their own, since
    ansible-test writes into the tree (tests/output, the inventory) and the unit stage links shared/ beside it."""

    def __init__(self, tree):
        self.tree = tree
        self.collections = os.path.dirname(os.path.dirname(os.path.dirname(tree)))
        # Link to the shared/ reference directory, present only while unit tests run (see stage_units).
        self.shared_link = os.path.join(os.path.dirname(tree), "shared")


MAIN = Tree(TREE)


def base_env(bin_dir=BIN, where=MAIN, **extra):
    env = dict(os.environ)
    env["PATH"] = bin_dir + os.pathsep + env.get("PATH", os.defpath)
    env["ANSIBLE_COLLECTIONS_PATH"] = where.collections
    env.setdefault("NO_COLOR", "1")
    env.update(extra)
    return env


class _Output(object):
    """sys.stdout for side-by-side stages: a thread running a stage writes to that stage's buffer (printed as
    one block when the stage ends), other threads to the terminal."""

    def __init__(self, stream):
        self.stream = stream
        self.local = threading.local()

    def write(self, text):
        buffer = getattr(self.local, "buffer", None)
        if buffer is None:
            return self.stream.write(text)
        buffer.append(text)
        return len(text)

    def flush(self):
        if getattr(self.local, "buffer", None) is None:
            self.stream.flush()

    def __getattr__(self, name):
        return getattr(self.stream, name)


# Per thread (one job each): the CPU seconds of the commands it ran.
JOB = threading.local()


def run(name, cmd, cwd, env):
    """Run cmd, echo its output (minus pip noise) and keep all of it in .build/logs/<name>.log."""
    os.makedirs(LOGS, exist_ok=True)
    log_path = os.path.join(LOGS, name + ".log")
    print("$ (cd %s && %s)" % (os.path.relpath(cwd, REPO) or ".", " ".join(cmd)), flush=True)
    lines = []
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            cmd,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            universal_newlines=True,
            errors="replace",
        )
        for line in proc.stdout:
            log.write(line)
            lines.append(line.rstrip("\n"))
            if not NOISE.match(line):
                sys.stdout.write(line)
                sys.stdout.flush()
        # wait4, not wait: the command's CPU time (with its waited-for children) is the cost that does not
        # depend on how busy the machine is.
        status, usage = os.wait4(proc.pid, 0)[1:]
        proc.returncode = rc = os.waitstatus_to_exitcode(status)
        JOB.cpu = getattr(JOB, "cpu", 0.0) + usage.ru_utime + usage.ru_stime
    return rc, lines


def repo_files():
    out = subprocess.run(
        ["git", "ls-files", "-z", "-co", "--exclude-standard"], cwd=REPO, check=True, stdout=subprocess.PIPE
    ).stdout.decode("utf-8")
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


def stage_lint(where=MAIN):
    outcome = Outcome()
    # In the repository, not the copy: ansible-lint finds its files with git, and .build is ignored.
    rc = run("ansible-lint", [os.path.join(BIN, "ansible-lint")], REPO, base_env(where=where))[0]
    outcome.passed, outcome.failed = (1, 0) if rc == 0 else (0, 1)
    # the formatter and the import order (ruff.toml): style is never a review topic; `make format` fixes both
    for name, args in (("ruff-format", ["format", "--check", "--diff"]), ("ruff-imports", ["check"])):
        rc = run(name, [os.path.join(BIN, "ruff")] + args + ["--no-cache", "."], REPO, base_env(where=where))[0]
        if rc == 0:
            outcome.passed += 1
        else:
            outcome.failed += 1
    scripts = shell_scripts()
    if scripts:
        rc = run("shellcheck", [os.path.join(BIN, "shellcheck")] + scripts, REPO, base_env(where=where))[0]
        if rc == 0:
            outcome.passed += 1
        else:
            outcome.failed += 1
    return outcome


def stage_docs_lint(where=MAIN):
    # antsibull-docs copies the collection with `git ls-files` when it sits in a git checkout: run it on
    # the repository (the copy under the ignored .build would look empty to it).
    cmd = [
        os.path.join(BIN, "antsibull-docs"),
        "lint-collection-docs",
        "--plugin-docs",
        "--validate-collection-refs",
        "self",
        ".",
    ]
    rc = run("docs-lint", cmd, REPO, base_env(where=where))[0]
    outcome = Outcome(1, 0) if rc == 0 else Outcome(0, 1)
    # The docsite's guide page is generated from docs/guide.md (the one source): it must be up to date.
    rc = run(
        "docs-guide-rst",
        [sys.executable, os.path.join(REPO, "tests", "utils", "guide_rst.py"), "--check"],
        REPO,
        base_env(where=where),
    )[0]
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
    config.read(
        [os.path.join(real_home, ".pip", "pip.conf"), os.path.join(real_home, ".config", "pip", "pip.conf")]
        + ([os.environ["PIP_CONFIG_FILE"]] if os.path.isfile(os.environ.get("PIP_CONFIG_FILE", "")) else [])
    )
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


_PREPARED = []
_PREPARE_LOCK = threading.Lock()


def prepare_test_home():
    """Once per run: jobs side by side must not rewrite a file another job's ansible-test is reading."""
    with _PREPARE_LOCK:
        if _PREPARED:
            return
        cache = os.path.join(TEST_HOME, ".ansible", "test", "cache")
        os.makedirs(cache, exist_ok=True)
        target = os.path.join(cache, "get_pip_%s.py" % pip_bootstrap_version().replace(".", "_"))
        shutil.copyfile(os.path.join(REPO, "tests", "utils", "get_pip_standin.py"), target)
        write_pip_config(TEST_HOME)
        make_ssh_key()
        _PREPARED.append(True)


def make_ssh_key():
    """The key pair every ``ansible-test integration`` creates on first use (core_ci.SshKey), made here once.

    ansible-test guards its creation with a lock of its own process only: integration jobs starting side by
    side on a fresh HOME would each run ssh-keygen on the same file, and all but one fail ("already exists").
    Same command and the same PEM header fix as ansible-test's."""
    key = os.path.join(TEST_HOME, ".ansible", "test", "id_rsa")
    if os.path.isfile(key) and os.path.isfile(key + ".pub"):
        return
    for path in (key, key + ".pub"):
        if os.path.exists(path):
            os.remove(path)  # half of a pair: ssh-keygen would ask whether to overwrite it
    subprocess.run(
        ["ssh-keygen", "-m", "PEM", "-q", "-t", "rsa", "-N", "", "-f", key],
        check=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
    )
    with open(key) as stream:
        text = re.sub(r"(BEGIN|END) PRIVATE KEY", r"\1 RSA PRIVATE KEY", stream.read())
    with open(key, "w") as stream:
        stream.write(text)


def ansible_test_env(bin_dir=BIN, where=MAIN):
    # ANSIBLE_TEST_CONTENT_ROOT stops ansible-test from walking up to the repository's .git and then
    # seeing no files at all (git ignores .build).
    return base_env(bin_dir, where, HOME=TEST_HOME, ANSIBLE_TEST_CONTENT_ROOT=where.tree)


def sanity_ignore_lines(where=MAIN):
    lines = []
    folder = os.path.join(where.tree, "tests", "sanity")
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if name.startswith("ignore-") and name.endswith(".txt"):
            with open(os.path.join(folder, name)) as stream:
                lines += [
                    "tests/sanity/%s: %s" % (name, l.strip())
                    for l in stream
                    if l.strip() and not l.lstrip().startswith("#")
                ]
    return lines


def stage_sanity(where=MAIN, label="sanity", tests=(), skip=()):
    """ansible-test sanity: every test, or only ``tests``, or all but ``skip`` (side-by-side halves)."""
    ignores = sanity_ignore_lines(where)
    if ignores:
        print("Sanity ignore lines are not allowed here; fix the findings instead:\n  " + "\n  ".join(ignores))
        return Outcome(0, 1, note="ignore lines present")
    prepare_test_home()
    # --junit: one XML per sanity test (passed, skipped as not applicable, or failed) to count from.
    junit_dir = os.path.join(where.tree, "tests", "output", "junit")
    for name in os.listdir(junit_dir) if os.path.isdir(junit_dir) else []:
        if name.startswith("ansible-test-sanity-"):
            os.remove(os.path.join(junit_dir, name))
    cmd = [os.path.join(BIN, "ansible-test"), "sanity", "--local", "--python", PYVER, "--color", "no", "--junit"]
    cmd += [a for t in tests for a in ("--test", t)] + [a for t in skip for a in ("--skip-test", t)]
    rc = run(label, cmd, where.tree, ansible_test_env(where=where))[0]
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


def stage_units(where=MAIN, bin_dir=BIN, pyver=PYVER, label="units", targets=()):
    # ansible-test units, not bare pytest: it forks every test (ansible_forked), so process-wide state
    # such as ansible-core's warning store cannot leak between tests, and it runs module and controller
    # tests apart, as they run in real use. One junit XML per context. The plan gives it the tests that
    # reach Ansible; the others run in stage_units_apart.
    junit_dir = os.path.join(where.tree, "tests", "output", "junit")
    for name in os.listdir(junit_dir) if os.path.isdir(junit_dir) else []:
        if name.endswith("-units.xml"):
            os.remove(os.path.join(junit_dir, name))
    # ansible-test passes no EDGE_SHARED_DIR to the tests; they look for shared/ beside the collection
    # (../shared from .../edge/platform), so put a link there for the run. Only here: elsewhere it would
    # look like a collection named edge.shared (each side-by-side stage has a tree of its own).
    shared = find_shared()
    if os.path.islink(where.shared_link):
        os.remove(where.shared_link)  # left by an interrupted unit test run
    if shared:
        os.symlink(os.path.abspath(shared), where.shared_link)
    try:
        cmd = [os.path.join(bin_dir, "ansible-test"), "units", "--local", "--python", pyver, "--color", "no"]
        rc = run(label, cmd + list(targets), where.tree, ansible_test_env(bin_dir, where))[0]
    finally:
        if os.path.islink(where.shared_link):
            os.remove(where.shared_link)
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


def stage_units_apart(where):
    """The unit tests that reach no Ansible code (the emulator, pure libraries, repository checks): plain pytest.

    What ansible-test units adds (each test forked so ansible-core's process-wide state cannot leak, module and
    controller contexts apart) concerns only code that imports Ansible; for these tests it is a fork per test
    that costs more than the test (about 35 ms each). Same Python, same venv, same tests.
    """
    return stage_matrix_units(where, BIN, "units-apart", matrix.units_apart(where.tree)[1])


def stage_matrix_units(where, bin_dir, label, targets):
    """A matrix entry's unit tests: pytest in the entry's venv, two workers, one process per worker.

    The units stage runs every test through ``ansible-test units`` (each test forked, module and controller tests
    apart): that is where isolation and the module context are proved, once. A matrix entry asks another
    question, whether the same tests pass on another ansible-core and Python, and forking each test costs more
    than the tests themselves (about 35 ms each, 4,000 tests, two entries).
    """
    junit = os.path.join(where.tree, "tests", "output", "junit", label + ".xml")
    if os.path.exists(junit):
        os.remove(junit)
    os.makedirs(os.path.dirname(junit), exist_ok=True)
    shared = find_shared()
    if os.path.islink(where.shared_link):
        os.remove(where.shared_link)
    if shared:
        os.symlink(os.path.abspath(shared), where.shared_link)
    cmd = [os.path.join(bin_dir, "python"), "-m", "pytest", "-q", "-n", "2", "-p", "no:cacheprovider"]
    cmd += ["--import-mode=importlib", "--junitxml", junit] + list(targets)
    try:
        rc = run(label, cmd, where.tree, base_env(bin_dir, where, PYTHONPATH=where.collections))[0]
    finally:
        if os.path.islink(where.shared_link):
            os.remove(where.shared_link)
    if not os.path.isfile(junit):
        return Outcome(0, 1, note="no unit tests ran (pytest exited %d)" % rc)
    outcome = junit_counts(junit)
    if rc != 0 and not outcome.failed:
        outcome.failed, outcome.note = 1, "pytest exited %d" % rc
    return outcome


def integration_targets(where=MAIN):
    """The targets ``ansible-test integration`` would run here, by its own rules (aliases: hidden,
    disabled, unsupported ...), so a target added later is picked up without listing it anywhere."""
    cmd = [os.path.join(BIN, "ansible-test"), "integration", "--list-targets", "--local", "--python", PYVER]
    out = subprocess.run(
        cmd,
        cwd=where.tree,
        env=ansible_test_env(where=where),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        universal_newlines=True,
        check=False,
    )
    return [l.strip() for l in out.stdout.splitlines() if re.match(r"^[A-Za-z0-9_.-]+$", l.strip())]


def stage_integration(where=MAIN, bin_dir=BIN, pyver=PYVER, label="integration", targets=()):
    prepare_test_home()
    cmd = [os.path.join(bin_dir, "ansible-test"), "integration", "--local", "--python", pyver, "--color", "no"]
    rc, lines = run(label, cmd + list(targets), where.tree, ansible_test_env(bin_dir, where))
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


def stage_changelog(where=MAIN):
    return checks_outcome(run_changelog_checks(run, where.tree, BIN, base_env(where=where)))


def stage_tarball(where=MAIN):
    return checks_outcome(run_tarball_checks(run, where.tree, BIN))


def matrix_venv(name, version, requirements):
    """The matrix entry's venv: (bin directory, Outcome); the venv is built here (not in a tree slot)."""
    python = matrix.find_python(version)
    bin_dir = matrix.ensure_venv(name, python, requirements, run) if python else None
    if bin_dir:
        return bin_dir, Outcome()
    problem = "no python%s found" % version if not python else "venv setup failed"
    return None, Outcome(0, 1, note="%s: %s" % (name, problem))


# ---------------------------------------------------------------------------------------------------------
# Side by side: every stage is split into jobs (integration: one per target; matrix: a venv build, then its
# units and smoke targets); JOBS slots run them, each slot in its own copy of the collection. Jobs start
# longest first, by the durations of the last run (.build/logs/durations.json), else by the estimates below.


class Job(object):
    def __init__(self, stage, name, func, after=None, slot=True):
        self.stage, self.name, self.func, self.after, self.slot = stage, name, func, after, slot
        self.outcome = self.seconds = self.start = self.end = None
        self.cpu = 0.0
        self.result = None  # what func returned besides the Outcome (the matrix venv's bin directory)


# Seconds of each job in a full run on a 2-core machine (what .build/logs/durations.json held after one), for
# the order of a first run only (a fresh clone, as in CI): the longest start first, so that the run does not end
# waiting on one long job started last.
ESTIMATES = {
    "units/apart": 313,
    "integration/site": 230,
    "sanity/pylint": 167,
    "integration/account_role": 150,
    "integration/bad_inputs": 130,
    "integration/examples": 120,
    "units": 120,
    "sanity": 112,
    "integration/pullzone_certificate": 100,
    "matrix/newest/units": 100,
    "matrix/oldest/units": 95,
    "integration/playbooks": 90,
    "integration/api_guardian_spec": 85,
    "integration/dns_record": 75,
    "matrix/oldest/smoke:host_parity": 75,
    "integration/emulator_role": 70,
    "integration/host_parity": 65,
    "integration/dnszone": 65,
    "matrix/newest/smoke:host_parity": 65,
    "integration/database_token": 60,
    "integration/access_list": 60,
    "integration/database": 60,
    "integration/shield_zone": 55,
    "integration/pullzone_hostname": 55,
    "integration/database_query": 50,
    "integration/pullzone": 45,
    "tarball": 25,
    "changelog": 20,
    "lint": 20,
    "docs-lint": 19,
}
INTEGRATION_ESTIMATE = 40
MATRIX_ESTIMATE = {"units": 45, "venv": 45, "smoke": 45}
DURATIONS = os.path.join(LOGS, "durations.json")
# The sanity test that takes half of sanity's time: it runs as a job of its own beside the rest.
SANITY_SPLIT = "pylint"


def estimate(job, durations):
    if job.name in durations:
        return durations[job.name]
    if job.name in ESTIMATES:
        return ESTIMATES[job.name]
    if job.stage == "integration":
        return INTEGRATION_ESTIMATE
    return MATRIX_ESTIMATE.get(job.name.rsplit("/", 1)[-1].split(":")[0], 30)


def plan(stages, where, jobs):
    """The jobs of the given stages, in the given stage order."""
    planned = []
    for stage in stages:
        if stage == "sanity" and jobs > 1:
            planned.append(
                Job(
                    stage,
                    "sanity/" + SANITY_SPLIT,
                    lambda w: stage_sanity(w, "sanity-" + SANITY_SPLIT, tests=(SANITY_SPLIT,)),
                )
            )
            planned.append(Job(stage, "sanity", lambda w: stage_sanity(w, skip=(SANITY_SPLIT,))))
        elif stage == "units":
            planned.append(
                Job(stage, "units", lambda w: stage_units(w, targets=matrix.units_apart(w.tree)[0])),
            )
            planned.append(Job(stage, "units/apart", stage_units_apart))
        elif stage == "integration":
            targets = integration_targets(where)
            chosen = os.environ.get("TARGETS", "").split()  # `TARGETS="dns_record dnszone" make integration`
            if chosen:
                targets = [target for target in targets if target in chosen]
            for target in targets:
                planned.append(
                    Job(
                        stage,
                        "integration/" + target,
                        lambda w, t=target: stage_integration(w, label="integration-" + t, targets=(t,)),
                    )
                )
            if not targets:
                planned.append(Job(stage, stage, lambda w: Outcome(0, 1, note="ansible-test listed no targets")))
        elif stage == "matrix":
            for name, version, requirements in matrix.ENTRIES:
                venv = Job(
                    stage,
                    "matrix/%s/venv" % name,
                    lambda w, e=(name, version, requirements): matrix_venv(*e),
                    slot=False,
                )
                planned.append(venv)
                planned.append(
                    Job(
                        stage,
                        "matrix/%s/units" % name,
                        lambda w, n=name, v=version, j=venv: stage_matrix_units(
                            w, j.result, "matrix-%s-units" % n, matrix.unit_targets(w.tree, v == PYVER)
                        ),
                        after=venv,
                    )
                )
                for target in matrix.SMOKE_TARGETS:
                    planned.append(
                        Job(
                            stage,
                            "matrix/%s/smoke:%s" % (name, target),
                            lambda w, n=name, v=version, j=venv, t=target: stage_integration(
                                w, j.result, v, "matrix-%s-integration-%s" % (n, t), (t,)
                            ),
                            after=venv,
                        )
                    )
        else:
            planned.append(Job(stage, stage, STAGES[stage]))
    return planned


def slot_trees(count):
    """count trees: the one `make collection` built, then copies under .build/slots."""
    trees = [MAIN]
    for index in range(1, count):
        tree = os.path.join(BUILD, "slots", str(index), "ansible_collections", "edge", "platform")
        sync_collection.sync(REPO, tree)
        trees.append(Tree(tree))
    return trees


def execute(job, where, output, done):
    if output is not None:
        output.local.buffer = []
    job.start = time.monotonic()
    JOB.cpu = 0.0
    try:
        returned = job.func(where)
        job.result, job.outcome = returned if isinstance(returned, tuple) else (None, returned)
    except Exception as exc:  # pylint: disable=broad-except
        job.outcome = Outcome(0, 1, note="harness error: %r" % exc)
    job.end = time.monotonic()
    job.seconds, job.cpu = job.end - job.start, JOB.cpu
    text = "".join(output.local.buffer) if output is not None else ""
    if output is not None:
        output.local.buffer = None
    done.put((job, text))


def report_block(job, text, stream, parallel):
    """The job's output (side by side: held back until it ends) and its result line."""
    o = job.outcome
    if parallel:
        stream.write("\n=== %s (%.0fs) ===\n%s" % (job.name, job.seconds, text))
        if text and not text.endswith("\n"):
            stream.write("\n")
    stream.write(
        "--- %s: %d passed, %d failed, %d skipped in %.0fs (cpu %.0fs)%s\n"
        % (job.name, o.passed, o.failed, o.skipped, job.seconds, job.cpu, ("  " + o.note) if o.note else "")
    )
    stream.flush()


def schedule(planned, trees):
    """Run the jobs on len(trees) slots; after a failure no job of a stage not yet started starts."""
    durations = {}
    if os.path.isfile(DURATIONS):
        with open(DURATIONS) as stream:
            durations = json.load(stream)
    order = dict((job.name, index) for index, job in enumerate(planned))
    pending = sorted(planned, key=lambda j: (-estimate(j, durations), order[j.name]))
    free = list(trees)
    parallel = len(trees) > 1
    output = _Output(sys.stdout) if parallel else None
    real_stdout = sys.stdout
    if parallel:
        sys.stdout = output
    done = queue.Queue()
    running, started_stages, failed_stages = {}, set(), set()
    try:
        while pending or running:
            for job in list(pending):
                if job.after is not None and job.after.outcome is None:
                    continue  # its venv is still being built
                if failed_stages and job.stage not in started_stages:
                    continue  # stop at the first failure: stages that have not started stay so
                if job.after is not None and job.after.result is None:
                    job.outcome, job.seconds = Outcome(note="not run: %s failed" % job.after.name), 0.0
                    job.start = job.end = time.monotonic()
                    pending.remove(job)
                    continue
                if job.slot and not free:
                    continue
                where = free.pop(0) if job.slot else None
                pending.remove(job)
                started_stages.add(job.stage)
                if not parallel:
                    print("\n=== %s ===" % job.name, flush=True)
                thread = threading.Thread(target=execute, args=(job, where, output, done))
                thread.daemon = True
                running[job.name] = (thread, where)
                thread.start()
            if not running:
                break
            job, text = done.get()
            where = running.pop(job.name)[1]
            if where is not None:
                free.append(where)
            if job.outcome.failed:
                failed_stages.add(job.stage)
            report_block(job, text, real_stdout, parallel)
    finally:
        sys.stdout = real_stdout
    finished = dict((j.name, j.seconds) for j in planned if j.outcome is not None and j.seconds)
    durations.update(finished)
    os.makedirs(LOGS, exist_ok=True)
    with open(DURATIONS, "w") as stream:
        json.dump(durations, stream, indent=1, sort_keys=True)


STAGES = {
    "lint": stage_lint,
    "docs-lint": stage_docs_lint,
    "sanity": stage_sanity,
    "units": stage_units,
    "integration": stage_integration,
    "changelog": stage_changelog,
    "tarball": stage_tarball,
    "matrix": None,  # planned as jobs (see plan)
}


def default_jobs():
    """JOBS from the environment, else one slot per CPU plus one: every job also waits (on the emulator, on
    retry back-offs, on pip), and the spare slot fills those gaps."""
    try:
        return max(1, int(os.environ.get("JOBS", "")))
    except ValueError:
        cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
        return min(cpus, 8) + 1


def summary_rows(stages, planned, wall):
    rows, passed, failed = [], 0, 0
    for stage in stages:
        jobs = [j for j in planned if j.stage == stage]
        ran = [j for j in jobs if j.outcome is not None]
        if not ran:
            rows.append("%-12s %s" % (stage, "not run (an earlier failure stopped the suite)"))
            continue
        p, f, k = (sum(getattr(j.outcome, a) for j in ran) for a in ("passed", "failed", "skipped"))
        passed, failed = passed + p, failed + f
        span = max(j.end for j in ran) - min(j.start for j in ran)
        cpu = sum(j.cpu for j in ran)
        notes = [
            ("%s: %s" % (j.name, j.outcome.note)) if len(jobs) > 1 else j.outcome.note for j in ran if j.outcome.note
        ]
        if len(ran) < len(jobs):
            notes.append("%d of %d jobs not run" % (len(jobs) - len(ran), len(jobs)))
        rows.append(
            "%-12s %4d passed %4d failed %4d skipped %5.0fs wall %5.0fs cpu  %s"
            % (stage, p, f, k, span, cpu, "; ".join(notes))
        )
    slowest = sorted((j for j in planned if j.seconds), key=lambda j: -j.seconds)[:5]
    rows.append(
        "wall time %.0fs, cpu %.0fs; slowest jobs: %s"
        % (wall, sum(j.cpu for j in planned), ", ".join("%s %.0fs" % (j.name, j.seconds) for j in slowest))
    )
    if failed:
        names = [j.name for j in planned if j.outcome is not None and j.outcome.failed]
        rows.append("failed: %s; full logs in %s" % (", ".join(names), os.path.relpath(LOGS, REPO)))
    return rows, passed, failed


def main(argv):
    jobs = default_jobs()
    unknown = [s for s in argv if s not in STAGES]
    if not argv or unknown:
        sys.stderr.write("usage: [JOBS=N] run_suite.py %s...\n" % "|".join(STAGES))
        return 2
    if not os.path.isfile(os.path.join(TREE, "galaxy.yml")):
        print("error: %s is missing: run `make collection` first" % os.path.relpath(TREE, REPO))
        print("summary: 0 passed, 1 failed")
        return 1
    if os.path.islink(SHARED_LINK):
        os.remove(SHARED_LINK)  # left by an interrupted unit test run
    start = time.monotonic()
    try:
        planned = plan(argv, MAIN, jobs)
        slots = min(jobs, max(1, sum(1 for j in planned if j.slot)))
        trees = slot_trees(slots)
        print(
            "Running %d jobs of %s on %d slot%s%s"
            % (
                len(planned),
                ", ".join(argv),
                slots,
                "s" if slots > 1 else "",
                " (output of each job printed when it ends; logs in %s)" % os.path.relpath(LOGS, REPO)
                if slots > 1
                else "",
            ),
            flush=True,
        )
        schedule(planned, trees)
    except Exception as exc:  # pylint: disable=broad-except
        print("harness error: %r" % exc)
        print("summary: 0 passed, 1 failed")
        return 1
    rows, passed, failed = summary_rows(argv, planned, time.monotonic() - start)
    print("\n" + "\n".join(rows))
    print("summary: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
