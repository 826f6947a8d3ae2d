# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Cache purge on the platform: its two endpoints (pure Python: no Ansible imports). Each function takes the client
first and returns None or raises ApiError. See docs/platform-notes.md, "Cache purge: endpoints, answers and rate
limits".

- :func:`purge_zone`: ``POST /pullzone/{id}/purgeCache``, no body (the whole zone) or ``{"CacheTag": tag}``.
  Documented answer 204; the platform sometimes answers 200, so any 2xx that is not an HTML page is the purge done.
- :func:`purge_url`: ``POST /purge?url=&async=true&exactPath=``, no body; documented answer 200. ``async=true`` as the
  platform's Terraform provider sends it (whether ``async=false`` waits for the purge is not published). The URL's host
  names the pull zone; a host on no pull zone of the account answers 404 ``pullZone.not_found``.

A purge is idempotent (purging what is not cached, or purging twice, leaves the cache as one purge does), so both are
sent as replay-safe: after a lost answer or a 429, 502, 503 or 504 the client sends the same purge again, which can
do no harm, instead of reporting an unknown outcome. A 429 waits as its ``Retry-After`` says (the client's retries).
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import html_page, unconfirmed

PURGE_ZONE = "/pullzone/%d/purgeCache"
PURGE_URL = "/purge"


def _confirmed(reply, operation):
    """A 2xx purge answer is the purge done, unless it is an HTML page (a portal or proxy answered, not the API)."""
    page = html_page(reply.text, reply.headers.get("Content-Type"))
    if page:
        raise unconfirmed(operation, reply.status, "the answer is %s, not the platform's" % page)


def purge_zone(client, zone_id, tag=None, hint=None):
    """Purge the whole pull zone ``zone_id``, or with ``tag`` the objects cached with that ``CDN-Tag``. None."""
    operation = "Purging %s of pull zone %d" % ("cache tag %s" % tag if tag else "the whole cache", zone_id)
    reply = client.request(
        "POST",
        PURGE_ZONE % zone_id,
        operation,
        json_body={"CacheTag": tag} if tag else None,
        expect="text",
        check_envelope=False,
        hints={404: hint or "No pull zone with id %d is visible to this API key: check pullzone_id." % zone_id},
    )
    _confirmed(reply, operation)


def purge_url(client, url, exact_path=False, option="urls"):
    """Purge ``url`` (a ``*`` or a path ending in ``/`` purges a prefix; ``exact_path`` keeps a path ending in ``/``
    to itself). None."""
    operation = "Purging %s" % url
    reply = client.request(
        "POST",
        PURGE_URL,
        operation,
        params={"url": url, "async": "true", "exactPath": "true" if exact_path else "false"},
        expect="text",
        check_envelope=False,
        hints={404: "No pull zone of this API key's account serves the host of %s: check %s." % (url, option)},
    )
    _confirmed(reply, operation)
