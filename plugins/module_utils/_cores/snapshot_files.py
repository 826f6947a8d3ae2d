# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A snapshot written as a directory (pure Python: no Ansible imports): one YAML file per item, each attachment
beside it, and the files of resources the account no longer holds removed, all in one task.

Each file is rendered as Ansible's ``to_nice_yaml(sort_keys=True, indent=2, width=120)`` renders it (the form the
playbook wrote through one ``copy`` per file, about a second each: minutes for an account of hundreds of resources),
and written only when its text differs, atomically (a temporary file in the same folder, then renamed), so an
interrupted run leaves each file whole, old or new. Only the kinds read are touched, and in a kind's folder only
``*.yml`` and the kind's attachment suffixes: other files the user keeps there stay.
"""

from __future__ import annotations

import os
import tempfile

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

try:
    import yaml
except ImportError:  # the module path on a host without PyYAML (ansible-core brings it to the controller)
    yaml = None

DUMPER = getattr(yaml, "CSafeDumper", getattr(yaml, "SafeDumper", None))  # the C emitter when PyYAML has it
FOLDER_MODE, FILE_MODE = 0o755, 0o644


def rendered(item):
    """The text of an item's file."""
    return yaml.dump(
        item, Dumper=DUMPER, indent=2, width=120, sort_keys=True, allow_unicode=True, default_flow_style=False
    )


def wanted_files(read):
    """``{kind: {file name: text}}``: every item's file and attachment of the kinds read."""
    wanted = {}
    for kind, names in read["files"].items():
        texts = {name: rendered(item) for name, item in zip(names, read["account"][kind])}
        texts.update((os.path.basename(entry["path"]), entry["content"]) for entry in read["attachments"].get(kind, ()))
        wanted[kind] = texts
    return wanted


def stale_files(folder, present, suffixes):
    """The files of ``folder`` that are a resource's (``*.yml``, ``*.<suffix>``) but of none the account holds."""
    if not os.path.isdir(folder):
        return []
    endings = tuple(".%s" % suffix for suffix in ("yml",) + tuple(suffixes))
    kept = set(present)
    return sorted(
        name
        for name in os.listdir(folder)
        if name.endswith(endings) and name not in kept and os.path.isfile(os.path.join(folder, name))
    )


def current_text(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError):
        return None


def write_text(path, text):
    """Write ``text`` to ``path`` whole: a temporary file beside it, then renamed over it."""
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".snapshot-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(temporary, FILE_MODE)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.remove(temporary)
        raise


def write_snapshot(dest, read, check_mode):
    """Write ``read`` (``account_snapshot``'s result) under ``dest``; ``(written, removed)``, the paths (relative to
    ``dest``) written because they differed and removed because their resource is gone. In check mode, only what
    would be."""
    if yaml is None:
        raise InputError(
            "dest: writing the files needs PyYAML (Python's yaml) on the host the task runs on; run the task on the "
            "controller (hosts: localhost), which has it with ansible-core, or install PyYAML there."
        )
    written, removed = [], []
    for kind, texts in wanted_files(read).items():
        folder = os.path.join(dest, kind)
        if not check_mode:
            os.makedirs(folder, mode=FOLDER_MODE, exist_ok=True)
        for name in sorted(texts):
            path = os.path.join(folder, name)
            if current_text(path) != texts[name]:
                written.append("%s/%s" % (kind, name))
                if not check_mode:
                    write_text(path, texts[name])
    for kind, present in read["present"].items():
        folder = os.path.join(dest, kind)
        for name in stale_files(folder, present, read["attachment_suffixes"].get(kind, ())):
            removed.append("%s/%s" % (kind, name))
            if not check_mode:
                os.remove(os.path.join(folder, name))
    return written, removed
