# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The one bounded reader of user-named files: a FIFO, a device or a huge file never hangs or fills memory.

Options that name a file (``src`` of api_guardian_spec, ``certificate_src`` and ``certificate_key_src`` of
pullzone_certificate) are read on the controller by the module's action, on both execution paths
(``plugins/plugin_utils/_inprocess/controller_files.py``), with :func:`check_user_file` and
:func:`read_user_file`: one set of rules (regular files only, nothing in ``/proc``, ``/sys`` or ``/dev``,
at most a given size) and one set of messages, each naming the option. A module never reads these files
itself: ``_engine/errors.not_read_here`` is its message when a file option reaches it unread.
"""

from __future__ import annotations

import os
import stat

KIB = 1024
MIB = 1024 * KIB

FILE_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


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
    """The file cannot be used; the message names the option and says why."""


def size_text(limit):
    """``limit`` bytes as people write it: ``1 MiB``, ``2 KiB``, ``100 bytes``."""
    if limit >= MIB and not limit % MIB:
        return "%d MiB" % (limit // MIB)
    if limit >= KIB and not limit % KIB:
        return "%d KiB" % (limit // KIB)
    return "%d bytes" % limit


def _refuse_kind(mode, option, shown):
    for test, kind in FILE_KINDS:
        if test(mode):
            raise FileProblem("%s: %s is %s, not a regular file" % (option, shown, kind))
    if not stat.S_ISREG(mode):
        raise FileProblem("%s: %s is not a regular file" % (option, shown))


def _refuse_pseudo(path, option, shown):
    root = pseudo_filesystem(path)
    if root is not None:
        raise FileProblem("%s: %s is in %s, a kernel pseudo-filesystem, not a file on disk" % (option, shown, root))


def _too_large(option, shown, limit):
    return FileProblem(
        "%s: %s is larger than %s; this option takes at most that much" % (option, shown, size_text(limit))
    )


def _cannot_read(option, shown, exc):
    return FileProblem("%s: cannot read %s: %s" % (option, shown, exc.strerror or exc))


def check_user_file(path, option, limit, stored_limit=None):
    """The ``os.stat`` of ``path`` when the reader's rules allow it; raises :class:`FileProblem`.

    For a file another reader opens whole (Ansible's Vault loader): checked by path, before anything opens
    it. ``stored_limit``: the most the file may hold as stored (Vault's hex is about twice the text), when
    that differs from ``limit``, the most its content may hold.
    """
    try:
        info = os.stat(path)
    except OSError as exc:
        raise _cannot_read(option, path, exc) from None
    _refuse_kind(info.st_mode, option, path)
    _refuse_pseudo(path, option, path)
    if info.st_size > (stored_limit or limit):
        raise _too_large(option, path, limit)
    return info


def read_user_file(path, option, limit, shown=None):
    """The bytes of the regular file ``path`` if it holds at most ``limit`` bytes; raises :class:`FileProblem`.

    Opened non-blocking and checked on the open descriptor, so a FIFO, a device, a directory or a file in
    ``/proc``, ``/sys`` or ``/dev`` is refused before any read (no race between a check and the open), and a
    file growing meanwhile is read at most ``limit + 1`` bytes. ``shown``: the path messages show (the file
    the user named, when ``path`` is a decrypted copy of it).
    """
    shown = path if shown is None else shown
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except (IOError, OSError) as exc:
        raise _cannot_read(option, shown, exc) from None
    try:
        info = os.fstat(handle)
        _refuse_kind(info.st_mode, option, shown)
        _refuse_pseudo(path, option, shown)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(handle, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except (IOError, OSError) as exc:
        raise _cannot_read(option, shown, exc) from None
    finally:
        os.close(handle)
    if size > limit:
        raise _too_large(option, shown, limit)
    if size and not info.st_size:  # generated as read, as pseudo-filesystems do: not a file on disk
        raise FileProblem(
            "%s: %s reports a size of 0 but is not empty (a generated file, not a file on disk)" % (option, shown)
        )
    return b"".join(chunks)
