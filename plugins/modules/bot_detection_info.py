#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: bot_detection_info
short_description: Read the bot detection configuration of a shield zone
version_added: 1.0.0
description:
  - Reads the bot detection configuration of a shield zone with a single request.
  - Returns the execution mode, the request integrity, IP address and browser fingerprint settings; the platform's
    numbers are kept and their names are added beside them.
  - Bot detection needs a paid shield plan. On a Basic-plan zone the platform refuses the read with the error key
    C(invalid_plan_type.bot_detection); the task then succeeds with RV(bot_detection.available=false), the reason,
    and the settings such a zone runs with (bot detection off), so a report over many zones does not stop at the first
    Basic one. Use O(ansible.builtin.assert#module:that) on RV(bot_detection.available) to make that a failure.
  - The shield zone is chosen by O(shield_zone_id), or by its pull zone's O(pullzone_id) (one lookup request) or
    O(pullzone_name) (two lookup requests); exactly one of them is required. An unknown zone fails the task with the
    platform's status.
options: {}
extends_documentation_fragment:
  - edge.platform.zone_selectors.shield_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
  - edge.platform.attributes.info_module
seealso:
  - name: Bot detection
    description: What each bot detection setting does.
    link: https://docs.bunny.net/shield/bot-detection
  - module: edge.platform.waf_rule_info
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Read the bot detection configuration of shield zone 3001
      edge.platform.bot_detection_info:
        shield_zone_id: 3001
      register: bots

    - name: Read bot detection of the shield zone of pull zone demo, by the pull zone's name
      edge.platform.bot_detection_info:
        pullzone_name: demo
      register: bots_by_name

    - name: Show the execution mode
      ansible.builtin.debug:
        msg: "Bot detection runs in {{ bots.bot_detection.execution_mode_name }} mode."

    - name: Require bot detection on every production zone
      block:
        - name: Read bot detection of each zone
          edge.platform.bot_detection_info:
            shield_zone_id: "{{ item }}"
          loop: [3001, 3004]
          register: zones

        - name: Fail for a zone whose plan has no bot detection
          ansible.builtin.assert:
            that: item.bot_detection.available
            fail_msg: "Shield zone {{ item.item }}: {{ item.bot_detection.unavailable_reason }}"
          loop: "{{ zones.results }}"
          loop_control:
            label: "{{ item.item }}"
"""

RETURN = r"""
bot_detection:
  description: The bot detection configuration of the shield zone.
  returned: success
  type: dict
  contains:
    # BEGIN edge.platform.resource_shapes.BOT_DETECTION
    # root: bot_detection
    shield_zone_id:
      description: Id of the shield zone.
      type: int
      sample: 3001
    available:
      description:
        - Whether the zone's plan includes bot detection.
        - When false, the settings below are not read but are the platform's defaults, which a zone without bot
          detection runs with; mode V(log_only), every sensitivity V(off), aggression V(low), complex fingerprinting off.
      type: bool
      sample: true
    unavailable_reason:
      description: Why bot detection is not available (the platform's message and error key); null when it is.
      type: str
      sample: null
    execution_mode:
      description: What happens to a detected bot, as the platform's number.
      type: int
      sample: 0
    execution_mode_name:
      description:
        - Name of the execution mode, V(log_only) or V(challenge) (the platform's V(LogOnly) and V(Challenge) before
          release 1.2.0); null for a number this collection does not know yet.
      type: str
      sample: log_only
    request_integrity:
      description: Request integrity checks.
      type: dict
      contains:
        sensitivity:
          description: Sensitivity, as the platform's number.
          type: int
          sample: 1
        sensitivity_name:
          description: Name of the sensitivity, one of V(off), V(low), V(medium), V(high), or null.
          type: str
          sample: low
    ip_address:
      description: IP address reputation checks.
      type: dict
      contains:
        sensitivity:
          description: Sensitivity, as the platform's number.
          type: int
          sample: 1
        sensitivity_name:
          description: Name of the sensitivity, one of V(off), V(low), V(medium), V(high), or null.
          type: str
          sample: low
    browser_fingerprint:
      description: Browser fingerprint checks.
      type: dict
      contains:
        sensitivity:
          description: Sensitivity, as the platform's number.
          type: int
          sample: 1
        sensitivity_name:
          description: Name of the sensitivity, one of V(off), V(low), V(medium), V(high), or null.
          type: str
          sample: low
        aggression:
          description: Aggression, as the platform's number.
          type: int
          sample: 1
        aggression_name:
          description: Name of the aggression, one of V(unknown), V(low), V(medium), V(high), V(custom), or null.
          type: str
          sample: low
        complex_enabled:
          description: Whether complex fingerprinting is on; null when the platform does not say.
          type: bool
          sample: false
    # END edge.platform.resource_shapes.BOT_DETECTION
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
from ansible_collections.edge.platform.plugins.module_utils._cores.bot_detection import read
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    return read(ctx)


MODULE = ModuleDef(argument_spec=SHIELD_ZONE.argument_spec(), run=run, **SHIELD_ZONE.validation())


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
