# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The connection of the database modules: options, database URL rules, the Bearer client.

Pass :func:`database_connection` as ``ModuleDef(connection=...)`` and :func:`hidden_tokens` as its
``hidden_secrets``. The token may arrive in
``auth_token`` (or its environment variable) or as the ``?authToken=`` query parameter some
libSQL clients use; either way it is sent only in the ``Authorization`` header and every URL the
module keeps, sends or shows is the URL without it.
"""

from __future__ import annotations

import os
import re
from urllib.parse import parse_qsl, unquote_plus, urlsplit, urlunsplit

from ansible.module_utils.basic import env_fallback

from ansible_collections.edge.platform.plugins.module_utils._engine.client import (
    DEFAULT_MAX_RESPONSE_BYTES,
    Client,
    bearer_auth,
)
from ansible_collections.edge.platform.plugins.module_utils._hosts.connection import (
    check_credential,
    check_not_empty,
    check_required,
    check_transport,
    transport_argument_spec,
)

SCHEMES = {"libsql": "https", "https": "https", "http": "http"}
TOKEN_PARAMETER = re.compile(r"[?&;]authToken=([^&#;]*)")
# First found wins. SERVICE_* is what the guide's AWX credential type injects; BUNNY_* is what the platform's
# CLI writes to .env and Edge Scripting sets (docs/platform-notes.md, "Database tokens").
DATABASE_URL_ENV = ("SERVICE_DATABASE_URL", "BUNNY_DATABASE_URL")
AUTH_TOKEN_ENV = ("SERVICE_DATABASE_AUTH_TOKEN", "BUNNY_DATABASE_AUTH_TOKEN")
# What a message about a redirect shows as a database URL to give instead.
EXAMPLE_URL = "libsql://my-db.lite.bunnydb.net"


def database_argument_spec():
    """Options of every database module (doc fragment ``edge.platform.database``).

    ``database_url`` is checked by the connection rather than ``required=True``, so a missing one is
    reported with every environment variable that could supply it.
    """
    spec = dict(
        database_url=dict(type="str", fallback=(env_fallback, list(DATABASE_URL_ENV))),
        auth_token=dict(type="str", no_log=True, fallback=(env_fallback, list(AUTH_TOKEN_ENV))),
    )
    spec.update(transport_argument_spec())
    return spec


class DatabaseUrlError(ValueError):
    """A database URL that cannot be used; the message never contains the token."""


def split_database_url(value):
    """``(endpoint, token)``: the http(s) URL to post to (no query, no trailing ``/``) and the
    ``authToken`` query parameter or None.

    ``libsql://`` becomes ``https://``; ``https://`` and ``http://`` (the local emulator) are kept.
    """
    text = (value or "").strip()
    try:
        parts = urlsplit(text)
        port = parts.port  # raises on a non-numeric port
    except ValueError as exc:
        raise DatabaseUrlError("database_url is not a valid URL (%s)." % exc)
    del port
    # shown in errors: no query (the token) and no user:password part
    shown = urlunsplit((parts.scheme, parts.netloc.rpartition("@")[2], parts.path, "", ""))
    scheme = SCHEMES.get(parts.scheme.lower())
    if scheme is None or not parts.hostname:
        raise DatabaseUrlError(
            "database_url must be a libsql://, https:// or (for a local emulator) http:// URL with a host, "
            "for example libsql://my-db.lite.bunnydb.net; got %r." % shown
        )
    if parts.username is not None or parts.password is not None:
        raise DatabaseUrlError(
            "database_url must not carry credentials before the host; give the token in auth_token instead."
        )
    token = None
    for name, item in parse_qsl(parts.query, keep_blank_values=True):
        if name != "authToken":
            raise DatabaseUrlError(
                "database_url has the query parameter %r; only authToken is understood. Remove it "
                "(use http:// rather than tls=0 for a plain-HTTP endpoint)." % name
            )
        if not item:
            raise DatabaseUrlError(
                "database_url has an empty authToken query parameter; remove it or give the token in auth_token."
            )
        if token is not None and item != token:
            raise DatabaseUrlError("database_url has two different authToken query parameters; keep one.")
        token = item
    endpoint = urlunsplit((scheme, parts.netloc, parts.path.rstrip("/"), "", ""))
    return endpoint, token


def hidden_tokens(params):
    """Tokens inside ``database_url`` (or any of its environment fallbacks), to mask before argument validation."""
    found = url_tokens(params.get("database_url"))
    for name in DATABASE_URL_ENV:
        found |= url_tokens(os.environ.get(name))
    return found


def url_tokens(value):
    """Every ``authToken`` value in ``value`` (raw and decoded), found even in an otherwise broken URL, or in
    any text inside a wrongly typed value (a list or dictionary given as ``database_url``)."""
    found = set()
    if value is None:
        return found
    texts = [value] if isinstance(value, str) else [str(value)] + list(_texts(value))
    for text in texts:
        for raw in TOKEN_PARAMETER.findall(text):
            found.update(t for t in (raw, unquote_plus(raw)) if t)
    return found


def _texts(value):
    if isinstance(value, dict):
        value = list(value.keys()) + list(value.values())
    if isinstance(value, (list, tuple, set)):
        for item in value:
            yield from _texts(item)
    elif isinstance(value, str):
        yield value


def without_query(value):
    """``value`` without its query string and fragment (the token lives in the query)."""
    parts = urlsplit(value.strip())
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))


def database_connection(ctx):
    """Build the database :class:`Client` for ``ctx`` (the engine's context, on either host).

    The token is registered as a secret before anything can fail, so no message can show it.
    """
    params = ctx.params
    for secret in url_tokens(params["database_url"]) | {params.get("auth_token")}:
        ctx.add_secret(secret)
    problem = check_required(
        params["database_url"],
        "database_url",
        DATABASE_URL_ENV,
        "the database URL, for example libsql://my-db.lite.bunnydb.net",
    )
    problem = problem or check_not_empty(
        params["database_url"],
        "database_url",
        DATABASE_URL_ENV,
        "the database URL, for example libsql://my-db.lite.bunnydb.net",
    )
    if problem:
        ctx.fail(problem)
    endpoint, url_token = None, None
    try:
        endpoint, url_token = split_database_url(params["database_url"])
    except DatabaseUrlError as exc:
        ctx.fail(str(exc))
    if url_token:
        # what both hosts echo as module_args: the URL as given, minus the query that held the token
        params["database_url"] = without_query(params["database_url"])
    token = params.get("auth_token")
    if url_token and token and token.strip() and url_token != token:
        ctx.fail(
            "database_url carries an authToken query parameter that differs from auth_token "
            "(or %s); give the token once, preferably in auth_token." % " / ".join(AUTH_TOKEN_ENV)
        )
    if url_token and (token is None or not token.strip()):
        # an empty auth_token beside a URL token means "no token option" (it overrides an environment fallback)
        token = url_token
    problem = (
        check_required(
            token,
            "auth_token",
            AUTH_TOKEN_ENV,
            "a full-access or read-only token of the database (or put it in database_url as ?authToken=)",
        )
        or check_credential(token, "auth_token", AUTH_TOKEN_ENV)
        or check_transport(params)
    )
    if problem:
        ctx.fail(problem)
    limit = params.get("max_response_bytes")  # in range: the module's bounds were checked first
    return Client(
        endpoint,
        bearer_auth(token),
        secrets=ctx.secrets,
        timeout=params["timeout"],
        retries=params["retries"],
        validate_certs=params["validate_certs"],
        warn=ctx.warn,
        url_option="database_url",
        example_root=EXAMPLE_URL,
        service="database",
        max_response_bytes=limit or DEFAULT_MAX_RESPONSE_BYTES,
        size_option="max_response_bytes" if limit is not None else None,
        keep_alive=True,  # the items of a loop reuse one connection (_engine/sessions.py)
    )
