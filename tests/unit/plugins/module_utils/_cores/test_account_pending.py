# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Which items of a tree the role sends to the modules: only those the account does not hold exactly as the tree
says (equal as the tree's files give the snapshot back), and never one whose equality is unknown."""

from __future__ import annotations

import copy
import json

import pytest

from ansible_collections.edge.platform.plugins.module_utils._cores.account_pending import (
    held_names,
    name_patterns,
    pending,
)
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_kit import chosen, literal, reference

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
    return texts.get


def kept(tree, held, read_file, kind):
    """The items of ``kind`` the comparison keeps for the modules."""
    return [tree[kind][place] for place in pending(tree, [kind], held, read_file)[kind]]


def test_items_equal_to_the_account_are_left_out_others_kept():
    zone, other = as_applied(ZONE), dict(as_applied(ZONE), name="other")
    changed = copy.deepcopy(zone)
    changed["hostnames"][0]["force_ssl"] = False
    tree = {"pull_zones": [zone, other, changed], "dns_zones": [{"domain": "example.com"}]}
    assert pending(tree, ["pull_zones", "dns_zones"], HELD, files()) == {"pull_zones": [1, 2], "dns_zones": [0]}


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
    assert kept({"pull_zones": [zone]}, HELD, files(), "pull_zones") == [zone]


def test_a_script_is_held_when_its_code_file_says_the_same_and_its_secret_is_on_create():
    tree = {"edge_scripts": [as_applied(SCRIPT)]}
    assert kept(tree, HELD, files(**{"edge_scripts/hello-edge.js": CODE}), "edge_scripts") == []
    for read in (files(**{"edge_scripts/hello-edge.js": CODE + "//"}), files()):  # other code, or no file
        assert kept(tree, HELD, read, "edge_scripts") == tree["edge_scripts"]
    always = {"edge_scripts": [dict(as_applied(SCRIPT), update_secret="always")]}  # the module compares the secret
    assert kept(always, HELD, files(**{"edge_scripts/hello-edge.js": CODE}), "edge_scripts") == always["edge_scripts"]


def test_a_vault_reference_is_never_equal_without_on_create():
    held = dict(HELD, account={"edge_scripts": [dict(SCRIPT, update_secret="always")]})
    tree = {"edge_scripts": [dict(as_applied(SCRIPT), update_secret="always")]}
    assert kept(tree, held, files(**{"edge_scripts/hello-edge.js": CODE}), "edge_scripts") == tree["edge_scripts"]


def test_kinds_not_read_keep_every_item():
    tree = {"databases": [{"name": "db"}], "pull_zones": [as_applied(ZONE)]}
    assert pending(tree, ["databases", "pull_zones"], HELD, files()) == {"databases": [0], "pull_zones": []}
    assert pending(tree, ["pull_zones"], {"failed": True}, files()) == {"pull_zones": [0]}


def test_the_names_read_are_the_trees_exactly():
    tree = {
        "pull_zones": [{"name": "a[1]*"}, {"name": "b"}],
        "dns_zones": [{"domain": "b"}],
        "databases": [{"name": "c"}],
    }
    names = held_names(tree, ["pull_zones", "dns_zones"])
    assert names == ["a[1]*", "b"]
    patterns = name_patterns(names)
    assert [n for n in ("a[1]*", "a1x", "b", "bb", "c") if chosen(n, patterns, [])] == ["a[1]*", "b"]
