# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Shield zones on the platform: their paths, reads, listing and the shield zone of a pull zone (pure Python: no
Ansible imports). Every function takes the client first and returns the ShieldZoneResponse (the ``data`` of the
platform's envelope) or raises ApiError.

- :func:`list_all`: ``GET /shield/shield-zones``, every page (the platform's default page size, ``page.nextPage``).
- :func:`get`: ``GET /shield/shield-zone/{id}``; :func:`exists` asks the same question without needing the zone.
- :func:`find_by_pull_zone`: ``GET /shield/shield-zone/get-by-pullzone/{pullZoneId}``.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import BAD_ANSWER, ApiError

from .listing import LookupFailed, check_listing

ZONES = "/shield/shield-zones"
ZONE = "/shield/shield-zone/%d"
BY_PULL_ZONE = "/shield/shield-zone/get-by-pullzone/%d"


def not_visible(zone_id):
    """The hint of a 404 on a zone given by its id."""
    return "No shield zone with id %d is visible to this API key: check shield_zone_id." % zone_id


def list_all(client):
    """Every ShieldZoneResponse, following ``page.nextPage`` at the platform's default page size; bounded by
    ``listing.MAX_PAGES`` and ``listing.MAX_ITEMS``."""
    zones = []
    page, reads = 1, 0
    while True:
        reads += 1
        operation = "Listing shield zones (page %d)" % page if page > 1 else "Listing shield zones"
        body = client.request("GET", ZONES, operation, params={"page": page}).object
        batch = [zone for zone in body.get("data") or [] if isinstance(zone, dict)]
        zones.extend(batch)
        paging = body.get("page") if isinstance(body.get("page"), dict) else {}
        following = paging.get("nextPage")
        if not batch or not isinstance(following, int) or isinstance(following, bool) or following <= page:
            break
        check_listing(operation, "shield zones", zones, reads)
        page = following
    return zones


def get(client, zone_id, hint=None):
    """The ShieldZoneResponse of zone ``zone_id``; ``hint`` replaces the 404 advice (a selector's
    ``found.not_visible``). An answer without the zone (a 202 AcceptedResult, or another shape) is not what the
    operation returns: nothing is decided from it (BAD_ANSWER)."""
    operation = "Reading shield zone %d" % zone_id
    reply = client.request("GET", ZONE % zone_id, operation, hints={404: hint or not_visible(zone_id)})
    zone = reply.object.get("data")
    if not isinstance(zone, dict):
        raise ApiError(
            operation,
            reply.status,
            "the platform answered without the shield zone",
            kind=BAD_ANSWER,
            hint="Retry later; if it persists, report it to the platform's support.",
        )
    return zone


def exists(client, zone_id):
    """False only when the platform says 404 for zone ``zone_id`` (as a status or inside its envelope); a failure that
    is not a 404 is raised. The published document declares no 404 for this call, so any other answer counts as
    "exists": a write that follows meets the platform's own verdict, and its 404 names the zone's option."""
    try:
        reply = client.request("GET", ZONE % zone_id, "Reading shield zone %d" % zone_id, allow_404=True)
    except ApiError as error:
        if error.status == 404:
            return False
        raise
    return reply.status != 404


def find_by_pull_zone(client, pull_zone_id, pull_zone_label=None):
    """The ShieldZoneResponse of pull zone ``pull_zone_id``: one request.

    A pull zone without a shield zone answers in a way the published document does not describe
    (docs/platform-notes.md, "Finding the shield zone of a pull zone"); a 404 and an answer without ``data``
    both say "no shield zone".
    """
    label = pull_zone_label or "pull zone %d" % pull_zone_id
    operation = "Finding the shield zone of %s" % label
    reply = client.request("GET", BY_PULL_ZONE % pull_zone_id, operation, allow_404=True)
    zone = reply.object.get("data")
    if reply.status == 404 or not isinstance(zone, dict) or not isinstance(zone.get("shieldZoneId"), int):
        answer = "HTTP 404" if reply.status == 404 else "HTTP %d without a shield zone" % reply.status
        raise LookupFailed(
            "No shield zone of %s is visible to this API key (the platform answered %s): enable "
            "Shield on that pull zone, or give shield_zone_id." % (label, answer)
        )
    return zone
