# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A local directory kept equal to a path of a storage zone: the walk, the hashes, the remote tree, the plan (pure
Python: no Ansible imports; what is sent and how it is confirmed is ``_cores/storage_files.py``).

- :func:`local_files`: every regular file under the directory the ``include``/``exclude`` globs select (matched with
  ``fnmatch`` on the path relative to the directory, ``/``-separated: ``*`` also matches ``/``), hashed while read in
  chunks (SHA-256, upper-case hex as the platform lists it), so memory stays bounded whatever the file sizes.
- :func:`remote_files`: the files under the remote path, one listing per directory, the directories of one depth
  listed together (bounded concurrency); an existing directory that lists nothing is confirmed file by file
  (:func:`unconfirmed_new`), since ``[]`` would otherwise lead to uploads of files that may be there.
- :func:`plan`: new and changed files (checksum, size, or a content type asked for that the listing does not show)
  to upload, remote files absent locally to delete (only with ``delete``; only files the same globs select), the rest
  unchanged.
"""

from __future__ import annotations

import fnmatch
import hashlib
import os

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._engine.parallel import DONE, run_bounded

CHUNK = 1024 * 1024


class LocalFile(object):
    """One local file: its ``source`` path on disk, ``size``, ``checksum`` (upper-case hex SHA-256) and the
    ``content_type`` its pattern asks for (None: the platform's own)."""

    __slots__ = ("source", "size", "checksum", "content_type")

    def __init__(self, source, size, checksum, content_type=None):
        self.source, self.size, self.checksum, self.content_type = source, size, checksum, content_type


def sha256_file(source):
    """``(size, checksum)`` of the file ``source``, read in 1 MiB chunks."""
    digest, size = hashlib.sha256(), 0
    with open(source, "rb") as stream:
        for chunk in iter(lambda: stream.read(CHUNK), b""):
            digest.update(chunk)
            size += len(chunk)
    return size, digest.hexdigest().upper()


def selected(relative, include, exclude):
    """Whether the globs select the relative path ``relative`` (no ``include``: every file)."""
    if include and not any(fnmatch.fnmatchcase(relative, pattern) for pattern in include):
        return False
    return not any(fnmatch.fnmatchcase(relative, pattern) for pattern in exclude or ())


def content_type_of(relative, content_types):
    """The content type the first matching pattern of ``content_types`` (``{glob: type}``) gives, else None."""
    for pattern, content_type in (content_types or {}).items():
        if fnmatch.fnmatchcase(relative, pattern):
            return content_type
    return None


def local_files(root, include=(), exclude=(), content_types=None):
    """``{relative path: LocalFile}`` of the files under the directory ``root`` the globs select."""
    if not os.path.isdir(root):
        raise InputError(
            "src %r is not a directory on the host where the module runs: give an existing directory." % root,
            option="src",
        )
    found = {}
    for directory, subdirectories, names in os.walk(root):
        subdirectories.sort()
        for name in sorted(names):
            source = os.path.join(directory, name)
            relative = os.path.relpath(source, root).replace(os.sep, "/")
            if not os.path.isfile(source) or not selected(relative, include, exclude):
                continue
            size, checksum = sha256_file(source)
            found[relative] = LocalFile(source, size, checksum, content_type_of(relative, content_types))
    return found


def join(prefix, relative):
    """The zone path of ``relative`` under ``prefix`` ("" or "a/b")."""
    return "%s/%s" % (prefix, relative) if prefix and relative else prefix or relative


def remote_files(list_directory, prefix, limit, descend=None):
    """``(files, empty)``: ``{relative path: StorageObject}`` of the files under ``prefix``, and the relative paths of
    the directories known to exist (the zone's root, or listed by their parent) that listed nothing. Directories of
    one depth are listed together, ``limit`` at a time (``list_directory(path)`` lists one); a subdirectory only when
    ``descend(relative path)`` (None: every one). A failed listing raises its error."""
    found, empty, level = {}, set(), [""]
    while level:
        results = run_bounded([_lister(list_directory, join(prefix, sub)) for sub in level], limit)
        following = []
        for sub, result in zip(level, results):
            if result.status != DONE:
                raise result.error
            if not result.value and (sub or not prefix):
                empty.add(sub)
            for item in result.value:
                name = item.get("ObjectName") if isinstance(item, dict) else None
                if not name:
                    continue
                relative = join(sub, name)
                if item.get("IsDirectory"):
                    following += [relative] if descend is None or descend(relative) else []
                else:
                    found[relative] = item
        level = following
    return found, empty


def ancestors(relative):
    """The relative directories above ``relative`` ("" first): ``a/b/c.txt`` -> ``["", "a", "a/b"]``."""
    parts = relative.split("/")[:-1]
    return [""] + ["/".join(parts[: index + 1]) for index in range(len(parts))]


def unconfirmed_new(local, empty):
    """The local files under a directory that exists on the platform but listed nothing: an empty listing is also what
    a listing not understood may look like, so each is confirmed by reading the file itself before it counts as new."""
    return sorted(path for path in local if any(directory in empty for directory in ancestors(path)))


def needed(local, delete):
    """Which remote subdirectories the plan must list: every one with ``delete``, else those holding a local file."""
    if delete:
        return None
    held = {directory for path in local for directory in ancestors(path)}
    return held.__contains__


def _lister(list_directory, path):
    return lambda: list_directory(path)


def differs(local, remote):
    """Whether the remote ``StorageObject`` is not the local file: checksum (compared without case, as deploy tools
    do), size, or a content type asked for and not shown."""
    if str(remote.get("Checksum") or "").upper() != local.checksum or remote.get("Length") != local.size:
        return True
    return local.content_type is not None and remote.get("ContentType") != local.content_type


class Plan(object):
    """``uploaded`` (new), ``replaced`` (changed) and ``deleted`` relative paths, sorted; ``unchanged``: a count."""

    def __init__(self, local, remote, delete, include=(), exclude=()):
        self.local, self.remote = local, remote
        self.uploaded = sorted(path for path in local if path not in remote)
        self.replaced = sorted(path for path in local if path in remote and differs(local[path], remote[path]))
        absent = [path for path in remote if path not in local and selected(path, include, exclude)]
        self.deleted = sorted(absent) if delete else []
        self.unchanged = len(local) - len(self.uploaded) - len(self.replaced)

    @property
    def changes(self):
        return bool(self.uploaded or self.replaced or self.deleted)

    def uploads(self):
        return self.uploaded + self.replaced

    def diff(self, prefix):
        """``before``/``after``: each changed file as ``size bytes, sha256 <first 12 hex digits>``."""

        def seen(size, checksum):
            return "%s bytes, sha256 %s" % (size, str(checksum or "")[:12])

        before = {
            join(prefix, p): seen(self.remote[p].get("Length"), self.remote[p].get("Checksum"))
            for p in self.replaced + self.deleted
        }
        after = {join(prefix, p): seen(self.local[p].size, self.local[p].checksum) for p in self.uploads()}
        return {"before": before, "after": after}

    def summary(self, prefix):
        return dict(
            uploaded=[join(prefix, p) for p in self.uploaded],
            replaced=[join(prefix, p) for p in self.replaced],
            deleted=[join(prefix, p) for p in self.deleted],
            unchanged=self.unchanged,
        )
