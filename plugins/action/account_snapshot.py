# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Runs edge.platform.account_snapshot in-process on the controller when it can, else as a module, and compares a
tree given as ``tree`` on the controller (plugin_utils/_inprocess/tree_action.py)."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.plugin_utils._inprocess.tree_action import TreeComparingAction


class ActionModule(TreeComparingAction):
    """edge.platform.account_snapshot: the shared action, comparing a tree."""
