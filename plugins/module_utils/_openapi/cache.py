# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A content-addressed cache of what api_guardian_spec derives, so a re-run with an unchanged document costs one
read and a comparison of derived data instead of parsing megabytes of YAML again.

Why: with a 2,000-operation document (1.7 MB of YAML), a no-change task spent about 61 % of its time parsing the
document and 31 % parsing the platform's ~4,000 YAML renderings of schemas. Both are pure functions of text that
rarely changes between runs, so their results are kept on disk, keyed by that text's hash:

- ``document``: :func:`derive`'s result for a document text (its endpoints with schemas ``$ref``-inlined); the
  schemas a document repeats (one ``$ref`` used by several operations) are stored once and shared again on load;
- ``metrics``: :func:`measure`'s result for a document text and the one limit it depends on (``maxNestingDepth``);
- ``rendered``: the data of each distinct YAML rendering in the platform's answer, in order of first appearance.
  The key is the hash of those renderings only, not of the whole answer: ids, timestamps and endpoint settings
  play no part in what is parsed, so changing a rate limit does not make the next run parse everything again.
- ``verdict``: that the comparison of a document text with a platform answer text (and the caller's ``context``:
  the options and the comparison's own format) found no difference. The comparison is a pure function of these
  texts, so a re-run that reads the very same answer for the very same document knows its verdict from two hashes
  and one small file, without loading the derived document or the renderings (a 2,000-operation document: about
  0.1 s less per run). Only a "no difference" is stored; any other answer text or document misses and compares.

Keys: ``sha256(kind, sha256(input text), extra, collection version, deriver format, layout)``, so a new collection
version, a change of :data:`deriver.FORMAT_VERSION` (what ``derive`` produces) or of :data:`LAYOUT` (how an entry is
written) never reads an old entry: it is not found, and ages out. An entry also states all of these inside, and a
loaded entry is checked field by field (:func:`_valid_document` and friends): a truncated, corrupt, foreign or
wrong-version file is ignored, recomputed and replaced, never trusted and never fatal.

Safety and bounds:

- JSON only, never pickle or YAML tags: reading a planted file can at worst give wrong data of the right shape, and
  a planted file needs write access to a 0700 directory of the user's own (a directory owned by someone else, or
  writable by group or others, turns the cache off). A value that JSON cannot carry exactly (a NaN, bytes from a
  ``!!binary`` tag) is simply not cached.
- What goes in: the derived forms of the document and of the platform's schema renderings, which are the document's
  own content, and hashes. Never the API key, the base URL, a zone id or any other option. A document that carries
  a secret in it (an example value) would put it here as it puts it on the platform: keep secrets out of documents.
- Writes go to a temporary file in the same directory (mode 0600) and ``os.replace`` it into place, so concurrent
  tasks (forks, parallel hosts) writing the same entry leave one whole file, never a half one.
