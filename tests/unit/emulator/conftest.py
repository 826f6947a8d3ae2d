"""Fixtures for emulator tests: an in-process emulator (the ``openapi`` fixture is in tests/unit/conftest.py)."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest
import requests
import yaml

TESTS_DIR = Path(__file__).resolve().parents[2]
if str(TESTS_DIR) not in sys.path:
    sys.path.insert(0, str(TESTS_DIR))

from emulator.platform_state import Platform  # noqa: E402  pylint: disable=wrong-import-position
from emulator.server import EmulatorServer  # noqa: E402  pylint: disable=wrong-import-position

from ..conftest import shared_openapi_dir  # noqa: E402,F401  pylint: disable=unused-import,wrong-import-position

API_KEY = "test-api-key"


class RunningEmulator(object):
    """An emulator serving in a thread of the test process."""

    def __init__(self, fixture, data_dir):
        path = data_dir / "fixture.yml"
        path.write_text(yaml.safe_dump(fixture) if isinstance(fixture, dict) else fixture, encoding="utf-8")
        self.platform = Platform(str(path), str(data_dir))
        self.server = EmulatorServer(("127.0.0.1", 0), self.platform)
        self.url = self.server.url
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()
        self.session = requests.Session()

    def request(self, method, path, key=API_KEY, **kwargs):
        headers = dict(kwargs.pop("headers", {}) or {})
        if key is not None:
            headers["AccessKey"] = key
        return self.session.request(method, self.url + path, headers=headers, timeout=10, **kwargs)

    def admin(self, method, name, **kwargs):
        return self.session.request(method, "%s/_emulator/%s" % (self.url, name), timeout=10, **kwargs)

    def log(self):
        return self.admin("GET", "requests").json()["requests"]

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
        self.platform.close()
        self.session.close()


@pytest.fixture
def emulator(tmp_path):
    """``emulator(fixture_dict_or_yaml_text) -> RunningEmulator``; stopped after the test."""
    started = []

    def start(fixture):
        data_dir = tmp_path / ("emulator-%d" % len(started))
        data_dir.mkdir()
        running = RunningEmulator(fixture, data_dir)
        started.append(running)
        return running

    yield start
    for running in started:
        running.stop()
