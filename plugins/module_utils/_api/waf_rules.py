# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Custom WAF rules of a shield zone: their paths, the paged listing, one rule's read, create, update and delete,
and what each answer must be before anything is decided from it.

Functions take the client first and return the platform's ``CustomWafRule`` (a dict), or raise ``ApiError``.
Pure Python: no Ansible imports, no context. Bodies are untrusted, so every member is checked for its type
before use.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    MAY_HAVE_BEEN_SENT,
    ApiError,
    InputError,
    reported_failure,
)

from .answers import is_id, object_with
from .shield_listing import shield_list

ZONE_RULES = "/shield/waf/custom-rules/%d"  # GET: a zone's rules, one page at a time
RULES = "/shield/waf/custom-rule"  # POST: create
RULE = "/shield/waf/custom-rule/%d"  # GET, PATCH, DELETE: one rule

MAX_PAGE_SIZE = 1000  # the largest perPage asked for; a task that manages one rule lists with it
RULE_NOT_VISIBLE = (
    "No custom WAF rule with id %d is visible to this API key: check id (shield_zone_id lists the rules of a zone)."
)
# The members of ASP.NET's AcceptedResult (Shield document), the body of a 202 to a rule's read or write.
ACCEPTED_RESULT = frozenset(("location", "value", "formatters", "contentTypes", "declaredType", "statusCode"))
# What a deletion returns: a GenericRequestResponse at the top level (success judged by errors.reported_failure).
DELETION_ANSWER = object_with(
    "the GenericRequestResponse the deletion returns", lambda data: isinstance(data.get("success"), bool)
)


def _hints(hint):
    return {404: hint} if hint else None


def _accepted_result(data):
    return "statusCode" in data and set(data) <= ACCEPTED_RESULT


def rule_answer(rule_id, what="custom WAF rule"):
    """The documented answers of reading rule ``rule_id``: the rule (its id, zone and configuration), or an answer
    saying why not (a 202 ``AcceptedResult``, an ``errorResponse`` reporting a failure), which :func:`rule_read_failure`
    then names. Anything else (``{}``, ``[]``, HTML, an empty body) is not understood."""
    return object_with(
        "the %s %d (an object with its id, zone and configuration)" % (what, rule_id),
        lambda data: (
            rule_is_complete(data, rule_id)
            or reported_failure(data.get("errorResponse")) is not None
            or _accepted_result(data)
        ),
    )


# --- the listing ---------------------------------------------------------------------------------------------------


def list_all(client, zone_id, page_size=MAX_PAGE_SIZE, hint=None):
    """Every ``CustomWafRule`` of shield zone ``zone_id``, one request per page, every page followed (the one Shield
    pager, ``shield_listing``). ``hint``: the advice of a 404 (the zone's ``Found.not_visible``)."""
    operation = "Listing custom WAF rules of shield zone %d" % zone_id
    return shield_list(client, ZONE_RULES % zone_id, "custom WAF rules", operation, "id", page_size, hint)


def named(rules, name):
    """The rules named exactly ``name`` (case-sensitive, as the platform keeps names)."""
    return [rule for rule in rules if isinstance(rule, dict) and rule.get("ruleName") == name]


def find_by_name(rules, name):
    """``(rule, duplicates)``: the rule named ``name`` (None when absent); ``duplicates`` lists ids when several are."""
    found = named(rules, name)
    if len(found) > 1:
        return None, [rule.get("id") for rule in found]
    return (found[0] if found else None), []


def find(client, zone_id, name, hint=None):
    """The ``CustomWafRule`` of shield zone ``zone_id`` named ``name``, or None; the whole listing is read.

    Several rules with that name make the rule to manage ambiguous: ``InputError`` naming their ids.
    """
    rule, duplicates = find_by_name(list_all(client, zone_id, hint=hint), name)
    if duplicates:
        raise InputError(
            "%d custom WAF rules of shield zone %d are named %r (ids %s), so the rule to manage is "
            "ambiguous: rename or delete all but one of them (edge.platform.waf_rule_info lists them)."
            % (len(duplicates), zone_id, name, ", ".join(str(i) for i in duplicates)),
            option="rule_name",
        )
    return rule


# --- one rule ------------------------------------------------------------------------------------------------------


def rule_is_complete(rule, rule_id):
    """True when ``rule`` carries the rule asked for: its id, its zone and its configuration.

    These are the members the document makes non-nullable; an empty ``CustomWafRule`` serialises them
    as 0, 0 and null.
    """
    return (
        isinstance(rule, dict)
        and rule.get("id") == rule_id
        and is_id(rule.get("shieldZoneId"))
        and isinstance(rule.get("ruleConfiguration"), dict)
    )


