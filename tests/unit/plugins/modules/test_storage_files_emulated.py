# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""storage_files and storage_file against the emulator (demo fixture, storage zone demo-files) on both hosts: a nested
directory synced, re-synced with no write, one file changed (one PUT), one removed with delete (one DELETE), check
mode and diff sending no write, a failure midway reported exactly and finished by a re-run, a checksum mismatch
answered 201 claiming nothing, the zone's password never shown; one file put, fetched and deleted."""

from __future__ import annotations

import tracemalloc

import pytest

from ansible_collections.edge.platform.plugins.module_utils._sets import storage_files as sets

HOSTS = ("module", "in-process")
PASSWORDS = ("demo-storage-password", "demo-storage-read-only")


def run(emulated, host, module="storage_files", check=False, diff=False, **args):
    args = dict(args, storage_base_url="%s/storage.bunnycdn.com" % emulated.url)
    args.setdefault("storage_zone", "demo-files")
    result, shown = emulated.run(module, emulated.arguments(module, args), host, check=check, diff=diff)
    assert not [secret for secret in PASSWORDS if secret in shown]
    return result


def storage_writes(emulated):
    return [(e["method"], e["path"]) for e in emulated.log() if e["method"] in ("PUT", "DELETE")]


def site(root, count=30):
    """``count`` small files in nested folders under ``root``."""
    for index in range(count):
        folder = root / ("d%d" % (index % 3)) / ("e%d" % (index % 2))
        folder.mkdir(parents=True, exist_ok=True)
        (folder / ("f%03d.txt" % index)).write_text("file %d\n" % index)
    return root


@pytest.mark.parametrize("host", HOSTS)
def test_sync_rerun_change_and_delete(emulated_demo, host, tmp_path):
    root = site(tmp_path / "site")
    checked = run(emulated_demo, host, check=True, diff=True, src=str(root), path="site")
    assert checked["changed"] and len(checked["uploaded"]) == 30 and len(checked["diff"]["after"]) == 30
    assert storage_writes(emulated_demo) == []
    synced = run(emulated_demo, host, src=str(root), path="site", concurrency=4)
    assert synced["uploaded"] == checked["uploaded"] and len(storage_writes(emulated_demo)) == 30
    again = run(emulated_demo, host, src=str(root), path="site")
    assert not again["changed"] and again["unchanged"] == 30 and len(storage_writes(emulated_demo)) == 30
    (root / "d0" / "e0" / "f000.txt").write_text("changed\n")
    (root / "d1" / "e1" / "f001.txt").unlink()
    changed = run(emulated_demo, host, src=str(root), path="site", delete=True)
    assert changed["replaced"] == ["site/d0/e0/f000.txt"] and changed["deleted"] == ["site/d1/e1/f001.txt"]
    assert storage_writes(emulated_demo)[30:] == [
        ("PUT", "/storage.bunnycdn.com/demo-files/site/d0/e0/f000.txt"),
        ("DELETE", "/storage.bunnycdn.com/demo-files/site/d1/e1/f001.txt"),
    ]
    assert not run(emulated_demo, host, src=str(root), path="site", delete=True)["changed"]


@pytest.mark.parametrize("host", HOSTS)
def test_a_failure_midway_is_reported_and_finished_by_a_rerun(emulated_demo, host, tmp_path):
    root = site(tmp_path / "site", count=12)
    emulated_demo.fault(path_regex=r"/site/d1/e1/f001\.txt$", method="PUT", status=400)
    failed = run(emulated_demo, host, src=str(root), path="site", concurrency=1)
    writes = failed["writes"]
    assert failed["failed"] and writes["failed"] == ["PUT /site/d1/e1/f001.txt"], failed
    assert len(writes["landed"]) + len(writes["not_sent"]) == 11 and writes["not_sent"]
    assert "Re-run" in failed["msg"]
    finished = run(emulated_demo, host, src=str(root), path="site")
    assert sorted(finished["uploaded"]) == sorted([w[5:] for w in writes["failed"] + writes["not_sent"]])
    assert not run(emulated_demo, host, src=str(root), path="site")["changed"]


def test_an_upload_over_the_zones_limit_is_sent_again_and_lands(emulated_demo, tmp_path):
    """Over the per-zone limit of concurrent uploads the platform answers 429 (docs/platform-notes.md, "Storage
    files: what the modules do"): nothing was stored, so the upload is sent again, its file read from the start."""
    root = site(tmp_path / "site", count=4)
    emulated_demo.fault(path_regex=r"/site/d1/e1/f001\.txt$", method="PUT", status=429, count=2)
    synced = run(emulated_demo, "in-process", src=str(root), path="site", concurrency=4)
    assert synced["changed"] and len(synced["uploaded"]) == 4 and emulated_demo.unused_faults() == 0, synced
    puts = [path for method, path in storage_writes(emulated_demo) if path.endswith("f001.txt")]
    assert len(puts) == 3
    assert not run(emulated_demo, "in-process", src=str(root), path="site")["changed"]


