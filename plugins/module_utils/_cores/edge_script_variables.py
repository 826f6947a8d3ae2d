# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The variables of one edge or DNS script as a set (``edge_script_variables``), community.dns's record sets model:
plan from one read of the script, one diff by name, then the writes (pure Python: no Ansible imports).

A listed variable missing is added, one that differs is updated by its id, and with ``purge`` the variables not
listed are deleted, as the platform's Terraform provider does (docs/platform-notes.md, "Edge script variables and
secrets: what the modules do"). The writes go one at a time through ``_engine/batch.py``: a lost answer is settled by
reading the script again, by the variable's name, never by sending it twice; a failure says what landed.
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import edge_script_variables as api
from ansible_collections.edge.platform.plugins.module_utils._api import edge_scripts
from ansible_collections.edge.platform.plugins.module_utils._cores import edge_script_env as env
from ansible_collections.edge.platform.plugins.module_utils._engine.batch import Write, apply_phases
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import edge_script_env as shapes

DNS_REQUIRED = (
    "variables: %s required, but %r is a DNS script, whose variables are never required (the platform's Terraform "
    "provider always sends Required false for them): leave required out or set it to false."
)


def held_by_name(script, wanted, purge):
    """``{name: EdgeScriptVariableModel}`` of the script; a name held twice that the task would write (listed, or
    purged) fails naming the ids, as which one to keep is not the task's to guess."""
    held = {}
    for model in api.variables_of(script):
        name = model.get("Name")
        if name in held and (name in wanted or purge):
            raise InputError(
                "edge script %d holds the variable %r twice (ids %s, %s): delete one first."
                % (script.get("Id"), name, held[name].get("Id"), model.get("Id")),
                option="variables",
            )
        held.setdefault(name, model)
    return held


def check_dns(script, wanted):
    """A DNS script takes no required variable: refused before any write, naming ``variables``."""
    required = [name for name, value in wanted.items() if value["required"]]
    if env.is_dns(script) and required:
        raise InputError(
            DNS_REQUIRED % (", ".join(repr(name) for name in required), script.get("Name")), option="variables"
        )


class Plan(object):
    """The writes of one task: ``added``, ``updated`` and ``deleted`` names; ``before``/``after`` (the diff)."""

    def __init__(self, held, wanted, purge):
        self.held, self.wanted = held, wanted
        self.added = [name for name in wanted if name not in held]
        self.updated = [name for name in wanted if name in held and shapes.variable_view(held[name]) != wanted[name]]
        self.deleted = [name for name in held if name not in wanted] if purge else []
        self.before = shapes.variables_view(held.values())
        self.after = {name: view for name, view in self.before.items() if name not in self.deleted}
        self.after.update(wanted)

    def models(self, answers):
        """The variables after the task (as predicted in check mode): held, written (their answers when known)."""
        after = []
        for name, view in self.after.items():
            model = answers.get(name) or self.held.get(name) or {}
            after.append(dict(shapes.shape_variable(model), name=name, **view))
        return after


def writes(ctx, script_id, plan):
    """``{Write: name}`` of every write of the plan (``_engine/batch.py``), in order: adds, updates, deletes. A lost
    answer is settled by the script's variables read again, never by sending twice."""

    def holds(name, view):
        return lambda now: any(m.get("Name") == name and shapes.variable_view(m) == view for m in now)

    def add(name, view):
        send = partial(api.add, ctx.client, script_id, name, view["value"], view["required"])
        return Write("add variable %s" % name, send, holds(name, view))

    def update(name, view):
        variable_id = plan.held[name].get("Id")
        send = partial(api.update, ctx.client, script_id, variable_id, name, view["value"], view["required"])
        return Write("update variable %s" % name, send, holds(name, view))

    def delete(name):
        variable_id = plan.held[name].get("Id")
        send = partial(api.delete, ctx.client, script_id, variable_id, name)
        return Write("delete variable %s" % name, send, lambda now: all(m.get("Id") != variable_id for m in now))

    planned = [(add(name, plan.wanted[name]), name) for name in plan.added]
    planned += [(update(name, plan.wanted[name]), name) for name in plan.updated]
    return dict(planned + [(delete(name), name) for name in plan.deleted])


def held_now(client, script_id):
    """The script's variables, read again (EdgeScriptVariableModel list)."""
    return api.variables_of(edge_scripts.get(client, script_id))


def apply(ctx, script_id, plan):
    """Send the plan's writes one at a time, in order (the first failure stops the rest: ``_engine/batch.py`` says
    what landed); ``{name: EdgeScriptVariableModel}`` of the writes answered with one."""
    planned = writes(ctx, script_id, plan)
    answers = apply_phases(ctx, [list(planned)], 1, partial(held_now, ctx.client, script_id))
    return {planned[write]: answer for write, answer in answers.items() if isinstance(answer, dict)}


def result(script, plan, answers):
    return {
        "script": script,
        "variables": plan.models(answers),
        "added": plan.added,
        "updated": plan.updated,
        "deleted": plan.deleted,
    }


def manage(ctx):
    """The ``edge_script_variables`` task; its result."""
    wanted = shapes.listed_variables(ctx.params["variables"])
    plan = Plan({}, wanted, False)
    script = env.resolve(ctx, lambda: dict(result(env.predicted(ctx), plan, {}), diff=env.set_diff(plan)), reread=True)
    check_dns(script, wanted)
    plan = Plan(held_by_name(script, wanted, ctx.params["purge"]), wanted, ctx.params["purge"])
    changed = bool(plan.added or plan.updated or plan.deleted)
    outcome = ctx.reconcile(plan.before, plan.after, partial(apply, ctx, script["Id"], plan), changed=changed)
    ctx.exit(**result(env.identity(script), plan, outcome.answer or {}))
