#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: waf_rule_info
short_description: Read custom WAF rules of a shield zone
version_added: 1.0.0
description:
  - Reads one custom WAF rule by its id, the rules of a shield zone with a given name (O(rule_name), as
    M(edge.platform.waf_rule) finds a rule), or every custom WAF rule of a shield zone, following the platform's
    pagination with one request per page.
  - Returns each rule with its conditions in readable form; the platform's numbers for action, operator, severity
    and transformations are kept, and their names are added beside them.
  - The platform sometimes sends the keys of C(variableTypes) as numbers (V(0) for C(REQUEST_URI) up to V(26) for
    C(VERIFIED_BOT_CATEGORY)) instead of names; this module always returns names.
  - The shield zone is chosen by O(shield_zone_id), or by its pull zone's O(pullzone_id) (one lookup request) or
    O(pullzone_name) (two lookup requests). Exactly one of O(id), O(shield_zone_id), O(pullzone_id) and O(pullzone_name) is required.
  - A zone without rules returns an empty list; an unknown zone fails the task.
  - With O(rule_name), only the rules of the zone with exactly that name are returned (case-sensitive, as
    M(edge.platform.waf_rule) matches it), so none when the zone has no such rule, and several when the platform
    holds several with that name (which M(edge.platform.waf_rule) refuses to manage).
options:
  id:
    description:
      - Id of one custom WAF rule, instead of a shield zone.
      - A rule that does not exist, or that this API key cannot see, fails the task with the platform's status.
      - Mutually exclusive with O(shield_zone_id), O(pullzone_id) and O(pullzone_name).
    type: int
  rule_name:
    description:
      - Name of the rules to return, within the shield zone chosen by O(shield_zone_id), O(pullzone_id) or
        O(pullzone_name); the same name O(edge.platform.waf_rule#module:rule_name) takes.
      - The zone's rules are listed (one request per page) and only those with exactly this name are returned.
      - Mutually exclusive with O(id).
    type: str
    aliases: [name]
  page_size:
    description:
      - How many rules to ask for per request when listing a zone, from 1 to 1000.
      - Pages are followed until the platform reports no next page, whatever size the platform really uses.
    type: int
    default: 100
extends_documentation_fragment:
  - edge.platform.zone_selectors.shield_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
  - edge.platform.attributes.info_module
notes:
  - The platform does not document how it answers for a rule that does not exist; it has been seen to answer HTTP 202
    for a rule deleted in the dashboard. The module fails on an HTTP 404 or 202, on an answer without the rule (no id,
    zone or configuration), and on a rule whose C(errorResponse) reports a failure with a message, an error key or
    an error status.
  - An C(errorResponse) of V(success=false) with nothing else is what the platform writes when it never filled the
    status in; a rule that comes with it, complete, is read successfully and returned with that C(errorResponse) as sent.
  - C(rule_json_data) is the platform's C(ruleJson) text decoded as it is, without renaming numeric variable keys;
    use C(rule_configuration) for the normalised form.
seealso:
  - name: Custom WAF rules
    description: What custom WAF rules match and how their conditions combine.
    link: https://docs.bunny.net/shield/custom-waf-rule
  - module: edge.platform.bot_detection_info
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Read one custom WAF rule
      edge.platform.waf_rule_info:
        id: 4001
      register: rule

    - name: Show what the rule does
      ansible.builtin.debug:
        msg: >-
          {{ rule.waf_rules[0].rule_name }}: {{ rule.waf_rules[0].rule_configuration.action_type_name }}
          when {{ rule.waf_rules[0].rule_configuration.variable_types | list | join(', ') }}
          {{ rule.waf_rules[0].rule_configuration.operator_type_name }} {{ rule.waf_rules[0].rule_configuration.value }}

    - name: Audit every rule of a shield zone
      block:
        - name: List the custom WAF rules of shield zone 3001
          edge.platform.waf_rule_info:
            shield_zone_id: 3001
          register: zone_rules

        - name: Show the rules that only log matching requests
          ansible.builtin.debug:
            msg: "{{ zone_rules.waf_rules | selectattr('rule_configuration.action_type_name', 'equalto', 'log')
                     | map(attribute='rule_name') | list }}"

    - name: List the custom WAF rules of the shield zone of pull zone demo, chosen by the pull zone's name
      edge.platform.waf_rule_info:
        pullzone_name: demo
      register: demo_rules

    - name: Read the rule named block-admin of shield zone 3001, as edge.platform.waf_rule finds it
      edge.platform.waf_rule_info:
        shield_zone_id: 3001
        rule_name: block-admin
      register: named_rule
