#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: storage_zone
short_description: Create, update, delete a storage zone and rotate its passwords
version_added: 1.3.0
description:
  - Creates, updates or deletes one storage zone, the platform's file store a pull zone can serve from.
  - The zone is found by its exact O(name) (case and all), or by O(id). Names are unique across the whole platform,
    not only this account, so a name another account holds is refused by the platform, and the failure says so.
  - B(Only the settings given are managed); every other setting is left as the platform holds it.
  - O(region), O(tier) and O(zone_type) cannot change after creation, and a replication region cannot be removed. A
    task asking either of an existing zone fails before any write, naming the option.
  - The zone's passwords (full and read-only; the full one is the key of its files' API) come back from the platform
    in clear on every read. This module never returns them, masks them in every message, and resets them only when
    O(rotate_password) asks, returning the new ones once in RV(passwords).
  - A create whose answer is lost is settled by finding the zone by its name; it is never sent twice.
  - Deleting a zone deletes its files. The platform would delete the pull zones linked to it too; this module keeps
    them unless O(delete_linked_pullzones) is true, and says which pull zones used the zone.
options:
  name:
    description:
      - The zone's name, which identifies it. Required to create a zone.
      - The platform's Terraform provider takes 4 to 64 characters of lower-case letters, digits and C(-).
    type: str
  id:
    description:
      - The zone's id, instead of O(name) for an existing zone. With O(name) too, the names must match (a zone cannot
        be renamed).
    type: int
  state:
    description: Whether the zone should exist.
    type: str
    choices: [present, absent]
    default: present
  region:
    description:
      - The main region's code (V(DE), V(UK), V(SE), V(NY), V(LA), V(SG), V(SYD), V(BR), V(JH), ...), given in any
        case and sent in upper case. Required to create a zone; cannot change after creation.
      - An V(edge) zone's main region is V(DE).
    type: str
  replication_regions:
    description:
      - The codes of the regions the zone replicates to. Regions can be added, never removed; leaving out one the zone
        holds fails before any write.
    type: list
    elements: str
  tier:
    description:
      - V(standard) (HDD) or V(edge) (SSD) (C(ZoneTier)). Cannot change after creation; the platform's default is
        V(standard).
    type: raw
    choices: [standard, edge]
  zone_type:
    description: V(standard), or V(s3) for S3 compatibility (C(StorageZoneType)). Cannot change after creation.
    type: raw
    choices: [standard, s3]
  custom_404_file_path:
    description: The file served for a missing file, for example V(/404.html); V("") for none.
    type: str
  rewrite_404_to_200:
    description: Whether a missing URL without an extension is answered with status 200 (single-page applications).
    type: bool
  origin_url:
    description:
      - A fallback origin for files the zone lacks.
      - The platform never returns this setting, so it cannot be compared. It is sent when the zone is created and
        along with any other change of the zone, never alone; RV(not_compared) says so.
    type: str
  rotate_password:
    description:
      - The passwords to reset (V(full), V(read_only), or both as a list). The platform chooses the new ones; they
        are returned once in RV(passwords). Every run that asks reports a change.
    type: list
    elements: str
    choices: [full, read_only]
  delete_linked_pullzones:
    description:
      - With O(state=absent), also delete the pull zones that use the zone. By default they are kept (the platform's
        own default would delete them).
    type: bool
    default: false
extends_documentation_fragment:
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
    details:
      - Reads the zone and sends no write; a rotation is reported as a change and returns no password.
  diff_mode:
    support: full
    details:
      - The diff shows the settings given before and after; a rotation shows that the password changes, never what it
        is; a delete lists the pull zones that use the zone.
notes:
  - A task with O(rotate_password) gets a warning unless its C(no_log) is true, since the result then holds the new
    passwords.
seealso:
  - module: edge.platform.storage_zone_info
    description: Read storage zones in the form this module takes.
  - module: edge.platform.pullzone
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: A storage zone in Frankfurt, replicated to New York, answering 200 for app routes without an extension
      edge.platform.storage_zone:
        name: example-site-files
        region: DE
        replication_regions: [NY]
        rewrite_404_to_200: true

    - name: Serve the site's own page for a missing file (the zone's other settings stay as they are)
      edge.platform.storage_zone:
        name: demo-files
        custom_404_file_path: /index.html

    - name: Reset the read-only password and keep the new one
      edge.platform.storage_zone:
        name: demo-files
        rotate_password: read_only
      register: site_files
      no_log: true  # the result holds the new password

    - name: Delete a zone, keeping the pull zones that use it
      edge.platform.storage_zone:
        name: example-old-files
        state: absent
"""

RETURN = r"""
storage_zone:
  description:
    - The zone as the platform holds it after the task (null after O(state=absent), and in check mode for a zone only
      predicted). In the form this module takes, so it can be given back unchanged; never its passwords.
  returned: success
  type: dict
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
passwords:
  description:
    - The new passwords, by what O(rotate_password) asked (C(full), C(read_only)); returned once. Set the task keyword
      C(no_log) to C(true).
  returned: when O(rotate_password) reset a password, not in check mode
  type: dict
  sample: {"read_only": "2c4b9e7f-1d3a-4e5b-8f6a-0b1c2d3e4f5a"}
not_compared:
  description: The options given that the platform does not return, so whether the zone holds them is not known.
  returned: when O(origin_url) is given
  type: list
  elements: str
  sample: [origin_url]
linked_pullzones:
  description: The pull zones that used the zone, C(id) and C(name) each.
  returned: when O(state=absent)
  type: list
  elements: dict
  sample: [{"id": 2001, "name": "demo"}]
linked_pullzones_deleted:
  description: Whether those pull zones were deleted with the zone (O(delete_linked_pullzones)).
  returned: when O(state=absent)
  type: bool
  sample: false
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

from ansible_collections.edge.platform.plugins.module_utils._cores.storage_zones import (
    current,
    ensure,
    remove,
    rotate,
    shown,
    wanted,
)
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes import storage_zones as S
from ansible_collections.edge.platform.plugins.module_utils._shapes.pull_zones import url_password


def run(ctx):
    settings = wanted(ctx.params)
    zone = current(ctx)
    name = (zone or {}).get("Name", ctx.params["name"])
    if ctx.params["state"] == "absent":
        return remove(ctx, zone, name)
    zone = ensure(ctx, zone, settings, name)
    result = {"storage_zone": shown(ctx, zone)}
    passwords = rotate(ctx, zone, name)
    if passwords:
        result["passwords"] = passwords
    unread = [option for option in S.WRITE_ONLY if option in settings]
    if unread:
        result["not_compared"] = unread
    return result


MODULE = ModuleDef(
    argument_spec=dict(
        name=dict(type="str"),
        id=dict(type="int"),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        rotate_password=dict(type="list", elements="str", choices=["full", "read_only"], no_log=False),
        delete_linked_pullzones=dict(type="bool", default=False),
        **S.ARGUMENT_SPEC,  # every setting, from its field table
    ),
    run=run,
    hidden_secrets=lambda params: [url_password(params.get("origin_url"))],
    required_one_of=[["name", "id"]],
    returned_secret="passwords",
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
