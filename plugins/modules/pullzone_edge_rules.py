#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: pullzone_edge_rules
short_description: Keep the whole ordered list of a pull zone's edge rules
version_added: 1.3.0
description:
  - Makes the edge rules of one pull zone as O(rules) lists them, in one task (the record sets model of
    community.dns); plans from one read of the pull zone, shows one diff of the whole ordered list, then writes.
  - Each listed rule is found as M(edge.platform.pullzone_edge_rule) finds one (by its guid, else by its
    description) and written whole, with its guid, only when it differs; its order index is its place in the list
    (1 for the first), so the platform runs the rules in the order listed. When the listed rules all exist and
    already run in that order, the order indexes the zone holds are kept.
  - With O(purge=true) the zone's rules not listed are deleted, after the writes; otherwise they are left as they
    are.
  - A zone whose rules are as listed costs one read (two when the zone is chosen by name) and no write.
  - Writes are serialised per pull zone on this machine; a lost answer is settled by reading the zone again, never by
    sending twice; a failure midway names the rules written before it.
options:
  rules:
    description:
      - The rules of the pull zone, in execution order. Descriptions (and guids) must be unique within the list.
      - The output of M(edge.platform.pullzone_edge_rule_info) can be given here; it lists the rules in the order the
        platform runs them, so given back whole it is no change.
    type: list
    elements: dict
    required: true
    suboptions:
      guid:
        description: The rule's guid, to find it when its description changes.
        type: str
      description:
        description: The rule's description, which identifies it within its pull zone when O(rules[].guid) is not given.
        type: str
        required: true
      order_index:
        description:
          - Ignored, as returned by M(edge.platform.pullzone_edge_rule_info); the place in the list sets the order.
          - From -2147483648 to 2147483647.
        type: int
      # BEGIN edge.platform.edge_rules.RULE_OPTIONS
      enabled:
        description: Whether the rule is enabled. A new rule is enabled unless this says otherwise.
        type: bool
      actions:
        description:
          - The rule's actions, in order; required to create a rule, at least one.
          - The first is the platform's C(ActionType), the others its C(ExtraActions).
        type: list
        elements: dict
        suboptions:
          type:
            description:
              - What the action does. A number the platform added since (as M(edge.platform.pullzone_edge_rule_info)
                returns it) is taken as it is.
              - V(redirect) takes the target URL in C(parameter1) and the status code (V(301), V(302), V(307),
                V(308)) in C(parameter2); V(set_response_header) and V(set_request_header) the header name
                and value; V(override_cache_time) and V(override_browser_cache_time) seconds; V(origin_url) the origin
                URL; V(origin_storage) the storage zone id, its name and a path prefix.
            type: raw
            required: true
            choices: [force_ssl, redirect, origin_url, override_cache_time, block_request, set_response_header,
                      set_request_header, force_download, disable_token_authentication, enable_token_authentication,
                      override_cache_time_public, ignore_query_string, disable_optimizer, force_compression,
                      set_status_code, bypass_perma_cache, override_browser_cache_time, origin_storage,
                      set_network_rate_limit, set_connection_limit, set_requests_per_second_limit, run_edge_script,
                      origin_magic_containers, disable_waf, retry_origin, override_browser_cache_response_header,
                      remove_browser_cache_response_header, disable_shield_challenge, disable_shield,
                      disable_shield_bot_detection, bypass_aws_s3_authentication, disable_shield_access_lists,
                      disable_shield_rate_limiting, enable_request_coalescing, disable_request_coalescing,
                      strip_cookies_client_to_origin]
          parameter1:
            description: The action's first parameter; its meaning depends on C(type).
            type: str
          parameter2:
            description: The action's second parameter.
            type: str
          parameter3:
            description: The action's third parameter.
            type: str
      triggers:
        description:
          - The conditions of the rule, combined as C(trigger_match) says. A new rule without triggers has none.
          - The platform answered a sixth trigger with "Maximum 5 condition are allowed per rule".
        type: list
        elements: dict
        suboptions:
          type:
            description: What the trigger looks at. A number the platform added since is taken as it is.
            type: raw
            required: true
            choices: [url, request_header, response_header, url_extension, country_code, remote_ip, url_query_string,
                      random_chance, status_code, request_method, cookie_value, country_state_code,
                      origin_retry_attempt_count, origin_connection_error]
          patterns:
            description:
              - The values matched, for example C(https://cdn.example.com/wp-admin/*) for C(type=url) (C(*) is a
                wildcard; a value starting C(pattern:) is a Lua pattern), C(woff2) for C(type=url_extension),
                C(50) (percent) for C(type=random_chance).
              - Compared as a set.
            type: list
            elements: str
          match:
            description: How the patterns combine.
            type: raw
            choices: [any, all, none]
            default: any
          parameter1:
            description:
              - The trigger's parameter, the header name of a C(type=request_header) or
                C(type=response_header) trigger.
            type: str
      trigger_match:
        description: How the triggers combine. A new rule matches any trigger unless this says otherwise.
        type: raw
        choices: [any, all, none]
      # END edge.platform.edge_rules.RULE_OPTIONS
  purge:
    description: Delete the rules of the pull zone that O(rules) does not list.
    type: bool
    default: false
