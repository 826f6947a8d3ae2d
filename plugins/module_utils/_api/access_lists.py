# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Access lists of a shield zone: their paths, the index read, one custom list's read, its create, update,
configuration update and delete, the plan limits, and what each answer must be before anything is decided from it.

A list has two ids (docs/platform-notes.md, "Custom access lists"): its ``listId`` (the list URLs) and its
``configurationId`` (the configuration URL, where its action and enabled state live), which only the index shows.
Functions take the client first and return the platform's models (dicts), or raise ``ApiError``/``InputError``.
Pure Python: no Ansible imports, no context. Bodies are untrusted, so every member is checked for its type.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    MAY_HAVE_BEEN_APPLIED_HINT,
    NO_ANSWER,
    REFUSED,
    UNCONFIRMED_KINDS,
    ApiError,
    InputError,
    unconfirmed,
)
from ansible_collections.edge.platform.plugins.module_utils._shapes.enums import is_number

from . import shield
from .answers import object_with, shield_data

INDEX = "/shield/shield-zone/%d/access-lists"  # GET: every list of a zone with its ids; POST: create a custom list
LIST = "/shield/shield-zone/%d/access-lists/%d"  # GET, PATCH, DELETE: one custom list (by listId)
CONFIGURATION = "/shield/shield-zone/%d/access-lists/configurations/%d"  # PATCH: action and enabled (configurationId)

LIMIT_HINT = "Delete a custom list or raise the shield zone's plan (shield_zone's plan option) first."


def _lists(index):
    """Whether ``index`` has the two lists of an ``AccessListsDetailsResponse`` (each an array or null, not both
    null)."""
    found = [index.get(key) for key in ("managedLists", "customLists")]
    return all(v is None or isinstance(v, list) for v in found) and any(v is not None for v in found)


INDEX_ANSWER = object_with("the access list index (an object with managedLists and customLists)", _lists)


def list_answer(list_id):
    """The documented answer of reading custom list ``list_id``: ``{data: CustomAccessList}`` with its id."""
    return shield_data(
        "the custom access list %d (an object with data)" % list_id, lambda found: found.get("id") == list_id
    )


# --- reads ---------------------------------------------------------------------------------------------------------


def read_index(client, zone_id, hint=None):
    """The ``AccessListsDetailsResponse`` of shield zone ``zone_id``: ``managedLists``, ``customLists`` and the plan's
    counts and limits, at the top level (not wrapped in ``data``). An answer without the two lists is not the
    index (not understood): nothing is decided from it, so no list is ever taken for absent from a faulty answer."""
    operation = "Reading the access lists of shield zone %d" % zone_id
    return client.request(
        "GET", INDEX % zone_id, operation, hints=shield.not_found_hints(hint), expect=INDEX_ANSWER
    ).data


def custom_lists(index):
    """The index's custom lists (entries without an integer ``listId`` cannot be addressed and are left out)."""
    return [e for e in index.get("customLists") or [] if isinstance(e, dict) and is_number(e.get("listId"))]


def managed_lists(index):
    return [entry for entry in index.get("managedLists") or [] if isinstance(entry, dict)]


def find(index, name=None, list_id=None):
    """The index entry of the custom list named ``name`` (case-sensitive) or with ``list_id``, or None. Several lists
    with the name make the list to manage ambiguous: ``InputError`` naming their ids."""
    if list_id is not None:
        return next((e for e in custom_lists(index) if e.get("listId") == list_id), None)
    found = [entry for entry in custom_lists(index) if entry.get("name") == name]
    if len(found) > 1:
        raise InputError(
            "%d custom access lists of the shield zone are named %r (ids %s), so the list to manage is ambiguous: "
            "rename or delete all but one of them (edge.platform.access_list_info lists them)."
            % (len(found), name, ", ".join(str(entry.get("listId")) for entry in found)),
            option="name",
        )
    return found[0] if found else None


def find_managed(index, name):
    return next((entry for entry in managed_lists(index) if entry.get("name") == name), None)


def get(client, zone_id, list_id, hint=None):
    """The ``CustomAccessList`` ``list_id`` of zone ``zone_id`` (with its ``content``); fails unless the answer is it
    (a 202 carrying it included: only a 200 is the list)."""
    operation = "Reading custom access list %d of shield zone %d" % (list_id, zone_id)
    reply = client.request(
        "GET", LIST % (zone_id, list_id), operation, hints=shield.not_found_hints(hint), expect=list_answer(list_id)
    )
    if reply.status != 200:
        raise ApiError(operation, reply.status, "the platform answered without the list (HTTP 202 Accepted)", hint=hint)
    return reply.data["data"]


