# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""A snapshot file's text is what Ansible's to_nice_yaml(sort_keys=True, indent=2, width=120) gives, the form the
playbook wrote before the module wrote the files (controller context: the filter is controller code)."""

from __future__ import annotations

from ansible.plugins.filter.core import to_nice_yaml

from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_files import rendered

ITEM = {
    "name": "démo",
    "settings": {"origin_url": "https://origin.example.com/" + "x" * 130, "cache_expiration_time": -1, "flag": True},
    "edge_rules": [{"description": "{% raw %}{{path}}{% endraw %}", "triggers": [{"pattern_matches": ["*.jpg"]}]}],
    "hostnames": [],
    "records": [{"name": "", "type": "TXT", "value": "v=spf1 -all", "ttl": 300}, {"name": "@", "value": "yes"}],
    "note": "two\nlines: and 'quotes'",
}


def test_an_item_renders_as_to_nice_yaml_does():
    assert rendered(ITEM) == to_nice_yaml(ITEM, sort_keys=True, indent=2, width=120)
