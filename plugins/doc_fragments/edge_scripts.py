# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # The readable shape of an edge script, as edge_script returns it and edge_script_info lists it: the "contains"
    # of their return value. Each module carries a copy between "# BEGIN edge.platform.edge_scripts.SCRIPT" and
    # "# END ..." lines; edit the text here and run tests/utils/doc_fragment_copies.py.
    SCRIPT = r"""
id:
  description: The script's id.
  type: int
  sample: 5101
name:
  description: The script's name.
  type: str
  sample: demo-script
type:
  description: V(standalone), V(middleware) or V(dns); a number the collection cannot name is returned as the number.
  type: raw
  sample: standalone
hostname:
  description: The script's default hostname, when it has one.
  type: str
  sample: demo-script-x8k2.bunny.run
system_hostname:
  description: The script's system hostname, when it has one.
  type: str
  sample: null
current_release_id:
  description: The id of the script's current release (0 when never published).
  type: int
  sample: 7
last_modified:
  description: When the script last changed, as the platform says.
  type: str
  sample: "2026-11-20T10:15:00Z"
linked_pullzones:
  description: The pull zones linked to the script.
  type: list
  elements: dict
  sample: [{"id": 2101, "name": "demo-script", "hostname": "demo-script.b-cdn.net"}]
  contains:
    id:
      description: Pull zone id.
      type: int
    name:
      description: Pull zone name (M(edge.platform.pullzone) and M(edge.platform.pullzone_hostname) take it).
      type: str
    hostname:
      description: The pull zone's default hostname.
      type: str
"""
