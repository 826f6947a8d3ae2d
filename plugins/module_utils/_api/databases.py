# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The database management API: the access tokens of an edge database (pure Python: no Ansible imports).

The API lives under ``/database`` of the API root (docs/platform-notes.md, "Database tokens"):

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
)

PREFIX = "/database/v2/databases/%s"
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
