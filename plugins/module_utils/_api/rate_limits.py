# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Rate limit rules of a shield zone: their paths, the paged listing, one rule's read, create, update and delete, what
each answer must be before anything is decided from it, and the hint of the plan's limit.

The Shield document answers them as it answers custom WAF rules (a listing ``{data, page, error}``, one rule at the
top level, a ``GenericRequestResponse`` for a deletion, ``AcceptedResult`` 202s), so the answer checks are those of
``waf_rules.py``; only the paths, the sentences and the hints are this resource's (docs/platform-notes.md, "Rate limit
rules"). Functions take the client first and return the platform's ``RateLimitRule`` (a dict), or raise ``ApiError``
or ``InputError``. Pure Python: no Ansible imports, no context.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError, InputError

from .waf_rules import (
    MAX_PAGE_SIZE,
    confirm_deletion,
    confirmed_rule,
    find_by_name,
    list_pages,
    named,
    rule_read_failure,
)

ZONE_RULES = "/shield/rate-limits/%d"  # GET: a zone's rules, one page at a time
RULES = "/shield/rate-limit"  # POST: create
RULE = "/shield/rate-limit/%d"  # GET, PATCH, DELETE: one rule

__all__ = ("MAX_PAGE_SIZE", "named", "list_all", "find", "get", "create", "update", "delete")

RULE_NOT_VISIBLE = (
    "No rate limit rule with id %d is visible to this API key: check id (shield_zone_id lists the rules of a zone)."
)
# The plan sets how many rate limit rules a zone holds (ShieldZoneResponse.rateLimitRulesLimit); the platform's answer
# past it is not documented (docs/platform-notes.md, "Rate limit rules").
PLAN_LIMIT_HINT = (
    "A shield zone holds at most the number of rate limit rules its plan allows (rate_limit_rules_limit in "
    "edge.platform.shield_zone_info): delete a rule, or move the zone to a larger plan."
)
ACCEPTED_DETAIL = (
    "Shield answers 202 to writes it has not applied, for example past the plan's limit of rate limit rules, "
    "rate_limit_rules_limit in edge.platform.shield_zone_info"
)


def _hints(hint):
    return {404: hint} if hint else None


def list_all(client, zone_id, page_size=MAX_PAGE_SIZE, hint=None):
    """Every ``RateLimitRule`` of shield zone ``zone_id``, one request per page, every page followed.

    ``hint``: the advice of a 404 (the zone's ``Found.not_visible``). A listing that cannot be trusted fails with
    kind ``BAD_ANSWER``: nothing is decided from part of it.
    """
    return list_pages(
        client, ZONE_RULES % zone_id, "Listing rate limit rules of shield zone %d" % zone_id, page_size, hint
    )


def find(client, zone_id, name, hint=None):
    """The ``RateLimitRule`` of shield zone ``zone_id`` named ``name``, or None; the whole listing is read.

    Names are not documented as unique: several rules with the name make the rule to manage ambiguous, an
    ``InputError`` naming their ids.
    """
    rule, duplicates = find_by_name(list_all(client, zone_id, hint=hint), name)
    if duplicates:
        raise InputError(
            "%d rate limit rules of shield zone %d are named %r (ids %s), so the rule to manage is ambiguous: rename "
            "or delete all but one of them (edge.platform.rate_limit_rule_info lists them)."
            % (len(duplicates), zone_id, name, ", ".join(str(i) for i in duplicates)),
            option="rule_name",
        )
    return rule


def get(client, rule_id, hint=None):
    """The ``RateLimitRule`` with ``rule_id``; fails unless the answer really is that rule (a 200 with its id, zone
    and configuration; see ``waf_rules.rule_read_failure``)."""
    operation = "Reading rate limit rule %d" % rule_id
    hint = hint or RULE_NOT_VISIBLE % rule_id
    reply = client.request("GET", RULE % rule_id, operation, hints=_hints(hint), expect="object")
    failure = rule_read_failure(reply.status, reply.data, rule_id)
    if failure is not None:
        status, message, error_key = failure
        status = status or reply.status
        raise ApiError(
            operation, status, message, error_key=error_key, hint=hint if status < 300 or status == 404 else None
        )
    return reply.data


def create(client, zone_id, body):
    """Create the rule ``body`` (``ruleName``, ``ruleDescription``, ``ruleConfiguration``) in shield zone ``zone_id``;
    the ``RateLimitRule`` answered. A refusal or a 202 carries the hint of the plan's limit."""
    operation = "Creating rate limit rule %r in shield zone %d" % (body["ruleName"], zone_id)
    reply = client.request(
        "POST",
        RULES,
        operation,
        json_body=dict(body, shieldZoneId=zone_id),
        replay_safe=False,
        hints={202: PLAN_LIMIT_HINT, 403: PLAN_LIMIT_HINT},
    )
    return confirmed_rule(operation, reply, ACCEPTED_DETAIL)


def update(client, rule_id, body):
    """Replace rule ``rule_id``'s name, description and configuration (PATCH); the ``RateLimitRule`` answered."""
    operation = "Updating rate limit rule %d" % rule_id
    reply = client.request("PATCH", RULE % rule_id, operation, json_body=body, replay_safe=False)
    return confirmed_rule(operation, reply)


def delete(client, rule_id):
    """Delete rule ``rule_id``; a rule already gone (404) is what was asked. Returns None."""
    operation = "Deleting rate limit rule %d" % rule_id
    reply = client.request("DELETE", RULE % rule_id, operation, replay_safe=False, allow_404=True)
    return confirm_deletion(client, operation, reply)
