# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""What ``edge_script_variables`` and ``edge_script_secrets`` share (pure Python: no Ansible imports): the script a
task names (``script``, its exact name, or ``script_id``), a script only predicted under --check standing in, and
the diff of a set. Their writes go through ``_engine/batch.py``.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._api import edge_scripts
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import named_in_plan
from ansible_collections.edge.platform.plugins.module_utils._cores.inputs import check_given_name
from ansible_collections.edge.platform.plugins.module_utils._shapes.edge_scripts import TYPE_NAMES, TYPES

DNS = TYPES["dns"]


def script_options():
    """The options naming the script: ``script`` (exact name) or ``script_id``, one of them."""
    return {"script": dict(type="str"), "script_id": dict(type="int")}


SCRIPT_VALIDATION = {"mutually_exclusive": [("script", "script_id")], "required_one_of": [("script", "script_id")]}


def identity(script):
    """``script`` of the result: the script's id, name and type (a number this collection does not name kept)."""
    kind = script.get("ScriptType")
    return {"id": script.get("Id"), "name": script.get("Name"), "type": TYPE_NAMES.get(kind, kind)}


def predicted(ctx):
    """``script`` of a result under --check for a script only predicted by an earlier task."""
    return {"id": None, "name": ctx.params["script"], "type": None}


def resolve(ctx, standin, reread=False):
    """The EdgeScriptModel the task names (read by its id again with ``reread``, for the members a listing may
    lack). A name no script has fails naming ``script`` before any write, unless under --check an earlier task
    only predicted it: the task then ends with ``standin()``, the result a real run would give, and a warning."""
    name, script_id = ctx.params["script"], ctx.params["script_id"]
    if script_id is not None:
        script = edge_scripts.get(ctx.client, script_id)
    else:
        check_given_name(name, "script", "script must not be empty: it is the script's exact name.")
        script = edge_scripts.find_named(ctx.client, name)
        if named_in_plan(ctx, script, edge_scripts.predicted_script(name), "script", edge_scripts.not_named) is None:
            ctx.exit(**standin())
        if reread:
            script = edge_scripts.get(ctx.client, script["Id"])
    return edge_scripts.masked(ctx, script)


def is_dns(script):
    """Whether ``script`` is a DNS script."""
    return script.get("ScriptType") == DNS


def set_diff(plan):
    """The diff of a set task: the set before and after, by name."""
    return {"before": plan.before, "after": plan.after}
