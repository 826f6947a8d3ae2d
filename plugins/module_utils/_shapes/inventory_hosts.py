# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The account's zones as inventory hosts: host variables, host names and groups (pure Python: no Ansible imports).

The ``edge.platform.edge`` inventory plugin reads the listings and calls these:

- :func:`records`: one record per zone, ``{"resource": ..., "vars": {edge_...}}``, from the listings of pull zones,
  DNS zones and shield zones (the pull zones give the shield zones their names; the shield zones give each pull zone
  its ``edge_shield_zone_id``). The records are what the inventory cache keeps.
- :func:`default_name`: ``pullzone_<name>``, ``dnszone_<domain>``, ``shield_<pull zone name>``.
- :func:`unique_names`: the names made unique: every name two records share gets ``_<id>`` appended.
- :func:`groups_of`: the plugin's own groups of a record (by resource, pull zone type, shield plan).

A pull zone type or shield plan this collection cannot name (the platform adds enum values: docs/platform-notes.md,
"Enums that grow") is kept as the platform's number, with a warning, and makes no group.

Host variables are an allow-list, like every shape read from a field table (``tables.py``): secrets a pull zone
carries (``ZoneSecurityKey``, ``AWSSigningSecret``, ``LogForwardingToken``, the user part of ``OriginUrl``,
certificate keys) never become host variables and never reach the cache. The platform keeps no tags or labels on these zones, so there are no tag groups.
"""

from __future__ import annotations

import fnmatch

from .enums import readable
from .pull_zones import PULL_ZONE_TYPES, origin_without_credentials
from .shield_enums import SHIELD_PLANS, as_number

PULL_ZONES = "pull_zones"
DNS_ZONES = "dns_zones"
SHIELD_ZONES = "shield_zones"
RESOURCES = (PULL_ZONES, DNS_ZONES, SHIELD_ZONES)
# resource -> (edge_resource value, host name prefix, group)
KINDS = {
    PULL_ZONES: ("pull_zone", "pullzone_", "edge_pull_zones"),
    DNS_ZONES: ("dns_zone", "dnszone_", "edge_dns_zones"),
    SHIELD_ZONES: ("shield_zone", "shield_", "edge_shield_zones"),
}
ALL_GROUP = "edge"
# the version of the records' layout in the cache: an entry of another version is read again from the platform
RECORDS_VERSION = 1


def listings_needed(resources):
    """Which listings to read for ``resources``: pull zones also name the shield zones; shield zones are read only
    when asked for (then every pull zone also gets its ``edge_shield_zone_id``)."""
    needed = set(resources)
    if SHIELD_ZONES in needed:
        needed.add(PULL_ZONES)
    return tuple(resource for resource in RESOURCES if resource in needed)


def _text(value):
    return value if isinstance(value, str) else None


def _int(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _domain(value):
    """A DNS zone's domain as a host name part: stripped, lower case, without the trailing dot."""
    return value.strip().rstrip(".").lower() if isinstance(value, str) else None


def pull_zone_vars(model, shield_ids=None, unknown=None):
    """Host variables of a PullZoneModel; ``shield_ids`` (pull zone id -> shield zone id) when shield zones were
    listed, then ``edge_shield_zone_id`` is the zone's shield zone or None; without it the variable is absent.
    ``unknown``: a list that hears a warning for a type this collection cannot name."""
    hostnames = [h for h in model.get("Hostnames") or [] if isinstance(h, dict)]
    names = [h.get("Value") for h in hostnames if isinstance(h.get("Value"), str)]
    system = [h.get("Value") for h in hostnames if h.get("IsSystemHostname") and isinstance(h.get("Value"), str)]
    edge_rules, optimizer = model.get("EdgeRules"), model.get("OptimizerEnabled")
    result = {
        "edge_resource": "pull_zone",
        "edge_id": _int(model.get("Id")),
        "edge_name": _text(model.get("Name")),
        "edge_type": readable(
            PULL_ZONE_TYPES, model.get("Type"), "the Type of pull zone %s" % model.get("Id"), unknown
        ),
        "edge_enabled": model.get("Enabled"),
        "edge_suspended": model.get("Suspended"),
        "edge_hostnames": names,
        "edge_system_hostname": system[0] if system else None,
        "edge_cname_domain": _text(model.get("CnameDomain")),
        "edge_origin_url": origin_without_credentials(_text(model.get("OriginUrl"))),
        "edge_dns_zone_id": _int(model.get("DnsZoneId")) or None,
        "edge_storage_zone_id": _int(model.get("StorageZoneId")) or None,
        # the rules come with the zone; null when an answer carries none (it says nothing about them)
        "edge_rule_count": len(edge_rules) if isinstance(edge_rules, list) else None,
        "edge_optimizer_enabled": optimizer if isinstance(optimizer, bool) else None,
    }
    if shield_ids is not None:
        result["edge_shield_zone_id"] = shield_ids.get(result["edge_id"])
    return result


def dns_zone_vars(model):
    """Host variables of a DnsZoneModel (``edge_name`` is the domain, as written on the platform)."""
    records = model.get("Records")
    return {
        "edge_resource": "dns_zone",
        "edge_id": _int(model.get("Id")),
        "edge_name": _text(model.get("Domain")),
        "edge_domain": _domain(model.get("Domain")),
        "edge_dnssec_enabled": bool(model.get("DnsSecEnabled")),
        "edge_nameservers_detected": model.get("NameserversDetected"),
        "edge_custom_nameservers_enabled": model.get("CustomNameserversEnabled"),
        "edge_nameserver1": _text(model.get("Nameserver1")),
        "edge_nameserver2": _text(model.get("Nameserver2")),
        "edge_record_count": len(records) if isinstance(records, list) else None,
    }


