# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The core of the access list modules: one custom access list of a shield zone found by its name, created, updated
or deleted (``access_list``), and the lists of a zone read (``access_list_info``).

The checks that fail before any write (a name, entries, a change the platform cannot make, the plan's limits), the
read of a list (the zone's index, then the list), the writes in order (:class:`Writes`: a lost create is settled by
the engine, ``ctx.create``), and the result from the writes' answers. No Ansible imports: the modules hand in their
context.
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import access_lists, shield_zones
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import SHIELD_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores.inputs import check_given_name
from ansible_collections.edge.platform.plugins.module_utils._engine.context import created
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    UNCONFIRMED_KINDS,
    ApiError,
    InputError,
)
from ansible_collections.edge.platform.plugins.module_utils._shapes import access_lists as shapes
from ansible_collections.edge.platform.plugins.module_utils._shapes.enums import is_number
from ansible_collections.edge.platform.plugins.module_utils._shapes.shield_enums import SHIELD_PLANS

# --- access_list ---------------------------------------------------------------------------------------------------

MAX_NOTES = 5  # warnings about normalised entries, at the most; the rest are counted in one more


def check_input(ctx, list_type):
    """Bad input fails before any write (before any request when the type is known); the canonical entries (or
    None), with a warning per entry that was normalised."""
    name = ctx.params["name"]
    check_given_name(name, "name", "name must not be empty: it identifies the list within the shield zone.")
    if ctx.params["entries"] is None or list_type is None:
        return None
    entries, notes = shapes.canonical_entries(list_type, ctx.params["entries"])
    ctx.warn_all(notes[:MAX_NOTES])
    if len(notes) > MAX_NOTES:
        ctx.warn("%d more entries had host bits set and are sent as their networks." % (len(notes) - MAX_NOTES))
    return entries


def plan_name(ctx, found):
    """The zone's plan, from the lookup that found the zone, else one read (only on the way to a failure)."""
    model = found.model if found.model is not None else shield_zones.get(ctx.client, found.id, found.not_visible)
    return SHIELD_PLANS.get(model.get("planType"), "unknown")


def check_wanted(ctx, found, index, details, before, wanted):
    """What the platform cannot do fails before any write: a change of type or description, a new list without type
    or action, a list over the plan's limits."""
    for option, now, asked in shapes.unchangeable(before, wanted):
        raise InputError(
            "%s of custom access list %r is %r, not %r, and %s: delete the list (state=absent) and create it "
            "again to change it, or leave %s out."
            % (option, ctx.params["name"], now, asked, shapes.NOT_UPDATABLE_HINT[option], option),
            option=option,
        )
    missing = [option for option in ("type", "action") if not before and wanted.get(option) is None]
    if missing:
        raise InputError(
            "%s must be given to create custom access list %r." % (" and ".join(missing), ctx.params["name"]),
            option=missing[0],
        )
    if wanted != before:
        problem = access_lists.limit_problem(index, details, len(wanted.get("entries") or []))
        if problem:
            raise InputError(
                "Cannot write custom access list %r: %s, on the %s plan. %s"
                % (ctx.params["name"], problem, plan_name(ctx, found), access_lists.LIMIT_HINT),
                option="entries",
            )


def read(ctx, found):
    """``(index, details, custom)``: the zone's lists, the one named, and its content (None when absent)."""
    index = access_lists.read_index(ctx.client, found.id, found.not_visible)
    details = access_lists.find(index, name=ctx.params["name"])
    if details is None and access_lists.find_managed(index, ctx.params["name"]) is not None:
        raise InputError(
            "%r is a managed (curated) list of shield zone %d: access_list manages custom lists only (read managed "
            "lists with edge.platform.access_list_info include_managed=true)." % (ctx.params["name"], found.id),
            option="name",
        )
    custom = access_lists.get(ctx.client, found.id, details["listId"], found.not_visible) if details else None
    return index, details, custom


