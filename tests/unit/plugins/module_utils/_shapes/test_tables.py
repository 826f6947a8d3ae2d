"""_shapes.fields.readable: one field table per shape drives the readable view."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._shapes import fields as kit
from ansible_collections.edge.platform.plugins.module_utils._shapes.fields import Shown
from ansible_collections.edge.platform.plugins.module_utils._shapes.pull_zones import PULL_ZONE_TYPES


def test_a_table_returns_only_its_fields_in_its_order():
    fields = (Shown("id", "Id"), Shown("kind", "Type", PULL_ZONE_TYPES.get), Shown("missing", "Nope"))
    assert list(kit.readable(fields, {"Id": 1, "Type": 1, "Secret": "s"}).items()) == [
        ("id", 1),
        ("kind", "volume"),
        ("missing", None),
    ]
