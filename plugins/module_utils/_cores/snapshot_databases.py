# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The databases of an account snapshot: ``databases/<name>.yml`` holds ``{name, settings}``, the settings in the
options ``database`` takes (``primary_regions``, ``replica_regions``, ``storage_region``), converted by ``readable``
as ``database_info`` converts them (pure Python).

Never a token: the listing holds none, and a token is made (``database_token``), never read back. Nor the data: a
database's tables and rows are not part of it. See docs/platform-notes.md, "Account snapshots: what they hold".
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._api import databases
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_kit import pruned
from ansible_collections.edge.platform.plugins.module_utils._shapes import databases as D

KIND = "databases"
KEY = "name"  # what names an item (its file)
REGION_LISTS = ("primary_regions", "replica_regions")  # sets to the module: sorted, so a snapshot is canonical


def database_item(model):
    """A ``Database2`` as its file holds it: ``{name, settings}``."""
    shaped = D.readable(model)
    settings = pruned({option: shaped.get(option) for option in D.OPTIONS})
    for option in REGION_LISTS:
        settings[option] = sorted(settings.get(option) or [])
    return {"name": shaped["name"], "settings": settings}


def read(reading):
    """The :class:`Part` of the databases the filters choose (one listing: it holds every setting)."""
    listed = databases.list_all(reading.client)
    items = [database_item(model) for model in reading.chosen(listed, "name")]
    return reading.part(KIND, items, KEY, [model.get("name") for model in listed])
