"""Fixtures for emulator tests: an in-process emulator, Hrana calls to one (the ``openapi`` fixture is in
tests/unit/conftest.py)."""

from __future__ import annotations

import contextlib
import sys
import tempfile
import threading
from pathlib import Path

import pytest
import requests
import yaml

COLLECTION_ROOT = Path(__file__).resolve().parents[3]
TESTS_DIR = COLLECTION_ROOT / "tests"
EMULATOR_DIR = COLLECTION_ROOT / "emulator"
# The emulator imports as the package ``emulator``, as ``python <collection>/emulator`` runs it.
if str(COLLECTION_ROOT) not in sys.path:
    sys.path.insert(0, str(COLLECTION_ROOT))

from emulator.platform_state import Platform  # noqa: E402  pylint: disable=wrong-import-position
from emulator.server import EmulatorServer  # noqa: E402  pylint: disable=wrong-import-position

from ..conftest import shared_openapi_dir  # noqa: E402,F401  pylint: disable=unused-import,wrong-import-position
from .hrana_client import FIXTURE as DATABASES_FIXTURE  # noqa: E402  pylint: disable=wrong-import-position
from .hrana_client import HranaCalls  # noqa: E402  pylint: disable=wrong-import-position

API_KEY = "test-api-key"
OWN_KEY = object()  # request(): send the key the emulator was started with


def load_platform(fixture, data_dir):
    """A Platform built from a fixture (a dict, or YAML text) written to ``data_dir``; raises FixtureError."""
    path = Path(data_dir) / "fixture.yml"
    path.write_text(
        yaml.safe_dump(fixture, sort_keys=False) if isinstance(fixture, dict) else fixture, encoding="utf-8"
    )
    return Platform(str(path), str(data_dir))


class RunningEmulator(object):
    """An emulator serving in a thread of the test process; ``key`` is the AccessKey ``request`` sends."""

    def __init__(self, fixture, data_dir, key=API_KEY):
        self.platform = load_platform(fixture, data_dir)
        self.server = EmulatorServer(("127.0.0.1", 0), self.platform)
        self.url = self.server.url
        self.key = key
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()
        self.session = requests.Session()

    def request(self, method, path, key=OWN_KEY, **kwargs):
        """``key=None`` sends no AccessKey header."""
        headers = dict(kwargs.pop("headers", {}) or {})
        key = self.key if key is OWN_KEY else key
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
        self.thread.join()
        self.platform.close()
        self.session.close()


@contextlib.contextmanager
def emulators(folder):
    """``start(fixture, key=API_KEY) -> RunningEmulator`` inside the block; every one is stopped after it."""
    started = []

    def start(fixture, key=API_KEY):
        data_dir = Path(tempfile.mkdtemp(prefix="emulator-", dir=str(folder)))
        running = RunningEmulator(fixture, data_dir, key)
        started.append(running)
        return running

    try:
        yield start
    finally:
        for running in started:
            running.stop()


@pytest.fixture
def scripting_api(openapi):
    """The published Edge Scripting document (openapi-core), for the edge scripts area's tests; skips where shared/ is
    absent, as ``openapi`` does."""
    return openapi("edge-scripting-api-v1.0.0.json").api


@pytest.fixture
def emulator(tmp_path):
    """``emulator(fixture_dict_or_yaml_text, key=API_KEY) -> RunningEmulator``; stopped after the test."""
    with emulators(tmp_path) as start:
        yield start


@pytest.fixture(scope="module")
def module_emulator(tmp_path_factory):
    """As ``emulator``, for a module-scoped fixture: what it starts serves the module's tests, then stops."""
    with emulators(tmp_path_factory.mktemp("emulator")) as start:
        yield start


@pytest.fixture
def emu(emulator):
    """Hrana calls to an emulator serving the two databases of hrana_client.FIXTURE (database tests)."""
    return HranaCalls(emulator(DATABASES_FIXTURE))


@pytest.fixture(scope="module")
def material():
    """Certificates and keys of the pull zone and PEM tests (one set per test module)."""
    from ansible_collections.edge.platform.tests.unit import certgen  # pylint: disable=import-outside-toplevel

    leaf, leaf_key, mid, root = certgen.chain("rsa", prefix="emu")
    ec_key = certgen.key("emu-ec", "ec")
    ec_cert = certgen.certificate(ec_key, "www.example.com", sans=("www.example.com",))
    return {
        "bundle": certgen.cert_pem(leaf, mid),
        "key": certgen.key_pem(leaf_key),
        "leaf": leaf,
        "mid": mid,
        "mid_key": certgen.key("emu-mid", "ec"),
        "ec_cert": certgen.cert_pem(ec_cert),
        "ec_key": certgen.key_pem(ec_key, "traditional"),
        "ec_der": certgen.cert_der(ec_cert),
        "ec_key_der": certgen.key_der(ec_key),
        "other_key": certgen.key_pem(certgen.key("emu-other")),
    }
