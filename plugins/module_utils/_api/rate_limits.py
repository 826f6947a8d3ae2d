# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Rate limit rules of a shield zone: their paths, sentences and hints, the hint of the plan's limit, and what a
listing may leave out.

The Shield document answers them as it answers custom WAF rules (a listing ``{data, page, error}``, one rule at the
top level, a ``GenericRequestResponse`` for a deletion, ``AcceptedResult`` 202s), so the listing, reads and writes are
every shield rule's (``shield_rules.RuleResource``); only the paths, the sentences and the hints are this resource's
(docs/platform-notes.md, "Rate limit rules"). Functions take the client first and return the platform's
``RateLimitRule`` (a dict), or raise ``ApiError`` or ``InputError``. Pure Python: no Ansible imports, no context.
"""

from __future__ import annotations

from .shield_rules import RuleResource

ZONE_RULES = "/shield/rate-limits/%d"  # GET: a zone's rules, one page at a time
RULES = "/shield/rate-limit"  # POST: create
RULE = "/shield/rate-limit/%d"  # GET, PATCH, DELETE: one rule

__all__ = ("RATE_LIMITS", "list_all", "find", "get", "create", "update", "delete", "thin")

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
# What a listing without the limit leaves out, in the warning of rate_limit_rule_info.
THIN_WARNING = (
    "The platform's listing left out the limit (request_count, timeframe, block_time, counter_key) of %d rule%s "
    "(ids %s): it is returned as null. Read a rule by id or rule_name to get it."
)


def thin(rule):
    """Whether a listed rule lacks a member of its limit (:data:`LIMIT_MEMBERS`) that the rule's own read carries; the
    rule found by name is then read by its id (one more request, for that rule only), as the platform's Terraform
    provider reads the limit from the rule's own ``GET``."""
    configuration = rule.get("ruleConfiguration")
    return not isinstance(configuration, dict) or any(member not in configuration for member in LIMIT_MEMBERS)


RATE_LIMITS = RuleResource(
    "rate limit rule",
    (ZONE_RULES, RULES, RULE),
    RULE_NOT_VISIBLE,
    "rate_limit_rule_info",
    create_hints={202: PLAN_LIMIT_HINT, 403: PLAN_LIMIT_HINT},
    create_detail=ACCEPTED_DETAIL,
    thin=(thin, THIN_WARNING),
)
list_all, find, get = RATE_LIMITS.list_all, RATE_LIMITS.find, RATE_LIMITS.get
create, update, delete = RATE_LIMITS.create, RATE_LIMITS.update, RATE_LIMITS.delete
