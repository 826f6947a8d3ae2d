# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # The readable shape of an edge rule, as pullzone_edge_rule returns it and pullzone_edge_rule_info lists it: the
    # "contains" of their return value. Each module carries a copy between "# BEGIN edge.platform.edge_rules.RULE" and
    # "# END ..." lines (RV(@.x) reads RV(<its return value>.x) there); edit the text here and run
    # tests/utils/doc_fragment_copies.py.
    # The options of one rule, the same for pullzone_edge_rule (top level) and each entry of pullzone_edge_rules'
    # rules: suboptions, which no doc fragment merges, so each module carries a copy between
    # "# BEGIN edge.platform.edge_rules.RULE_OPTIONS" and "# END ..." lines.
    RULE_OPTIONS = r"""
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
"""

    RULE = r"""
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
"""
