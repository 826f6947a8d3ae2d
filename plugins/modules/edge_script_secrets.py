#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: edge_script_secrets
short_description: Keep the secrets of an edge script
version_added: 1.3.0
description:
  - Sets the secrets O(secrets) lists on one edge script (standalone or middleware), in one task; with O(purge=true)
    the script's secrets not listed are deleted, otherwise they are left as they are.
  - A secret's value is write-only (the platform never returns it), so a task can only see which secrets a script
    holds, by name. A listed secret the script lacks is always created; one it holds is set again as
    O(update_secret) says.
  - Values are never in the result, the diff, a warning, an error or any output, at any verbosity; the result names
    the secrets set, created and deleted.
  - DNS scripts take no secrets (as the platform's Terraform provider, this module refuses them before any write).
  - The writes go one at a time. A create whose answer is lost is settled by listing the script's secrets, by name,
    never by sending it twice; a value set again whose answer is lost is unknown (it cannot be read back). A failure
    stops the rest and RV(writes) says what landed, failed, is unknown or was not sent.
options:
  secrets:
    description: The secrets of the script. Names must be unique within the list.
    type: list
    elements: dict
    required: true
    suboptions:
      name:
        description: The secret's name (compared exactly, case and all); 1 to 256 characters.
        type: str
        required: true
      value:
        description: The secret's value, at most 4096 characters. Never shown.
        type: str
        required: true
  update_secret:
    description:
      - When a secret the script already holds is set, the convention of Ansible's user modules (C(update_password)).
      - V(always) sets every listed secret on every run, as its value cannot be compared; the task therefore reports
        a change on every run.
      - V(on_create) sets a secret only when the script does not hold one of its name, so a re-run is no change; a
        new value for an existing secret is then not sent (delete the secret, or run once with V(always), to change
        it).
    type: str
    default: always
    choices: [always, on_create]
  purge:
    description: Delete the script's secrets that O(secrets) does not list.
    type: bool
    default: false
extends_documentation_fragment:
  - edge.platform.edge_script_env
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
    details:
      - Lists the script's secrets, sends no write and predicts which secrets would be set and deleted.
  diff_mode:
    support: full
    details:
      - One diff of the script's secrets by name, each marked C((set)) or C((set by this task)); never a value.
seealso:
  - module: edge.platform.edge_script
  - module: edge.platform.edge_script_info
  - module: edge.platform.edge_script_variables
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Give the script hello-edge its API token once (a re-run changes nothing)
  edge.platform.edge_script_secrets:
    api_key: "{{ vault_edge_api_key }}"
    script: hello-edge
    update_secret: on_create
    secrets:
      - name: API_TOKEN
        value: "{{ vault_demo_api_token | default('demo-token-value') }}"
"""

RETURN = r"""
script:
  description: The script of the secrets.
  returned: success
  type: dict
  contains:
    # BEGIN edge.platform.edge_script_env.SCRIPT
    id:
      description: The script's id; null for a script only predicted in check mode.
      type: int
      sample: 7001
    name:
      description: The script's name.
      type: str
      sample: demo-script
    type:
      description:
        - V(standalone), V(middleware) or V(dns); a number the collection cannot name is returned as the number.
        - Null for a script only predicted in check mode.
      type: raw
      sample: standalone
    # END edge.platform.edge_script_env.SCRIPT
secrets:
  description: The names of the script's secrets after the task (as predicted in check mode), sorted; never a value.
  returned: success
  type: list
  elements: str
  sample: [API_TOKEN]
set:
  description: The names of the secrets whose value the task set (would set, in check mode), created ones included.
  returned: success
  type: list
  elements: str
  sample: [API_TOKEN]
created:
  description: The names of the secrets the task created (would create, in check mode).
  returned: success
  type: list
  elements: str
  sample: [API_TOKEN]
deleted:
  description: The names of the secrets O(purge=true) deleted (would delete, in check mode).
  returned: success
  type: list
  elements: str
  sample: []
# BEGIN edge.platform.batch_writes
# sample landed: [create secret API_TOKEN]
writes:
  description:
    - When a write failed, what became of each planned write, by its label (as the message names it).
  returned: failure after a write
  type: dict
  contains:
    landed:
      description: The writes that landed (answered as done, or shown done by the state read back).
      type: list
      elements: str
      sample: [create secret API_TOKEN]
    failed:
      description:
        - The writes the platform refused, or whose answer was lost or is no proof and the state read back does not
          show them (never sent again).
      type: list
      elements: str
    unknown:
      description:
        - The writes whose answer was lost and which the state read back could not settle (the read failed, or it
          cannot show the write, as a secret's value is never returned).
      type: list
      elements: str
    not_sent:
      description: The writes not sent because of the failure.
      type: list
      elements: str
# END edge.platform.batch_writes
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

from ansible_collections.edge.platform.plugins.module_utils._cores.edge_script_env import (
    SCRIPT_VALIDATION,
    script_options,
)
from ansible_collections.edge.platform.plugins.module_utils._cores.edge_script_secrets import manage
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    return manage(ctx)


MODULE = ModuleDef(
    argument_spec=dict(
        script_options(),
        secrets=dict(
            type="list",
            elements="dict",
            required=True,
            no_log=False,  # the list holds names too: its values are no_log (its sub-option value)
            options=dict(name=dict(type="str", required=True), value=dict(type="str", required=True, no_log=True)),
        ),
        update_secret=dict(type="str", default="always", choices=["always", "on_create"], no_log=False),
        purge=dict(type="bool", default=False),
    ),
    run=run,
    **SCRIPT_VALIDATION,
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
