#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: waf_rule
short_description: Create, update or delete a custom WAF rule of a shield zone
version_added: 1.0.0
description:
  - Manages one custom WAF rule of a shield zone, found by its name within the zone. The zone's rules are listed
    (every page) on each run; a rule is created when no rule has the name, updated when it differs, and left alone
    when it matches, so a re-run changes nothing.
  - The rule is written in the readable form M(edge.platform.waf_rule_info) returns. Its C(rule_name),
    C(rule_description) and C(rule_configuration) can be given back unchanged, and the task then reports no change.
  - Names, as each option's choices list them, and the platform's numbers are both accepted for actions, operators,
    severities, transformations and variables; names are matched without regard to case. A number this collection
    cannot name (one the platform added since, as M(edge.platform.waf_rule_info) returns it) is sent as it is.
  - Release 1.2.0 names the actions in lower case (V(block)), as access lists and rate limit rules name theirs;
    M(edge.platform.waf_rule_info) returns them so. The operators, severities, transformations and variables keep
    the rule language's upper-case names.
  - The rule is compared by meaning, not by text. Unset members count as their defaults, a null sub-variable or
    value counts as an empty one, and transformations count as a set. Chained conditions are compared in their
    order, which the platform keeps.
  - When the answer to a write is lost, or the platform answers HTTP 202 Accepted without the rule, the write is
    not sent again. The zone's rules are read once more and decide. If the rule is as asked, the task reports
    changed with a warning; if not, it fails saying the change was not applied.
  - The shield zone that holds the rule is chosen by O(shield_zone_id), or by its pull zone's O(pullzone_id) (one
    lookup request) or O(pullzone_name) (two lookup requests); exactly one of them is required.
