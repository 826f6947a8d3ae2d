"""Databases routes: libSQL's server surface at ``/db/<id>``, token admin calls and the management API.

Routes (Bearer auth checked here, not the AccessKey; docs/platform-notes.md, "Database URLs and Hrana endpoints
in the emulator"): ``GET .../v1``, ``.../v2``, ``.../v3`` (version probes, no auth), ``POST .../v1/execute``,
``.../v1/batch`` (HTTP API v1), ``.../v2/pipeline``, ``.../v3/pipeline``, ``.../v3/cursor`` and the WebSocket
upgrade at the root (emulator/hrana/ws.py), each under ``/db/<id>`` and, picking the database by its token, at
the emulator's root and under ``/db`` (where a client resolves ``v2/pipeline`` against ``<emulator>/db/<id>``
without a trailing slash). Admin calls (loopback, no auth): ``POST
/_emulator/databases/<id>/tokens`` ``{"kind": "full_access"|"read_only"}`` adds a token (older ones
stay valid), ``.../tokens/regenerate`` replaces all tokens by a new pair, ``.../tokens/invalidate``
revokes all, ``.../streams/expire`` expires the database's open streams now (as 10 idle seconds
would).

Database management API (AccessKey auth, AppError ``{error, details}`` bodies), as the published
document describes it (docs/platform-notes.md, "Database tokens"; server
``https://api.bunny.net/database``): ``PUT /database/v2/databases/<id>/auth/generate``
``{"authorization": "full-access"|"read-only", "expires_at": RFC 3339 or null}`` answers 200
``{token, expires_at}`` (older tokens stay valid); ``POST /database/v2/databases/<id>/auth/revoke``
answers 204 and revokes every token. Both work on the same token store as the admin calls and the
pipeline, so a revoked token fails there with 401 and a token past its ``expires_at`` fails with
sqld's "The JWT has expired" (tursodatabase/libsql libsql-server/src/auth/errors.rs). An unknown
database is a 404 AppError, and an id that is not of the platform's form a 400 AppError (the bunny CLI notes the
API answers 400 for a malformed id and 404 for an unknown one: docs/platform-notes.md, "Databases: ids the platform
refuses").

Databases themselves (docs/platform-notes.md, "Databases: create, update, delete"):
``POST /database/v2/databases`` ``{name, storage_region, primary_regions, replicas_regions}`` (all
four required, as CreateDatabaseV2Payload) answers 200 ``{db_id}`` and creates a real SQLite file the
pipeline serves at once (``url`` is ``<the address the client used>/db/<id>``); a name already used
is a 409 AppError, a missing or mistyped member or an unknown region a 400 AppError (both inferred:
the document lists 409 without saying when, and no 400). ``GET /database/v2/databases/<id>``
answers ``{db: Database2}`` (404 AppError for an unknown id, as the Terraform provider expects);
``GET /database/v2/databases?page=N&per_page=M&search=`` answers ``{databases, page_info}``
(``page`` required, from 1; ``per_page`` 0, the document's default, means every database on one
page; ``search`` matches part of the name); ``PATCH`` ``{primary_regions?, replicas_regions?}``
replaces the lists given (null or absent keeps one) and answers ``{db}``; ``DELETE`` answers
``{db_id}``, removes the file and leaves every token of the database invalid. ``GET
/database/v1/config`` lists the storage regions and regions on offer (models.STORAGE_REGIONS,
models.REGIONS) and ``GET /database/v1/config/limits`` ``{current_databases, max_databases}``.

Locking: the area locks itself (``locks_itself``). Each database has its own lock, held for a whole
pipeline and for token changes, so a long batch on one database holds up that database only, as
SQLite's single writer would; the stream table has its own short lock (``HranaServer.lock``).

The databases, their files and tokens: models.py.
"""

import datetime
import re

from ...hrana import ws as hrana_ws
from ...hrana.server import json_reply, text_reply
from ...messages import BadJson, empty
from ...paging import BadQuery, query_int, query_value
from .models import MAX_DATABASES, REGION_CODES, REGIONS, STORAGE_IDS, STORAGE_REGIONS, TOKEN_KINDS, DatabasesState

