"""Databases: real SQLite files served over libSQL's Hrana HTTP v2 at ``/db/<id>``, with tokens.

Each fixture database is a fresh file ``<data_dir>/databases/<id>.sqlite3`` (WAL mode) created when
the emulator starts and again on ``POST /_emulator/reset``: any earlier file of that name is
deleted, so the fixture alone decides the starting state. An optional ``sql`` script in the fixture
entry seeds it.

Routes (Bearer auth checked here, not the AccessKey): ``GET /db/<id>/v2`` (version probe, no auth)
and ``POST /db/<id>/v2/pipeline``. Admin calls (loopback, no auth): ``POST
/_emulator/databases/<id>/tokens`` ``{"kind": "full_access"|"read_only"}`` adds a token (older ones
stay valid), ``.../tokens/regenerate`` replaces all tokens by a new pair, ``.../tokens/invalidate``
revokes all, ``.../streams/expire`` expires the database's open streams now (as 10 idle seconds
would). ``dump()`` counts tokens and never shows them.

Database management API (AccessKey auth, AppError ``{error, details}`` bodies), as the published
document describes it (docs/platform-notes.md, "Database tokens"; server
``https://api.bunny.net/database``): ``PUT /database/v2/databases/<id>/auth/generate``
``{"authorization": "full-access"|"read-only", "expires_at": RFC 3339 or null}`` answers 200
``{token, expires_at}`` (older tokens stay valid); ``POST /database/v2/databases/<id>/auth/revoke``
answers 204 and revokes every token. Both work on the same token store as the admin calls and the
pipeline, so a revoked token fails there with 401 and a token past its ``expires_at`` fails with
sqld's "The JWT has expired" (tursodatabase/libsql libsql-server/src/auth/errors.rs). An unknown
database is a 404 AppError (the bunny CLI notes the API answers 404 for an unknown id:
BunnyWay/cli packages/cli/src/commands/db/api.ts).

Locking: the area locks itself (``locks_itself``). Each database has its own lock, held for a whole
pipeline and for token changes, so a long batch on one database holds up that database only, as
SQLite's single writer would; the stream table has its own short lock (``HranaServer.lock``).
"""

import base64
import datetime
import json
import os
import re
import secrets
import sqlite3
import threading
import time
import urllib.parse

from ..fixtures import FixtureError, records
from ..hrana.server import HranaServer, json_reply, text_reply
from ..messages import BadJson, empty

ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$")
TOKEN_KINDS = ("full_access", "read_only")
DB = r"/db/(?P<id>[^/]+)"
ADMIN = r"/_emulator/databases/(?P<id>[^/]+)"
MANAGEMENT = r"/database/v2/databases/(?P<id>[^/]+)"
# the management API's names of the token kinds (schema Authorization3)
AUTHORIZATION = {"full-access": "full_access", "read-only": "read_only"}
RFC3339_RE = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")


def _b64url(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unauthorized(detail):
    return json_reply(401, {"error": "Unauthorized: `%s`" % detail})


def app_error(status, error, details=None):
    """The database management API's error body (schema AppError)."""
    body = {"error": error}
    if details is not None:
        body["details"] = details
    return json_reply(status, body)


def parse_expiry(value):
    """``(epoch seconds, RFC 3339 text in UTC)`` of an ``expires_at``; None for null; raises ValueError."""
    if value is None:
        return None
    if not isinstance(value, str) or not RFC3339_RE.match(value):
        raise ValueError("expires_at must be an RFC 3339 date-time with an offset, such as 2030-01-01T00:00:00Z")
    text = value.upper().replace(" ", "T")
    text = text[:-1] + "+00:00" if text.endswith("Z") else text
    whole, dot, rest = text.partition(".")
    if dot:  # fromisoformat before Python 3.11 reads at most 6 digits of a fraction
        digits = re.match(r"\d+", rest).group(0)
        text = whole + "." + (digits + "000000")[:6] + rest[len(digits):]
    moment = datetime.datetime.fromisoformat(text).astimezone(datetime.timezone.utc)
    return moment.timestamp(), moment.isoformat().replace("+00:00", "Z")


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
        claims = {"a": "rw" if kind == "full_access" else "ro", "iat": int(time.time()), "id": self.id,
                  "rid": secrets.token_hex(8)}
        if expires is not None:
            claims["exp"] = int(expires)
        token = ".".join(_b64url(part) for part in (
            json.dumps({"alg": "EdDSA", "typ": "JWT"}).encode(), json.dumps(claims).encode(), os.urandom(64)))
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
            rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                "AND name NOT LIKE 'sqlite_%' ORDER BY name").fetchall()
        except sqlite3.Error:
            rows = []
        finally:
            conn.close()
        return [row[0] for row in rows]


