# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # The options storage_files and storage_file share: the storage zone and where its files are reached.
    DOCUMENTATION = r"""
options:
  storage_zone:
    description: The storage zone's exact name.
    type: str
  storage_zone_id:
    description: The storage zone's id.
    type: int
  storage_base_url:
    description:
      - The Edge Storage root to use instead of C(https://<the zone's StorageHostname>), for the emulator
        (C(<emulator URL>/<StorageHostname>)) or a test proxy. The zone's password is sent there.
      - If not set, the E(EDGE_STORAGE_BASE_URL) environment variable is used.
    type: str
"""
