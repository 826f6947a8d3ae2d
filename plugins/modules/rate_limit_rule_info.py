#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: rate_limit_rule_info
short_description: Read rate limit rules of a shield zone
version_added: 1.1.0
description:
  - Reads one rate limit rule by its id, the rules of a shield zone with a given name (O(rule_name), as
    M(edge.platform.rate_limit_rule) finds a rule), or every rate limit rule of a shield zone, following the
    platform's pagination with one request per page.
  - Returns each rule in the readable form M(edge.platform.rate_limit_rule) takes, so a rule read here and written
    back with that module is no change. The platform's numbers for operators, severities, transformations, counter
    keys, actions and times are kept, and their names are added beside them.
  - The platform sometimes sends the keys of C(variableTypes) as numbers (V(0) for C(REQUEST_URI) up to V(26) for
    C(VERIFIED_BOT_CATEGORY)) instead of names; this module always returns names.
  - The shield zone is chosen by O(shield_zone_id), or by its pull zone's O(pullzone_id) (one lookup request) or
    O(pullzone_name) (two lookup requests). Exactly one of O(id), O(shield_zone_id), O(pullzone_id) and
    O(pullzone_name) is required.
  - A zone without rules returns an empty list; an unknown zone fails the task.
  - With O(rule_name), only the rules of the zone with exactly that name are returned (case-sensitive, as
    M(edge.platform.rate_limit_rule) matches it), so none when the zone has no such rule, and several when the
    platform holds several with that name (which M(edge.platform.rate_limit_rule) refuses to manage).
options:
  id:
    description:
      - Id of one rate limit rule, instead of a shield zone.
      - A rule that does not exist, or that this API key cannot see, fails the task with the platform's status.
      - Mutually exclusive with O(shield_zone_id), O(pullzone_id), O(pullzone_name) and O(rule_name).
    type: int
  rule_name:
    description:
      - Name of the rules to return, within the shield zone chosen by O(shield_zone_id), O(pullzone_id) or
        O(pullzone_name); the same name O(edge.platform.rate_limit_rule#module:rule_name) takes.
      - The zone's rules are listed (one request per page) and only those with exactly this name are returned.
      - Mutually exclusive with O(id).
    type: str
    aliases: [name]
  page_size:
    description:
      - How many rules to ask for per request when listing a zone, from 1 to 1000.
      - Pages are followed until the platform reports no next page, whatever size the platform really uses.
      - The listing's items are documented without the limit (C(requestCount), C(timeframe), C(blockTime),
        C(counterKeyType)). Rules asked for by O(rule_name) are read by their id when the listing leaves it out (one
        more request per rule found); when listing a whole zone, a rule without it is returned with those values null
        and a warning.
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
  - The platform does not document how it answers for a rule that does not exist. The module fails on an HTTP 404 or
    202, on an answer without the rule (no id, zone or configuration), and on a rule whose C(errorResponse) reports a
    failure with a message, an error key or an error status.
  - The published document describes a rule read by id or listed with the members of a custom WAF rule only, without
    the request count, timeframe, counter key and block time; the platform's own Terraform provider reads them from
    the same answers. A member the platform leaves out is returned as its default (V(0), or V(ip) and V(rate_limit)).
seealso:
  - module: edge.platform.rate_limit_rule
  - module: edge.platform.shield_zone_info
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: List the rate limit rules of shield zone 3001
      edge.platform.rate_limit_rule_info:
        shield_zone_id: 3001
      register: zone_rules

    - name: Show what each rule allows
      ansible.builtin.debug:
        msg: >-
          {{ item.rule_name }}: {{ item.limit.request_count }} requests per {{ item.limit.timeframe }} s
          per {{ item.limit.counter_key_name }}, then {{ item.response.action_name }} for {{ item.response.block_time }} s
      loop: "{{ zone_rules.rate_limit_rules }}"
      loop_control:
        label: "{{ item.rule_name }}"

    - name: Read one rule by its id
      edge.platform.rate_limit_rule_info:
        id: 6001
      register: one_rule

    - name: Read the rule named api burst of the shield zone of pull zone demo, as edge.platform.rate_limit_rule finds it
      edge.platform.rate_limit_rule_info:
        pullzone_name: demo
        rule_name: api burst
      register: named_rule
