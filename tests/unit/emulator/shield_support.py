"""Start the emulator in-process on a free port with a fixture, for the shield area tests."""

from __future__ import annotations

import contextlib
import os
import sys
import threading

import requests
import yaml


def repo_tests_dir():
    here = os.path.dirname(os.path.abspath(__file__))
    while not os.path.isfile(os.path.join(here, "galaxy.yml")):
        parent = os.path.dirname(here)
        if parent == here:
            raise RuntimeError("cannot find the repository root (galaxy.yml) above %s" % __file__)
        here = parent
    return os.path.join(here, "tests")


if repo_tests_dir() not in sys.path:
    sys.path.insert(0, repo_tests_dir())

from emulator.fixtures import FixtureError  # noqa: E402  pylint: disable=wrong-import-position
from emulator.platform_state import Platform  # noqa: E402  pylint: disable=wrong-import-position
from emulator.server import EmulatorServer  # noqa: E402  pylint: disable=wrong-import-position

__all__ = ("Emulator", "FixtureError", "Platform", "load_platform", "running_emulator", "repo_tests_dir")


class Emulator(object):
    """A running emulator and a client for it."""

    def __init__(self, server, api_key):
        self.server = server
        self.url = server.url
        self.api_key = api_key
        self.session = requests.Session()

    def get(self, path, params=None, api_key="default"):
        headers = {}
        key = self.api_key if api_key == "default" else api_key
        if key is not None:
            headers["AccessKey"] = key
        return self.session.get(self.url + path, params=params, headers=headers, timeout=10)

    def admin(self, method, name, body=None):
        return self.session.request(method, self.url + "/_emulator/" + name, json=body, timeout=10)


def load_platform(tmp_path, fixture):
    """A Platform built from ``fixture`` (a dict); raises FixtureError for a bad one."""
    path = tmp_path / "fixture.yml"
    path.write_text(yaml.safe_dump(fixture, sort_keys=False), encoding="utf-8")
    return Platform(str(path), str(tmp_path / "data"))


@contextlib.contextmanager
def running_emulator(tmp_path, fixture):
    platform = load_platform(tmp_path, fixture)
    server = EmulatorServer(("127.0.0.1", 0), platform)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    emulator = Emulator(server, (fixture.get("api_keys") or [None])[0])
    try:
        yield emulator
    finally:
        emulator.session.close()
        server.shutdown()
        server.server_close()
        platform.close()
        thread.join()
