#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: rate_limit_rule
short_description: Create, update or delete a rate limit rule of a shield zone
version_added: 1.1.0
description:
  - Manages one rate limit rule of a shield zone, found by its name within the zone. The zone's rules are listed
    (every page) on each run; a rule is created when no rule has the name, updated when it differs, and left alone
    when it matches, so a re-run changes nothing.
  - A rule counts the requests that match its O(condition), per O(limit.counter_key) (per IP address by default).
    Past O(limit.request_count) requests in O(limit.timeframe) seconds, it applies O(response.action) for
    O(response.block_time) seconds.
  - The rule is written in the readable form M(edge.platform.rate_limit_rule_info) returns. Its C(rule_name),
    C(rule_description), C(condition), C(limit) and C(response) can be given back unchanged, and the task then reports
    no change.
  - Names, as each option's choices list them, and the platform's numbers are both accepted for operators,
    severities, transformations, variables, counter keys, actions and times; names are matched without regard to case.
    A number is sent as given, because the platform may accept more than the document lists.
  - Release 1.2.0 names counter keys, actions and times in lower case (V(ip), V(rate_limit), V(1m)), as access lists and
    API Guardian name theirs, and M(edge.platform.rate_limit_rule_info) returns them so. The platform's names that
    earlier releases took (V(RateLimit), V(PerOneMinute), V(ForFiveMinutes)) still work, with a deprecation warning,
    until 2.0.0; the same names in another case (V(IP), V(Log)) work as they are.
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
      - The platform does not document names as unique. When several rules of the zone have this name, the task fails
        and lists their ids; rename or delete all but one of them first.
    type: str
    required: true
    aliases: [name]
  rule_description:
    description:
      - Description of the rule.
      - When not given, an existing rule keeps its description and a new rule gets an empty one. The description
        is always sent, even when empty.
    type: str
    aliases: [description]
  state:
    description:
      - V(present) creates or updates the rule; V(absent) deletes it when it exists.
    type: str
    default: present
    choices: [present, absent]
  condition:
    description:
      - Which requests the rule counts, in the shape of RV(rate_limit_rule.condition) (the same as a custom WAF rule's
        condition in M(edge.platform.waf_rule), without its action).
      - Required with O(state=present). The whole rule is declared, as O(condition), O(limit) and O(response)
        together; a member left out takes its default, and the task changes a rule that differs.
      - Each number option has a C(_name) twin, as M(edge.platform.rate_limit_rule_info) returns both. Give either
        one or both; when both are given they must agree.
    type: dict
    suboptions:
      # BEGIN edge.platform.shield_rules.CONDITION_OPTIONS
      # root: condition
      # module: edge.platform.rate_limit_rule_info
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
          - How the variable is compared with O(condition.value). Give a name or the platform's number.
          - Required unless O(condition.operator_type_name) is given.
        type: raw
        choices: &operators [BEGINSWITH, ENDSWITH, CONTAINS, CONTAINSWORD, STRMATCH, EQ, GE, GT, LE, LT, WITHIN, RX,
                             STREQ, DETECTSQLI, DETECTXSS]
      operator_type_name:
        description:
          - The name of the operator, as M(edge.platform.rate_limit_rule_info) returns it.
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
          - The name of the severity, as M(edge.platform.rate_limit_rule_info) returns it.
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
          - The names of the transformations, as M(edge.platform.rate_limit_rule_info) returns them.
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
              - Where to look, as in O(condition.variable_types).
            type: dict
          operator_type:
            description:
              - How to compare, as in O(condition.operator_type).
            type: raw
            choices: *operators
          operator_type_name:
            description:
              - The name of the operator, as M(edge.platform.rate_limit_rule_info) returns it.
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
  limit:
    description:
      - How many matching requests are allowed, in the shape of RV(rate_limit_rule.limit). Required with
        O(state=present).
    type: dict
    suboptions:
      request_count:
        description:
          - How many matching requests are allowed in O(limit.timeframe), from 0 to 2147483647.
          - Required.
        type: int
      timeframe:
        description:
          - The window the requests are counted in. The platform's document lists V(1s), V(10s), V(1m), V(5m),
            V(15m) and V(1h), also given as seconds (V(1), V(10), V(60), V(300), V(900), V(3600)).
          - Other seconds are sent as given, and the platform accepts or refuses them.
          - Required unless O(limit.timeframe_name) is given.
        type: raw
        choices: [1s, 10s, 1m, 5m, 15m, 1h]
      timeframe_name:
        description:
          - The name of the timeframe, as M(edge.platform.rate_limit_rule_info) returns it.
        type: str
        choices: [1s, 10s, 1m, 5m, 15m, 1h]
      counter_key:
        description:
          - What the requests are counted per. Give a name or the platform's number.
          - Defaults to V(ip), as the platform's Terraform provider does.
        type: raw
        choices: [ip, host, country, city, asn, organization, ja4, ip_ja4]
      counter_key_name:
        description:
          - The name of the counter key, as M(edge.platform.rate_limit_rule_info) returns it.
        type: str
        choices: [ip, host, country, city, asn, organization, ja4, ip_ja4]
  response:
    description:
      - What happens past the limit, in the shape of RV(rate_limit_rule.response). Required with O(state=present).
    type: dict
    suboptions:
      action:
        description:
          - What happens to the requests past the limit. Give a name, V(rate_limit) (refuse them), V(log) or
            V(challenge), or the platform's number.
          - Defaults to V(rate_limit), as the platform's Terraform provider does.
        type: raw
        choices: [rate_limit, log, challenge]
      action_name:
        description:
          - The name of the action, as M(edge.platform.rate_limit_rule_info) returns it.
        type: str
        choices: [rate_limit, log, challenge]
      block_time:
        description:
          - How long the action lasts. The platform's document lists V(30s), V(1m), V(5m), V(15m), V(30m) and V(1h),
            also given as seconds (V(30), V(60), V(300), V(900), V(1800), V(3600)).
          - Other seconds are sent as given, and the platform accepts or refuses them.
          - Required unless O(response.block_time_name) is given.
        type: raw
        choices: [30s, 1m, 5m, 15m, 30m, 1h]
      block_time_name:
        description:
          - The name of the block time, as M(edge.platform.rate_limit_rule_info) returns it.
        type: str
        choices: [30s, 1m, 5m, 15m, 30m, 1h]
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
      - The diff shows the rule's name, description, condition, limit and response before and after.