extends_documentation_fragment:
  - edge.platform.zone_selectors.pull_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
    details:
      - Reads the pull zone, sends no write and predicts the whole list exactly.
  diff_mode:
    support: full
    details:
      - One diff of the whole ordered list of rules, before and after (under C(edge_rules), a mapping as Ansible shows diffs).
seealso:
  - module: edge.platform.pullzone_edge_rule
  - module: edge.platform.pullzone_edge_rule_info
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Keep the edge rules of pull zone demo as listed, in this order, and nothing else
  edge.platform.pullzone_edge_rules:
    api_key: "{{ vault_edge_api_key }}"
    pullzone_name: demo
    purge: true
    rules:
      - description: force HTTPS
        actions: [{type: force_ssl}]
        triggers: [{type: url, patterns: ["http://*"]}]
      - description: old host to the new one
        actions:
          - type: redirect
            parameter1: "https://www.example.com{{ '{{' }}path{{ '}}' }}"
            parameter2: "301"
        triggers: [{type: url, patterns: ["*://old.example.com/*"]}]
      - description: served by
        actions: [{type: set_response_header, parameter1: X-Served-By, parameter2: edge}]
"""

RETURN = r"""
pull_zone:
  description: The pull zone of the rules.
  returned: success
  type: dict
  contains:
    id:
      description: Pull zone id.
      type: int
      sample: 2001
    name:
      description: Pull zone name.
      type: str
      sample: demo
edge_rules:
  description:
    - The rules of the pull zone after the task (as predicted in check mode), in execution order; those not listed
      are included unless O(purge=true) deleted them.
  returned: success
  type: list
  elements: dict
  contains:
    # BEGIN edge.platform.edge_rules.RULE
    guid:
      description: The rule's guid, its identity on the platform; null for a rule only predicted in check mode.
      type: str
      sample: 3f2b9c1e-8d4a-4c7e-9b1f-2a6d5e7c8b90
    description:
      description: The rule's description, by which M(edge.platform.pullzone_edge_rule) finds it.
      type: str
      sample: "www: force HTTPS"
    enabled:
      description: Whether the rule is enabled.
      type: bool
      sample: true
    actions:
      description:
        - The rule's actions in order (the first, then the platform's extra actions).
        - Each has C(type) (a name, or the platform's number for an action this collection does not name, with a
          warning), C(parameter1), C(parameter2) and C(parameter3) (null when not set).
      type: list
      elements: dict
      sample: [{"type": "redirect", "parameter1": "https://www.example.com{{path}}", "parameter2": "301", "parameter3": null}]
    triggers:
      description:
        - The rule's triggers. Each has C(type) (a name, or a number this collection does not name), C(patterns),
          C(match) (V(any), V(all) or V(none)) and C(parameter1) (null when not set).
      type: list
      elements: dict
      sample: [{"type": "url", "patterns": ["http://*"], "match": "any", "parameter1": null}]
    trigger_match:
      description: How the triggers combine, V(any), V(all) or V(none).
      type: raw
      sample: any
    order_index:
      description: The rule's place in the execution order (smallest first).
      type: int
      sample: 1
    # END edge.platform.edge_rules.RULE
removed:
  description: The guids of the rules O(purge=true) deleted (would delete, in check mode).
  returned: success
  type: list
  elements: str
  sample: [9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a]
# BEGIN edge.platform.api_error
# sample error_key: pullzone.not_found
# sample message: The requested Pull Zone was not found
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
      sample: pullzone.not_found
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: null
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: The requested Pull Zone was not found
# END edge.platform.api_error
"""

from ansible_collections.edge.platform.plugins.module_utils._api.selectors import PULL_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores.edge_rule_sets import manage_set
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes.edge_rules import RULES_BOUNDS, rules_option


def run(ctx):
    return manage_set(ctx)


MODULE = ModuleDef(
    argument_spec=dict(
        PULL_ZONE.argument_spec(),
        rules=rules_option(),
        purge=dict(type="bool", default=False),
    ),
    run=run,
    bounds=RULES_BOUNDS,
    **PULL_ZONE.validation(),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