def view_now(ctx, found):
    """The list as the platform holds it now, in the compared form (the one re-read after a lost answer)."""
    return shapes.list_view(*read(ctx, found)[1:])


def result(ctx, found, outcome, details, custom, wanted):
    """The ``access_list`` return value: from the writes' answers, else the list as read or predicted."""
    if outcome.answer is not None:
        details, answered, configuration = outcome.answer
        details, custom = dict(details, **(configuration or {})), answered or custom
        shaped = ctx.shaped(shapes.shape_list, found.id, details, custom)
        if custom is not None and wanted.get("entries") is not None and shaped["entries"] != wanted["entries"]:
            ctx.warn(
                "The platform answered with %d entries where %d were sent; the entries reported are the platform's."
                % (len(shaped["entries"] or []), len(wanted["entries"]))
            )
        return shaped
    if outcome.changed:
        return shapes.shape_predicted(found.id, details, outcome.state)
    return ctx.shaped(shapes.shape_list, found.id, details, custom)


def manage(ctx):
    """The task of access_list: the custom list ``name`` of the chosen shield zone made as the options say; its result."""
    params = ctx.params
    entries = check_input(ctx, params["type"])
    found = SHIELD_ZONE.resolve_in_plan(  # under --check, a shield zone only predicted: the list predicted in full
        ctx,
        lambda: {"access_list": shapes.shape_predicted(None, None, shapes.wanted_view(None, params, entries))},
        {"access_list": None},
    )
    index, details, custom = read(ctx, found)
    before = shapes.list_view(details, custom)
    reread = partial(view_now, ctx, found)
    if params["state"] == "absent":
        apply = partial(access_lists.delete, ctx.client, found.id, details["listId"]) if details else None
        ctx.reconcile(before, {}, apply, reread=reread)
        return {"access_list": None}
    entries = check_input(ctx, params["type"] or before.get("type"))
    wanted = shapes.wanted_view(before, params, entries)
    check_wanted(ctx, found, index, details, before, wanted)
    plan = SHIELD_PLANS.get((found.model or {}).get("planType"))
    writes = Writes(ctx, found.id, params["name"], details, shapes.bodies(before, wanted), plan)
    outcome = ctx.reconcile(before, wanted, writes.apply, reread=reread)
    return {"access_list": result(ctx, found, outcome, details, custom, wanted)}


# --- the writes of one task ----------------------------------------------------------------------------------------

# a lost create is settled by finding the list by its name in the zone's index (docs/platform-notes.md, "Custom access
# lists: a create whose outcome is unknown")
CREATED = created(
    "the shield zone's access lists",
    "list",
    unknown="it may have been applied, and the list may then exist without its action and enabled state; a re-run "
    "finds the list by name and does not create it twice",
)


