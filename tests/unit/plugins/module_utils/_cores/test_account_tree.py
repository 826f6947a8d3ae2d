# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The check of an account tree's shape before the role sends anything: each kind's malformed entries, the first one
named by place and name with its keys only (never a value: settings and secrets hold them)."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._cores.account_tree import KINDS, problem, well_formed

GOOD = {
    "storage_zones": [{"name": "files", "settings": {"region": "DE"}}],
    "edge_scripts": [
        {
            "name": "s",
            "settings": {},
            "code_file": "edge_scripts/s.js",
            "variables": [],
            "secrets": [{"name": "T", "value": "v"}],
        },
        {"name": "t", "code": "x", "update_secret": "on_create"},
    ],
    "pull_zones": [
        {
            "name": "demo",
            "settings": {},
            "hostnames": [{}],
            "certificates": [{}],
            "optimizer_classes": None,
            "edge_rules": [],
        }
    ],
    "shield_zones": [
        {"pullzone_name": "demo", "waf_rules": [], "api_guardian": {"spec_file": "x.json", "endpoints": []}}
    ],
    "dns_zones": [{"domain": "example.com", "dnssec": {"state": "disabled"}, "records": []}, {"domain": "b.example"}],
    "databases": [{"name": "db", "settings": {}}],
}


def test_a_well_formed_tree_passes():
    assert problem(GOOD, list(KINDS)) is None
    assert problem({"shield_zones": [{"pullzone_name": "a", "waf_rules": {}}]}, ["shield_zones"]) is None  # empty: none
    assert problem({}, list(KINDS)) is None


@pytest.mark.parametrize(
    "kind, entry",
    [
        ("pull_zones", {"settings": {}}),
        ("pull_zones", {"name": ""}),
        ("pull_zones", {"name": 5}),
        ("pull_zones", {"name": "a", "settings": "x"}),
        ("pull_zones", {"name": "a", "hostnames": "cdn.example.com"}),
        ("pull_zones", {"name": "a", "certificates": ["x"]}),
        ("dns_zones", {"domain": "a", "records": "not a list"}),
        ("dns_zones", {"domain": "a", "dnssec": {"state": "on"}}),
        ("dns_zones", {"domain": "a", "dnssec": "enabled"}),
        ("edge_scripts", {"name": "a", "code": "x", "code_file": "y"}),
        ("edge_scripts", {"name": "a", "update_secret": "sometimes"}),
        ("edge_scripts", {"name": "a", "secrets": ["T"]}),
        ("edge_scripts", {"name": "a", "code_file": None}),
        ("shield_zones", {"pullzone_name": "a", "waf_rules": {"name": "x"}}),
        ("shield_zones", {"pullzone_name": "a", "api_guardian": {"endpoints": "x"}}),
        ("shield_zones", {"pullzone_name": "a", "api_guardian": {"settings": ["x"]}}),
        ("storage_zones", "files"),
        ("databases", {"name": "db", "settings": ["x"]}),
    ],
)
def test_each_malformed_entry_is_refused(kind, entry):
    assert not well_formed(kind, entry)
    message = problem(dict(GOOD, **{kind: GOOD[kind] + [entry]}), list(KINDS))
    assert message.startswith("%s %d of the tree (" % (KINDS[kind][0], len(GOOD[kind]) + 1))


def test_the_message_names_the_first_shows_keys_only_and_counts_the_others():
    tree = {"pull_zones": [{"name": "a"}, {"settings": {"token": "s3cret"}}, "not a mapping"]}
    assert problem(tree, ["pull_zones"]) == (
        "Pull zone 2 of the tree (no name) is malformed: each is a mapping with name (a non-empty string), settings (a "
        "mapping of edge.platform.pullzone options), hostnames, certificates, optimizer_classes (lists of mappings) and "
        "edge_rules (a list). It holds ['settings']. 1 more entries of the kind are malformed too."
    )
    assert problem({"dns_zones": "example.com"}, ["dns_zones"]) == (
        "dns_zones of the tree must be a list of entries, not str."
    )
    assert problem({"dns_zones": [{"records": 1}]}, ["pull_zones"]) is None  # a kind not chosen is not checked
    assert problem({"pul_zones": [], "dns_zones": []}, ["dns_zones"]) == (
        "The tree holds pul_zones, which is not a kind: the kinds are storage_zones, edge_scripts, pull_zones, "
        "shield_zones, dns_zones, databases."
    )
