# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The account as a tree of variables, one item per resource in the form its write modules take (pure Python: no
Ansible imports); ``account_snapshot`` returns it and the ``snapshot`` playbook writes one file per item.

Each kind reads itself (``snapshot_<kind>.py``, on what ``snapshot_kit`` shares); this file lists the kinds, in the
order the role ``edge.platform.account`` applies them (what a resource refers to by name comes first), and puts
their parts together.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._cores import (
    snapshot_databases,
    snapshot_dns_zones,
    snapshot_edge_scripts,
    snapshot_pull_zones,
    snapshot_shield_zones,
    snapshot_storage_zones,
)
from ansible_collections.edge.platform.plugins.module_utils._cores.snapshot_kit import Reading

# the kinds in dependency order, each its own file
KIND_FILES = (
    snapshot_storage_zones,
    snapshot_edge_scripts,
    snapshot_pull_zones,
    snapshot_shield_zones,
    snapshot_dns_zones,
    snapshot_databases,
)
READERS = {kind_file.KIND: kind_file.read for kind_file in KIND_FILES}  # kind -> its reader
KINDS = tuple(READERS)
# kind -> the key that names an item of it (a pull zone's name, a DNS zone's domain, a shield zone's pull zone)
KEYS = {kind_file.KIND: kind_file.KEY for kind_file in KIND_FILES}


def snapshot(ctx, kinds, include, exclude, limit, selection=None):
    """The ``account``, ``files``, ``present``, ``attachments``, ``attachment_suffixes`` and ``left_out`` of
    ``account_snapshot`` for ``kinds``."""
    reading = Reading(ctx.client, include, exclude, limit)
    reading.selection = selection  # a Terraform state's snapshot_selection.Selection: only what it holds; None: all
    account, files, present, attachments, suffixes = {}, {}, {}, {}, {}
    for kind in kinds:
        reading.kind = kind
        account[kind], files[kind], present[kind], attachments[kind], suffixes[kind] = READERS[kind](reading)
        for secret in reading.secrets:  # never in an item; masked should any message carry one
            ctx.add_secret(secret)
    ctx.warn_all(reading.unknown)
    read = {"account": account, "files": files, "present": present, "attachments": attachments}
    return dict(read, attachment_suffixes=suffixes, left_out=reading.skipped)
