# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The pull zones of an account snapshot: ``pull_zones/<name>.yml`` holds ``{name, settings, hostnames, certificates,
optimizer_classes, edge_rules}`` in the forms ``pullzone``, ``pullzone_hostname``, ``pullzone_certificate``,
``pullzone_optimizer_class`` and ``pullzone_edge_rules`` take (pure Python).

Every value comes from the conversions the info modules use (``pull_zones.readable``, ``listed_hostname``,
``shape_class``, ``shape_rule``, the certificate's fingerprint as ``pullzone_certificate`` computes it): no field is
derived here. A secret the zone holds becomes a vault reference and the zone gets ``update_secret: on_create``; a
custom certificate is its leaf's fingerprint and the paths of the files the user fills, never key material
(docs/platform-notes.md, "Account snapshots: what they hold").
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import edge_rules, optimizer_classes, pull_zones
from ansible_collections.edge.platform.plugins.module_utils._api.hostnames import entries as hostname_entries
from ansible_collections.edge.platform.plugins.module_utils._certificates.x509 import (
    CertificateError,
    decode_platform_certificate,
)
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_kit import (
    file_name,
    pruned,
    reference,
    unnamed,
    vault_variable,
)
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_references import named, names_by_id
from ansible_collections.edge.platform.plugins.module_utils._shapes import edge_rules as E
from ansible_collections.edge.platform.plugins.module_utils._shapes import pull_zones as P
from ansible_collections.edge.platform.plugins.module_utils._shapes.fields import secret_fields
from ansible_collections.edge.platform.plugins.module_utils._shapes.hostnames import (
    PROVISION_TYPES,
    certificate_type_of,
    hostname_enums,
    listed_hostname,
)
from ansible_collections.edge.platform.plugins.module_utils._shapes.optimizer_classes import shape_class

KIND = "pull_zones"
KEY = "name"  # what names an item (its file)
# the folder, beside the kinds' folders, of the certificate files a user fills (the snapshot never writes them)
CERTIFICATES = "certificates"
FREE_PROVISION = 1  # PROVISION_TYPES: http01, what pullzone_hostname's free_certificate asks for
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


def custom_hostnames(model):
    """The zone's HostnameModels other than its system one."""
    return [entry for entry in hostname_entries(model) if not entry.get("IsSystemHostname")]


def hostname_entry(entry, name, reading):
    """A hostname as ``pullzone_hostname`` takes it; one holding a free (HTTP-01) certificate asks for one
    (``free_certificate``, which leaves a hostname holding any certificate as it is); another certificate the
    platform issued is said skipped, since no module asks for one of its kind."""
    shown = listed_hostname(entry)
    hostname = {"hostname": shown["name"], "force_ssl": bool(shown["force_ssl"])}
    certificate_type, custom = certificate_type_of(entry)
    if certificate_type == PROVISION_TYPES[FREE_PROVISION]:
        hostname["free_certificate"] = True
    elif certificate_type != "none" and not custom:
        why = "the platform issued it (%s); pullzone_hostname asks only for a free HTTP-01 one" % certificate_type
        reading.skip(KIND, name, "certificate of %s" % shown["name"], why)
    return hostname


def hostnames_of(model, name, reading):
    """The zone's custom hostnames as ``pullzone_hostname`` takes them, sorted by hostname."""
    shown = [hostname_entry(entry, name, reading) for entry in custom_hostnames(model)]
    return sorted(shown, key=lambda entry: str(entry["hostname"]).lower())


def certificate_entry(hostname, value):
    """A custom certificate as ``pullzone_certificate`` takes it, from the hostname's ``Certificate``: its leaf's
    fingerprint, and where the user puts its files (``certificates/<hostname>.pem`` and ``.key``, relative to the
    snapshot directory); CertificateError when the platform's text cannot be read."""
    return {
        "hostname": hostname,
        "fingerprint": decode_platform_certificate(value)[0].fingerprint,
        "certificate_src": "%s/%s" % (CERTIFICATES, file_name(hostname, "pem")),
        "certificate_key_src": "%s/%s" % (CERTIFICATES, file_name(hostname, "key")),
    }


def certificates_of(model, name, reading):
    """The custom certificates of the zone's hostnames (see :func:`certificate_entry`), sorted by hostname; one the
    platform did not return, or returned unreadable, is said skipped."""
    entries = []
    for entry in custom_hostnames(model):
        if not certificate_type_of(entry)[1] or entry.get("IsManagedHostname"):  # the platform's to manage
            continue
        hostname = entry.get("Value")
        try:
            if not entry.get("Certificate"):
                raise CertificateError("the platform did not return it (the snapshot makes no TLS handshake)")
            entries.append(certificate_entry(hostname, entry["Certificate"]))
        except CertificateError as exc:
            reading.skip(KIND, name, "certificate of %s" % hostname, "its fingerprint is unknown: %s" % exc)
    return sorted(entries, key=lambda entry: str(entry["hostname"]).lower())


def optimizer_classes_of(model, name, reading):
    """The zone's optimizer classes as ``pullzone_optimizer_class`` takes them, sorted by name; none (with a skipped
    entry) when the module cannot find each by its name (an empty or repeated one)."""
    classes = [shape_class(entry, reading.unknown) for entry in optimizer_classes.classes_of(model)]
    bad = unnamed([entry.get("name") for entry in classes])
    if bad:
        why = "classes are found by name, and these are empty or repeated: %s" % ", ".join(map(repr, bad))
        reading.skip(KIND, name, "optimizer_classes", why)
        return []
    return sorted((pruned(entry) for entry in classes), key=lambda entry: entry["name"])


def edge_rules_of(model, name, reading):
    """The zone's edge rules as ``pullzone_edge_rules`` takes them, in run order; none (with a skipped entry) when
    the set cannot name each rule by its description (an empty or repeated one)."""
    rules = [E.shape_rule(rule, reading.unknown) for rule in E.run_order(edge_rules.rules_of(model))]
    bad = unnamed([rule.get("description") for rule in rules])
    if bad:
        why = "edge rules are listed by description, and these are empty or repeated: %s" % ", ".join(map(repr, bad))
        reading.skip(KIND, name, "edge_rules", why)
        return []
    return [pruned({option: rule.get(option) for option in RULE_OPTIONS}) for rule in rules]


def pull_zone_item(model, reading):
    """A PullZoneModel as its file holds it: ``{name, settings, hostnames, certificates, optimizer_classes,
    edge_rules}``."""
    name = model.get("Name")
    for entry in hostname_entries(model):
        hostname_enums(entry, reading.unknown)
        reading.secrets.append(entry.get("CertificateKey"))  # the platform's copy of a key: never in an item
    return {
        "name": name,
        "settings": pull_zone_settings(model, name, reading.unknown),
        "hostnames": hostnames_of(model, name, reading),
        "certificates": certificates_of(model, name, reading),
        "optimizer_classes": optimizer_classes_of(model, name, reading),
        "edge_rules": edge_rules_of(model, name, reading),
    }


def holds_custom_certificate(model):
    """Whether a hostname of the zone holds a custom certificate the model does not carry."""
    return any(certificate_type_of(entry)[1] and not entry.get("Certificate") for entry in custom_hostnames(model))


def complete_zone(client, model):
    """``model`` when the listing carried its hostnames, rules, optimizer classes and custom certificates, else the
    zone read by id (with its certificates when a hostname holds a custom one)."""
    certificates = holds_custom_certificate(model)
    carried = edge_rules.has_rules(model) and optimizer_classes.has_classes(model)
    if pull_zones.has_hostnames(model) and carried and not certificates:
        return model
    zone = pull_zones.get(client, model["Id"], include_certificate=certificates, hostnames=True)
    if not edge_rules.has_rules(zone):
        zone = edge_rules.read_zone(client, model["Id"])
    return zone if optimizer_classes.has_classes(zone) else optimizer_classes.read_zone(client, model["Id"])


def read(reading):
    """The :class:`Part` of the pull zones the filters choose."""
    listed = [zone for zone in pull_zones.list_all(reading.client) if isinstance(zone, dict)]
    models = reading.read_all([partial(complete_zone, reading.client, m) for m in reading.chosen(listed, "Name")])
    models = [reading.narrowed(model) for model in models]  # only the hostnames and rules a Terraform state holds
    for model in models:
        reading.secrets.extend(P.held_secrets(model))
    items = [pull_zone_item(model, reading) for model in models]
    names = names_by_id(reading.client, models)
    for item in items:
        named(item["settings"], names)
    return reading.part(KIND, items, KEY, [zone.get("Name") for zone in listed])
