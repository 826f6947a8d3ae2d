# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The HTTP transport shared by every module: one session, auth, timeouts, retries, error funnel.

Retries are one small loop rather than urllib3 ``Retry`` because the policy is per request: a
write that may already have reached the platform (a database pipeline) must not be replayed,
``Retry-After`` is capped so a hostile header cannot park a job for an hour, and the clock is
injectable so unit tests prove every branch without sleeping.

Every answer is read as a stream and bounded: at most ``max_response_bytes`` (default
:data:`DEFAULT_MAX_RESPONSE_BYTES`, generous for any management answer) are read, counted after any
``Content-Encoding`` is undone, so neither a huge answer nor a small compressed one can make the
worker's memory run away. A 2xx answer over the limit (or announcing more in ``Content-Length``)
fails with kind ``BAD_ANSWER`` (:class:`AnswerTooLarge`) before the rest is read, naming the option
that raises the limit (``size_option``); an error answer over it is cut at the limit (only an
excerpt is ever shown). A caller with its own wire format passes ``decode`` to turn the text into
data in one pass (the database module decodes its values while parsing).

``keep_alive=True`` (what the management and database connections ask for) takes the session from
``sessions.py``: one per origin and settings in this process, so the items of a loop reuse one connection; the
credentials go with each request, never on the session. ``client.session`` is always a ``requests.Session``.
"""

from __future__ import annotations

import os
import random
import socket
import time
import traceback
from urllib.parse import urljoin, urlsplit

from ansible.module_utils.ansible_release import __version__ as ANSIBLE_CORE_VERSION

from .errors import (
    BAD_ANSWER,
    MAY_HAVE_BEEN_SENT,
    NO_ANSWER,
    REFUSED,
    UNCONFIRMED_KINDS,
    UNCONFIRMED_WRITE_HINT,
    UNREACHABLE,
    ApiError,
    decode_json,
    envelope_failure,
    parse_error_body,
    scrub,
    shorten,
    summary,
    unconfirmed,
)
from .sessions import shared_session
from .version import COLLECTION_VERSION

try:
    import requests
    from urllib3.exceptions import ConnectTimeoutError, NewConnectionError
except ImportError:  # pragma: no cover - exercised by the import sanity test
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

USER_AGENT = "edge.platform/%s ansible-core/%s" % (COLLECTION_VERSION, ANSIBLE_CORE_VERSION)
RETRY_STATUSES = frozenset((429, 502, 503, 504))
# Statuses that say the request was refused before it was processed: safe to replay a write.
NOT_PROCESSED_STATUSES = frozenset((429,))
BACKOFF_BASE = 0.5
BACKOFF_MAX = 30.0
RETRY_AFTER_MAX = 60.0
EXPECT = ("object", "any", "empty", "data", "text")
READ_METHODS = frozenset(("GET", "HEAD", "OPTIONS"))
DEFAULT_PORTS = {"http": 80, "https": 443}
BAD_READ_ANSWER_HINT = (
    "Check that %s points at the platform API itself (a proxy or portal may have answered) and try again."
)
# What a read that was not understood says about the task's own writes: the client counts what it sent.
NOTHING_WRITTEN = "Nothing was written by this task. "
WRITTEN_BEFORE = "This task sent %d write%s before this read; what the platform now holds was not read. "
# Generous for management answers (a page of 1,000 pull zones is a few MB); a module may raise it per client.
DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024
CHUNK_BYTES = 64 * 1024


def access_key_auth(api_key):
    """Headers of the management API: ``AccessKey: <key>``."""
    return {"AccessKey": api_key}


def bearer_auth(token):
    """Headers of the database endpoint: ``Authorization: Bearer <token>``."""
    return {"Authorization": "Bearer %s" % token}


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


class Client(object):
    """A platform API client bound to one base URL and one set of credentials.

    Redirects are never followed (docs/platform-notes.md, "Redirects"): the credential headers go to the origin of
    ``base_url`` only, and a 3xx answer fails naming its status and the origin it pointed to. The
    platform's Terraform provider does not follow them either (BunnyWay/terraform-provider-bunnynet
    internal/api/client.go: ``CheckRedirect`` returns ``http.ErrUseLastResponse``).
    ``validate_certs`` is passed with every request, because ``requests`` lets REQUESTS_CA_BUNDLE or
    CURL_CA_BUNDLE replace a session-wide ``verify=False``; with ``validate_certs`` true the bundle
    those variables name still applies.
    """

    def __init__(
        self,
        base_url,
        auth_headers,
        secrets=(),
        timeout=30.0,
        retries=3,
        validate_certs=True,
        session=None,
        sleep=None,
        warn=None,
        url_option="base_url",
        max_response_bytes=DEFAULT_MAX_RESPONSE_BYTES,
        size_option=None,
        keep_alive=False,
    ):
        self.base_url = base_url.rstrip("/")
        self.max_response_bytes = int(max_response_bytes)
        self.size_option = size_option
        self.secrets = tuple(s for s in secrets if s)
        self.timeout = timeout
        self.retries = max(0, int(retries))
        self.validate_certs = bool(validate_certs)
        self.url_option = url_option
        self.sleep = sleep or time.sleep
        self.warn = warn
        self.auth_headers = dict(auth_headers)
        self.writes_sent = 0  # requests that may change state sent by this client (this task): what a failure says
        # of those, the ones the platform may have applied (answered 2xx, or no confirming answer): a failed task
        # reports changed while any stands (context.execute); a re-read showing one NOT applied takes it back
        self.writes_maybe_applied = 0
        self.keep_alive = bool(keep_alive) and session is None
        self.session = session
        self._pid = None
        self._own_session()

    def _own_session(self):
        """``self.session`` for this process: the shared one when ``keep_alive`` (again after a fork)."""
        if self.keep_alive:
            self.session = shared_session(self.base_url, self.validate_certs)
            self._pid = os.getpid()
        elif self.session is None:
            self.session = requests.Session()
        self.session.verify = self.validate_certs
        self.session.headers.update({"User-Agent": USER_AGENT, "Accept": "application/json"})

    def url(self, path):
        return path if path.startswith(("http://", "https://")) else self.base_url + path

    @property
    def identity(self):
        """The platform and account this client sees, as the check-mode ledger scopes its notes (``ledger.py``): the
        API root, and the account's key for the management API (a database's token is no account: its URL is)."""
        return "%s\0%s" % (self.base_url, self.auth_headers.get("AccessKey") or "")

    def request(
        self,
        method,
        path,
        operation,
        json_body=None,
        params=None,
        allow_404=False,
        replay_safe=True,
        check_envelope=True,
        hints=None,
        expect="object",
        changes_state=None,
        decode=None,
        text_body=None,
    ):
        """Send one request, retrying what is safe to retry, and return a :class:`Reply`.

        ``operation`` names the action in errors ("Reading DNS zone 12").
        ``replay_safe=False`` marks a write that must not be sent twice once it may have
        reached the server; it is then retried only when it provably was not processed.
        ``hints`` maps a status to advice that replaces the generic one ("check zone_id" for 404).
        ``expect`` is what a 2xx body must be: a documented shape (``_api/answers.py``: anything with a ``name`` and
        ``accepts(data)``, such as "the DNS zone 12"), ``"object"`` (a JSON object, the
        default), ``"any"``
        (any JSON value: lists, pages), ``"data"`` (a shield envelope: a JSON object whose ``data`` is an
        object), ``"empty"`` (operations documented to answer 204 No Content: an empty body; a body there
        is not what the operation returns) or ``"text"`` (a document that is not JSON, such as a zone file: any
        body, empty included, read from ``Reply.text``; pass ``check_envelope=False``). Anything else fails with kind ``BAD_ANSWER`` before a caller can
        act on it; for a request that changes state that failure says the write is unconfirmed (it may or
        may not have been applied), which the reconciler settles with one re-read.
        ``changes_state`` says whether the request can change the platform (default: any method but
        GET/HEAD/OPTIONS); it decides between ``MAY_HAVE_BEEN_SENT`` and ``NO_ANSWER`` when no answer came.
        ``decode(text)`` turns a 2xx body into data instead of :func:`decode_json` (None: not JSON).
        ``text_body`` (a str, instead of ``json_body``) is sent as it is, UTF-8, as ``Content-Type: text/plain``.
        Raises :class:`ApiError` (with ``kind``) for every failure; 404 is returned only with ``allow_404``.
        """
        if expect not in EXPECT and not callable(getattr(expect, "accepts", None)):
            raise ValueError("expect must be a documented shape or one of %s" % ", ".join(EXPECT))
        if changes_state is None:
            changes_state = method.upper() not in READ_METHODS
        if changes_state:
            self.writes_sent += 1  # counted once, before the first attempt: it may land from here on
        try:
            reply = self._request(
                method,
                path,
                operation,
                json_body,
                params,
                allow_404,
                replay_safe,
                check_envelope,
                hints,
                expect,
                changes_state,
                decode,
                text_body,
            )
        except ApiError as error:
            if changes_state and error.kind in UNCONFIRMED_KINDS:
                self.writes_maybe_applied += 1
            raise
        if changes_state and 200 <= reply.status < 300:
            self.writes_maybe_applied += 1
        return reply

    def _request(
        self,
        method,
        path,
        operation,
        json_body,
        params,
        allow_404,
        replay_safe,
        check_envelope,
        hints,
        expect,
        changes_state,
        decode,
        text_body,
    ):
        url = self.url(path)
        if self.keep_alive and self._pid != os.getpid():
            self._own_session()  # never a session (nor a pooled socket) of another process
        headers, raw = self.auth_headers, {}
        if text_body is not None:
            headers = dict(headers, **{"Content-Type": "text/plain; charset=utf-8"})
            raw = {"data": text_body.encode("utf-8")}
        attempt = 0
        while True:
            try:
                response = self.session.request(
                    method,
                    url,
                    headers=headers,
                    json=json_body,
                    params=params,
                    timeout=self.timeout,
                    verify=self.validate_certs,
                    allow_redirects=False,
                    stream=True,
                    **raw,
                )
                try:
                    body = read_body(response, self.max_response_bytes)
                finally:
                    response.close()
            except UNBUILDABLE as exc:
                # these quote the offending header or URL, which may hold a secret: name the kind only
                raise ApiError(
                    operation,
                    None,
                    "the request could not be built (%s)" % type(exc).__name__,
                    hint="Check that %s is a plain URL and that the credentials hold no spaces or "
                    "newlines." % self.url_option,
                    kind=UNREACHABLE,
                )
            except requests.exceptions.RequestException as exc:
                never_sent = _never_sent(exc)
                # a certificate that failed verification fails the same way on every retry
                cured_by_retry = not isinstance(exc, requests.exceptions.SSLError)
                if (replay_safe or never_sent) and cured_by_retry and attempt < self.retries:
                    self._pause(operation, attempt, "a connection failure", None)
                    attempt += 1
                    continue
                raise self._transport_error(operation, url, exc, never_sent, changes_state, attempt)
            status = response.status_code
            retryable = status in (RETRY_STATUSES if replay_safe else NOT_PROCESSED_STATUSES)
            if retryable and attempt < self.retries:
                self._pause(
                    operation, attempt, "HTTP %s" % status, retry_after_seconds(response.headers.get("Retry-After"))
                )
                attempt += 1
                continue
            return self._reply(
                operation,
                url,
                response,
                body,
                allow_404,
                check_envelope,
                hints or {},
                attempt,
                expect,
                changes_state,
                decode,
            )

    def _reply(
        self,
        operation,
        url,
        response,
        body,
        allow_404,
        check_envelope,
        hints,
        attempt,
        expect,
        changes_state,
        decode=None,
    ):
        status = response.status_code
        text, size, state = body
        if 200 <= status < 300 and state != "complete":
            raise AnswerTooLarge(
                operation,
                status,
                size,
                self.max_response_bytes,
                self.size_option,
                changes_state,
                announced=state == "announced",
            )
        if status == 404 and allow_404:
            return Reply(status, text, response.headers)
        if 200 <= status < 300:
            reply = Reply(status, text, response.headers, decode)
            failure = envelope_failure(reply.data) if check_envelope else None
            if failure is not None:
                code, message, key = failure
                # a 200 carrying a failed envelope reports its real status in statusCode
                status = code if status == 200 and isinstance(code, int) else status
                raise ApiError(operation, status, self._clean(message), error_key=key, hint=hints.get(status))
            problem = self._unreadable(reply, expect)
            if problem:
                if changes_state:
                    raise unconfirmed(operation, status, self._clean(problem))
                raise self.not_understood(operation, status, problem)
            return reply
        if 300 <= status < 400:
            raise ApiError(
                operation,
                status,
                self._redirect_message(url, response.headers.get("Location")),
                hint="Set %s to the API's own address (for example %s); a redirect is never followed."
                % (self.url_option, self._example_root()),
            )
        message, key, field = parse_error_body(text)
        if attempt and status in RETRY_STATUSES:
            message = "%s (gave up after %d retries)" % (message or "no details", attempt)
        # a 5xx to a write proves nothing about whether it was applied
        kind = MAY_HAVE_BEEN_SENT if status >= 500 and changes_state else REFUSED
        # what is known about a write that may have landed outranks a module's advice for the status
        hint = None if kind == MAY_HAVE_BEEN_SENT else hints.get(status)
        raise ApiError(operation, status, self._clean(message), error_key=key, field=field, hint=hint, kind=kind)

    def not_understood(self, operation, status, problem):
        """The failure of a read whose 2xx answer is not what the operation documents (``problem`` says how): kind
        ``BAD_ANSWER``, nothing decided from it, and the hint says whether this task had written anything before."""
        written = self.writes_sent
        done = NOTHING_WRITTEN if not written else WRITTEN_BEFORE % (written, "" if written == 1 else "s")
        return ApiError(
            operation,
            status,
            self._clean(problem),
            kind=BAD_ANSWER,
            hint=done + BAD_READ_ANSWER_HINT % self.url_option,
        )

    @staticmethod
    def _unreadable(reply, expect):
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
            wanted = {
                "object": "the JSON object",
                "any": "the JSON",
                "empty": "the empty answer",
                "data": "the JSON object with data",
            }[expect]
        content_type = reply.headers.get("Content-Type") or "no content type"
        return "the answer (%s) is not %s this operation returns, so it was not understood: %s" % (
            shorten(content_type, 60),
            wanted,
            summary(text, content_type),
        )

    def _redirect_message(self, url, location):
        target = origin(urljoin(url, location)) if location else None
        if target is None:
            return "the platform answered with a redirect%s" % ("" if location else " without a Location")
        same = target == origin(url)
        return (
            "the platform answered with a redirect to %s%s, which is not followed: credentials are sent to the "
            "origin of %s only" % (target, " (the same origin, another path)" if same else "", self.url_option)
        )

    def _example_root(self):
        return "https://api.bunny.net" if self.url_option == "base_url" else "libsql://my-db.lite.bunnydb.net"

    def _pause(self, operation, attempt, why, retry_after):
        delay = backoff_delay(attempt, retry_after)
        if self.warn is not None and retry_after is not None and retry_after > RETRY_AFTER_MAX:
            self.warn("%s: Retry-After of %.0fs capped at %.0fs." % (operation, retry_after, RETRY_AFTER_MAX))
        self.sleep(delay)

    def _transport_error(self, operation, url, exc, never_sent, changes_state, attempt):
        """One clear ApiError for a failure without an HTTP answer (never the library's raw text)."""
        where = origin(url) or self.url_option
        retried = " (gave up after %d retries)" % attempt if attempt else ""
        if isinstance(exc, requests.exceptions.SSLError):
            return ApiError(
                operation,
                None,
                "the TLS connection to %s failed: %s%s" % (where, self._tls_reason(exc), retried),
                kind=UNREACHABLE,
                hint="Fix the certificate chain (or point REQUESTS_CA_BUNDLE at the CA that signed it), or set "
                "validate_certs=false for a test endpoint.",
            )
        if never_sent:
            reason = _connect_failure(exc, self.timeout)
            hint = "Check %s and that the %s is reachable." % (
                self.url_option,
                "database" if self.url_option == "database_url" else "platform",
            )
            if reason.startswith("no connection within"):
                hint = "Check %s and the network, or raise the timeout option on a slow network." % self.url_option
            return ApiError(
                operation,
                None,
                "could not connect to %s (%s)%s" % (where, reason, retried),
                kind=UNREACHABLE,
                hint=hint,
            )
        if isinstance(exc, requests.exceptions.ReadTimeout):
            what = "no answer from %s within %s seconds" % (where, _seconds(self.timeout))
        elif isinstance(exc, requests.exceptions.ConnectionError):
            what = "the connection to %s closed before an answer came" % where
        else:
            what = "the answer from %s could not be read (%s)" % (where, type(exc).__name__)
        if changes_state:
            return ApiError(operation, None, what + retried, kind=MAY_HAVE_BEEN_SENT)
        hint = (
            "Raise the timeout option or check the network."
            if isinstance(exc, requests.exceptions.Timeout)
            else "Check the network (or a proxy between this host and %s) and try again." % where
        )
        return ApiError(operation, None, what + retried, kind=NO_ANSWER, hint=hint)

    def _tls_reason(self, exc):
        for cause in _causes(exc):
            reason = getattr(cause, "verify_message", None) or getattr(cause, "reason", None)
            if isinstance(reason, str) and reason:
                return self._clean(reason.replace("_", " ").lower())
        return "certificate verification failed"

    def _clean(self, text):
        return scrub(text, self.secrets) if text else text


def _seconds(value):
    return ("%g" % value) if isinstance(value, float) else str(value)
