# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The connection options every management API module shares, and the management API client.

Option specs and the environment variables their fallbacks read (doc fragments ``edge.platform.management_api``
and ``edge.platform.transport``), the checks of connection options (each message names the option and every
place its value can come from, and never shows a credential), and :func:`management_client`, the
``"management"`` connection of ``ModuleDef``. The database modules build their connection from the same
checks (``_hosts/database_connection.py``).
"""

from __future__ import annotations

import math
import os
from urllib.parse import urlsplit, urlunsplit

from ansible.module_utils.basic import env_fallback

from ansible_collections.edge.platform.plugins.module_utils._engine.client import Client, access_key_auth

# Environment variables, first found wins. BUNNYNET_API_KEY / BUNNYNET_API_URL are what the platform's
# Terraform provider reads (BunnyWay/terraform-provider-bunnynet internal/provider/provider.go, Configure).
API_KEY_ENV = ("EDGE_API_KEY", "BUNNYNET_API_KEY")
BASE_URL_ENV = ("EDGE_BASE_URL", "BUNNYNET_API_URL")
# The platform's API root: base_url's default (as the Terraform provider defaults its api_url, and hetzner.hcloud its
# endpoint). A variable above that is set but empty is an error, never this default (see check_not_empty).
DEFAULT_BASE_URL = "https://api.bunny.net"
VALIDATE_CERTS_ENV = ("EDGE_VALIDATE_CERTS",)
# No platform call answers faster than a network round trip; below this a timeout only turns every request
# into a failure (and, for a write, into a write that may have landed without an answer).
TIMEOUT_MIN = 0.1
# One request never legitimately takes longer; larger values (1e308) overflow the socket layer.
TIMEOUT_MAX = 3600.0
# Backoff is capped at 30 s a wait: 10 retries already keep a task waiting up to about five minutes.
RETRIES_MAX = 10


def transport_argument_spec():
    """Options every connection shares (doc fragment ``edge.platform.transport``)."""
    return dict(
        validate_certs=dict(type="bool", default=True, fallback=(env_fallback, list(VALIDATE_CERTS_ENV))),
        timeout=dict(type="float", default=30.0),
        retries=dict(type="int", default=3),
    )


def management_argument_spec():
    """Options of every management API module (doc fragment ``edge.platform.management_api``).

    ``api_key`` is checked by :func:`management_client` rather than ``required=True``, so a missing one is reported
    with every environment variable that could supply it; ``base_url`` defaults to the platform's API root.
    """
    spec = dict(
        api_key=dict(type="str", no_log=True, aliases=["access_key"], fallback=(env_fallback, list(API_KEY_ENV))),
        base_url=dict(type="str", default=DEFAULT_BASE_URL, fallback=(env_fallback, list(BASE_URL_ENV))),
    )
    spec.update(transport_argument_spec())
    return spec


def _sources(option, envs, alias=None):
    names = " or ".join(envs)
    return "%s%s, or the %s environment variable%s" % (
        option,
        " (or its alias %s)" % alias if alias else "",
        names,
        "s" if len(envs) > 1 else "",
    )


def check_required(value, option, envs, what, alias=None):
    """An error message when a required connection option is missing, naming every place it can come from."""
    if value is None:
        return "%s is required: set %s to %s." % (option, _sources(option, envs, alias), what)
    return None


def set_but_empty(envs):
    """The environment variable a fallback reads (the first one set) when it is set but blank, else None."""
    for name in envs:
        if name in os.environ:
            return name if not os.environ[name].strip() else None
    return None


def check_not_empty(value, option, envs, what, alias=None):
    """An error message when a connection option is empty or blank, naming the variable that made it so."""
    if value is None or value.strip():
        return None
    variable = set_but_empty(envs)
    if variable is not None:
        # an AWX credential field left empty still injects its variable, empty
        return (
            "%s is empty: the %s environment variable is set but empty (a credential field left empty?). Give %s "
            "in %s." % (option, variable, what, _sources(option, envs, alias))
        )
    return "%s is empty: give %s in %s (an empty variable still counts as set)." % (
        option,
        what,
        _sources(option, envs, alias),
    )


def check_credential(value, option, envs, alias=None):
    """An error message when a credential cannot be sent in an HTTP header, else None (never shows it).

    Refused before any request: empty or whitespace-only (an unset variable exported as ``""``), non-ASCII
    (HTTP headers carry Latin-1 at most; platform keys and tokens are ASCII), or spaces and control characters.
    """
    if value is None:
        return None
    if not value.strip():
        return check_not_empty(value, option, envs, "the credential", alias)
    if any(ord(c) > 126 for c in value):
        return (
            "%s contains characters outside ASCII, which an HTTP header cannot carry (platform keys and tokens "
            "are ASCII): copy the value again from the dashboard into %s." % (option, _sources(option, envs, alias))
        )
    if value != value.strip() or any(ord(c) < 33 or ord(c) == 127 for c in value):
        return (
            "%s contains spaces, a newline or control characters, which an HTTP header cannot carry: remove them "
            "(a YAML block scalar such as '|' adds a trailing newline; use '|-' or a quoted string, or check %s)."
            % (option, " and ".join(envs))
        )
    return None


def transport_options(ctx):
    """The ``Client`` keywords every connection takes alike: the transport options (checked by
    :func:`check_transport`), the context's secrets and its warnings."""
    params = ctx.params
    return dict(
        secrets=ctx.secrets,
        timeout=params["timeout"],
        retries=params["retries"],
        validate_certs=params["validate_certs"],
        warn=ctx.warn,
    )


