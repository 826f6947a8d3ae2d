# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A Terraform state file (format version 4) of the platform's provider, read for what it names (pure Python: no
Ansible imports).

A state holds secrets in clear (API keys, passwords, certificate keys): only a resource's mode, type, name, module,
index key and the attributes that identify it (``id`` and the parent's id: ``pullzone``, ``zone``) are read here,
never another value (docs/platform-notes.md, "Leaving Terraform").

The result is what the state holds, as :class:`Held` entries (a resource the collection's snapshot reads), and
what it does not, as :class:`Unmanaged` entries, each with its address (``module.cdn.bunnynet_pullzone.site[0]``).
"""

from __future__ import annotations

import json
from collections import namedtuple

VERSION = 4
PROVIDER_PREFIX = "bunnynet_"

# A resource of the state the snapshot reads: its kind, its group within the kind's resource (None: the resource
# itself; "hostnames", "edge_rules", "records"), the id of that resource (the parent), its own id, type and address.
Held = namedtuple("Held", "kind group parent id type address")
# A resource of the state the snapshot does not read: its type, address and why.
Unmanaged = namedtuple("Unmanaged", "type address why")
State = namedtuple("State", "held unmanaged")

# Terraform type -> (kind, group, the attribute naming the parent's id) of the provider's resources the snapshot
# reads; each has the id attribute `id` (docs/platform-notes.md, "Leaving Terraform": the provider's schemas)
MANAGED = {
    "bunnynet_pullzone": ("pull_zones", None, "id"),
    "bunnynet_pullzone_hostname": ("pull_zones", "hostnames", "pullzone"),
    "bunnynet_pullzone_edgerule": ("pull_zones", "edge_rules", "pullzone"),
    "bunnynet_dns_zone": ("dns_zones", None, "id"),
    "bunnynet_dns_record": ("dns_zones", "records", "zone"),
    "bunnynet_pullzone_shield": ("shield_zones", None, "id"),
}
FIX = "give the state as `terraform state pull > FILE` writes it (Terraform 0.12 or later writes format version 4)"


class StateError(ValueError):
    """A file that is not a Terraform state of format version 4; the message names ``source`` and the fix."""


def parse(text, source):
    """The :class:`State` of ``text``, the content of the file ``source`` names (the prefix of every message)."""
    try:
        state = json.loads(text)
    except ValueError as exc:  # the message gives a position, never the text
        raise StateError("%s: not a Terraform state (not JSON: %s); %s." % (source, position(exc), FIX))
    if not isinstance(state, dict) or "version" not in state:
        raise StateError("%s: not a Terraform state (no top-level \"version\"); %s." % (source, FIX))
    if state["version"] != VERSION:
        version = state["version"] if isinstance(state["version"], int) else "unknown"
        raise StateError(
            "%s: a Terraform state of format version %s; this reads version %d: run `terraform state pull > FILE` "
            "with Terraform 0.12 or later, which writes it as version %d." % (source, version, VERSION, VERSION)
        )
    resources = state.get("resources", [])
    if not isinstance(resources, list):
        raise StateError("%s: \"resources\" is not a list; %s." % (source, FIX))
    held, unmanaged = [], []
    for number, resource in enumerate(resources):
        for address, attributes in instances(resource, "%s: resources[%d]" % (source, number)):
            sort(resource, address, attributes, held, unmanaged)
    return State(held, unmanaged)


def position(exc):
    return "line %s, column %s" % (getattr(exc, "lineno", "?"), getattr(exc, "colno", "?"))


def instances(resource, where):
    """``(address, attributes)`` of each instance of ``resource`` (``where`` names it in a message)."""
    if not isinstance(resource, dict) or not all(
        isinstance(resource.get(key), str) for key in ("mode", "type", "name")
    ):
        raise StateError("%s is not a resource (a mapping with mode, type and name); %s." % (where, FIX))
    listed = resource.get("instances", [])
    if not isinstance(listed, list) or not all(isinstance(entry, dict) for entry in listed):
        raise StateError("%s: \"instances\" is not a list of mappings; %s." % (where, FIX))
    base = address_of(resource)
    found = []
    for entry in listed:
        attributes = entry.get("attributes")
        found.append((base + index_of(entry.get("index_key")), attributes if isinstance(attributes, dict) else {}))
    return found


def address_of(resource):
    """``module.x.module.y.[data.]type.name``: the resource's address as Terraform writes it."""
    module = resource.get("module")
    prefix = module + "." if isinstance(module, str) and module else ""
    data = "data." if resource["mode"] == "data" else ""
    return "%s%s%s.%s" % (prefix, data, resource["type"], resource["name"])


def index_of(key):
    """An instance's ``[0]`` (count) or ``["a"]`` (for_each); nothing for a single instance."""
    if isinstance(key, bool) or key is None:
        return ""
    return "[%d]" % key if isinstance(key, int) else "[%s]" % json.dumps(str(key))


def sort(resource, address, attributes, held, unmanaged):
    """Adds the instance at ``address`` to ``held`` or ``unmanaged``."""
    kind_type = resource["type"]
    if resource["mode"] != "managed":
        unmanaged.append(Unmanaged(kind_type, address, "a data source: Terraform reads it and manages nothing"))
    elif not kind_type.startswith(PROVIDER_PREFIX):
        unmanaged.append(Unmanaged(kind_type, address, "not a resource of the platform's provider"))
    elif kind_type not in MANAGED:
        unmanaged.append(Unmanaged(kind_type, address, "edge.platform's snapshot does not read %s" % kind_type))
    else:
        kind, group, parent_attribute = MANAGED[kind_type]
        own, parent = identifier(attributes.get("id")), identifier(attributes.get(parent_attribute))
        if own is None or parent is None:
            why = "its state holds no id (id and %s): run `terraform refresh`, then snapshot again" % parent_attribute
            unmanaged.append(Unmanaged(kind_type, address, why))
        else:
            held.append(Held(kind, group, parent, own, kind_type, address))


def identifier(value):
    """An id as text (a number, or a guid in lower case); None for anything else (no value is kept or shown)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and value.strip() and len(value) <= 64:
        return value.strip().lower()
    return None
