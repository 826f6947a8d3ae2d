# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A pull zone's settings that name another resource by its id, named by name in a snapshot (pure Python).

An id is the platform's, per account: on a rebuilt account the storage zone or script has another one, so the
snapshot writes the option that takes the name (``origin_storage_zone``, ``origin_edge_script``,
``middleware_script``), which ``pullzone`` looks up and compares as the id it names, and the role applies storage
zones and scripts before pull zones. An id no listed resource has is kept as it is (docs/platform-notes.md,
"Account snapshots: what they hold").
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._api import edge_scripts, storage_zones

# the listing of each kind of resource a setting names
LISTINGS = {"storage_zones": storage_zones.list_all, "edge_scripts": edge_scripts.list_all}
# (the model's id member, the setting holding it, the option naming it instead, the kind it names)
BY_NAME = (
    ("StorageZoneId", "storage_zone_id", "origin_storage_zone", "storage_zones"),
    ("EdgeScriptId", "edge_script_id", "origin_edge_script", "edge_scripts"),
    ("MiddlewareScriptId", "middleware_script_id", "middleware_script", "edge_scripts"),
)


def _refers(model, member):
    held = model.get(member)
    return isinstance(held, int) and not isinstance(held, bool) and held > 0


def names_by_id(client, models):
    """``{kind: {id: name}}`` of each kind some zone of ``models`` refers to, each listed once (nothing read when no
    zone refers to another resource)."""
    names = {}
    for member, _setting, _option, kind in BY_NAME:
        if kind not in names and any(_refers(model, member) for model in models):
            listed = [entry for entry in LISTINGS[kind](client) if isinstance(entry, dict)]
            names[kind] = {entry.get("Id"): entry.get("Name") for entry in listed if entry.get("Name")}
    return names


def named(settings, names):
    """``settings`` with each id of :data:`BY_NAME` that ``names`` holds given as the option naming it."""
    for _member, setting, option, kind in BY_NAME:
        held = settings.get(setting)
        if held in names.get(kind, {}):
            settings.pop(setting)
            settings[option] = names[kind][held]
    return settings
