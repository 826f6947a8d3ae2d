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

import yaml
from ansible.errors import AnsibleError
from ansible.plugins.lookup import LookupBase
from ansible.template import trust_as_template

JINJA_MARKS = ("{{", "{%", "{#")
FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def templates_only(value, trust):
    """``value`` with its texts that hold no Jinja delimiter plain, which Ansible then does not render one by one
    (seconds for hundreds of files). Those that hold one are templates: ``trust`` marks them so (PyYAML's texts),
    else they stay as Ansible's loader made them (an ``!unsafe`` text stays no template)."""
    if isinstance(value, dict):
        return {(str(key) if isinstance(key, str) else key): templates_only(item, trust) for key, item in value.items()}
    if isinstance(value, list):
        return [templates_only(item, trust) for item in value]
    if isinstance(value, str):
        if not any(mark in value for mark in JINJA_MARKS):
            return str(value)
        return trust_as_template(str(value)) if trust else value
    return value


class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        self.set_options(var_options=variables, direct=kwargs)
        return [self._read(self.find_file_in_search_path(variables, "vars", term)) for term in terms]

    def _read(self, path):
        """The file's content. Plain YAML (no tag such as !vault or !unsafe, which only Ansible's loader knows) is
        parsed by PyYAML's C loader, ten times faster; anything else, or what it cannot parse, by Ansible's loader,
        whose message names the file and the line."""
        try:
            text = str(self._loader.get_text_file_contents(path))  # decrypted when the file is vault-encrypted
            if "!" not in text:
                try:
                    return templates_only(yaml.load(text, Loader=FAST_LOADER), trust=True)  # noqa: S506  # safe
                except yaml.YAMLError:
                    pass
            return templates_only(
                self._loader.load_from_file(path, cache="none", trusted_as_template=True), trust=False
            )
        except AnsibleError as exc:
            raise AnsibleError("%s cannot be read as a variable file: %s" % (path, exc)) from exc
