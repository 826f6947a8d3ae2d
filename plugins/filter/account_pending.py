# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The filter edge.platform.account_pending (the comparison lives in module_utils/_cores/account_pending.py)."""

from __future__ import annotations

DOCUMENTATION = r"""
name: account_pending
short_description: The items of an account tree that the account does not already hold as the tree says
version_added: 1.3.0
description:
  - Takes a tree of the account (kind to a list of items, the variables the role C(edge.platform.account) applies)
    and the registered result of M(edge.platform.account_snapshot) read from the account, and gives the tree with only
    the items that differ from what the snapshot read, or that it did not read. The role sends only those to the
    modules; an item equal to its resource's snapshot is no change (a snapshot applied to its account changes nothing).
  - Equal is exact. A text the snapshot wraps in C({% raw %}) compares unwrapped (as Ansible reads the file back).
    An attachment the snapshot names (an edge script's C(code_file), an API Guardian C(spec_file)) compares by the
    content of the file the item names, relative to O(root). A vault reference is never equal to the secret it
    stands for, and an item with more, fewer or other values than the snapshot is pending, so its module decides.
  - A kind the snapshot did not read keeps all its items.
  - Runs on the controller and sends nothing; the result holds the tree's values, secrets included, so a task that
    keeps it should be C(no_log).
positional: held, root
options:
  _input:
    description: The tree, kind to a list of items (C(pull_zones), C(dns_zones), ...), as the files of a snapshot give it.
    type: dict
    required: true
  held:
    description: The registered result of M(edge.platform.account_snapshot) (its C(account) and C(attachments)).
    type: dict
    required: true
  root:
    description: The directory a relative attachment path is taken from (the snapshot directory).
    type: path
    default: ""
"""

EXAMPLES = r"""
- name: Read what the account holds of the tree
  edge.platform.account_snapshot:
    include: "{{ tree.pull_zones | map(attribute='name') }}"
    kinds: [pull_zones]
  register: held

- name: Keep the pull zones that differ
  ansible.builtin.set_fact:
    pending: "{{ tree | edge.platform.account_pending(held, snapshot_dir) }}"
  no_log: true
"""

RETURN = r"""
_value:
  description: The tree, each kind with only its pending items, in their order.
  type: dict
"""

import os

from ansible.errors import AnsibleFilterError
from ansible_collections.edge.platform.plugins.module_utils._cores.account_pending import pending


def text_of(root):
    """The reader of a file an item names: its text (UTF-8), None when it cannot be read (so the item is pending)."""

    def read(path):
        full = path if os.path.isabs(path) else os.path.join(root, path)
        try:
            with open(full, encoding="utf-8") as handle:
                return handle.read()
        except (OSError, UnicodeDecodeError):
            return None

    return read


def account_pending(tree, held, root=""):
    if not isinstance(tree, dict) or not isinstance(held, dict):
        raise AnsibleFilterError(
            "account_pending takes a tree (a dictionary of kinds) and the registered result of "
            "edge.platform.account_snapshot; it got %s and %s." % (type(tree).__name__, type(held).__name__)
        )
    return pending(tree, held, text_of(root or ""))


class FilterModule(object):
    def filters(self):
        return {"account_pending": account_pending}
