# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Readable views read from one field table each (pure Python: no Ansible imports).

A table is an allow-list: only the named fields leave, so a field the platform adds later (or a secret it already
sends) never reaches a result. Its rows are the field kit's ``Shown(name, platform key)``, or ``Shown(name, platform
key, convert)`` where ``convert(value)`` turns the platform's value into the returned one (``fields.py``); the order of
a table is the order of the returned keys.
"""

from __future__ import annotations

from .enums import readable as enum_readable


def named(table):
    """A converter: the name of a platform number in ``table``; a number this collection does not know stays the
    number (enums grow: _shapes/enums.py; the modules warn of it)."""
    return lambda value: enum_readable(table, value)


def presence_view(zone, managed, identity, given):
    """What a zone module compares and shows in the diff: whether the zone exists, its identity (``(result key,
    platform key)``: the name or domain, as the platform holds it; ``given`` when absent) and ``managed(zone)``, the
    settings the task manages."""
    key, member = identity
    if zone is None:
        return {"present": False, key: given}
    return dict(managed(zone), present=True, **{key: zone.get(member)})
