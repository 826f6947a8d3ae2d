# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # The readable shape of a storage zone, as storage_zone returns it and storage_zone_info lists it: the "contains"
    # of their return value. Each module carries a copy between "# BEGIN edge.platform.storage_zones.ZONE" and
    # "# END ..." lines; edit the text here and run tests/utils/doc_fragment_copies.py.
    ZONE = r"""
id:
  description: Storage zone id.
  type: int
  sample: 4101
name:
  description: The zone's name, unique across the whole platform.
  type: str
  sample: demo-site-files
region:
  description: The main region's code.
  type: str
  sample: DE
replication_regions:
  description: The codes of the regions the zone replicates to.
  type: list
  elements: str
  sample: [NY, SG]
tier:
  description: V(standard) (HDD) or V(edge) (SSD); a number the collection cannot name is returned as the number.
  type: raw
  sample: standard
zone_type:
  description: V(standard), or V(s3) for a zone with S3 compatibility; a number without a name as the number.
  type: raw
  sample: standard
custom_404_file_path:
  description: The file served for a missing file; null when none.
  type: str
  sample: /404.html
rewrite_404_to_200:
  description: Whether a missing URL without an extension is answered 200.
  type: bool
  sample: false
hostname:
  description: The zone's storage API hostname (files are uploaded there with the zone's password).
  type: str
  sample: storage.bunnycdn.com
s3_hostname:
  description: The zone's S3 hostname, when it has one.
  type: str
  sample: null
storage_used:
  description: Bytes stored.
  type: int
  sample: 52428800
files_stored:
  description: Number of files stored.
  type: int
  sample: 312
date_modified:
  description: When the zone last changed, as the platform says.
  type: str
  sample: "2026-11-20T10:15:00Z"
replication_change_in_progress:
  description: Whether a replication region added is still being set up.
  type: bool
  sample: false
pull_zones:
  description: The pull zones that use the zone as their origin.
  type: list
  elements: dict
  sample: [{"id": 2001, "name": "demo"}]
  contains:
    id:
      description: Pull zone id.
      type: int
    name:
      description: Pull zone name.
      type: str
"""
