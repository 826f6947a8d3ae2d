# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Test helper of the examples target: appends one JSON line per task result to $EXAMPLE_RECORD_FILE.

ansible-core ships no machine-readable stdout callback, and the judge needs each task's name, status,
``changed`` and, for ``debug``, what it printed.
"""

from __future__ import annotations

DOCUMENTATION = r"""
name: example_record
type: aggregate
short_description: Record task results as JSON lines for the examples test
description:
  - Appends one JSON object per task result to the file named by E(EXAMPLE_RECORD_FILE).
requirements:
  - enabled in configuration
"""

import json
import os

from ansible.plugins.callback import CallbackBase


def _payload(result):
    """The result dict (``result`` on ansible-core 2.19+, ``_result`` before)."""
    data = getattr(result, "result", None)
    return data if isinstance(data, dict) else getattr(result, "_result", {})


def _task(result):
    task = getattr(result, "task", None)
    return task if task is not None else result._task  # pylint: disable=protected-access


class CallbackModule(CallbackBase):
    CALLBACK_VERSION = 2.0
    CALLBACK_TYPE = "aggregate"
    CALLBACK_NAME = "example_record"
    CALLBACK_NEEDS_ENABLED = True

    def _record(self, result, status):
        path = os.environ.get("EXAMPLE_RECORD_FILE")
        if not path:
            return
        task = _task(result)
        data = _payload(result)
        entry = {
            "play": self._play,
            "task": task.get_name(),
            "action": task.action,
            "status": status,
            "changed": bool(data.get("changed", False)),
        }
        if task.action in ("debug", "ansible.builtin.debug"):
            if isinstance(data.get("results"), list):
                entry["shown"] = [item.get("msg") for item in data["results"] if isinstance(item, dict)]
            else:
                entry["shown"] = [data.get("msg")]
        if status == "failed":
            entry["msg"] = data.get("msg")
        with open(path, "a", encoding="utf-8") as stream:
            stream.write(json.dumps(entry, default=str) + "\n")

    _play = None

    def v2_playbook_on_play_start(self, play):
        self._play = play.get_name()

    def v2_runner_on_ok(self, result):
        self._record(result, "ok")

    def v2_runner_on_failed(self, result, ignore_errors=False):
        self._record(result, "failed")

    def v2_runner_on_skipped(self, result):
        self._record(result, "skipped")

    def v2_runner_on_unreachable(self, result):
        self._record(result, "unreachable")
