#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: edge_script
short_description: Create, update, publish, roll back or delete an edge script (standalone, middleware or DNS)
version_added: 1.3.0
description:
  - Creates, updates or deletes one edge script, code the platform runs at the edge - V(standalone) (it answers the
    requests of its own pull zone), V(middleware) (in front of a pull zone's origin) or V(dns) (it answers DNS queries
    of records of type C(Script)).
  - The script is found by its exact O(name) (case and all), or by O(id).
  - The code (O(code), or a file on the controller, O(code_file)) is compared by content with the code the script
    has saved, so an unchanged file is no change and sends nothing.
  - 'B(Saved code is not always live.) Until a script''s first publish its saved code is live at once; after it, only a
    publish makes saved code live (see the collection''s docs/platform-notes.md, "Edge scripts: what the modules do").
    O(publish) says when this module publishes; the result says which code is live (RV(live), RV(active_release)) and
    a warning says when the code given is saved but not live.'
  - O(release) makes an earlier release live again (a rollback).
  - A new standalone script gets a linked pull zone (O(linked_pullzone)), named after the script, and returns it in
    RV(edge_script.linked_pullzones) so M(edge.platform.pullzone), M(edge.platform.pullzone_hostname) and the
    certificate modules can manage it by its name.
  - The script's deployment key (the key the official deploy action sends) comes back from the platform in clear on
    every read. This module never returns it, masks it in every message, and rotates it only when
    O(rotate_deployment_key) asks, returning the new one once in RV(deployment_key).
  - A create whose answer is lost is settled by finding the script by its name; it is never sent twice.
  - A script is deleted only with O(state=absent); its linked pull zones are kept unless O(delete_linked_pullzones).
options:
  name:
    description:
      - The script's name, which identifies it. Required to create a script.
      - With O(id) too, a different name renames the script.
    type: str
  id:
    description: The script's id, instead of O(name) for an existing script.
    type: int
  state:
    description: Whether the script should exist.
    type: str
    choices: [present, absent]
    default: present
  type:
    description:
      - V(standalone), V(middleware) or V(dns). Required to create a script.
      - Cannot change after creation (the Terraform provider replaces the script); a task asking another type of an
        existing script fails before any write, naming O(type).
    type: str
    choices: [standalone, middleware, dns]
  code:
    description:
      - The script's code as text, for example C({{ lookup('file', 'script.ts') }}) or a template's output.
      - Compared with the saved code by content; a change is one code write.
      - Not given (nor O(code_file)) leaves the code as it is.
    type: str
  code_file:
    description:
      - Path of the code's file on the controller, found as M(ansible.builtin.copy) finds C(src) (a role's C(files/),
        next to the playbook; a Vault encrypted file is decrypted), read there as UTF-8 text (at most 1 MiB) and
        passed to the module as O(code).
    type: path
  publish:
    description:
      - When to publish (make the saved code a new live release).
      - Null (the default) does what the Terraform provider does - after a code change, publish only when the script
        already has a release (so saved code stays live while it has none), and a V(dns) script always.
      - V(true) publishes whenever no live release holds the code given (the saved code when no code is given), on
        create too; a re-run then changes nothing.
      - V(false) never publishes.
    type: bool
  release:
    description:
      - The uuid (8 characters) of a release to make live again (a rollback), as M(edge.platform.edge_script_info)
        lists them. Nothing is sent when that release is live, or a release of the same code (the platform may make a
        new release of the old one); RV(release_matched) says which.
      - Not with O(code), O(code_file) or O(publish) (the task fails before any request, naming the option).
    type: str
  linked_pullzone:
    description:
      - Whether a new script gets a linked pull zone (the platform creates it with the script). Used only when the
        script is created.
      - Defaults to V(true) for a standalone script (as the official CLI does), V(false) for a middleware script; a
        DNS script never has one.
    type: bool
  linked_pullzone_name:
    description:
      - The name of the linked pull zone of a new standalone script. Pull zone names are unique across the whole
        platform.
      - Defaults to the script's name in lower case, each run of characters other than letters and digits made one
        C(-) (at most 60 characters).
    type: str
  rotate_deployment_key:
    description:
      - Rotate the script's deployment key. The platform chooses the new one; it is returned once in
        RV(deployment_key). Every run that asks reports a change.
    type: bool
    default: false
  delete_linked_pullzones:
    description:
      - With O(state=absent), also delete the pull zones linked to the script. By default they are kept (the platform
        then points them at a landing page).
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
      - Reads the script, its code and its active release and sends no write; a rotation is reported as a change and
        returns no key.
  diff_mode:
    support: full
    details:
      - The diff shows the script (name, type, the saved code when O(code) is given), which code is live (by release
        and the SHA-256 of its code), the deployment key as changing (never what it is), and on a delete the linked
        pull zones.
