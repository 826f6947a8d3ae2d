# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The database management API: edge databases and their access tokens (pure Python: no Ansible imports).

The API lives under ``/database`` of the API root (docs/platform-notes.md, "Database tokens"). Databases
(docs/platform-notes.md, "Databases: create, update, delete"):

- :func:`list_all`: ``GET /database/v2/databases?page=N&per_page=100`` until ``page_info.has_more_items`` is false;
  :func:`find_named`: the database named exactly as given, or None; :func:`get`: ``GET .../{id}`` (``{db}``); the
  platform answers 400 for a malformed id and 404 for an unknown one (docs/platform-notes.md, "Databases: ids the
  platform refuses").
- :func:`create`: ``POST /database/v2/databases`` answers only ``{db_id}`` (the caller reads the database for its
  url); :func:`update`: ``PATCH .../{id}`` with both region lists answers ``{db}``; :func:`delete`: ``DELETE .../{id}``
  answers ``{db_id}``, a 404 is "already gone". No write is sent again once it may have reached the platform; an
  answer that is not what the operation returns confirms nothing (kind bad_answer: the caller re-reads).
- :func:`read_config`: ``GET /database/v1/config`` (storage regions and regions on offer).

Tokens:

- :func:`generate_token`: ``PUT /database/v2/databases/{id}/auth/generate`` answers ``{token, expires_at}``;
  each request creates one more token, so it is never sent twice.
- :func:`revoke_tokens`: ``POST /database/v2/databases/{id}/auth/revoke`` answers 204 and invalidates every
  token of the database; repeating it ends where doing it once does, so it is retried like a read.

Nothing lists or reads tokens, so a write whose answer is lost cannot be settled by a re-read: both raise
:class:`Unsettled`, whose sentence says what happened and what the user can do.

Every answer is checked against what its operation documents (``answers.py``): an answer of another shape is not
understood, and nothing is decided from it (docs/platform-notes.md, "Answers that are not understood").
"""

from __future__ import annotations

import re
from urllib.parse import quote

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    ApiError,
    InputError,
    may_have_landed,
)

from .answers import object_with
from .listing import check_listing, named_exactly

DATABASES = "/database/v2/databases"  # GET: one page of the account's databases; POST: create one
PREFIX = DATABASES + "/%s"  # GET, PATCH, DELETE: one database
CONFIG = "/database/v1/config"  # GET: the storage regions and regions on offer
PAGE_SIZE = 100  # what the bunny CLI asks for when it lists databases
GENERATE = PREFIX + "/auth/generate"
REVOKE = PREFIX + "/auth/revoke"
# The API's names of the token kinds, by the module's choice (docs/platform-notes.md, "Database tokens").
AUTHORIZATION = {"full_access": "full-access", "read_only": "read-only"}
# An id goes into the URL path: refuse what can only be a mistake there (a URL, spaces, separators).
ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,128}$")
TOKEN_UNKNOWN = (
    "A token may have been generated and is unknown: it was not requested again (that would create "
    "another). If that matters, invalidate every token of the database with state=revoked and generate "
    "new ones."
)
REVOKE_AGAIN = "The tokens may or may not have been invalidated. Invalidating is safe to repeat: run the task again."


# Only the account's main API key works: team member keys are not supported (docs/platform-notes.md, "Team member
# API keys").
MAIN_KEY = "the account's main API key; team member API keys are not supported"
MALFORMED_ID = (
    "The platform answers 400 for a malformed database id: database_id %s is not the id of a database (ids look like "
    "db_01KCHBG8C5KSFGG0VRNFQ7EK7X; edge.platform.database_info lists them)."
)


def hints(database_id):
    """What a user can do about each refusal of a token request on ``database_id``."""
    return {
        400: (
            "The platform refused the request: check database_id %s (it answers 400 for a malformed database id) and "
            "expires_at." % database_id
        ),
        401: "The database API rejected the credentials: check api_key (%s; not a database token)." % MAIN_KEY,
        403: "This API key may not manage the tokens of database %s." % database_id,
        404: (
            "No database %s is visible to this API key: check database_id ('bunny db list' shows the ids) and that "
            "base_url is the API root, such as https://api.bunny.net." % database_id
        ),
    }


def check_id(value, option="database_id"):
    """The database id in ``value`` (spaces around it dropped); raises :class:`InputError` for anything else."""
    database_id = value.strip()
    if not ID_RE.match(database_id):
        raise InputError(
            "%s must be a database id such as db_01KCHBG8C5KSFGG0VRNFQ7EK7X (letters, digits, '_' and "
            "'-'), not a URL or a name; got %r." % (option, value),
            option=option,
        )
    return database_id


class Unsettled(ApiError):
    """A token write whose outcome is unknown and cannot be read back: its sentence says what happened (without the
    generic advice of its status) and then ``hint``, what to do. ``api_error`` is the platform's answer as sent."""

    def __init__(self, operation, status, message, hint, kind=BAD_ANSWER, happened=None, error_key=None, field=None):
        self.happened = happened
        super().__init__(operation, status, message, error_key=error_key, field=field, hint=hint, kind=kind)

    @classmethod
    def of(cls, error, hint):
        """The :class:`Unsettled` of a failure that may have landed (``errors.may_have_landed``)."""
        return cls(
            error.operation,
            error.status,
            error.message,
            hint,
            kind=error.kind,
            error_key=error.error_key,
            field=error.field,
        )

    def describe(self):
        happened = self.happened
        if happened is None:
            happened = "%s %s%s." % (
                self.operation,
                "failed with HTTP %s" % self.status if self.status else "got no usable answer",
                " (%s)" % self.message.rstrip(".") if self.message else "",
            )
        return "%s %s" % (happened, self.hint)


def _path(template, database_id):
    return template % quote(database_id, safe="")


def generate_token(client, database_id, authorization, expires_at=None):
    """Generate one ``authorization`` token (``full_access``/``read_only``) of ``database_id``: ``{token, expires_at}``.

    ``expires_at`` (RFC 3339) is omitted from the body when None: the document types it as a string. The answer's
    ``expires_at`` is None unless it is a non-empty string. Raises :class:`Unsettled` when a token may have been
    generated without reaching this call (the request is never sent twice), ``ApiError`` for a refusal.
    """
    operation = "Generating a %s token for database %s" % (AUTHORIZATION[authorization], database_id)
    body = {"authorization": AUTHORIZATION[authorization]}
    if expires_at is not None:
        body["expires_at"] = expires_at
    try:
        # never replayed: each request creates one more token, so a lost answer must not be retried
        reply = client.request(
            "PUT", _path(GENERATE, database_id), operation, json_body=body, replay_safe=False, hints=hints(database_id)
        )
    except ApiError as error:
        if may_have_landed(error):
            raise Unsettled.of(error, TOKEN_UNKNOWN) from error
        raise
    token = reply.object.get("token")
    if not isinstance(token, str) or not token:
        raise Unsettled(
            operation,
            reply.status,
            "the answer holds no token",
            TOKEN_UNKNOWN,
            happened="%s: the platform answered HTTP %s without a token." % (operation, reply.status),
        )
    returned = reply.object.get("expires_at")
    return {"token": token, "expires_at": returned if isinstance(returned, str) and returned else None}


def revoke_tokens(client, database_id):
    """Invalidate every token of ``database_id``. Raises :class:`Unsettled` when the answer was lost after the
    retries (the tokens may or may not be invalid), ``ApiError`` for a refusal."""
    operation = "Invalidating every token of database %s" % database_id
    try:
        # replay_safe: invalidating twice ends where invalidating once does (every token issued before the call
        # is invalid), so a retry after a lost answer cannot do harm
        client.request(
            "POST", _path(REVOKE, database_id), operation, replay_safe=True, hints=hints(database_id), expect="empty"
        )
    except ApiError as error:
        if may_have_landed(error):
            raise Unsettled.of(error, REVOKE_AGAIN) from error
        raise


# --- databases: listing, lookup by name, read, create, update, delete ------------------------------------------------

NOT_VISIBLE = (
    "No database %s is visible to this API key: check database_id (edge.platform.database_info lists the databases)."
)
CONFLICT_HINT = (
    "The platform refused with a conflict, whose meaning it does not document: a database named %r may exist that "
    "this API key cannot see, or was created meanwhile (docs/platform-notes.md, \"Databases: create, update, "
    "delete\"). edge.platform.database_info shows the databases this key can see."
)
LISTED_YET_REFUSED = (
    "The platform refused database %s as malformed (HTTP 400), yet its listing shows a database with that id, so "
    "whether it exists cannot be decided here: check database_id, or give name instead."
)
# The documented answers (database document, schemas ListDatabasesV2Response, ListConfigAPIResponse,
# CreateDatabaseV2Response, GetDatabaseV2Response, DeleteDatabaseV2Response).
PAGE = object_with(
    "the page of databases (an object with databases and page_info)",
    lambda data: isinstance(data.get("databases"), list) and isinstance(data.get("page_info"), dict),
)
CONFIG_ANSWER = object_with(
    "the regions on offer (an object with storage_region_available)",
    lambda data: isinstance(data.get("storage_region_available"), list),
)
NEW_ID = object_with(
    "the new database's id (an object with db_id)",
    lambda data: isinstance(data.get("db_id"), str) and bool(ID_RE.match(data["db_id"])),
)


def one_database(database_id):
    """The answer carrying ``Database2`` ``database_id`` (``{db}``)."""
    return object_with(
        "the database %s (an object with db)" % database_id, lambda data: _is_database(data.get("db"), database_id)
    )


def deleted(database_id):
    """The answer naming the deleted database ``database_id`` (``{db_id}``)."""
    return object_with(
        "the id of the deleted database %s (an object with db_id)" % database_id,
        lambda data: data.get("db_id") == database_id,
    )


def management_hints(database_id=None):
    """What a user can do about each refusal of a database management request."""
    found = {401: "The database API rejected the credentials: check api_key (%s)." % MAIN_KEY}
    if database_id is not None:
        found[404] = NOT_VISIBLE % database_id
    return found


def _is_database(value, database_id=None):
    return (
        isinstance(value, dict)
        and isinstance(value.get("id"), str)
        and bool(value["id"])
        and (database_id is None or value["id"] == database_id)
    )


def list_all(client):
    """Every ``Database2`` visible to the key: ``per_page`` 100 from page 1 until ``has_more_items`` is false."""
    items, page = [], 1
    while True:
        operation = "Listing databases (page %d)" % page if page > 1 else "Listing databases"
        reply = client.request(
            "GET",
            DATABASES,
            operation,
            params={"page": page, "per_page": PAGE_SIZE},
            hints=management_hints(),
            expect=PAGE,
        )
        batch = reply.data["databases"]
        items.extend(item for item in batch if _is_database(item))
        if reply.data["page_info"].get("has_more_items") is not True or not batch:
            return items
        check_listing(operation, "databases", items, page)
        page += 1


def predicted_database(name):
    """The check-mode ledger's note of the database ``name`` (``_engine/ledger.py``), as :func:`find_named` compares
    (exactly). A database only predicted has no id yet, so a task given its (null) id needs one of any name
    (``ledger.ANY``)."""
    return ("database", name)


def find_named(client, name, databases=None):
    """The ``Database2`` named exactly ``name`` (case and all), or None; several with the name: InputError listing
    their ids. ``databases``: a listing already read (else one is read)."""
    models = list_all(client) if databases is None else databases
    return named_exactly(models, name, "database", "database", "database_id", "id", "name")


def _on_database(client, method, database_id, operation, **options):
    """One request on database ``database_id`` whose documented answer is that database (``{db}``)."""
    return client.request(method, _path(PREFIX, database_id), operation, expect=one_database(database_id), **options)


def get(client, database_id, allow_missing=False, warn=None):
    """The ``Database2`` ``database_id``. With ``allow_missing``: None for a 404, and for a 400 (the platform's
    answer to a malformed id) once the listing confirms that no database has the id; ``warn(text)`` then hears
    why. Without it both fail."""
    operation = "Reading database %s" % database_id
    refusals = management_hints(database_id)
    refusals[400] = MALFORMED_ID % database_id
    try:
        reply = _on_database(client, "GET", database_id, operation, hints=refusals, allow_404=allow_missing)
    except ApiError as error:
        if not allow_missing or error.status != 400:
            raise
        return _refused_id(client, database_id, error, warn)
    return None if reply.status == 404 else reply.data["db"]


def _refused_id(client, database_id, error, warn):
    """None when the listing shows no database ``database_id`` (the 400 ``error`` then meant a malformed id), else
    ``error`` with the reason it decides nothing."""
    listing = list_all(client)
    if any(db["id"] == database_id for db in listing):
        raise ApiError(
            error.operation, error.status, error.message, hint=LISTED_YET_REFUSED % database_id, kind=error.kind
        )
    if warn is not None:
        named = [db["id"] for db in listing if db.get("name") == database_id]
        warn(
            "The platform refused database_id %s as malformed (HTTP 400) and its listing shows no database with that "
            "id, so there is none to manage.%s"
            % (
                database_id,
                " A database is named %s (id %s): give name instead." % (database_id, named[0]) if named else "",
            )
        )
    return None


def read_config(client):
    """The ``GET /v1/config`` answer (``storage_region_available``, ``primary_regions``, ``replica_regions``)."""
    return client.request(
        "GET", CONFIG, "Reading the database regions on offer", hints=management_hints(), expect=CONFIG_ANSWER
    ).data


class NameConflict(ApiError):
    """A 409 refusing a write of database ``name``, with :data:`CONFLICT_HINT`; to a create, another task may have
    created the name meanwhile (docs/platform-notes.md, "Databases: parallel creates of one name")."""


def _refusal_hint(error, name):
    if error.status != 409 or name is None:
        return error
    return NameConflict(
        error.operation, error.status, error.message, hint=CONFLICT_HINT % name, kind=error.kind, field=error.field
    )


def create(client, body):
    """Create the database ``body`` (``CreateDatabaseV2Payload``); its new id (the answer carries nothing else). A
    409 raises :class:`NameConflict`."""
    operation = "Creating database %s" % body["name"]
    try:
        # never replayed: a second create could make a second database, or fail on the first one's name
        reply = client.request("POST", DATABASES, operation, json_body=body, replay_safe=False, expect=NEW_ID)
    except ApiError as error:
        raise _refusal_hint(error, body["name"]) from None
    return reply.data["db_id"]


def update(client, database_id, body, name=None):
    """Set the region lists ``body`` (``UpdateDatabaseV2Payload``, both lists) of ``database_id``; the ``Database2``
    answered."""
    operation = "Updating the regions of database %s" % (name or database_id)
    try:
        # never replayed: a lost answer is settled by the caller's re-read (another task may have changed the
        # regions since, and a second PATCH would undo that)
        reply = _on_database(
            client,
            "PATCH",
            database_id,
            operation,
            json_body=body,
            replay_safe=False,
            hints=management_hints(database_id),
        )
    except ApiError as error:
        raise _refusal_hint(error, name) from None
    return reply.data["db"]


def delete(client, database_id, name=None):
    """Delete ``database_id`` with its data and tokens; a database already gone (404) is what was asked. None."""
    operation = "Deleting database %s" % (name or database_id)
    # never replayed: the re-read after a lost answer says whether the database is gone
    client.request(
        "DELETE",
        _path(PREFIX, database_id),
        operation,
        replay_safe=False,
        allow_404=True,
        expect=deleted(database_id),
    )
