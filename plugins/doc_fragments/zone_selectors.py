# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # The options of the selectors in plugins/module_utils/_api/selectors.py, one fragment each. Whether one of
    # them is required (a module acting on one zone) or none lists every zone (an info module) is said by
    # the module itself.
    DOCUMENTATION = r"""
options: {}
"""

    DNS_ZONE = r"""
options:
  zone_id:
    description:
      - Id of the DNS zone.
      - Mutually exclusive with O(zone_domain).
    type: int
  zone_domain:
    description:
      - Domain of the DNS zone (for example V(example.com)), instead of O(zone_id).
      - Found with one C(GET /dnszone) search request (one more per 1000 zones the search matches).
        The platform's search matches part of a domain; only a zone whose domain is exactly this one counts
        (case-insensitive, a trailing dot ignored). When none or several match, the task fails listing up to five
        candidates with their ids.
      - Mutually exclusive with O(zone_id).
    type: str
"""

    PULL_ZONE = r"""
options:
  pullzone_id:
    description:
      - Id of the pull zone.
      - Mutually exclusive with O(pullzone_name).
    type: int
  pullzone_name:
    description:
      - Name of the pull zone, instead of O(pullzone_id).
      - Found with one C(GET /pullzone) search request (one more per 1000 zones the search matches).
        The platform's search matches part of a name; only a zone with exactly this name counts (case-insensitive).
        When none or several match, the task fails listing up to five candidates with their ids.
      - Mutually exclusive with O(pullzone_id).
    type: str
"""

    SHIELD_ZONE = r"""
options:
  shield_zone_id:
    description:
      - Id of the shield zone.
      - Mutually exclusive with O(pullzone_id) and O(pullzone_name).
    type: int
  pullzone_id:
    description:
      - Id of the pull zone whose shield zone is meant, instead of O(shield_zone_id).
      - Found with one C(GET /shield/shield-zone/get-by-pullzone/{pullZoneId}) request; a pull zone without a shield
        zone fails the task.
      - Mutually exclusive with O(shield_zone_id) and O(pullzone_name).
    type: int
  pullzone_name:
    description:
      - Name of the pull zone whose shield zone is meant, instead of O(shield_zone_id).
      - Costs two requests, one C(GET /pullzone) search (exact name match, case-insensitive; none or several matches
        fail the task listing up to five candidates with their ids) and the shield zone lookup of O(pullzone_id).
      - Mutually exclusive with O(shield_zone_id) and O(pullzone_id).
    type: str
"""