# --- plan limits ---------------------------------------------------------------------------------------------------


def limit_problem(index, current, entry_count):
    """Why writing a list with ``entry_count`` entries (a new one when ``current`` is None) would pass the plan's limits
    the index reports, as a text naming the limit, else None. A limit the index does not report is not checked."""
    lists, list_limit = index.get("customListCount"), index.get("customListLimit")
    if current is None and is_number(list_limit):
        count = lists if is_number(lists) else len(custom_lists(index))
        if count + 1 > list_limit:
            return "the shield zone has %d custom access list%s and its plan allows %d (customListLimit %d)" % (
                count,
                "" if count == 1 else "s",
                list_limit,
                list_limit,
            )
    entries, entry_limit = index.get("customEntryCount"), index.get("customEntryLimit")
    if is_number(entry_limit) and is_number(entries):
        held = current.get("entryCount") if current and is_number(current.get("entryCount")) else 0
        total = entries - held + entry_count
        if entry_count > held and total > entry_limit:
            return (
                "the shield zone's custom lists would hold %d entries in all (%d now, %d of them in this list, %d "
                "asked for it) and its plan allows %d (customEntryLimit %d)"
                % (total, entries, held, entry_count, entry_limit, entry_limit)
            )
    return None


# --- writes --------------------------------------------------------------------------------------------------------


def _plan_refusal(error, plan_name):
    """A 202 whose envelope reports a failure (the platform's answer to a list over the plan's limit, seen on a Basic
    zone) as a refusal naming the plan: nothing was applied."""
    if error.status != 202 or error.kind != REFUSED:
        return error
    plan = "the %s plan" % plan_name if plan_name else "the shield zone's plan"
    return ApiError(
        error.operation,
        202,
        error.message,
        error_key=error.error_key,
        field=error.field,
        hint="The platform refused it for %s; nothing was applied. %s" % (plan, LIMIT_HINT),
    )


def _send(client, method, path, operation, body, plan_name):
    try:
        reply = client.request(method, path, operation, json_body=body, replay_safe=False)
    except ApiError as error:
        raise _plan_refusal(error, plan_name) from None
    data = reply.object.get("data")
    if reply.status != 200 or not isinstance(data, dict):
        raise shield.not_confirmed(operation, reply.status)
    return data


def _confirmed_list(operation, data, list_id=None):
    found = data.get("id")
    if not is_number(found) or found <= 0 or (list_id is not None and found != list_id):
        raise unconfirmed(operation, 200, "the answer holds no list%s" % (" %d" % list_id if list_id else ""))
    return data


def create(client, zone_id, body, plan_name=None):
    """Create custom list ``body`` (``name``, ``type``, ``content``, maybe ``description``) in zone ``zone_id``; the
    ``CustomAccessList`` answered. Its action and enabled state are not part of a create: see
    :func:`update_configuration`."""
    operation = "Creating custom access list %r in shield zone %d" % (body.get("name"), zone_id)
    return _confirmed_list(operation, _send(client, "POST", INDEX % zone_id, operation, body, plan_name))


def update(client, zone_id, list_id, body, plan_name=None):
    """Change custom list ``list_id``'s ``name`` and/or ``content`` (members left out are kept); the list answered."""
    operation = "Updating the %s of custom access list %d" % (
        " and ".join(("entries" if m == "content" else m) for m in sorted(body)),
        list_id,
    )
    data = _send(client, "PATCH", LIST % (zone_id, list_id), operation, body, plan_name)
    return _confirmed_list(operation, data, list_id)


def update_configuration(client, zone_id, configuration_id, body, label, plan_name=None):
    """Set ``isEnabled`` and/or ``action`` of configuration ``configuration_id`` (``label`` names its list in the
    operation, with what this task already wrote); the ``{isEnabled, action}`` answered."""
    members = " and ".join("enabled state" if m == "isEnabled" else m for m in sorted(body))
    operation = "Setting the %s of %s" % (members, label)
    data = _send(client, "PATCH", CONFIGURATION % (zone_id, configuration_id), operation, body, plan_name)
    for member, value in body.items():
        if data.get(member) != value:
            raise unconfirmed(operation, 200, "the answer shows %s %r, not %r" % (member, data.get(member), value))
    return data


def delete(client, zone_id, list_id):
    """Delete custom list ``list_id``; a list already gone (404) is what was asked. Returns None. The answer is a
    ``GenericRequestResponse`` judged as every Shield answer (``shield.confirm_deletion``: ``success: false`` alone,
    the default of an object nobody filled in, is no failure)."""
    operation = "Deleting custom access list %d of shield zone %d" % (list_id, zone_id)
    return shield.delete(client, LIST % (zone_id, list_id), operation)


