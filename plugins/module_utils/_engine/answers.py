# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Reading an answer: what its status, JSON, envelope and shape say, as a :class:`Reply` or an :class:`ApiError`.

The bytes come from ``transport.py`` (bounded, already read); this file decides what they mean. A 2xx answer
over the client's limit fails with kind ``BAD_ANSWER`` (:class:`~.errors.AnswerTooLarge`), naming the option
that raises the limit (``size_option``); an error answer over it was cut at the limit (only an excerpt is ever
shown). A 2xx answer must be what the call expects (``expect=``, a documented shape or one of :data:`EXPECT`),
else a read fails as not understood and a write as unconfirmed. Redirects are never followed: a 3xx fails naming
its status and the origin it pointed to (docs/platform-notes.md, "Redirects").
"""

from __future__ import annotations

from urllib.parse import urljoin

from .errors import (
    BAD_ANSWER,
    MAY_HAVE_BEEN_SENT,
    REFUSED,
    AnswerTooLarge,
    ApiError,
    decode_json,
    envelope_failure,
    parse_error_body,
    shorten,
    summary,
    unconfirmed,
)
from .transport import RETRY_STATUSES, origin

EXPECT = ("object", "any", "empty", "data", "text")
WANTED = {
    "object": "the JSON object",
    "any": "the JSON",
    "empty": "the empty answer",
    "data": "the JSON object with data",
}
BAD_READ_ANSWER_HINT = (
    "Check that %s points at the platform API itself (a proxy or portal may have answered) and try again."
)
# What a read that was not understood says about the task's own writes: the client counts what it sent.
NOTHING_WRITTEN = "Nothing was written by this task. "
WRITTEN_BEFORE = "This task sent %d write%s before this read; what the platform now holds was not read. "


class Reply(object):
    """A successful answer: status, decoded JSON (or None), raw text, headers.

    ``decode(text)`` replaces :func:`decode_json` (it returns None for a body that is not JSON).
    """

    def __init__(self, status, text, headers, decode=None):
        self.status = status
        self.text = text
        self.headers = headers
        self.data = (decode or decode_json)(text)

    @property
    def object(self):
        """The decoded body when it is a JSON object, else an empty dict (bodies are untrusted)."""
        return self.data if isinstance(self.data, dict) else {}


def read_answer(client, call, response, body, attempt):
    """The :class:`Reply` to ``call`` from ``response`` and its ``body`` (``(text, size, state)``), or the
    :class:`ApiError` it amounts to; ``attempt`` retries came before it."""
    status = response.status_code
    text, size, state = body
    if 200 <= status < 300 and state != "complete":
        raise AnswerTooLarge(
            call.operation,
            status,
            size,
            client.max_response_bytes,
            client.size_option,
            call.changes_state,
            announced=state == "announced",
        )
    if status == 404 and call.allow_404:
        return Reply(status, text, response.headers)
    if 200 <= status < 300:
        return _success(client, call, Reply(status, text, response.headers, call.decode))
    if 300 <= status < 400:
        raise _redirect(client, call, response.headers.get("Location"), status)
    message, key, field = parse_error_body(text)
    if attempt and status in RETRY_STATUSES:
        message = "%s (gave up after %d retries)" % (message or "no details", attempt)
    # a 5xx to a write proves nothing about whether it was applied
    kind = MAY_HAVE_BEEN_SENT if status >= 500 and call.changes_state else REFUSED
    # what is known about a write that may have landed outranks a module's advice for the status
    hint = None if kind == MAY_HAVE_BEEN_SENT else call.hints.get(status)
    raise ApiError(call.operation, status, client.clean(message), error_key=key, field=field, hint=hint, kind=kind)


def _success(client, call, reply):
    status = reply.status
    failure = envelope_failure(reply.data) if call.check_envelope else None
    if failure is not None:
        code, message, key = failure
        # a 200 carrying a failed envelope reports its real status in statusCode
        status = code if status == 200 and isinstance(code, int) else status
        raise ApiError(call.operation, status, client.clean(message), error_key=key, hint=call.hints.get(status))
    problem = unreadable(reply, call.expect)
    if problem:
        if call.changes_state:
            raise unconfirmed(call.operation, status, client.clean(problem))
        raise client.not_understood(call.operation, status, problem)
    return reply


def not_understood(operation, status, problem, writes_sent, url_option):
    """The failure of a read whose 2xx answer is not what the operation documents (``problem`` says how, already
    scrubbed): kind ``BAD_ANSWER``, and the hint says whether this task had written anything before."""
    done = NOTHING_WRITTEN if not writes_sent else WRITTEN_BEFORE % (writes_sent, "" if writes_sent == 1 else "s")
    return ApiError(operation, status, problem, kind=BAD_ANSWER, hint=done + BAD_READ_ANSWER_HINT % url_option)


def unreadable(reply, expect):
    """Why a 2xx body is not what the operation returns, or None when it is."""
    data, text = reply.data, reply.text
    if not isinstance(expect, str):  # a documented shape (_api/answers.py)
        if data is not None and expect.accepts(data):
            return None
        wanted = expect.name
    elif expect == "empty" and not text.strip():
        return None
    elif expect == "text":
        return None
    elif expect == "any" and data is not None:
        return None
    elif expect == "object" and isinstance(data, dict):
        return None
    elif expect == "data" and isinstance(data, dict) and isinstance(data.get("data"), dict):
        return None
    else:
        wanted = WANTED[expect]
    content_type = reply.headers.get("Content-Type") or "no content type"
    return "the answer (%s) is not %s this operation returns, so it was not understood: %s" % (
        shorten(content_type, 60),
        wanted,
        summary(text, content_type),
    )


def _redirect(client, call, location, status):
    example = " (for example %s)" % client.example_root if client.example_root else ""
    return ApiError(
        call.operation,
        status,
        redirect_message(call.url, location, client.url_option),
        hint="Set %s to the API's own address%s; a redirect is never followed." % (client.url_option, example),
    )


def redirect_message(url, location, url_option):
    """What a 3xx answer pointing at ``location`` says (only the origin of where it points is shown)."""
    target = origin(urljoin(url, location)) if location else None
    if target is None:
        return "the platform answered with a redirect%s" % ("" if location else " without a Location")
    same = target == origin(url)
    return (
        "the platform answered with a redirect to %s%s, which is not followed: credentials are sent to the "
        "origin of %s only" % (target, " (the same origin, another path)" if same else "", url_option)
    )
