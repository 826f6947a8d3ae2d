#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: storage_zone_info
short_description: Read storage zones, one by id or name or every one, in the form storage_zone takes
version_added: 1.3.0
description:
  - Reads one storage zone (by O(id) or O(name)) or every storage zone of the account, each in the form
    M(edge.platform.storage_zone) takes, so its settings read here and given back are no change.
  - The zone's name is matched exactly (case and all) on this side; the platform's own search is not used.
  - Never returns a zone's passwords (full and read-only), which the platform sends in clear; they are masked in
    every message. M(edge.platform.storage_zone) resets them with C(rotate_password) and returns the new ones once.
options:
  id:
    description: The zone's id.
    type: int
  name:
    description: The zone's exact name.
    type: str
extends_documentation_fragment:
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
  - edge.platform.attributes.info_module
seealso:
  - module: edge.platform.storage_zone
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: List every storage zone of the account
      edge.platform.storage_zone_info:
      register: all_storage

    - name: Map storage zone names to their storage hostnames
      ansible.builtin.debug:
        msg: "{{ all_storage.storage_zones | items2dict(key_name='name', value_name='hostname') }}"
"""

RETURN = r"""
storage_zones:
  description:
    - The storage zones read, ordered as the platform lists them (one when a zone was chosen; none when the name
      matches no zone).
  returned: success
  type: list
  elements: dict
  contains:
    # BEGIN edge.platform.storage_zones.ZONE
    id:
      description: Storage zone id.
      type: int
      sample: 4101
    name:
      description: The zone's name, unique across the whole platform.
      type: str
      sample: demo-site-files
    region:
      description: The main region's code.
      type: str
      sample: DE
    replication_regions:
      description: The codes of the regions the zone replicates to.
      type: list
      elements: str
      sample: [NY, SG]
    tier:
      description: V(standard) (HDD) or V(edge) (SSD); a number the collection cannot name is returned as the number.
      type: raw
      sample: standard
    zone_type:
      description: V(standard), or V(s3) for a zone with S3 compatibility; a number without a name as the number.
      type: raw
      sample: standard
    custom_404_file_path:
      description: The file served for a missing file; null when none.
      type: str
      sample: /404.html
    rewrite_404_to_200:
      description: Whether a missing URL without an extension is answered 200.
      type: bool
      sample: false
    hostname:
      description: The zone's storage API hostname (files are uploaded there with the zone's password).
      type: str
      sample: storage.bunnycdn.com
    s3_hostname:
      description: The zone's S3 hostname, when it has one.
      type: str
      sample: null
    storage_used:
      description: Bytes stored.
      type: int
      sample: 52428800
    files_stored:
      description: Number of files stored.
      type: int
      sample: 312
    date_modified:
      description: When the zone last changed, as the platform says.
      type: str
      sample: "2026-11-20T10:15:00Z"
    replication_change_in_progress:
      description: Whether a replication region added is still being set up.
      type: bool
      sample: false
    pull_zones:
      description: The pull zones that use the zone as their origin.
      type: list
      elements: dict
      sample: [{"id": 2001, "name": "demo"}]
      contains:
        id:
          description: Pull zone id.
          type: int
        name:
          description: Pull zone name.
          type: str
    # END edge.platform.storage_zones.ZONE
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

from ansible_collections.edge.platform.plugins.module_utils._api import storage_zones
from ansible_collections.edge.platform.plugins.module_utils._cores.storage_zones import listed
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    zone_id, name = ctx.params["id"], ctx.params["name"]
    if zone_id is not None:
        models = [storage_zones.get(ctx.client, zone_id)]
    elif name is not None:
        models = [zone for zone in [storage_zones.find_named(ctx.client, name)] if zone is not None]
    else:
        models = storage_zones.list_all(ctx.client)
    return {"changed": False, "storage_zones": listed(ctx, models)}


MODULE = ModuleDef(
    argument_spec=dict(id=dict(type="int"), name=dict(type="str")),
    run=run,
    mutually_exclusive=[["id", "name"]],
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
