# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # Connection options of every management API module.
    DOCUMENTATION = r"""
options:
  api_key:
    description:
      - The account API key, sent in the C(AccessKey) header to the origin of O(base_url) only.
      - Never logged, returned or shown in errors. An empty value, or one with spaces, control characters or
        characters outside ASCII, is refused before any request; so is a value that is not a string (a list, a
        number), without showing it. An empty E(EDGE_API_KEY) or E(BUNNYNET_API_KEY) is refused naming the variable.
      - Set it once for every module with C(module_defaults) and the C(group/edge.platform.management) action group,
        or with the E(EDGE_API_KEY) environment variable (what an AWX credential type injects), then
        E(BUNNYNET_API_KEY) (what the platform's Terraform provider reads).
      - Required; a missing key fails naming this option and both environment variables.
    type: str
    aliases: [access_key]
  base_url:
    description:
      - Root URL of the platform management API.
      - Point it at the bundled emulator (V(http://127.0.0.1:PORT)) for offline tests.
      - Only the root is accepted, without a path, query or user; a URL with one fails naming this option.
      - Falls back to the E(EDGE_BASE_URL) environment variable, then E(BUNNYNET_API_URL), then the platform's root,
        the default (since release 1.2.0; earlier releases required it). A variable that is set but empty (an AWX
        credential field left empty) fails naming it; it never means the platform.
    type: str
    default: https://api.bunny.net
notes:
  - "All options of this group can be set once per play with
    C(module_defaults: {group/edge.platform.management: {api_key: ..., base_url: ...}})."
"""
