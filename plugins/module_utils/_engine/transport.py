# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Transport and retries: one request sent over the client's session until an answer comes or it must stop.

Retries are one small loop rather than urllib3 ``Retry`` because the policy is per request: a
write that may already have reached the platform (a database pipeline) must not be replayed,
``Retry-After`` is capped so a hostile header cannot park a job for an hour, and the clock is
injectable so unit tests prove every branch without sleeping.

Every answer is read as a stream and bounded (:func:`read_body`): at most the client's ``max_response_bytes``
are read, counted after any ``Content-Encoding`` is undone, so neither a huge answer nor a small compressed one
can make the worker's memory run away. What the bytes mean is ``answers.py``'s job; a failure without an HTTP
answer (refused, timed out, TLS, cut off) becomes one clear :class:`~.errors.ApiError` here
(:func:`transport_error`), never the library's raw text.
"""

from __future__ import annotations

import random
import socket
import time
from urllib.parse import urlsplit

from .errors import MAY_HAVE_BEEN_SENT, NO_ANSWER, UNREACHABLE, ApiError

try:
    import requests
    from urllib3.exceptions import ConnectTimeoutError, NewConnectionError
except ImportError:  # pragma: no cover - exercised by the import sanity test
    import traceback

    requests = None
    REQUESTS_IMPORT_ERROR = traceback.format_exc()
    UNBUILDABLE = ()
    NEVER_SENT_CAUSES = ()
else:
    REQUESTS_IMPORT_ERROR = None
    # failures before anything is sent that no retry can cure
    UNBUILDABLE = (
        requests.exceptions.InvalidHeader,
        requests.exceptions.InvalidURL,
        requests.exceptions.MissingSchema,
        requests.exceptions.InvalidSchema,
    )
    # causes that prove nothing reached the server: no connection was ever made
    NEVER_SENT_CAUSES = (NewConnectionError, ConnectTimeoutError, ConnectionRefusedError, socket.gaierror)

RETRY_STATUSES = frozenset((429, 502, 503, 504))
# Statuses that say the request was refused before it was processed: safe to replay a write.
NOT_PROCESSED_STATUSES = frozenset((429,))
BACKOFF_BASE = 0.5
BACKOFF_MAX = 30.0
RETRY_AFTER_MAX = 60.0
DEFAULT_PORTS = {"http": 80, "https": 443}
CHUNK_BYTES = 64 * 1024


def send(client, call):
    """``(response, body, attempt)``: the answer to ``call`` (a :class:`~.call.Call`) over ``client``'s session,
    after ``attempt`` retries; ``body`` as :func:`read_body` gives it. Raises :class:`ApiError` when no answer came
    and no retry is allowed."""
    headers, raw = dict(call.headers or {}, **client.auth_headers), {}
    if call.text_body is not None:
        headers = dict(headers, **{"Content-Type": "text/plain; charset=utf-8"})
        raw = {"data": call.text_body.encode("utf-8")}
    elif call.body_file is not None:
        raw = {"data": call.body_file}
    attempt = 0
    while True:
        try:
            response, body = _exchange(client, call, headers, raw)
        except UNBUILDABLE as exc:
            raise _unbuildable(call.operation, exc, client.url_option)
        except requests.exceptions.RequestException as exc:
            # a certificate that failed verification fails the same way on every retry
            cured_by_retry = not isinstance(exc, requests.exceptions.SSLError)
            if (call.replay_safe or _never_sent(exc)) and cured_by_retry and attempt < client.retries:
                _pause(client, call.operation, attempt, None)
                attempt += 1
                continue
            raise transport_error(client, call, exc, attempt)
        retryable = response.status_code in (RETRY_STATUSES if call.replay_safe else NOT_PROCESSED_STATUSES)
        if not retryable or attempt >= client.retries:
            return response, body, attempt
        _pause(client, call.operation, attempt, retry_after_seconds(response.headers.get("Retry-After")))
        attempt += 1


def _exchange(client, call, headers, raw):
    """One attempt: the response and its bounded body (the connection is released before anything else)."""
    if call.body_file is not None:
        call.body_file.seek(0)  # a retry sends the whole file again
    response = client.session.request(
        call.method,
        call.url,
        headers=headers,
        json=call.json_body,
        params=call.params,
        timeout=client.timeout,
        verify=client.validate_certs,
        allow_redirects=False,
        stream=True,
        **raw,
    )
    try:
        if call.sink is not None and 200 <= response.status_code < 300:
            return response, _stream_to(response, call.sink)
        return response, read_body(response, client.max_response_bytes)
    finally:
        response.close()


def _stream_to(response, sink):
    """``("", size, "complete")``: the answer's bytes written to the file object ``sink`` in chunks (a download of
    any size in bounded memory); ``sink`` is emptied first, so a retried attempt never appends to a cut one."""
    sink.seek(0)
    sink.truncate()
    size = 0
    for chunk in response.iter_content(CHUNK_BYTES):
        sink.write(chunk)
        size += len(chunk)
    return "", size, "complete"


def _unbuildable(operation, exc, url_option):
    # these quote the offending header or URL, which may hold a secret: name the kind only
    return ApiError(
        operation,
        None,
        "the request could not be built (%s)" % type(exc).__name__,
        hint="Check that %s is a plain URL and that the credentials hold no spaces or newlines." % url_option,
        kind=UNREACHABLE,
    )


def _pause(client, operation, attempt, retry_after):
    delay = backoff_delay(attempt, retry_after)
    if client.warn is not None and retry_after is not None and retry_after > RETRY_AFTER_MAX:
        client.warn("%s: Retry-After of %.0fs capped at %.0fs." % (operation, retry_after, RETRY_AFTER_MAX))
    for listener in client.pause_listeners:
        listener(delay)
    client.sleep(delay)


def retry_after_seconds(value):
    """Seconds from a ``Retry-After`` header (delta-seconds or HTTP date), or None."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    from email.utils import parsedate_to_datetime

    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, moment.timestamp() - time.time())


