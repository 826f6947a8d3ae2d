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

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from .connection import check_http_url, transport_options

STORAGE_BASE_URL_ENV = ("EDGE_STORAGE_BASE_URL",)
EMULATOR_ROOT = "<emulator URL>/<the zone's StorageHostname>"


def storage_argument_spec():
    """The zone (``storage_zone``: its exact name, or ``storage_zone_id``) and ``storage_base_url``, the Edge Storage
    root instead of the zone's own host (the zone's password goes there): doc fragment ``edge.platform.storage_files``.
    """
    return dict(
        storage_zone=dict(type="str"),
        storage_zone_id=dict(type="int"),
        storage_base_url=dict(type="str", fallback=(env_fallback, list(STORAGE_BASE_URL_ENV))),
    )


def storage_options(ctx):
    """The keywords of the zone's Edge Storage client (``_cores/storage_files.Files``): ``override``, the checked
    ``storage_base_url`` (None: the zone's own host), and the transport options every connection takes. A bad
    ``storage_base_url`` fails here, before any request."""
    override = ctx.params["storage_base_url"]
    problem = check_http_url(override, "storage_base_url", EMULATOR_ROOT, root=False) if override else None
    if problem:
        raise InputError(problem, option="storage_base_url")
    return dict(transport_options(ctx), override=override.strip() if override else None)
