# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The action of edge.platform.account_snapshot: the shared action, and, given ``tree`` (the role
edge.platform.account's tree), the check of the tree, a read of only its resources and the places of its items that
differ (module_utils/_cores/account_tree.py, account_pending.py).

The tree stays here, on the controller: it holds the role's filled vault references, so it is never a module
argument (never in the invocation, a log or the module path's files), and the module's answer is compared with it
here, on both paths.
"""

from __future__ import annotations

import os

from ansible.module_utils.parsing.convert_bool import boolean

from ansible_collections.edge.platform.plugins.module_utils._cores.account_pending import (
    held_names,
    name_patterns,
    pending,
)
from ansible_collections.edge.platform.plugins.module_utils._cores.account_snapshot import KINDS
from ansible_collections.edge.platform.plugins.module_utils._cores.account_tree import problem
from ansible_collections.edge.platform.plugins.plugin_utils._inprocess.action import EdgeModuleAction

TREE_OPTIONS = ("tree", "tree_dir", "compare")
SNAPSHOT_ONLY = ("include", "exclude", "terraform_state", "terraform_state_content", "dest")
READ_KEYS = ("account", "files", "present", "attachments", "attachment_suffixes")


def text_of(root):
    """The reader of a file a tree's item names: its text (UTF-8), None when it cannot be read (the item is then
    pending). A relative path is taken from ``root``."""

    def read(path):
        try:
            with open(os.path.join(root, path), encoding="utf-8") as handle:  # an absolute path stays as it is
                return handle.read()
        except (OSError, UnicodeDecodeError):
            return None

    return read


def tree_trouble(tree, kinds, args):
    """Why ``tree`` cannot be compared (a message naming the option and the fix), or None."""
    if not isinstance(tree, dict):
        return "tree must be a dictionary of kinds (pull_zones, dns_zones, ...), not %s." % type(tree).__name__
    mixed = [option for option in SNAPSHOT_ONLY if args.get(option)]
    if mixed:
        return "tree chooses the resources read by their names and writes no file: leave out %s." % ", ".join(mixed)
    return problem(tree, kinds)


class TreeComparingAction(EdgeModuleAction):
    """The shared action; with ``tree``, the check, the read of the tree's resources and the comparison."""

    def run(self, tmp=None, task_vars=None):
        args = self._task.args
        given = {option: args.pop(option) for option in TREE_OPTIONS if option in args}
        if given.get("tree") is None:
            if given:
                return refused("tree_dir and compare go with tree, the tree to compare: give it, or leave them out.")
            return super(TreeComparingAction, self).run(tmp, task_vars)
        tree, kinds = given["tree"], [kind for kind in KINDS if kind in (args.get("kinds") or KINDS)]
        trouble = tree_trouble(tree, kinds, args)
        if trouble:
            return refused(trouble)
        names = held_names(tree, kinds)
        if not boolean(given.get("compare", True), strict=False) or not names:
            return dict(changed=False, pending={kind: list(range(len(tree.get(kind) or []))) for kind in kinds})
        args.update(kinds=[kind for kind in kinds if tree.get(kind)], include=name_patterns(names))
        result = super(TreeComparingAction, self).run(tmp, task_vars)
        if result.get("failed"):
            return result
        places = pending(tree, kinds, result, text_of(given.get("tree_dir") or ""))
        return dict({key: value for key, value in result.items() if key not in READ_KEYS}, pending=places)


def refused(message):
    return dict(failed=True, changed=False, msg=message)
