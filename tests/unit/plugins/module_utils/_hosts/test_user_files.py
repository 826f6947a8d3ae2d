"""Tests for _files: bounded reads of user-named files."""

from __future__ import annotations

import os

import pytest

from ansible_collections.edge.platform.plugins.module_utils._hosts import user_files as _files
from ansible_collections.edge.platform.plugins.module_utils._hosts.user_files import FileProblem, read_regular_file


def test_a_file_up_to_the_limit_is_read(tmp_path):
    path = tmp_path / "exact.pem"
    path.write_bytes(b"x" * 2048)
    assert read_regular_file(str(path), 2048) == b"x" * 2048
    (tmp_path / "empty.pem").write_bytes(b"")
    assert read_regular_file(str(tmp_path / "empty.pem"), 2048) == b""


def refused(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(str(fifo))
    big = tmp_path / "big"
    big.write_bytes(b"x" * 2049)
    return [
        (str(fifo), "%s is a named pipe (FIFO), not a regular file" % fifo),
        ("/dev/zero", "/dev/zero is a character device, not a regular file"),
        ("/dev/urandom", "/dev/urandom is a character device, not a regular file"),
        (str(tmp_path), "%s is a directory, not a regular file" % tmp_path),
        (str(big), "%s is larger than 2 KiB" % big),
        ("/proc/self/environ", "/proc/self/environ is in /proc, a kernel pseudo-filesystem, not a file on disk"),
        ("/proc/self/status", "/proc/self/status is in /proc, a kernel pseudo-filesystem, not a file on disk"),
        (str(tmp_path / "missing"), "cannot read %s: No such file or directory" % (tmp_path / "missing")),
    ]


def test_everything_else_is_refused_before_reading(tmp_path):
    for path, message in refused(tmp_path):
        with pytest.raises(FileProblem) as caught:
            read_regular_file(path, 2048)
        assert str(caught.value) == message


def test_a_link_into_proc_is_refused_too(tmp_path):
    link = tmp_path / "cert.pem"
    link.symlink_to("/proc/self/environ")
    with pytest.raises(FileProblem) as caught:
        read_regular_file(str(link), 2048)
    assert str(caught.value) == "%s is in /proc, a kernel pseudo-filesystem, not a file on disk" % link


def test_a_file_reporting_size_0_but_holding_data_is_refused(monkeypatch):
    # wherever such a file lives (a pseudo-filesystem mounted elsewhere), it is generated as read
    monkeypatch.setattr(_files, "pseudo_filesystem", lambda path: None)
    with pytest.raises(FileProblem) as caught:
        read_regular_file("/proc/self/environ", 1024 * 1024)
    assert str(caught.value) == ("/proc/self/environ reports a size of 0 but is not empty (a generated file, not a "
                                 "file on disk)")
