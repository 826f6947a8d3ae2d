#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: bot_detection
short_description: Set the bot detection configuration of a shield zone
version_added: 1.0.0
description:
  - Reads the shield zone's bot detection configuration and changes only the options given. The platform takes
    the whole configuration in one request, so the options not given are sent back as they were read.
  - Settings are given by name, as listed in each option's choices, or by the platform's number, and returned with
    names beside the numbers, in the shape of M(edge.platform.bot_detection_info). A number this collection cannot name
    (one the platform added since, as M(edge.platform.bot_detection_info) returns it) is sent as it is.
  - Release 1.2.0 spells the names in lower case (V(log_only), V(challenge), V(high)); the platform's names that
    earlier releases took (V(LogOnly), V(Challenge), V(High), ...) still work, with a deprecation warning, until 2.0.0.
  - Nothing is sent when the configuration already matches, so a re-run changes nothing and sends a single read.
  - When the answer to the change is lost, or the platform answers HTTP 202 Accepted without the configuration,
    the change is not sent again. The configuration is read once more and decides; the task reports changed with
    a warning when it landed, or fails saying it was not applied.
  - The shield zone is chosen by O(shield_zone_id), or by its pull zone's O(pullzone_id) (one lookup request) or
    O(pullzone_name) (two lookup requests); exactly one of them is required.
options:
  execution_mode:
    description:
      - What happens to a request detected as a bot. V(log_only) (the platform's 0) only logs it; V(challenge) (1)
        challenges it.
      - RV(bot_detection.execution_mode_name) in M(edge.platform.bot_detection_info).
    type: str
    choices: [log_only, challenge]
  request_integrity_sensitivity:
    description:
      - Sensitivity of the request integrity check, V(off), V(low), V(medium) or V(high) (the platform's 0 to 3).
    type: str
    choices: ["off", low, medium, high]
  ip_address_sensitivity:
    description:
      - Sensitivity of the IP address reputation check, V(off), V(low), V(medium) or V(high) (the platform's 0 to 3).
    type: str
    choices: ["off", low, medium, high]
  fingerprint_sensitivity:
    description:
      - Sensitivity of browser fingerprinting, V(off), V(low), V(medium) or V(high) (the platform's 0 to 3).
    type: str
    choices: ["off", low, medium, high]
  fingerprint_aggression:
    description:
      - Aggression of browser fingerprinting, V(low), V(medium) or V(high) (the platform's 1 to 3).
      - The published document also lists V(unknown) (0) and V(custom) (4); they are accepted and sent as
        they are. The Terraform provider allows only V(low) to V(high).
    type: str
    choices: [unknown, low, medium, high, custom]
  complex_fingerprinting:
    description:
      - Whether complex browser fingerprinting is enabled.
    type: bool
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
      - The diff shows the whole configuration, with names beside the numbers, before and after.
notes:
  - Bot detection needs a paid shield plan (Advanced or higher). On a Basic-plan zone the platform answers with the
    error key C(invalid_plan_type.bot_detection) and the task fails saying so, even when no option is given.
  - A configuration whose C(complexEnabled) the platform sends as null is treated as V(false).
seealso:
  - module: edge.platform.bot_detection_info
  - name: Bot detection
    description: What the bot detection settings do.
    link: https://docs.bunny.net/shield/bot-detection
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Challenge bots, with high IP address sensitivity
      edge.platform.bot_detection:
        shield_zone_id: 3001
        execution_mode: challenge
        ip_address_sensitivity: high

    - name: Challenge bots on the shield zone of pull zone demo, chosen by the pull zone's name
      edge.platform.bot_detection:
        pullzone_name: demo
        execution_mode: challenge

    - name: Tune fingerprinting on every zone, leaving the other settings as they are
      block:
        - name: Set fingerprinting
          edge.platform.bot_detection:
            shield_zone_id: "{{ item }}"
            fingerprint_sensitivity: medium
            fingerprint_aggression: low
            complex_fingerprinting: true
          loop: [3001]
          register: bot

        - name: Show the resulting mode
          ansible.builtin.debug:
            msg: "{{ bot.results[0].bot_detection.execution_mode_name }}"
"""

RETURN = r"""
bot_detection:
  description:
    - The configuration after the task (predicted in check mode), in the shape of M(edge.platform.bot_detection_info).
    - RV(bot_detection.available) is always true and RV(bot_detection.unavailable_reason) always null here, since a zone
      without bot detection fails the task.
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
# sample status: 202
# sample error_key: invalid_plan_type.bot_detection
# sample message: Bot detection is not available on the Basic plan.
api_error:
  description: The platform's error, when the task failed on a platform answer.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the platform could not be reached.
      type: int
      sample: 202
    error_key:
      description: The platform's error key, when it sent one.
      type: str
      sample: invalid_plan_type.bot_detection
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: null
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: Bot detection is not available on the Basic plan.
# END edge.platform.api_error
"""


from ansible_collections.edge.platform.plugins.module_utils._api.selectors import SHIELD_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores.bot_detection import configure
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes.shield_enums import (
    BOT_EXECUTION_MODE_VARNAMES,
    BOT_EXECUTION_MODES,
    BOT_FINGERPRINT_AGGRESSION_VARNAMES,
    BOT_FINGERPRINT_AGGRESSIONS,
    BOT_SENSITIVITIES,
    BOT_SENSITIVITY_VARNAMES,
    enum_choices,
)


def run(ctx):
    return configure(ctx)


MODULE = ModuleDef(
    argument_spec=dict(
        SHIELD_ZONE.argument_spec(),
        execution_mode=dict(type="str", choices=enum_choices(BOT_EXECUTION_MODES, BOT_EXECUTION_MODE_VARNAMES)),
        request_integrity_sensitivity=dict(
            type="str", choices=enum_choices(BOT_SENSITIVITIES, BOT_SENSITIVITY_VARNAMES)
        ),
        ip_address_sensitivity=dict(type="str", choices=enum_choices(BOT_SENSITIVITIES, BOT_SENSITIVITY_VARNAMES)),
        fingerprint_sensitivity=dict(type="str", choices=enum_choices(BOT_SENSITIVITIES, BOT_SENSITIVITY_VARNAMES)),
        fingerprint_aggression=dict(
            type="str", choices=enum_choices(BOT_FINGERPRINT_AGGRESSIONS, BOT_FINGERPRINT_AGGRESSION_VARNAMES)
        ),
        complex_fingerprinting=dict(type="bool"),
    ),
    run=run,
    **SHIELD_ZONE.validation(),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
