"""The emulated platform: fixture-driven areas, request log and injected faults."""

import contextlib
import re
import threading
from email.utils import parsedate_to_datetime

from .areas import discover
from .fixtures import FixtureError, load_fixture
from .routing import Router

# Query parameters that carry secrets: the log shows that they were there, never their value.
SECRET_QUERY_KEYS = ("authtoken", "accesskey", "token", "api_key")
# Headers that carry a credential (DeploymentKey: an edge script's, emulator/areas/edge_scripts); the log keeps their
# names so tests can prove where a key travelled.
CREDENTIAL_HEADERS = ("AccessKey", "Authorization", "DeploymentKey")
CREDENTIALS_KEY = "credentials"


class Fault(object):
    """An injected failure for the next ``count`` requests matching ``path_regex`` (and ``method``).

    Fields (anything else is refused, so a typo never silently injects nothing):
    ``path_regex`` (required), ``method``, ``count`` (default 1), ``skip`` (default 0: the first ``skip``
    matching requests pass this fault untouched, so a test can fault the third read of one path), ``status`` (100..599), ``retry_after``
    (delta-seconds or an HTTP date), ``delay_s`` (0..600), ``drop_connection``, ``location`` (the
    ``Location`` header of a 3xx answer), ``body`` and ``content_type`` (replace the answer's body: a
    garbage 200 when no ``status`` is given), ``after_processing`` (process the request first, so the
    state changes, then apply the delay, drop, status or body: a write that landed whose answer was lost).
    """

    FIELDS = frozenset(
        (
            "path_regex",
            "method",
            "count",
            "skip",
            "status",
            "retry_after",
            "delay_s",
            "drop_connection",
            "location",
            "body",
            "content_type",
            "after_processing",
        )
    )
    MAX_DELAY_S = 600.0

    def __init__(self, spec):
        if not isinstance(spec, dict) or "path_regex" not in spec:
            raise ValueError("a fault needs path_regex")
        unknown = sorted(set(spec) - self.FIELDS)
        if unknown:
            raise ValueError(
                "unknown field %s; a fault takes %s" % (", ".join(unknown), ", ".join(sorted(self.FIELDS)))
            )
        if not isinstance(spec["path_regex"], str):
            raise ValueError("path_regex must be a string")
        try:
            self.path_regex = re.compile(spec["path_regex"])
        except re.error as exc:
            raise ValueError("path_regex %r is not a regular expression: %s" % (spec["path_regex"], exc)) from exc
        self.method = _header_text(spec, "method").upper() or None
        self.status = _integer(spec, "status", 100, 599)
        self.count = _integer(spec, "count", 0, 10**6)
        self.count = 1 if self.count is None else self.count
        self.skip = _integer(spec, "skip", 0, 10**6) or 0
        self.retry_after = _retry_after(spec.get("retry_after"))
        delay = spec.get("delay_s") or 0
        if isinstance(delay, bool) or not isinstance(delay, (int, float)) or not 0 <= delay <= self.MAX_DELAY_S:
            raise ValueError("delay_s must be a number of seconds from 0 to %g" % self.MAX_DELAY_S)
        self.delay_s = float(delay)
        self.drop_connection = _flag(spec, "drop_connection")
        self.after_processing = _flag(spec, "after_processing")
        self.location = _header_text(spec, "location") or None
        self.content_type = _header_text(spec, "content_type") or None
        body = spec.get("body")
        if body is not None and not isinstance(body, str):
            raise ValueError("body must be a string (the raw answer text)")
        self.body = body
        if self.location is not None and (self.status is None or not 300 <= self.status < 400):
            raise ValueError("location needs a 3xx status")
        if self.status is None and not (self.drop_connection or self.delay_s or self.body is not None):
            raise ValueError("a fault needs status, body, drop_connection or delay_s")

    def matches(self, method, path):
        return self.count > 0 and (self.method in (None, method)) and self.path_regex.search(path)

    def takes(self, method, path):
        """Whether this fault applies to the request: a match it does not let pass (``skip``). Counts it."""
        if not self.matches(method, path):
            return False
        if self.skip:
            self.skip -= 1
            return False
        self.count -= 1
        return True

    def replaces_answer(self):
        """True when the fault answers in place of the platform (status or body)."""
        return self.status is not None or self.body is not None

    def describe(self):
        return {
            "path_regex": self.path_regex.pattern,
            "method": self.method,
            "status": self.status,
            "count": self.count,
            "skip": self.skip,
            "retry_after": self.retry_after,
            "delay_s": self.delay_s,
            "drop_connection": self.drop_connection,
            "location": self.location,
            "body": self.body,
            "content_type": self.content_type,
            "after_processing": self.after_processing,
        }


def _integer(spec, name, low, high):
    value = spec.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError("%s must be an integer from %d to %d; got %r" % (name, low, high, value))
    return value


def _flag(spec, name):
    value = spec.get(name, False)
    if not isinstance(value, bool):
        raise ValueError("%s must be true or false; got %r" % (name, value))
    return value


def _header_text(spec, name):
    """A string that can go into a header: no line break or control character can split the answer."""
    value = spec.get(name)
    if value is None:
        return ""
    if not isinstance(value, str) or any(ord(c) < 32 or ord(c) == 127 for c in value) or not value.isascii():
        raise ValueError("%s must be a single line of printable ASCII text" % name)
    return value


def _retry_after(value):
    """``Retry-After`` as sent: delta-seconds or an HTTP date (RFC 9110 10.2.3); anything else is refused."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return str(value)
    if isinstance(value, str) and value.isascii() and value.isdigit():
        return value
    if isinstance(value, str) and value.isascii() and value.isprintable():
        try:
            if parsedate_to_datetime(value) is not None:
                return value
        except (TypeError, ValueError, IndexError):
            pass
    raise ValueError("retry_after must be whole seconds or an HTTP date; got %r" % (value,))


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
        """The first fault that takes this request (a fault still skipping lets the next ones try), or None."""
        for fault in self.faults:
            if fault.takes(method, path):
                return fault
        return None

    def record(self, method, path, query, status, note=None, credentials=()):
        """Log one request. ``credentials`` names the credential headers it carried (never their values);
        the admin API shows them only when asked (``GET requests?credentials=true``)."""
        shown = {}
        for key, value in query.items():
            shown[key] = "<redacted>" if key.lower() in SECRET_QUERY_KEYS else value
        entry = {"method": method, "path": path, "query": shown, "status": status}
        if note:
            entry["note"] = note
        entry[CREDENTIALS_KEY] = sorted(credentials)
        self.log.append(entry)

    def requests(self, with_credentials=False):
        """The request log as the admin API shows it."""
        if with_credentials:
            return [dict(e) for e in self.log]
        return [{k: v for k, v in e.items() if k != CREDENTIALS_KEY} for e in self.log]

    def dump(self):
        return {
            "areas": {name: area.dump() for name, area in self.areas.items()},
            "faults": [f.describe() for f in self.faults if f.count > 0],
            "requests_logged": len(self.log),
        }
