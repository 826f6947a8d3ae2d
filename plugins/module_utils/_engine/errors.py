# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""One error type for every platform failure, and the parser for every error body shape.

The platform answers errors in six shapes, and the shield API labels JSON as text/plain, so bodies
are recognised by content, never by content type:

- shield envelope ``{"error": {"statusCode", "success", "message", "errorKey"}, "data": ...}``
  (also on 2xx answers with ``success: false`` and on 202 plan errors);
- ProblemDetails ``{"type", "title", "status", "detail", "instance"}``;
- pull zone ``{"ErrorKey", "Field", "Message"}``;
- ``{"statusCode": N}`` (shield ``UnauthorizedResult``);
- database ``{"error": "..."}`` and Hrana ``{"message", "code"}``;
- empty bodies (401/404/500 of the core API) and plain text.
"""

from __future__ import annotations

import html
import json
import re

REDACTED = "********"

# What a user can do about a status; a module may pass a more precise hint.
STATUS_HINTS = {
    400: "The platform rejected the request; check the option named in the message.",
    401: (
        "The credentials were rejected: check api_key (or the EDGE_API_KEY environment variable); it must be the "
        "account's main API key, as team member API keys are not supported."
    ),
    403: "The account or plan does not allow this operation.",
    404: "Nothing exists under that id: check the id option.",
    429: "The platform is rate limiting this account; retry later or raise the retries option.",
    500: "The platform failed internally; retry later.",
    502: "The platform was unreachable through its gateway; retry later.",
    503: "The platform is temporarily unavailable; retry later.",
    504: "The platform timed out; retry later or raise the timeout option.",
}

REASONS = {
    200: "OK",
    202: "Accepted",
    204: "No Content",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    409: "Conflict",
    413: "Payload Too Large",
    415: "Unsupported Media Type",
    422: "Unprocessable Entity",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}

MAX_TEXT = 300

# What a failure says about the platform's state: ``ApiError.kind``. Modules decide from it whether a
# write may have landed (re-read and report the truth) or certainly did not (plain failure).
REFUSED = "refused"
"""The platform answered with an error status (or a failed envelope): the request was not applied."""
UNREACHABLE = "unreachable"
"""The request provably never reached the platform (connection refused, DNS, connect timeout, unbuildable)."""
MAY_HAVE_BEEN_SENT = "may_have_been_sent"
"""A request that changes state was sent and no usable answer came: it may have been applied."""
NO_ANSWER = "no_answer"
"""A request that changes nothing (a read) was sent and no usable answer came."""
BAD_ANSWER = "bad_answer"
"""A 2xx answer whose body is not what the operation returns; nothing was decided from it."""
KINDS = (REFUSED, UNREACHABLE, MAY_HAVE_BEEN_SENT, NO_ANSWER, BAD_ANSWER)
UNCONFIRMED_KINDS = (MAY_HAVE_BEEN_SENT, BAD_ANSWER)
"""The one meaning of "may have landed": a write that was sent and got no answer, or an answer that does not
confirm it. Such a write is never sent again; the reconciler (context.py) re-reads once and reports the truth."""


def may_have_landed(error):
    """Whether a failed write may still have been carried out: sent without an answer, or answered 2xx
    with a body that could not be read (the platform did something; what is unknown)."""
    return getattr(error, "kind", None) in UNCONFIRMED_KINDS


class InputError(ValueError):
    """Bad input found by a module's own checks (beyond the argument spec): the task fails with this text before
    anything is sent (or, found later, with nothing more sent). The text names the option and the fix; ``option``
    is that option's name where one is to blame."""

    def __init__(self, message, option=None):
        super().__init__(message)
        self.option = option


MAY_HAVE_BEEN_APPLIED_HINT = (
    "The request may have been applied by the platform; it was not sent again. "
    "Check the current state before running the task again."
)
UNCONFIRMED_WRITE_HINT = (
    "The platform answered, but not with what the operation returns, so whether the change was "
    "applied is unknown; it was not sent again. Check the current state before running the task "
    "again."
)


def unconfirmed(operation, status, problem):
    """The failure of a write whose 2xx answer does not confirm it: the wrong JSON shape, a list for an
    object, HTML, an empty body where data is expected, or data that shows another state than was sent.

    Nothing may be claimed from such an answer: the write may or may not have been applied, so it is
    never sent again and the reconciler re-reads the state once to decide (``Context.reconcile``).
    """
    return ApiError(operation, status, problem, hint=UNCONFIRMED_WRITE_HINT, kind=BAD_ANSWER)