class DatabasesArea(object):
    name = "databases"
    locks_itself = True

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

    def register(self, router):
        router.add("GET", DB + r"/v2/?", self.version, auth=None)
        router.add("POST", DB + r"/v2/pipeline", self.pipeline, auth=None)
        router.add("POST", ADMIN + r"/tokens", self.add_token, auth=None)
        router.add("POST", ADMIN + r"/tokens/regenerate", self.regenerate, auth=None)
        router.add("POST", ADMIN + r"/tokens/invalidate", self.invalidate, auth=None)
        router.add("POST", ADMIN + r"/streams/expire", self.expire_streams, auth=None)
        router.add("PUT", MANAGEMENT + r"/auth/generate", self.generate, auth="app_error")
        router.add("POST", MANAGEMENT + r"/auth/revoke", self.revoke, auth="app_error")

    def close(self):
        self.hrana.close()

    def dump(self):
        self.hrana.expire_idle()
        return {"databases": [{
            "id": db.id, "file": db.path, "tables": db.tables(), "open_streams": self.hrana.open_streams(db.id),
            "tokens": {kind: sum(1 for k in db.tokens.values() if k == kind) for kind in TOKEN_KINDS},
        } for db in self.databases.values()]}

    def _database(self, request):
        return self.databases.get(request.params["id"])

    @staticmethod
    def _missing(request):
        # sqld's answer for a namespace it does not serve
        return json_reply(404, {"error": "Namespace `%s` doesn't exist" % request.params["id"]})

    def version(self, request):
        if self._database(request) is None:
            return self._missing(request)
        return text_reply(200, "Hello, this is HTTP API v2 (Hrana over HTTP)")

    def pipeline(self, request):
        database = self._database(request)
        if database is None:
            return self._missing(request)
        header = request.header("Authorization")
        if header is None:
            return unauthorized("Expected authorization header but none given")
        scheme, space, token = header.partition(" ")
        if not space:
            return unauthorized("Auth string does not conform to '<scheme> <token>' form")
        if scheme.lower() != "bearer":
            return unauthorized("The authentication scheme in the `Authorization` HTTP header is not supported")
        with database.lock:
            kind, refused = database.token_kind(token.strip())
            if kind is None:
                return unauthorized(refused)
            return self.hrana.pipeline(database, kind == "full_access", request.body)

    # -- admin ------------------------------------------------------------------------------------

    def _admin_database(self, request):
        database = self._database(request)
        if database is None:
            return None, json_reply(404, {"error": "no database %r in the fixture" % request.params["id"]})
        return database, None

    def add_token(self, request):
        database, missing = self._admin_database(request)
        if missing:
            return missing
        body = request.json()
        kind = body.get("kind") if isinstance(body, dict) else None
        if kind not in TOKEN_KINDS:
            raise BadJson('send {"kind": "full_access"} or {"kind": "read_only"}')
        with database.lock:
            token = database.new_token(kind)
        return json_reply(201, {"database_id": database.id, "kind": kind, "token": token})

    def regenerate(self, request):
        database, missing = self._admin_database(request)
        if missing:
            return missing
        with database.lock:
            database.revoke_all()
            tokens = {kind: database.new_token(kind) for kind in TOKEN_KINDS}
        return json_reply(200, {"database_id": database.id, "tokens": tokens})

    def invalidate(self, request):
        database, missing = self._admin_database(request)
        if missing:
            return missing
        with database.lock:
            count = database.revoke_all()
        return json_reply(200, {"database_id": database.id, "invalidated": count})

    def expire_streams(self, request):
        database, missing = self._admin_database(request)
        if missing:
            return missing
        with database.lock:  # no pipeline of this database is running: every one of its streams is idle
            expired = self.hrana.expire_idle(database.id)
        return json_reply(200, {"database_id": database.id, "expired": expired})

    # -- database management API -------------------------------------------------------------------

    def _managed_database(self, request):
        database = self._database(request)
        if database is None:
            return None, app_error(404, "Database not found", "No database %s in this account." % request.params["id"])
        return database, None

    def generate(self, request):
        database, missing = self._managed_database(request)
        if missing:
            return missing
        try:
            body = request.json()
        except BadJson as exc:
            return app_error(400, "Invalid request body", str(exc))
        if not isinstance(body, dict):
            return app_error(400, "Invalid request body", "The body must be a JSON object.")
        kind = AUTHORIZATION.get(body.get("authorization"))
        if kind is None:
            return app_error(400, "Invalid request body", "authorization must be full-access or read-only.")
        try:
            expiry = parse_expiry(body.get("expires_at"))
        except ValueError as exc:
            return app_error(400, "Invalid request body", str(exc))
        with database.lock:
            token = database.new_token(kind, expiry[0] if expiry else None)
        return json_reply(200, {"token": token, "expires_at": expiry[1] if expiry else None})

    def revoke(self, request):
        database, missing = self._managed_database(request)
        if missing:
            return missing
        with database.lock:
            database.revoke_all()
        return empty(204)


AREA = DatabasesArea
