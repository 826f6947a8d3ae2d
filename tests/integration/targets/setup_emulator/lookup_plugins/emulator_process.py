# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Test helper of setup_emulator: start a private emulator in the background, or stop it, on the controller.

The edge.platform.emulator role does the same with a stat, a tempfile, an async command, async_status polls
and, to stop, a uri call, two async_status runs and a file task: about 4.5 s of CPU per target, most of the
cost of an integration target's setup. The role is still what the emulator_role target tests, and what
host_parity (the matrix's smoke target) and transport start their emulator with (see tasks/main.yml).

Like the role, the emulator runs from the collection's emulator/ folder with the playbook's Python, on
127.0.0.1 and a free port, is stopped through its admin API (killed if it does not exit), and ends by
itself after an hour should nothing stop it (an interrupted run).
"""

from __future__ import annotations

DOCUMENTATION = r"""
name: emulator_process
short_description: Start or stop a private emulator
description:
  - C(start) runs the emulator in the background on a free port and returns C(url), C(pid) and C(scratch)
    (its data directory) once it listens; fails with the emulator's own output when it exits instead.
  - C(stop) takes what C(start) returned, asks the emulator to shut down, kills it if it has not exited
    within 10 seconds and removes its data directory. Stopping an emulator that is gone is not an error.
options:
  _terms:
    description: C(start) or C(stop).
    required: true
  python:
    description: The interpreter to run the emulator with (start).
  program:
    description: The emulator's directory (start).
  fixture:
    description: The fixture file (start).
  emulator:
    description: What start returned (stop).
"""

import os
import shutil
import signal
import subprocess
import tempfile
import time
from urllib.request import ProxyHandler, Request, build_opener

from ansible.errors import AnsibleError
from ansible.plugins.lookup import LookupBase

# The emulator's admin API answers loopback clients only: never go through a proxy.
OPENER = build_opener(ProxyHandler({}))
START_TIMEOUT = 30
STOP_TIMEOUT = 10
LIFETIME = 3600


def start(python, program, fixture):
    scratch = tempfile.mkdtemp(prefix="edge-emulator-")
    url_file, pid_file = os.path.join(scratch, "url"), os.path.join(scratch, "pid")
    command = [python, str(program), "--host", "127.0.0.1", "--port", "0", "--fixtures", str(fixture)]
    command += ["--data-dir", os.path.join(scratch, "data"), "--url-file", url_file, "--pid-file", pid_file]
    if shutil.which("timeout"):
        command = ["timeout", str(LIFETIME)] + command
    with open(os.path.join(scratch, "output"), "wb") as output:
        # a session of its own: it outlives this worker, and a Ctrl-C of the run does not reach it
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
        )
    deadline = time.monotonic() + START_TIMEOUT
    while not os.path.isfile(url_file):
        if process.poll() is not None or time.monotonic() > deadline:
            if process.poll() is None:
                process.kill()
            with open(os.path.join(scratch, "output"), errors="replace") as output:
                said = output.read().strip() or "no output"
            shutil.rmtree(scratch, ignore_errors=True)
            why = "exited at once" if process.returncode is not None else "did not listen within %ds" % START_TIMEOUT
            raise AnsibleError("The emulator %s: %s" % (why, said))
        time.sleep(0.05)
    with open(url_file) as stream:
        url = stream.read().strip()
    with open(pid_file) as stream:
        pid = int(stream.read().strip())
    return {"url": url, "pid": pid, "scratch": scratch}


def alive(pid):
    """Whether the process runs (a zombie, exited but not reaped yet, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open("/proc/%d/stat" % pid) as stream:
            return stream.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def stop(emulator):
    pid = int(emulator["pid"])
    try:
        OPENER.open(Request(str(emulator["url"]) + "/_emulator/shutdown", data=b"", method="POST"), timeout=5)
    except Exception:  # pylint: disable=broad-except  # it may be gone already: the wait below is what counts
        pass
    deadline = time.monotonic() + STOP_TIMEOUT
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    if alive(pid):
        os.kill(pid, signal.SIGKILL)
    shutil.rmtree(str(emulator["scratch"]), ignore_errors=True)
    return {"stopped": pid}


class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        if terms == ["start"]:
            return [start(kwargs["python"], kwargs["program"], kwargs["fixture"])]
        if terms == ["stop"]:
            return [stop(kwargs["emulator"])]
        raise AnsibleError("emulator_process: give start (python=, program=, fixture=) or stop (emulator=)")
