# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Runs edge.platform.account_snapshot in-process on the controller when it can, else as a module (plugin_utils/_inprocess)."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.plugin_utils._inprocess.action import EdgeModuleAction


class ActionModule(EdgeModuleAction):
    """edge.platform.account_snapshot: the shared action."""
