#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: access_list_info
short_description: Read the access lists of a shield zone
version_added: 1.1.0
description:
  - Reads the custom access lists of a shield zone, all of them or one by O(name) or O(id), with their entries, and
    optionally the zone's managed (curated) lists too.
  - Each list is returned in the form M(edge.platform.access_list) takes (C(name), C(description), C(type),
    C(entries), C(action), C(enabled)), so a list read here and given back to M(edge.platform.access_list) is no
    change; the platform's ids and counts are added beside them.
  - One request reads the zone's lists, and one more per custom list returned reads its entries.
  - The shield zone is chosen by O(shield_zone_id), or by its pull zone's O(pullzone_id) (one lookup request) or
    O(pullzone_name) (two lookup requests); exactly one of them is required.
options:
  name:
    description:
      - Name of the custom lists to return (case-sensitive, as M(edge.platform.access_list) matches it); none when the
        zone has no such list, several when several have the name.
      - Mutually exclusive with O(id).
    type: str
  id:
    description:
      - Id of one custom list of the zone. A list the zone does not have fails the task.
      - Mutually exclusive with O(name).
    type: int
  include_managed:
    description:
      - Also return the zone's managed (curated) lists, marked with RV(access_lists[].managed). They are read-only
        here, and the platform does not serve their entries (RV(access_lists[].entries) is null).
      - Ignored with O(name) or O(id).
    type: bool
    default: false
extends_documentation_fragment:
  - edge.platform.zone_selectors.shield_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
  - edge.platform.attributes.info_module
seealso:
  - module: edge.platform.access_list
  - name: Access lists
    description: What access lists match and in which order their actions apply.
    link: https://docs.bunny.net/shield/access-lists
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Read every custom access list of shield zone 3001
      edge.platform.access_list_info:
        shield_zone_id: 3001
      register: lists

    - name: Show the lists that let requests through
      ansible.builtin.debug:
        msg: "{{ lists.access_lists | selectattr('action', 'equalto', 'allow') | map(attribute='name') | list }}"

    - name: Read the lists of the shield zone of pull zone demo, with the managed lists
      edge.platform.access_list_info:
        pullzone_name: demo
        include_managed: true
      register: all_lists

    - name: Show the managed lists and the plan each needs
      ansible.builtin.debug:
        msg: "{{ all_lists.access_lists | selectattr('managed') | items2dict(key_name='name', value_name='required_plan') }}"
"""

RETURN = r"""
access_lists:
  description:
    - The lists read, custom lists first (in the platform's order), then managed lists when asked for.
  returned: success
  type: list
  elements: dict
  contains:
    # BEGIN edge.platform.resource_shapes.ACCESS_LIST
    # root: access_lists[]
    name:
      description: Name of the list.
      type: str
      sample: office
    description:
      description: Description of the list, or null.
      type: str
      sample: Office networks
    type:
      description: What the entries are (V(ip), V(cidr), V(asn), V(country), V(organization), V(ja4)); null for a
        type this collection does not know.
      type: str
      sample: cidr
    entries:
      description:
        - The entries of a custom list, in canonical form (as M(edge.platform.access_list) compares them) and sorted.
        - Null for managed lists.
      type: list
      elements: str
      sample: [203.0.113.0/24, 2001:db8:cafe::/48]
    action:
      description: What a match does (V(allow), V(block), V(bypass), V(challenge), V(log)); null when the platform
        reports none.
      type: str
      sample: allow
    enabled:
      description: Whether the list is applied.
      type: bool
      sample: true
    id:
      description: The list's id; null for a list only predicted in check mode.
      type: int
      sample: 5001
    configuration_id:
      description: The id of the list's configuration (its action and enabled state); null when not known.
      type: int
      sample: 7001
    shield_zone_id:
      description: Id of the shield zone.
      type: int
      sample: 3001
    managed:
      description: Whether the list is a managed (curated) list, which M(edge.platform.access_list) does not manage.
      type: bool
      sample: false
    entry_count:
      description: How many entries the list holds.
      type: int
      sample: 2
    checksum:
      description:
        - The SHA-256 checksum of a custom list's content the platform reports; null for managed lists and when not
          known.
      type: str
      sample: 37d7a80604871e579850a658c7add2ae7557d0c6abcc9b31ecddc4424207eba3
    last_modified:
      description: When the list was last changed, as the platform reports it.
      type: str
      sample: "2026-08-01T10:00:00Z"
    category:
      description: The categories of a managed list (for example C(VPNs), C(TorExitNodes)); empty for custom lists.
      type: list
      elements: str
      sample: [VPNs]
    required_plan:
      description: The plan a managed list needs (V(basic), V(advanced), V(business), V(enterprise)).
      type: str
      sample: advanced
    update_frequency:
      description: How often a managed list is updated, as the platform reports it; null for custom lists.
      type: str
      sample: "01:00:00"
    # END edge.platform.resource_shapes.ACCESS_LIST
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
from ansible_collections.edge.platform.plugins.module_utils._cores.access_lists import read_lists
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    return read_lists(ctx)


MODULE = ModuleDef(
    argument_spec=dict(
        SHIELD_ZONE.argument_spec(),
        name=dict(type="str"),
        id=dict(type="int"),
        include_managed=dict(type="bool", default=False),
    ),
    run=run,
    mutually_exclusive=[SHIELD_ZONE.names, ["name", "id"]],
    required_one_of=[SHIELD_ZONE.names],
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