def rule_read_failure(status, rule, rule_id):
    """``(status, message, error_key)`` when a 2xx answer to reading rule ``rule_id`` is not the rule.

    Status is None when the answer reports none (the caller keeps the HTTP status). Only a 200 carries a
    rule: the platform answers a rule deleted from the dashboard with HTTP 202 instead of 404
    (BunnyWay/terraform-provider-bunnynet issue #93). A complete rule whose ``errorResponse`` holds only
    default values is a successful read.
    """
    if status != 200:
        return None, "the platform answered without the rule, as it does for a rule that was deleted", None
    reported = reported_failure(rule.get("errorResponse") if isinstance(rule, dict) else None)
    if reported is not None:
        code, message, key = reported
        return code, message or "the platform reported a failure with the rule", key
    if not rule_is_complete(rule, rule_id):
        return None, "the platform answered without a rule", None
    return None


def get(client, rule_id, hint=None, what="custom WAF rule", path=RULE):
    """The ``CustomWafRule`` with ``rule_id`` (``what``/``path``: another kind of rule read the same way, a rate limit
    rule); fails unless the answer really is that rule."""
    operation = "Reading %s %d" % (what, rule_id)
    hint = hint or RULE_NOT_VISIBLE % rule_id
    # the client refuses what is none of the documented answers before it is looked at
    reply = client.request("GET", path % rule_id, operation, hints=_hints(hint), expect=rule_answer(rule_id, what))
    # what the client cannot know: a 202 is no rule, and errorResponse may report a failure
    failure = rule_read_failure(reply.status, reply.data, rule_id)
    if failure is not None:
        status, message, error_key = failure
        status = status or reply.status
        raise ApiError(
            operation, status, message, error_key=error_key, hint=hint if status < 300 or status == 404 else None
        )
    return reply.data


# --- writes --------------------------------------------------------------------------------------------------------


def written_rule(status, data):
    """The ``CustomWafRule`` a create or update answered, or None when the answer does not confirm it.

    Only a 200 with a rule that has an id and a configuration confirms; a 202 ``AcceptedResult`` does not
    (docs/platform-notes.md, "Shield writes answered with HTTP 202"), nor does a rule whose
    ``errorResponse`` reports a failure.
    """
    if status != 200 or not isinstance(data, dict) or reported_failure(data.get("errorResponse")):
        return None
    if not is_id(data.get("id")):
        return None
    return data if isinstance(data.get("ruleConfiguration"), dict) else None


def _not_confirmed(operation, status, detail=None):
    """The failure of a write the platform did not confirm (HTTP 202 ``AcceptedResult``, or no rule).

    A 202 is not an applied change (docs/platform-notes.md, "Shield writes answered with HTTP 202"). It may
    still land later, so it is handled as a lost answer: never sent again, the re-read decides (``Context.reconcile``).
    """
    return ApiError(
        operation,
        status,
        "the platform answered HTTP %d without confirming the change%s" % (status, " (%s)" % detail if detail else ""),
        kind=MAY_HAVE_BEEN_SENT,
    )


def confirmed_rule(operation, reply, detail=None):
    """The rule a create or update answered (``reply``), else the failure of an unconfirmed write (``detail`` added
    to its message)."""
    rule = written_rule(reply.status, reply.data)
    if rule is None:
        raise _not_confirmed(operation, reply.status, detail)
    return rule


def create(client, zone_id, body):
    """Create the rule ``body`` (``ruleName``, ``ruleDescription``, ``ruleConfiguration``) in shield zone ``zone_id``;
    the ``CustomWafRule`` the platform answered."""
    operation = "Creating custom WAF rule %r in shield zone %d" % (body["ruleName"], zone_id)
    reply = client.request("POST", RULES, operation, json_body=dict(body, shieldZoneId=zone_id), replay_safe=False)
    return confirmed_rule(operation, reply)


def update(client, rule_id, body):
    """Replace rule ``rule_id``'s name, description and configuration; the ``CustomWafRule`` answered."""
    operation = "Updating custom WAF rule %d" % rule_id
    reply = client.request("PATCH", RULE % rule_id, operation, json_body=body, replay_safe=False)
    return confirmed_rule(operation, reply)


def confirm_deletion(operation, reply):
    """Check the answer ``reply`` to a deletion (sent with ``allow_404`` and ``expect=DELETION_ANSWER``); returns None
    or raises. A 404 is an object already gone, which is what was asked; a 200 confirms with the
    ``GenericRequestResponse`` it documents, unless that reports a failure (``errors.reported_failure``: ``success:
    false`` alone, the default of an object nobody filled in, reports none); a 202 confirms nothing."""
    reported = reported_failure(reply.data) if reply.status == 200 else None
    if reported is not None:
        status, message, key = reported
        raise ApiError(operation, status or reply.status, message, error_key=key)
    if reply.status not in (200, 404):  # 404: already gone, which is what was asked
        raise _not_confirmed(operation, reply.status)
    return None


def delete(client, rule_id):
    """Delete rule ``rule_id``; a rule already gone (404) is what was asked. Returns None."""
    operation = "Deleting custom WAF rule %d" % rule_id
    reply = client.request(
        "DELETE", RULE % rule_id, operation, replay_safe=False, allow_404=True, expect=DELETION_ANSWER
    )
    return confirm_deletion(operation, reply)
