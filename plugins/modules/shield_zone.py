#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: shield_zone
short_description: Shield a pull zone and set its shield zone's plan, WAF, DDoS, upload scanning and page settings
version_added: 1.1.0
description:
  - Shields a pull zone (creates its shield zone with C(POST /shield/shield-zone)) when it has none, and sets the
    shield zone's settings. The pull zone is chosen by O(pullzone_id) or O(pullzone_name).
  - Only the options given are managed; an option left out keeps whatever the zone has. Changed settings are sent in
    one C(PATCH /shield/shield-zone), in the envelope the platform requires (C({shieldZoneId, shieldZone})), carrying
    the whole object as the platform's Terraform provider does (the sixteen members it sends, as the zone was read,
    with the changed settings over them). The platform does not document whether it keeps a member an update leaves
    out, and its request enums are not nullable, so a partial update could reset the plan to Basic or the WAF to
    Log. A value this collection cannot name (a plan or mode the platform added since) is sent back as the number it
    read. Nothing is sent when the zone already has every given value, so a re-run changes nothing and sends only
    reads.
  - The shield zone is found with C(GET /shield/shield-zone/get-by-pullzone/{pullZoneId}). An answer that says the
    pull zone has none (HTTP 404), or says nothing (HTTP 202, or a shield zone id of 0), is confirmed with one read
    of the mapping of active shield zones (C(GET /shield/shield-zones/pullzone-mapping)). A zone it lists is used;
    after a 202 or an id of 0 that it does not explain, the task fails saying so and nothing is written, so a pull
    zone is never shielded twice.
  - Lists (rules, headers, methods, HTTP versions, content types) are compared as sets; header names without regard
    to case.
  - The result RV(shield_zone) uses the option names, as M(edge.platform.shield_zone_info) does, so a value read
    with the info module and written back here is no change. A number this collection cannot name is returned as
    that number, with a warning, and left as it is unless its option is given.
  - After shielding, the zone is read once to report what the platform holds; a given setting the platform did not
    take on creation is then sent with one PATCH. When that read or PATCH fails (or its answer is not understood),
    the task fails saying the shield zone was created, and reports changed; a re-run finds the zone and sets the
    rest.
  - When the answer to a write is lost, or the platform answers HTTP 202 Accepted without a plan error, the write is
    not sent again. The zone is read once more and decides; the task reports changed with a warning when the change
    landed, or fails saying it was not applied.
