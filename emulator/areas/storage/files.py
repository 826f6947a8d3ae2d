"""The files of one storage zone (Edge Storage API state): a path -> file map and the directories.

Paths are kept without the leading slash; a directory's ends with ``/`` (``images/``, the root is ``""``). Runs of
slashes are one: a client building ``zone//index.html`` reaches ``index.html``, as the live API tolerates
(docs/platform-notes.md, "Storage zones and the Edge Storage API in the emulator").
Every parent directory of a file exists (an upload creates them); a directory can also exist empty (``PUT dir/``).
"""

import hashlib
import io
import re
import time
import uuid
from urllib.parse import unquote

_SLASHES = re.compile(r"/+")


class PathProblem(ValueError):
    """A path no object can have (``.`` or ``..`` segments, control characters)."""


def normal(path):
    """``path`` (as sent, after the zone name: percent-encoded) decoded, without the leading slash, single slashes."""
    text = _SLASHES.sub("/", unquote(path or "/")).lstrip("/")
    for segment in text.split("/"):
        if segment in (".", "..") or any(ord(c) < 32 for c in segment):
            raise PathProblem("the path %r is not valid" % path)
    return text


def parents(path):
    """The directories holding ``path`` (a file or a directory), the root excluded: ``a/``, ``a/b/``."""
    segments = path.rstrip("/").split("/")[:-1]
    return ["/".join(segments[: i + 1]) + "/" for i in range(len(segments))]


def now():
    """A timestamp as the Edge Storage API writes them: UTC without a zone, milliseconds."""
    stamp = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(stamp)) + ".%03d" % int(stamp % 1 * 1000)


class Blob(object):
    """A file's content: bytes, or the temporary file the server spooled an upload to (so a large file is not held in
    memory), with its size and the platform's checksum (upper-case hex SHA-256), computed once, in chunks."""

    CHUNK = 1024 * 1024

    def __init__(self, source):
        if getattr(source, "sha256", None) is not None:  # the server's spool, hashed as it came in
            self.file, self.size, self.sum = source, source.size, source.sha256.hexdigest().upper()
            return
        self.file = io.BytesIO(source) if isinstance(source, bytes) else source
        digest, self.size = hashlib.sha256(), 0
        self.file.seek(0)
        for chunk in iter(lambda: self.file.read(self.CHUNK), b""):
            digest.update(chunk)
            self.size += len(chunk)
        self.sum = digest.hexdigest().upper()

    def read(self):
        self.file.seek(0)
        return self.file.read()


class StoredObject(object):
    def __init__(self, path, guid, blob=None, content_type=""):
        self.path = path
        self.guid = guid
        self.blob = blob  # None for a directory
        self.content_type = content_type
        self.created = self.changed = now()

    @property
    def directory(self):
        return self.blob is None

    @property
    def size(self):
        return 0 if self.blob is None else self.blob.size

    @property
    def sum(self):
        return None if self.blob is None else self.blob.sum

    def replace(self, blob, content_type):
        self.blob, self.content_type, self.changed = blob, content_type, now()


class ZoneFiles(object):
    """The objects of one zone by path; ``seed`` (the zone's id) makes their GUIDs, the same on a rerun."""

    def __init__(self, seed):
        self.objects = {}
        self.seed, self.made = seed, 0

    def _new(self, path, blob=None, content_type=""):
        self.made += 1
        guid = str(uuid.uuid5(uuid.NAMESPACE_URL, "storage:%s:%d" % (self.seed, self.made)))
        return StoredObject(path, guid, blob, content_type)

    def get(self, path):
        return self.objects.get(path)

    def conflict(self, path):
        """Why a file cannot be stored at ``path`` (a directory there or a file where a parent should be), or None."""
        if path.endswith("/") or path == "":
            return "a file needs a name"
        if (self.objects.get(path + "/")) is not None:
            return "%s is a directory" % path
        for parent in parents(path):
            if self.objects.get(parent.rstrip("/")) is not None:
                return "%s is a file" % parent.rstrip("/")
        return None

    def make_directories(self, path):
        for parent in parents(path) + ([path] if path.endswith("/") and path else []):
            if parent not in self.objects:
                self.objects[parent] = self._new(parent)

    def put(self, path, blob, content_type):
        self.make_directories(path)
        existing = self.objects.get(path)
        if existing is None:
            self.objects[path] = self._new(path, blob, content_type)
        else:
            existing.replace(blob, content_type)

    def listing(self, directory):
        """The objects directly in ``directory`` (``""`` or ``a/b/``): one level, directories first, by name."""
        found = []
        for path, stored in self.objects.items():
            rest = path[len(directory) :] if path.startswith(directory) else None
            if rest and "/" not in rest.rstrip("/"):
                found.append(stored)
        return sorted(found, key=lambda o: (not o.directory, o.path))

    def delete(self, path):
        """Delete the file ``path`` or the directory ``path/`` with everything in it; False when neither exists."""
        if path and not path.endswith("/") and path in self.objects:
            del self.objects[path]
            return True
        directory = path.rstrip("/") + "/" if path.rstrip("/") else ""
        if directory and directory not in self.objects:
            return False
        for inside in [p for p in self.objects if p.startswith(directory)]:
            del self.objects[inside]
        return True

    def files(self):
        return [o for o in self.objects.values() if not o.directory]

    def dump(self):
        """Names, sizes, checksums and content types; never the content."""
        return {
            "files": [
                {"path": "/" + o.path, "length": o.size, "checksum": o.sum, "content_type": o.content_type}
                for o in sorted(self.files(), key=lambda o: o.path)
            ],
            "directories": sorted("/" + p for p, o in self.objects.items() if o.directory),
        }
