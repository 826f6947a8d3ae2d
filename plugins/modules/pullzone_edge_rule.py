#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: pullzone_edge_rule
short_description: Manage one edge rule of a pull zone
version_added: 1.3.0
description:
  - Creates, updates or deletes one edge rule of a pull zone, whose actions (redirects, headers, cache times, origin
    changes, blocking...) are taken on the requests its triggers match.
  - The rule is found within its pull zone by O(guid), else by O(description). The platform does not keep
    descriptions unique; when several rules have the description, the task fails naming their guids.
  - Only the options given change; the rule is always written whole, with its guid, so an update never creates a
    duplicate. Members of the rule this collection does not know, and action or trigger numbers it does not name,
    are kept as the platform holds them.
  - Writes of one pull zone's rules are serialised on this machine (concurrent writes to one zone's rules lose
    rules); tasks on other machines need the task keyword C(throttle) set to 1.
  - A create whose answer is lost is settled by reading the pull zone again and finding the new rule by its
    description and content; it is never sent twice.
options:
  guid:
    description:
      - The rule's guid, as returned by this module or M(edge.platform.pullzone_edge_rule_info).
      - With O(guid), O(description) is a new description to set; a guid the pull zone does not have fails the task
        (the platform makes a rule's guid when it creates the rule).
    type: str
  description:
    description:
      - The rule's description, which identifies it within its pull zone when O(guid) is not given.
      - One of O(guid) and O(description) is required.
    type: str
  state:
    description: Whether the rule should exist.
    type: str
    choices: [present, absent]
    default: present
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
  order_index:
    description:
      - The rule's place in the execution order, smallest first. A new rule gets V(0) unless this says otherwise.
      - Without an order index the platform runs rules in the order they were created.
      - From -2147483648 to 2147483647 (a 32-bit number on the platform).
    type: int
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
      - Reads the pull zone, sends no write and predicts the rule exactly.
  diff_mode:
    support: full
    details:
      - The diff shows the rule before and after in the form of RV(edge_rule), without its guid.
seealso:
  - module: edge.platform.pullzone_edge_rule_info
    description: Read the edge rules of a pull zone in the form this module takes.
  - name: Edge rules
    description: What edge rules do, their order and their pattern matching.
    link: https://docs.bunny.net/cdn/edge-rules
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Redirect the old host to the new one
      edge.platform.pullzone_edge_rule:
        pullzone_name: demo
        description: "demo: old host to the new one"
        actions:
          - type: redirect
            parameter1: "https://www.example.com{{ '{{' }}path{{ '}}' }}"
            parameter2: "301"
        triggers:
          - type: url
            patterns: ["*://old.example.com/*"]
        order_index: 2

    - name: Cache fonts a year and allow any origin to load them, unless a bot asks
      edge.platform.pullzone_edge_rule:
        pullzone_id: 2001
        description: "demo: fonts"
        actions:
          - type: override_browser_cache_time
            parameter1: "31536000"
          - type: set_response_header
            parameter1: Access-Control-Allow-Origin
            parameter2: "*"
        triggers:
          - type: url_extension
            patterns: [woff2, woff]
          - type: request_header
            parameter1: User-Agent
            patterns: ["*bot*"]
            match: none
        trigger_match: all

    - name: Disable a rule, leaving the rest of it as it is
      edge.platform.pullzone_edge_rule:
        pullzone_id: 2001
        description: "demo: fonts"
        enabled: false

    - name: Delete a rule
      edge.platform.pullzone_edge_rule:
        pullzone_id: 2001
        description: "demo: block the admin area"
        state: absent
"""

RETURN = r"""
pull_zone:
  description:
    - The pull zone of the rule.
    - In check mode, when the pull zone named by O(pullzone_name) does not exist yet (an earlier task of the run only
      predicted creating it), its C(id) is null and a warning says so.
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
edge_rule:
  description:
    - The rule as the platform holds it after the task (as predicted in check mode); null after O(state=absent).
    - In the form this module takes, so it can be given back unchanged.
  returned: success
  type: dict
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
from ansible_collections.edge.platform.plugins.module_utils._cores.edge_rules import manage
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes.edge_rules import BOUNDS, argument_spec


def run(ctx):
    return manage(ctx)


MODULE = ModuleDef(
    argument_spec=dict(
        PULL_ZONE.argument_spec(),
        guid=dict(type="str"),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        **argument_spec(),
    ),
    run=run,
    bounds=BOUNDS,
    required_one_of=[("guid", "description")] + PULL_ZONE.validation()["required_one_of"],
    mutually_exclusive=PULL_ZONE.validation()["mutually_exclusive"],
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
