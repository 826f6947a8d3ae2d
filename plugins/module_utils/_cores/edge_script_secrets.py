# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The secrets of one edge script as a set (``edge_script_secrets``): plan from one listing (names only: a secret's
value is never returned), one diff by name, then the writes (pure Python: no Ansible imports).

A listed secret missing is added; one the script holds is set again only with ``update_secret: always`` (Ansible's
``update_password`` convention), which therefore reports a change on every run; with ``purge`` the secrets not
listed are deleted (docs/platform-notes.md, "Edge script variables and secrets: what the modules do"). Every value
is a secret of the task before anything is sent. A create whose answer is lost is settled by the listing, by name,
never sent twice; an update whose answer is lost cannot be confirmed (the value is not readable): it is reported
unknown.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._api import edge_script_secrets as api
from ansible_collections.edge.platform.plugins.module_utils._api.edge_scripts import list_secrets
from ansible_collections.edge.platform.plugins.module_utils._cores import edge_script_env as env
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


def steps(ctx, script_id, plan, wanted):
    """``(name, send)`` of every write of the plan, in order: creates, updates, deletes."""

    def present(name):
        return {"name": name} if any(s.get("Name") == name for s in list_secrets(ctx.client, script_id)) else None

    def write(name, before, after, send, **how):
        return ctx.reconcile(before, after, send, reread=lambda: present(name), **how).changed

    def create(name):
        return lambda: write(name, None, {"name": name}, lambda: api.add(ctx.client, script_id, name, wanted[name]))

    def update(name):
        held = {"name": name}
        return lambda: write(
            name,
            held,
            held,
            lambda: api.upsert(ctx.client, script_id, name, wanted[name]),
            changed=True,
            reached=lambda now: UNREADABLE if now else False,
        )

    def delete(name):
        secret_id = plan.held[name].get("Id")
        return lambda: write(name, {"name": name}, None, lambda: api.delete(ctx.client, script_id, secret_id, name))

    return (
        [(name, create(name)) for name in plan.created]
        + [(name, update(name)) for name in plan.updated]
        + [(name, delete(name)) for name in plan.deleted]
    )


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
    env.in_order(ctx, steps(ctx, script["Id"], plan, wanted), "secrets")
    ctx.exit(diff=env.set_diff(plan), **result(env.identity(script), plan))
