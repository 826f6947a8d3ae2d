#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: api_guardian
short_description: Set a shield zone's zone-wide API Guardian configuration
version_added: 1.0.0
description:
  - Sets whether API Guardian is enabled on a shield zone, its execution mode and what it does with over-limit
    bodies and with requests to paths the OpenAPI document does not describe.
  - Only the options given change; the others keep the zone's values. The zone is read first and the change is
    sent only when a given option differs, so a re-run sends a single read.
  - Settings of single endpoints are set with M(edge.platform.api_guardian_endpoint); the OpenAPI document is
    uploaded with M(edge.platform.api_guardian_spec).
  - "Re-uploading the OpenAPI document: the published shield API document describes these zone-wide settings
    as a separate configuration patched on their own, and its upload request carries only the document and
    O(edge.platform.api_guardian_spec#module:enforce_authorization_validation); nothing published says an upload
    resets them. The collection's emulator keeps them across uploads. Whether the real platform ever resets them is
    not documented."
  - A zone the platform answers 404 for (an unknown zone, or possibly one without an OpenAPI document yet; the
    conditions of that 404 are not documented) fails with both readings named; nothing is written.
  - When the answer to the change is lost (a timeout after it was sent), the change is not sent again; the zone is
    read once more and the task reports what is true (changed with a warning when it landed, failed saying it was
    NOT applied when it did not). The change only sets values, so even a repeated one would be harmless.
  - The shield zone is chosen by O(shield_zone_id), or by its pull zone's O(pullzone_id) (one more request) or
    O(pullzone_name) (two more requests); exactly one of them is required.
options:
  enabled:
    description:
      - Whether API Guardian inspects requests of this zone at all.
    type: bool
  execution_mode:
    description:
      - V(log) only logs violations; V(block) blocks them.
      - The platform's numbers are accepted too (V(0) log, V(1) block); a number this collection cannot name (one the
        platform added since) is sent as it is.
    type: str
    choices: [log, block]
  body_limit_action:
    description:
      - What happens to a request whose body is over the platform's size limit.
      - V(block), V(log) or V(ignore); the platform's numbers are accepted too (V(0) block, V(1) log, V(2) ignore), and
        one this collection cannot name is sent as it is.
    type: str
    choices: [block, log, ignore]
  unmatched_path_action:
    description:
      - What happens to a request to a path the OpenAPI document does not describe.
      - V(block), V(log) or V(ignore); the platform's numbers are accepted too (V(0) block, V(1) log, V(2) ignore), and
        one this collection cannot name is sent as it is.
    type: str
    choices: [block, log, ignore]
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
seealso:
  - module: edge.platform.api_guardian_endpoint
  - module: edge.platform.api_guardian_spec
  - name: API Guardian
    description: What the execution mode and the actions do.
    link: https://docs.bunny.net/shield/api-guardian
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Block requests that break the API's OpenAPI document, and over-limit bodies
      edge.platform.api_guardian:
        shield_zone_id: 3004
        enabled: true
        execution_mode: block
        body_limit_action: block

    - name: Only log requests to undescribed paths on the shield zone of pull zone petstore (found by name)
      edge.platform.api_guardian:
        pullzone_name: petstore
        unmatched_path_action: log
"""

RETURN = r"""
api_guardian:
  description: The zone-wide API Guardian settings after the task (predicted in check mode).
  returned: success
  type: dict
  contains:
    shield_zone_id:
      description: The shield zone.
      type: int
      sample: 3001
    enabled:
      description: Whether API Guardian inspects requests.
      type: bool
      sample: true
    execution_mode:
      description: V(log) or V(block) (a number the collection does not know is returned as the number).
      type: raw
      sample: block
    body_limit_action:
      description: V(block), V(log) or V(ignore) (or an unknown number).
      type: raw
      sample: log
    unmatched_path_action:
      description: V(block), V(log) or V(ignore) (or an unknown number).
      type: raw
      sample: block
    title:
      description: The uploaded document's C(info.title), or null.
      type: str
      sample: Pet Store
    version:
      description: The uploaded document's C(info.version), or null.
      type: str
      sample: 1.0.0
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

from ansible_collections.edge.platform.plugins.module_utils._api.selectors import SHIELD_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores.api_guardian import configure
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes.shield_enums import (
    API_GUARDIAN_ACTIONS,
    API_GUARDIAN_EXECUTION_MODES,
    enum_choices,
)


def run(ctx):
    return configure(ctx)


MODULE = ModuleDef(
    argument_spec=dict(
        SHIELD_ZONE.argument_spec(),
        enabled=dict(type="bool"),
        execution_mode=dict(type="str", choices=enum_choices(API_GUARDIAN_EXECUTION_MODES)),
        body_limit_action=dict(type="str", choices=enum_choices(API_GUARDIAN_ACTIONS)),
        unmatched_path_action=dict(type="str", choices=enum_choices(API_GUARDIAN_ACTIONS)),
    ),
    run=run,
    **SHIELD_ZONE.validation(),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
