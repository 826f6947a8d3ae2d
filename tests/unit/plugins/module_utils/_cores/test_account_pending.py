# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Which items of a tree the role sends to the modules: only those the account does not hold exactly as the tree
says (equal as the tree's files give the snapshot back), and never one whose equality is unknown."""

from __future__ import annotations

import copy
import json

import pytest
from ansible.errors import AnsibleFilterError
from ansible_collections.edge.platform.plugins.filter.account_pending import FilterModule, text_of
from ansible_collections.edge.platform.plugins.module_utils._cores.account_pending import pending
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_kit import literal, reference

CODE = "export default { fetch() { return new Response('hi'); } }\n"
ZONE = {
    "name": "demo",
    "settings": {"origin_url": "https://origin.example.com", "cache_expiration_time": -1, "enable_logging": True},
    "hostnames": [{"hostname": "cdn.example.com", "force_ssl": True}],
    "edge_rules": [{"description": "redirect", "actions": [{"parameter1": literal("https://x/{{path}}")}]}],
}
SCRIPT = {
    "name": "hello-edge",
    "settings": {"type": "standalone", "publish": True},
    "code_file": "edge_scripts/hello-edge.js",
    "secrets": [{"name": "API_TOKEN", "value": reference("vault_edge_script_hello_edge_secret_api_token")}],
    "update_secret": "on_create",
}
HELD = {
    "account": {"pull_zones": [ZONE], "edge_scripts": [SCRIPT], "dns_zones": []},
    "attachments": {"pull_zones": [], "edge_scripts": [{"path": "edge_scripts/hello-edge.js", "content": CODE}]},
}


def as_applied(item):
    """``item`` as the role gets it from the snapshot's file: raw texts unwrapped, vault references filled."""
    text = json.dumps(item).replace("{% raw %}", "").replace("{% endraw %}", "")
    return json.loads(text.replace(reference("vault_edge_script_hello_edge_secret_api_token"), "s3cret"))


def files(**texts):
    return lambda path: texts.get(path)


def names(tree, kind, key="name"):
    return [item[key] for item in tree[kind]]


def test_items_equal_to_the_account_are_left_out_others_kept():
    zone, other = as_applied(ZONE), dict(as_applied(ZONE), name="other")
    changed = copy.deepcopy(zone)
    changed["hostnames"][0]["force_ssl"] = False
    tree = {"pull_zones": [zone, other], "dns_zones": [{"domain": "example.com"}]}
    assert names(pending(tree, HELD, files()), "pull_zones") == ["other"]  # not held: created by its modules
    assert pending({"pull_zones": [changed]}, HELD, files())["pull_zones"] == [changed]
    assert pending(tree, HELD, files())["dns_zones"] == [{"domain": "example.com"}]


@pytest.mark.parametrize(
    "edit",
    [
        lambda zone: zone["settings"].update(cache_expiration_time=60),  # a value differs
        lambda zone: zone["settings"].update(enable_logging=1),  # 1 is not true
        lambda zone: zone["settings"].pop("origin_url"),  # says less
        lambda zone: zone["settings"].update(extra=None),  # says more (null: a key the snapshot has not)
        lambda zone: zone["hostnames"].append({"hostname": "b.example.com"}),
        lambda zone: zone["edge_rules"][0]["actions"][0].update(parameter1=literal("https://x/{{path}}")),  # raw kept
        lambda zone: zone.update(hostnames=list(reversed(zone["hostnames"] + [{"hostname": "a"}]))),
    ],
)
def test_any_difference_keeps_the_item(edit):
    zone = as_applied(ZONE)
    edit(zone)
    assert pending({"pull_zones": [zone]}, HELD, files())["pull_zones"] == [zone]


def test_a_script_is_held_when_its_code_file_says_the_same_and_its_secret_is_on_create():
    script = as_applied(SCRIPT)
    assert pending({"edge_scripts": [script]}, HELD, files(**{"edge_scripts/hello-edge.js": CODE})) == {"edge_scripts": []}
    for read in (files(**{"edge_scripts/hello-edge.js": CODE + "//"}), files()):  # other code, or no file
        assert pending({"edge_scripts": [script]}, HELD, read)["edge_scripts"] == [script]
    always = dict(script, update_secret="always")  # the module compares the secret: its module decides
    assert pending({"edge_scripts": [always]}, HELD, files(**{"edge_scripts/hello-edge.js": CODE}))["edge_scripts"] == [always]


def test_a_vault_reference_is_never_equal_without_on_create():
    read = dict(SCRIPT, update_secret="always")
    held = dict(HELD, account={"edge_scripts": [read]})
    script = dict(as_applied(SCRIPT), update_secret="always")
    assert pending({"edge_scripts": [script]}, held, files(**{"edge_scripts/hello-edge.js": CODE}))["edge_scripts"] == [script]


def test_kinds_not_read_and_a_skipped_read_keep_every_item():
    tree = {"databases": [{"name": "db"}], "pull_zones": [as_applied(ZONE)]}
    assert pending(tree, HELD, files())["databases"] == [{"name": "db"}]
    assert pending(tree, {"skipped": True}, files()) == tree


def test_the_filter_reads_files_relative_to_root_and_refuses_other_input(tmp_path):
    (tmp_path / "edge_scripts").mkdir()
    (tmp_path / "edge_scripts" / "hello-edge.js").write_text(CODE, encoding="utf-8")
    account_pending = FilterModule().filters()["account_pending"]
    assert account_pending({"edge_scripts": [as_applied(SCRIPT)]}, HELD, str(tmp_path)) == {"edge_scripts": []}
    assert text_of(str(tmp_path))(str(tmp_path / "edge_scripts" / "hello-edge.js")) == CODE  # absolute as is
    assert text_of(str(tmp_path))("missing.js") is None
    with pytest.raises(AnsibleFilterError, match="registered result of edge.platform.account_snapshot"):
        account_pending({"pull_zones": []}, "not a result")