def test_a_checksum_mismatch_answered_201_claims_nothing(emulated_demo, tmp_path, monkeypatch):
    root = site(tmp_path / "site", count=2)
    real = sets.sha256_file
    monkeypatch.setattr(sets, "sha256_file", lambda source: (real(source)[0], "00" * 32))
    with emulated_demo.platform.gate.exclusive():
        emulated_demo.platform.areas["storage"].checksum_mismatch = "stored_nothing"
    failed = run(emulated_demo, "in-process", src=str(root), path="site")
    assert failed["failed"] and "state read back does not show it" in failed["msg"] and failed["writes"]["landed"] == []
    assert "PUT /site/d0/e0/f000.txt" in failed["msg"]


def test_bad_input_sends_nothing(emulated_demo, tmp_path):
    missing = run(emulated_demo, "module", src=str(tmp_path / "nope"))
    assert missing["failed"] and "src" in missing["msg"] and emulated_demo.log() == []
    dotted = run(emulated_demo, "in-process", src=str(tmp_path), path="a/../b")
    assert dotted["failed"] and "path" in dotted["msg"] and emulated_demo.log() == []


def test_a_zone_only_predicted_stands_in_under_check(emulated_demo, tmp_path):
    """On the module path nothing tells a predicted zone from a typo, so under --check a missing zone stands in (the
    in-process host consults the run's ledger: tests/integration/targets/site); a real run fails naming the option."""
    root = site(tmp_path / "site", count=3)
    planned = run(emulated_demo, "module", check=True, diff=True, src=str(root), storage_zone="not-yet")
    assert planned["changed"] and len(planned["uploaded"]) == 3 and len(planned["diff"]["after"]) == 3
    assert "Check mode: storage zone 'not-yet' does not exist" in " ".join(planned["warnings"])
    one = run(
        emulated_demo,
        "module",
        "storage_file",
        check=True,
        path="a.txt",
        src=str(root / "d0" / "e0" / "f000.txt"),
        storage_zone="not-yet",
    )
    assert one["changed"] and one["file"] is None
    assert storage_writes(emulated_demo) == []
    real = run(emulated_demo, "module", src=str(root), storage_zone="not-yet")
    assert real["failed"] and "No storage zone named 'not-yet'" in real["msg"]


@pytest.mark.parametrize("host", HOSTS)
def test_one_file_put_fetched_and_deleted(emulated_demo, host, tmp_path):
    source = tmp_path / "robots.txt"
    source.write_text("User-agent: *\n")
    put = dict(path="robots.txt", src=str(source), content_type="text/plain")
    checked = run(emulated_demo, host, "storage_file", check=True, diff=True, **put)
    assert checked["changed"] and checked["diff"]["before"] is None and storage_writes(emulated_demo) == []
    done = run(emulated_demo, host, "storage_file", **put)
    assert done["changed"] and done["file"]["content_type"] == "text/plain"
    assert not run(emulated_demo, host, "storage_file", **put)["changed"]
    dest = tmp_path / "copy.txt"
    fetched = run(emulated_demo, host, "storage_file", path="robots.txt", dest=str(dest))
    assert fetched["changed"] and dest.read_text() == "User-agent: *\n"
    assert not run(emulated_demo, host, "storage_file", path="robots.txt", dest=str(dest))["changed"]
    gone = run(emulated_demo, host, "storage_file", path="robots.txt", state="absent")
    assert gone["changed"] and storage_writes(emulated_demo)[-1][0] == "DELETE"
    assert not run(emulated_demo, host, "storage_file", path="robots.txt", state="absent")["changed"]


def test_a_large_upload_streams_from_disk_in_bounded_memory(emulated_demo, tmp_path):
    large = tmp_path / "large.bin"
    with open(large, "wb") as stream:
        stream.truncate(64 * 1024 * 1024)  # 64 MiB of zeros, sparse on disk
    tracemalloc.start()  # the whole task in this process: the module's read, hash and upload, and the emulator's
    try:
        put = run(emulated_demo, "in-process", "storage_file", path="large.bin", src=str(large))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert put["changed"], put.get("msg")
    assert peak < 16 * 1024 * 1024, "the upload held %d bytes at its peak" % peak
    # the platform holds the file whole: the same upload again is no change (its checksum and size match)
    assert not run(emulated_demo, "in-process", "storage_file", path="large.bin", src=str(large))["changed"]


def test_one_file_whose_checksum_the_platform_does_not_hold_claims_nothing(emulated_demo, tmp_path, monkeypatch):
    source = tmp_path / "robots.txt"
    source.write_text("User-agent: *\n")
    real = sets.sha256_file
    monkeypatch.setattr(sets, "sha256_file", lambda path: (real(path)[0], "00" * 32))
    with emulated_demo.platform.gate.exclusive():
        emulated_demo.platform.areas["storage"].checksum_mismatch = "stored_nothing"
    failed = run(emulated_demo, "in-process", "storage_file", path="robots.txt", src=str(source))
    assert failed["failed"] and "PUT /robots.txt" in failed["msg"] and "changed" not in failed
