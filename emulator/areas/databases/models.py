"""Databases state: real SQLite files, each with its token store, and the Hrana streams open on them.

Each fixture database is a fresh file ``<data_dir>/databases/<id>.sqlite3`` (WAL mode) created when
the emulator starts and again on ``POST /_emulator/reset``: any earlier file of that name is
deleted, so the fixture alone decides the starting state. An optional ``sql`` script in the fixture
entry seeds it; ``tokens`` lists its ``full_access`` and ``read_only`` tokens. ``dump()`` counts
tokens and never shows them.

What the database management API shows of a fixture database (all optional): ``name`` (default: the
id), ``primary_regions`` (default ``[DE]``), ``replica_regions`` (default ``[]``) and
``storage_region`` (default: the one the bunny CLI would choose for the first primary region, see
:func:`storage_region_for`). Region codes must be among :data:`REGIONS` and storage regions among
:data:`STORAGE_REGIONS` (what ``GET /database/v1/config`` offers). Databases created through the API
(``POST /database/v2/databases``) get a ``db_<ULID>`` id, an empty file beside the fixture's and no
token; deleting one removes its file, its tokens and its streams. A reset deletes the files of
databases created since.

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
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
# What GET /database/v1/config offers (schemas StorageRegion and Region of the published database document).
# The emulator's own sample: the storage region ids are the two the platform's clients are seen sending
# (the Terraform provider's us-east-1, a documented eu-west-1); the regions are a few of PossibleRegion.
STORAGE_REGIONS = (
    {"id": "eu-west-1", "name": "Europe", "group": "EU"},
    {"id": "us-east-1", "name": "North America", "group": "NA"},
)
REGIONS = (
    {"id": "DE", "name": "Frankfurt", "latitude": 50.11, "longitude": 8.68, "group": "EU", "country": "DE"},
    {"id": "FR", "name": "Paris", "latitude": 48.86, "longitude": 2.35, "group": "EU", "country": "FR"},
    {"id": "UK", "name": "London", "latitude": 51.51, "longitude": -0.13, "group": "EU", "country": "GB"},
    {"id": "SE", "name": "Stockholm", "latitude": 59.33, "longitude": 18.07, "group": "EU", "country": "SE"},
    {"id": "NY", "name": "New York", "latitude": 40.71, "longitude": -74.01, "group": "NA", "country": "US"},
    {"id": "LA", "name": "Los Angeles", "latitude": 34.05, "longitude": -118.24, "group": "NA", "country": "US"},
    {"id": "BR", "name": "Sao Paulo", "latitude": -23.55, "longitude": -46.63, "group": "SA", "country": "BR"},
    {"id": "JH", "name": "Johannesburg", "latitude": -26.2, "longitude": 28.05, "group": "AF", "country": "ZA"},
    {"id": "SG", "name": "Singapore", "latitude": 1.35, "longitude": 103.82, "group": "ASIA", "country": "SG"},
    {"id": "SYD", "name": "Sydney", "latitude": -33.87, "longitude": 151.21, "group": "OC", "country": "AU"},
)
REGION_CODES = tuple(region["id"] for region in REGIONS)
STORAGE_IDS = tuple(region["id"] for region in STORAGE_REGIONS)
MAX_DATABASES = 50  # GET /database/v1/config/limits: max_databases (the emulator does not enforce it)
SIZE_MAX = "1024.0 MB"
# The largest string or blob a statement may build (SQLite's SQLITE_LIMIT_LENGTH; its default is 1e9): as
# large as a request body the emulator reads (server.MAX_BODY), far above any result it returns (10 MB).
MAX_VALUE = 64 * 1024 * 1024


def storage_region_for(first_primary):
    """The storage region the bunny CLI chooses: the first of the first primary region's group, else the first."""
    group = next((r["group"] for r in REGIONS if r["id"] == first_primary), None)
    return next((s["id"] for s in STORAGE_REGIONS if s["group"] == group), STORAGE_REGIONS[0]["id"])


def new_database_id():
    """``db_`` and a ULID (48 bits of milliseconds, 80 random bits, Crockford base 32), as the platform's ids."""
    value = (int(time.time() * 1000) << 80) | int.from_bytes(os.urandom(10), "big")
    return "db_" + "".join(CROCKFORD[(value >> shift) & 31] for shift in range(125, -1, -5))


