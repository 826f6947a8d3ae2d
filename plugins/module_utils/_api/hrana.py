# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The SQL endpoint of an edge database: Hrana pipeline requests over HTTP (pure Python: no Ansible imports).

Every request is ``POST <database_url>/v2/pipeline`` (docs/platform-notes.md, "Database SQL over HTTP (Hrana)
failures"). Each pipeline is a stream of its own: it is sent without a baton, so the server opens a new stream, and
ends with a ``close`` request, so the stream ends within the same HTTP request and the answer's baton (null) is
never sent back; no request depends on an earlier one, and none can meet an expired stream or an unknown baton.

- :func:`run_batch`: a plan's one batch (``_database/sql_plan.py``), sent once; a write is never replayed.
- :func:`find_refused`: the diagnosis pipeline that runs none of the statements (an ordinary read).

The answer is read under the client's ``max_response_bytes`` (``client.AnswerTooLarge`` past it) and its values
are decoded while it is parsed (``hrana.AnswerDecoder``), so the rows are built once. The wire format itself is
``_database/hrana.py``'s.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._database import hrana
from ansible_collections.edge.platform.plugins.module_utils._database.connection import AUTH_TOKEN_ENV
from ansible_collections.edge.platform.plugins.module_utils._engine.client import AnswerTooLarge
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import BAD_ANSWER, ApiError, may_have_landed

PIPELINE_PATH = "/v2/pipeline"
HINTS = {
    400: "The database refused the request as malformed: check the statements' SQL and arguments.",
    # generating a token leaves older ones valid; invalidating ends them all (docs/platform-notes.md, "Database
    # tokens: which ones stay valid")
    401: (
        "The database rejected auth_token: the token is invalid, has expired or was invalidated (invalidating the "
        "tokens of a database, with edge.platform.database_token state=revoked or the bunny CLI, ends every token of "
        "that database, and regenerating tokens in the dashboard may end the tokens of every database; generating a "
        "new token leaves older ones valid). Create a new token and set auth_token (or %s)."
        % " or ".join(AUTH_TOKEN_ENV)
    ),
    403: (
        "auth_token is a read-only token, which may only read; statements that write or change the schema "
        "need a full-access token."
    ),
    404: "Nothing answers at database_url: copy the database URL from the database's connection settings.",
}
TOO_LARGE_TO_READ_HINT = (
    "The statements only read (or ran in check mode, always rolled back), so nothing was "
    "applied; return fewer rows (LIMIT) or raise the limit, then run the task again."
)
NOT_HRANA_HINT = "Check that database_url is the database URL of an edge database."


class BatchAnswer(object):
    """The database's answer to one batch: ``outcomes`` (``[(StmtResult or None, HranaError or None)]``, one per
    step) or ``refusal`` (the ``HranaError`` of a batch refused as a whole, before any of it ran)."""

    def __init__(self, operation, status, outcomes=None, refusal=None):
        self.operation = operation
        self.status = status
        self.outcomes = outcomes
        self.refusal = refusal

    def error(self, failure, field=None):
        """The ``ApiError`` of an in-band ``failure`` (a ``HranaError``): the database's code and message, and
        ``field``, the statement it belongs to."""
        return ApiError(self.operation, self.status, failure.message, error_key=failure.code, field=field)


def run_batch(client, plan):
    """Send ``plan`` (a ``sql_plan.Plan``: its ``requests()``, a batch and a close) in one request: a
    :class:`BatchAnswer`.

    A plan that may write (not ``plan.replay_safe``) is never sent twice; when its answer is lost or unreadable the
    error says so with ``plan.lost_hint`` (what may have been applied and how to check), never "raise the timeout".
    An answer over the size limit to a plan that cannot write says nothing was applied.
    """
    count = len(plan.statement_list)
    operation = "Running %s on the database at %s" % (
        "SQL" if count == 1 else "%d SQL statements" % count,
        client.base_url,
    )
    requests = plan.requests()
    lost_hint = plan.lost_hint
    # the values are decoded while the answer is parsed: the rows are built once (see AnswerDecoder)
    decoder = hrana.AnswerDecoder()
    try:
        reply = client.request(
            "POST",
            PIPELINE_PATH,
            operation,
            json_body=hrana.pipeline(requests),
            replay_safe=plan.replay_safe,
            changes_state=not plan.replay_safe,
            check_envelope=False,
            hints=HINTS,
            decode=decoder,
        )
    except ApiError as error:
        if lost_hint and may_have_landed(error):
            raise error.with_hint(lost_hint) from error
        if isinstance(error, AnswerTooLarge):
            raise error.with_hint(TOO_LARGE_TO_READ_HINT) from error
        raise
    try:
        if decoder.problem is not None:
            raise decoder.problem
        batch = hrana.decode_pipeline(reply.data, requests)[0]
        if isinstance(batch, hrana.HranaError):
            return BatchAnswer(operation, reply.status, refusal=batch)
        outcomes = hrana.decode_batch_result(batch.get("result"), len(plan.steps))
        hrana.check_values(decoder, outcomes)
    except hrana.HranaProtocolError as exc:
        raise ApiError(
            operation,
            reply.status,
            "the answer is not Hrana over HTTP v2 (%s), so it was not understood" % exc,
            kind=BAD_ANSWER,
            hint="%s %s" % (lost_hint, NOT_HRANA_HINT) if lost_hint else NOT_HRANA_HINT,
        ) from exc
    return BatchAnswer(operation, reply.status, outcomes=outcomes)


def find_refused(client, requests):
    """The responses to ``requests`` (``sql_plan.Plan.diagnosis_requests``: they run none of the statements, so
    they are sent as an ordinary read), or None when they cannot tell (the refusal is reported all the same)."""
    try:
        reply = client.request(
            "POST",
            PIPELINE_PATH,
            "Finding the statement the database refused",
            hints=HINTS,
            json_body=hrana.pipeline(requests),
            check_envelope=False,
        )
        return hrana.decode_pipeline(reply.data, requests)
    except (ApiError, hrana.HranaProtocolError):
        return None