notes:
  - Each run lists every rate limit rule of the zone, one request per 1000 rules, then sends at most one write.
  - The plan of the shield zone limits how many rate limit rules it can hold (C(rate_limit_rules_limit) in
    M(edge.platform.shield_zone_info)). How the platform refuses a rule past the limit is not documented; a refusal
    or an HTTP 202 Accepted that did not create the rule fails the task and names the limit.
  - Parallel tasks on one machine write to a zone's rate limit rules one at a time (a lock file in the controller's
    temporary directory), as M(edge.platform.waf_rule) does for custom WAF rules. Tasks that run on several machines
    against one zone can be serialised with C(throttle=1).
seealso:
  - module: edge.platform.rate_limit_rule_info
  - module: edge.platform.waf_rule
  - module: edge.platform.shield_zone
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Allow each IP address 100 login attempts a minute, then refuse it for five minutes
      edge.platform.rate_limit_rule:
        shield_zone_id: 3001
        rule_name: login attempts
        rule_description: Slow down password guessing
        condition:
          variable_types:
            REQUEST_URI: ""
          operator_type: BEGINSWITH
          value: /login
          transformation_types: [LOWERCASE]
          chained_rule_conditions:
            - variable_types:
                REQUEST_METHOD: ""
              operator_type: STREQ
              value: POST
        limit:
          request_count: 100
          timeframe: 1m
          counter_key: ip
        response:
          action: rate_limit
          block_time: 5m

    - name: Copy a rule from one zone to another
      block:
        - name: Read the rule
          edge.platform.rate_limit_rule_info:
            shield_zone_id: 3001
            rule_name: api burst
          register: source

        - name: Write it unchanged to another zone
          edge.platform.rate_limit_rule:
            shield_zone_id: 3004
            rule_name: "{{ source.rate_limit_rules[0].rule_name }}"
            rule_description: "{{ source.rate_limit_rules[0].rule_description }}"
            condition: "{{ source.rate_limit_rules[0].condition }}"
            limit: "{{ source.rate_limit_rules[0].limit }}"
            response: "{{ source.rate_limit_rules[0].response }}"

        - name: Delete a rule that is no longer needed
          edge.platform.rate_limit_rule:
            shield_zone_id: 3001
            rule_name: old crawler limit
            state: absent

    - name: Log countries that send more than 1000 requests in ten seconds, on the shield zone of pull zone demo
      edge.platform.rate_limit_rule:
        pullzone_name: demo
        rule_name: country bursts
        condition:
          variable_types:
            REQUEST_URI: ""
          operator_type: BEGINSWITH
          value: /
        limit:
          request_count: 1000
          timeframe: 10s
          counter_key: country
        response:
          action: log
          block_time: 30s
