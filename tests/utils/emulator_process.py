"""Start the platform emulator as a subprocess on a free port and always stop it (stdlib only).

Shared by the demo runner (tests/utils/run_demo.py), the tarball stage (tests/utils/tarball.py) and the
benchmarks (tests/perf/).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EMULATOR = os.path.join(REPO, "emulator")
DEMO_FIXTURE = os.path.join(EMULATOR, "fixtures", "demo.yml")


class EmulatorProcess(object):
    """``with EmulatorProcess(fixture) as emu: emu.url ...``; the server is stopped on exit, whatever happened."""

    def __init__(self, fixture=DEMO_FIXTURE, python=sys.executable, start_timeout=30, program=EMULATOR):
        self.fixture = fixture
        self.program = program  # the emulator directory: this checkout's, or an installed collection's
        self.python = python
        self.start_timeout = start_timeout
        self.url = None
        self.proc = None
        self.scratch = None

    def __enter__(self):
        self.scratch = tempfile.TemporaryDirectory(prefix="edge-emulator-")
        url_file = os.path.join(self.scratch.name, "url")
        self.proc = subprocess.Popen(
            [
                self.python,
                self.program,
                "--port",
                "0",
                "--fixtures",
                self.fixture,
                "--data-dir",
                os.path.join(self.scratch.name, "data"),
                "--url-file",
                url_file,
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + self.start_timeout
        while not os.path.exists(url_file):
            if self.proc.poll() is not None:
                self._cleanup()
                raise RuntimeError("the emulator exited with status %d before listening" % self.proc.returncode)
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the emulator did not listen within %ds" % self.start_timeout)
            time.sleep(0.05)
        with open(url_file) as stream:
            self.url = stream.read().strip()
        return self

    def __exit__(self, *exc_info):
        self.stop()

    def admin(self, method, name, body=None):
        """Call the admin API (``/_emulator/<name>``); returns the decoded JSON answer or None."""
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(
            "%s/_emulator/%s" % (self.url, name), data=data, method=method, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            payload = answer.read()
        return json.loads(payload) if payload else None

    def requests_log(self, clear=True):
        log = self.admin("GET", "requests")["requests"]
        if clear:
            self.admin("DELETE", "requests")
        return log

    def stop(self):
        if self.proc is None:
            return
        if self.proc.poll() is None and self.url:
            try:
                self.admin("POST", "shutdown")
            except OSError:
                pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._cleanup()

    def _cleanup(self):
        if self.scratch is not None:
            self.scratch.cleanup()
            self.scratch = None
