# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Custom WAF rules of a shield zone: their paths and sentences; the listing, one rule's read, create, update and
delete are every shield rule's (``shield_rules.RuleResource``).

Functions take the client first and return the platform's ``CustomWafRule`` (a dict), or raise ``ApiError``.
Pure Python: no Ansible imports, no context.
"""

from __future__ import annotations

from .shield_rules import RuleResource

ZONE_RULES = "/shield/waf/custom-rules/%d"  # GET: a zone's rules, one page at a time
RULES = "/shield/waf/custom-rule"  # POST: create
RULE = "/shield/waf/custom-rule/%d"  # GET, PATCH, DELETE: one rule

__all__ = ("WAF_RULES", "list_all", "find", "get", "create", "update", "delete")

RULE_NOT_VISIBLE = (
    "No custom WAF rule with id %d is visible to this API key: check id (shield_zone_id lists the rules of a zone)."
)

WAF_RULES = RuleResource("custom WAF rule", (ZONE_RULES, RULES, RULE), RULE_NOT_VISIBLE, "waf_rule_info")
list_all, find, get = WAF_RULES.list_all, WAF_RULES.find, WAF_RULES.get
create, update, delete = WAF_RULES.create, WAF_RULES.update, WAF_RULES.delete
