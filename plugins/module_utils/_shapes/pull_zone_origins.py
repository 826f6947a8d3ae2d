# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A pull zone's origin types and what each needs (pure Python: no Ansible imports); docs/platform-notes.md, "Pull
zone origins: what each type needs".

- :data:`NEEDS`: origin type -> the options a zone of that type must have, as the platform's Terraform provider
  validates them (and as the core document describes ``LoadBalancerId``);
- :func:`implied_type`: the origin type the type's own options imply when ``origin_type`` is not given;
- :func:`with_script`: a script given by name (:data:`SCRIPT_NAMES`) as the id option it stands for;
- :func:`missing`: the needs of an origin type neither given nor held by the zone (a create lacking them is refused);
- :func:`completed`: what the platform needs sent beside the members: the fixed ``OriginUrl`` of script and container
  origins and the ``scripting`` routing filter of scripts (what the provider sends), and both DNS origin members
  together;
- :func:`dns_origin`: ``(port, scheme)`` of a DNS-accelerated zone, derived from its ``OriginUrl`` as the provider
  derives them (``GET`` does not return ``DnsOriginPort`` and ``DnsOriginScheme``).

A script named instead of given by id (``origin_edge_script``, ``middleware_script``: :data:`SCRIPT_NAMES`) is turned
into its id by :func:`with_script` once ``_cores/pull_zones.py`` has looked it up, before the checks run: they only
ever see the id.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from .pull_zone_inputs import DEFAULT_PORTS

ORIGIN_URL, DNS_ACCELERATE, STORAGE_ZONE = "origin_url", "dns_accelerate", "storage_zone"
EDGE_SCRIPT, MAGIC_CONTAINERS, LOAD_BALANCER = "edge_script", "magic_containers", "load_balancer"
SCRIPT_ORIGIN_URL = "https://bunnycdn.com"  # what the provider sends, and the platform stores, for a script origin
CONTAINER_ORIGIN_URL = "https://bunny.net"  # the same for a Magic Containers origin
FIXED_URLS = {EDGE_SCRIPT: SCRIPT_ORIGIN_URL, MAGIC_CONTAINERS: CONTAINER_ORIGIN_URL}
SCRIPTING = "scripting"  # the routing filter a script (origin or middleware) needs
NEW_ZONE_FILTERS = ["all"]  # the provider's default routing filters of a new zone

NEEDS = {
    ORIGIN_URL: ("origin_url",),
    STORAGE_ZONE: ("storage_zone_id",),
    EDGE_SCRIPT: ("edge_script_id",),
    MAGIC_CONTAINERS: ("magic_containers_app_id", "magic_containers_endpoint_id"),
    DNS_ACCELERATE: ("dns_origin_port", "dns_origin_scheme"),
    LOAD_BALANCER: ("load_balancer_id",),
}
IMPLIES = {option: kind for kind, options in NEEDS.items() if kind != ORIGIN_URL for option in options}
# The options naming a script (exactly, as edge.platform.edge_script names it): the id option each stands for and the
# type of script it takes (``_api/edge_scripts.TYPES``).
SCRIPT_NAMES = {
    "origin_edge_script": ("edge_script_id", "standalone"),
    "middleware_script": ("middleware_script_id", "middleware"),
}


def implied_type(wanted):
    """The origin type the options given imply (None when they imply none); InputError when they imply several. 0
    and "" imply nothing: they are the platform's "none", as pullzone_info returns them for a zone of another type."""
    implying = sorted(option for option, value in wanted.items() if option in IMPLIES and value not in (0, ""))
    kinds = sorted({IMPLIES[option] for option in implying})
    if len(kinds) > 1:
        given = ", ".join(implying)
        raise InputError(
            "%s belong to different origin types (%s): give origin_type, and only its options."
            % (given, ", ".join(kinds)),
            option="origin_type",
        )
    return kinds[0] if kinds else None


def check_url(origin_type, wanted):
    """A script or container origin's URL is the platform's own: refuse another one given with it (its own, as
    pullzone_info returns it, is taken: given back it is no change)."""
    url = wanted.get("origin_url")
    if origin_type in FIXED_URLS and url is not None and url.strip().rstrip("/").lower() != FIXED_URLS[origin_type]:
        raise InputError(
            "origin_url cannot be set for an origin of type %s: the platform stores %s for it itself. Leave origin_url "
            "out." % (origin_type, FIXED_URLS[origin_type]),
            option="origin_url",
        )


def with_script(wanted, option, script_id):
    """``wanted`` with the script the name option ``option`` (:data:`SCRIPT_NAMES`) found, as the id option it stands
    for (``script_id``: its id, or 0 to detach a middleware script);
    ``origin_edge_script`` implies ``origin_type: edge_script``. The name and the id both given: InputError."""
    id_option = SCRIPT_NAMES[option][0]
    if id_option in wanted:
        raise InputError("Give %s or %s, not both." % (option, id_option), option=option)
    wanted = dict(wanted, **{id_option: script_id})
    if id_option == "edge_script_id":
        wanted.setdefault("origin_type", EDGE_SCRIPT)
        check_url(wanted["origin_type"], wanted)
    return wanted


def missing(origin_type, wanted, held):
    """The options ``origin_type`` needs that neither ``wanted`` nor ``held`` (the zone's readable values; {} for a
    new zone) gives a value to (0 and "" are no value: "no storage zone", "no script")."""
    return [option for option in NEEDS.get(origin_type, ()) if not wanted.get(option) and not held.get(option)]


def check_needs(origin_type, wanted, held, creating):
    """Refuse a change to ``origin_type`` (any create naming it) without what it needs, naming the options."""
    lacking = missing(origin_type, wanted, held)
    if origin_type is None or not lacking:
        return
    raise InputError(
        "origin_type %s needs %s%s (the platform refuses such a zone without them): give %s."
        % (origin_type, " and ".join(lacking), " to create the zone" if creating else "", " and ".join(lacking)),
        option=lacking[0],
    )


def completed(members, zone):
    """``members`` with what the platform needs beside them; ``zone`` is the PullZoneModel (None for a create)."""
    members = dict(members)
    origin_type = members.get("OriginType")
    if origin_type == 4:
        members["OriginUrl"] = SCRIPT_ORIGIN_URL
    elif origin_type == 5:
        members["OriginUrl"] = CONTAINER_ORIGIN_URL
    if origin_type == 4 or (members.get("MiddlewareScriptId") or 0) > 0:
        filters = (zone or {}).get("RoutingFilters") if zone is not None else NEW_ZONE_FILTERS
        filters = [item for item in filters or [] if isinstance(item, str)]
        if SCRIPTING not in filters:
            members["RoutingFilters"] = filters + [SCRIPTING]
    return members


def dns_origin(model):
    """``(port, scheme)`` of a DNS-accelerated zone from its ``OriginUrl`` (an explicit port, else the scheme's), or
    ``(None, None)`` for a zone of another origin type or without a readable URL."""
    model = model if isinstance(model, dict) else {}
    url = model.get("OriginUrl")
    if model.get("OriginType") != 1 or not isinstance(url, str):
        return None, None
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None, None
    scheme = parts.scheme.lower()
    return (port if port is not None else DEFAULT_PORTS.get(scheme)), (scheme or None)
