#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: shield_zone_info
short_description: Read shield zones, one by id or by pull zone or every one, with plan and linked pull zone
version_added: 1.0.0
description:
  - Reads one shield zone (by O(shield_zone_id), or by the pull zone it protects with O(pullzone_id) or
    O(pullzone_name)) or every shield zone of the account (all pages of C(GET /shield/shield-zones), at the
    platform's default page size of 10). Without O(shield_zone_id), O(pullzone_id) and O(pullzone_name), every
    zone is returned.
  - Returns the plan, the linked pull zone, WAF and DDoS settings and the plan's rule limits; the platform's numbers
    are kept and their names are added beside them. A number this collection cannot name (a plan or mode the
    platform added since) is returned as the number itself, with a warning.
  - Every setting M(edge.platform.shield_zone) takes is returned under its option name (the C(wafEngineConfig)
    entries decoded into paranoia levels and lists), so a value read here and written back with
    M(edge.platform.shield_zone) is no change. Upload scanning is not read here (one more request per zone); the WAF
    rules are read with M(edge.platform.waf_rule_info) and bot detection with M(edge.platform.bot_detection_info).
extends_documentation_fragment:
  - edge.platform.zone_selectors.shield_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
  - edge.platform.attributes.info_module
seealso:
  - module: edge.platform.shield_zone
  - module: edge.platform.waf_rule_info
  - module: edge.platform.bot_detection_info
  - module: edge.platform.pullzone_info
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Read the shield zone that protects the pull zone named demo
      edge.platform.shield_zone_info:
        pullzone_name: demo
      register: shield

    - name: Show its id and plan
      ansible.builtin.debug:
        msg: "Shield zone {{ shield.shield_zones[0].id }} is on the {{ shield.shield_zones[0].plan }} plan."

    - name: Read every shield zone
      edge.platform.shield_zone_info:
      register: all_shields

    - name: Map pull zone ids to shield zone ids
      ansible.builtin.debug:
        msg: "{{ all_shields.shield_zones | items2dict(key_name='pullzone_id', value_name='id') }}"
"""

RETURN = r"""
shield_zones:
  description: The shield zones read, ordered as the platform lists them (one when a zone was chosen).
  returned: success
  type: list
  elements: dict
  contains:
    # BEGIN edge.platform.resource_shapes.SHIELD_ZONE
    # root: shield_zones[]
    id:
      description: Shield zone id; null for a zone only predicted in check mode.
      type: int
      sample: 3001
    pullzone_id:
      description: Id of the pull zone the shield zone protects.
      type: int
      sample: 2001
    plan:
      description:
        - V(basic), V(advanced), V(business) or V(enterprise); the platform's number for a plan this collection
          cannot name.
      type: str
      sample: advanced
    plan_type:
      description: The platform's number for the plan.
      type: int
      sample: 1
    waf_enabled:
      description: Whether the WAF is on.
      type: bool
      sample: true
    waf_execution_mode:
      description: V(log) or V(block).
      type: str
      sample: block
    waf_realtime_threat_intelligence_enabled:
      description: Whether real-time threat intelligence is on.
      type: bool
      sample: true
    waf_disabled_rules:
      description: Managed WAF rules turned off.
      type: list
      elements: str
      sample: []
    waf_log_only_rules:
      description: Managed WAF rules that only log.
      type: list
      elements: str
      sample: []
    waf_request_body_limit_action:
      description: What happens to a request body over the limit, V(block), V(log) or V(ignore).
      type: str
      sample: block
    waf_response_body_limit_action:
      description: What happens to a response body over the limit, V(block), V(log) or V(ignore).
      type: str
      sample: block
    custom_waf_rules_limit:
      description: How many custom WAF rules the plan allows.
      type: int
      sample: 10
    rate_limit_rules_limit:
      description: How many rate limit rules the plan allows.
      type: int
      sample: 10
    ddos_shield_sensitivity:
      description: V(off), V(low), V(medium), V(high) or V(challenge).
      type: str
      sample: low
    ddos_execution_mode:
      description: V(log) or V(block).
      type: str
      sample: block
    ddos_challenge_window:
      description: Seconds a solved DDoS challenge is valid.
      type: int
      sample: 3600
    whitelabel_response_pages:
      description: Whether block and challenge pages are white-labelled.
      type: bool
      sample: false
    waf_request_header_logging_enabled:
      description: Whether request headers are logged.
      type: bool
      sample: true
      version_added: 1.1.0
    waf_request_ignored_headers:
      description: Request headers left out of the logs.
      type: list
      elements: str
      sample: [Cookie, Authorization]
      version_added: 1.1.0
    waf_detection_paranoia_level:
      description: The detection paranoia level; null when the zone's C(wafEngineConfig) has none (the account's
        default applies).
      type: int
      sample: 1
    waf_executing_paranoia_level:
      description: The executing paranoia level, or null.
      type: int
      sample: 1
      version_added: 1.1.0
    waf_blocking_paranoia_level:
      description: The blocking paranoia level, or null.
      type: int
      sample: 1
      version_added: 1.1.0
    waf_allowed_methods:
      description: HTTP methods the WAF lets through, or null when the zone does not set them.
      type: list
      elements: str
      sample: [GET, HEAD, POST]
      version_added: 1.1.0
    waf_allowed_http_versions:
      description: HTTP versions the WAF lets through, or null.
      type: list
      elements: str
      sample: [HTTP/1.1, HTTP/2]
      version_added: 1.1.0
    waf_allowed_request_content_types:
      description: Request content types the WAF lets through, or null.
      type: list
      elements: str
      sample: [application/json]
      version_added: 1.1.0
    # END edge.platform.resource_shapes.SHIELD_ZONE
    learning_mode:
      description: Whether the WAF is in learning mode.
      type: bool
      sample: false
    learning_mode_until:
      description: When learning mode ends, as the platform writes it.
      type: str
      sample: null
    waf_profile_id:
      description: The WAF profile id.
      type: int
      sample: 1
    waf_custom_rule_order:
      description: Ids of the custom WAF rules, in the order they run.
      type: list
      elements: int
      sample: [4001, 4002]
# BEGIN edge.platform.api_error
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
      sample: null
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: null
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: null
# END edge.platform.api_error
"""

from ansible_collections.edge.platform.plugins.module_utils._api import shield_zones
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import SHIELD_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores import shield_zones as core
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    models = SHIELD_ZONE.chosen_or_all(ctx, shield_zones.get, shield_zones.list_all)
    return {"changed": False, "shield_zones": [core.readable(ctx, m) for m in models]}


MODULE = ModuleDef(argument_spec=SHIELD_ZONE.argument_spec(), run=run, **SHIELD_ZONE.validation(required=False))


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
