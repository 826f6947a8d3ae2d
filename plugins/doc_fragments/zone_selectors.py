# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

# The options of plugins/module_utils/_lookup.py's selectors, one fragment per selector: a module
# that acts on one object uses DNS_ZONE/PULL_ZONE/SHIELD_ZONE (one option required); an info module
# uses the *_INFO variant (none given lists every object).

_DNS_ZONE_OPTIONS = r"""
  zone_id:
    description:
      - Id of the DNS zone.
      - %(rule)s
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

_PULL_ZONE_OPTIONS = r"""
  pullzone_id:
    description:
      - Id of the pull zone.
      - %(rule)s
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

_SHIELD_ZONE_OPTIONS = r"""
  shield_zone_id:
    description:
      - Id of the shield zone.
      - %(rule)s
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



def _fragment(options, rule):
    return "\noptions:" + options % {"rule": rule}


class ModuleDocFragment(object):
    DOCUMENTATION = r"""
options: {}
"""
    DNS_ZONE = _fragment(_DNS_ZONE_OPTIONS, "One of O(zone_id) and O(zone_domain) is required.")
    DNS_ZONE_INFO = _fragment(_DNS_ZONE_OPTIONS, "Without O(zone_id) and O(zone_domain), every DNS zone is returned.")
    PULL_ZONE = _fragment(_PULL_ZONE_OPTIONS, "One of O(pullzone_id) and O(pullzone_name) is required.")
    PULL_ZONE_INFO = _fragment(_PULL_ZONE_OPTIONS,
                               "Without O(pullzone_id) and O(pullzone_name), every pull zone is returned.")
    SHIELD_ZONE = _fragment(_SHIELD_ZONE_OPTIONS,
                            "One of O(shield_zone_id), O(pullzone_id) and O(pullzone_name) is required.")
    SHIELD_ZONE_INFO = _fragment(_SHIELD_ZONE_OPTIONS, "Without O(shield_zone_id), O(pullzone_id) and O(pullzone_name), "
                                                       "every shield zone is returned.")
