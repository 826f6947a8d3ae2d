# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""HTTP sessions kept alive across the items of a loop, never across processes.

Users' view: docs/guide.md, "On a real network: one connection per loop".

On a real network a new connection costs two round trips (the TCP and TLS handshakes) before the request's
own. A task's loop items run one after the other in one worker process, and each builds a new
:class:`~._engine.client.Client`; :func:`shared_session` hands them the same ``requests.Session`` for the same
origin and settings, so the second item onwards reuses the first one's connection.

The rules:

- **Keyed by** :func:`session_key`: the origin (scheme, host, port: ``transport.origin``), ``validate_certs``, and
  the environment that decides how a connection is verified or routed (``REQUESTS_CA_BUNDLE``, ``CURL_CA_BUNDLE``,
  ``SSL_CERT_FILE``, ``SSL_CERT_DIR``, the proxy variables), read when the client is built (a task's
  ``environment:`` applies then). A connection verified under one CA bundle is never used under another.
- **Never shared between processes.** The cache belongs to the process that filled it: every call compares
  ``os.getpid()`` with the owner's. A forked child (Ansible forks a worker per task and host) starts with an
  empty cache and builds its own session and connections. What it inherited from its parent is kept aside,
  never used and never closed: closing in the child could send a TLS ``close_notify`` or a shutdown on a
  connection the parent still uses (a fork shares the socket), and merely dropping them would let garbage
  collection close them the same way. The child's copies of those descriptors go when the child exits (an
  Ansible worker lives for one task); the parent's cache is bounded, so so is what a child keeps aside.
- **No secret on a shared session.** Credentials travel with each request (``Client`` passes its auth
  headers per request), never in ``session.headers`` or ``session.auth``, so an item or task with another key
  never sends an earlier one. Cookies are refused (a cookie set for one key must not ride along with another
  key's requests). Redirects are never followed (the client asks so per request).
- **Bounded.** At most :data:`MAX_SESSIONS` sessions per process, least recently used evicted and closed
  (it belongs to this process, so closing it is safe).

The module path gets nothing from this (a process per loop item); the in-process path does.
"""

from __future__ import annotations

import collections
import os
import threading
from http.cookiejar import DefaultCookiePolicy

from .transport import origin

try:
    import requests
    from requests.cookies import RequestsCookieJar
except ImportError:  # pragma: no cover - the client reports the missing library
    requests = None

MAX_SESSIONS = 8
# Variables that change how a connection is verified or which proxy it goes through (both cases are read).
ENVIRONMENT = (
    "REQUESTS_CA_BUNDLE",
    "CURL_CA_BUNDLE",
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
    "HTTPS_PROXY",
    "HTTP_PROXY",
    "ALL_PROXY",
    "NO_PROXY",
)


def session_key(base_url, validate_certs, environ=None):
    """What a shared session is keyed by: origin, ``validate_certs`` and the verification and proxy environment."""
    environ = os.environ if environ is None else environ
    settings = tuple(
        (name, environ.get(name), environ.get(name.lower()))
        for name in ENVIRONMENT
        if name in environ or name.lower() in environ
    )
    # the hosts check base_url before a client is made; one they could not read would still get a session of its own
    return origin(base_url) or base_url, bool(validate_certs), settings


class _Cache(object):
    """The sessions of one process (``pid``); ``inherited`` holds what a fork brought from the parent, unused."""

    def __init__(self, pid, inherited=()):
        self.pid = pid
        self.lock = threading.Lock()
        self.sessions = collections.OrderedDict()
        self.inherited = list(inherited)


_cache = _Cache(os.getpid())


def _own_cache():
    """This process's cache; a new, empty one (with a new lock) the first time a forked child asks."""
    global _cache  # pylint: disable=global-statement  # one cache per process
    cache = _cache
    pid = os.getpid()
    if cache.pid != pid:
        # a fork: the parent's sessions and their sockets are the parent's. Keep them referenced (so neither
        # a close nor garbage collection here can touch the parent's connections) and never use them.
        cache = _Cache(pid, cache.inherited + list(cache.sessions.values()))
        _cache = cache
    return cache


def new_session():
    """A ``requests.Session`` fit to share: no credentials on it, and cookies refused."""
    session = requests.Session()
    session.cookies = RequestsCookieJar(policy=DefaultCookiePolicy(allowed_domains=[]))
    return session


def shared_session(base_url, validate_certs):
    """The ``requests.Session`` of this process for ``base_url``'s origin and these settings (made on first use)."""
    key = session_key(base_url, validate_certs)
    cache = _own_cache()
    with cache.lock:
        session = cache.sessions.get(key)
        if session is not None:
            cache.sessions.move_to_end(key)
            return session
        session = new_session()
        cache.sessions[key] = session
        evicted = []
        while len(cache.sessions) > MAX_SESSIONS:
            evicted.append(cache.sessions.popitem(last=False)[1])
    for old in evicted:
        old.close()  # made by this process (the cache is per pid): its connections are ours to close
    return session


def clear():
    """Forget this process's sessions, closing them (tests; a process that wants its connections gone)."""
    cache = _own_cache()
    with cache.lock:
        sessions = list(cache.sessions.values())
        cache.sessions.clear()
    for session in sessions:
        close = getattr(session, "close", None)
        if close is not None:
            close()
