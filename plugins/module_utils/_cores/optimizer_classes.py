# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""One optimizer class of a pull zone brought to the state a ``pullzone_optimizer_class`` task asks for (pure Python:
no Ansible imports).

A class is found within its pull zone by its exact name (several classes of that name are an error: which one the
task means is unknown). The zone is read and written inside the zone's writer lock (the edge rules' lock: the
Terraform provider locks each zone for both), since a write sends the zone's whole list of classes: read, one class
changed, the list sent (docs/platform-notes.md, "Optimizer classes"). The write is a reconcile: sent once, a lost or
unconfirmed answer settled by reading the zone again, never by sending it twice; an answer (or re-read) that holds
the class otherwise than sent is said in a warning.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._api import optimizer_classes as api
from ansible_collections.edge.platform.plugins.module_utils._cores.inputs import check_given_name, nothing_when_absent
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import optimizer_classes as shapes


def wanted_class(params):
    """The properties asked for, checked (None for state=absent); bad input fails before any request."""
    check_given_name(params["name"], "name", "name must not be empty: it identifies the class within its pull zone.")
    wanted = shapes.wanted_values(params)
    nothing_when_absent(params, sorted(wanted), "properties")
    return wanted if params["state"] == "present" else None


def find(zone_id, zone, name):
    """The class of ``zone`` named ``name``, or None; several: InputError."""
    found = api.named(zone, name)
    if len(found) > 1:
        raise InputError(
            "pull zone %d has %d optimizer classes named %r: remove the duplicates (on the platform's dashboard), "
            "then run the task again." % (zone_id, len(found), name),
            option="name",
        )
    return found[0] if found else None


def listed(zone, current, body):
    """The zone's whole list of classes with ``current`` replaced by ``body`` (in its place), ``body`` added at the end
    (no ``current``), or ``current`` left out (no ``body``); every other class as read."""
    classes = [body if entry is current else entry for entry in api.classes_of(zone)]
    if current is None:
        classes.append(body)
    return [entry for entry in classes if entry is not None]


def settle(ctx, zone_id, zone, current, body):
    """Write the list with ``body`` in place of ``current`` when they differ (a reconcile); the class after."""
    name = ctx.params["name"]

    def held(model):
        return shapes.compared(find(zone_id, model, name))

    outcome = ctx.reconcile(
        shapes.compared(current),
        shapes.compared(body),
        lambda: api.write(ctx.client, zone_id, listed(zone, current, body), "class %r" % name),
        reread=lambda: api.read_zone(ctx.client, zone_id),
        state_of=held,
    )
    if outcome.model is None:
        return body if outcome.changed else current
    after = find(zone_id, outcome.model, name)
    if outcome.state != shapes.compared(body):
        ctx.warn(
            "Pull zone %d answered the write of optimizer class %r but holds it otherwise than sent (sent %s, "
            "held %s): the platform did not take all of it." % (zone_id, name, shapes.compared(body), outcome.state)
        )
    return after


def standin(ctx, wanted):
    """The result for a pull zone an earlier task only predicted (check mode): the class a real run would create."""
    body = shapes.class_body(None, ctx.params["name"], wanted) if wanted is not None else None
    return {
        "pull_zone": {"id": None, "name": ctx.params["pullzone_name"]},
        "optimizer_class": ctx.shaped(shapes.shape_class, body),
    }
