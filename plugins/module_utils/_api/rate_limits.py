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

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from . import waf_rules
from .shield_listing import shield_list
from .waf_rules import DELETION_ANSWER, MAX_PAGE_SIZE, confirm_deletion, confirmed_rule, find_by_name, named

ZONE_RULES = "/shield/rate-limits/%d"  # GET: a zone's rules, one page at a time
RULES = "/shield/rate-limit"  # POST: create
RULE = "/shield/rate-limit/%d"  # GET, PATCH, DELETE: one rule

__all__ = ("MAX_PAGE_SIZE", "named", "list_all", "find", "get", "create", "update", "delete", "thin")

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
# What a rule's configuration holds beyond a custom WAF rule's condition: the listing's items are documented as
# CustomWafRule, which lacks requestCount, timeframe, blockTime and counterKeyType, so a listing may leave them out
# (docs/platform-notes.md, "Rate limit rules: a listing without the limit"). The first three have no default, so a
# listing that carries them is the whole rule (a counter key left out is IP, whichever answer leaves it out).
LIMIT_MEMBERS = ("requestCount", "timeframe", "blockTime")


def list_all(client, zone_id, page_size=MAX_PAGE_SIZE, hint=None):
    """Every ``RateLimitRule`` of shield zone ``zone_id`` as the listing gives it, one request per page, every page
    followed (the one Shield pager, ``shield_listing``; ``hint``: the advice of a 404, the zone's
    ``Found.not_visible``). Its items may lack the limit (:func:`thin`)."""
    operation = "Listing rate limit rules of shield zone %d" % zone_id
    return shield_list(client, ZONE_RULES % zone_id, "rate limit rules", operation, "id", page_size, hint)


def thin(rule):
    """Whether a listed rule lacks a member of its limit (:data:`LIMIT_MEMBERS`) that the rule's own read carries."""
    configuration = rule.get("ruleConfiguration")
    return not isinstance(configuration, dict) or any(member not in configuration for member in LIMIT_MEMBERS)


def find(client, zone_id, name, hint=None):
    """The ``RateLimitRule`` of shield zone ``zone_id`` named ``name``, or None; the whole listing is read, and the
    rule found is read by its id when the listing left its limit out (one more request, for that rule only), as the
    platform's Terraform provider reads the limit from the rule's own ``GET``.

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
    return get(client, rule["id"], hint) if rule is not None and thin(rule) else rule


def get(client, rule_id, hint=None):
    """The ``RateLimitRule`` with ``rule_id``; fails unless the answer really is that rule (a 200 with its id, zone
    and configuration; ``waf_rules.get``, the same answers)."""
    return waf_rules.get(client, rule_id, hint or RULE_NOT_VISIBLE % rule_id, "rate limit rule", RULE)


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
    reply = client.request(
        "DELETE", RULE % rule_id, operation, replay_safe=False, allow_404=True, expect=DELETION_ANSWER
    )
    return confirm_deletion(operation, reply)
