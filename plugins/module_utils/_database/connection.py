# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The database URL rules of the database modules (pure Python): schemes, the token in the URL, the environment
variables that supply them.

:func:`hidden_tokens` is the modules' ``hidden_secrets``. The token may arrive in ``auth_token`` (or its environment
variable) or as the ``?authToken=`` query parameter some libSQL clients use; either way it is sent only in the
``Authorization`` header and every URL the module keeps, sends or shows is the URL without it. The options and the
client they build are host code: ``_hosts/database_connection.py``.
"""

from __future__ import annotations

import os
import re
from urllib.parse import parse_qsl, unquote_plus, urlsplit, urlunsplit

SCHEMES = {"libsql": "https", "https": "https", "http": "http"}
TOKEN_PARAMETER = re.compile(r"[?&;]authToken=([^&#;]*)")
# First found wins. SERVICE_* is what the guide's AWX credential type injects; BUNNY_* is what the platform's
# CLI writes to .env and Edge Scripting sets (docs/platform-notes.md, "Database tokens").
DATABASE_URL_ENV = ("SERVICE_DATABASE_URL", "BUNNY_DATABASE_URL")
AUTH_TOKEN_ENV = ("SERVICE_DATABASE_AUTH_TOKEN", "BUNNY_DATABASE_AUTH_TOKEN")


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
