"""Databases state: real SQLite files, each with its token store, and the Hrana streams open on them.

Each fixture database is a fresh file ``<data_dir>/databases/<id>.sqlite3`` (WAL mode) created when
the emulator starts and again on ``POST /_emulator/reset``: any earlier file of that name is
deleted, so the fixture alone decides the starting state. An optional ``sql`` script in the fixture
entry seeds it; ``tokens`` lists its ``full_access`` and ``read_only`` tokens. ``dump()`` counts
tokens and never shows them.

Each database has its own lock (``Database.lock``, held by the routes for a whole pipeline and for
token changes); the stream table has its own short lock (``HranaServer.lock``).

No HTTP here: responses.py serves the routes over this state.
"""

import base64
import json
import os
import re
import secrets
import sqlite3
import threading
import time
import urllib.parse

from ...fixtures import FixtureError, records
from ...hrana.server import HranaServer

ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$")
TOKEN_KINDS = ("full_access", "read_only")


def _b64url(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


class Database(object):
    def __init__(self, spec, directory, index):
        self.id = str(spec["id"])
        if not ID_RE.match(self.id):
            raise FixtureError("databases[%d].id %r: use letters, digits, '-' and '_' (at most 63)" % (index, self.id))
        self.path = os.path.join(directory, "%s.sqlite3" % self.id)
        self.lock = threading.Lock()
        self.tokens = {}
        self.expiry = {}  # token -> epoch seconds, for tokens generated with an expires_at
        tokens = spec.get("tokens") or {}
        if not isinstance(tokens, dict) or set(tokens) - set(TOKEN_KINDS):
            raise FixtureError("databases[%d].tokens must map full_access/read_only to lists" % index)
        for kind in TOKEN_KINDS:
            values = tokens.get(kind) or []
            if not isinstance(values, list) or not all(isinstance(v, str) and v for v in values):
                raise FixtureError("databases[%d].tokens.%s must be a list of strings" % (index, kind))
            for value in values:
                if self.tokens.setdefault(value, kind) != kind:
                    raise FixtureError("databases[%d]: a token cannot be both full_access and read_only" % index)
        self._create(spec.get("sql"), index)

    def _create(self, script, index):
        for suffix in ("", "-wal", "-shm", "-journal"):
            if os.path.exists(self.path + suffix):
                os.remove(self.path + suffix)
        conn = sqlite3.connect(self.path, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode=WAL")  # as sqld: readers never wait for a writer
            if script:
                conn.executescript(script)
        except sqlite3.Error as exc:
            raise FixtureError("databases[%d].sql failed: %s" % (index, exc)) from exc
        finally:
            conn.close()

    def connect(self):
        """A stream's connection: the client drives transactions; a locked database fails at once."""
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=0)
        conn.text_factory = lambda data: data.decode("utf-8", "replace")
        return conn

    def new_token(self, kind, expires=None):
        """A JWT-shaped token like the platform's (``ey...``); the emulator checks it by lookup, so
        the signature part is random bytes rather than an Ed25519 signature. ``expires``: epoch
        seconds after which the pipeline refuses it (the ``exp`` claim)."""
        claims = {
            "a": "rw" if kind == "full_access" else "ro",
            "iat": int(time.time()),
            "id": self.id,
            "rid": secrets.token_hex(8),
        }
        if expires is not None:
            claims["exp"] = int(expires)
        token = ".".join(
            _b64url(part)
            for part in (
                json.dumps({"alg": "EdDSA", "typ": "JWT"}).encode(),
                json.dumps(claims).encode(),
                os.urandom(64),
            )
        )
        self.tokens[token] = kind
        if expires is not None:
            self.expiry[token] = expires
        return token

    def revoke_all(self):
        """Every token stops working (admin invalidate/regenerate and the management API's revoke)."""
        count = len(self.tokens)
        self.tokens = {}
        self.expiry = {}
        return count

    def token_kind(self, token):
        """``(kind, None)`` of a valid token, else ``(None, why)`` in sqld's words."""
        kind = self.tokens.get(token)
        if kind is None:
            return None, "The JWT is invalid"
        expires = self.expiry.get(token)
        if expires is not None and time.time() >= expires:
            return None, "The JWT has expired"
        return kind, None

    def tables(self):
        conn = sqlite3.connect("file:%s?mode=ro" % urllib.parse.quote(self.path), uri=True, timeout=0)
        try:
            rows = conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            ).fetchall()
        except sqlite3.Error:
            rows = []
        finally:
            conn.close()
        return [row[0] for row in rows]


class DatabasesState(object):
    """The fixture's databases by id, and the Hrana server holding their open streams."""

    def __init__(self, fixture, platform):
        directory = os.path.join(platform.data_dir, "databases")
        os.makedirs(directory, exist_ok=True)
        self.databases = {}
        for index, spec in enumerate(records(fixture, "databases")):
            database = Database(spec, directory, index)
            if database.id in self.databases:
                raise FixtureError("databases[%d].id %r is used twice" % (index, database.id))
            self.databases[database.id] = database
        self.hrana = HranaServer()

    def close(self):
        self.hrana.close()

    def dump(self):
        self.hrana.expire_idle()
        return {
            "databases": [
                {
                    "id": db.id,
                    "file": db.path,
                    "tables": db.tables(),
                    "open_streams": self.hrana.open_streams(db.id),
                    "tokens": {kind: sum(1 for k in db.tokens.values() if k == kind) for kind in TOKEN_KINDS},
                }
                for db in self.databases.values()
            ]
        }
