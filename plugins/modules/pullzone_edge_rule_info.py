#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: pullzone_edge_rule_info
short_description: Read the edge rules of a pull zone
version_added: 1.3.0
description:
  - Reads the edge rules of one pull zone, in the order the platform runs them (by order index); O(guid) or O(description) keeps
    only the rules that have it. The rules come with the pull zone, so this is one request (two when the zone is
    chosen by name).
  - Returns each rule in the form M(edge.platform.pullzone_edge_rule) takes, so a rule given back to it is no change.
  - An action or trigger number this collection does not name is returned as the number, with a warning; given
    back, it is kept as it is.
options:
  guid:
    description: Return only the rule with this guid (none when the zone has no such rule).
    type: str
  description:
    description:
      - Return only the rules with exactly this description, as M(edge.platform.pullzone_edge_rule) finds a rule
        (several when the platform holds several, which that module refuses to choose from).
    type: str
extends_documentation_fragment:
  - edge.platform.zone_selectors.pull_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
  - edge.platform.attributes.info_module
seealso:
  - module: edge.platform.pullzone_edge_rule
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Read the edge rules of pull zone demo
  edge.platform.pullzone_edge_rule_info:
    api_key: "{{ vault_edge_api_key }}"
    pullzone_name: demo
  register: demo_rules

- name: Copy every rule of demo to pull zone 2002, as they are, in the same order (each found by its description)
  edge.platform.pullzone_edge_rules:
    api_key: "{{ vault_edge_api_key }}"
    pullzone_id: 2002
    rules: "{{ demo_rules.edge_rules | map('ansible.builtin.combine', {'guid': None}) | list }}"
"""

RETURN = r"""
pull_zone:
  description: The pull zone read.
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
  description: The rules of the pull zone (those chosen by O(guid) or O(description)), in the order the platform runs them.
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
from ansible_collections.edge.platform.plugins.module_utils._cores.edge_rules import read
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    return read(ctx)


MODULE = ModuleDef(
    argument_spec=dict(PULL_ZONE.argument_spec(), guid=dict(type="str"), description=dict(type="str")),
    run=run,
    mutually_exclusive=PULL_ZONE.validation()["mutually_exclusive"] + [("guid", "description")],
    required_one_of=PULL_ZONE.validation()["required_one_of"],
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
