"""Modules run for real against the platform emulator, on both hosts, inside the test process (the matrices' harness).

:class:`Emulated` serves the demo fixture (``emulator/fixtures/demo.yml``, what every module's EXAMPLES run against)
from a thread of this process: a reset, a fault, the request log and a deep snapshot of the platform's state are
direct calls, not admin requests. ansible-test forks every test, so a thread started in one test would not survive
into the next: each test starts its own, and the fixture file is parsed once, on import (re-parsing YAML at each
reset cost more than the runs it serves).

:meth:`Emulated.run` drives one module through the module path (AnsibleModule, as ``tests/unit/conftest.py``'s
``run_module`` does) or through the in-process host (``plugins/plugin_utils/_inprocess/host.py``), with a real
``requests`` session to the emulator, and returns the output as the controller would see it plus everything the run
showed (stdout's result and stderr), so a secret can be looked for anywhere.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import re
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlsplit

from ansible_collections.edge.platform.plugins.module_utils._engine import client as _client
from ansible_collections.edge.platform.plugins.module_utils._engine import transport as _transport
from ansible_collections.edge.platform.plugins.plugin_utils._inprocess import host as _inprocess
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.test_host_parity import normal
from ansible_collections.edge.platform.tests.unit.test_bad_option_types import module_named

COLLECTION_ROOT = Path(__file__).resolve().parents[2]
if str(COLLECTION_ROOT) not in sys.path:
    sys.path.insert(0, str(COLLECTION_ROOT))  # the emulator imports as the package ``emulator``, as users run it

from emulator import platform_state as _platform_state  # noqa: E402  pylint: disable=wrong-import-position
from emulator.server import EmulatorServer  # noqa: E402  pylint: disable=wrong-import-position

DEMO = str(COLLECTION_ROOT / "emulator" / "fixtures" / "demo.yml")
API_KEY = "demo-api-key"
DATABASE_TOKEN = "demo-full-token"
# Values no output may show, at any verbosity (the demo's credentials).
SECRETS = (
    API_KEY,
    DATABASE_TOKEN,
    "demo-read-token",
    "demo-ulid-full-token",
    "site-read-token",
    "demo-storage-password",  # the demo storage zone's passwords, returned in clear by every read of the zone
    "demo-storage-read-only",
)
HOSTS = ("module", "in-process")
ENVIRONMENT = (
    "EDGE_API_KEY",
    "BUNNYNET_API_KEY",
    "EDGE_BASE_URL",
    "BUNNYNET_API_URL",
    "EDGE_VALIDATE_CERTS",
    "SERVICE_DATABASE_URL",
    "BUNNY_DATABASE_URL",
    "SERVICE_DATABASE_AUTH_TOKEN",
    "BUNNY_DATABASE_AUTH_TOKEN",
)
# Parsed when this module is imported: ansible-test imports it while collecting, before it forks each test.
_PARSED = {DEMO: _platform_state.load_fixture(DEMO)}
# The database files live here: a database is a SQLite file in WAL mode, whose creation waits for the disk at each
# reset (about 100 ms a reset on a disk, 5 ms in memory).
SCRATCH = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None


def _load_fixture_once(path, load=_platform_state.load_fixture):
    """The emulator's ``load_fixture``, parsed once; each load gets its own copy (areas may keep it)."""
    if path not in _PARSED:
        _PARSED[path] = load(path)
    return copy.deepcopy(_PARSED[path])


