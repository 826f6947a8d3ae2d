#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: api_guardian_endpoint
short_description: Set the API Guardian settings of one endpoint of a shield zone
version_added: 1.0.0
description:
  - Sets what API Guardian checks on one endpoint of the zone's OpenAPI document, chosen by O(method) and
    O(path) as written in the document. Only the options given change; the others keep the endpoint's values.
  - The zone is read first (one request, which also finds the endpoint's id); the change is sent only when a given
    option differs, so a re-run sends a single read.
  - When no endpoint matches, the task fails listing the zone's endpoints. Injection detection parameters are
    checked against the endpoint's available parameters before anything is sent; the error names every one it
    does not have.
  - "Re-uploading the OpenAPI document: the only published statement is that an update of the document without
    O(edge.platform.api_guardian_spec#module:enforce_authorization_validation) keeps each endpoint's
    authorization setting (so the upload B(with) that option sets O(validate_authorization) of every endpoint).
    What the platform does with the other settings of an endpoint that is still in the document is not documented.
    The collection's emulator keeps them (and narrows the injection detection parameters to those the endpoint still
    has), matching endpoints by method and path; an endpoint removed from the document loses its settings.
    Re-run this module after an upload to be sure: it changes nothing when the settings survived."
  - A zone the platform answers 404 for (an unknown zone, or possibly one without an OpenAPI document yet; the
    conditions of that 404 are not documented) fails with both readings named; nothing is written.
  - In check mode an endpoint that does not exist yet because an earlier task of the run uploads its document, which
    check mode only predicts (M(edge.platform.api_guardian_spec)), is reported as changed, with a warning naming it.
    On the in-process path (the task runs on the controller) only an endpoint of a document an earlier task predicted
    uploading counts; any other missing endpoint (a misspelled path) fails as in a real run, listing the zone's
    endpoints. The module path cannot see earlier tasks and reports every missing endpoint so, with the warning.
  - When the answer to the change is lost (a timeout after it was sent), the change is not sent again; the zone is
    read once more and the task reports what is true (changed with a warning when it landed, failed saying it was
    NOT applied when it did not). The change only sets values, so even a repeated one would be harmless.
  - The shield zone is chosen by O(shield_zone_id), or by its pull zone's O(pullzone_id) (one more request) or
    O(pullzone_name) (two more requests); exactly one of them is required.
options:
  method:
    description:
      - The endpoint's HTTP method (any case), as in the OpenAPI document.
    type: str
    required: true
  path:
    description:
      - The endpoint's path template exactly as written in the OpenAPI document, for example C(/pets/{petId}).
    type: str
    required: true
  enabled:
    description:
      - Whether API Guardian enforces anything on this endpoint.
    type: bool
  validate_request_body:
    description:
      - Validate request bodies against the document's request body schema (effective only when it has one).
    type: bool
  validate_response_body:
    description:
      - Validate response bodies against the document's response schemas (effective only when it has them).
    type: bool
  validate_authorization:
    description:
      - Enforce the authentication the document's security schemes require.
      - An upload with O(edge.platform.api_guardian_spec#module:enforce_authorization_validation) sets this on every
        endpoint (the published API says so).
    type: bool
  detect_xss:
    description:
      - Run XSS detection on the parameters in O(injection_detection_parameters).
    type: bool
  detect_sqli:
    description:
      - Run SQL injection detection on the parameters in O(injection_detection_parameters).
    type: bool
  injection_detection_parameters:
    description:
      - The parameters XSS and SQL injection detection watch, by location (keys C(Path), C(Query), C(Header),
        C(Cookie), any case), each a list of parameter names.
      - Replaces the endpoint's whole selection; a location not given is empty. Order does not matter.
      - Every name must be one of the endpoint's available parameters (RV(endpoint.available_parameters)).
    type: dict
  rate_limiting:
    description:
      - Rate limiting of this endpoint; only the sub-options given change.
    type: dict
    suboptions:
      enabled:
        description:
          - Whether the endpoint is rate limited.
        type: bool
      type:
        description:
          - V(global) counts every client together; V(ip) counts each client IP address apart.
        type: str
        choices: [global, ip]
      request_count:
        description:
          - Requests allowed within O(rate_limiting.timeframe) before blocking, from 1 to 2147483647 (the document says
            "greater than zero" and gives a 32-bit integer).
        type: int
      timeframe:
        description:
          - The window the platform counts in. It offers 1 second, 10 seconds, 1 minute, 5 minutes, 15 minutes and 1
            hour, written V(1s), V(10s), V(1m), V(5m), V(15m) or V(1h), or as seconds (V(1), V(10), V(60), V(300),
            V(900), V(3600)). Other seconds are sent as they are, and the platform accepts or refuses them.
          - The platform's names that earlier releases took (V(PerOneMinute) and so on) still work, with a deprecation
            warning, until 2.0.0.
        type: str
        choices: [1s, 10s, 1m, 5m, 15m, 1h]
extends_documentation_fragment:
  - edge.platform.zone_selectors.shield_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
seealso:
  - module: edge.platform.api_guardian
  - module: edge.platform.api_guardian_spec
  - name: API Guardian
    description: Validation, injection detection and rate limiting of API endpoints.
    link: https://docs.bunny.net/shield/api-guardian
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Watch the search query for injections and rate limit the search per client
      edge.platform.api_guardian_endpoint:
        shield_zone_id: 3004
        method: GET
        path: /pets
        detect_xss: true
        detect_sqli: true
        injection_detection_parameters:
          Query: [limit]
        rate_limiting:
          enabled: true
          type: ip
          request_count: 100
          timeframe: 1m

    - name: Stop enforcing anything on one endpoint of the shield zone of pull zone petstore (found by name)
      edge.platform.api_guardian_endpoint:
        pullzone_name: petstore
        method: get
        path: /pets/{petId}
        enabled: false
"""

RETURN = r"""
endpoint:
  description:
    - The endpoint's settings after the task (predicted in check mode).
    - In check mode, for an endpoint that does not exist yet (see the notes), C(id) and C(available_parameters) are
      null and the settings not given are null.
  returned: success
  type: dict
  contains:
    id:
      description: The platform's endpoint id.
      type: int
      sample: 17
    method:
      description: HTTP method.
      type: str
      sample: GET
    path:
      description: Path template as written in the document.
      type: str
      sample: /pets/{petId}
    enabled:
      description: Whether anything is enforced on the endpoint.
      type: bool
      sample: true
    validate_request_body:
      description: Whether request bodies are validated.
      type: bool
      sample: true
    validate_response_body:
      description: Whether response bodies are validated.
      type: bool
      sample: false
    validate_authorization:
      description: Whether authentication is enforced.
      type: bool
      sample: true
    detect_xss:
      description: Whether XSS detection runs on the selected parameters.
      type: bool
      sample: true
    detect_sqli:
      description: Whether SQL injection detection runs on the selected parameters.
      type: bool
      sample: false
    injection_detection_parameters:
      description: The selected parameters by location (C(Path), C(Query), C(Header), C(Cookie)), sorted.
      type: dict
      sample: {Path: [], Query: [limit], Header: [], Cookie: []}
    available_parameters:
      description: Every parameter the document defines for the endpoint, by location.
      type: dict
      sample: {Path: [petId], Query: [], Header: [], Cookie: []}
    rate_limiting:
      description: Rate limiting of the endpoint.
      type: dict
      contains:
        enabled:
          description: Whether the endpoint is rate limited.
          type: bool
          sample: true
        type:
          description: V(global) or V(ip).
          type: str
          sample: ip
        request_count:
          description: Requests allowed per timeframe.
          type: int
          sample: 100
        timeframe:
          description: The window as V(1s), V(10s), V(1m), V(5m), V(15m) or V(1h) (a number the collection does
            not know is returned as the number).
          type: raw
          sample: 1m
        timeframe_seconds:
          description: The window in seconds.
          type: int
          sample: 60
# BEGIN edge.platform.api_error
api_error:
  description: The platform's error, when the task failed on a platform answer.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the platform could not be reached.
      type: int
      sample: 404
    error_key:
      description: The platform's error key, when it sent one.
      type: str
      sample: null
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: null
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: null
# END edge.platform.api_error
"""

from ansible_collections.edge.platform.plugins.module_utils._api.selectors import SHIELD_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores.api_guardian import configure_endpoint
from ansible_collections.edge.platform.plugins.module_utils._engine.bounds import INT32_MAX
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes.shield_enums import (
    RATE_LIMIT_TIMEFRAME_VARNAMES,
    RATE_LIMIT_TIMEFRAMES,
    enum_choices,
)


def run(ctx):
    return configure_endpoint(ctx)


MODULE = ModuleDef(
    argument_spec=dict(
        SHIELD_ZONE.argument_spec(),
        method=dict(type="str", required=True),
        path=dict(type="str", required=True),
        enabled=dict(type="bool"),
        validate_request_body=dict(type="bool"),
        validate_response_body=dict(type="bool"),
        validate_authorization=dict(type="bool"),
        detect_xss=dict(type="bool"),
        detect_sqli=dict(type="bool"),
        injection_detection_parameters=dict(type="dict"),
        rate_limiting=dict(
            type="dict",
            options=dict(
                enabled=dict(type="bool"),
                type=dict(type="str", choices=["global", "ip"]),
                request_count=dict(type="int"),
                timeframe=dict(type="str", choices=enum_choices(RATE_LIMIT_TIMEFRAMES, RATE_LIMIT_TIMEFRAME_VARNAMES)),
            ),
        ),
    ),
    run=run,
    bounds={"rate_limiting.request_count": (1, INT32_MAX)},
    **SHIELD_ZONE.validation(),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
