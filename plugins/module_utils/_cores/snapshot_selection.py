# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A snapshot restricted to the resources a Terraform state holds (pure Python: no Ansible imports).

The state decides WHICH resources; the account gives their VALUES, so the tree's apply is no change by construction
(docs/platform-notes.md, "Leaving Terraform"). A zone is in the tree when the state holds it or one of its children
(hostnames, edge rules, records); its children in the tree are those the state holds (the role applies them with
purge false, so the others are left alone). What the state holds that the account does not is skipped, "gone from
the account", by its Terraform address.
"""

from __future__ import annotations

from collections import defaultdict

from ansible_collections.edge.platform.plugins.module_utils._cores import terraform_state
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError, not_read_here

# kind -> the key of a listed model's id (the `id` of the provider's resource of that kind)
MODEL_IDS = {"pull_zones": "Id", "dns_zones": "Id", "shield_zones": "shieldZoneId"}
# kind -> group -> (the model's list of that group, None when read apart; the key of an entry's id)
CHILDREN = {
    "pull_zones": {"hostnames": ("Hostnames", "Id"), "edge_rules": ("EdgeRules", "Guid")},
    "dns_zones": {"records": (None, "Id")},
}
GONE = "gone from the account: the Terraform state holds it, the account does not"


def entry_id(value):
    """A live id as the state's are kept (``terraform_state.identifier``): text, a guid in lower case."""
    return None if value is None or isinstance(value, bool) else str(value).strip().lower()


class Selection(object):
    """What a state holds, by kind, zone id and group (None: the zone itself), each id with its :class:`Held`."""

    def __init__(self, held):
        self.zones = defaultdict(lambda: defaultdict(lambda: defaultdict(dict)))
        for entry in held:
            self.zones[entry.kind][entry.parent][entry.group][entry.id] = entry

    def kinds(self):
        return sorted(self.zones)

    def entries(self, kind):
        """Every :class:`Held` of ``kind``, in the order of their addresses."""
        found = [
            held for groups in self.zones.get(kind, {}).values() for ids in groups.values() for held in ids.values()
        ]
        return sorted(found, key=lambda held: held.address)

    def chosen(self, reading, listed, picked):
        """The models of ``picked`` (the filters' choice of ``listed``) the state holds; the zones it holds that
        ``listed`` (every zone of the kind) does not are skipped, gone."""
        kind, key = reading.kind, MODEL_IDS.get(reading.kind, "Id")
        held = self.zones.get(kind, {})
        present = {entry_id(model.get(key)) for model in listed}
        for parent in sorted(set(held) - present):
            for entry in sorted((e for ids in held[parent].values() for e in ids.values()), key=lambda e: e.address):
                gone(reading, entry)
        return [model for model in picked if entry_id(model.get(key)) in held]

    def kept(self, reading, parent, group, entries):
        """The ``entries`` of ``group`` (the zone ``parent``'s hostnames, edge rules or records) the state holds; the
        ones it holds that ``entries`` does not are skipped, gone."""
        key = CHILDREN[reading.kind][group][1]
        wanted = self.zones.get(reading.kind, {}).get(entry_id(parent), {}).get(group, {})
        present = {entry_id(entry.get(key)) for entry in entries}
        for child in sorted(set(wanted) - present):
            gone(reading, wanted[child])
        return [entry for entry in entries if entry_id(entry.get(key)) in wanted]

    def narrowed(self, reading, model):
        """A copy of ``model`` whose lists of children (a pull zone's ``Hostnames``, ``EdgeRules``) hold only those the
        state holds."""
        narrowed = dict(model)
        for group, (field, _key) in CHILDREN.get(reading.kind, {}).items():
            if field is not None:
                listed = [entry for entry in narrowed.get(field) or [] if isinstance(entry, dict)]
                narrowed[field] = self.kept(reading, model.get(MODEL_IDS[reading.kind]), group, listed)
        return narrowed


def gone(reading, held):
    reading.skip(held.kind, held.address, "%s id %s" % (held.type, held.id), GONE)


def from_state(text, kinds, every_kind):
    """The :class:`Selection` of the Terraform state ``text`` (the option ``terraform_state_content``) for the
    snapshot of ``kinds``, and the skipped entries of what the snapshot will not read: the resources the collection
    does not manage (kind ``terraform``) and those of a kind not read (not in ``kinds``, or not in ``every_kind``, the
    kinds the snapshot knows)."""
    try:
        state = terraform_state.parse(text, "terraform_state_content")
    except terraform_state.StateError as exc:
        raise InputError(str(exc), option="terraform_state_content")
    skipped = [{"kind": "terraform", "name": e.address, "what": e.type, "why": e.why} for e in state.unmanaged]
    selection = Selection(state.held)
    for kind in selection.kinds():
        if kind not in kinds:
            why = "left out by kinds" if kind in every_kind else "edge.platform's snapshot does not read %s yet" % kind
            skipped.extend(
                {"kind": kind, "name": e.address, "what": "%s id %s" % (e.type, e.id), "why": why}
                for e in selection.entries(kind)
            )
    return selection, skipped


def of_params(params, kinds, every_kind):
    """:func:`from_state` of the module's ``terraform_state_content``; ``(None, [])`` (everything) without one."""
    if params.get("terraform_state") is not None and params.get("terraform_state_content") is None:
        raise InputError(not_read_here("terraform_state", "terraform_state_content"), option="terraform_state")
    if params.get("terraform_state_content") is None:
        return None, []
    return from_state(params["terraform_state_content"], kinds, every_kind)
