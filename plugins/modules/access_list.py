#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: access_list
short_description: Create, update or delete a custom access list of a shield zone
version_added: 1.1.0
description:
  - Manages one custom access list of a shield zone, found by its name within the zone; its entries (IP addresses,
    CIDR blocks, AS numbers, country codes, organisations or JA4 fingerprints), the action taken on a matching
    request, and whether the list is enabled.
  - The zone's access lists are read on each run (one request), and the list's entries (one more request when the list
    exists). A list is created when no custom list has the name, updated when it differs, and left alone when it
    matches, so a re-run changes nothing.
  - Only the options given are managed; an option left out keeps the list's value.
  - The list is written in the form M(edge.platform.access_list_info) returns, so its output can be given back
    unchanged, and the task then reports no change.
  - A list has two ids on the platform, its own and the id of its configuration (action and enabled state); creating
    a list is one request, then one read of the zone's lists to find the configuration, then one request to set the
    action and enabled state. If that last request fails, the list exists with the platform's defaults; the failure
    says so, and a re-run finds the list by name and finishes without creating it again.
  - When the answer to a write is lost, or the platform answers HTTP 202 Accepted without the list, the write is not
    sent again. The zone's lists are read once more and decide.
  - The shield zone is chosen by O(shield_zone_id), or by its pull zone's O(pullzone_id) (one lookup request) or
    O(pullzone_name) (two lookup requests); exactly one of them is required.
options:
  name:
    description:
      - Name of the list; it identifies the list within the zone (case-sensitive). A name with a control character
        is refused before any request.
      - When several custom lists of the zone have this name, the task fails and lists their ids.
      - A managed (curated) list of the zone cannot be managed with this module; a name that is only a managed list's
        fails the task.
    type: str
    required: true
  description:
    description:
      - Description of the list, set when the list is created.
      - The platform's update of a list takes no description, so a different description for an existing list fails
        the task before any write; delete the list (O(state=absent)) and create it again to change it.
    type: str
  type:
    description:
      - What the entries are. Required to create a list.
      - The platform cannot change the type of a list. A different type for an existing list fails the task before any
        write (it is never deleted and created again silently, which would drop its entries for a moment and give it
        new ids); delete the list (O(state=absent)) and create it again.
    type: str
    choices: [ip, cidr, asn, country, organization, ja4]
  entries:
    description:
      - The entries of the list, as a set. Order and duplicates do not matter; the whole list is compared as a set,
        and one request replaces the entries when they differ, however many there are.
      - 'Checked before any request, by O(type): O(type=ip) and O(type=cidr) take IP addresses and CIDR blocks (both
        types take both forms); O(type=asn) an AS number, with or without an C(AS) prefix (sent without it);
        O(type=country) two letters (sent in upper case). A bad entry fails the task naming it and its index, for
        example C(entries[12]: 10.0.0.300 is not an IP address).'
      - IP addresses and CIDR blocks are compared and sent in canonical form (IPv6 compressed and in lower case). A
        CIDR block with host bits set (V(10.0.0.1/24)) is sent as its network (V(10.0.0.0/24)), with a warning.
      - O(type=organization) and O(type=ja4) entries are sent as written (surrounding spaces removed); their syntax is not
        published, so they are not checked.
      - When not given, an existing list keeps its entries and a new list starts empty.
    type: list
    elements: str
  action:
    description:
      - What happens to a request that matches an entry. Required to create a list.
    type: str
    choices: [allow, block, bypass, challenge, log]
  enabled:
    description:
      - Whether the list is applied. A new list is enabled unless this says otherwise.
    type: bool
  state:
    description:
      - V(present) creates or updates the list; V(absent) deletes it when it exists.
    type: str
    default: present
    choices: [present, absent]
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
      - The diff shows the list's name, description, type, entries (sorted), action and enabled state before and after.
notes:
  - The shield zone's plan limits how many custom lists it holds (C(customListLimit)) and how many entries all of them
    hold together (C(customEntryLimit)). Both are read with the zone's lists and checked before any write; a task
    that would pass one fails naming the limit and the plan. The platform refuses a list over its plan's limit with
    HTTP 202 and a message; that refusal fails the task, and nothing was applied.
  - Whether the platform normalises entries (sorting, removing duplicates, canonical CIDR blocks) is not published.
    Both sides are compared in the canonical form described in O(entries); if the platform answers with other entries
    than were sent, the task warns.
seealso:
  - module: edge.platform.access_list_info
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
    - name: Let the office networks through the shield of pull zone demo
      edge.platform.access_list:
        pullzone_name: demo
        name: office
        type: cidr
        entries:
          - 203.0.113.0/24
          - 2001:db8:cafe::/48
        action: allow

    - name: Block 254 addresses, compared as a set (order and duplicates do not matter)
      edge.platform.access_list:
        shield_zone_id: 3001
        name: blocked scanners
        description: Addresses seen scanning
        type: ip
        entries: "{{ range(1, 255) | map('string') | map('regex_replace', '^', '198.51.100.') | list }}"
        action: block

    - name: Challenge visitors from two countries, the list disabled for now
      edge.platform.access_list:
        shield_zone_id: 3001
        name: challenge countries
        type: country
        entries: [BR, IN]
        action: challenge
        enabled: false

    - name: Copy a list from one zone to another
      block:
        - name: Read the list
          edge.platform.access_list_info:
            shield_zone_id: 3001
            name: office
          register: source

        - name: Write it unchanged to another zone
          edge.platform.access_list:
            shield_zone_id: 3004
            name: "{{ source.access_lists[0].name }}"
            description: "{{ source.access_lists[0].description }}"
            type: "{{ source.access_lists[0].type }}"
            entries: "{{ source.access_lists[0].entries }}"
            action: "{{ source.access_lists[0].action }}"
            enabled: "{{ source.access_lists[0].enabled }}"

    - name: Delete a list that is no longer needed
      edge.platform.access_list:
        shield_zone_id: 3001
        name: retired
        state: absent
"""

RETURN = r"""
access_list:
  description:
    - The list after the task, in the shape of M(edge.platform.access_list_info) results; predicted in check mode.
    - Null when the list is absent.
  returned: success
  type: dict
  contains:
    # BEGIN edge.platform.resource_shapes.ACCESS_LIST
    # root: access_list
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
# sample status: 202
# sample error_key: access_list.limit_exceeded
# sample message: Custom Access List limit exceeded. You can have a maximum of 1 custom lists.
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
      sample: access_list.limit_exceeded
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: null
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: Custom Access List limit exceeded. You can have a maximum of 1 custom lists.
# END edge.platform.api_error
"""

from ansible_collections.edge.platform.plugins.module_utils._api.selectors import SHIELD_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores.access_lists import manage
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes import access_lists as shapes


def run(ctx):
    return manage(ctx)


MODULE = ModuleDef(
    argument_spec=dict(
        SHIELD_ZONE.argument_spec(),
        **shapes.ARGUMENT_SPEC,  # every option of the list, from its field table
        state=dict(type="str", default="present", choices=["present", "absent"]),
    ),
    run=run,
    **SHIELD_ZONE.validation(),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
