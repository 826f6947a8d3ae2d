#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: edge_script_info
short_description: Read edge scripts, their releases, variables and secret names, in the form edge_script takes
version_added: 1.3.0
description:
  - Reads one edge script (by O(id) or exact O(name)) or every script of the account (optionally of one O(type)), each
    in the form M(edge.platform.edge_script) takes (given back, no change), with its variables (values included),
    its secrets (names only - the platform never returns a secret's value), its active release and every release.
  - Never returns a script's deployment key, which the platform sends in clear; it is masked in every message.
options:
  id:
    description: The script's id.
    type: int
  name:
    description: The script's exact name.
    type: str
  type:
    description: Only scripts of this type (with neither O(id) nor O(name)).
    type: str
    choices: [standalone, middleware, dns]
  include_code:
    description:
      - Also return each script's saved code and each release's code. Off by default, since code can be long; every
        release carries the SHA-256 of its code either way (RV(edge_scripts[].releases[].code_digest)).
    type: bool
    default: false
extends_documentation_fragment:
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
  - edge.platform.attributes.info_module
seealso:
  - module: edge.platform.edge_script
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Read one script with its code
      edge.platform.edge_script_info:
        name: hello-edge
        include_code: true
      register: script_info

    - name: Show the uuids of its releases (edge_script's release option takes one)
      ansible.builtin.debug:
        msg: "{{ script_info.edge_scripts[0].releases | map(attribute='uuid') | list }}"

    - name: Every DNS script
      edge.platform.edge_script_info:
        type: dns
"""

RETURN = r"""
edge_scripts:
  description: The scripts read, each in the form M(edge.platform.edge_script) takes and returns.
  returned: success
  type: list
  elements: dict
  contains:
    # BEGIN edge.platform.edge_scripts.SCRIPT
    id:
      description: The script's id.
      type: int
      sample: 5101
    name:
      description: The script's name.
      type: str
      sample: demo-script
    type:
      description: V(standalone), V(middleware) or V(dns); a number the collection cannot name is returned as the number.
      type: raw
      sample: standalone
    hostname:
      description: The script's default hostname, when it has one.
      type: str
      sample: demo-script-x8k2.bunny.run
    system_hostname:
      description: The script's system hostname, when it has one.
      type: str
      sample: null
    current_release_id:
      description: The id of the script's current release (0 when never published).
      type: int
      sample: 7
    last_modified:
      description: When the script last changed, as the platform says.
      type: str
      sample: "2026-11-20T10:15:00Z"
    linked_pullzones:
      description: The pull zones linked to the script.
      type: list
      elements: dict
      sample: [{"id": 2101, "name": "demo-script", "hostname": "demo-script.b-cdn.net"}]
      contains:
        id:
          description: Pull zone id.
          type: int
        name:
          description: Pull zone name (M(edge.platform.pullzone) and M(edge.platform.pullzone_hostname) take it).
          type: str
        hostname:
          description: The pull zone's default hostname.
          type: str
    # END edge.platform.edge_scripts.SCRIPT
    code:
      description: The saved code.
      returned: when O(include_code=true)
      type: str
      sample: "export default { fetch() { return new Response('hello'); } }"
    live:
      description:
        - V(saved) when the script was never published (its saved code serves), V(release) when a release is active,
          V(unknown) when the script says it has a release (C(CurrentReleaseId)) yet none is active.
      type: str
      sample: release
    variables:
      description: The script's variables, in the form M(edge.platform.edge_script_variables) takes.
      type: list
      elements: dict
      sample: [{"name": "GREETING", "value": "hello", "required": false}]
    secrets:
      description: The names of the script's secrets (the platform never returns their values).
      type: list
      elements: dict
      sample: [{"name": "API_TOKEN"}]
    active_release:
      description: The live release (null when the script was never published); as in RV(edge_scripts[].releases).
      type: dict
      sample: {"uuid": "a1b2c3d4", "status": "live", "code_digest": "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"}
    releases:
      description: Every release, as the platform lists them.
      type: list
      elements: dict
      contains:
        uuid:
          description: The release's uuid (8 characters), which O(edge.platform.edge_script#module:release) takes.
          type: str
          sample: a1b2c3d4
        id:
          description: The release's id.
          type: int
          sample: 7
        status:
          description: V(live) or V(archived).
          type: raw
          sample: archived
        note:
          description: The release's note.
          type: str
          sample: ""
        author:
          description: Who published it.
          type: str
          sample: null
        commit_sha:
          description: The commit it was built from, when the platform knows it.
          type: str
          sample: null
        date_released:
          description: When it was released.
          type: str
          sample: "2026-11-20T10:15:00Z"
        date_published:
          description: When it was published.
          type: str
          sample: "2026-11-20T10:15:00Z"
        code_digest:
          description: C(sha256:) and the SHA-256 of the release's code.
          type: str
          sample: "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
        code:
          description: The release's code.
          returned: when O(include_code=true)
          type: str
          sample: "export default { fetch() { return new Response('hello'); } }"
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

from ansible_collections.edge.platform.plugins.module_utils._api import edge_scripts
from ansible_collections.edge.platform.plugins.module_utils._cores.edge_scripts import info_of
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    script_id, name, kind = ctx.params["id"], ctx.params["name"], ctx.params["type"]
    if script_id is not None:
        models = [edge_scripts.get(ctx.client, script_id)]
    elif name is not None:
        models = [script for script in [edge_scripts.find_named(ctx.client, name)] if script is not None]
    else:
        models = edge_scripts.find_all(ctx.client, [kind] if kind else None)
    return {"changed": False, "edge_scripts": [info_of(ctx, model, ctx.params["include_code"]) for model in models]}


MODULE = ModuleDef(
    argument_spec=dict(
        id=dict(type="int"),
        name=dict(type="str"),
        type=dict(type="str", choices=["standalone", "middleware", "dns"]),
        include_code=dict(type="bool", default=False),
    ),
    run=run,
    mutually_exclusive=[["id", "name"], ["id", "type"], ["name", "type"]],
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
