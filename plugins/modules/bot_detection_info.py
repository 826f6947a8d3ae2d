#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: bot_detection_info
short_description: Read the bot detection configuration of a shield zone
version_added: 0.1.0
description:
  - Reads the bot detection configuration of a shield zone with a single request.
  - Returns the execution mode, the request integrity, IP address and browser fingerprint settings; the platform's
    numbers are kept and their names are added beside them.
  - Bot detection needs a paid shield plan. On a Basic-plan zone the platform refuses the read with the error key
    C(invalid_plan_type.bot_detection); the task then succeeds with RV(bot_detection.available=false), the reason,
    and the settings such a zone runs with (bot detection off), so a report over many zones does not stop at the first
    Basic one. Use O(ansible.builtin.assert#module:that) on RV(bot_detection.available) to make that a failure.
options:
  shield_zone_id:
    description:
      - Id of the shield zone.
      - An unknown zone fails the task with the platform's status.
    type: int
    required: true
extends_documentation_fragment:
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
- name: Read the bot detection configuration of shield zone 3001
  edge.platform.bot_detection_info:
    api_key: "{{ vault_edge_api_key }}"
    base_url: https://api.bunny.net
    shield_zone_id: 3001
  register: bots

- name: Show the execution mode
  ansible.builtin.debug:
    msg: "Bot detection runs in {{ bots.bot_detection.execution_mode_name }} mode."

- name: Require bot detection on every production zone
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
      base_url: https://api.bunny.net
  block:
    - name: Read bot detection of each zone
      edge.platform.bot_detection_info:
        shield_zone_id: "{{ item }}"
      loop: [3001, 3002]
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
    shield_zone_id:
      description: Id of the shield zone.
      type: int
      sample: 3001
    available:
      description:
        - Whether the zone's plan includes bot detection.
        - When false, the settings below are not read but are the platform's defaults, which a zone without bot
          detection runs with; mode V(LogOnly), every sensitivity V(Off), aggression V(Low), complex fingerprinting off.
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
      description: Name of the execution mode, V(LogOnly) or V(Challenge); null for a number this collection does not know yet.
      type: str
      sample: LogOnly
    request_integrity:
      description: Request integrity checks.
      type: dict
      contains:
        sensitivity:
          description: Sensitivity, as the platform's number.
          type: int
          sample: 1
        sensitivity_name:
          description: Name of the sensitivity, one of V(Off), V(Low), V(Medium), V(High), or null.
          type: str
          sample: Low
    ip_address:
      description: IP address reputation checks.
      type: dict
      contains:
        sensitivity:
          description: Sensitivity, as the platform's number.
          type: int
          sample: 1
        sensitivity_name:
          description: Name of the sensitivity, one of V(Off), V(Low), V(Medium), V(High), or null.
          type: str
          sample: Low
    browser_fingerprint:
      description: Browser fingerprint checks.
      type: dict
      contains:
        sensitivity:
          description: Sensitivity, as the platform's number.
          type: int
          sample: 1
        sensitivity_name:
          description: Name of the sensitivity, one of V(Off), V(Low), V(Medium), V(High), or null.
          type: str
          sample: Low
        aggression:
          description: Aggression, as the platform's number.
          type: int
          sample: 1
        aggression_name:
          description: Name of the aggression, one of V(Unknown), V(Low), V(Medium), V(High), V(Custom), or null.
          type: str
          sample: Low
        complex_enabled:
          description: Whether complex fingerprinting is on; null when the platform does not say.
          type: bool
          sample: false
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
"""

from ansible_collections.edge.platform.plugins.module_utils._errors import ApiError
from ansible_collections.edge.platform.plugins.module_utils._module import EdgeModule
from ansible_collections.edge.platform.plugins.module_utils._shield_enums import (
    BOT_EXECUTION_MODES, BOT_FINGERPRINT_AGGRESSIONS, BOT_SENSITIVITIES, enum_name)

PLAN_ERROR_KEY = "invalid_plan_type.bot_detection"
# What a zone without bot detection runs with (the platform's defaults, as its Terraform provider assumes).
UNAVAILABLE_STATE = {
    "executionMode": 0,
    "requestIntegrity": {"sensitivity": 0},
    "ipAddress": {"sensitivity": 0},
    "browserFingerprint": {"sensitivity": 0, "aggression": 1, "complexEnabled": False},
}


def _sensitivity(section):
    section = section if isinstance(section, dict) else {}
    return {"sensitivity": section.get("sensitivity"),
            "sensitivity_name": enum_name(BOT_SENSITIVITIES, section.get("sensitivity"))}


def shape_bot_detection(zone_id, state, reason=None):
    """The ``bot_detection`` return value from a ``BotDetectionConfigurationState``."""
    fingerprint = state.get("browserFingerprint") if isinstance(state.get("browserFingerprint"), dict) else {}
    shaped_fingerprint = _sensitivity(fingerprint)
    shaped_fingerprint.update(
        aggression=fingerprint.get("aggression"),
        aggression_name=enum_name(BOT_FINGERPRINT_AGGRESSIONS, fingerprint.get("aggression")),
        complex_enabled=fingerprint.get("complexEnabled"),
    )
    shield_zone_id = state.get("shieldZoneId")
    return {
        "shield_zone_id": shield_zone_id if shield_zone_id else zone_id,
        "available": reason is None,
        "unavailable_reason": reason,
        "execution_mode": state.get("executionMode"),
        "execution_mode_name": enum_name(BOT_EXECUTION_MODES, state.get("executionMode")),
        "request_integrity": _sensitivity(state.get("requestIntegrity")),
        "ip_address": _sensitivity(state.get("ipAddress")),
        "browser_fingerprint": shaped_fingerprint,
    }


def unavailable_reason(message):
    text = (message or "Bot detection is not available on this shield zone's plan").rstrip(".")
    return ("%s (error key %s). Bot detection needs a paid shield plan (Advanced or higher)."
            % (text, PLAN_ERROR_KEY))


def read_bot_detection(edge, zone_id):
    """``(state, reason)``: the configuration, or the defaults and why the plan has none."""
    operation = "Reading bot detection of shield zone %d" % zone_id
    hints = {404: "No shield zone with id %d is visible to this API key: check shield_zone_id." % zone_id}
    try:
        # the envelope is inspected here: a 202 with the plan error key is an answer, not a failure
        reply = edge.client.request("GET", "/shield/shield-zone/%d/bot-detection" % zone_id, operation,
                                    check_envelope=False, hints=hints)
    except ApiError as error:
        if error.error_key == PLAN_ERROR_KEY:  # should the platform ever send it as 403
            return UNAVAILABLE_STATE, unavailable_reason(error.message)
        raise
    body = reply.object
    error = body.get("error") if isinstance(body.get("error"), dict) else {}
    if error.get("errorKey") == PLAN_ERROR_KEY:
        return UNAVAILABLE_STATE, unavailable_reason(error.get("message"))
    if error.get("success") is False or reply.status != 200:
        code = error.get("statusCode")
        status = code if reply.status == 200 and isinstance(code, int) and not isinstance(code, bool) else reply.status
        raise ApiError(operation, status, error.get("message") or "the platform did not return the configuration",
                       error_key=error.get("errorKey"), hint=hints.get(status))
    state = body.get("data")
    if not isinstance(state, dict):
        raise ApiError(operation, reply.status, "the platform answered without the configuration",
                       hint="Retry later; if it persists, report it to the platform's support.")
    return state, None


def run(edge):
    zone_id = edge.params["shield_zone_id"]
    if zone_id <= 0:
        edge.fail("shield_zone_id must be a positive shield zone id; got %d." % zone_id)
    state, reason = read_bot_detection(edge, zone_id)
    edge.exit(changed=False, bot_detection=shape_bot_detection(zone_id, state, reason))


def main():
    edge = EdgeModule(dict(shield_zone_id=dict(type="int", required=True)))
    edge.run(run)


if __name__ == "__main__":
    main()
