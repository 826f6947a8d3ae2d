# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Optimizer classes of a pull zone: reading them and writing the whole list (pure Python: no Ansible imports).

Classes have no endpoint of their own: they are the ``OptimizerClasses`` member of the pull zone
(``[{Name, Properties: {key: text}}]``), and a class's ``Name`` is its only identity (docs/platform-notes.md,
"Optimizer classes").

- :func:`read_zone`: ``GET /pullzone/{id}``, an answer that carries ``OptimizerClasses`` (a list, or null for none).
- :func:`write`: ``POST /pullzone/{id}`` with ONLY ``{"OptimizerClasses": [the whole list]}`` (``pull_zones.update``):
  the list sent is the zone's whole new list, so a delete is the list without the class. Only that member is sent,
  as the Terraform provider does since posting the whole zone read back failed ("Edge Script ID not found."). 200 and
  the ``PullZoneModel``; sent once, a lost answer settled by the caller's re-read, never by sending again.

Writes take the pull zone's writer lock of the edge rules (:data:`LOCK`), so a class write and an edge rule write
on one zone never interleave (the provider locks the zone for both).
"""

from __future__ import annotations

from . import edge_rules, pull_zones
from .answers import is_id, object_with

MEMBER = "OptimizerClasses"
LOCK = edge_rules.LOCK  # the pull zone's writer lock (_engine/zone_lock.py), the edge rules' own


def has_classes(zone):
    """Whether a PullZoneModel carries its optimizer classes (``OptimizerClasses`` a list, or null for none)."""
    return isinstance(zone, dict) and MEMBER in zone and (zone[MEMBER] is None or isinstance(zone[MEMBER], list))


def classes_of(zone):
    """The classes of a PullZoneModel (untrusted: only mappings), in the order the platform holds them."""
    classes = zone.get(MEMBER) if isinstance(zone, dict) else None
    return [entry for entry in classes or [] if isinstance(entry, dict)]


def named(zone, name):
    """The classes of ``zone`` named exactly ``name``."""
    return [entry for entry in classes_of(zone) if entry.get("Name") == name]


def read_zone(client, zone_id, hint=None):
    """The PullZoneModel of zone ``zone_id`` with its optimizer classes; ``hint`` replaces the 404 advice."""
    return client.request(
        "GET",
        pull_zones.ZONE % zone_id,
        "Reading pull zone %d" % zone_id,
        hints={404: hint or pull_zones.not_visible(zone_id)},
        expect=object_with(
            "the pull zone %d with its optimizer classes" % zone_id,
            lambda zone: is_id(zone.get("Id")) and zone["Id"] == zone_id and has_classes(zone),
        ),
    ).data


def write(client, zone_id, classes, label):
    """Send ``classes`` as the zone's whole list of optimizer classes; the zone as the platform holds it after: the
    answer, or the zone read again when the answer does not carry the classes (the write has landed by then)."""
    what = "the optimizer classes of pull zone %d (%s)" % (zone_id, label)
    zone = pull_zones.update(client, zone_id, {MEMBER: classes}, what)
    return zone if has_classes(zone) else read_zone(client, zone_id)
