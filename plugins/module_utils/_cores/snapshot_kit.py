# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""What every kind of an account snapshot shares (pure Python: no Ansible imports): file names, filters, vault
references for secrets, the text a variable file keeps, and one snapshot's bounded reads.

A kind lives in its own ``snapshot_<kind>.py`` with a ``read(reading)`` giving a :class:`Part`; ``account_snapshot``
lists the kinds in the order they are applied. What every kind keeps to (docs/platform-notes.md, "Account snapshots:
what they hold"):

- only what a write takes: no ids, states or counts the platform keeps, no value the platform holds none of;
- secrets never: a secret the resource holds becomes a reference to a vault variable for the user to fill;
- canonical order, so two snapshots of an unchanged account are equal and a diff of two reads as a change log;
- complete or failed: a read that fails fails the snapshot, because the playbook removes the files of resources the
  snapshot does not list, and an incomplete one would remove files of resources that still exist.
"""

from __future__ import annotations

import fnmatch
import re
from collections import namedtuple

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError, InputError
from ansible_collections.edge.platform.plugins.module_utils._engine.parallel import FAILED, run_bounded, widen_pool

UNSAFE = re.compile(r"[^a-z0-9._-]")
JINJA_MARKS = ("{{", "{%", "{#")
RAW_WRAPPED = re.compile(r"\A\{% raw %\}(.*)\{% endraw %\}\Z", re.S)  # what literal() makes
VAULT_REFERENCE = re.compile(r"\A\{\{ vault_[a-z0-9_]+ \}\}\Z")  # what reference(vault_variable(...)) makes
WILDCARD = re.compile(r"[*?[]")

# One kind's share of the snapshot: its items (each the content of one file), their file names in the same order,
# the file names of every resource of the kind in the account, chosen by the filters or not (with the attachments'
# names of each), and the attachments of the items: files beside an item's own ({path, content}; a script's code, an
# OpenAPI document), named <kind>/<stem>.<suffix>, which the item names by that path, and those suffixes.
Part = namedtuple("Part", "items files present attachments suffixes")


def file_name(name, suffix="yml"):
    """The file of the resource named ``name``: lower case, every character outside ``[a-z0-9._-]`` as ``_``, then
    ``.yml`` (an attachment: ``.<suffix>``)."""
    return "%s.%s" % (UNSAFE.sub("_", str(name).lower()), suffix)


def attachment(kind, name, suffix, content):
    """The attachment ``{path, content}`` of the resource ``name``: ``<kind>/<stem>.<suffix>``, the path its item
    names it by (relative to the snapshot directory)."""
    return {"path": "%s/%s" % (kind, file_name(name, suffix)), "content": content}


def vault_variable(kind, name, option):
    """The vault variable a user fills for the secret ``option`` (a path such as ``log_forwarding.token``)."""
    return "vault_%s_%s_%s" % (kind, re.sub(r"[^a-z0-9]", "_", str(name).lower()), option.replace(".", "_"))


def reference(variable):
    return "{{ %s }}" % variable


class Patterns(object):
    """Shell patterns (fnmatch), compared without case. One without a wildcard is a name, found in a set: the role
    edge.platform.account reads the resources of a tree by their names, hundreds of them."""

    def __init__(self, patterns):
        lowered = [str(pattern).lower() for pattern in patterns]
        self.names = {pattern for pattern in lowered if not WILDCARD.search(pattern)}
        self.globs = [pattern for pattern in lowered if WILDCARD.search(pattern)]

    def __bool__(self):
        return bool(self.names or self.globs)

    def match(self, name):
        return name in self.names or any(fnmatch.fnmatchcase(name, pattern) for pattern in self.globs)


def chosen(name, include, exclude):
    """Whether the resource ``name`` is in the snapshot: it matches a pattern of ``include`` (none given: every one) and
    none of ``exclude`` (:class:`Patterns`, or lists of fnmatch patterns, compared without case)."""
    include, exclude = (p if isinstance(p, Patterns) else Patterns(p) for p in (include, exclude))
    name = str(name).lower()
    return (not include or include.match(name)) and not exclude.match(name)


def literal(text):
    """``text`` as a variable file keeps it: a text holding a Jinja delimiter (an edge rule's ``{{path}}``, a TXT
    record's value) wrapped in ``{% raw %}``, so Ansible reading the file gives back the text, not a template."""
    if any(mark in text for mark in JINJA_MARKS) and "{% endraw %}" not in text:
        return "{%% raw %%}%s{%% endraw %%}" % text
    return text


def unwrapped(text):
    """The text Ansible reads back from a file holding ``literal(text)``: the ``{% raw %}`` wrapping undone."""
    raw = RAW_WRAPPED.match(text)
    return raw.group(1) if raw else text


def is_reference(text):
    """Whether ``text`` is a :func:`reference` to a vault variable :func:`vault_variable` names."""
    return bool(VAULT_REFERENCE.match(text))


def pruned(value):
    """``value`` without the keys whose value is None or an empty mapping (nothing the platform holds), at any depth,
    each text :func:`literal`."""
    if isinstance(value, dict):
        kept = {key: pruned(item) for key, item in value.items() if item is not None}
        return {key: item for key, item in kept.items() if item != {}}
    if isinstance(value, list):
        return [pruned(item) for item in value]
    return literal(value) if isinstance(value, str) else value


def unnamed(names):
    """The ``names`` (as text) that cannot each find one entry: empty, blank or repeated (a module finds a rule, a
    class or a list by its name or description)."""
    return sorted({str(n) for n in names if not isinstance(n, str) or not n.strip() or names.count(n) > 1})


def named(kind, items, key):
    """The file names of ``items``; two resources that would share a file fail the snapshot (nothing written)."""
    names = [file_name(item[key]) for item in items]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise InputError("%s: several resources would be written to %s; rename one." % (kind, ", ".join(twice)))
    return names


class Reading(object):
    """One snapshot's reads: the client, the filters, the bound on reads in flight, and what the reads collect beside
    the items (enum numbers without a name, what was skipped, the secrets read)."""

    def __init__(self, client, include, exclude, limit):
        self.client, self.limit = client, limit
        self.include, self.exclude = Patterns(include), Patterns(exclude)
        self.unknown, self.skipped, self.secrets = [], [], []
        # the kind being read, and what a Terraform state holds (snapshot_selection.Selection; None: everything)
        self.kind, self.selection = None, None

    def chosen(self, listed, key):
        """The models of ``listed`` whose ``key`` (name or domain) the filters choose (and the state holds, given one)."""
        picked = [model for model in listed if chosen(model.get(key), self.include, self.exclude)]
        return picked if self.selection is None else self.selection.chosen(self, listed, picked)

    def kept(self, parent, group, entries):
        """The ``entries`` of ``group`` (the zone ``parent``'s records) a Terraform state holds; all without one."""
        return entries if self.selection is None else self.selection.kept(self, parent, group, entries)

    def narrowed(self, model):
        """``model`` with only the children (a pull zone's hostnames, edge rules) a Terraform state holds; as it is
        without one."""
        return model if self.selection is None else self.selection.narrowed(self, model)

    def skip(self, kind, name, what, why):
        """Say that ``what`` of the resource ``name`` is left out of the snapshot, and ``why``."""
        self.skipped.append({"kind": kind, "name": name, "what": what, "why": why})

    def read_all(self, jobs):
        """The values of ``jobs`` read with at most ``limit`` in flight over the client's one pool; the first failure
        is raised (a snapshot is complete or fails)."""
        widen_pool(getattr(self.client, "session", None), self.limit)
        results = run_bounded(jobs, self.limit, stop_on=(ApiError,))
        for result in results:
            if result.status == FAILED:
                raise result.error
        return [result.value for result in results]

    @staticmethod
    def part(kind, items, key, every_name, attachments=(), suffixes=()):
        """The :class:`Part` of ``kind``: ``items`` sorted by file name (``key`` names each), their ``attachments``,
        and the file names of ``every_name``, the names of every resource of the kind the account holds, each with
        its attachments' names (one per suffix of ``suffixes``, the suffixes the kind's attachments take)."""
        items = sorted(items, key=lambda item: file_name(item[key]))
        present = sorted(file_name(name, suffix) for name in every_name for suffix in ("yml",) + tuple(suffixes))
        attachments = sorted(attachments, key=lambda entry: entry["path"])
        return Part(items, named(kind, items, key), present, attachments, list(suffixes))