def shield_zone_vars(model, pull_zone_names, unknown=None):
    """Host variables of a ShieldZoneResponse; ``pull_zone_names`` maps pull zone id -> name (``edge_name`` is the
    name of the zone's pull zone, None when no listed pull zone has its id). ``unknown``: a list that hears a warning
    for a plan this collection cannot name."""
    pull_zone_id = _int(model.get("pullZoneId"))
    name = pull_zone_names.get(pull_zone_id)
    plan = model.get("planType")
    plan = plan if as_number(plan) is None else as_number(plan)
    where = "the planType of shield zone %s" % model.get("shieldZoneId")
    return {
        "edge_resource": "shield_zone",
        "edge_id": _int(model.get("shieldZoneId")),
        "edge_name": name,
        "edge_pullzone_id": pull_zone_id,
        "edge_pullzone_name": name,
        "edge_plan": readable(SHIELD_PLANS, plan, where, unknown),
        "edge_waf_enabled": model.get("wafEnabled"),
        "edge_learning_mode": model.get("learningMode"),
    }


def records(listings, unknown=None):
    """One record per zone of ``listings`` (resource -> list of platform models; a resource that was not listed is
    absent), in the order pull zones, DNS zones, shield zones; models without an integer id are left out. ``unknown``:
    a list that hears a warning for each enum value this collection cannot name."""
    pulls = listings.get(PULL_ZONES) or []
    shields = listings.get(SHIELD_ZONES)
    shield_ids = None
    if shields is not None:
        shield_ids = {
            _int(zone.get("pullZoneId")): _int(zone.get("shieldZoneId"))
            for zone in shields
            if _int(zone.get("pullZoneId")) is not None
        }
    result = []
    if PULL_ZONES in listings:
        result += [{"resource": PULL_ZONES, "vars": pull_zone_vars(zone, shield_ids, unknown)} for zone in pulls]
    if DNS_ZONES in listings:
        result += [{"resource": DNS_ZONES, "vars": dns_zone_vars(zone)} for zone in listings[DNS_ZONES] or []]
    if shields is not None:
        names = {_int(zone.get("Id")): _text(zone.get("Name")) for zone in pulls}
        result += [{"resource": SHIELD_ZONES, "vars": shield_zone_vars(zone, names, unknown)} for zone in shields]
    return [record for record in result if record["vars"]["edge_id"] is not None]


def matches(record, patterns):
    """Whether the record's ``edge_name`` matches one of the shell-style ``patterns`` (case-insensitive; a DNS zone
    is also matched by its normalised domain); no patterns: every record."""
    if not patterns:
        return True
    candidates = [
        value.lower()
        for value in (record["vars"].get("edge_name"), record["vars"].get("edge_domain"))
        if isinstance(value, str)
    ]
    return any(fnmatch.fnmatchcase(value, pattern.lower()) for value in candidates for pattern in patterns)


def default_name(record):
    """``pullzone_<name>``, ``dnszone_<domain>`` or ``shield_<pull zone name>``; ``<id>`` where the name is unknown."""
    hostvars = record["vars"]
    prefix = KINDS[record["resource"]][1]
    name = hostvars.get("edge_domain") if record["resource"] == DNS_ZONES else hostvars.get("edge_name")
    if not isinstance(name, str) or not name.strip():
        name = str(hostvars["edge_id"])
    return prefix + name.strip()


def unique_names(names, records_):
    """``names`` (one per record) with every name that two or more records share suffixed ``_<id>``; None where a
    suffixed name still collides (the caller reports it)."""
    counts = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    result = [
        "%s_%s" % (name, record["vars"]["edge_id"]) if counts[name] > 1 else name
        for name, record in zip(names, records_)
    ]
    seen = {}
    for name in result:
        seen[name] = seen.get(name, 0) + 1
    return [name if seen[name] == 1 else None for name in result]


def groups_of(record):
    """The plugin's own groups of a record: its resource's group, and ``edge_pullzone_type_<type>`` or
    ``edge_shield_plan_<plan>`` where the platform says (a number this collection cannot name makes no group)."""
    hostvars = record["vars"]
    groups = [KINDS[record["resource"]][2]]
    if record["resource"] == PULL_ZONES and hostvars.get("edge_type") in PULL_ZONE_TYPES.values():
        groups.append("edge_pullzone_type_%s" % hostvars["edge_type"])
    if record["resource"] == SHIELD_ZONES and hostvars.get("edge_plan") in SHIELD_PLANS.values():
        groups.append("edge_shield_plan_%s" % hostvars["edge_plan"])
    return groups


def valid_records(value):
    """Whether a cache entry is records this version wrote (a foreign or corrupt entry is read again)."""
    if not isinstance(value, dict) or value.get("version") != RECORDS_VERSION:
        return False
    items = value.get("records")
    return isinstance(items, list) and all(
        isinstance(item, dict)
        and item.get("resource") in KINDS
        and isinstance(item.get("vars"), dict)
        and _int(item["vars"].get("edge_id")) is not None
        for item in items
    )
