# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The HTTP transport shared by every module: one session, auth, timeouts, retries, error funnel.

Retries are one small loop rather than urllib3 ``Retry`` because the policy is per request: a
write that may already have reached the platform (a database pipeline) must not be replayed,
``Retry-After`` is capped so a hostile header cannot park a job for an hour, and the clock is
injectable so unit tests prove every branch without sleeping.
"""

from __future__ import annotations

import random
import time
import traceback

from ansible.module_utils.ansible_release import __version__ as ANSIBLE_CORE_VERSION

from ._errors import ApiError, decode_json, envelope_failure, parse_error_body, scrub
from ._version import COLLECTION_VERSION

try:
    import requests
    from urllib3.exceptions import ConnectTimeoutError, NewConnectionError
except ImportError:  # pragma: no cover - exercised by the import sanity test
    requests = None
    REQUESTS_IMPORT_ERROR = traceback.format_exc()
    UNBUILDABLE = ()
else:
    REQUESTS_IMPORT_ERROR = None
    # failures before anything is sent that no retry can cure
    UNBUILDABLE = (requests.exceptions.InvalidHeader, requests.exceptions.InvalidURL,
                   requests.exceptions.MissingSchema, requests.exceptions.InvalidSchema)

USER_AGENT = "edge.platform/%s ansible-core/%s" % (COLLECTION_VERSION, ANSIBLE_CORE_VERSION)
RETRY_STATUSES = frozenset((429, 502, 503, 504))
# Statuses that say the request was refused before it was processed: safe to replay a write.
NOT_PROCESSED_STATUSES = frozenset((429,))
BACKOFF_BASE = 0.5
BACKOFF_MAX = 30.0
RETRY_AFTER_MAX = 60.0


def access_key_auth(api_key):
    """Headers of the management API: ``AccessKey: <key>``."""
    return {"AccessKey": api_key}


def bearer_auth(token):
    """Headers of the database endpoint: ``Authorization: Bearer <token>``."""
    return {"Authorization": "Bearer %s" % token}


class Reply(object):
    """A successful answer: status, decoded JSON (or None), raw text, headers."""

    def __init__(self, status, text, headers):
        self.status = status
        self.text = text
        self.headers = headers
        self.data = decode_json(text)

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
    step = min(BACKOFF_MAX, BACKOFF_BASE * (2 ** attempt))
    return step / 2 + rand() * step / 2


def _never_sent(exc):
    """True when a transport failure happened before the request could reach the server."""
    if isinstance(exc, requests.exceptions.ConnectTimeout):
        return True
    seen = 0
    cause = exc
    while cause is not None and seen < 6:
        if isinstance(cause, (NewConnectionError, ConnectTimeoutError)):
            return True
        args = getattr(cause, "args", ())
        cause = getattr(cause, "reason", None) or (args[0] if args and isinstance(args[0], BaseException) else None)
        seen += 1
    return False


class Client(object):
    """A platform API client bound to one base URL and one set of credentials."""

    def __init__(self, base_url, auth_headers, secrets=(), timeout=30.0, retries=3,
                 validate_certs=True, session=None, sleep=None, warn=None):
        self.base_url = base_url.rstrip("/")
        self.secrets = tuple(s for s in secrets if s)
        self.timeout = timeout
        self.retries = max(0, int(retries))
        self.sleep = sleep or time.sleep
        self.warn = warn
        self.session = session if session is not None else requests.Session()
        self.session.verify = validate_certs
        self.session.headers.update({"User-Agent": USER_AGENT, "Accept": "application/json"})
        self.session.headers.update(auth_headers)

    def url(self, path):
        return path if path.startswith(("http://", "https://")) else self.base_url + path

    def request(self, method, path, operation, json_body=None, params=None, allow_404=False,
                replay_safe=True, check_envelope=True, hints=None):
        """Send one request, retrying what is safe to retry, and return a :class:`Reply`.

        ``operation`` names the action in errors ("Reading DNS zone 12").
        ``replay_safe=False`` marks a write that must not be sent twice once it may have
        reached the server; it is then retried only when it provably was not processed.
        ``hints`` maps a status to advice that replaces the generic one ("check zone_id" for 404).
        Raises :class:`ApiError` for every failure; 404 is returned only with ``allow_404``.
        """
        attempt = 0
        while True:
            try:
                response = self.session.request(method, self.url(path), json=json_body,
                                                params=params, timeout=self.timeout)
            except UNBUILDABLE as exc:
                # these quote the offending header or URL, which may hold a secret: name the kind only
                raise ApiError(operation, None, "the request could not be built (%s)" % type(exc).__name__,
                               hint="Check that base_url is a plain URL and that the credentials hold no spaces or newlines.")
            except requests.exceptions.RequestException as exc:
                retryable = replay_safe or _never_sent(exc)
                if retryable and attempt < self.retries:
                    self._pause(operation, attempt, "a connection failure", None)
                    attempt += 1
                    continue
                raise ApiError(operation, None, self._transport_message(exc, attempt),
                               hint=self._transport_hint(exc, retryable))
            status = response.status_code
            retryable = status in (RETRY_STATUSES if replay_safe else NOT_PROCESSED_STATUSES)
            if retryable and attempt < self.retries:
                self._pause(operation, attempt, "HTTP %s" % status,
                            retry_after_seconds(response.headers.get("Retry-After")))
                attempt += 1
                continue
            return self._reply(operation, response, allow_404, check_envelope, hints or {}, attempt)

    def _reply(self, operation, response, allow_404, check_envelope, hints, attempt):
        status = response.status_code
        text = response.text or ""
        if status == 404 and allow_404:
            return Reply(status, text, response.headers)
        if 200 <= status < 300:
            reply = Reply(status, text, response.headers)
            failure = envelope_failure(reply.data) if check_envelope else None
            if failure is None:
                return reply
            code, message, key = failure
            # a 200 carrying a failed envelope reports its real status in statusCode
            status = code if status == 200 and isinstance(code, int) else status
            raise ApiError(operation, status, self._clean(message), error_key=key, hint=hints.get(status))
        message, key, field = parse_error_body(text)
        if attempt and status in RETRY_STATUSES:
            message = "%s (gave up after %d retries)" % (message or "no details", attempt)
        raise ApiError(operation, status, self._clean(message), error_key=key, field=field,
                       hint=hints.get(status))

    def _pause(self, operation, attempt, why, retry_after):
        delay = backoff_delay(attempt, retry_after)
        if self.warn is not None and retry_after is not None and retry_after > RETRY_AFTER_MAX:
            self.warn("%s: Retry-After of %.0fs capped at %.0fs." % (operation, retry_after, RETRY_AFTER_MAX))
        self.sleep(delay)

    def _transport_message(self, exc, attempt):
        kind = type(exc).__name__
        detail = self._clean(str(exc))
        text = "%s: %s" % (kind, detail)
        if attempt:
            text += " (gave up after %d retries)" % attempt
        return text

    @staticmethod
    def _transport_hint(exc, retryable):
        if isinstance(exc, requests.exceptions.SSLError):
            return "TLS verification failed: fix the certificate chain, or set validate_certs=false for a test endpoint."
        if isinstance(exc, requests.exceptions.Timeout):
            return "No answer in time: raise the timeout option or check the network."
        if not retryable:
            return "The request may have reached the server, so it was not sent again; check the outcome before re-running."
        return "Check base_url and that the platform is reachable."

    def _clean(self, text):
        return scrub(text, self.secrets) if text else text