def backoff_delay(attempt, retry_after=None, rand=random.random):
    """How long to wait before retry number ``attempt`` (0-based).

    ``Retry-After`` wins when present (capped); otherwise capped exponential backoff with
    "equal jitter": half the step fixed, half random, so clients spread out but never hammer.
    """
    if retry_after is not None:
        return min(retry_after, RETRY_AFTER_MAX)
    step = min(BACKOFF_MAX, BACKOFF_BASE * (2**attempt))
    return step / 2 + rand() * step / 2


def origin(url):
    """``scheme://host:port`` of ``url`` and nothing else (no user, path or query), or None when unreadable.

    What a message may show of a URL the platform (or a redirect) named: never a token in a query.
    """
    try:
        parts = urlsplit(url or "")
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if not scheme or not parts.hostname:
        return None
    host = "[%s]" % parts.hostname if ":" in parts.hostname else parts.hostname
    port = port or DEFAULT_PORTS.get(scheme)
    return "%s://%s%s" % (scheme, host, ":%d" % port if port else "")


def read_body(response, limit):
    """``(text, size, state)``: at most ``limit`` bytes of the answer, read in chunks.

    ``state`` is ``"complete"``, ``"announced"`` (``Content-Length`` exceeds ``limit``: nothing is read,
    ``size`` is the announced size) or ``"cut"`` (reading stopped past ``limit``: ``text`` is the first
    chunk only, for an excerpt). Bytes are counted after ``Content-Encoding`` is undone, so a small
    compressed answer cannot unpack into gigabytes.
    Text is decoded with the answer's charset, else UTF-8 (JSON's encoding), never by guessing.
    """
    declared = response.headers.get("Content-Length")
    declared = int(declared) if declared and declared.strip().isdigit() else None
    if declared is not None and declared > limit:
        return "", declared, "announced"
    chunks, size = [], 0
    for chunk in response.iter_content(CHUNK_BYTES):
        size += len(chunk)
        if size > limit:
            # only an excerpt of an answer this large is ever shown: keep its first chunk, free the rest now
            head = (chunks[0] if chunks else chunk)[:CHUNK_BYTES]
            del chunks[:]
            return head.decode(response.encoding or "utf-8", errors="replace"), size, "cut"
        chunks.append(chunk)
    body = b"".join(chunks)
    del chunks[:]
    return body.decode(response.encoding or "utf-8", errors="replace"), size, "complete"


