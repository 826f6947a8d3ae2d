# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The database management API: edge databases and their access tokens (pure Python: no Ansible imports).

The API lives under ``/database`` of the API root (docs/platform-notes.md, "Database tokens"). Databases
(docs/platform-notes.md, "Databases: create, update, delete"):

- :func:`list_all`: ``GET /database/v2/databases?page=N&per_page=100`` until ``page_info.has_more_items`` is false;
  :func:`find_named`: the database named exactly as given, or None; :func:`get`: ``GET .../{id}`` (``{db}``).
- :func:`create`: ``POST /database/v2/databases`` answers only ``{db_id}`` (the caller reads the database for its
  url); :func:`update`: ``PATCH .../{id}`` with both region lists answers ``{db}``; :func:`delete`: ``DELETE .../{id}``
  answers ``{db_id}``, a 404 is "already gone". A create or delete is sent once and never again once it may have
  reached the platform; an answer that is not what the operation returns confirms nothing (kind bad_answer: the
  caller re-reads).
- :func:`read_config`: ``GET /database/v1/config`` (storage regions and regions on offer).

Tokens:

- :func:`generate_token`: ``PUT /database/v2/databases/{id}/auth/generate`` answers ``{token, expires_at}``;
  each request creates one more token, so it is never sent twice.
- :func:`revoke_tokens`: ``POST /database/v2/databases/{id}/auth/revoke`` answers 204 and invalidates every
  token of the database; repeating it ends where doing it once does, so it is retried like a read.

Nothing lists or reads tokens, so a write whose answer is lost cannot be settled by a re-read: both raise
:class:`Unsettled`, whose sentence says what happened and what the user can do.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    ApiError,
    InputError,
    may_have_landed,
    unconfirmed,
)

from .listing import check_listing

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


def hints(database_id):
    """What a user can do about each refusal of a request on ``database_id``."""
    return {
        401: "The database API rejected the credentials: check api_key (the account API key, not a database token).",
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


def management_hints(database_id=None):
    """What a user can do about each refusal of a database management request."""
    found = {401: "The database API rejected the credentials: check api_key (the account API key)."}
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
            "GET", DATABASES, operation, params={"page": page, "per_page": PAGE_SIZE}, hints=management_hints()
        )
        batch, info = reply.object.get("databases"), reply.object.get("page_info")
        if not isinstance(batch, list) or not isinstance(info, dict):
            raise ApiError(operation, reply.status, "the answer is not a page of databases", kind=BAD_ANSWER)
        items.extend(item for item in batch if _is_database(item))
        if info.get("has_more_items") is not True or not batch:
            return items
        check_listing(operation, "databases", items, page)
        page += 1


def find_named(client, name, databases=None):
    """The ``Database2`` named exactly ``name`` (case and all), or None; several with the name: InputError listing
    their ids. ``databases``: a listing already read (else one is read)."""
    exact = [db for db in (list_all(client) if databases is None else databases) if db.get("name") == name]
    if len(exact) > 1:
        raise InputError(
            "%d databases are named %r (ids %s), so the database to manage is ambiguous: give database_id to choose "
            "one." % (len(exact), name, ", ".join(db["id"] for db in exact)),
            option="name",
        )
    return exact[0] if exact else None


def get(client, database_id, allow_missing=False):
    """The ``Database2`` ``database_id``; None for a 404 with ``allow_missing`` (else the 404 fails)."""
    operation = "Reading database %s" % database_id
    reply = client.request(
        "GET",
        _path(PREFIX, database_id),
        operation,
        hints=management_hints(database_id),
        allow_404=allow_missing,
    )
    if reply.status == 404:
        return None
    database = reply.object.get("db")
    if not _is_database(database, database_id):
        raise ApiError(operation, reply.status, "the answer carries no database %s" % database_id, kind=BAD_ANSWER)
    return database


def read_config(client):
    """The ``GET /v1/config`` answer (``storage_region_available``, ``primary_regions``, ``replica_regions``)."""
    return client.request("GET", CONFIG, "Reading the database regions on offer", hints=management_hints()).object


def _refusal_hint(error, name):
    if error.status != 409 or name is None:
        return error
    return ApiError(
        error.operation, error.status, error.message, hint=CONFLICT_HINT % name, kind=error.kind, field=error.field
    )


def create(client, body):
    """Create the database ``body`` (``CreateDatabaseV2Payload``); its new id (the answer carries nothing else)."""
    operation = "Creating database %s" % body["name"]
    try:
        # never replayed: a second create could make a second database, or fail on the first one's name
        reply = client.request("POST", DATABASES, operation, json_body=body, replay_safe=False)
    except ApiError as error:
        raise _refusal_hint(error, body["name"]) from None
    database_id = reply.object.get("db_id")
    if not isinstance(database_id, str) or not ID_RE.match(database_id):
        raise unconfirmed(operation, reply.status, "the answer carries no database id")
    return database_id


def update(client, database_id, body, name=None):
    """Set the region lists ``body`` (``UpdateDatabaseV2Payload``, both lists) of ``database_id``; the ``Database2``
    answered."""
    operation = "Updating the regions of database %s" % (name or database_id)
    try:
        # replay_safe: both lists are sent whole, so a second identical request ends where the first did
        reply = client.request(
            "PATCH",
            _path(PREFIX, database_id),
            operation,
            json_body=body,
            replay_safe=True,
            hints=management_hints(database_id),
        )
    except ApiError as error:
        raise _refusal_hint(error, name) from None
    database = reply.object.get("db")
    if not _is_database(database, database_id):
        raise unconfirmed(operation, reply.status, "the answer carries no database %s" % database_id)
    return database


def delete(client, database_id, name=None):
    """Delete ``database_id`` with its data and tokens; a database already gone (404) is what was asked. None."""
    operation = "Deleting database %s" % (name or database_id)
    # never replayed: the re-read after a lost answer says whether the database is gone
    reply = client.request("DELETE", _path(PREFIX, database_id), operation, replay_safe=False, allow_404=True)
    if reply.status != 404 and reply.object.get("db_id") != database_id:
        raise unconfirmed(operation, reply.status, "the answer does not name the deleted database %s" % database_id)
