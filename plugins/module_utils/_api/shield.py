# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""What every Shield answer shares, whatever the resource: ASP.NET's ``AcceptedResult`` (a 202 that applied nothing),
the ``GenericRequestResponse`` a deletion answers, and the failure of a write the platform did not confirm.

Functions take the client first where they send, and return None or raise ``ApiError``. Pure Python: no Ansible
imports, no context. Bodies are untrusted, so every member is checked for its type before use.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    MAY_HAVE_BEEN_SENT,
    ApiError,
    reported_failure,
)

from .answers import object_with

# The members of ASP.NET's AcceptedResult (Shield document), the body of a 202 to a read or a write.
ACCEPTED_RESULT = frozenset(("location", "value", "formatters", "contentTypes", "declaredType", "statusCode"))
# What a deletion returns: a GenericRequestResponse at the top level (success judged by errors.reported_failure).
DELETION_ANSWER = object_with(
    "the GenericRequestResponse the deletion returns", lambda data: isinstance(data.get("success"), bool)
)


def not_found_hints(hint):
    """The ``hints`` of a request whose 404 has the advice ``hint`` (None: no advice)."""
    return {404: hint} if hint else None


def accepted_result(data):
    """Whether the object ``data`` is an ``AcceptedResult``."""
    return "statusCode" in data and set(data) <= ACCEPTED_RESULT


def not_confirmed(operation, status, detail=None):
    """The failure of a write the platform did not confirm (HTTP 202 ``AcceptedResult``, or no answer of the kind).

    A 202 is not an applied change (docs/platform-notes.md, "Shield writes answered with HTTP 202"). It may
    still land later, so it is handled as a lost answer: never sent again, the re-read decides (``Context.reconcile``).
    ``detail`` is added to its message.
    """
    return ApiError(
        operation,
        status,
        "the platform answered HTTP %d without confirming the change%s" % (status, " (%s)" % detail if detail else ""),
        kind=MAY_HAVE_BEEN_SENT,
    )


def confirm_deletion(operation, reply):
    """Check the answer ``reply`` to a deletion (sent with ``allow_404`` and ``expect=DELETION_ANSWER``); returns None
    or raises. A 404 is an object already gone, which is what was asked; a 200 confirms with the
    ``GenericRequestResponse`` it documents, unless that reports a failure (``errors.reported_failure``: ``success:
    false`` alone, the default of an object nobody filled in, reports none); a 202 confirms nothing."""
    reported = reported_failure(reply.data) if reply.status == 200 else None
    if reported is not None:
        status, message, key = reported
        raise ApiError(operation, status or reply.status, message, error_key=key)
    if reply.status not in (200, 404):  # 404: already gone, which is what was asked
        raise not_confirmed(operation, reply.status)
    return None


def delete(client, path, operation):
    """Send the deletion at ``path`` (``operation`` names it) and check its answer (:func:`confirm_deletion`); an object
    already gone (404) is what was asked. Returns None."""
    reply = client.request("DELETE", path, operation, replay_safe=False, allow_404=True, expect=DELETION_ANSWER)
    return confirm_deletion(operation, reply)