def _b64url(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


class Database(object):
    def __init__(self, spec, directory, index):
        self.id = str(spec["id"])
        if not ID_RE.match(self.id):
            raise FixtureError("databases[%d].id %r: use letters, digits, '-' and '_' (at most 63)" % (index, self.id))
        self.path = os.path.join(directory, "%s.sqlite3" % self.id)
        self.lock = threading.Lock()
        self.deleted = False
        self.name = str(spec.get("name", self.id))
        self.primary_regions = self._regions(spec, "primary_regions", ["DE"], index)
        self.replica_regions = self._regions(spec, "replica_regions", [], index)
        self.storage_region = spec.get("storage_region") or storage_region_for(self.primary_regions[0])
        if self.storage_region not in STORAGE_IDS:
            raise FixtureError("databases[%d].storage_region must be one of %s" % (index, ", ".join(STORAGE_IDS)))
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

    @staticmethod
    def _regions(spec, key, default, index):
        codes = spec.get(key, default)
        if not isinstance(codes, list) or not all(code in REGION_CODES for code in codes):
            raise FixtureError("databases[%d].%s must list region codes of %s" % (index, key, ", ".join(REGION_CODES)))
        if key == "primary_regions" and not codes:
            raise FixtureError("databases[%d].primary_regions needs at least one region" % index)
        return list(codes)

    def model(self, base_url):
        """The database as the management API shows it (schema Database2); its url serves the pipeline."""
        try:
            size = os.path.getsize(self.path)
        except OSError:
            size = 0
        return {
            "name": self.name,
            "id": self.id,
            "url": "%s/db/%s" % (base_url, self.id),
            "block_reads": False,
            "block_writes": False,
            "size_max": SIZE_MAX,
            "current_size": "%.1f MB" % (size / 1048576.0),
            "storage_region": self.storage_region,
            "primary_regions": list(self.primary_regions),
            "replicas_regions": list(self.replica_regions),
        }

    def remove(self):
        """The database is deleted: its tokens stop working and its files go (hold ``lock``)."""
        self.revoke_all()
        self.deleted = True
        for suffix in ("", "-wal", "-shm", "-journal"):
            if os.path.exists(self.path + suffix):
                os.remove(self.path + suffix)

    def connect(self):
        """A stream's connection: the client drives transactions; a locked database fails at once."""
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=0)
        conn.text_factory = lambda data: data.decode("utf-8", "replace")
        # no value larger than a request body: zeroblob(1e9) fails with SQLITE_TOOBIG instead of allocating
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE)
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
        self.directory = directory
        self.lock = threading.Lock()  # the table of databases: creates and deletes
        self.databases = {}
        for index, spec in enumerate(records(fixture, "databases")):
            database = Database(spec, directory, index)
            if database.id in self.databases:
                raise FixtureError("databases[%d].id %r is used twice" % (index, database.id))
            self.databases[database.id] = database
        self.created = []  # ids created through the API: their files go on close (a reset starts from the fixture)
        self.hrana = HranaServer()
        self.platform = platform  # WebSocket sessions hold its gate per request (hrana/ws.py)
        self.closed = False  # set by close(): open WebSocket sessions end

    def create(self, name, storage_region, primary_regions, replica_regions):
        """A new, empty database with a ``db_<ULID>`` id (hold ``lock``)."""
        spec = {
            "id": new_database_id(),
            "name": name,
            "storage_region": storage_region,
            "primary_regions": primary_regions,
            "replica_regions": replica_regions,
        }
        database = Database(spec, self.directory, len(self.databases))
        self.databases[database.id] = database
        self.created.append(database.id)
        return database

    def delete(self, database):
        """Remove ``database``: first its streams (no pipeline runs on it: hold its lock), then it (hold ``lock``)."""
        self.hrana.expire_idle(database.id)
        database.remove()
        del self.databases[database.id]

    def close(self):
        self.closed = True
        self.hrana.close()
        for database_id in self.created:
            database = self.databases.get(database_id)
            if database is not None:
                database.remove()

    def dump(self):
        self.hrana.expire_idle()
        return {
            "databases": [
                {
                    "id": db.id,
                    "name": db.name,
                    "primary_regions": db.primary_regions,
                    "replica_regions": db.replica_regions,
                    "storage_region": db.storage_region,
                    "file": db.path,
                    "tables": db.tables(),
                    "open_streams": self.hrana.open_streams(db.id),
                    "tokens": {kind: sum(1 for k in db.tokens.values() if k == kind) for kind in TOKEN_KINDS},
                }
                for db in self.databases.values()
            ]
        }
