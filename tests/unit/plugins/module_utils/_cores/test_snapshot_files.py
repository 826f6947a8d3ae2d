# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""A snapshot written as a directory in one task: a file written only when it differs, the files of gone resources
removed (never another file), nothing written in check mode. (Its text is to_nice_yaml's: test_snapshot_yaml.py, in
the controller's context, where that filter is.)"""

from __future__ import annotations

import os

from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_files import rendered, write_snapshot

ITEM = {
    "name": "démo",
    "settings": {"origin_url": "https://origin.example.com/" + "x" * 130, "cache_expiration_time": -1, "flag": True},
    "edge_rules": [{"description": "{% raw %}{{path}}{% endraw %}", "triggers": [{"pattern_matches": ["*.jpg"]}]}],
    "hostnames": [],
    "note": "two\nlines: and 'quotes'",
}


def read(**extra):
    result = {
        "account": {"pull_zones": [ITEM], "edge_scripts": [{"name": "hello", "code_file": "edge_scripts/hello.js"}]},
        "files": {"pull_zones": ["demo.yml"], "edge_scripts": ["hello.yml"]},
        "present": {"pull_zones": ["demo.yml", "other.yml"], "edge_scripts": ["hello.yml", "hello.js"]},
        "attachments": {"pull_zones": [], "edge_scripts": [{"path": "edge_scripts/hello.js", "content": "code\n"}]},
        "attachment_suffixes": {"pull_zones": [], "edge_scripts": ["js"]},
    }
    result.update(extra)
    return result


def test_written_when_it_differs_gone_files_removed_and_others_kept(tmp_path):
    (tmp_path / "pull_zones").mkdir()
    for name, text in (("gone.yml", "name: gone\n"), ("notes.txt", "mine\n"), ("other.yml", "name: other\n")):
        (tmp_path / "pull_zones" / name).write_text(text, encoding="utf-8")
    (tmp_path / "dns_zones").mkdir()  # a kind not read: untouched
    (tmp_path / "dns_zones" / "old.yml").write_text("domain: old\n", encoding="utf-8")

    assert write_snapshot(str(tmp_path), read(), check_mode=True) == (
        ["pull_zones/demo.yml", "edge_scripts/hello.js", "edge_scripts/hello.yml"],
        ["pull_zones/gone.yml"],
    )
    assert not (tmp_path / "edge_scripts").exists() and (tmp_path / "pull_zones" / "gone.yml").exists()

    written, removed = write_snapshot(str(tmp_path), read(), check_mode=False)
    assert (written, removed) == (
        ["pull_zones/demo.yml", "edge_scripts/hello.js", "edge_scripts/hello.yml"],
        ["pull_zones/gone.yml"],
    )
    assert sorted(os.listdir(tmp_path / "pull_zones")) == ["demo.yml", "notes.txt", "other.yml"]
    assert (tmp_path / "edge_scripts" / "hello.js").read_text(encoding="utf-8") == "code\n"
    assert (tmp_path / "pull_zones" / "demo.yml").read_text(encoding="utf-8") == rendered(ITEM)
    assert oct((tmp_path / "pull_zones" / "demo.yml").stat().st_mode & 0o777) == "0o644"
    assert (tmp_path / "dns_zones" / "old.yml").exists()

    assert write_snapshot(str(tmp_path), read(), check_mode=False) == ([], [])  # again: no change
    assert [name for name in os.listdir(tmp_path / "pull_zones") if name.startswith(".")] == []  # no temporary left
