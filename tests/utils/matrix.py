"""The version matrix: the oldest claimed ansible-core and the newest that installs, each in a cached venv.

``make test`` runs unit tests and an integration smoke target on both (run_suite.py's matrix stage); the
full suite (lint, sanity, ...) runs once, on tests/requirements-dev.txt's ansible-core. A venv is rebuilt
only when its requirements file or its Python changes (the stamp holds both). Stdlib only.
"""

from __future__ import annotations

import ast
import glob
import hashlib
import os
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
VENVS = os.path.join(REPO, ".build", "matrix")

# (name, Python version, requirements file). The oldest must match meta/runtime.yml's requires_ansible;
# ansible-core 2.20 and later need Python 3.12 or later.
ENTRIES = (
    ("oldest", "3.11", "tests/requirements-matrix-oldest.txt"),
    ("newest", "3.13", "tests/requirements-matrix-newest.txt"),
)
# The matrix runs the unit tests except the emulator's: the emulator imports nothing from Ansible (the tarball stage
# checks it), so the ansible-core version cannot change their outcome, and they take about two minutes per entry. An
# entry whose Python is the one the units stage runs (the oldest: 3.11) also leaves out the tests that reach no Ansible
# code at all (pure libraries, repository checks): same Python, same code, same result, already proved there. The
# newest entry (another Python) runs those too. The smoke target, host_parity, starts the emulator through the role on
# each Python and runs every outcome of the model module's core on both hosts (in-process and the module path), whole
# results compared at -vvvv: what differs between ansible-core versions is the host around the core, and that is
# what it proves on each.
SMOKE_TARGETS = ("host_parity",)
# The emulator-backed matrices of every module's reads, writes and inputs (issue 27) drive the modules' cores through
# both hosts against the emulator: what they prove is the cores' handling of answers, faults and inputs, the same
# code on every ansible-core; the hosts they pass through are proved on each entry by host_parity and by the host
# tests (test_host_parity.py, test_bad_option_types.py), which stay. They run once, in the units stage.
CORE_MATRICES = ("test_bad_answers.py", "test_write_faults.py", "test_lifecycle_bad_inputs.py")
# The repository's own checks read its files as text, YAML or syntax trees (imports, citations, declarations, the
# doc fragments' copies, meta/runtime.yml, the guide's contents, the unit split, the examples target's judge) and run
# no code of the collection: no ansible-core or Python of an entry can change what they find, so they run once, in
# the units stage (about 8 s of CPU in the newest entry, which runs the tests that reach no Ansible).
REPOSITORY_CHECKS = tuple(
    os.path.join("tests", "unit", name)
    for name in (
        "test_citations.py",
        "test_doc_fragments_copies.py",
        "test_examples_runner.py",
        "test_guide_contents.py",
        "test_import_rules.py",
        "test_module_declarations.py",
        "test_no_timed_assertions.py",
        "test_resource_layer.py",
        "test_runtime_metadata.py",
        "test_units_split.py",
    )
)
UNIT_DIR = os.path.join("tests", "unit")
EMULATOR_UNITS = os.path.join(UNIT_DIR, "emulator")
COLLECTION_PREFIX = "ansible_collections.edge.platform."


