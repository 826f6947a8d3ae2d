# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Test helper of the playbooks target: every entry under a directory with the SHA-1 of each regular file.

What ``ansible.builtin.find`` (recurse, hidden, file_type any, get_checksum) registers, computed in the
controller's worker: the target takes this snapshot twice per case, and as find tasks each was a module
run (about 0.5 s of CPU).
"""

from __future__ import annotations

DOCUMENTATION = r"""
name: tree_checksums
short_description: Every entry under a directory, with checksums
description:
  - Returns a dict whose C(files) lists every file, directory and link below the given directory (hidden ones
    too, symbolic links not followed), each with its C(path) and, for a regular file only, C(checksum) (the
    SHA-1 of its content), as ansible.builtin.find registers them with get_checksum.
options:
  _terms:
    description: The directory (one).
    required: true
"""

import hashlib
import os
import stat

from ansible.errors import AnsibleError
from ansible.plugins.lookup import LookupBase


def entry(path):
    found = {"path": path}
    if stat.S_ISREG(os.lstat(path).st_mode):
        digest = hashlib.sha1()
        with open(path, "rb") as stream:
            for block in iter(lambda: stream.read(65536), b""):
                digest.update(block)
        found["checksum"] = digest.hexdigest()
    return found


class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        if len(terms) != 1 or not os.path.isdir(str(terms[0])):
            raise AnsibleError("tree_checksums: give exactly one existing directory")
        files = []
        for folder, dirs, names in os.walk(str(terms[0])):
            files += [entry(os.path.join(folder, name)) for name in sorted(dirs + names)]
        return [{"files": files}]
