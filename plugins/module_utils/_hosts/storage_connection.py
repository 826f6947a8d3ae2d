# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The options of the storage file modules: the zone, and another Edge Storage root (the emulator, a test proxy).

The zone's own ``StorageHostname`` is the default (``https://<StorageHostname>``, ``_api/storage_files.py``); the
override is read, like ``base_url``, from the task or the environment (``EDGE_STORAGE_BASE_URL``), so a play against
the emulator sets it once for every task.
"""

from __future__ import annotations

from ansible.module_utils.basic import env_fallback

STORAGE_BASE_URL_ENV = ("EDGE_STORAGE_BASE_URL",)


def storage_argument_spec():
    """The zone (``storage_zone``: its exact name, or ``storage_zone_id``) and ``storage_base_url``, the Edge Storage
    root instead of the zone's own host (the zone's password goes there): doc fragment ``edge.platform.storage_files``.
    """
    return dict(
        storage_zone=dict(type="str"),
        storage_zone_id=dict(type="int"),
        storage_base_url=dict(type="str", fallback=(env_fallback, list(STORAGE_BASE_URL_ENV))),
    )
