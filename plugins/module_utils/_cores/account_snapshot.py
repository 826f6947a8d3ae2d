# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The account as a tree of variables, one item per resource in the form its write modules take (pure Python: no
Ansible imports); ``account_snapshot`` returns it and the ``snapshot`` playbook writes one file per item.

Every value comes from the conversions the info modules use (``pull_zones.readable``, ``listed_hostname``,
``shape_rule``, ``shape_dns_zone``, ``from_model``): no field is derived here. What is particular to a snapshot:

- only what a write takes: no ids, states or counts the platform keeps, no value the platform holds none of;
- secrets never: a secret the zone holds becomes a reference to a vault variable for the user to fill, and the zone
  gets ``update_secret: on_create`` (docs/platform-notes.md, "Account snapshots: what they hold");
- canonical order (hostnames by name, rules in run order, records by name, type and value), so two snapshots of an
  unchanged account are equal and a diff of two reads as a change log;
- complete or failed: a read that fails fails the snapshot, because the playbook removes the files of resources the
  snapshot does not list, and an incomplete one would remove files of resources that still exist.
"""

from __future__ import annotations

import fnmatch
import re
from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import dns_records, dns_zones, edge_rules, pull_zones
from ansible_collections.edge.platform.plugins.module_utils._api.hostnames import entries as hostname_entries
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError, InputError
from ansible_collections.edge.platform.plugins.module_utils._engine.parallel import FAILED, run_bounded, widen_pool
from ansible_collections.edge.platform.plugins.module_utils._shapes import dns_records as R
from ansible_collections.edge.platform.plugins.module_utils._shapes import dns_zones as D
from ansible_collections.edge.platform.plugins.module_utils._shapes import edge_rules as E
from ansible_collections.edge.platform.plugins.module_utils._shapes import pull_zones as P
from ansible_collections.edge.platform.plugins.module_utils._shapes.fields import Secret, Section
from ansible_collections.edge.platform.plugins.module_utils._shapes.hostnames import hostname_enums, listed_hostname

KINDS = ("pull_zones", "dns_zones")
UNSAFE = re.compile(r"[^a-z0-9._-]")
JINJA_MARKS = ("{{", "{%", "{#")
# what a pullzone_edge_rules entry takes of a rule as the info module shapes it: the rule is found by its description
# (a guid is the platform's id of the rule in one account; the order index is the entry's place in the list)
RULE_OPTIONS = tuple(field.option for field in E.FIELDS if field.option != "order_index")


def file_name(name):
    """The file of the resource named ``name``: lower case, every character outside ``[a-z0-9._-]`` as ``_``."""
    return UNSAFE.sub("_", str(name).lower()) + ".yml"


def vault_variable(kind, name, option):
    """The vault variable a user fills for the secret ``option`` (a path such as ``log_forwarding.token``)."""
    return "vault_%s_%s_%s" % (kind, re.sub(r"[^a-z0-9]", "_", str(name).lower()), option.replace(".", "_"))


def reference(variable):
    return "{{ %s }}" % variable


def chosen(name, include, exclude):
    """Whether the resource ``name`` is in the snapshot: it matches a pattern of ``include`` (none given: every one) and
    none of ``exclude`` (fnmatch patterns, compared without case)."""
    name = str(name).lower()
    matches = partial(fnmatch.fnmatchcase, name)
    return (not include or any(matches(p.lower()) for p in include)) and not any(matches(p.lower()) for p in exclude)


def literal(text):
    """``text`` as a variable file keeps it: a text holding a Jinja delimiter (an edge rule's ``{{path}}``, a TXT
    record's value) wrapped in ``{% raw %}``, so Ansible reading the file gives back the text, not a template."""
    if any(mark in text for mark in JINJA_MARKS) and "{% endraw %}" not in text:
        return "{%% raw %%}%s{%% endraw %%}" % text
    return text


def pruned(value):
    """``value`` without the keys whose value is None or an empty mapping (nothing the platform holds), at any depth,
    each text :func:`literal`."""
    if isinstance(value, dict):
        kept = {key: pruned(item) for key, item in value.items() if item is not None}
        return {key: item for key, item in kept.items() if item != {}}
    if isinstance(value, list):
        return [pruned(item) for item in value]
    return literal(value) if isinstance(value, str) else value


# --- pull zones ----------------------------------------------------------------------------------------------------


def _secret_fields():
    """``(section, field)`` of every secret sub-option of a pull zone's settings."""
    return [(s, f) for s in P.FIELDS if isinstance(s, Section) for f in s.fields if isinstance(f, Secret)]


def pull_zone_settings(model, name, unknown):
    """The settings of ``pullzone`` the zone holds, each secret as a vault reference (only where the zone holds one
    and its section is enabled: a disabled section's leftover secret is not asked for)."""
    settings = pruned(P.readable(model, unknown))
    secrets = []
    for section, field in _secret_fields():
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


def edge_rules_of(model, name, unknown, skipped):
    """The zone's edge rules as ``pullzone_edge_rules`` takes them, in run order; none (with a skipped entry) when
    the set cannot name each rule by its description (an empty or repeated one)."""
    rules = [E.shape_rule(rule, unknown) for rule in E.run_order(edge_rules.rules_of(model))]
    descriptions = [rule.get("description") for rule in rules]
    bad = sorted({str(d) for d in descriptions if not d or not str(d).strip() or descriptions.count(d) > 1})
    if bad:
        why = "edge rules are listed by description, and these are empty or repeated: %s" % ", ".join(map(repr, bad))
        skipped.append({"kind": "pull_zones", "name": name, "what": "edge_rules", "why": why})
        return []
    return [pruned({option: rule.get(option) for option in RULE_OPTIONS}) for rule in rules]


def pull_zone_item(model, unknown, skipped):
    """A PullZoneModel as its file holds it: ``{name, settings, hostnames, edge_rules}``."""
    name = model.get("Name")
    for entry in hostname_entries(model):
        hostname_enums(entry, unknown)
    return {
        "name": name,
        "settings": pull_zone_settings(model, name, unknown),
        "hostnames": hostnames_of(model),
        "edge_rules": edge_rules_of(model, name, unknown, skipped),
    }


def _complete_zone(client, model):
    """``model`` when the listing carried its hostnames and rules, else the zone read by id."""
    if pull_zones.has_hostnames(model) and edge_rules.has_rules(model):
        return model
    zone = pull_zones.get(client, model["Id"], hostnames=True)
    return zone if edge_rules.has_rules(zone) else edge_rules.read_zone(client, model["Id"])


# --- DNS zones -----------------------------------------------------------------------------------------------------


def record_entry(record):
    """A record as ``dns_records`` takes it: its options the platform holds a value of; a PullZone record names its
    pull zone by name when the platform gave one (an id is the platform's, per account)."""
    entry = pruned({option: record.get(option) for option in R.OPTIONS})
    if entry.get("type") == "PullZone" and entry.get("pullzone_name") is not None:
        entry.pop("pullzone_id", None)
    return entry


def _record_order(entry):
    return (str(entry.get("name", "")).lower(), str(entry.get("type")), str(entry.get("value", "")))


def dns_zone_item(model, record_models, unknown, skipped):
    """A DnsZoneModel and its records as its file holds them: ``{domain, settings, records}``; a record of a type
    ``dns_records`` cannot write is skipped, named."""
    shaped = D.shape_dns_zone(model, unknown.append)
    domain = shaped["domain"]
    records = []
    for record in R.from_models(record_models, model.get("Id"), unknown.append):
        if record["type"] not in R.WRITABLE_TYPES:
            why = "dns_records cannot write records of type %s" % record["type"]
            what = "record %s %s %s" % (record["name"] or "@", record["type"], record["value"])
            skipped.append({"kind": "dns_zones", "name": domain, "what": what, "why": why})
            continue
        records.append(record_entry(record))
    return {
        "domain": domain,
        "settings": pruned({option: shaped.get(option) for option in D.OPTIONS}),
        "records": sorted(records, key=_record_order),
    }


# --- the whole snapshot --------------------------------------------------------------------------------------------


def _named(kind, items, key):
    """The file names of ``items``; two resources that would share a file fail the snapshot (nothing written)."""
    names = [file_name(item[key]) for item in items]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise InputError("%s: several resources would be written to %s; rename one." % (kind, ", ".join(twice)))
    return names


class Reading(object):
    """One snapshot's reads: the client, the filters, the bound on reads in flight, and what the reads collect beside
    the items (enum numbers without a name, what was skipped, the secrets read)."""

    def __init__(self, client, include, exclude, limit):
        self.client, self.include, self.exclude, self.limit = client, include, exclude, limit
        self.unknown, self.skipped, self.secrets = [], [], []

    def chosen(self, listed, key):
        """The models of ``listed`` whose ``key`` (name or domain) the filters choose."""
        return [model for model in listed if chosen(model.get(key), self.include, self.exclude)]

    def read_all(self, jobs):
        """The values of ``jobs`` read with at most ``limit`` in flight over the client's one pool; the first failure
        is raised (a snapshot is complete or fails)."""
        widen_pool(getattr(self.client, "session", None), self.limit)
        results = run_bounded(jobs, self.limit, stop_on=(ApiError,))
        for result in results:
            if result.status == FAILED:
                raise result.error
        return [result.value for result in results]

    def pull_zones(self):
        """``(items, file names, every zone's file name)`` of the pull zones chosen."""
        listed = [zone for zone in pull_zones.list_all(self.client) if isinstance(zone, dict)]
        models = self.read_all([partial(_complete_zone, self.client, m) for m in self.chosen(listed, "Name")])
        for model in models:
            self.secrets.extend(P.held_secrets(model))
        items = [pull_zone_item(model, self.unknown, self.skipped) for model in models]
        items.sort(key=lambda item: file_name(item["name"]))
        return items, _named("pull_zones", items, "name"), sorted(file_name(zone.get("Name")) for zone in listed)

    def dns_zones(self):
        """``(items, file names, every zone's file name)`` of the DNS zones chosen."""
        listed = [zone for zone in dns_zones.list_all(self.client) if isinstance(zone, dict)]
        models = self.chosen(listed, "Domain")
        record_sets = self.read_all([partial(dns_records.read, self.client, model["Id"]) for model in models])
        items = [dns_zone_item(m, records, self.unknown, self.skipped) for m, records in zip(models, record_sets)]
        items.sort(key=lambda item: file_name(item["domain"]))
        return items, _named("dns_zones", items, "domain"), sorted(file_name(zone.get("Domain")) for zone in listed)


def snapshot(ctx, kinds, include, exclude, limit):
    """The ``account``, ``files``, ``present`` and ``skipped`` of ``account_snapshot`` for ``kinds``."""
    reading = Reading(ctx.client, include, exclude, limit)
    account, files, present = {}, {}, {}
    parts = {"pull_zones": reading.pull_zones, "dns_zones": reading.dns_zones}
    for kind in kinds:
        account[kind], files[kind], present[kind] = parts[kind]()
        for secret in reading.secrets:  # never in an item; masked should any message carry one
            ctx.add_secret(secret)
    ctx.warn_all(reading.unknown)
    return {"account": account, "files": files, "present": present, "skipped": reading.skipped}
