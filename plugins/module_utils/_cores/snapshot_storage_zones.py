# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The storage zones of an account snapshot: ``storage_zones/<name>.yml`` holds ``{name, settings}``, the settings in
the options ``storage_zone`` takes, converted by ``shape_storage_zone`` as ``storage_zone_info`` converts them (pure
Python).

Never the zone's passwords, not even as a vault reference: the platform generates them (a create takes none), so a
rebuilt zone has new ones, which ``storage_zone`` returns once when asked to rotate them. Never ``origin_url``
either: the platform does not return it. The zone's files are not part of it (``storage_files`` syncs them); see
docs/platform-notes.md, "Account snapshots: what they hold".
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._api import storage_zones
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_kit import pruned
from ansible_collections.edge.platform.plugins.module_utils._cores.storage_zones import zone_secrets
from ansible_collections.edge.platform.plugins.module_utils._shapes import storage_zones as S

KIND = "storage_zones"
KEY = "name"  # what names an item (its file)
# the settings a write takes and a read returns (origin_url is write-only: never read, so never in a snapshot)
OPTIONS = tuple(field.option for field in S.COMPARED)


def storage_zone_item(model, reading):
    """A StorageZoneModel as its file holds it: ``{name, settings}``, its region lists sorted."""
    shaped = S.shape_storage_zone(model, reading.unknown)
    settings = pruned({option: shaped.get(option) for option in OPTIONS})
    if settings.get("replication_regions") is not None:
        settings["replication_regions"] = sorted(settings["replication_regions"])
    return {"name": shaped["name"], "settings": settings}


def read(reading):
    """The :class:`Part` of the storage zones the filters choose (one listing: it holds every setting)."""
    listed = [zone for zone in storage_zones.list_all(reading.client) if isinstance(zone, dict)]
    listed = [zone for zone in listed if not zone.get("Deleted")]
    for zone in listed:
        reading.secrets.extend(zone_secrets(zone))
    items = [storage_zone_item(model, reading) for model in reading.chosen(listed, "Name")]
    return reading.part(KIND, items, KEY, [zone.get("Name") for zone in listed])
