# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # Transport options every module shares (plugins/module_utils/_hosts/connection.py transport_argument_spec).
    DOCUMENTATION = r"""
options:
  validate_certs:
    description:
      - Verify the TLS certificate of the endpoint.
      - When true, a CA bundle named by the E(REQUESTS_CA_BUNDLE) or E(CURL_CA_BUNDLE) environment variable is used;
        when false, certificates are not verified whatever those variables say.
      - Falls back to the E(EDGE_VALIDATE_CERTS) environment variable.
    type: bool
    default: true
  timeout:
    description:
      - Seconds to wait for each HTTP request, from V(0.1) to V(3600). Below 0.1 s nothing can answer; a larger value
        is no longer a timeout.
      - A request that changes state and gets no answer in time is not sent again; the failure says it may have been
        applied.
    type: float
    default: 30
  retries:
    description:
      - How many times a request is retried after HTTP 429, 502, 503, 504 or a connection failure, from V(0) to V(10).
      - Waits grow exponentially with jitter (capped at 30 seconds each, so 10 retries already wait minutes) and
        honour C(Retry-After) (capped at 60 seconds).
      - A write is retried only where a repeat is harmless (it sets a state, such as enabling DNSSEC or installing a
        certificate) or where the request provably never reached the server (connection refused, HTTP 429); a write
        that may have landed is never sent again.
    type: int
    default: 3
notes:
  - Redirects are never followed, so the credential (the C(AccessKey) or C(Authorization) header) only ever goes to
    the origin of the URL option. A redirect fails naming its status and the origin it pointed to.
  - A successful answer whose body is not what the operation returns (an HTML page, truncated JSON, a list where an
    object belongs) fails before the module decides or writes anything.
requirements:
  - requests >= 2.25.0
"""