"""

RETURN = r"""
rate_limit_rule:
  description:
    - The rule after the task, in the shape of M(edge.platform.rate_limit_rule_info) results; predicted in check mode.
    - Null when the rule is absent.
    - After a write whose answer was lost, the predicted rule; its RV(rate_limit_rule.id) is null when it was created.
  returned: success
  type: dict
  contains:
    # BEGIN edge.platform.resource_shapes.RATE_LIMIT_RULE
    # root: rate_limit_rule
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
        - RV(rate_limit_rule.rule_json) decoded into data, exactly as the platform wrote it.
        - Null when the platform sent no definition or a text that is not JSON (the task then warns).
      type: dict
      sample: {"actionType": 1, "variableTypes": {"REQUEST_URI": ""}, "operatorType": 0, "requestCount": 100}
    error_response:
      description:
        - The status information the platform attaches to the rule, as sent; null when it sent none.
        - RV(rate_limit_rule.error_response.success) may be false on a rule read successfully, when the platform left the
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
            - Names of RV(rate_limit_rule.condition.transformation_types), in the same order (null for unknown numbers).
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

from ansible_collections.edge.platform.plugins.module_utils._api.selectors import SHIELD_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores.shield_rules import RATE_LIMIT_RULE, manage
from ansible_collections.edge.platform.plugins.module_utils._engine.bounds import INT32_MAX
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes import rate_limits as rate_limit_shapes
from ansible_collections.edge.platform.plugins.module_utils._shapes.shield_enums import enum_choices
from ansible_collections.edge.platform.plugins.module_utils._shapes.shield_rules import condition_options


def run(ctx):
    return manage(ctx, RATE_LIMIT_RULE)


TIMEFRAMES = enum_choices(rate_limit_shapes.TIMEFRAMES, rate_limit_shapes.TIMEFRAME_VARNAMES, fold_case=True)
COUNTER_KEYS = enum_choices(rate_limit_shapes.COUNTER_KEYS, rate_limit_shapes.COUNTER_KEY_VARNAMES, fold_case=True)
ACTIONS = enum_choices(
    rate_limit_shapes.RATE_LIMIT_ACTIONS, rate_limit_shapes.RATE_LIMIT_ACTION_VARNAMES, fold_case=True
)
BLOCK_TIMES = enum_choices(rate_limit_shapes.BLOCK_TIMES, rate_limit_shapes.BLOCK_TIME_VARNAMES, fold_case=True)

MODULE = ModuleDef(
    argument_spec=dict(
        SHIELD_ZONE.argument_spec(),
        rule_name=dict(type="str", required=True, aliases=["name"]),
        rule_description=dict(type="str", aliases=["description"]),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        condition=dict(type="dict", options=condition_options()),
        limit=dict(
            type="dict",
            options=dict(
                request_count=dict(type="int"),
                timeframe=dict(type="raw", choices=TIMEFRAMES),
                timeframe_name=dict(type="str", choices=TIMEFRAMES),
                # what requests are counted per, not a secret
                counter_key=dict(type="raw", no_log=False, choices=COUNTER_KEYS),
                counter_key_name=dict(type="str", no_log=False, choices=COUNTER_KEYS),
            ),
        ),
        response=dict(
            type="dict",
            options=dict(
                action=dict(type="raw", choices=ACTIONS),
                action_name=dict(type="str", choices=ACTIONS),
                block_time=dict(type="raw", choices=BLOCK_TIMES),
                block_time_name=dict(type="str", choices=BLOCK_TIMES),
            ),
        ),
    ),
    run=run,
    bounds={"limit.request_count": (0, INT32_MAX)},
    required_if=[("state", "present", ["condition", "limit", "response"])],
    **SHIELD_ZONE.validation(),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
