# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The secrets of one edge script as a set (``edge_script_secrets``): plan from one listing (names only: a secret's
value is never returned), one diff by name, then the writes (pure Python: no Ansible imports).

A listed secret missing is added; one the script holds is set again only with ``update_secret: always`` (Ansible's
``update_password`` convention), which therefore reports a change on every run; with ``purge`` the secrets not
listed are deleted (docs/platform-notes.md, "Edge script variables and secrets: what the modules do"). Every value
is a secret of the task before anything is sent. The writes go one at a time through ``_engine/batch.py``: a create
whose answer is lost is settled by the listing, by name, never sent twice; an update whose answer is lost cannot be
confirmed (the value is not readable): it is reported unknown.
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import edge_script_secrets as api
from ansible_collections.edge.platform.plugins.module_utils._api.edge_scripts import list_secrets
from ansible_collections.edge.platform.plugins.module_utils._cores import edge_script_env as env
from ansible_collections.edge.platform.plugins.module_utils._engine.batch import Write, apply_phases
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import edge_script_env as shapes

DNS_REFUSED = (
    "script %r is a DNS script, and DNS scripts take no secrets (the platform's Terraform provider refuses them too): "
    "name an edge script (standalone or middleware), or give the value as a variable with "
    "edge.platform.edge_script_variables."
)
UNREADABLE = "the platform never returns a secret's value, so a re-read cannot show which value it holds"


class Plan(object):
    """The writes of one task by name: ``created``, ``updated`` (set again), ``deleted``; ``set`` = created + updated;
    ``before``/``after`` the names with whether the task writes them (the diff)."""

    def __init__(self, held, wanted, on_create, purge):
        self.held = held
        self.created = [name for name in wanted if name not in held]
        self.updated = [name for name in wanted if name in held] if not on_create else []
        self.deleted = [name for name in held if name not in wanted] if purge else []
        self.set = self.created + self.updated
        names = [name for name in held if name not in self.deleted] + self.created
        self.names = sorted(names)
        self.before = shapes.secrets_view(sorted(held))
        self.after = shapes.secrets_view(self.names, written=self.set)


def names_now(client, script_id):
    """The names of the script's secrets, listed again."""
    return {secret.get("Name") for secret in list_secrets(client, script_id)}


def writes(ctx, script_id, plan, wanted):
    """The :class:`Write` of every write of the plan (``_engine/batch.py``), in order: creates, updates, deletes,
    each settled after a lost answer by the secrets listed again (a value set again cannot be: it is unknown)."""

    def create(name):
        send = partial(api.add, ctx.client, script_id, name, wanted[name])
        return Write("create secret %s" % name, send, lambda now: name in now)

    def update(name):
        send = partial(api.upsert, ctx.client, script_id, name, wanted[name])
        return Write("set secret %s again" % name, send, lambda now: UNREADABLE if name in now else False)

    def delete(name):
        send = partial(api.delete, ctx.client, script_id, plan.held[name].get("Id"), name)
        return Write("delete secret %s" % name, send, lambda now: name not in now)

    return (
        [create(name) for name in plan.created]
        + [update(name) for name in plan.updated]
        + [delete(name) for name in plan.deleted]
    )


def apply(ctx, script_id, plan, wanted):
    """Send the plan's writes one at a time, in order (the first failure stops the rest: ``_engine/batch.py`` says
    what landed)."""
    apply_phases(ctx, [writes(ctx, script_id, plan, wanted)], 1, partial(names_now, ctx.client, script_id))


def result(script, plan):
    return {"script": script, "secrets": plan.names, "set": plan.set, "created": plan.created, "deleted": plan.deleted}


def manage(ctx):
    """The ``edge_script_secrets`` task; its result. No value is ever part of it."""
    wanted = shapes.listed_secrets(ctx.params["secrets"])
    for value in wanted.values():
        ctx.add_secret(value)
    on_create, purge = ctx.params["update_secret"] == "on_create", ctx.params["purge"]
    plan = Plan({}, wanted, on_create, False)
    script = env.resolve(ctx, lambda: dict(result(env.predicted(ctx), plan), diff=env.set_diff(plan)))
    if env.is_dns(script):
        raise InputError(DNS_REFUSED % script.get("Name"), option="script")
    held = {secret.get("Name"): secret for secret in list_secrets(ctx.client, script["Id"])}
    plan = Plan(held, wanted, on_create, purge)
    changed = bool(plan.set or plan.deleted)
    ctx.reconcile(plan.before, plan.after, partial(apply, ctx, script["Id"], plan, wanted), changed=changed)
    ctx.exit(**result(env.identity(script), plan))
