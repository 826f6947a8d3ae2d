"""Databases routes: libSQL's Hrana HTTP v2 at ``/db/<id>``, token admin calls and the management API.

Routes (Bearer auth checked here, not the AccessKey): ``GET /db/<id>/v2`` (version probe, no auth)
and ``POST /db/<id>/v2/pipeline``. Admin calls (loopback, no auth): ``POST
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
database is a 404 AppError (the bunny CLI notes the API answers 404 for an unknown id:
BunnyWay/cli packages/cli/src/commands/db/api.ts).

Locking: the area locks itself (``locks_itself``). Each database has its own lock, held for a whole
pipeline and for token changes, so a long batch on one database holds up that database only, as
SQLite's single writer would; the stream table has its own short lock (``HranaServer.lock``).

The databases, their files and tokens: models.py.
"""

import datetime
import re

from ...hrana.server import json_reply, text_reply
from ...messages import BadJson, empty
from .models import TOKEN_KINDS, DatabasesState

DB = r"/db/(?P<id>[^/]+)"
ADMIN = r"/_emulator/databases/(?P<id>[^/]+)"
MANAGEMENT = r"/database/v2/databases/(?P<id>[^/]+)"
# the management API's names of the token kinds (schema Authorization3)
AUTHORIZATION = {"full-access": "full_access", "read-only": "read_only"}
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
        router.add("GET", DB + r"/v2/?", self.version, auth=None)
        router.add("POST", DB + r"/v2/pipeline", self.pipeline, auth=None)
        router.add("POST", ADMIN + r"/tokens", self.add_token, auth=None)
        router.add("POST", ADMIN + r"/tokens/regenerate", self.regenerate, auth=None)
        router.add("POST", ADMIN + r"/tokens/invalidate", self.invalidate, auth=None)
        router.add("POST", ADMIN + r"/streams/expire", self.expire_streams, auth=None)
        router.add("PUT", MANAGEMENT + r"/auth/generate", self.generate, auth="app_error")
        router.add("POST", MANAGEMENT + r"/auth/revoke", self.revoke, auth="app_error")

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