def unit_targets(tree, same_python=False):
    """ansible-test units targets: every unit test file outside tests/unit/emulator but the core matrices and the
    repository's checks; with ``same_python``, only those that import Ansible, directly or through the plugin code they import (``reaches_ansible``)."""
    targets = []
    for folder, dirs, files in os.walk(os.path.join(tree, UNIT_DIR)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        relative = os.path.relpath(folder, tree)
        if relative == EMULATOR_UNITS or relative.startswith(EMULATOR_UNITS + os.sep):
            dirs[:] = []
            continue
        for name in sorted(files):
            path = os.path.join(relative, name)
            if name.startswith("test_") and name.endswith(".py") and name not in CORE_MATRICES:
                if path in REPOSITORY_CHECKS:
                    continue
                if not same_python or reaches_ansible(tree, path, {}):
                    targets.append(path)
    return targets


def units_apart(tree):
    """``(reaching, rest)``: the unit test files (tests/unit/emulator included) that import Ansible, directly or
    through the plugin code they import (``reaches_ansible``), and the others (the emulator, pure libraries,
    repository checks)."""
    reaching, rest, seen = [], [], {}
    for folder, dirs, files in os.walk(os.path.join(tree, UNIT_DIR)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in sorted(files):
            if name.startswith("test_") and name.endswith(".py"):
                path = os.path.relpath(os.path.join(folder, name), tree)
                (reaching if reaches_ansible(tree, path, seen) else rest).append(path)
    return reaching, rest


def _imports(tree, path):
    """The modules a Python file imports (absolute names; relative imports resolved against its package)."""
    with open(os.path.join(tree, path), "rb") as stream:
        module = ast.parse(stream.read(), path)
    package = COLLECTION_PREFIX + os.path.dirname(path).replace(os.sep, ".")
    names = []
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            names += [base] + ["%s.%s" % (base, alias.name) for alias in node.names]
    return names


def reaches_ansible(tree, path, seen):
    """Whether the file at ``path`` (relative to ``tree``) imports ansible, or plugin code that does (test helpers
    such as conftest.py are the harness, not code under test, and are not followed)."""
    if path in seen:
        return seen[path]
    seen[path] = False
    for name in _imports(tree, path):
        if name == "ansible" or name.startswith("ansible."):
            seen[path] = True
            return True
        if name.startswith(COLLECTION_PREFIX + "plugins."):
            relative = name[len(COLLECTION_PREFIX) :].replace(".", os.sep)
            for candidate in (relative + ".py", os.path.join(relative, "__init__.py")):
                if os.path.isfile(os.path.join(tree, candidate)) and reaches_ansible(tree, candidate, seen):
                    seen[path] = True
                    return True
    return False


def find_python(version):
    """An interpreter of exactly this version: on PATH (probed: pyenv shims of inactive versions exit 127),
    else under pyenv's versions directory. None when there is none."""
    candidates = [shutil.which("python" + version)]
    pyenv_root = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    candidates += sorted(
        glob.glob(os.path.join(pyenv_root, "versions", version + ".*", "bin", "python" + version)), reverse=True
    )
    candidates.append("/usr/bin/python" + version)
    for path in candidates:
        if not path or not os.access(path, os.X_OK):
            continue
        probe = subprocess.run(
            [path, "-c", PROBE],
            check=False,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            universal_newlines=True,
        )
        found = probe.stdout.split("\n")
        if probe.returncode == 0 and found[0] == version:
            return found[1] or path
    return None


# The version, and the interpreter behind a venv's python or a symlink: the same Python is the same path whatever
# PATH found it (make's, or run_suite's with the development venv first), so a venv's stamp holds.
PROBE = (
    "import os, sys; print('%d.%d' % sys.version_info[:2]); "
    "print(os.path.realpath(getattr(sys, '_base_executable', '') or sys.executable))"
)


def ensure_venv(name, python, requirements, run):
    """The venv's bin directory, (re)built when the requirements or the interpreter changed; None on failure."""
    venv = os.path.join(VENVS, name)
    bin_dir = os.path.join(venv, "bin")
    with open(os.path.join(REPO, requirements), "rb") as stream:
        want = hashlib.sha256(stream.read() + python.encode("utf-8")).hexdigest()
    stamp = os.path.join(venv, ".requirements.sha256")
    if (
        os.path.isfile(stamp)
        and open(stamp).read().strip() == want
        and os.access(os.path.join(bin_dir, "python"), os.X_OK)
    ):
        return bin_dir
    shutil.rmtree(venv, ignore_errors=True)
    print("Creating %s with %s from %s" % (os.path.relpath(venv, REPO), python, requirements), flush=True)
    rc = run("matrix-%s-venv" % name, [python, "-m", "venv", venv], REPO, dict(os.environ))[0]
    if rc == 0:
        rc = run(
            "matrix-%s-pip" % name,
            [
                os.path.join(bin_dir, "python"),
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "-r",
                os.path.join(REPO, requirements),
            ],
            REPO,
            dict(os.environ),
        )[0]
    if rc != 0:
        return None
    with open(stamp, "w") as stream:
        stream.write(want + "\n")
    return bin_dir


def build_venvs():
    """Every entry's venv, for ``make test`` to build beside the development venv: that install keeps one core
    busy and leaves the other idle, and the matrix stage then finds its venvs built (a failure here is built, and
    reported, again there). Output in .build/logs/matrix-<name>-{venv,pip}.log. Exit status 0 when all were built."""
    logs = os.path.join(REPO, ".build", "logs")
    os.makedirs(logs, exist_ok=True)

    def run(label, cmd, cwd, env):
        with open(os.path.join(logs, label + ".log"), "w") as log:
            return subprocess.call(cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT), []

    built = True
    for name, version, requirements in ENTRIES:
        python = find_python(version)
        built = bool(python and ensure_venv(name, python, requirements, run)) and built
    return 0 if built else 1


if __name__ == "__main__":
    import sys

    if sys.argv[1:] != ["venvs"]:
        sys.exit("usage: matrix.py venvs")
    sys.exit(build_venvs())
