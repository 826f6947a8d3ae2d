# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The shield zones of an account snapshot: ``shield_zones/<pull zone name>.yml`` holds the shield zone of a pull zone
with everything in it, each part in the form its module takes (pure Python):

``{pullzone_name, settings, waf_rules, rate_limit_rules, access_lists, bot_detection, api_guardian}``: ``settings``
the options of ``shield_zone`` (upload scanning included), ``waf_rules`` and ``rate_limit_rules`` the options of
``waf_rule`` and ``rate_limit_rule`` (found by name), ``access_lists`` those of ``access_list``, ``bot_detection``
those of ``bot_detection``, ``api_guardian`` the zone's API Guardian (``snapshot_shield_guardian``), its OpenAPI
document an attachment ``shield_zones/<stem>.openapi.json``.

Every value comes from the conversions the modules and their info twins use (the field tables and rule shapes): no
field is converted here. A shield zone is named by its pull zone, which the filters match. What cannot be written back
is left out and listed as skipped (docs/platform-notes.md, "Account snapshots: shield zones").
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import access_lists as lists_api
from ansible_collections.edge.platform.plugins.module_utils._api import bot_detection as bots_api
from ansible_collections.edge.platform.plugins.module_utils._api import pull_zones, rate_limits, shield_zones, waf_rules
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_kit import pruned, unnamed
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_shield_guardian import (
    SUFFIX,
    guardian_item,
    read_state,
)
from ansible_collections.edge.platform.plugins.module_utils._shapes import access_lists as L
from ansible_collections.edge.platform.plugins.module_utils._shapes import fields as kit
from ansible_collections.edge.platform.plugins.module_utils._shapes import shield_zone_settings as S
from ansible_collections.edge.platform.plugins.module_utils._shapes.bot_detection import FIELDS as BOT_FIELDS
from ansible_collections.edge.platform.plugins.module_utils._shapes.rate_limits import SHAPE as RATE_LIMIT_SHAPE
from ansible_collections.edge.platform.plugins.module_utils._shapes.waf_rules import SHAPE as WAF_SHAPE

KIND = "shield_zones"
KEY = "pullzone_name"  # what names an item (its file)
# the parts of a zone, each read apart (one read of the platform, or a few in order) by READS[part](client, zone_id)
PARTS = ("upload_scanning", "waf_rules", "rate_limit_rules", "access_lists", "bot_detection", "api_guardian")


def whole_rules(api, client, zone_id):
    """Every rule of the zone, each read by its id when the listing left part of it out (a rate limit's limit)."""
    return [api.whole(client, rule) for rule in api.list_all(client, zone_id)]


def access_lists_of(client, zone_id):
    """``(index, [(entry, list)])``: the zone's access lists and each custom list with its entries."""
    index = lists_api.read_index(client, zone_id)
    return index, [(entry, lists_api.get(client, zone_id, entry["listId"])) for entry in lists_api.custom_lists(index)]


def bot_state(client, zone_id):
    """The zone's bot detection, or None when its plan has none (nothing to write back)."""
    try:
        return bots_api.read(client, zone_id)
    except bots_api.NotInPlan:
        return None


READS = {
    "upload_scanning": shield_zones.read_upload_scanning,
    "waf_rules": partial(whole_rules, waf_rules.WAF_RULES),
    "rate_limit_rules": partial(whole_rules, rate_limits.RATE_LIMITS),
    "access_lists": access_lists_of,
    "bot_detection": bot_state,
    "api_guardian": read_state,
}


def zone_settings(model, upload, unknown):
    """The options of ``shield_zone`` the zone holds: its settings and its upload scanning."""
    return pruned(dict(S.readable(model, unknown=unknown), **S.readable(upload, S.UPLOAD_FIELDS, unknown)))


def run_order(zone, rules):
    """Custom WAF rules in the order the zone runs them (``wafCustomRuleOrder``), the rules it does not order after
    them by id: a rebuilt zone runs them in the order they are created."""
    order = [i for i in zone.get("wafCustomRuleOrder") or [] if isinstance(i, int)]
    place = {rule_id: index for index, rule_id in enumerate(order)}
    return sorted(rules, key=lambda rule: (place.get(rule.get("id"), len(order)), str(rule.get("id"))))