"""

RETURN = r"""
rate_limit_rules:
  description:
    - The rate limit rules read, one entry per rule, in the readable form M(edge.platform.rate_limit_rule) takes.
    - With O(id), a list of one rule; with a shield zone, every rule of the zone (possibly none); with O(rule_name),
      the rules of the zone with that name (usually one, possibly none).
  returned: success
  type: list
  elements: dict
  contains:
    # BEGIN edge.platform.resource_shapes.RATE_LIMIT_RULE
    # root: rate_limit_rules[]
    # BEGIN edge.platform.resource_shapes.SHIELD_RULE
    # root: @
    # sample id: 6001
    # sample rule_name: login attempts
    # sample rule_description: Slow down password guessing
    # sample rule_json: '{"actionType":1,"variableTypes":{"REQUEST_URI":""},"operatorType":0,"requestCount":100}'
    # sample rule_json_data: {"actionType": 1, "variableTypes": {"REQUEST_URI": ""}, "operatorType": 0, "requestCount": 100}
    id:
      description: Rule id; null for a rule only predicted in check mode.
      type: int
      sample: 6001
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
      sample: login attempts
    rule_description:
      description: Rule description.
      type: str
      sample: Slow down password guessing
    rule_json:
      description: The rule definition as the platform sent it, a JSON text; null when only predicted.
      type: str
      sample: '{"actionType":1,"variableTypes":{"REQUEST_URI":""},"operatorType":0,"requestCount":100}'
    rule_json_data:
      description:
        - RV(rate_limit_rules[].rule_json) decoded into data, exactly as the platform wrote it.
        - Null when the platform sent no definition or a text that is not JSON (the task then warns).
      type: dict
      sample: {"actionType": 1, "variableTypes": {"REQUEST_URI": ""}, "operatorType": 0, "requestCount": 100}
    error_response:
      description:
        - The status information the platform attaches to the rule, as sent; null when it sent none.
        - RV(rate_limit_rules[].error_response.success) may be false on a rule read successfully, when the platform left the
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
    condition:
      description: Which requests the rule counts. Can be passed back as
        O(edge.platform.rate_limit_rule#module:condition).
      type: dict
      contains:
        # BEGIN edge.platform.resource_shapes.SHIELD_CONDITION
        # root: @.condition
        # sample value: /login
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
            - Names of RV(rate_limit_rules[].condition.transformation_types), in the same order (null for unknown numbers).
          type: list
          elements: str
          sample: [LOWERCASE]
        value:
          description: The value the operator compares against.
          type: str
          sample: /login
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
          description: The chained conditions, each with the condition members above except severity and
            transformations.
          type: list
          elements: dict
          sample:
            - {"variable_types": {"REQUEST_HEADERS": "User-Agent"}, "operator_type": 2,
               "operator_type_name": "CONTAINS", "value": "curl", "is_negated": false, "is_regex_variable": false}
    limit:
      description: How many matching requests are allowed. Can be passed back as
        O(edge.platform.rate_limit_rule#module:limit).
      type: dict
      contains:
        request_count:
          description: Requests allowed in the timeframe.
          type: int
          sample: 100
        timeframe:
          description: The counting window in seconds.
          type: int
          sample: 60
        timeframe_name:
          description: The window's name, or null for a number the platform's document does not list.
          type: str
          sample: 1m
        counter_key:
          description: The counter key's number.
          type: int
          sample: 0
        counter_key_name:
          description: What the requests are counted per, or null.
          type: str
          sample: ip
    response:
      description: What happens past the limit. Can be passed back as
        O(edge.platform.rate_limit_rule#module:response).
      type: dict
      contains:
        action:
          description: The action's number.
          type: int
          sample: 1
        action_name:
          description: The action's name, or null.
          type: str
          sample: rate_limit
        block_time:
          description: How long the action lasts, in seconds.
          type: int
          sample: 300
        block_time_name:
          description: The block time's name, or null.
          type: str
          sample: 5m
    # END edge.platform.resource_shapes.RATE_LIMIT_RULE
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


from ansible_collections.edge.platform.plugins.module_utils._cores.shield_rules import (
    INFO_DECLARATION,
    RATE_LIMIT_RULE,
    read,
)
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    return read(ctx, RATE_LIMIT_RULE)


MODULE = ModuleDef(run=run, **INFO_DECLARATION)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
