# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The storage_files plan: the local walk and its globs, streamed hashes, the remote tree (one listing per directory,
only those needed), an existing directory listing nothing confirmed file by file, and what is uploaded, replaced,
deleted or unchanged."""

from __future__ import annotations

import hashlib

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._sets import storage_files as sets


def tree(root, files):
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def stored(name, text=None, directory=False, content_type=""):
    if directory:
        return {"ObjectName": name, "IsDirectory": True, "Length": 0, "Checksum": None}
    data = text.encode()
    checksum = hashlib.sha256(data).hexdigest().upper()
    return {
        "ObjectName": name,
        "IsDirectory": False,
        "Length": len(data),
        "Checksum": checksum,
        "ContentType": content_type,
    }


def test_the_walk_hashes_in_chunks_and_applies_globs_and_content_types(tmp_path, monkeypatch):
    root = tree(tmp_path, {"index.html": "<p>hi</p>", "a/app.js": "x", "a/app.js.map": "y", "a/b/c.css": "z"})
    monkeypatch.setattr(sets, "CHUNK", 2)  # several reads a file: the hash is the whole file's
    found = sets.local_files(str(root), exclude=["*.map"], content_types={"*.html": "text/html", "*": "other"})
    assert sorted(found) == ["a/app.js", "a/b/c.css", "index.html"]
    assert found["index.html"].checksum == hashlib.sha256(b"<p>hi</p>").hexdigest().upper()
    assert (found["index.html"].size, found["index.html"].content_type) == (9, "text/html")
    assert found["a/app.js"].content_type == "other"
    assert sorted(sets.local_files(str(root), include=["a/*"])) == ["a/app.js", "a/app.js.map", "a/b/c.css"]


def test_a_missing_src_fails_naming_it(tmp_path):
    with pytest.raises(InputError, match="^src .* is not a directory"):
        sets.local_files(str(tmp_path / "nope"))


def test_the_remote_tree_lists_each_needed_directory_once():
    listings = {
        "site": [stored("a", directory=True), stored("skip", directory=True), stored("index.html", "x")],
        "site/a": [stored("b", directory=True), stored("one.txt", "1")],
        "site/a/b": [],
        "site/skip": [stored("old.txt", "o")],
    }
    asked = []

    def listing(path):
        asked.append(path)
        return listings[path]

    found, empty = sets.remote_files(listing, "site", 4, sets.needed({"a/one.txt": None, "a/b/two": None}, False))
    assert sorted(asked) == ["site", "site/a", "site/a/b"] and sorted(found) == ["a/one.txt", "index.html"]
    assert empty == {"a/b"}
    asked[:] = []
    found, empty = sets.remote_files(listing, "site", 4, sets.needed({}, True))
    assert sorted(asked) == ["site", "site/a", "site/a/b", "site/skip"] and "skip/old.txt" in found
    assert sets.unconfirmed_new({"a/b/two": None, "a/one.txt": None, "x": None}, {"a/b"}) == ["a/b/two"]
    assert sets.unconfirmed_new({"a/b/two": None, "x": None}, {""}) == ["a/b/two", "x"]


def test_a_missing_prefix_listing_nothing_is_no_existing_directory():
    found, empty = sets.remote_files(lambda path: [], "site", 2)
    assert (found, empty) == ({}, set())
    assert sets.remote_files(lambda path: [], "", 2) == ({}, {""})


def test_the_plan_uploads_replaces_and_deletes_only_with_delete(tmp_path):
    root = tree(tmp_path, {"same.txt": "s", "changed.txt": "new", "new.txt": "n", "typed.html": "t", "keep.map": "k"})
    local = sets.local_files(str(root), exclude=["*.map"], content_types={"*.html": "text/html"})
    remote = {
        "same.txt": stored("same.txt", "s"),
        "changed.txt": stored("changed.txt", "old"),
        "typed.html": stored("typed.html", "t", content_type="text/plain"),
        "gone.txt": stored("gone.txt", "g"),
        "kept.map": stored("kept.map", "m"),
    }
    kept = sets.Plan(local, remote, delete=False, exclude=["*.map"])
    assert (kept.uploaded, kept.replaced, kept.deleted, kept.unchanged) == (
        ["new.txt"],
        ["changed.txt", "typed.html"],
        [],
        1,
    )
    plan = sets.Plan(local, remote, delete=True, exclude=["*.map"])
    assert plan.deleted == ["gone.txt"] and plan.changes
    assert plan.summary("site")["deleted"] == ["site/gone.txt"]
    diff = plan.diff("site")
    assert sorted(diff["before"]) == ["site/changed.txt", "site/gone.txt", "site/typed.html"]
    assert sorted(diff["after"]) == ["site/changed.txt", "site/new.txt", "site/typed.html"]
    assert diff["after"]["site/new.txt"].startswith("1 bytes, sha256 ")


def test_checksums_compare_without_case():
    local = sets.LocalFile("x", 1, "AB" * 32)
    assert not sets.differs(local, {"Checksum": "ab" * 32, "Length": 1})
    assert sets.differs(local, {"Checksum": "ab" * 32, "Length": 2})
    assert sets.differs(local, {"Checksum": None, "Length": 1})
