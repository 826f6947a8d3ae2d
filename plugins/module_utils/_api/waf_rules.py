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
    BAD_ANSWER,
    MAY_HAVE_BEEN_SENT,
    ApiError,
    InputError,
    excerpt,
    reported_failure,
    scrub,
    unconfirmed,
)

ZONE_RULES = "/shield/waf/custom-rules/%d"  # GET: a zone's rules, one page at a time
RULES = "/shield/waf/custom-rule"  # POST: create
RULE = "/shield/waf/custom-rule/%d"  # GET, PATCH, DELETE: one rule

MAX_PAGE_SIZE = 1000  # the largest perPage asked for; a task that manages one rule lists with it
# A platform that keeps announcing a next page must not keep the task running forever, nor fill the host's memory.
MAX_PAGES = 10000
MAX_RULES = 100000
PAGING_HINT = "Retry later, or report the platform's paging to its support."
RULE_NOT_VISIBLE = (
    "No custom WAF rule with id %d is visible to this API key: check id (shield_zone_id lists the rules of a zone)."
)


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _hints(hint):
    return {404: hint} if hint else None


# --- the listing ---------------------------------------------------------------------------------------------------


def next_page(info, page):
    """The page to read after ``page``, or None; trusts ``nextPage``, else ``totalPages``."""
    if not isinstance(info, dict):
        return None
    following = info.get("nextPage")
    if _is_int(following):
        return following if following > page else None
    if "nextPage" in info:
        return None
    total = info.get("totalPages")
    if _is_int(total) and page < total:
        return page + 1
    return None


def collect_pages(fetch, max_pages=MAX_PAGES, max_rules=MAX_RULES):
    """Every rule of a listing: ``fetch(page)`` returns the decoded body of one page.

    Returns ``(rules, problem)``; ``problem`` says why the listing cannot be trusted (an answer that is
    not a page of rules, a next page still announced after ``max_pages``, or more than ``max_rules`` rules),
    else None. A rule seen twice (one added while paging shifts the pages) is kept once.
    """
    rules = []
    seen = set()
    page = 1
    for dummy in range(max_pages):
        body = fetch(page)
        # GetCustomWafRulesResponse: "data" is a nullable array; anything else is not a page of rules
        if not isinstance(body, dict) or "data" not in body or not isinstance(body["data"], (list, type(None))):
            return rules, "the answer to page %d is not a page of rules (no data list)" % page
        items = body["data"] or []
        for rule in items:
            if isinstance(rule, dict) and rule.get("id") not in seen:
                seen.add(rule.get("id"))
                rules.append(rule)
        following = next_page(body.get("page"), page)
        if following is None or not items:
            return rules, None
        if len(rules) > max_rules:
            return rules, "the listing passed %s rules after %d pages and was stopped" % (format(max_rules, ","), page)
        page = following
    return rules, "the platform still announced a next page after %d pages" % max_pages


def list_all(client, zone_id, page_size=MAX_PAGE_SIZE, hint=None):
    """Every ``CustomWafRule`` of shield zone ``zone_id``, one request per page, every page followed.

    ``hint``: the advice of a 404 (the zone's ``Found.not_visible``). A listing that cannot be trusted (see
    :func:`collect_pages`) fails with kind ``BAD_ANSWER``: nothing is decided from part of it.
    """
    return list_pages(
        client, ZONE_RULES % zone_id, "Listing custom WAF rules of shield zone %d" % zone_id, page_size, hint
    )


def list_pages(client, path, operation, page_size, hint=None):
    """Every rule of a shield listing at ``path`` (custom WAF rules, rate limit rules: one shape of answer, one
    request per page, every page followed; ``hint`` the advice of a 404). A listing that cannot be trusted (see
    :func:`collect_pages`) fails with kind ``BAD_ANSWER``: nothing is decided from part of it."""

    def fetch(page):
        # a page is one JSON object (GetCustomWafRulesResponse); a failed envelope fails in the client
        return client.request(
            "GET",
            path,
            "%s (page %d)" % (operation, page),
            params={"page": page, "perPage": page_size},
            hints=_hints(hint),
            expect="object",
        ).data

    rules, problem = collect_pages(fetch, MAX_PAGES)
    if problem:
        raise ApiError(operation, None, problem, kind=BAD_ANSWER, hint=PAGING_HINT)
    return rules


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


def error_response_failure(error):
    """``(status, message, error_key)`` when a rule's ``errorResponse`` really reports a failure, else None: the one
    rule for every shield answer (``errors.reported_failure``). The Terraform provider never looks at
    ``errorResponse`` at all: a 200 is a rule, a 404 is gone (docs/platform-notes.md, "Custom WAF rules: reading a
    rule, errorResponse")."""
    return reported_failure(error)


def rule_is_complete(rule, rule_id):
    """True when ``rule`` carries the rule asked for: its id, its zone and its configuration.

    These are the members the document makes non-nullable; an empty ``CustomWafRule`` serialises them
    as 0, 0 and null.
    """
    return (
        isinstance(rule, dict)
        and rule.get("id") == rule_id
        and _is_int(rule.get("shieldZoneId"))
        and rule.get("shieldZoneId") > 0
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
    reported = error_response_failure(rule.get("errorResponse") if isinstance(rule, dict) else None)
    if reported is not None:
        code, message, key = reported
        return code, message or "the platform reported a failure with the rule", key
    if not rule_is_complete(rule, rule_id):
        return None, "the platform answered without a rule", None
    return None


def get(client, rule_id, hint=None):
    """The ``CustomWafRule`` with ``rule_id``; fails unless the answer really is that rule."""
    operation = "Reading custom WAF rule %d" % rule_id
    hint = hint or RULE_NOT_VISIBLE % rule_id
    # a rule is one JSON object: the client refuses anything else before it is looked at
    reply = client.request("GET", RULE % rule_id, operation, hints=_hints(hint), expect="object")
    # what the client cannot know: a 202 or an empty rule is no rule, and errorResponse may report a failure
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
    if status != 200 or not isinstance(data, dict) or error_response_failure(data.get("errorResponse")):
        return None
    rule_id = data.get("id")
    if isinstance(rule_id, bool) or not isinstance(rule_id, int) or rule_id <= 0:
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


def confirm_deletion(client, operation, reply):
    """Check the answer ``reply`` to a rule's deletion (sent with ``allow_404``); returns None or raises.

    A 404 is a rule already gone, which is what was asked; a 200 confirms with the ``GenericRequestResponse`` it
    documents; a 202 or any other body confirms nothing.
    """
    reported = error_response_failure(reply.data) if reply.status == 200 else None
    if reported is not None:
        status, message, key = reported
        raise ApiError(operation, status or reply.status, message, error_key=key)
    if reply.status not in (200, 404):  # 404: already gone, which is what was asked
        raise _not_confirmed(operation, reply.status)
    if reply.status == 200 and not isinstance(reply.object.get("success"), bool):
        # a 200 confirms with the GenericRequestResponse it documents; any other body confirms nothing
        raise unconfirmed(
            operation,
            reply.status,
            "the answer is not the GenericRequestResponse the deletion "
            "returns: %s" % scrub(excerpt(reply.text), client.secrets),
        )
    return None


def delete(client, rule_id):
    """Delete rule ``rule_id``; a rule already gone (404) is what was asked. Returns None."""
    operation = "Deleting custom WAF rule %d" % rule_id
    reply = client.request("DELETE", RULE % rule_id, operation, replay_safe=False, allow_404=True)
    return confirm_deletion(client, operation, reply)
