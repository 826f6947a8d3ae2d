"""The version matrix: the oldest claimed ansible-core and the newest that installs, each in a cached venv.

``make test`` runs unit tests and an integration smoke target on both (run_suite.py's matrix stage); the
full suite (lint, sanity, ...) runs once, on tests/requirements-dev.txt's ansible-core. A venv is rebuilt
only when its requirements file or its Python changes (the stamp holds both). Stdlib only.
"""

from __future__ import annotations

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
# The matrix runs every unit test except the emulator's: the emulator imports nothing from Ansible (the tarball
# stage checks it), so the ansible-core version cannot change their outcome, and they take about two minutes per
# entry of the 20-minute CI budget. The smoke target still runs the emulator (through the role) on each Python.
SMOKE_TARGETS = ("dnszone_dnssec",)
UNIT_DIR = os.path.join("tests", "unit")
EMULATOR_UNITS = os.path.join(UNIT_DIR, "emulator")


def unit_targets(tree):
    """ansible-test units targets: every unit test outside tests/unit/emulator."""
    targets = []
    for name in sorted(os.listdir(os.path.join(tree, UNIT_DIR))):
        path = os.path.join(UNIT_DIR, name)
        if path == EMULATOR_UNITS or name.startswith(("_", ".")):
            continue  # the emulator's tests, caches
        if os.path.isdir(os.path.join(tree, path)):
            targets.append(path + "/")  # ansible-test matches a directory by its trailing slash
        elif name.startswith("test_") and name.endswith(".py"):
            targets.append(path)
    return targets


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
            [path, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            check=False,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            universal_newlines=True,
        )
        if probe.returncode == 0 and probe.stdout.strip() == version:
            return path
    return None


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