# --- the writes of one task ----------------------------------------------------------------------------------------


class Writes(object):
    """The writes that take one custom list from what it is to what a task asks, in order, each sent once.

    ``current``: its index entry (None for a new list); ``writes``: ``{"create"|"list"|"configuration": body}``
    (``_shapes/access_lists.bodies``). :meth:`apply` returns ``(details, custom, configuration)``, the answers as the
    platform sent them. A create is followed by one read of the index (the only place its ``configurationId`` is
    shown) and the configuration write. When the answer to a create is lost, the index read tells whether the list
    exists: if it does the task goes on (the create is never sent again, ``warn`` says so); if not, the failure is
    raised and the engine's one re-read reports it. A later write that fails names the writes that landed before it.
    """

    def __init__(self, client, zone_id, name, current, writes, plan_name=None, warn=None):
        self.client, self.zone_id, self.name = client, zone_id, name
        self.current, self.writes, self.plan_name = current, writes, plan_name
        self.warn = warn or (lambda text: None)
        self.landed = []

    def label(self, list_id, configuration_id=None):
        ids = "id %s" % list_id + (", configuration %s" % configuration_id if configuration_id is not None else "")
        done = "; this task already %s" % " and ".join(self.landed) if self.landed else ""
        return "custom access list %r (%s%s)" % (self.name, ids, done)

    def _create(self):
        try:
            created = create(self.client, self.zone_id, self.writes["create"], self.plan_name)
        except ApiError as error:
            if error.kind not in UNCONFIRMED_KINDS or "configuration" not in self.writes:
                raise
            details = self._created_after_all(error)
            self.warn(
                "%s; the shield zone's lists read afterwards show it was created (id %s). It was not sent again."
                % (error.describe().split(". ")[0], details.get("listId"))
            )
            self.landed.append("created it")
            return details, get(self.client, self.zone_id, details["listId"])
        self.landed.append("created it")
        details = find(read_index(self.client, self.zone_id), list_id=created["id"])
        if details is None:
            raise ApiError(
                "Finding the configuration of %s" % self.label(created["id"]),
                200,
                "the shield zone's access lists do not show the new list, so its action and enabled state could not "
                "be set",
                hint="Re-run the task: it finds the list by name and sets them (the list is not created again).",
            )
        return details, created

    def _created_after_all(self, lost):
        """The index entry of the list a create whose answer was ``lost`` made, read once; ``lost`` is raised when the
        index does not show it (the engine's one re-read then reports it not applied). When that read fails too, the
        outcome is unknown and the failure says so: the list may exist, new and disabled (docs/platform-notes.md,
        "Custom access lists: a create whose outcome is unknown")."""
        try:
            details = find(read_index(self.client, self.zone_id), name=self.name)
        except ApiError as again:
            raise ApiError(
                lost.operation,
                lost.status,
                "%s, and reading the shield zone's access lists afterwards failed too (%s), so whether the list was "
                "created is unknown: it may exist, without its action and enabled state"
                % ((lost.message or "no answer").rstrip("."), again.describe().rstrip(".")),
                hint=MAY_HAVE_BEEN_APPLIED_HINT + " A re-run finds the list by name and does not create it twice.",
                kind=NO_ANSWER,
            ) from None
        if details is None:
            raise lost
        return details

    def apply(self):
        details, custom, configuration = self.current, None, None
        try:
            if "create" in self.writes:
                details, custom = self._create()
            if "list" in self.writes:
                custom = update(self.client, self.zone_id, details["listId"], self.writes["list"], self.plan_name)
                self.landed.append("updated its %s" % " and ".join(sorted(self.writes["list"])))
            if "configuration" in self.writes:
                if not is_number(details.get("configurationId")):
                    raise ApiError(
                        "Finding the configuration of %s" % self.label(details["listId"]),
                        200,
                        "the shield zone's access lists show no configurationId for the list, so its action and "
                        "enabled state cannot be set",
                        hint="Retry later; if it persists, report it to the platform's support.",
                    )
                configuration = update_configuration(
                    self.client,
                    self.zone_id,
                    details["configurationId"],
                    self.writes["configuration"],
                    self.label(details["listId"], details["configurationId"]),
                    self.plan_name,
                )
        except ApiError as error:
            if self.landed and error.kind not in UNCONFIRMED_KINDS:
                error.hint = "%s Re-run the task to finish: what landed is found by name and not sent again." % (
                    error.hint or ""
                )
            raise
        return details, custom, configuration