class Writes(object):
    """The writes that take one custom list from what it is to what a task asks, in order, each sent once.

    ``current``: its index entry (None for a new list); ``writes``: ``{"create"|"list"|"configuration": body}``
    (``_shapes/access_lists.bodies``). :meth:`apply` returns ``(details, custom, configuration)``, the answers as the
    platform sent them. A create is followed by one read of the index (the only place its ``configurationId`` is
    shown) and the configuration write. A create whose answer is lost is settled by the engine (``ctx.create``): the
    index read by name tells whether the list exists; if it does the task goes on (the create is never sent again, a
    warning says so). A later write that fails names the writes that landed before it.
    """

    def __init__(self, ctx, zone_id, name, current, writes, plan_name=None):
        self.ctx, self.client, self.zone_id, self.name = ctx, ctx.client, zone_id, name
        self.current, self.writes, self.plan_name = current, writes, plan_name
        self.landed = []
        self.answered = None  # the create's answer, when it came

    def label(self, list_id, configuration_id=None):
        ids = "id %s" % list_id + (", configuration %s" % configuration_id if configuration_id is not None else "")
        done = "; this task already %s" % " and ".join(self.landed) if self.landed else ""
        return "custom access list %r (%s%s)" % (self.name, ids, done)

    def _send_create(self):
        self.answered = access_lists.create(self.client, self.zone_id, self.writes["create"], self.plan_name)
        return self.answered

    def _find_created(self):
        return access_lists.find(access_lists.read_index(self.client, self.zone_id), name=self.name)

    def _create(self):
        """``(details, custom)`` of the new list: its index entry and the list."""
        found = self.ctx.create(
            self._send_create, self._find_created, CREATED, lambda details: "id %s" % details.get("listId")
        )
        self.landed.append("created it")
        if self.answered is None:  # the answer was lost and the index shows the list: read it
            return found, access_lists.get(self.client, self.zone_id, found["listId"])
        details = access_lists.find(access_lists.read_index(self.client, self.zone_id), list_id=found["id"])
        if details is None:
            raise self._unconfigurable(
                found["id"],
                "do not show the new list, so its action and enabled state could not be set",
                "Re-run the task: it finds the list by name and sets them (the list is not created again).",
            )
        return details, found

    def _unconfigurable(self, list_id, problem, hint):
        """The failure of a list whose configuration cannot be written: the zone's access lists ``problem``."""
        operation = "Finding the configuration of %s" % self.label(list_id)
        return ApiError(operation, 200, "the shield zone's access lists %s" % problem, hint=hint)

    def _configure(self, details):
        if not is_number(details.get("configurationId")):
            raise self._unconfigurable(
                details["listId"],
                "show no configurationId for the list, so its action and enabled state cannot be set",
                "Retry later; if it persists, report it to the platform's support.",
            )
        return access_lists.update_configuration(
            self.client,
            self.zone_id,
            details["configurationId"],
            self.writes["configuration"],
            self.label(details["listId"], details["configurationId"]),
            self.plan_name,
        )

    def apply(self):
        details, custom, configuration = self.current, None, None
        try:
            if "create" in self.writes:
                details, custom = self._create()
            if "list" in self.writes:
                body = self.writes["list"]
                custom = access_lists.update(self.client, self.zone_id, details["listId"], body, self.plan_name)
                self.landed.append("updated its %s" % " and ".join(sorted(body)))
            if "configuration" in self.writes:
                configuration = self._configure(details)
        except ApiError as error:
            if self.landed and error.kind not in UNCONFIRMED_KINDS:
                error.hint = "%s Re-run the task to finish: what landed is found by name and not sent again." % (
                    error.hint or ""
                )
            raise
        return details, custom, configuration


# --- access_list_info ----------------------------------------------------------------------------------------------


def chosen(params, index, zone_id):
    """The index entries of the custom lists asked for; an id the zone does not have fails."""
    if params["id"] is not None:
        details = access_lists.find(index, list_id=params["id"])
        if details is None:
            raise InputError(
                "Shield zone %d has no custom access list with id %d (managed lists are read with "
                "include_managed=true)." % (zone_id, params["id"]),
                option="id",
            )
        return [details]
    lists = access_lists.custom_lists(index)
    return lists if params["name"] is None else [d for d in lists if d.get("name") == params["name"]]


def read_lists(ctx):
    """The task of access_list_info: the custom lists asked for (and the managed ones, when asked); its result."""
    params = ctx.params
    if params["name"] is not None and not params["name"].strip():
        raise InputError("name must not be empty: it names the lists to read.", option="name")
    found = SHIELD_ZONE.resolve(ctx)
    index = access_lists.read_index(ctx.client, found.id, found.not_visible)
    unknown = []  # numbers without a name: returned as the numbers, each with a warning
    lists = [
        shapes.shape_list(
            found.id, d, access_lists.get(ctx.client, found.id, d["listId"], found.not_visible), False, unknown
        )
        for d in chosen(params, index, found.id)
    ]
    if params["include_managed"] and params["name"] is None and params["id"] is None:
        lists += [shapes.shape_list(found.id, d, None, True, unknown) for d in access_lists.managed_lists(index)]
    ctx.warn_all(unknown)
    return {"access_lists": lists}