options:
  rule_name:
    description:
      - Name of the rule; it identifies the rule within the zone. A name with a control character (a newline, tab
        or escape) is refused before any request.
      - When several rules of the zone have this name, the task fails and lists their ids; rename or delete all
        but one of them first.
      - The Terraform provider only allows letters, digits and spaces in rule names. Whether the platform refuses
        other characters is not documented, so this module does not refuse them.
    type: str
    required: true
    aliases: [name]
  rule_description:
    description:
      - Description of the rule.
      - When not given, an existing rule keeps its description and a new rule gets an empty one. The description
        is always sent, even when empty, because the platform refuses a rule without one.
    type: str
    aliases: [description]
  state:
    description:
      - V(present) creates or updates the rule; V(absent) deletes it when it exists.
    type: str
    default: present
    choices: [present, absent]
  rule_configuration:
    description:
      - What the rule matches and what it does, in the shape of RV(waf_rule.rule_configuration) (the same as
        C(rule_configuration) in M(edge.platform.waf_rule_info) results).
      - Required with O(state=present).
      - Each number option has a C(_name) twin, as M(edge.platform.waf_rule_info) returns both. Give either one
        or both; when both are given they must agree.
      - The whole rule is declared. A member left out takes its default, and the task changes a rule that differs.
    type: dict
    suboptions:
      action_type:
        description:
          - What happens to a matching request. Give a name, V(block), V(log), V(challenge), V(allow) or V(bypass),
            or the platform's number (1 to 5).
          - Required unless O(rule_configuration.action_type_name) is given.
        type: raw
        choices: [block, log, challenge, allow, bypass]
      action_type_name:
        description:
          - The name of the action, as M(edge.platform.waf_rule_info) returns it.
        type: str
        choices: [block, log, challenge, allow, bypass]
      # BEGIN edge.platform.shield_rules.CONDITION_OPTIONS
      # root: rule_configuration
      # module: edge.platform.waf_rule_info
      variable_types:
        description:
          - Where to look, as a mapping of variable name to sub-variable. Use V("") when the variable has no
            sub-variable.
          - 'For example V({"REQUEST_URI": ""}), V({"REQUEST_HEADERS": "User-Agent"}) or V({"GEO": "COUNTRY_CODE"}).'
          - Names are C(REQUEST_URI), C(REQUEST_URI_RAW), C(ARGS), C(ARGS_COMBINED_SIZE), C(ARGS_GET),
            C(ARGS_GET_NAMES), C(ARGS_POST), C(ARGS_POST_NAMES), C(FILES_NAMES), C(GEO), C(REMOTE_ADDR),
            C(QUERY_STRING), C(REQUEST_BASENAME), C(REQUEST_BODY), C(REQUEST_COOKIES_NAMES), C(REQUEST_COOKIES),
            C(REQUEST_FILENAME), C(REQUEST_HEADERS_NAMES), C(REQUEST_HEADERS), C(REQUEST_LINE), C(REQUEST_METHOD),
            C(REQUEST_PROTOCOL), C(RESPONSE_BODY), C(RESPONSE_HEADERS), C(RESPONSE_STATUS), C(FINGERPRINT) and
            C(VERIFIED_BOT_CATEGORY). Their numbers 0 to 26, in that order, are accepted too.
        type: dict
      operator_type:
        description:
          - How the variable is compared with O(rule_configuration.value). Give a name or the platform's number.
          - Required unless O(rule_configuration.operator_type_name) is given.
        type: raw
        choices: &operators [BEGINSWITH, ENDSWITH, CONTAINS, CONTAINSWORD, STRMATCH, EQ, GE, GT, LE, LT, WITHIN, RX,
                             STREQ, DETECTSQLI, DETECTXSS]
      operator_type_name:
        description:
          - The name of the operator, as M(edge.platform.waf_rule_info) returns it.
        type: str
        choices: *operators
      severity_type:
        description:
          - Severity recorded for a match. Give a name or the platform's number (0 to 2).
          - Defaults to V(NOTICE), which is also what the platform stores when a client leaves the severity out.
        type: raw
        choices: [NOTICE, WARNING, CRITICAL]
      severity_type_name:
        description:
          - The name of the severity, as M(edge.platform.waf_rule_info) returns it.
        type: str
        choices: [NOTICE, WARNING, CRITICAL]
      transformation_types:
        description:
          - Transformations applied to the variable before comparing. Give names, for example V(LOWERCASE) or
            V(URLDECODE), or the platform's numbers.
          - Compared as a set, in any order. A change of order alone is not a change.
        type: list
        elements: raw
        choices: &transformations [CMDLINE, COMPRESSWHITESPACE, CSSDECODE, HEXENCODE, HTMLENTITYDECODE, JSDECODE,
                                   LENGTH, LOWERCASE, MD5, NORMALIZEPATH, NORMALISEPATH, NORMALIZEPATHWIN,
                                   NORMALISEPATHWIN, REMOVECOMMENTS, REMOVENULLS, REMOVEWHITESPACE, REPLACECOMMENTS,
                                   SHA1, URLDECODE, URLDECODEUNI, UTF8TOUNICODE]
      transformation_type_names:
        description:
          - The names of the transformations, as M(edge.platform.waf_rule_info) returns them.
        type: list
        elements: raw
        choices: *transformations
      value:
        description:
          - The value the operator compares against. Defaults to V("").
        type: str
      is_negated:
        description:
          - Whether the match is inverted. Defaults to V(false).
        type: bool
      is_regex_variable:
        description:
          - Whether the variable is selected by a regular expression. Defaults to V(false).
        type: bool
      chained_rule_conditions:
        description:
          - Further conditions that must all match too; they are combined with the main condition by AND.
          - Kept and compared in the order given.
        type: list
        elements: dict
        suboptions:
          variable_types:
            description:
              - Where to look, as in O(rule_configuration.variable_types).
            type: dict
          operator_type:
            description:
              - How to compare, as in O(rule_configuration.operator_type).
            type: raw
            choices: *operators
          operator_type_name:
            description:
              - The name of the operator, as M(edge.platform.waf_rule_info) returns it.
            type: str
            choices: *operators
          value:
            description:
              - The value to compare against. Defaults to V("").
            type: str
          is_negated:
            description:
              - Whether the match is inverted. Defaults to V(false).
            type: bool
          is_regex_variable:
            description:
              - Whether the variable is selected by a regular expression. Defaults to V(false).
            type: bool
      # END edge.platform.shield_rules.CONDITION_OPTIONS
extends_documentation_fragment:
  - edge.platform.zone_selectors.shield_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
    details:
      - The diff shows the rule's name, description and readable configuration before and after.
notes:
  - Each run lists every rule of the zone, one request per 1000 rules, then sends at most one write.
  - The platform fails at random when several rules of one shield zone are created at the same time. The Terraform
    provider works around this with a lock per zone. This module takes a lock per zone too, a file in the
    controller's temporary directory, so parallel tasks on one machine write to a zone one at a time (hosts in a
    play, forks, C(delegate_to=localhost)). Tasks that run on several machines against one zone must be
    serialised, for example with C(throttle=1).
  - Custom WAF rules need a paid shield plan (Advanced or higher), which also limits how many rules a zone can have.
  - The rule's position in the zone's rule order is not managed by this module.
