# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Access lists of a shield zone: their paths, the index read, one custom list's read, its create, update,
configuration update and delete, the plan limits, and what each answer must be before anything is decided from it.
The order of a task's writes and the settlement of a lost create are the core's (``_cores/access_lists.py``).

A list has two ids (docs/platform-notes.md, "Custom access lists"): its ``listId`` (the list URLs) and its
``configurationId`` (the configuration URL, where its action and enabled state live), which only the index shows.
Functions take the client first and return the platform's models (dicts), or raise ``ApiError``/``InputError``.
Pure Python: no Ansible imports, no context. Bodies are untrusted, so every member is checked for its type.
"""

from __future__ import annotations

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    REFUSED,
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


def _plan_refusal(plan_name, error):
    """A 202 whose envelope reports a failure (the platform's answer to a list over the plan's limit, seen on a Basic
    zone) read as a refusal naming the plan: nothing was applied (the writes' ``classify``)."""
    if error.status != 202 or error.kind != REFUSED:
        return error
    plan = "the %s plan" % plan_name if plan_name else "the shield zone's plan"
    return error.with_hint("The platform refused it for %s; nothing was applied. %s" % (plan, LIMIT_HINT))


def _send(client, method, path, operation, body, plan_name):
    classify = partial(_plan_refusal, plan_name)
    reply = client.request(method, path, operation, json_body=body, replay_safe=False, classify=classify)
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