DB = r"/db/(?P<id>[^/]+)"
# A database URL is <emulator>/db/<id>: a client resolving "v2/pipeline" against it without a trailing
# slash reaches /db/v2/pipeline, and a client given the emulator's root reaches /v2/pipeline. There the
# token picks the database, as the platform's host does (docs/platform-notes.md, "Database URLs and
# Hrana endpoints in the emulator").
BY_TOKEN = r"(?:/db)?"
V1_INDEX = "This is sqld HTTP API v1"
V2_INDEX = "Hello, this is HTTP API v2 (Hrana over HTTP)"
ADMIN = r"/_emulator/databases/(?P<id>[^/]+)"
DATABASES = r"/database/v2/databases"
MANAGEMENT = DATABASES + r"/(?P<id>[^/]+)"
CONFIG = r"/database/v1/config"
# the management API's names of the token kinds (schema Authorization3)
AUTHORIZATION = {"full-access": "full_access", "read-only": "read_only"}
# the platform's database ids: "db_" and a ULID (26 characters of Crockford's base 32)
PLATFORM_ID_RE = re.compile(r"^db_[0-9A-HJKMNP-TV-Z]{26}$")
RFC3339_RE = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")


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
        text = whole + "." + (digits + "000000")[:6] + rest[len(digits) :]
    moment = datetime.datetime.fromisoformat(text).astimezone(datetime.timezone.utc)
    return moment.timestamp(), moment.isoformat().replace("+00:00", "Z")