seealso:
  - module: edge.platform.waf_rule_info
  - name: Custom WAF rules
    description: What custom WAF rules match and how their conditions combine.
    link: https://docs.bunny.net/shield/custom-waf-rule
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Block the admin area for everyone outside the office network
      edge.platform.waf_rule:
        shield_zone_id: 3001
        rule_name: block admin
        rule_description: Only the office reaches the admin area
        rule_configuration:
          action_type: block
          variable_types:
            REQUEST_URI: ""
          operator_type: BEGINSWITH
          value: /admin
          transformation_types: [LOWERCASE, URLDECODE]
          chained_rule_conditions:
            - variable_types:
                REMOTE_ADDR: ""
              operator_type: WITHIN
              value: 203.0.113.0/24
              is_negated: true

    - name: Copy a rule from one zone to another
      block:
        - name: Read the rule
          edge.platform.waf_rule_info:
            id: 4001
          register: source

        - name: Write it unchanged to another zone
          edge.platform.waf_rule:
            shield_zone_id: 3004
            rule_name: "{{ source.waf_rules[0].rule_name }}"
            rule_description: "{{ source.waf_rules[0].rule_description }}"
            rule_configuration: "{{ source.waf_rules[0].rule_configuration }}"

        - name: Delete a rule that is no longer needed
          edge.platform.waf_rule:
            shield_zone_id: 3001
            rule_name: challenge-foreign-logins
            state: absent

    - name: Log SQL injection attempts on the shield zone of pull zone demo, chosen by the pull zone's name
      edge.platform.waf_rule:
        pullzone_name: demo
        rule_name: log sql injection
        rule_configuration:
          action_type: Log
          variable_types:
            ARGS: ""
          operator_type: DETECTSQLI
"""

RETURN = r"""
waf_rule:
  description:
    - The rule after the task, in the shape of M(edge.platform.waf_rule_info) results; predicted in check mode.
    - Null when the rule is absent.
    - After a write whose answer was lost, the predicted rule; its RV(waf_rule.id) is null when it was created.
  returned: success
  type: dict
  contains:
    # BEGIN edge.platform.resource_shapes.WAF_RULE
    # root: waf_rule
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
        - RV(waf_rule.rule_json) decoded into data, exactly as the platform wrote it.
        - Null when the platform sent no definition or a text that is not JSON (the task then warns).
      type: dict
      sample: {"actionType": 1, "variableTypes": {"REQUEST_URI": ""}, "operatorType": 0}
    error_response:
      description:
        - The status information the platform attaches to the rule, as sent; null when it sent none.
        - RV(waf_rule.error_response.success) may be false on a rule read successfully, when the platform left the
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
            - Name of RV(waf_rule.rule_configuration.action_type), one of V(Block), V(Log), V(Challenge),
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
            - Names of RV(waf_rule.rule_configuration.transformation_types), in the same order (null for unknown numbers).
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
            - Each has RV(waf_rule.rule_configuration.variable_types), RV(waf_rule.rule_configuration.operator_type),
              RV(waf_rule.rule_configuration.operator_type_name), RV(waf_rule.rule_configuration.value),
              RV(waf_rule.rule_configuration.is_negated) and RV(waf_rule.rule_configuration.is_regex_variable),
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

from ansible_collections.edge.platform.plugins.module_utils._api.selectors import SHIELD_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores.shield_rules import WAF_RULE, manage
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes.shield_enums import (
    WAF_ACTION_VARNAMES,
    WAF_ACTIONS,
    enum_choices,
)
from ansible_collections.edge.platform.plugins.module_utils._shapes.shield_rules import condition_options


def run(ctx):
    return manage(ctx, WAF_RULE)


ACTIONS = enum_choices(WAF_ACTIONS, WAF_ACTION_VARNAMES, fold_case=True)

MODULE = ModuleDef(
    argument_spec=dict(
        SHIELD_ZONE.argument_spec(),
        rule_name=dict(type="str", required=True, aliases=["name"]),
        rule_description=dict(type="str", aliases=["description"]),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        rule_configuration=dict(
            type="dict",
            options=condition_options(
                action_type=dict(type="raw", choices=ACTIONS), action_type_name=dict(type="str", choices=ACTIONS)
            ),
        ),
    ),
    run=run,
    required_if=[("state", "present", ["rule_configuration"])],
    **SHIELD_ZONE.validation(),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
