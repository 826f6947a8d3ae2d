"""The emulated platform: fixture-driven areas, request log and injected faults."""

import contextlib
import re
import threading

from .areas import discover
from .fixtures import FixtureError, load_fixture
from .routing import Router

# Query parameters that carry secrets: the log shows that they were there, never their value.
SECRET_QUERY_KEYS = ("authtoken", "accesskey", "token", "api_key")


class Fault(object):
    """An injected failure for the next ``count`` requests matching ``path_regex`` (and ``method``)."""

    def __init__(self, spec):
        if not isinstance(spec, dict) or "path_regex" not in spec:
            raise ValueError("a fault needs path_regex")
        try:
            self.path_regex = re.compile(spec["path_regex"])
        except re.error as exc:
            raise ValueError("path_regex %r is not a regular expression: %s" % (spec["path_regex"], exc)) from exc
        self.method = (spec.get("method") or "").upper() or None
        self.status = spec.get("status")
        self.count = int(spec.get("count", 1))
        self.retry_after = spec.get("retry_after")
        self.delay_s = float(spec.get("delay_s") or 0)
        self.drop_connection = bool(spec.get("drop_connection"))
        if self.status is None and not self.drop_connection and not self.delay_s:
            raise ValueError("a fault needs status, drop_connection or delay_s")

    def matches(self, method, path):
        return self.count > 0 and (self.method in (None, method)) and self.path_regex.search(path)

    def describe(self):
        return {"path_regex": self.path_regex.pattern, "method": self.method, "status": self.status,
                "count": self.count, "retry_after": self.retry_after, "delay_s": self.delay_s,
                "drop_connection": self.drop_connection}


class Gate(object):
    """Requests pass side by side (``shared``); a reset passes alone (``exclusive``), once they are out.

    Writers first: once a reset waits, new requests wait behind it, so a stream of requests never
    starves it.
    """

    def __init__(self):
        self._cond = threading.Condition()
        self._active = 0
        self._exclusive = False

    @contextlib.contextmanager
    def shared(self):
        with self._cond:
            while self._exclusive:
                self._cond.wait()
            self._active += 1
        try:
            yield
        finally:
            with self._cond:
                self._active -= 1
                self._cond.notify_all()

    @contextlib.contextmanager
    def exclusive(self):
        with self._cond:
            while self._exclusive:
                self._cond.wait()
            self._exclusive = True
            while self._active:
                self._cond.wait()
        try:
            yield
        finally:
            with self._cond:
                self._exclusive = False
                self._cond.notify_all()


class Platform(object):
    """Everything the emulator knows, and the locks that let one slow request leave the others alone.

    - ``lock`` guards the request log and the fault list only, and is held for a moment.
    - ``gate``: every request holds it shared; a reset or a state dump holds it alone.
    - One lock per area serialises that area's handlers. An area that sets ``locks_itself`` gets
      none and locks finer itself (databases: one lock per database, so a long batch on one
      database holds up no other database and no other area).

    Lock order: ``gate``, then an area's locks, then ``lock``; never the other way round.
    """

    def __init__(self, fixture_path, data_dir):
        self.fixture_path = fixture_path
        self.data_dir = data_dir
        self.lock = threading.RLock()
        self.gate = Gate()
        self.area_locks = {}
        self.log = []
        self.faults = []
        self.areas = {}
        self.router = None
        self.api_keys = set()
        self.load()

    def load(self):
        fixture = load_fixture(self.fixture_path)
        keys = fixture.get("api_keys") or []
        if not isinstance(keys, list):
            raise FixtureError("api_keys must be a list")
        self.api_keys = {str(k) for k in keys}
        self.router = Router()
        self.areas = {}
        self.area_locks = {}
        for area_class in discover():
            area = area_class(fixture, self)
            area.register(self.router)
            self.areas[area.name] = area
            self.area_locks[area.name] = threading.RLock()

    def area_lock(self, method, path):
        """The lock to hold while the handler of ``method path`` runs (a no-op for self-locking areas)."""
        route, _params = self.router.match(method, path)
        area = getattr(getattr(route, "handler", None), "__self__", None)
        name = getattr(area, "name", None)
        if name not in self.area_locks or getattr(area, "locks_itself", False):
            return contextlib.nullcontext()
        return self.area_locks[name]

    def reset(self):
        """Back to the fixture: state, request log and faults (hold ``gate`` exclusively)."""
        for area in self.areas.values():
            close = getattr(area, "close", None)
            if close:
                close()
        self.log = []
        self.faults = []
        self.load()

    def close(self):
        for area in self.areas.values():
            close = getattr(area, "close", None)
            if close:
                close()

    def key_valid(self, value):
        return value is not None and value in self.api_keys

    def take_fault(self, method, path):
        for fault in self.faults:
            if fault.matches(method, path):
                fault.count -= 1
                return fault
        return None

    def record(self, method, path, query, status, note=None):
        shown = {}
        for key, value in query.items():
            shown[key] = "<redacted>" if key.lower() in SECRET_QUERY_KEYS else value
        entry = {"method": method, "path": path, "query": shown, "status": status}
        if note:
            entry["note"] = note
        self.log.append(entry)

    def dump(self):
        return {"areas": {name: area.dump() for name, area in self.areas.items()},
                "faults": [f.describe() for f in self.faults if f.count > 0],
                "requests_logged": len(self.log)}
