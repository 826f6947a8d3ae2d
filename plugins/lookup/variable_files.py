# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The lookup edge.platform.variable_files: many variable files read in one task, as include_vars reads one."""

from __future__ import annotations

DOCUMENTATION = r"""
name: variable_files
short_description: Read variable files (YAML or JSON) as include_vars reads them, many in one task
version_added: 1.3.0
description:
  - Returns the content of each file, read on the controller as M(ansible.builtin.include_vars) reads a file. A file
    encrypted with Ansible Vault is decrypted, and the values may be templates (such as a reference to a vault
    variable, C({{ vault_token }})), filled when they are used, while a text inside a Jinja raw block comes back as
    the text. M(ansible.builtin.file) with C(from_yaml) returns neither.
  - One task for hundreds of files. The role C(edge.platform.account) reads a snapshot directory with it; an
    M(ansible.builtin.include_vars) loop costs a task per file.
  - A file that cannot be read or parsed fails the lookup, naming the file.
options:
  _terms:
    description: Paths of the files, on the controller (a relative path is taken from the playbook's directory).
    type: list
    elements: path
    required: true
"""

EXAMPLES = r"""
- name: Read every pull zone file of a snapshot directory
  ansible.builtin.set_fact:
    pull_zones: "{{ query('edge.platform.variable_files', *query('ansible.builtin.fileglob', 'account/pull_zones/*.yml')) }}"
  no_log: true  # the values of vault references are filled when used
"""

RETURN = r"""
_raw:
  description: The content of each file, in the order given.
  type: list
  elements: raw
"""

from ansible.plugins.lookup import LookupBase


class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        self.set_options(var_options=variables, direct=kwargs)
        found = []
        for term in terms:
            path = self.find_file_in_search_path(variables, "vars", term)
            found.append(self._loader.load_from_file(path, cache="none", trusted_as_template=True))
        return found
