"""Tests for _files: bounded reads of user-named files."""

from __future__ import annotations

import os

import pytest

from ansible_collections.edge.platform.plugins.module_utils._files import FileProblem, read_regular_file


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
        (str(tmp_path / "missing"), "cannot read %s: No such file or directory" % (tmp_path / "missing")),
    ]


def test_everything_else_is_refused_before_reading(tmp_path):
    for path, message in refused(tmp_path):
        with pytest.raises(FileProblem) as caught:
            read_regular_file(path, 2048)
        assert str(caught.value) == message