class ApiError(Exception):
    """A failed platform operation: HTTP status plus whatever the body said.

    ``status`` is None for transport failures (connection refused, timeout, TLS).
    ``kind`` is one of :data:`KINDS`: what the failure proves about the platform's state.
    """

    def __init__(self, operation, status, message=None, error_key=None, field=None, hint=None, kind=REFUSED):
        if kind not in KINDS:
            raise ValueError("unknown ApiError kind %r" % (kind,))
        self.operation = operation
        self.kind = kind
        self.status = status if isinstance(status, int) and not isinstance(status, bool) else None
        # platform bodies are untrusted: whatever their JSON holds, these are text (or None)
        self.message = _text(message)
        self.error_key = _text(error_key)
        self.field = _text(field)
        if hint is None:
            # the generic advice of a 5xx ("retry later", "raise the timeout") is wrong for a write that may
            # have landed: say what is known instead
            hint = MAY_HAVE_BEEN_APPLIED_HINT if kind == MAY_HAVE_BEEN_SENT else STATUS_HINTS.get(self.status)
        self.hint = hint
        super().__init__(self.describe())

    def with_hint(self, hint):
        """A copy of this error (an ``ApiError``) that gives ``hint`` as its advice: the caught one is never changed."""
        return ApiError(
            self.operation,
            self.status,
            self.message,
            error_key=self.error_key,
            field=self.field,
            hint=hint,
            kind=self.kind,
        )

    def as_dict(self):
        """The structured ``api_error`` return value."""
        return {
            "status": self.status,
            "error_key": self.error_key,
            "field": self.field,
            "message": self.message,
        }

    def describe(self):
        """One sentence: operation, status, error key, field, platform message, hint."""
        if self.status is None:
            text = "%s failed" % self.operation
        else:
            reason = REASONS.get(self.status)
            text = "%s failed with HTTP %s%s" % (self.operation, self.status, " %s" % reason if reason else "")
        details = []
        if self.error_key:
            details.append("error key %s" % self.error_key)
        if self.field:
            details.append("field %s" % self.field)
        if details:
            text += " (%s)" % ", ".join(details)
        if self.message:
            text += ": %s" % self.message.rstrip(".")
        text += "."
        if self.hint:
            text += " %s" % self.hint
        return text


class AnswerTooLarge(ApiError):
    """A 2xx answer larger than the client's ``max_response_bytes``: not read to the end (kind ``BAD_ANSWER``).

    ``size`` is the announced size, or how much had been read when reading stopped; ``limit`` the limit.
    """

    def __init__(self, operation, status, size, limit, size_option, changes_state, announced=False):
        self.size = size
        self.limit = limit
        limit_text = (
            "the %s limit of %s" % (size_option, human_bytes(limit))
            if size_option
            else "the limit of %s for one answer" % human_bytes(limit)
        )
        message = "the answer %s more than %s, so it was not read to the end" % (
            "announces %s bytes," % format(size, ",") if announced else "holds",
            limit_text,
        )
        if size_option:
            message += "; raise %s to read it" % size_option
        hint = (
            UNCONFIRMED_WRITE_HINT
            if changes_state
            else "Nothing was changed: the request only reads. Ask for less at a time."
        )
        super().__init__(operation, status, message, hint=hint, kind=BAD_ANSWER)


def human_bytes(count):
    """``64 MiB (67,108,864 bytes)``: a byte count people and scripts can both read."""
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if count >= size:
            return "%s %s (%s bytes)" % (("%.1f" % (count / size)).rstrip("0").rstrip("."), unit, format(count, ","))
    return "%s bytes" % format(count, ",")


def _text(value):
    """``value`` as text (JSON for structures), or None."""
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, sort_keys=True) if isinstance(value, (dict, list)) else str(value)


def shorten(text, limit=MAX_TEXT):
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


_HTML_START = re.compile(r"^\s*(<!--.*?-->\s*)*<(!doctype\s+html|html|head|body)\b", re.IGNORECASE | re.DOTALL)
_HTML_TITLE = re.compile(r"<title[^>]*>(.*?)</title\s*>", re.IGNORECASE | re.DOTALL)


def html_page(text, content_type=None):
    """``'an HTML page titled "414 Request-URI Too Large"'`` when ``text`` is an HTML page (a proxy's or portal's
    error page), else None: such a page is summarised by its title, never pasted into a message."""
    if not text or not (_HTML_START.match(text[:4096]) or "html" in (content_type or "").lower()):
        return None
    found = _HTML_TITLE.search(text[:65536])
    title = html.unescape(" ".join(found.group(1).split())) if found else ""
    return "an HTML page titled %s" % json.dumps(shorten(title, 80)) if title else "an HTML page without a title"


def summary(text, content_type=None):
    """A short description of an untrusted body for a message: an HTML page by its title, else an excerpt."""
    return html_page(text, content_type) or excerpt(text)


