"""Installing the real clients the emulator is tested with (test_libsql_client.py, test_generated_client.py).

Each client is installed once into ``<repo>/.build/clients/<name>`` and reused while the files it was made from
(lock files, pins, documents) are unchanged: :func:`installed` keys the directory by their hash. A failing
install FAILS the test with the tool's output: where a registry cannot be reached the test says so and never
passes or skips without the client.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys

import pytest

from .conftest import COLLECTION_ROOT


def clients_dir():
    """``<repo>/.build/clients``: the tests run from a copy of the collection under ``<repo>/.build``."""
    parts = str(COLLECTION_ROOT).split(os.sep)
    build = os.sep.join(parts[: parts.index(".build") + 1]) if ".build" in parts else str(COLLECTION_ROOT / ".build")
    return os.path.join(build, "clients")


def digest(*paths):
    hashed = hashlib.sha256()
    for path in paths:
        with open(path, "rb") as handle:
            hashed.update(hashlib.sha256(handle.read()).digest())
    return hashed.hexdigest()[:16]


def run(command, what, **kwargs):
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False, **kwargs)
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.fail("%s could not run: %s" % (what, exc))
    if done.returncode != 0:
        pytest.fail(
            "%s failed (is the registry reachable from this machine?):\n%s%s" % (what, done.stdout, done.stderr)
        )
    return done


def installed(name, sources, install):
    """The directory of ``name``, (re)made by ``install(target)`` when the files ``sources`` changed."""
    target = os.path.join(clients_dir(), name)
    os.makedirs(clients_dir(), exist_ok=True)
    marker = os.path.join(target, ".edge-installed")
    wanted = digest(*sources)
    with open(os.path.join(clients_dir(), ".%s.lock" % name), "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two test workers never install at once
        try:
            with open(marker, encoding="utf-8") as handle:
                current = handle.read().strip()
        except OSError:
            current = None
        if current != wanted:
            shutil.rmtree(target, ignore_errors=True)
            os.makedirs(target)
            install(target)
            with open(marker, "w", encoding="utf-8") as handle:
                handle.write(wanted + "\n")
    return target


def python_venv(target, requirements, what):
    """A venv at ``target`` holding exactly the pins of ``requirements`` (``--no-deps``: the file lists every
    package the client imports). The venv gets no pip of its own; this interpreter's pip installs into it
    (``--python``), which saves bootstrapping pip into every venv."""
    run([sys.executable, "-m", "venv", "--without-pip", target], "creating the %s venv" % what)
    python = os.path.join(target, "bin", "python")
    pip = [sys.executable, "-m", "pip", "--python", python, "install", "--disable-pip-version-check"]
    run(pip + ["--no-deps", "--no-compile", "-q", "-r", requirements], "pip install of %s" % what)
    return python