def check_transport(params):
    """An error message when ``timeout`` or ``retries`` cannot be used, else None."""
    timeout = params["timeout"]
    if not math.isfinite(timeout) or not TIMEOUT_MIN <= timeout <= TIMEOUT_MAX:
        return (
            "timeout must be a number of seconds from %g to %g (below %g s nothing can answer; above %g s is no "
            "longer a timeout); got %s." % (TIMEOUT_MIN, TIMEOUT_MAX, TIMEOUT_MIN, TIMEOUT_MAX, timeout)
        )
    if not 0 <= params["retries"] <= RETRIES_MAX:
        return "retries must be from 0 to %d (waits grow to 30 s each, so %d retries already wait minutes); got %s." % (
            RETRIES_MAX,
            RETRIES_MAX,
            params["retries"],
        )
    return None


def check_http_url(value, option, example=DEFAULT_BASE_URL, root=True):
    """An error message when ``value`` is not the root of an http(s) API (no path, query or user; a path allowed
    without ``root``), else None."""
    text = (value or "").strip()
    try:
        parts = urlsplit(text)
        parts.port  # pylint: disable=pointless-statement  # raises on a bad port
    except ValueError as exc:
        return "%s is not a valid URL (%s); give it as %s." % (option, exc, example)
    # shown in errors: never a query (it may hold a token) or a user:password part
    shown = urlunsplit((parts.scheme, parts.netloc.rpartition("@")[2], parts.path, "", ""))
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return "%s must be an absolute http:// or https:// URL (for example %s); got %r." % (option, example, shown)
    if parts.username is not None or parts.password is not None:
        return "%s must not carry a user or password before the host; give the key in api_key." % option
    if (root and parts.path not in ("", "/")) or parts.query or parts.fragment:
        return "%s must be the API root, without a path or query (for example %s); got %r with a %s." % (
            option,
            example,
            shown,
            "path" if parts.path not in ("", "/") else "query or fragment",
        )
    return None


def management_problem(api_key, base_url, transport):
    """What is wrong with the management API's connection options (``transport``: timeout and retries), or None; the
    modules and the inventory plugin check them alike."""
    return (
        check_required(api_key, "api_key", API_KEY_ENV, "the account API key", alias="access_key")
        or check_credential(api_key, "api_key", API_KEY_ENV, alias="access_key")
        or check_not_empty(base_url, "base_url", BASE_URL_ENV, "the API root, %s" % DEFAULT_BASE_URL)
        or check_http_url(base_url, "base_url")
        or check_transport(transport)
    )


def management_client(ctx):
    """The management API client for a context (the ``"management"`` connection); fails on bad options."""
    params = ctx.params
    problem = management_problem(params["api_key"], params["base_url"], params)
    if problem:
        ctx.fail(problem)
    return Client(
        params["base_url"].strip(),
        access_key_auth(params["api_key"]),
        **transport_options(ctx),
        example_root=DEFAULT_BASE_URL,
        keep_alive=True,  # the items of a loop reuse one connection (_engine/sessions.py)
    )