def excerpt(text, limit=80):
    """A short one-line quote of an untrusted body for a message (scrub it of secrets before showing)."""
    if not text or not text.strip():
        return "an empty body"
    return repr(shorten(text, limit))


def decode_json(text):
    """The JSON value of a body, or None when it is empty or not JSON."""
    if not text or not text.strip():
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def _filled(value):
    return isinstance(value, str) and bool(value.strip())


def reported_failure(error):
    """``(status, message, error_key)`` when a ``GenericRequestResponse`` (the shield envelope's ``error``, a rule's
    ``errorResponse``) really reports a failure, else None.

    ``success`` is a plain, non-nullable boolean and ``statusCode`` an enum (Shield document), so an object the
    platform never filled in is serialised with their defaults: ``{"statusCode": 0, "success": false, "message":
    null, "errorKey": null}``. ``success: false`` alone therefore says nothing; a failure is reported by a message,
    an error key or an error status (docs/platform-notes.md, "Shield answers: success is judged by the status and
    the data"). Status is the object's ``statusCode`` when it is an HTTP error status, else None (the caller keeps
    the HTTP status).
    """
    if not isinstance(error, dict) or error.get("success") is not False:
        return None
    code = error.get("statusCode")
    status = code if isinstance(code, int) and not isinstance(code, bool) and 100 <= code <= 599 else None
    message = error.get("message") if _filled(error.get("message")) else None
    key = error.get("errorKey") if _filled(error.get("errorKey")) else None
    if status is not None and status < 400:
        status = None  # not an error status: the caller keeps the HTTP status
    if status is None and message is None and key is None:
        return None
    return status, message, key


def envelope_failure(data):
    """``(status, message, error_key)`` when ``data`` is a shield envelope whose ``error`` reports a failure (see
    :func:`reported_failure`: a default ``GenericRequestResponse`` with ``success: false`` alone reports none)."""
    if not isinstance(data, dict):
        return None
    return reported_failure(data.get("error"))


def parse_error_body(text):
    """``(message, error_key, field)`` from any error body shape the platform uses."""
    data = decode_json(text)
    if data is None:
        if not text or not text.strip():
            return None, None, None
        page = html_page(text)
        return (("the answer is %s, not the platform's error body" % page) if page else shorten(text)), None, None
    if not isinstance(data, dict):
        return shorten(json.dumps(data)), None, None
    error = data.get("error")
    if isinstance(error, dict):  # shield envelope
        return error.get("message"), error.get("errorKey"), None
    if "ErrorKey" in data or "Message" in data:  # pull zone ApiErrorData
        return data.get("Message"), data.get("ErrorKey"), data.get("Field") or None
    if "title" in data or "detail" in data:  # ProblemDetails (ASP.NET's ValidationProblemDetails adds errors)
        parts = [_text(p) for p in (data.get("title"), data.get("detail")) if p]
        field, problems = _validation_errors(data.get("errors"))
        if problems:
            parts.append(problems)
        return ": ".join(parts) or None, None, field
    if isinstance(error, str):  # database AppError / sqld
        details = data.get("details")
        return (error if not details else "%s (%s)" % (error, shorten(json.dumps(details)))), None, None
    if "message" in data:  # Hrana stream error {message, code}
        return data.get("message"), data.get("code"), None
    if set(data) == {"statusCode"}:  # shield UnauthorizedResult
        return None, None, None
    return shorten(json.dumps(data, sort_keys=True)), None, None


def _validation_errors(errors):
    """``(field, text)`` of ValidationProblemDetails ``errors`` (``{member: [messages]}``): the first member
    named is the field; every member's messages, shortened, are the text. ``(None, None)`` otherwise."""
    if not isinstance(errors, dict) or not errors:
        return None, None
    members = sorted(str(name) for name in errors)
    texts = []
    for name in members:
        value = errors.get(name)
        messages = value if isinstance(value, list) else [value]
        texts.append("%s: %s" % (name, "; ".join(_text(m) or "" for m in messages)))
    return members[0] or None, shorten("; ".join(texts))


def scrub(text, secrets):
    """``text`` with every secret value replaced, so no message can carry one.

    The escaped form (``repr``) is replaced too: library errors quote bad values that way.
    """
    if not isinstance(text, str):
        return text
    for secret in secrets:
        if secret and len(secret) >= 4 and secret.strip():
            for form in (secret, repr(secret)[1:-1]):
                text = text.replace(form, REDACTED)
    return text


def not_read_here(option, target):
    """A module's failure when the file option ``option`` reaches it unread (its action plugin did not run)."""
    return (
        "%s names a file on the controller, which this module's action plugin reads and passes to the module as "
        "%s; the module ran without its action plugin, so give the text in %s instead." % (option, target, target)
    )
