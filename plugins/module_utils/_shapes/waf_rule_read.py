# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Custom WAF rules as the shield API sends them: when a read succeeded, paging, and the readable shape.

Pure functions over decoded JSON (no Ansible, no HTTP): bodies are untrusted, so every member is
checked for its type before use.
"""

from __future__ import annotations

import json

from .shield_enums import (
    WAF_ACTIONS, WAF_OPERATORS, WAF_SEVERITIES, WAF_TRANSFORMATIONS, enum_name, normalise_variable_types)

# A platform that keeps announcing a next page must not keep the task running forever, nor fill the host's memory.
MAX_PAGES = 10000
MAX_RULES = 100000


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _filled(value):
    return isinstance(value, str) and bool(value.strip())


def error_response_failure(error):
    """``(status, message, error_key)`` when a rule's ``errorResponse`` really reports a failure, else None.

    ``errorResponse`` is a ``GenericRequestResponse`` (shield document): ``success`` is a plain,
    non-nullable boolean and ``statusCode`` an enum, so an object the platform never filled in is
    serialised with their defaults: ``{"statusCode": 0, "success": false, "message": null,
    "errorKey": null}``. ``success: false`` alone therefore says nothing; a failure is reported by a
    message, an error key or an error status. The Terraform provider never looks at ``errorResponse``
    at all: a 200 is a rule, a 404 is gone (BunnyWay/terraform-provider-bunnynet,
    internal/api/pullzone_waf_rule.go, GetPullzoneWafRule).
    """
    if not isinstance(error, dict) or error.get("success") is not False:
        return None
    code = error.get("statusCode")
    status = code if _is_int(code) and 400 <= code <= 599 else None
    message = error.get("message") if _filled(error.get("message")) else None
    key = error.get("errorKey") if _filled(error.get("errorKey")) else None
    if status is None and message is None and key is None:
        return None
    return status, message, key


def rule_is_complete(rule, rule_id):
    """True when ``rule`` carries the rule asked for: its id, its zone and its configuration.

    These are the members the document makes non-nullable; an empty ``CustomWafRule`` serialises them
    as 0, 0 and null.
    """
    return (isinstance(rule, dict) and rule.get("id") == rule_id and _is_int(rule.get("shieldZoneId"))
            and rule.get("shieldZoneId") > 0 and isinstance(rule.get("ruleConfiguration"), dict))


def rule_read_failure(status, rule, rule_id):
    """``(status, message, error_key)`` when a 2xx answer to ``GET custom-rule/{rule_id}`` is not the rule.

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
    else None. A rule seen
    twice (one added while paging shifts the pages) is kept once.
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


def _as_list(value):
    return value if isinstance(value, list) else []


def shape_condition(condition, main=True):
    """A ``ruleConfiguration`` (main) or chained condition in snake_case, with names beside the numbers."""
    condition = condition if isinstance(condition, dict) else {}
    shaped = {}
    if main:
        shaped["action_type"] = condition.get("actionType")
        shaped["action_type_name"] = enum_name(WAF_ACTIONS, condition.get("actionType"))
    shaped["variable_types"] = normalise_variable_types(condition.get("variableTypes"))
    shaped["operator_type"] = condition.get("operatorType")
    shaped["operator_type_name"] = enum_name(WAF_OPERATORS, condition.get("operatorType"))
    if main:
        transformations = _as_list(condition.get("transformationTypes"))
        shaped["severity_type"] = condition.get("severityType")
        shaped["severity_type_name"] = enum_name(WAF_SEVERITIES, condition.get("severityType"))
        shaped["transformation_types"] = list(transformations)
        shaped["transformation_type_names"] = [enum_name(WAF_TRANSFORMATIONS, t) for t in transformations]
    shaped["value"] = condition.get("value")
    shaped["is_negated"] = condition.get("isNegated")
    shaped["is_regex_variable"] = condition.get("isRegexVariable")
    if main:
        shaped["chained_rule_conditions"] = [shape_condition(c, main=False)
                                             for c in _as_list(condition.get("chainedRuleConditions"))
                                             if isinstance(c, dict)]
    return shaped


def shape_error_response(error):
    if not isinstance(error, dict):
        return None
    return {"status_code": error.get("statusCode"), "success": error.get("success"),
            "message": error.get("message"), "error_key": error.get("errorKey")}


def decode_rule_json(text):
    """``(data, problem)``: the decoded ``ruleJson``, or None and why not."""
    if not isinstance(text, str) or not text.strip():
        return None, None
    try:
        return json.loads(text), None
    except ValueError as exc:
        return None, str(exc)


def shape_rule(rule, warn):
    """One ``waf_rules`` entry from a ``CustomWafRule``; ``warn(text)`` hears about a broken ``ruleJson``."""
    rule_json_data, problem = decode_rule_json(rule.get("ruleJson"))
    if problem:
        warn("ruleJson of custom WAF rule %s is not valid JSON (%s); rule_json_data is null."
             % (rule.get("id"), problem))
    return {
        "id": rule.get("id"),
        "shield_zone_id": rule.get("shieldZoneId"),
        "user_id": rule.get("userId"),
        "rule_name": rule.get("ruleName"),
        "rule_description": rule.get("ruleDescription"),
        "rule_json": rule.get("ruleJson"),
        "rule_json_data": rule_json_data,
        "rule_configuration": shape_condition(rule.get("ruleConfiguration")),
        "error_response": shape_error_response(rule.get("errorResponse")),
    }
