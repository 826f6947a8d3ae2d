# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""What the ``database_token`` module does beyond its declaration (pure Python: no Ansible imports).

- :func:`given_id`: the database id given (under --check, one an earlier task only predicted);
- :func:`wanted_expiry`: the expiry to send;
- :func:`generate`: one new token, kept out of every message (:func:`keep_secret`) but returned;
- :func:`revoke`: invalidate every token of the database.
"""

from __future__ import annotations

import datetime

from ansible_collections.edge.platform.plugins.module_utils._api import databases
from ansible_collections.edge.platform.plugins.module_utils._database.token_expiry import expiry
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._engine.ledger import ANY

GENERATE_ONLY = ("authorization", "expires_at", "expires_in")


def keep_secret(ctx, token):
    """Scrub the token from every message, warning and diff, but keep it in RV token.

    The host's no_log values would mask it in the whole result, RV token included, so only the
    context's own scrub list learns it.
    """
    hook, ctx.on_secret = ctx.on_secret, None
    try:
        ctx.add_secret(token)
    finally:
        ctx.on_secret = hook


def wanted_expiry(ctx):
    """The expiry to send (RFC 3339 in UTC) or None; a date in the past is sent as given, with a warning."""
    now = datetime.datetime.now(datetime.timezone.utc)
    expires_at, problem, past = expiry(ctx.params["expires_at"], ctx.params["expires_in"], now)
    if problem:
        raise InputError(problem, option="expires_at" if ctx.params["expires_at"] is not None else "expires_in")
    if past:
        ctx.warn(
            "expires_at %s is not in the future: the platform may refuse it, or the token will not work." % expires_at
        )
    return expires_at


def generate(ctx, database_id, expires_at):
    """One new token; RV token only when the platform returned it (never in check mode, never after a lost answer)."""
    kind = ctx.params["authorization"]

    def apply():
        answer = databases.generate_token(ctx.client, database_id, kind, expires_at)
        keep_secret(ctx, answer["token"])  # first, before anything can show it
        return answer

    def new_token(expires):
        return {"database_id": database_id, "new_token": {"authorization": kind, "expires_at": expires}}

    outcome = ctx.reconcile(
        {"database_id": database_id, "new_token": None},
        new_token(expires_at),
        apply,
        state_of=lambda answer: new_token(answer["expires_at"]),
    )
    result = {"database_id": database_id, "authorization": kind, "expires_at": outcome.state["new_token"]["expires_at"]}
    if outcome.answer is not None:
        result["token"] = outcome.answer["token"]
    return result


def revoke(ctx, database_id):
    """Invalidate every token; the platform cannot list them, so "before" is unknown and this always changes."""
    extra = [name for name in GENERATE_ONLY if ctx.params[name] is not None]
    if extra:
        raise InputError(
            "%s %s only used with state=generated; remove %s to invalidate the tokens."
            % (", ".join(extra), "is" if len(extra) == 1 else "are", "it" if len(extra) == 1 else "them"),
            option=extra[0],
        )
    ctx.reconcile(
        {"database_id": database_id, "tokens": "unknown (the platform cannot list them)"},
        {"database_id": database_id, "tokens": "all invalidated"},
        lambda: databases.revoke_tokens(ctx.client, database_id),
    )
    return {"database_id": database_id, "revoked": True}


def given_id(ctx):
    """The database id given; None under --check for a database an earlier task only predicted (its id is null)."""
    value = ctx.params["database_id"]
    if value is None or not value.strip():
        missing = "the database whose id this task was given (database_id is %s)" % (
            "null" if value is None else "empty"
        )
        if ctx.predicted_dependency(missing, needs=[databases.predicted_database(ANY)]):
            return None
        if value is None:  # what the argument spec said when the option was required (a null is an option not given)
            raise InputError("missing required arguments: database_id", option="database_id")
    return databases.check_id(value)
