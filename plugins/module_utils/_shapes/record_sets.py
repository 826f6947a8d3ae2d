# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The plan of a record set module: which records to add, change and delete (pure Python: no Ansible imports).

The model is community.dns's ``*_record_sets``: the records of one name and type form a set; a set the task lists
becomes exactly the records listed for it; a set the task does not list is left alone, or deleted with ``purge``;
a set marked ``ignore`` is left alone even with ``purge`` (records another tool manages).

Within a set, current records are paired with wanted ones so that as few writes as possible happen and a record
keeps its id (its monitor, its statistics) where it can: first the records that already match (no write), then
those with the same value (an update of their other fields), then the rest in order (an update of the value too);
what remains wanted is added, what remains current is deleted.

The record shape is not known here: ``set_of(record)`` gives a record's set key, ``value_of(record)`` its value in
comparable form and ``same(current, wanted)`` whether a current record already is what is wanted.
"""

from __future__ import annotations


class Plan(object):
    """``adds`` (wanted records), ``updates`` (``(current, wanted)`` pairs), ``deletes`` (current records) and
    ``unchanged`` (current records that stay as they are)."""

    def __init__(self):
        self.adds, self.updates, self.deletes, self.unchanged = [], [], [], []

    @property
    def changed(self):
        return bool(self.adds or self.updates or self.deletes)

    def __len__(self):
        return len(self.adds) + len(self.updates) + len(self.deletes)


def _grouped(records, set_of):
    groups = {}
    for record in records:
        groups.setdefault(set_of(record), []).append(record)
    return groups


def _take(candidates, test):
    for index, candidate in enumerate(candidates):
        if test(candidate):
            return candidates.pop(index)
    return None


def plan(current, wanted, set_of, value_of, same, purge=False, ignored=()):
    """The :class:`Plan` from the ``current`` records to the ``wanted`` ones (see the module docstring).

    ``ignored``: set keys to leave alone whatever is wanted or purged.
    """
    result = Plan()
    ignored = set(ignored)
    have = _grouped(current, set_of)
    want = _grouped(wanted, set_of)
    for key in sorted(set(have) | set(want), key=repr):
        existing = list(have.get(key, ()))
        if key in ignored or (key not in want and not purge):
            result.unchanged.extend(existing)
            continue
        leftover = []
        for record in want.get(key, ()):
            match = _take(existing, lambda candidate, record=record: same(candidate, record))
            if match is not None:
                result.unchanged.append(match)
            else:
                leftover.append(record)
        rest = []
        for record in leftover:
            match = _take(existing, lambda candidate, record=record: value_of(candidate) == value_of(record))
            if match is not None:
                result.updates.append((match, record))
            else:
                rest.append(record)
        for record in rest:
            if existing:
                result.updates.append((existing.pop(0), record))
            else:
                result.adds.append(record)
        result.deletes.extend(existing)
    return result
