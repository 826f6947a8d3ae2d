# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""edge.platform.variable_files reads a file as include_vars does: a vault-encrypted file decrypted, a text holding a
Jinja delimiter trusted as a template (filled when used), every other text plain, Ansible's tags honoured."""

from __future__ import annotations

import pytest
from ansible.errors import AnsibleError
from ansible.parsing.dataloader import DataLoader
from ansible.parsing.vault import VaultLib, VaultSecret
from ansible.template import is_trusted_as_template

from ansible_collections.edge.platform.plugins.lookup.variable_files import LookupModule

TEXT = 'name: demo\nsettings:\n  token: "{{ vault_token }}"\n  rule: "{% raw %}{{path}}{% endraw %}"\n  ttl: 300\n'


def lookup(secret=None):
    loader = DataLoader()
    if secret is not None:
        loader.set_vault_secrets([("default", VaultSecret(secret))])
    return LookupModule(loader=loader)


def test_plain_yaml_keeps_templates_trusted_and_other_texts_plain(tmp_path):
    (tmp_path / "demo.yml").write_text(TEXT, encoding="utf-8")
    [read] = lookup().run([str(tmp_path / "demo.yml")], {})
    assert read == {
        "name": "demo",
        "settings": {"token": "{{ vault_token }}", "rule": "{% raw %}{{path}}{% endraw %}", "ttl": 300},
    }
    assert is_trusted_as_template(read["settings"]["token"]) and is_trusted_as_template(read["settings"]["rule"])
    assert not is_trusted_as_template(read["name"])


def test_a_vault_encrypted_file_is_decrypted(tmp_path):
    vault = VaultLib([("default", VaultSecret(b"pass"))])
    (tmp_path / "demo.yml").write_bytes(vault.encrypt(TEXT))
    [read] = lookup(b"pass").run([str(tmp_path / "demo.yml")], {})
    assert read["settings"]["ttl"] == 300 and is_trusted_as_template(read["settings"]["token"])


def test_ansible_tags_go_through_ansibles_loader(tmp_path):
    (tmp_path / "demo.yml").write_text("name: demo\nnote: !unsafe '{{ not a template }}'\n", encoding="utf-8")
    [read] = lookup().run([str(tmp_path / "demo.yml")], {})
    assert read["note"] == "{{ not a template }}" and not is_trusted_as_template(read["note"])


def test_a_file_that_is_not_yaml_fails_naming_it(tmp_path):
    (tmp_path / "bad.yml").write_text("name: [unclosed\n", encoding="utf-8")
    with pytest.raises(AnsibleError, match="bad.yml"):
        lookup().run([str(tmp_path / "bad.yml")], {})
