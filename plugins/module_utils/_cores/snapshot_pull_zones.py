# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The pull zones of an account snapshot: ``pull_zones/<name>.yml`` holds ``{name, settings, hostnames,
edge_rules}`` in the forms ``pullzone``, ``pullzone_hostname`` and ``pullzone_edge_rules`` take (pure Python).

Every value comes from the conversions the info modules use (``pull_zones.readable``, ``listed_hostname``,
``shape_rule``): no field is derived here. A secret the zone holds becomes a vault reference and the zone gets
``update_secret: on_create`` (docs/platform-notes.md, "Account snapshots: what they hold").
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import edge_rules, pull_zones
from ansible_collections.edge.platform.plugins.module_utils._api.hostnames import entries as hostname_entries
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_kit import pruned, reference, vault_variable
from ansible_collections.edge.platform.plugins.module_utils._shapes import edge_rules as E
from ansible_collections.edge.platform.plugins.module_utils._shapes import pull_zones as P
from ansible_collections.edge.platform.plugins.module_utils._shapes.fields import secret_fields
from ansible_collections.edge.platform.plugins.module_utils._shapes.hostnames import hostname_enums, listed_hostname

KIND = "pull_zones"
# what a pullzone_edge_rules entry takes of a rule as the info module shapes it: the rule is found by its description
# (a guid is the platform's id of the rule in one account; the order index is the entry's place in the list)
RULE_OPTIONS = tuple(field.option for field in E.FIELDS if field.option != "order_index")


def pull_zone_settings(model, name, unknown):
    """The settings of ``pullzone`` the zone holds, each secret as a vault reference (only where the zone holds one
    and its section is enabled: a disabled section's leftover secret is not asked for)."""
    settings = pruned(P.readable(model, unknown))
    secrets = []
    for section, field in secret_fields(P.FIELDS):
        held = field.read(model)
        switch = "enabled" in {sub.option for sub in section.fields}
        enabled = settings.get(section.option, {}).get("enabled") is True or not switch
        if isinstance(held, str) and held and enabled:
            path = "%s.%s" % (section.option, field.option)
            settings.setdefault(section.option, {})[field.option] = reference(vault_variable("pullzone", name, path))
            secrets.append(path)
    if P.url_password(model.get("OriginUrl")):  # the URL carries a password: the whole URL is the secret
        settings["origin_url"] = reference(vault_variable("pullzone", name, "origin_url"))
        secrets.append("origin_url")
    if secrets:
        settings["update_secret"] = "on_create"
    return settings


def hostnames_of(model):
    """The zone's custom hostnames (not the system one) as ``pullzone_hostname`` takes them, sorted by hostname."""
    listed = [listed_hostname(entry) for entry in hostname_entries(model)]
    shown = [{"hostname": h["name"], "force_ssl": bool(h["force_ssl"])} for h in listed if not h["is_system"]]
    return sorted(shown, key=lambda entry: str(entry["hostname"]).lower())


def edge_rules_of(model, name, reading):
    """The zone's edge rules as ``pullzone_edge_rules`` takes them, in run order; none (with a skipped entry) when
    the set cannot name each rule by its description (an empty or repeated one)."""
    rules = [E.shape_rule(rule, reading.unknown) for rule in E.run_order(edge_rules.rules_of(model))]
    descriptions = [rule.get("description") for rule in rules]
    bad = sorted({str(d) for d in descriptions if not d or not str(d).strip() or descriptions.count(d) > 1})
    if bad:
        why = "edge rules are listed by description, and these are empty or repeated: %s" % ", ".join(map(repr, bad))
        reading.skip(KIND, name, "edge_rules", why)
        return []
    return [pruned({option: rule.get(option) for option in RULE_OPTIONS}) for rule in rules]


def pull_zone_item(model, reading):
    """A PullZoneModel as its file holds it: ``{name, settings, hostnames, edge_rules}``."""
    name = model.get("Name")
    for entry in hostname_entries(model):
        hostname_enums(entry, reading.unknown)
    return {
        "name": name,
        "settings": pull_zone_settings(model, name, reading.unknown),
        "hostnames": hostnames_of(model),
        "edge_rules": edge_rules_of(model, name, reading),
    }


def complete_zone(client, model):
    """``model`` when the listing carried its hostnames and rules, else the zone read by id."""
    if pull_zones.has_hostnames(model) and edge_rules.has_rules(model):
        return model
    zone = pull_zones.get(client, model["Id"], hostnames=True)
    return zone if edge_rules.has_rules(zone) else edge_rules.read_zone(client, model["Id"])


def read(reading):
    """The :class:`Part` of the pull zones the filters choose."""
    listed = [zone for zone in pull_zones.list_all(reading.client) if isinstance(zone, dict)]
    models = reading.read_all([partial(complete_zone, reading.client, m) for m in reading.chosen(listed, "Name")])
    models = [reading.narrowed(model) for model in models]  # only the hostnames and rules a Terraform state holds
    for model in models:
        reading.secrets.extend(P.held_secrets(model))
    items = [pull_zone_item(model, reading) for model in models]
    return reading.part(KIND, items, "name", [zone.get("Name") for zone in listed])
