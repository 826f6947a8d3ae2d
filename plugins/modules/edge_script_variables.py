#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: edge_script_variables
short_description: Keep the environment variables of an edge script or a DNS script
version_added: 1.3.0
description:
  - Makes the variables O(variables) lists exact on one script, in one task (the record sets model of
    community.dns); plans from one read of the script, shows one diff of the variables by name, then writes.
  - A listed variable the script lacks is added; one whose value or O(variables[].required) differs is updated; with
    O(purge=true) the script's variables not listed are deleted, otherwise they are left as they are.
  - Works for edge scripts (standalone and middleware) and for DNS scripts; a DNS script's variables are never
    required, so O(variables[].required=true) on a DNS script fails before any write.
  - Values are not secret (the platform returns them to every read); keep secret values in
    M(edge.platform.edge_script_secrets).
  - A script whose variables are as listed costs two reads (the listing that finds it by name, then the script) and
    no write. The writes go one at a time; a lost answer is settled by reading the script again, never by sending
    twice; a failure stops the rest and RV(writes) says what landed, failed, is unknown or was not sent.
options:
  variables:
    description:
      - The variables of the script. Names must be unique within the list.
    type: list
    elements: dict
    required: true
    suboptions:
      name:
        description: The variable's name (compared exactly, case and all); 1 to 256 characters.
        type: str
        required: true
      value:
        description:
          - The variable's value (the platform's default value), at most 4096 characters; an empty value when not
            given.
        type: str
      required:
        description: Whether the script requires the variable. Always false for a DNS script.
        type: bool
        default: false
  purge:
    description: Delete the script's variables that O(variables) does not list.
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
      - Reads the script, sends no write and predicts the variables exactly.
  diff_mode:
    support: full
    details:
      - One diff of the script's variables by name (value and required), before and after.
seealso:
  - module: edge.platform.edge_script
  - module: edge.platform.edge_script_info
  - module: edge.platform.edge_script_secrets
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Give the script hello-edge its variables, and no others
  edge.platform.edge_script_variables:
    api_key: "{{ vault_edge_api_key }}"
    script: hello-edge
    purge: true
    variables:
      - name: GREETING
        value: hello
      - name: ORIGIN_HOST
        value: origin.example.com
        required: true
"""

RETURN = r"""
script:
  description: The script of the variables.
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
variables:
  description:
    - The variables of the script after the task (as predicted in check mode); those not listed are included unless
      O(purge=true) deleted them.
  returned: success
  type: list
  elements: dict
  contains:
    name:
      description: The variable's name.
      type: str
      sample: GREETING
    value:
      description: The variable's value ("" when the platform holds none).
      type: str
      sample: hello
    required:
      description: Whether the script requires the variable.
      type: bool
      sample: false
    id:
      description: The variable's id; null for a variable only predicted in check mode, or whose add answer was lost.
      type: int
      sample: 101
added:
  description: The names of the variables added (would be, in check mode).
  returned: success
  type: list
  elements: str
  sample: [GREETING]
updated:
  description: The names of the variables updated (would be, in check mode).
  returned: success
  type: list
  elements: str
  sample: []
deleted:
  description: The names of the variables O(purge=true) deleted (would delete, in check mode).
  returned: success
  type: list
  elements: str
  sample: [OLD_FLAG]
# BEGIN edge.platform.batch_writes
# sample landed: [add variable REGION]
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
      sample: [add variable REGION]
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
from ansible_collections.edge.platform.plugins.module_utils._cores.edge_script_variables import manage
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    return manage(ctx)


MODULE = ModuleDef(
    argument_spec=dict(
        script_options(),
        variables=dict(
            type="list",
            elements="dict",
            required=True,
            options=dict(
                name=dict(type="str", required=True),
                value=dict(type="str"),
                required=dict(type="bool", default=False),
            ),
        ),
        purge=dict(type="bool", default=False),
    ),
    run=run,
    **SCRIPT_VALIDATION,
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
