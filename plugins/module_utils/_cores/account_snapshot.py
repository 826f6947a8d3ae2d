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

# kind -> its reader, in dependency order
READERS = {
    snapshot_storage_zones.KIND: snapshot_storage_zones.read,
    snapshot_edge_scripts.KIND: snapshot_edge_scripts.read,
    snapshot_pull_zones.KIND: snapshot_pull_zones.read,
    snapshot_shield_zones.KIND: snapshot_shield_zones.read,
    snapshot_dns_zones.KIND: snapshot_dns_zones.read,
    snapshot_databases.KIND: snapshot_databases.read,
}
KINDS = tuple(READERS)


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