notes:
  - A task with O(rotate_deployment_key) gets a warning unless its C(no_log) is true, since the result then holds
    the new key.
seealso:
  - module: edge.platform.edge_script_info
    description: Read edge scripts, their releases, variables and secret names.
  - module: edge.platform.pullzone_hostname
    description: Manage the hostnames of the script's linked pull zone by its name.
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Deploy a standalone script from a file of the play and publish it (a new one gets a linked pull zone)
      edge.platform.edge_script:
        name: hello-edge
        type: standalone
        code_file: hello-edge.js
        publish: true
      register: hello

    - name: Show which code serves (saved code before the first publish, else the active release)
      ansible.builtin.debug:
        msg: "hello-edge serves its {{ hello.live }} code (active release {{ hello.active_release }})"

    - name: A DNS script (published on every code change, as the Terraform provider does)
      edge.platform.edge_script:
        name: resolver
        type: dns
        code: "{{ lookup('ansible.builtin.file', 'resolver.js') }}"

    - name: Read the releases of hello-edge
      edge.platform.edge_script_info:
        name: hello-edge
      register: hello_info

    - name: Roll back to its first release (no change when that release, or one of the same code, is live)
      edge.platform.edge_script:
        name: hello-edge
        release: "{{ hello_info.edge_scripts[0].releases[0].uuid }}"

    - name: Delete a script, keeping its linked pull zone
      edge.platform.edge_script:
        name: example-old-script
        state: absent
"""

RETURN = r"""
edge_script:
  description:
    - The script as the platform holds it after the task (null after O(state=absent), and in check mode for a script
      only predicted); never its deployment key.
  returned: success
  type: dict
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
live:
  description:
    - Which code is live - V(saved) (the script was never published, so its saved code serves), V(release) (the
      active release's code serves) or V(unknown) (in check mode, for a script only predicted; or the script says
      it has a release, C(CurrentReleaseId), yet none is active).
  returned: when O(state=present)
  type: str
  sample: release
active_release:
  description: The uuid of the active release, or null when the script has none.
  returned: when O(state=present)
  type: str
  sample: a1b2c3d4
release_matched:
  description:
    - With O(release), how the live release was found to be the one asked for - V(uuid) (it is that release), V(code)
      (a release of the same code is live) or null (it was published by this task).
  returned: when O(release) is given
  type: str
  sample: uuid
deployment_key:
  description: The new deployment key, returned once. Set the task keyword C(no_log) to C(true).
  returned: when O(rotate_deployment_key) rotated the key, not in check mode
  type: str
  sample: 0b1c2d3e-4f5a-6b7c-8d9e-0f1a2b3c4d5e
linked_pullzones:
  description: The pull zones linked to the deleted script, C(id), C(name) and C(hostname) each.
  returned: when O(state=absent)
  type: list
  elements: dict
  sample: [{"id": 2101, "name": "demo-script", "hostname": "demo-script.b-cdn.net"}]
linked_pullzones_deleted:
  description: Whether those pull zones were deleted with the script (O(delete_linked_pullzones)).
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

from ansible_collections.edge.platform.plugins.module_utils._cores.edge_scripts import (
    active,
    current,
    ensure,
    go_live,
    live_state,
    remove,
    roll_back,
    rotate,
    wanted,
)
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes.edge_scripts import shape_script


def run(ctx):
    code = wanted(ctx.params)
    script = current(ctx)
    name = ctx.params["name"] or (script or {}).get("Name")
    if ctx.params["state"] == "absent":
        return remove(ctx, script, name)
    script, saved, _wrote = ensure(ctx, script, name, code)
    release = active(ctx, script)
    result = {}
    if ctx.params["release"] is not None:
        release, result["release_matched"] = roll_back(ctx, script, release)
    else:
        release = go_live(ctx, script, release, code, saved)
    result.update(live_state(ctx, script, release, code), edge_script=shape_script(script))
    key = rotate(ctx, script)
    if key:
        result["deployment_key"] = key
    return result


MODULE = ModuleDef(
    argument_spec=dict(
        name=dict(type="str"),
        id=dict(type="int"),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        type=dict(type="str", choices=["standalone", "middleware", "dns"]),
        code=dict(type="str"),
        code_file=dict(type="path"),
        publish=dict(type="bool"),
        release=dict(type="str"),
        linked_pullzone=dict(type="bool"),
        linked_pullzone_name=dict(type="str"),
        rotate_deployment_key=dict(type="bool", default=False, no_log=False),
        delete_linked_pullzones=dict(type="bool", default=False),
    ),
    run=run,
    required_one_of=[["name", "id"]],
    returned_secret="deployment_key",
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