def snapshot(value, seen=frozenset()):
    """Everything the platform holds, as comparable data: the areas' objects walked through their attributes (locks,
    functions and the back reference to the platform left out)."""
    if isinstance(value, str):
        return TIME.sub("<time>", value)  # the platform's clocks: a reset stamps the fixture's objects anew
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, bytes):
        return "<%d bytes>" % len(value)  # key material, made up afresh by each platform
    if id(value) in seen or isinstance(value, _platform_state.Platform):
        return "<%s>" % type(value).__name__
    seen = seen | {id(value)}
    if isinstance(value, dict):
        return {str(key): snapshot(item, seen) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [snapshot(item, seen) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted((snapshot(item, seen) for item in value), key=repr)
    if hasattr(value, "__dict__") and not callable(value):
        return {"<%s>" % type(value).__name__: snapshot(vars(value), seen)}
    return "<%s>" % type(value).__name__


class Emulated(object):
    """The emulator serving the demo fixture from a thread of this process; ``stop()`` it after use."""

    def __init__(self, monkeypatch, run_module, capsys):
        monkeypatch.setattr(_platform_state, "load_fixture", _load_fixture_once)
        # a retry's backoff is waiting, not behaviour: the matrices count requests, never seconds
        monkeypatch.setattr(_transport, "backoff_delay", lambda attempt, retry_after=None: 0.0)
        for variable in ENVIRONMENT:
            monkeypatch.delenv(variable, raising=False)
        # the emulator listens on 127.0.0.1, reached without a proxy (as a user behind one says with no_proxy): requests
        # then knows it at once, instead of reading the whole environment for proxies twice a request (about 6 % of
        # the matrices' CPU)
        monkeypatch.setenv("no_proxy", "127.0.0.1")
        self.data_dir = tempfile.TemporaryDirectory(prefix="edge-matrix-", dir=SCRATCH)
        self.platform = _platform_state.Platform(DEMO, self.data_dir.name)
        self.server = EmulatorServer(("127.0.0.1", 0), self.platform)
        self.url = self.server.url
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()
        self._run_module = run_module
        self._capsys = capsys

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()
        self.platform.close()
        self.data_dir.cleanup()

    # --- the platform -------------------------------------------------------------------------------------------
    def reset(self):
        with self.platform.gate.exclusive():
            self.platform.reset()

    def fresh(self, wrote=True):
        """Ready for the next run: back to the fixture after a run that ``wrote``; after one that only read, the
        state is the fixture's still, and only the faults and the log go (a reset costs more than most runs)."""
        if wrote:
            self.reset()
            return
        with self.platform.gate.exclusive():
            self.platform.faults = []
            self.platform.log = []

    def fault(self, **spec):
        with self.platform.lock:
            self.platform.faults.append(_platform_state.Fault(spec))

    def fault_request(self, log, index, **spec):
        """Fault exactly the ``index``-th request of a recorded ``log`` in the next run: the same method and path (an id
        the platform made up in that run matches any id of its kind), the earlier such requests let through
        (``skip``)."""
        entry = log[index]
        pattern = path_pattern(entry["path"])
        skip = sum(1 for e in log[:index] if e["method"] == entry["method"] and re.search(pattern, e["path"]))
        self.fault(path_regex=pattern, method=entry["method"], skip=skip, **spec)

    def unused_faults(self):
        """How many faulted requests are still to come (0: every fault hit)."""
        with self.platform.lock:
            return sum(fault.count for fault in self.platform.faults)

    def log(self):
        """The request log, once no request is in flight (a late answer's request is logged when it is answered)."""
        with self.platform.gate.exclusive():
            return self.platform.requests()

    def state(self):
        """Everything the platform holds (``snapshot``), state the emulator makes on first use made first: the access
        lists area makes a shield zone's managed list configurations when the zone is first read, which is no change
        of the platform."""
        with self.platform.gate.exclusive():
            lists, shield = self.platform.areas.get("access_lists"), self.platform.areas.get("shield")
            for zone_id in getattr(shield, "zones", ()):
                lists.managed_configurations(zone_id)
            return snapshot(self.platform.areas)

    # --- the modules --------------------------------------------------------------------------------------------
    def arguments(self, name, args, **extra):
        """``args`` with the connection to this emulator (the management API, or the demo database)."""
        spec = module_named(name).MODULE.spec()
        full = {}
        if "base_url" in spec:
            full.update(api_key=API_KEY, base_url=self.url)
        if "storage_base_url" in spec:  # the Edge Storage API of the demo's storage zone (region DE)
            full.update(storage_base_url="%s/storage.bunnycdn.com" % self.url)
        if "database_url" in spec:
            full.update(database_url="%s/db/demo" % self.url, auth_token=DATABASE_TOKEN)
        full.update(args)
        full.update(extra)
        return full

    @staticmethod
    @contextlib.contextmanager
    def declared_reads():
        """Inside the block, every request a client sends is recorded as ``(method, path, reads)``, ``reads`` as the
        client itself declares it (``changes_state``); yields the list of records."""
        declared = []
        request = _client.Client.request

        def recording(client, method, path, operation, *args, **kwargs):
            changes = kwargs.get("changes_state")
            changes = method.upper() not in _client.READ_METHODS if changes is None else changes
            declared.append((method, urlsplit(client.url(path)).path, not changes))
            return request(client, method, path, operation, *args, **kwargs)

        _client.Client.request = recording
        try:
            yield declared
        finally:
            _client.Client.request = request

    def run(self, name, args, host, check=False, diff=False, ledger=None):
        """``(result, shown)``: the output of ``name`` run with ``args`` (connection included) on ``host``, and all it
        showed as text (result and stderr). A crash is a failed result whose message says so. ``ledger``: the run's
        check-mode ledger the in-process host is given (``_engine/ledger.py``)."""
        module = module_named(name)
        full_name = "edge.platform.%s" % name
        if host == "module":
            try:
                result = normal(self._run_module(module, dict(args, _ansible_module_name=full_name), check, diff))
            except BaseException as exc:  # pylint: disable=broad-except  # report it as the case's result
                result = {"failed": True, "msg": "CRASHED on the module path: %s: %s" % (type(exc).__name__, exc)}
            shown = self._capsys.readouterr()
            return result, json.dumps(result, ensure_ascii=False) + shown.out + shown.err
        output = _inprocess.run_in_process(
            module.MODULE, _inprocess.to_module(args), check, diff, full_name, ledger=ledger
        )
        result = normal(json.loads(_inprocess.module_output(output)))
        return result, json.dumps(result, ensure_ascii=False)


def shown_secrets(shown):
    """The demo's secrets that appear in ``shown``."""
    return [secret for secret in SECRETS if secret in shown]


TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?")
NEW_DATABASE_ID = (
    r"db_(?!01KCHBG8C5KSFGG0VRNFQ7EK)[0-9A-HJKMNP-TV-Z]{26}"  # a ULID the platform made up (not the demo's)
)


def path_pattern(path):
    """A regular expression for ``path`` that also matches it with another made-up id in the same place."""
    parts = re.split("(%s)" % NEW_DATABASE_ID, path)
    return "^%s$" % "".join("db_[0-9A-HJKMNP-TV-Z]{26}" if i % 2 else re.escape(p) for i, p in enumerate(parts))


# What differs between two runs of the same task on a fresh platform: clocks, durations, the ids and tokens the
# platform makes up (a new database's ULID, a token's signature).
VOLATILE = (
    (TIME, "<time>"),
    (re.compile(r'"(query_duration_ms|duration_ms)": [0-9.e-]+'), r'"\1": "<duration>"'),
    (re.compile(NEW_DATABASE_ID), "<new database id>"),
    (re.compile(r"eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+"), "<token>"),
)


def steady(value, drop=()):
    """``value`` (a result or a state) as comparable JSON text: volatile values replaced, ``drop`` keys of a result
    left out."""
    if isinstance(value, dict) and drop:
        value = {key: item for key, item in value.items() if key not in drop}
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr)
    for pattern, replacement in VOLATILE:
        text = pattern.sub(replacement, text)
    return text