class DatabasesArea(DatabasesState):
    """The databases routes over their state (models.DatabasesState)."""

    name = "databases"
    locks_itself = True

    def register(self, router):
        for prefix in (DB, BY_TOKEN):
            router.add("GET", prefix + r"/v1/?", self.version_v1, auth=None)
            router.add("GET", prefix + r"/v[23]/?", self.version, auth=None)
            router.add("POST", prefix + r"/v1/execute", self.v1_execute, auth=None)
            router.add("POST", prefix + r"/v1/batch", self.v1_batch, auth=None)
            router.add("POST", prefix + r"/v2/pipeline", self.pipeline, auth=None)
            router.add("POST", prefix + r"/v3/pipeline", self.pipeline_v3, auth=None)
            router.add("POST", prefix + r"/v3/cursor", self.cursor, auth=None)
            router.add("WEBSOCKET", prefix + r"/?", self.websocket, auth=None)
        router.add("POST", ADMIN + r"/tokens", self.add_token, auth=None)
        router.add("POST", ADMIN + r"/tokens/regenerate", self.regenerate, auth=None)
        router.add("POST", ADMIN + r"/tokens/invalidate", self.invalidate, auth=None)
        router.add("POST", ADMIN + r"/streams/expire", self.expire_streams, auth=None)
        router.add("PUT", MANAGEMENT + r"/auth/generate", self.generate, auth="app_error")
        router.add("POST", MANAGEMENT + r"/auth/revoke", self.revoke, auth="app_error")
        router.add("GET", DATABASES, self.list_databases, auth="app_error")
        router.add("POST", DATABASES, self.create_database, auth="app_error")
        router.add("GET", MANAGEMENT, self.read_database, auth="app_error")
        router.add("PATCH", MANAGEMENT, self.update_database, auth="app_error")
        router.add("DELETE", MANAGEMENT, self.delete_database, auth="app_error")
        router.add("GET", CONFIG, self.config, auth="app_error")
        router.add("GET", CONFIG + r"/limits", self.limits, auth="app_error")

    def _database(self, request):
        return self.databases.get(request.params["id"])

    @staticmethod
    def _missing(request):
        # sqld's answer for a namespace it does not serve
        return json_reply(404, {"error": "Namespace `%s` doesn't exist" % request.params["id"]})

    def version(self, request):
        if "id" in request.params and self._database(request) is None:
            return self._missing(request)
        return text_reply(200, V2_INDEX)  # sqld answers /v2, /v3 (and /v3-protobuf) alike

    def version_v1(self, request):
        if "id" in request.params and self._database(request) is None:
            return self._missing(request)
        return text_reply(200, V1_INDEX)

    def pipeline(self, request):
        return self._hrana(request, lambda db, writable: self.hrana.pipeline(db, writable, request.body))

    def pipeline_v3(self, request):
        return self._hrana(request, lambda db, writable: self.hrana.pipeline(db, writable, request.body, version=3))

    def cursor(self, request):
        return self._hrana(request, lambda db, writable: self.hrana.cursor(db, writable, request.body))

    def v1_execute(self, request):
        return self._hrana(request, lambda db, writable: self.hrana.v1(db, writable, request.body, "execute"))

    def v1_batch(self, request):
        return self._hrana(request, lambda db, writable: self.hrana.v1(db, writable, request.body, "batch"))

    @staticmethod
    def bearer(header):
        """``(token, None)`` from an Authorization header, or ``(None, sqld's 401 detail)``."""
        if header is None:
            return None, "Expected authorization header but none given"
        scheme, space, token = header.partition(" ")
        if not space:
            return None, "Auth string does not conform to '<scheme> <token>' form"
        if scheme.lower() != "bearer":
            return None, "The authentication scheme in the `Authorization` HTTP header is not supported"
        return token.strip(), None

    def database_of(self, token):
        """The one database holding ``token`` (routing by token), or None."""
        with self.lock:
            found = [db for db in self.databases.values() if token in db.tokens and not db.deleted]
        return found[0] if len(found) == 1 else None

    def _hrana(self, request, run):
        """Authenticate (before the body is read, as sqld), pick the database (by id, else by token) and
        ``run(database, writable)`` holding the database's lock."""
        database = None
        if "id" in request.params:
            database = self._database(request)
            if database is None:
                return self._missing(request)
        token, refused = self.bearer(request.header("Authorization"))
        if token is None:
            return unauthorized(refused)
        if database is None:
            database = self.database_of(token)
            if database is None:  # unknown everywhere, or held by several databases: no way to choose
                return unauthorized("The JWT is invalid")
        with database.lock:
            if database.deleted:  # deleted while this request waited for it
                return json_reply(404, {"error": "Namespace `%s` doesn't exist" % database.id})
            kind, refused = database.token_kind(token)
            if kind is None:
                return unauthorized(refused)
            return run(database, kind == "full_access")

    def websocket(self, request):
        """Hrana over WebSocket at a database's root: see emulator/hrana/ws.py."""
        database = None
        if "id" in request.params:
            database = self._database(request)
            if database is None:
                return self._missing(request)
        return hrana_ws.upgrade(request, self, database)

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
        kind = request.json_object().get("kind")
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
        return self._existing(request)

    def generate(self, request):
        database, missing = self._managed_database(request)
        if missing:
            return missing
        body, problem = self._body(request)
        if problem:
            return problem
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

    # -- databases (management API) ----------------------------------------------------------------

    @staticmethod
    def _base_url(request):
        """The address the client used, so a database's url leads back to this emulator."""
        return "http://%s" % (request.header("Host") or "127.0.0.1")

    @staticmethod
    def _body(request):
        """``(object, None)`` or ``(None, 400 AppError)``: every operation here takes an object (``[]``, ``null``, a
        number, ``NaN`` are refused as the platform's validation would)."""
        try:
            return request.json_object(), None
        except BadJson as exc:
            return None, app_error(400, "Invalid request body", str(exc))

    @staticmethod
    def _region_list(body, key, required, at_least_one=False):
        """``(codes, None)`` or ``(None, problem)``; an absent or null optional list is ``(None, None)``."""
        codes = body.get(key)
        if codes is None:
            return None, ("missing field `%s`" % key if required else None)
        if not isinstance(codes, list) or not all(isinstance(code, str) for code in codes):
            return None, "%s must be a list of region codes" % key
        unknown = [code for code in codes if code not in REGION_CODES]
        if unknown:
            return None, "%s: unknown region `%s`, expected one of %s" % (key, unknown[0], ", ".join(REGION_CODES))
        if at_least_one and not codes:
            return None, "%s: at least one primary region is required" % key
        return list(dict.fromkeys(codes)), None

    def list_databases(self, request):
        try:
            page = query_int(request, "page", None, 1, 4294967295)
            per_page = query_int(request, "per_page", 0, 0)
        except BadQuery as exc:
            return app_error(400, "Invalid query", exc.message)
        if page is None:
            return app_error(400, "Invalid query", "missing field `page`")
        term = (query_value(request, "search") or "").lower()
        with self.lock:
            found = [db for db in self.databases.values() if term in db.name.lower()]
        size = per_page or max(len(found), 1)
        chosen = found[(page - 1) * size : page * size]
        base = self._base_url(request)
        return json_reply(
            200,
            {
                "databases": [db.model(base) for db in chosen],
                "page_info": {
                    "current_page": page,
                    "total_items": len(found),
                    "has_more_items": page * size < len(found),
                },
            },
        )

    def create_database(self, request):
        body, problem = self._body(request)
        if problem:
            return problem
        name, storage = body.get("name"), body.get("storage_region")
        primary, bad_primary = self._region_list(body, "primary_regions", True, at_least_one=True)
        replicas, bad_replicas = self._region_list(body, "replicas_regions", True)
        if not isinstance(name, str) or not name.strip():
            return app_error(400, "Invalid request body", "missing field `name`")
        if not isinstance(storage, str) or storage not in STORAGE_IDS:
            return app_error(400, "Invalid request body", "storage_region must be one of %s" % ", ".join(STORAGE_IDS))
        if bad_primary or bad_replicas:
            return app_error(400, "Invalid request body", bad_primary or bad_replicas)
        if len(name) >= 64:  # CreateDatabaseV2Payload: "Must be less than 64 Characters."
            return app_error(400, "Invalid request body", "name must be less than 64 characters")
        with self.lock:
            if any(db.name == name for db in self.databases.values()):
                return app_error(409, "A database with this name already exists", "name: %s" % name)
            database = self.create(name, storage, primary, replicas)
        return json_reply(200, {"db_id": database.id})

    def _existing(self, request):
        """``(database, None)``, or ``(None, AppError)``: 400 for an id of no database that is not of the platform's
        form (``db_`` and a ULID), 404 for one that is (BunnyWay/cli notes both; docs/platform-notes.md, "Databases:
        ids the platform refuses"). Fixture ids of another form (``demo``) still name their databases."""
        database = self._database(request)
        if database is None or database.deleted:
            database_id = request.params["id"]
            if not PLATFORM_ID_RE.match(database_id):
                return None, app_error(400, "Invalid database id", "%r is not a database id." % database_id)
            return None, app_error(404, "Database not found", "No database %s in this account." % database_id)
        return database, None

    def read_database(self, request):
        database, missing = self._existing(request)
        if missing:
            return missing
        return json_reply(200, {"db": database.model(self._base_url(request))})

    def update_database(self, request):
        database, missing = self._existing(request)
        if missing:
            return missing
        body, problem = self._body(request)
        if problem:
            return problem
        primary, bad_primary = self._region_list(body, "primary_regions", False, at_least_one=True)
        replicas, bad_replicas = self._region_list(body, "replicas_regions", False)
        if bad_primary or bad_replicas:
            return app_error(400, "Invalid request body", bad_primary or bad_replicas)
        with database.lock:
            if primary is not None:
                database.primary_regions = primary
            if replicas is not None:
                database.replica_regions = replicas
        return json_reply(200, {"db": database.model(self._base_url(request))})

    def delete_database(self, request):
        database, missing = self._existing(request)
        if missing:
            return missing
        with self.lock, database.lock:
            if database.deleted:
                return app_error(404, "Database not found", "No database %s in this account." % database.id)
            self.delete(database)
        return json_reply(200, {"db_id": database.id})

    def config(self, request):
        def region(spec):
            return dict(spec, country={"alpha2": spec["country"]})

        return json_reply(
            200,
            {
                "storage_region_available": [dict(s) for s in STORAGE_REGIONS],
                "primary_regions": [region(r) for r in REGIONS],
                "replica_regions": [region(r) for r in REGIONS],
            },
        )

    def limits(self, request):
        return json_reply(200, {"current_databases": len(self.databases), "max_databases": MAX_DATABASES})


AREA = DatabasesArea
