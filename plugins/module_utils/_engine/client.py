# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The platform API client every module uses: one base URL, one set of credentials, what this task has sent.

The work is split by job: ``call.py`` (one request and its options, checked in one place), ``transport.py``
(sending it: session, timeouts, retries, bounded reading, failures without an answer), ``answers.py`` (reading the
answer: status, JSON, the documented shape, envelopes) and ``errors.py`` (the error type and its kinds). The client
knows no caller: what its messages name (the URL option, an example root, what the URL leads to) is handed in by
the connection that builds it (``_hosts/connection.py``, ``_hosts/database_connection.py``).

``keep_alive=True`` (what the management and database connections ask for) takes the session from
``sessions.py``: one per origin and settings in this process, so the items of a loop reuse one connection; the
credentials go with each request, never on the session. ``client.session`` is always a ``requests.Session``.
"""

from __future__ import annotations

import os
import time

from ansible.module_utils.ansible_release import __version__ as ANSIBLE_CORE_VERSION

from .answers import not_understood, read_answer
from .call import READ_METHODS, Call
from .errors import UNCONFIRMED_KINDS, AnswerTooLarge, ApiError, scrub
from .sessions import shared_session
from .transport import REQUESTS_IMPORT_ERROR, requests, send
from .version import COLLECTION_VERSION

# What callers import from here (the rest of the split is the client's own business).
__all__ = [
    "DEFAULT_MAX_RESPONSE_BYTES",
    "READ_METHODS",
    "REQUESTS_IMPORT_ERROR",
    "AnswerTooLarge",
    "Client",
    "access_key_auth",
    "bearer_auth",
]

USER_AGENT = "edge.platform/%s ansible-core/%s" % (COLLECTION_VERSION, ANSIBLE_CORE_VERSION)
# Generous for management answers (a page of 1,000 pull zones is a few MB); a module may raise it per client.
DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024


def access_key_auth(api_key):
    """Headers of the management API: ``AccessKey: <key>``."""
    return {"AccessKey": api_key}


def bearer_auth(token):
    """Headers of the database endpoint: ``Authorization: Bearer <token>``."""
    return {"Authorization": "Bearer %s" % token}


class Client(object):
    """A platform API client bound to one base URL and one set of credentials.

    Redirects are never followed (docs/platform-notes.md, "Redirects"): the credential headers go to the origin of
    ``base_url`` only, and a 3xx answer fails naming its status and the origin it pointed to. The
    platform's Terraform provider does not follow them either (BunnyWay/terraform-provider-bunnynet
    internal/api/client.go: ``CheckRedirect`` returns ``http.ErrUseLastResponse``).
    ``validate_certs`` is passed with every request, because ``requests`` lets REQUESTS_CA_BUNDLE or
    CURL_CA_BUNDLE replace a session-wide ``verify=False``; with ``validate_certs`` true the bundle
    those variables name still applies.
    What messages name is handed in by the connection: ``url_option`` (the option holding ``base_url``),
    ``example_root`` (an API root shown as an example when a redirect answers) and ``service`` (what the URL leads
    to: "Check base_url and that the platform is reachable").
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
        example_root=None,
        service="platform",
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
        self.example_root = example_root
        self.service = service
        self.sleep = sleep or time.sleep
        # told of each retry's wait (seconds) before it starts, so every sender of the task may hold for as long (a
        # 429's Retry-After is the account's: the purge pacer holds its other purges, _cores/purge_pacing.py)
        self.pause_listeners = []
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

    def request(self, method, path, operation, **options):
        """Send one request, retrying what is safe to retry, and return a :class:`~.answers.Reply`.

        ``options`` are those of :class:`~.call.Call` (``json_body``, ``params``, ``allow_404``, ``replay_safe``,
        ``check_envelope``, ``hints``, ``expect``, ``changes_state``, ``decode``, ``text_body``, ``classify``),
        documented there. Raises :class:`ApiError` (with ``kind``) for every failure; 404 is returned only with
        ``allow_404``.
        """
        call = Call(method, self.url(path), operation, **options)
        if call.changes_state:
            self.writes_sent += 1  # counted once, before the first attempt: it may land from here on
        try:
            reply = self._send(call)
        except ApiError as error:
            classified = call.classify(error) if call.classify is not None else error
            if call.changes_state and classified.kind in UNCONFIRMED_KINDS:
                self.writes_maybe_applied += 1
            if classified is error:
                raise
            raise classified from None
        if call.changes_state and 200 <= reply.status < 300:
            self.writes_maybe_applied += 1
        return reply

    def _send(self, call):
        if self.keep_alive and self._pid != os.getpid():
            self._own_session()  # never a session (nor a pooled socket) of another process
        response, body, attempt = send(self, call)
        return read_answer(self, call, response, body, attempt)

    def not_understood(self, operation, status, problem):
        """The failure of a read whose 2xx answer is not what the operation documents (``problem`` says how): kind
        ``BAD_ANSWER``, nothing decided from it, and the hint says whether this task had written anything before."""
        return not_understood(operation, status, self.clean(problem), self.writes_sent, self.url_option)

    def clean(self, text):
        """``text`` with this client's secrets replaced (what every message it builds goes through)."""
        return scrub(text, self.secrets) if text else text