def transport_error(client, call, exc, attempt):
    """One clear ApiError for a failure without an HTTP answer (never the library's raw text)."""
    where = origin(call.url) or client.url_option
    retried = " (gave up after %d retries)" % attempt if attempt else ""
    if isinstance(exc, requests.exceptions.SSLError):
        return ApiError(
            call.operation,
            None,
            "the TLS connection to %s failed: %s%s" % (where, _tls_reason(exc, client.clean), retried),
            kind=UNREACHABLE,
            hint="Fix the certificate chain (or point REQUESTS_CA_BUNDLE at the CA that signed it), or set "
            "validate_certs=false for a test endpoint.",
        )
    if _never_sent(exc):
        return _not_connected(client, call.operation, where, _connect_failure(exc, client.timeout), retried)
    if isinstance(exc, requests.exceptions.ReadTimeout):
        what = "no answer from %s within %s seconds" % (where, _seconds(client.timeout))
    elif isinstance(exc, requests.exceptions.ConnectionError):
        what = "the connection to %s closed before an answer came" % where
    else:
        what = "the answer from %s could not be read (%s)" % (where, type(exc).__name__)
    if call.changes_state:
        return ApiError(call.operation, None, what + retried, kind=MAY_HAVE_BEEN_SENT)
    hint = (
        "Raise the timeout option or check the network."
        if isinstance(exc, requests.exceptions.Timeout)
        else "Check the network (or a proxy between this host and %s) and try again." % where
    )
    return ApiError(call.operation, None, what + retried, kind=NO_ANSWER, hint=hint)


def _not_connected(client, operation, where, reason, retried):
    hint = "Check %s and that the %s is reachable." % (client.url_option, client.service)
    if reason.startswith("no connection within"):
        hint = "Check %s and the network, or raise the timeout option on a slow network." % client.url_option
    return ApiError(
        operation,
        None,
        "could not connect to %s (%s)%s" % (where, reason, retried),
        kind=UNREACHABLE,
        hint=hint,
    )


def _tls_reason(exc, clean):
    for cause in _causes(exc):
        reason = getattr(cause, "verify_message", None) or getattr(cause, "reason", None)
        if isinstance(reason, str) and reason:
            return clean(reason.replace("_", " ").lower())
    return "certificate verification failed"


def _causes(exc):
    """``exc`` and the exceptions it wraps (requests -> urllib3 -> socket), nearest first."""
    seen = []
    cause = exc
    while isinstance(cause, BaseException) and cause not in seen and len(seen) < 8:
        seen.append(cause)
        args = getattr(cause, "args", ())
        nested = getattr(cause, "reason", None)
        if not isinstance(nested, BaseException):
            nested = args[0] if args and isinstance(args[0], BaseException) else None
        cause = nested or cause.__cause__ or cause.__context__
    return seen


def _never_sent(exc):
    """True when a transport failure happened before the request could reach the server."""
    if isinstance(exc, (requests.exceptions.ConnectTimeout, requests.exceptions.SSLError)):
        return True
    return any(isinstance(c, NEVER_SENT_CAUSES) for c in _causes(exc))


def _connect_failure(exc, timeout):
    """A few words for a failure to connect: refused, unknown host, ... (never the library's repr)."""
    if isinstance(exc, requests.exceptions.ConnectTimeout):
        return "no connection within %s seconds" % _seconds(timeout)
    for cause in _causes(exc):
        if isinstance(cause, ConnectionRefusedError):
            return "connection refused"
        if isinstance(cause, socket.gaierror) or type(cause).__name__ == "NameResolutionError":
            return "the host name could not be resolved"
        if isinstance(cause, socket.timeout) or (
            isinstance(cause, ConnectTimeoutError) and not isinstance(cause, NewConnectionError)
        ):
            return "no connection within %s seconds" % _seconds(timeout)
        if isinstance(cause, OSError) and not isinstance(cause, NewConnectionError) and cause.strerror:
            return cause.strerror.lower()
    return "no connection could be made"


def _seconds(value):
    return ("%g" % value) if isinstance(value, float) else str(value)
