# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The connection of the database modules: their options and the Bearer client built from them.

Pass :func:`database_connection` as ``ModuleDef(connection=...)`` and ``_database/connection.hidden_tokens`` as its
``hidden_secrets``; the database URL rules themselves are pure (``_database/connection.py``).
"""

from __future__ import annotations

from ansible.module_utils.basic import env_fallback

from ansible_collections.edge.platform.plugins.module_utils._database.connection import (
    AUTH_TOKEN_ENV,
    DATABASE_URL_ENV,
    DatabaseUrlError,
    split_database_url,
    url_tokens,
    without_query,
)
from ansible_collections.edge.platform.plugins.module_utils._engine.client import (
    DEFAULT_MAX_RESPONSE_BYTES,
    Client,
    bearer_auth,
)

from .connection import (
    check_credential,
    check_not_empty,
    check_required,
    check_transport,
    transport_argument_spec,
    transport_options,
)

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


def database_connection(ctx):
    """Build the database :class:`Client` for ``ctx`` (the engine's context, on either host).

    The token is registered as a secret before anything can fail, so no message can show it.
    """
    params = ctx.params
    for secret in url_tokens(params["database_url"]) | {params.get("auth_token")}:
        ctx.add_secret(secret)
    url = (params["database_url"], "database_url", DATABASE_URL_ENV, "the database URL, for example " + EXAMPLE_URL)
    problem = check_required(*url) or check_not_empty(*url)
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
        **transport_options(ctx),
        url_option="database_url",
        example_root=EXAMPLE_URL,
        service="database",
        max_response_bytes=limit or DEFAULT_MAX_RESPONSE_BYTES,
        size_option="max_response_bytes" if limit is not None else None,
        keep_alive=True,  # the items of a loop reuse one connection (_engine/sessions.py)
    )