options:
  state:
    description:
      - V(present) shields the pull zone when needed and sets the options given.
      - V(absent) does not unshield. The platform has no call that removes a shield zone, so a pull zone that has
        one makes the task fail (in check mode too), saying so; nothing is changed. A pull zone without a shield
        zone, or a pull zone that does not exist, is no change.
      - To stop Shield, delete the pull zone with M(edge.platform.pullzone), or turn the features off with
        V(present) (for example O(waf_enabled=false) and O(ddos_shield_sensitivity=off)).
    type: str
    default: present
    choices: [present, absent]
  plan:
    description:
      - The Shield plan of the zone. A zone created without this option gets the platform's default plan.
      - A plan change may be billed to the account; check the platform's pricing before changing it.
      - A feature the plan does not include is refused by the platform; the task then fails naming the zone's plan
        and the feature.
    type: str
    choices: [basic, advanced, business, enterprise]
  learning_mode:
    description:
      - Whether the WAF is in learning mode.
      - Left out, the zone keeps the mode it has (the update sends it back as read). The platform's Terraform provider
        sends V(false) on every update.
    type: bool
    version_added: 1.2.0
  waf_enabled:
    description: Whether the WAF is on.
    type: bool
  waf_execution_mode:
    description: What the WAF does with a request its managed rules match, V(log) or V(block).
    type: str
    choices: [log, block]
  waf_realtime_threat_intelligence_enabled:
    description:
      - Whether real-time threat intelligence is on. The platform's provider allows it only on paid plans.
    type: bool
  waf_disabled_rules:
    description:
      - Ids of managed WAF rules to turn off, as a set (order and repeats do not count). V([]) turns none off.
    type: list
    elements: str
  waf_log_only_rules:
    description:
      - Ids of managed WAF rules that only log, as a set. V([]) sets none.
    type: list
    elements: str
  waf_request_header_logging_enabled:
    description: Whether request headers are logged.
    type: bool
  waf_request_ignored_headers:
    description:
      - Request headers left out of the logs, as a set of names compared without regard to case.
    type: list
    elements: str
  waf_request_body_limit_action:
    description: What happens to a request whose body is over the WAF's limit, V(block), V(log) or V(ignore).
    type: str
    choices: [block, log, ignore]
  waf_response_body_limit_action:
    description: What happens to a response whose body is over the WAF's limit, V(block), V(log) or V(ignore).
    type: str
    choices: [block, log, ignore]
  waf_detection_paranoia_level:
    description:
      - The WAF's detection paranoia level (its sensitivity), stored in the zone's C(wafEngineConfig).
      - From 0 to 2147483647. The platform's Terraform provider allows 1 to 4, but the platform states no range, so
        this module refuses only what cannot be a level (a negative number, or one past the 32-bit integers the
        platform's documents use) and the platform decides the rest.
    type: int
  waf_executing_paranoia_level:
    description:
      - The WAF's executing paranoia level, stored in the zone's C(wafEngineConfig), from 0 to 2147483647. See
        O(waf_detection_paranoia_level).
    type: int
  waf_blocking_paranoia_level:
    description:
      - The WAF's blocking paranoia level, stored in the zone's C(wafEngineConfig), from 0 to 2147483647. See
        O(waf_detection_paranoia_level).
    type: int
  waf_allowed_methods:
    description:
      - HTTP methods the WAF lets through (for example V(GET), V(POST)), as a set. Each is one word.
    type: list
    elements: str
  waf_allowed_http_versions:
    description:
      - HTTP versions the WAF lets through (for example V(HTTP/1.1), V(HTTP/2)), as a set. Each is one word.
    type: list
    elements: str
  waf_allowed_request_content_types:
    description:
      - Request content types the WAF lets through (for example V(application/json)), as a set. None may hold C(|).
    type: list
    elements: str
  ddos_shield_sensitivity:
    description: DDoS protection level, V(off), V(low), V(medium), V(high) or V(challenge).
    type: str
    choices: ["off", low, medium, high, challenge]
  ddos_execution_mode:
    description:
      - What DDoS protection does, V(log) or V(block).
      - The published Shield document dropped this member from update requests on 2026-07-31 (it is still returned,
        and the platform's own provider still sends it). When given and different, it is sent, and the zone is read
        once more to confirm it; when the platform kept the old value, the task fails saying so (the other settings
        of the same task were applied).
    type: str
    choices: [log, block]
  ddos_challenge_window:
    description:
      - How long, in seconds, a solved DDoS challenge is valid, from 0 to 2147483647 (the document's type is a 32-bit
        integer). The platform's provider offers 900, 1800, 3600, 21600, 43200 and 86400; the platform states no
        list, so any number in the range is sent and the platform decides.
    type: int
  whitelabel_response_pages:
    description:
      - Whether block and challenge pages carry no platform branding. The platform's provider allows it only on
        paid plans.
    type: bool
  upload_scanning_enabled:
    description:
      - Whether uploads are scanned. Read and written at C(/shield/shield-zone/{id}/upload-scanning), one more read
        (and, when it differs, one more write) only when an upload scanning option is given.
    type: bool
  upload_scanning_antivirus_mode:
    description: What antivirus scanning of uploads does, V(disabled), V(log) or V(block).
    type: str
    choices: [disabled, log, block]
  upload_scanning_csam_mode:
    description: What CSAM scanning of uploads does, V(disabled), V(log) or V(block).
    type: str
    choices: [disabled, log, block]
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
      - A zone to be created is predicted from the options given; its other settings and its id are null in
        RV(shield_zone) until a real run creates it.
  diff_mode:
    support: full
    details:
      - The diff shows whether the pull zone is shielded and the options given, before and after; upload scanning
        is a second entry when one of its options is given.
notes:
  - There is no way to unshield a pull zone through the API; see O(state).
  - The platform's answer to a settings change echoes the request, not the whole zone; the result is the zone as
    read, with the settings written over it.
  - "Shield zone settings that have their own modules: bot detection (M(edge.platform.bot_detection)), custom WAF
    rules (M(edge.platform.waf_rule)), API Guardian (M(edge.platform.api_guardian))."
seealso:
  - module: edge.platform.shield_zone_info
  - module: edge.platform.bot_detection
  - module: edge.platform.waf_rule
  - name: Bunny Shield
    description: What the Shield settings do.
    link: https://docs.bunny.net/shield
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Shield the pull zone demo and block what the WAF matches
      edge.platform.shield_zone:
        pullzone_name: demo
        waf_enabled: true
        waf_execution_mode: block
        ddos_shield_sensitivity: medium

    - name: Tune the WAF of the pull zone with id 2001, leaving every other setting as it is
      edge.platform.shield_zone:
        pullzone_id: 2001
        waf_detection_paranoia_level: 2
        waf_allowed_methods: [GET, HEAD, POST, OPTIONS]
        waf_request_ignored_headers: [Cookie, Authorization]
        waf_request_body_limit_action: log

    - name: Copy a setting read with the info module (written back, it is no change)
      block:
        - name: Read the shield zone of demo
          edge.platform.shield_zone_info:
            pullzone_name: demo
          register: shield

        - name: Write its WAF mode and DDoS level back
          edge.platform.shield_zone:
            pullzone_name: demo
            waf_execution_mode: "{{ shield.shield_zones[0].waf_execution_mode }}"
            ddos_shield_sensitivity: "{{ shield.shield_zones[0].ddos_shield_sensitivity }}"
"""

RETURN = r"""
shield_zone:
  description:
    - The shield zone after the task (predicted in check mode), in the option names, plus its id, pull zone and
      plan limits; the same shape as one item of M(edge.platform.shield_zone_info) results, with upload scanning.
    - Null with O(state=absent) (the pull zone has no shield zone).
  returned: success
  type: dict
  contains:
    # BEGIN edge.platform.resource_shapes.SHIELD_ZONE
    # root: shield_zone
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
    upload_scanning_enabled:
      description: Whether uploads are scanned; null when no upload scanning option was given (not read).
      type: bool
      sample: null
    upload_scanning_antivirus_mode:
      description: V(disabled), V(log) or V(block); null when not read.
      type: str
      sample: null
    upload_scanning_csam_mode:
      description: V(disabled), V(log) or V(block); null when not read.
      type: str
      sample: null
# BEGIN edge.platform.api_error
# sample status: 202
# sample error_key: invalid_plan_type.whitelabel_response_pages
# sample message: White-label response pages are not available on the Basic plan.
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
      sample: invalid_plan_type.whitelabel_response_pages
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: null
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: White-label response pages are not available on the Basic plan.
# END edge.platform.api_error
"""

from ansible_collections.edge.platform.plugins.module_utils._api import pull_zones, shield_zones
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import PULL_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores import shield_zones as core
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes import shield_zone_settings as S


def run(ctx):
    settings, uploads = core.wanted(ctx.params)
    found, label = core.pull_zone_of(ctx)
    current = shield_zones.of_pull_zone(ctx.client, found.id, label) if found else None
    if current is None and found and not core.pull_zone_exists(ctx, found, label):
        found = None
    if ctx.params["state"] == "absent":
        if current is not None:
            ctx.fail(core.CANNOT_UNSHIELD % (label, current["shieldZoneId"], S.plan_name(current)))
        return {"shield_zone": None}
    if found is None:  # check mode, the pull zone only predicted by an earlier task (standing_in said so)
        ctx.note_predicted(*shield_zones.predicted_zone(pull_zones.ledger_ref(name=ctx.params["pullzone_name"])))
        zone = core.new_zone(None, settings)
        return {
            "shield_zone": dict(
                core.readable(ctx, zone), **core.readable(ctx, S.upload_members(uploads), S.UPLOAD_FIELDS)
            )
        }
    zone = core.shield(ctx, found, label, current, settings)
    return {"shield_zone": dict(core.readable(ctx, zone), **core.upload_scanning(ctx, zone, uploads))}


MODULE = ModuleDef(
    argument_spec=dict(
        PULL_ZONE.argument_spec(),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        **S.ARGUMENT_SPEC,  # every setting, from its field tables
    ),
    run=run,
    bounds=S.BOUNDS,
    **PULL_ZONE.validation(),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