- Bounded: after a write, entries beyond :data:`MAX_ENTRIES` or :data:`MAX_BYTES` are removed, least recently used
  first (a hit refreshes an entry's mtime). Only files named like entries are ever read or removed, so a
  ``cache_dir`` pointed at a directory holding other files never loses them.
- Anything that fails (no writable home on a remote host, a full disk, a read-only directory) turns the cache off
  for that call silently: the cache only ever saves time, it never changes a result.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import time

from ansible_collections.edge.platform.plugins.module_utils._engine.version import COLLECTION_VERSION

from .deriver import FORMAT_VERSION as DERIVER_FORMAT
from .loader import PARAMETER_GROUPS, _NoCollection

# How an entry is written; bump when the stored structure changes.
LAYOUT = 1
MAGIC = "edge.platform openapi cache"
MAX_ENTRIES = 64
MAX_BYTES = 128 * 1024 * 1024
# A stray temporary file (a writer killed mid-write) older than this is removed by eviction.
STALE_TEMP_SECONDS = 3600
ENTRY_NAME = re.compile(r"^[0-9a-f]{64}\.json$")
TEMP_NAME = re.compile(r"^\.[0-9a-f]{64}\.json\.[A-Za-z0-9_]+\.tmp$")
METRIC_NAMES = ("endpoints", "fields_per_type", "nesting_depth", "total_schema_nodes", "total_regex_length")
AUTH_KEYS = ("scheme_name", "scheme_type", "location", "credential_name", "http_scheme")


def default_directory():
    """``$XDG_CACHE_HOME/edge.platform/openapi``, else ``~/.cache/edge.platform/openapi``; None without a home."""
    base = os.environ.get("XDG_CACHE_HOME")
    if not base or not os.path.isabs(base):
        home = os.path.expanduser("~")
        if not home or home == "~" or not os.path.isabs(home):
            return None
        base = os.path.join(home, ".cache")
    return os.path.join(base, "edge.platform", "openapi")


def text_digest(text):
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class SpecCache(object):
    """The cache in ``directory`` (None: :func:`default_directory`). ``enabled`` false: nothing read or written.

    Every method degrades to a miss (``None``) or a no-op on any problem with the directory or a file.
    """

    def __init__(self, directory=None, enabled=True, max_entries=MAX_ENTRIES, max_bytes=MAX_BYTES):
        self.directory = (directory or default_directory()) if enabled else None
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._usable = None

    @property
    def usable(self):
        """Whether the directory exists (created 0700 when missing), is ours and is writable by us alone."""
        if self._usable is None:
            self._usable = self.directory is not None and self._prepare()
        return self._usable

    def _prepare(self):
        try:
            if not os.path.isdir(self.directory):
                os.makedirs(self.directory, mode=0o700)
            info = os.stat(self.directory)
            getuid = getattr(os, "getuid", None)
            if getuid is not None and info.st_uid != getuid():
                return False
            return not info.st_mode & 0o022 and os.access(self.directory, os.W_OK | os.X_OK)
        except (OSError, ValueError):
            return False

    # -- the three kinds -----------------------------------------------------------------------------

    def document(self, digest, compute):
        """``derive``'s result for the document whose text hashes to ``digest``: from the cache, else ``compute()``
        (stored for the next run). ``compute`` raising propagates, and nothing is stored."""
        key = self._key("document", digest)
        found = self._read(key, "document")
        if found is not None:
            derived = _unpack_document(found)
            if derived is not None:
                return derived
        derived = compute()
        self._write(key, "document", _pack_document, derived)
        return derived

    def metrics(self, digest, limits, compute):
        """``measure``'s result for the document ``digest`` and ``limits``: from the cache, else ``compute()``."""
        extra = json.dumps(limits.get("maxNestingDepth") if isinstance(limits, dict) else None)
        key = self._key("metrics", digest, extra)
        found = self._read(key, "metrics")
        if found is not None and _valid_metrics(found):
            return found
        metrics = compute()
        self._write(key, "metrics", lambda value: value, metrics)
        return metrics

    def rendered(self, texts, parse):
        """``{text: parse(text)}`` for the distinct rendering ``texts`` (a list, each once): from the cache, else
        parsed and stored."""
        digest = hashlib.sha256()
        for text in texts:
            encoded = text.encode("utf-8", "surrogatepass")
            digest.update(b"%d:" % len(encoded))
            digest.update(encoded)
        key = self._key("rendered", digest.hexdigest(), str(len(texts)))
        found = self._read(key, "rendered")
        if isinstance(found, list) and len(found) == len(texts):
            return dict(zip(texts, found))
        parsed = dict((text, parse(text)) for text in texts)
        self._write(key, "rendered", lambda value: list(value.values()), parsed)
        return parsed

    def known_document(self, digest):
        """Whether an entry for the document ``digest`` is stored (its use time refreshed, as a hit would): the text
        was derived without error before. Its content is read, and checked, only when needed (:meth:`document`)."""
        if not self.usable:
            return False
        try:
            os.utime(self._path(self._key("document", digest)))
        except OSError:
            return False
        return True

    def same(self, digest, answer_digest, context):
        """Whether the document ``digest`` compared with the answer ``answer_digest`` under ``context`` (a string:
        what else the comparison depends on) was found to make no difference."""
        key = self._key("verdict", digest, "%s\0%s" % (answer_digest, context))
        found = self._read(key, "verdict")
        return found == {"document": digest, "answer": answer_digest, "context": context, "same": True}

    def remember_same(self, digest, answer_digest, context):
        """Store the verdict :meth:`same` reads: this comparison found no difference."""
        value = {"document": digest, "answer": answer_digest, "context": context, "same": True}
        self._write(self._key("verdict", digest, "%s\0%s" % (answer_digest, context)), "verdict", dict, value)

    # -- entries -------------------------------------------------------------------------------------

    def _key(self, kind, digest, extra=""):
        material = "\0".join((kind, digest, extra, COLLECTION_VERSION, str(DERIVER_FORMAT), str(LAYOUT)))
        return hashlib.sha256(material.encode("utf-8")).hexdigest()

    def _path(self, key):
        return os.path.join(self.directory, key + ".json")

    def _read(self, key, kind):
        """The stored value of an entry whose header matches, else None (missing, unreadable, foreign, old)."""
        if not self.usable:
            return None
        path = self._path(key)
        try:
            with open(path, "rb") as stream:
                raw = stream.read(self.max_bytes + 1)
            if len(raw) > self.max_bytes:
                return None
            with _NoCollection():
                entry = json.loads(raw.decode("utf-8"))
        except (OSError, ValueError, RecursionError):
            return None
        if not (
            isinstance(entry, dict)
            and entry.get("magic") == MAGIC
            and entry.get("layout") == LAYOUT
            and entry.get("collection") == COLLECTION_VERSION
            and entry.get("deriver") == DERIVER_FORMAT
            and entry.get("kind") == kind
            and entry.get("key") == key
            and "value" in entry
        ):
            return None
        try:
            os.utime(path)  # least recently used is evicted first
        except OSError:
            pass
        return entry["value"]

    def _write(self, key, kind, pack, value):
        """Store ``pack(value)`` atomically; silently nothing when the cache is off, the value is not plain JSON
        (NaN, bytes, sets) or the file system refuses."""
        if not self.usable:
            return
        try:
            entry = {
                "magic": MAGIC,
                "layout": LAYOUT,
                "collection": COLLECTION_VERSION,
                "deriver": DERIVER_FORMAT,
                "kind": kind,
                "key": key,
                "value": pack(value),
            }
            raw = json.dumps(entry, allow_nan=False, separators=(",", ":")).encode("ascii")
        except (TypeError, ValueError, RecursionError):
            return
        if len(raw) > self.max_bytes:
            return
        temp = None
        try:
            handle, temp = tempfile.mkstemp(prefix="." + key + ".json.", suffix=".tmp", dir=self.directory)
            with os.fdopen(handle, "wb") as stream:
                stream.write(raw)
            os.replace(temp, self._path(key))
            temp = None
        except OSError:
            return
        finally:
            if temp is not None:
                try:
                    os.unlink(temp)
                except OSError:
                    pass
        self.evict(keep=key)

    def evict(self, keep=None):
        """Remove the least recently used entries beyond the bounds, and stale temporary files."""
        entries, now = [], time.time()
        try:
            names = os.listdir(self.directory)
        except OSError:
            return
        for name in names:
            path = os.path.join(self.directory, name)
            try:
                if ENTRY_NAME.match(name):
                    info = os.stat(path)
                    entries.append((info.st_mtime, info.st_size, name, path))
                elif TEMP_NAME.match(name) and now - os.stat(path).st_mtime > STALE_TEMP_SECONDS:
                    os.unlink(path)
            except OSError:
                continue
        entries.sort(reverse=True)  # newest first
        count = total = 0
        for dummy, size, name, path in entries:
            count += 1
            total += size
            if name != (keep or "") + ".json" and (count > self.max_entries or total > self.max_bytes):
                try:
                    os.unlink(path)
                except OSError:
                    pass


# -- structures -------------------------------------------------------------------------------------


def _pack_document(derived):
    """``derived`` with each schema stored once in a table and referred to by index from the endpoints."""
    table, index = [], {}

    def ref(schema):
        if schema is None:
            return None
        if id(schema) not in index:
            index[id(schema)] = len(table)
            table.append(schema)
        return index[id(schema)]

    endpoints = []
    for endpoint in derived["endpoints"]:
        endpoints.append(
            {
                "method": endpoint["method"],
                "path": endpoint["path"],
                "parameters": endpoint["parameters"],
                "auth_schemes": endpoint["auth_schemes"],
                "request": ref(endpoint["request_body_schema"]),
                "responses": dict((code, ref(s)) for code, s in endpoint["response_body_schemas"].items()),
                "where": endpoint["where"],
            }
        )
    return {"title": derived["title"], "version": derived["version"], "schemas": table, "endpoints": endpoints}


def _is_index(value, size):
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


def _valid_groups(value):
    return (
        isinstance(value, dict)
        and len(value) == len(PARAMETER_GROUPS)
        and all(isinstance(value.get(g), list) and all(isinstance(n, str) for n in value[g]) for g in PARAMETER_GROUPS)
    )


def _valid_auth(value):
    return isinstance(value, list) and all(
        isinstance(s, dict)
        and len(s) == len(AUTH_KEYS)
        and all(k in s and (s[k] is None or isinstance(s[k], str)) for k in AUTH_KEYS)
        for s in value
    )


def _valid_endpoint(endpoint, size):
    return (
        isinstance(endpoint, dict)
        and isinstance(endpoint.get("method"), str)
        and isinstance(endpoint.get("path"), str)
        and isinstance(endpoint.get("where"), str)
        and _valid_groups(endpoint.get("parameters"))
        and _valid_auth(endpoint.get("auth_schemes"))
        and "request" in endpoint
        and (endpoint["request"] is None or _is_index(endpoint["request"], size))
        and isinstance(endpoint.get("responses"), dict)
        and all(_is_index(i, size) for i in endpoint["responses"].values())
    )


def _unpack_document(value):
    """The derived form of a stored document, or None when the structure is not what :func:`_pack_document` wrote."""
    if not (
        isinstance(value, dict)
        and isinstance(value.get("title"), str)
        and isinstance(value.get("version"), str)
        and isinstance(value.get("schemas"), list)
        and isinstance(value.get("endpoints"), list)
    ):
        return None
    table = value["schemas"]
    if not all(_valid_endpoint(e, len(table)) for e in value["endpoints"]):
        return None
    endpoints = []
    for endpoint in value["endpoints"]:
        request = endpoint["request"]
        endpoints.append(
            {
                "method": endpoint["method"],
                "path": endpoint["path"],
                "parameters": endpoint["parameters"],
                "auth_schemes": endpoint["auth_schemes"],
                "request_body_schema": None if request is None else table[request],
                "response_body_schemas": dict((code, table[i]) for code, i in endpoint["responses"].items()),
                "where": endpoint["where"],
            }
        )
    return {"title": value["title"], "version": value["version"], "endpoints": endpoints}


def _valid_metrics(value):
    return (
        isinstance(value, dict)
        and set(value) == set(METRIC_NAMES)
        and all(
            isinstance(m, dict)
            and isinstance(m.get("value"), int)
            and not isinstance(m.get("value"), bool)
            and (m.get("where") is None or isinstance(m.get("where"), str))
            and len(m) == 2
            for m in value.values()
        )
    )
