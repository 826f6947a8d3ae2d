#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: storage_file
short_description: Put one file in a storage zone, fetch it to a local path, or delete it
version_added: 1.3.0
description:
  - With O(src), uploads that local file as O(path) of the storage zone when the zone's file differs (checksum, size,
    and O(content_type) when given), with the C(Checksum) header the platform verifies; the file counts as uploaded
    only when the platform's description of it read back shows that checksum.
  - With O(dest), downloads O(path) to that local path when the local copy differs (streamed to a temporary file
    next to O(dest), checked against the platform's checksum, then moved into place).
  - With O(state=absent), deletes O(path) when it is there.
  - The zone is chosen by O(storage_zone) or O(storage_zone_id); its password is read through the API key, sent only
    to the zone's Edge Storage host and never shown.
options:
  path:
    description: The file's path in the zone, from its root (C(site/index.html)).
    type: str
    required: true
  src:
    description: A local file (on the host where the module runs) to upload as O(path).
    type: path
  dest:
    description: A local path (on the host where the module runs) to download O(path) to.
    type: path
  content_type:
    description: The content type to store with an upload (the platform's C(Override-Content-Type)).
    type: str
  state:
    description: V(present) puts O(src) or fetches to O(dest); V(absent) deletes O(path).
    type: str
    choices: [present, absent]
    default: present
extends_documentation_fragment:
  - edge.platform.storage_files
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
    details:
      - Reads the file's description and hashes the local file; sends no write and writes no local file.
  diff_mode:
    support: full
    details:
      - The diff shows the file's size and checksum before and after.
seealso:
  - module: edge.platform.storage_files
    description: A whole directory in one task.
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Fetch the demo site's home page
  edge.platform.storage_file:
    api_key: "{{ vault_edge_api_key }}"
    storage_zone: demo-files
    path: index.html
    dest: /tmp/demo-index.html

- name: Publish a copy of it as a plain-text file
  edge.platform.storage_file:
    api_key: "{{ vault_edge_api_key }}"
    storage_zone: demo-files
    path: source/index.txt
    src: /tmp/demo-index.html
    content_type: text/plain

- name: Remove an old file
  edge.platform.storage_file:
    api_key: "{{ vault_edge_api_key }}"
    storage_zone: demo-files
    path: old/banner.png
    state: absent
"""

RETURN = r"""
file:
  description: The file's size, checksum (upper-case hex SHA-256) and content type on the platform; null when absent.
  returned: success
  type: dict
  sample: {"size": 13, "checksum": "1EC877C3...", "content_type": "text/plain"}
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

from ansible_collections.edge.platform.plugins.module_utils._cores import storage_files as core
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._hosts.storage_connection import (
    storage_argument_spec,
    storage_options,
)


def run(ctx):
    path, options = core.remote_path(ctx), storage_options(ctx)  # bad input fails here, before any request
    if not path:
        ctx.fail("path must name a file of the zone (from its root), not the root itself.")
    zone = core.zone_of(ctx, changed=ctx.params["state"] != "absent")
    if zone is None:  # only predicted by an earlier task under --check: it holds no file yet
        return {"file": None}
    files = core.Files(zone, **options)
    if ctx.params["state"] == "absent":
        outcome = core.remove_one(ctx, files, path)
    elif ctx.params["src"] is not None:
        outcome = core.put_one(ctx, files, path)
    else:
        return {"file": core.state_of(core.fetch_one(ctx, files, path), "")}
    return {"file": outcome.state}


MODULE = ModuleDef(
    argument_spec=dict(
        path=dict(type="str", required=True),
        src=dict(type="path"),
        dest=dict(type="path"),
        content_type=dict(type="str"),
        state=dict(type="str", choices=["present", "absent"], default="present"),
        **storage_argument_spec(),
    ),
    run=run,
    mutually_exclusive=[["storage_zone", "storage_zone_id"], ["src", "dest"]],
    required_one_of=[["storage_zone", "storage_zone_id"]],
    required_if=[["state", "present", ["src", "dest"], True]],
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
