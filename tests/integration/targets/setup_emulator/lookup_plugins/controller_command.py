# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Test helper of setup_emulator: run a command (a nested ansible-playbook) on the controller.

What an ``ansible.builtin.command`` task with ``argv`` and ``environment`` registers, computed in the controller's
worker: as a task, each run was also a module run (a new interpreter and the AnsiballZ payload, about 0.55 s of
CPU), and the playbooks and site targets run a nested ansible-playbook about fifty times. The command gets the
controller's environment with the given variables over it, as the command module does on the local connection, and
no standard input; ``unset`` keeps what ansible-test sets for its own run (its junit callback) from the nested
runs, which a user's run does not have.
"""

from __future__ import annotations

DOCUMENTATION = r"""
name: controller_command
short_description: Run a command on the controller, as the command module registers it
description:
  - Runs O(argv) with the controller's environment without O(unset) and with O(environment) over it, standard
    input closed, and
    returns C(rc), C(stdout) and C(stderr) (each without its trailing newlines), C(stdout_lines) and
    C(stderr_lines), as M(ansible.builtin.command) registers them. A non-zero exit status is an error only with
    O(check).
options:
  argv:
    description: The command and its arguments.
    type: list
    elements: str
    required: true
  environment:
    description: Environment variables set over the controller's (each value a string).
    type: dict
    default: {}
  unset:
    description: Environment variables of the controller's the command does not get.
    type: list
    elements: str
    default: []
  check:
    description: Fail, with what the command printed, when it exits with a status other than 0 (set-up steps).
    type: bool
    default: false
"""

import os
import subprocess

from ansible.errors import AnsibleError
from ansible.plugins.lookup import LookupBase


class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        self.set_options(var_options=variables, direct=kwargs)
        argv = [str(arg) for arg in self.get_option("argv")]
        given = self.get_option("environment")
        wrong = sorted(name for name, value in given.items() if not isinstance(value, str))
        if terms or not argv or wrong:
            raise AnsibleError(
                "controller_command: give argv (no terms) and string environment values; not strings: %s" % wrong
            )
        env = {name: value for name, value in os.environ.items() if name not in self.get_option("unset")}
        env.update(given)
        try:
            proc = subprocess.run(
                argv, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace", check=False
            )
        except OSError as exc:
            raise AnsibleError("controller_command: %s could not run: %s" % (argv[0], exc))
        stdout, stderr = proc.stdout.rstrip("\r\n"), proc.stderr.rstrip("\r\n")
        if proc.returncode and self.get_option("check"):
            raise AnsibleError(
                "controller_command: %s exited %d: %s" % (argv[0], proc.returncode, (stdout + stderr)[-2000:])
            )
        return [
            {
                "rc": proc.returncode,
                "stdout": stdout,
                "stderr": stderr,
                "stdout_lines": stdout.splitlines(),
                "stderr_lines": stderr.splitlines(),
            }
        ]
