# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The URLs of a cache purge: checked before any request, and sorted into the platform's two purge types (pure
Python: no Ansible imports). See docs/platform-notes.md, "Cache purge: endpoints, answers and rate limits".

- :func:`url_problem`: why a URL cannot be purged as given (the message names the option and the fix), or None.
  A URL is absolute ``http``/``https`` with a host; it carries no user information (``https://www.example.com@
  other.example/`` says one host and is on another, and a credential would travel in the purge request's query),
  no backslash (read as ``/`` by some parsers: another host again), no fragment (never part of a cached URL), no
  ``*`` in its host, no whitespace or control character.
- :func:`purge_kind`: :data:`EXACT` or :data:`PREFIX`, as the platform's rate limits define the two types: a ``*``
  anywhere, or a path ending in ``/`` (an empty path is ``/``), is a prefix purge.
- :func:`foreign_urls`: the URLs whose host is none of a pull zone's hostnames (a URL purge names its zone by host).
"""

from __future__ import annotations

import unicodedata
from urllib.parse import urlsplit

EXACT = "exact"
PREFIX = "prefix"


def url_host(url):
    """The host of ``url``, lower case (None when it has none)."""
    try:
        host = urlsplit(url).hostname
    except ValueError:
        return None
    return host.lower().rstrip(".") if host else None


def url_problem(url, where):
    """Why ``url`` cannot be purged, naming ``where`` (the option and item: ``urls[2]``), or None."""
    if not url:
        return "%s is empty: give an absolute http or https URL, for example https://www.example.com/app.js." % where
    for position, char in enumerate(url):
        if char.isspace() or unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            return "%s holds whitespace or a control character at position %d: encode it (%%20) or remove it." % (
                where,
                position + 1,
            )
    if "\\" in url:
        return "%s holds a backslash, which some readers take for / (and so for another host): remove it." % where
    try:
        parts = urlsplit(url)
        parts.port  # pylint: disable=pointless-statement  # raises ValueError on a port that is no number
    except ValueError:
        return "%s is not a URL that can be read (check the host and the port)." % where
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return "%s is not an absolute http or https URL: write it in full, for example https://%s." % (
            where,
            url.split("://")[-1].lstrip("/") or "www.example.com/app.js",
        )
    if "@" in parts.netloc:
        return (
            "%s carries user information before @, so it is not on the host it seems to name (and a credential "
            "would be sent in the purge request): remove everything up to the @." % where
        )
    if not parts.hostname or "*" in parts.netloc:
        return "%s names no single host (a * belongs in the path, for a prefix purge)." % where
    if parts.fragment or url.endswith("#"):
        return "%s has a fragment (#...), which is never part of a cached URL: remove it." % where
    return None


def purge_kind(url):
    """EXACT or PREFIX (module docstring)."""
    if "*" in url:
        return PREFIX
    path = urlsplit(url).path
    return PREFIX if not path or path.endswith("/") else EXACT


def foreign_urls(urls, hostnames):
    """The URLs of ``urls`` whose host is none of ``hostnames`` (compared without case or a trailing dot)."""
    known = {name.lower().rstrip(".") for name in hostnames if isinstance(name, str)}
    return [url for url in urls if url_host(url) not in known]


def unique(urls):
    """``urls`` without repeats, in their order (a URL given twice is purged once)."""
    seen = set()
    return [url for url in urls if not (url in seen or seen.add(url))]
