"""A script's pull zones, kept in the pull zones area (real zones, managed like any other; facts §3.3, §7.3).

- Linked to a script: a zone whose origin is the script (``OriginType`` 4, ``EdgeScriptId``) or which runs it as
  middleware (``MiddlewareScriptId``); ``LinkedPullZones [{Id, PullZoneName, DefaultHostname}]`` lists them, the
  hostname being the zone's system one (``<name>.b-cdn.net``).
- ``CreateLinkedPullZone`` on a standalone script makes a zone with the script as origin: ``OriginUrl
  https://bunnycdn.com``, ``RoutingFilters ["scripting"]``, as the platform stores a script origin. Its name is
  ``LinkedPullZoneName``, else the script's name made a pull zone name (lower case, ``-`` for the rest), with
  ``-<script id>`` added when a zone has that name (the platform's rule is unknown; docs/platform-notes.md).
- Deleting the script with ``deleteLinkedPullZones=true`` deletes the zones whose origin it is; otherwise (the
  default) their origin becomes the landing page: ``OriginType`` 0 with the ``OriginUrl`` they had (bunny's own
  page), ``EdgeScriptId`` 0, ``scripting`` left out of the routing filters. A zone running it as middleware keeps its
  own origin and is never deleted: its ``MiddlewareScriptId`` becomes 0.

The caller holds the scripts area's lock; this module takes the pull zones area's lock (that order, never the other).
"""

import contextlib

from ..pullzones.models import CDN_DOMAIN
from ..pullzones.origins import SCRIPT_URL
from ..pullzones.problems import BodyProblem
from .models import slug

SCRIPT_ORIGIN = 4
URL_ORIGIN = 0


def _area(platform):
    return platform.areas.get("pullzones")


def zones_lock(platform):
    """The pull zones area's lock (a no-op without the area)."""
    return platform.area_locks.get("pullzones") or contextlib.nullcontext()


def _zones(platform):
    return getattr(_area(platform), "zones", {})


def _is_origin(zone, script_id):
    return zone.settings.get("OriginType") == SCRIPT_ORIGIN and zone.settings.get("EdgeScriptId") == script_id


def _hostname(zone):
    system = [hostname.value for hostname in zone.hostnames if hostname.system]
    return system[0] if system else "%s.%s" % (zone.name, CDN_DOMAIN)


def linked(platform, script_id):
    """The ``LinkedPullZone`` models of the zones linked to ``script_id`` (module docstring), by zone id."""
    with zones_lock(platform):
        zones = sorted(_zones(platform).values(), key=lambda zone: zone.id)
    return [
        {"Id": zone.id, "PullZoneName": zone.name, "DefaultHostname": _hostname(zone)}
        for zone in zones
        if _is_origin(zone, script_id) or zone.settings.get("MiddlewareScriptId") == script_id
    ]


def _taken(platform, name):
    return any(zone.name.lower() == name.lower() for zone in _zones(platform).values())


def zone_name(platform, wanted, script_name, script_id):
    """The name the linked zone gets; raises BodyProblem for a ``LinkedPullZoneName`` a zone has already."""
    if wanted:
        if _taken(platform, wanted):
            raise BodyProblem(
                "pullzone.name_taken", "LinkedPullZoneName", "The pull zone name %s is already taken." % wanted
            )
        return wanted
    name = slug(script_name)
    return "%s-%d" % (name, script_id) if _taken(platform, name) else name


def create(platform, name, script_id):
    """The zone ``name`` with script ``script_id`` as its origin (the caller checked the name is free)."""
    members = {
        "OriginType": SCRIPT_ORIGIN,
        "EdgeScriptId": script_id,
        "OriginUrl": SCRIPT_URL,
        "RoutingFilters": ["scripting"],
    }
    return _area(platform).add_zone(name, members)


def release(platform, script_id, delete_zones):
    """What deleting script ``script_id`` does to its zones (module docstring)."""
    area = _area(platform)
    for zone in list(_zones(platform).values()):
        settings = zone.settings
        if settings.get("MiddlewareScriptId") == script_id:
            settings["MiddlewareScriptId"] = 0
        if not _is_origin(zone, script_id):
            continue
        if delete_zones:
            area.drop(zone.id)
            continue
        settings["OriginType"], settings["EdgeScriptId"] = URL_ORIGIN, 0
        settings["RoutingFilters"] = [f for f in settings.get("RoutingFilters") or [] if f != "scripting"] or ["all"]
