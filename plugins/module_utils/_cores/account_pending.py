# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Which items of an account tree the account already holds as the tree says (pure Python: no Ansible imports).

The role ``edge.platform.account`` reads the account in the tree's form first (``account_plan``: the snapshot of the
tree's resources, reads only, bounded concurrency) and sends to the modules only the items this file finds pending: an item equal to what the
snapshot reads of its resource is no change by the round trip the tests prove (snapshot, then apply, changes
nothing), so one bulk read proves it instead of one module run per resource and child. Equal means equal as the
tree's files give it back: a text the snapshot wraps in ``{% raw %}`` compares unwrapped, an attachment (a script's
code, an OpenAPI document) compares by its file's content. Anything else is pending and goes to its module, which
compares, diffs and writes as it always does: a secret is never read back, so a vault reference equals the value the
tree fills it with only where the item (or its settings) says ``update_secret: on_create`` as the snapshot does
(the modules then never send or compare the secret of a resource that exists); a hand-written item that says
less or more than the snapshot is not equal, and a type differs from another (``true`` is not ``1``). Nothing here
can make a change be skipped that the modules would make.
"""

from __future__ import annotations

import re

from ansible_collections.edge.platform.plugins.module_utils._cores.account_snapshot import KEYS
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_kit import is_reference, unwrapped

WILDCARD = re.compile(r"([][*?])")
ON_CREATE = "on_create"


def name_patterns(names):
    """The ``include`` patterns of a snapshot that choose exactly the resources ``names`` (wildcards escaped)."""
    return sorted({WILDCARD.sub(r"[\1]", str(name)) for name in names})


def held_names(tree, kinds):
    """The names of the resources of ``kinds`` the tree lists (a pull zone's name, a DNS zone's domain, ...)."""
    return sorted(
        {_name(item, KEYS[kind]) for kind in kinds for item in tree.get(kind) or [] if isinstance(item, dict)}
    )


def pending(tree, kinds, held, read_file):
    """The places (indexes) of the items of ``kinds`` in ``tree`` that ``held`` (the snapshot of the tree's resources:
    its ``account`` and ``attachments``) does not hold exactly as they are, per kind. ``read_file(path)`` gives the
    text of the file an item names (``None``: unreadable). A kind the snapshot did not read keeps all its items."""
    account = (held or {}).get("account") or {}
    contents = {}
    for entries in ((held or {}).get("attachments") or {}).values():
        contents.update((entry["path"], entry["content"]) for entry in entries)
    places = {}
    for kind in kinds:
        items = tree.get(kind) or []
        by_name = {str(item.get(KEYS[kind])): item for item in account.get(kind) or []}
        places[kind] = [
            place
            for place, item in enumerate(items)
            if kind not in account or not _held(item, by_name.get(_name(item, KEYS[kind])), contents, read_file)
        ]
    return places


def _name(item, key):
    return str(item.get(key)) if isinstance(item, dict) else None


def _held(item, read, contents, read_file):
    """Whether the tree's ``item`` is what the snapshot ``read`` of its resource holds."""
    if not isinstance(read, dict):
        return False
    settings = read.get("settings") if isinstance(read.get("settings"), dict) else {}
    on_create = ON_CREATE in (read.get("update_secret"), settings.get("update_secret"))
    return Comparison(contents, read_file, on_create).same(item, read)


class Comparison(object):
    """Equality of a tree's value with the snapshot's, as the tree's files give the snapshot's value back.
    ``on_create``: the item's secrets are set only when it is created, so a vault reference equals any text."""

    def __init__(self, contents, read_file, on_create):
        self.contents, self.read_file, self.on_create = contents, read_file, on_create

    def same(self, given, read):
        if read is None:
            return False
        if self.on_create and isinstance(read, str) and is_reference(read):
            return isinstance(given, str)
        if isinstance(read, str) and read in self.contents:  # an attachment's path: its file's content decides
            return isinstance(given, str) and self.read_file(given) == self.contents[read]
        if isinstance(read, dict):
            return (
                isinstance(given, dict)
                and set(given) == set(read)
                and all(self.same(given[key], read[key]) for key in read)
            )
        if isinstance(read, list):
            return (
                isinstance(given, list)
                and len(given) == len(read)
                and all(self.same(one, other) for one, other in zip(given, read))
            )
        if isinstance(read, str):
            return isinstance(given, str) and given == unwrapped(read)
        if isinstance(read, bool) or isinstance(given, bool):
            return given is read
        return given == read