"""

RETURN = r"""
waf_rules:
  description:
    - The custom WAF rules read, one entry per rule.
    - With O(id), a list of one rule; with a shield zone, every rule of the zone (possibly none); with O(rule_name),
      the rules of the zone with that name (usually one, possibly none).
  returned: success
  type: list
  elements: dict
  contains:
    # BEGIN edge.platform.resource_shapes.WAF_RULE
    # root: waf_rules[]
    # BEGIN edge.platform.resource_shapes.SHIELD_RULE
    # root: @
    id:
      description: Rule id; null for a rule only predicted in check mode.
      type: int
      sample: 4001
    shield_zone_id:
      description: Id of the shield zone the rule belongs to.
      type: int
      sample: 3001
    user_id:
      description: Id of the account that owns the rule, when the platform sent it.
      type: str
      sample: 5f0b8c1e-2d47-4a6b-9e3c-7d1a2b4c6e80
    rule_name:
      description: Rule name.
      type: str
      sample: block-admin
    rule_description:
      description: Rule description.
      type: str
      sample: Block the admin area
    rule_json:
      description: The rule definition as the platform sent it, a JSON text; null when only predicted.
      type: str
      sample: '{"actionType":1,"variableTypes":{"REQUEST_URI":""},"operatorType":0}'
    rule_json_data:
      description:
        - RV(waf_rules[].rule_json) decoded into data, exactly as the platform wrote it.
        - Null when the platform sent no definition or a text that is not JSON (the task then warns).
      type: dict
      sample: {"actionType": 1, "variableTypes": {"REQUEST_URI": ""}, "operatorType": 0}
    error_response:
      description:
        - The status information the platform attaches to the rule, as sent; null when it sent none.
        - RV(waf_rules[].error_response.success) may be false on a rule read successfully, when the platform left the
          status unfilled (no message, no error key).
      type: dict
      contains:
        status_code:
          description: HTTP status the platform reports.
          type: int
          sample: 200
        success:
          description: Whether the platform reports success.
          type: bool
          sample: true
        message:
          description: The platform's message, if any.
          type: str
          sample: null
        error_key:
          description: The platform's error key, if any.
          type: str
          sample: null
    # END edge.platform.resource_shapes.SHIELD_RULE
    rule_configuration:
      description:
        - The main condition of the rule and the conditions chained to it, normalised.
        - Can be passed back as O(edge.platform.waf_rule#module:rule_configuration).
      type: dict
      contains:
        action_type:
          description: What happens to a matching request, as the platform's number.
          type: int
          sample: 1
        action_type_name:
          description:
            - Name of RV(waf_rules[].rule_configuration.action_type), one of V(Block), V(Log), V(Challenge),
              V(Allow), V(Bypass).
            - Null for a number this collection does not know yet.
          type: str
          sample: block
        # BEGIN edge.platform.resource_shapes.SHIELD_CONDITION
        # root: @.rule_configuration
        variable_types:
          description:
            - Where to look, as a mapping of variable name (for example C(REQUEST_URI), C(REQUEST_HEADERS), C(GEO))
              to its sub-variable (a header or cookie name, C(COUNTRY_CODE) for C(GEO)), empty when it has none.
            - Keys are always names, even when the platform sent numbers; a key it does not know is kept as sent.
          type: dict
          sample: {"REQUEST_URI": ""}
        operator_type:
          description: How the value is compared, as the platform's number.
          type: int
          sample: 0
        operator_type_name:
          description: Name of the operator (for example V(BEGINSWITH), V(CONTAINS), V(RX), V(DETECTSQLI)), or null.
          type: str
          sample: BEGINSWITH
        severity_type:
          description: Severity recorded for a match, as the platform's number.
          type: int
          sample: 2
        severity_type_name:
          description: Name of the severity, one of V(NOTICE), V(WARNING), V(CRITICAL), or null.
          type: str
          sample: CRITICAL
        transformation_types:
          description: Transformations applied to the variable before comparing, as the platform's numbers.
          type: list
          elements: int
          sample: [8]
        transformation_type_names:
          description:
            - Names of RV(waf_rules[].rule_configuration.transformation_types), in the same order (null for unknown numbers).
          type: list
          elements: str
          sample: [LOWERCASE]
        value:
          description: The value the operator compares against.
          type: str
          sample: /admin
        is_negated:
          description: Whether the match is inverted.
          type: bool
          sample: false
        is_regex_variable:
          description: Whether the variable is selected by a regular expression.
          type: bool
          sample: false
        # END edge.platform.resource_shapes.SHIELD_CONDITION
        chained_rule_conditions:
          description:
            - Further conditions that must all match as well (combined with the main condition by AND).
            - Each has RV(waf_rules[].rule_configuration.variable_types), RV(waf_rules[].rule_configuration.operator_type),
              RV(waf_rules[].rule_configuration.operator_type_name), RV(waf_rules[].rule_configuration.value),
              RV(waf_rules[].rule_configuration.is_negated) and RV(waf_rules[].rule_configuration.is_regex_variable),
              with the same meaning as in the main condition.
          type: list
          elements: dict
          sample:
            - variable_types: {"REQUEST_METHOD": ""}
              operator_type: 15
              operator_type_name: STREQ
              value: POST
              is_negated: false
              is_regex_variable: false
    # END edge.platform.resource_shapes.WAF_RULE
# BEGIN edge.platform.api_error
# sample error_key: shield_zone.not_found
# sample message: Shield zone 3999 was not found.
api_error:
  description: The platform's error, when the task failed on a platform answer.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the platform could not be reached.
      type: int
      sample: 404
    error_key:
      description: The platform's error key, when it sent one.
      type: str
      sample: shield_zone.not_found
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: null
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: Shield zone 3999 was not found.
# END edge.platform.api_error
"""

from ansible_collections.edge.platform.plugins.module_utils._cores.shield_rules import INFO_DECLARATION, WAF_RULE, read
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    return read(ctx, WAF_RULE)


MODULE = ModuleDef(run=run, **INFO_DECLARATION)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
