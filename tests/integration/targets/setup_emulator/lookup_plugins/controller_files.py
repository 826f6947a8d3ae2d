# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Test helper of setup_emulator: write (or remove) a target's scratch files on the controller.

What ``ansible.builtin.copy`` with ``content`` and ``ansible.builtin.file`` with ``state: absent`` do on the local
connection, computed in the controller's worker: as tasks, each file was a module run (a new interpreter and the
AnsiballZ payload, about 0.55 s of CPU), and the site target writes a dozen files for its static site. For set-up
files only: what a module under test reads or writes still goes through its own task.
"""

from __future__ import annotations

DOCUMENTATION = r"""
name: controller_files
short_description: Write or remove files on the controller, as copy and file tasks would
description:
  - Writes each entry of O(files) whose value is a string with that content (its parent directories made, mode
    0755, as needed) and mode O(mode), and removes each whose value is null (nothing when it is not there).
  - Returns the paths written or removed, in the order given.
options:
  files:
    description: Path to content (a string), or to null to remove the file.
    type: dict
    required: true
  mode:
    description: The mode of the files written (octal, as a string).
    type: str
    default: "0644"
"""

import os

from ansible.errors import AnsibleError
from ansible.plugins.lookup import LookupBase


class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        self.set_options(var_options=variables, direct=kwargs)
        files = self.get_option("files")
        wrong = sorted(path for path, content in files.items() if content is not None and not isinstance(content, str))
        if terms or not files or wrong:
            raise AnsibleError(
                "controller_files: give files (no terms), each a string or null; not strings: %s" % wrong
            )
        mode = int(self.get_option("mode"), 8)
        for path, content in files.items():
            if content is None:
                if os.path.lexists(path):
                    os.remove(path)
                continue
            os.makedirs(os.path.dirname(path) or ".", mode=0o755, exist_ok=True)
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(content)
            os.chmod(path, mode)
        return list(files)