def rule_entries(shape, rules, name, reading, what):
    """``rules`` as their write module takes them (name, description, configuration filled as a write fills it);
    rules whose name is empty or repeated are skipped, since the module finds a rule by its name."""
    names = [rule.get("ruleName") for rule in rules]
    bad = unnamed(names)
    if bad:
        why = "%ss are found by name, and these names are empty or repeated: %s" % (what, ", ".join(map(repr, bad)))
        reading.skip(KIND, name, "%ss named %s" % (what, ", ".join(map(repr, bad))), why)
    entries = []
    for rule in rules:
        if str(rule.get("ruleName")) in bad:
            continue
        filled = shape.filled_configuration(rule.get("ruleConfiguration"))
        entry = {"rule_name": rule["ruleName"], "rule_description": rule.get("ruleDescription") or ""}
        entry.update(shape.shape_configuration(filled, compare=True, unknown=reading.unknown))
        entries.append(pruned(entry))
    return entries


def list_entries(read, name, reading):
    """The zone's custom access lists as ``access_list`` takes them, by name; an enabled managed list is the
    platform's (``access_list`` manages custom lists only) and is skipped, named."""
    index, customs = read
    entries = [pruned(L.list_view(entry, custom, reading.unknown)) for entry, custom in customs]
    for managed in lists_api.managed_lists(index):
        if managed.get("isEnabled") is True:
            what = "managed access list %r (enabled)" % managed.get("name")
            reading.skip(KIND, name, what, "managed lists are the platform's: access_list manages custom lists only")
    return sorted(entries, key=lambda entry: str(entry.get("name")))


def shield_zone_item(zone, name, read, reading):
    """``(item, attachments)``: a ShieldZoneResponse and its parts (``read``: part -> what it read) as its file holds
    them."""
    item = {
        "pullzone_name": name,
        "settings": zone_settings(zone, read["upload_scanning"], reading.unknown),
        "waf_rules": rule_entries(WAF_SHAPE, run_order(zone, read["waf_rules"]), name, reading, "custom WAF rule"),
        "rate_limit_rules": sorted(
            rule_entries(RATE_LIMIT_SHAPE, read["rate_limit_rules"], name, reading, "rate limit rule"),
            key=lambda entry: entry["rule_name"],
        ),
        "access_lists": list_entries(read["access_lists"], name, reading),
    }
    if read["bot_detection"] is not None:
        item["bot_detection"] = pruned(kit.readable(BOT_FIELDS, read["bot_detection"], reading.unknown))
    state, refused = read["api_guardian"]
    if refused:
        reading.skip(KIND, name, "API Guardian", refused)
    guardian, attachments = guardian_item(KIND, name, state, reading)
    if guardian is not None:
        item["api_guardian"] = guardian
    return item, attachments


def zone_names(client, zones):
    """``{shield zone id: pull zone name}``; a shield zone whose pull zone is not listed has no name (None)."""
    names = {model.get("Id"): model.get("Name") for model in pull_zones.list_all(client) if isinstance(model, dict)}
    return {zone.get("shieldZoneId"): names.get(zone.get("pullZoneId")) for zone in zones}


def read(reading):
    """The :class:`Part` of the shield zones whose pull zone's name the filters choose."""
    client = reading.client
    listed = [zone for zone in shield_zones.list_all(client) if isinstance(zone, dict)]
    names = zone_names(client, listed)
    for zone in listed:
        if names[zone.get("shieldZoneId")] is None:
            what = "shield zone %s" % zone.get("shieldZoneId")
            reading.skip(KIND, str(zone.get("pullZoneId")), what, "its pull zone is not in the account's listing")
    chosen = reading.chosen(
        [dict(z, name=names[z.get("shieldZoneId")]) for z in listed if names[z.get("shieldZoneId")]], "name"
    )
    jobs = [partial(READS[part], client, zone["shieldZoneId"]) for zone in chosen for part in PARTS]
    values = reading.read_all(jobs)
    items, attachments = [], []
    for index, zone in enumerate(chosen):
        parts = dict(zip(PARTS, values[index * len(PARTS) : (index + 1) * len(PARTS)]))
        item, attached = shield_zone_item(zone, zone["name"], parts, reading)
        items.append(item)
        attachments.extend(attached)
    every = [name for name in names.values() if name is not None]
    return reading.part(KIND, items, KEY, every, attachments, (SUFFIX,))
