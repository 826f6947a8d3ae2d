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
      - The account API key, sent in the C(AccessKey) header.
      - Never logged, returned or shown in errors.
      - Set it once for every module with C(module_defaults) and the C(group/edge.platform.management) action group,
        or with the E(EDGE_API_KEY) environment variable (what an AWX credential type injects).
    type: str
    required: true
    aliases: [access_key]
  base_url:
    description:
      - Root URL of the platform management API, for example V(https://api.bunny.net).
      - Point it at the bundled emulator (V(http://127.0.0.1:PORT)) for offline tests.
      - Falls back to the E(EDGE_BASE_URL) environment variable.
    type: str
    required: true
  validate_certs:
    description:
      - Verify the TLS certificate of O(base_url).
      - Falls back to the E(EDGE_VALIDATE_CERTS) environment variable.
    type: bool
    default: true
  timeout:
    description:
      - Seconds to wait for each HTTP request.
    type: float
    default: 30
  retries:
    description:
      - How many times a request is retried after HTTP 429, 502, 503, 504 or a connection failure.
      - Waits grow exponentially with jitter (capped at 30 seconds) and honour C(Retry-After) (capped at 60 seconds).
      - Writes are retried only where a repeat is harmless (they set a state, such as enabling DNSSEC or installing a
        certificate) or where the request provably never reached the platform (removing a certificate, a first
        OpenAPI upload).
    type: int
    default: 3
requirements:
  - requests >= 2.25.0
notes:
  - "All options of this group can be set once per play with
    C(module_defaults: {group/edge.platform.management: {api_key: ..., base_url: ...}})."
"""
