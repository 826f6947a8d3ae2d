"""_hosts/user_files.py: the one bounded reader of user-named files, and its messages naming the option."""

from __future__ import annotations

import os

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import not_read_here
from ansible_collections.edge.platform.plugins.module_utils._hosts import user_files as _files
from ansible_collections.edge.platform.plugins.module_utils._hosts.user_files import (
    FileProblem,
    check_user_file,
    read_user_file,
    size_text,
)


def test_a_file_up_to_the_limit_is_read(tmp_path):
    path = tmp_path / "exact.pem"
    path.write_bytes(b"x" * 2048)
    assert read_user_file(str(path), "src", 2048) == b"x" * 2048
    assert check_user_file(str(path), "src", 2048).st_size == 2048
    (tmp_path / "empty.pem").write_bytes(b"")
    assert read_user_file(str(tmp_path / "empty.pem"), "src", 2048) == b""


def refused(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(str(fifo))
    big = tmp_path / "big"
    big.write_bytes(b"x" * 2049)
    return [
        (str(fifo), "src: %s is a named pipe (FIFO), not a regular file" % fifo),
        ("/dev/zero", "src: /dev/zero is a character device, not a regular file"),
        ("/dev/urandom", "src: /dev/urandom is a character device, not a regular file"),
        (str(tmp_path), "src: %s is a directory, not a regular file" % tmp_path),
        (str(big), "src: %s is larger than 2 KiB; this option takes at most that much" % big),
        ("/proc/self/environ", "src: /proc/self/environ is in /proc, a kernel pseudo-filesystem, not a file on disk"),
        ("/proc/self/status", "src: /proc/self/status is in /proc, a kernel pseudo-filesystem, not a file on disk"),
        (str(tmp_path / "missing"), "src: cannot read %s: No such file or directory" % (tmp_path / "missing")),
    ]


def test_everything_else_is_refused_before_reading(tmp_path):
    for path, message in refused(tmp_path):
        with pytest.raises(FileProblem) as caught:
            read_user_file(path, "src", 2048)
        assert str(caught.value) == message


def test_the_check_before_another_reader_refuses_the_same_with_the_same_words(tmp_path):
    # Ansible's Vault loader opens a file whole: the same rules apply before it may
    for path, message in refused(tmp_path):
        with pytest.raises(FileProblem) as caught:
            check_user_file(path, "src", 2048)
        assert str(caught.value) == message


def test_a_stored_form_may_be_larger_than_its_content(tmp_path):
    # Vault's hex: the file may hold more than the limit; a refusal still names the limit of the content
    path = tmp_path / "vaulted"
    path.write_bytes(b"x" * 3000)
    assert check_user_file(str(path), "src", 1024, stored_limit=3072).st_size == 3000
    with pytest.raises(FileProblem) as caught:
        check_user_file(str(path), "src", 1024, stored_limit=2048)
    assert str(caught.value) == "src: %s is larger than 1 KiB; this option takes at most that much" % path


def test_messages_show_the_file_the_user_named(tmp_path):
    copy = tmp_path / "decrypted"
    copy.write_bytes(b"x" * 2049)
    with pytest.raises(FileProblem) as caught:
        read_user_file(str(copy), "certificate_src", 2048, shown="cert.pem.vault")
    assert str(caught.value) == (
        "certificate_src: cert.pem.vault is larger than 2 KiB; this option takes at most that much"
    )


def test_a_link_into_proc_is_refused_too(tmp_path):
    link = tmp_path / "cert.pem"
    link.symlink_to("/proc/self/environ")
    for read in (read_user_file, check_user_file):
        with pytest.raises(FileProblem) as caught:
            read(str(link), "src", 2048)
        assert str(caught.value) == "src: %s is in /proc, a kernel pseudo-filesystem, not a file on disk" % link


def test_a_file_reporting_size_0_but_holding_data_is_refused(monkeypatch):
    # wherever such a file lives (a pseudo-filesystem mounted elsewhere), it is generated as read
    monkeypatch.setattr(_files, "pseudo_filesystem", lambda path: None)
    with pytest.raises(FileProblem) as caught:
        read_user_file("/proc/self/environ", "src", 1024 * 1024)
    assert str(caught.value) == (
        "src: /proc/self/environ reports a size of 0 but is not empty (a generated file, not a file on disk)"
    )


@pytest.mark.parametrize(
    "limit, text",
    [(1024 * 1024, "1 MiB"), (10 * 1024 * 1024, "10 MiB"), (2048, "2 KiB"), (1536, "1536 bytes"), (100, "100 bytes")],
)
def test_limits_read_as_people_write_them(limit, text):
    assert size_text(limit) == text


def test_a_module_reached_by_an_unread_file_option_says_what_to_do():
    assert not_read_here("src", "content") == (
        "src names a file on the controller, which this module's action plugin reads and passes to the module as "
        "content; the module ran without its action plugin, so give the text in content instead."
    )
