# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Bounded reads of user-named files: a FIFO, a device or a huge file never hangs or fills memory."""

from __future__ import annotations

import os
import stat

FILE_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
              (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


# Kernel pseudo-filesystems: their files claim to be regular, with a size of 0, and hold process state
# (/proc/self/environ holds the environment, credentials included), never a file a user means.
PSEUDO_FILESYSTEMS = ("/proc", "/sys", "/dev")


def pseudo_filesystem(path):
    """The pseudo-filesystem (``/proc``, ``/sys``, ``/dev``) ``path`` resolves into, else None."""
    real = os.path.realpath(path)
    for root in PSEUDO_FILESYSTEMS:
        if real == root or real.startswith(root + "/"):
            return root
    return None


class FileProblem(Exception):
    """The file cannot be used; the message says why, starting with the path (the caller names the option)."""


def read_regular_file(path, limit):
    """The bytes of the regular file ``path`` if it holds at most ``limit`` bytes; raises FileProblem.

    Opened non-blocking and checked on the open descriptor, so a FIFO, a device, a directory or a file in
    ``/proc``, ``/sys`` or ``/dev`` is refused before any read (no race between a check and the open), and a
    file growing meanwhile is read at most ``limit + 1`` bytes.
    """
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except (IOError, OSError) as exc:
        raise FileProblem("cannot read %s: %s" % (path, exc.strerror or exc)) from None
    try:
        info = os.fstat(handle)
        mode = info.st_mode
        for test, kind in FILE_KINDS:
            if test(mode):
                raise FileProblem("%s is %s, not a regular file" % (path, kind))
        root = pseudo_filesystem(path)
        if root is not None:
            raise FileProblem("%s is in %s, a kernel pseudo-filesystem, not a file on disk" % (path, root))
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(handle, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except (IOError, OSError) as exc:
        raise FileProblem("cannot read %s: %s" % (path, exc.strerror or exc)) from None
    finally:
        os.close(handle)
    if size > limit:
        raise FileProblem("%s is larger than %d KiB" % (path, limit // 1024))
    if size and not info.st_size:  # generated as read, as pseudo-filesystems do: not a file on disk
        raise FileProblem("%s reports a size of 0 but is not empty (a generated file, not a file on disk)" % path)
    return b"".join(chunks)
