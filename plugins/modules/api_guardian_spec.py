#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: api_guardian_spec
short_description: Upload the OpenAPI document API Guardian enforces on a shield zone
version_added: 1.0.0
description:
  - Uploads an OpenAPI document (Swagger 2.0, OpenAPI 3.0 or 3.1; YAML or JSON) to the API Guardian of a shield zone,
    only when it would change what the platform derives from it.
  - The platform never returns the uploaded text, so the module derives locally what API Guardian derives (the
    endpoint set C(METHOD path), title, version, parameters by location, auth schemes, request and response schemas
    with C($ref) resolved) and compares it as data with the zone's current state. Formatting, key order, comments and
    JSON versus YAML never count as a change, so a re-run sends a single read.
  - The first upload uses the platform's upload call, later ones its update call, which keeps the id and settings
    (rate limits, injection detection, validation switches) of every endpoint whose C(METHOD path) survives.
  - Before any write, the document must parse (errors name the line) and be an OpenAPI or Swagger document. It is
    also measured against the zone's plan limits (C(maxEndpoints), C(maxFieldsPerType), C(maxNestingDepth),
    C(maxTotalSchemaNodes), C(maxTotalRegexLength)); what happens when it exceeds one is O(plan_limits).
  - The shield zone whose API Guardian receives the document is chosen by O(shield_zone_id), or by its pull zone's
    O(pullzone_id) (one lookup request) or O(pullzone_name) (two lookup requests); exactly one of them is required.
options:
  content:
    description:
      - The OpenAPI document as text (YAML or JSON), for example from P(ansible.builtin.file#lookup) or
        P(ansible.builtin.template#lookup).
      - Exactly one of O(content) and O(src) is required.
    type: str
  src:
    description:
      - Path of the OpenAPI document on the Ansible controller.
      - Read on the controller by the module's action plugin, like the O(ansible.builtin.copy#module:src) of
        M(ansible.builtin.copy) - a relative path is searched in the role's C(files/) directory and next to the playbook,
        and Ansible Vault encrypted files are decrypted - so it works whichever host the task runs on.
      - Exactly one of O(content) and O(src) is required.
    type: path
  enforce_authorization_validation:
    description:
      - Whether API Guardian enforces the authentication requirements of the document's endpoints.
      - When set, every endpoint that declares an auth scheme must have this setting; an endpoint that differs is a
        change and the document is uploaded again with this flag.
      - When omitted, the first upload enforces authorization (the platform's default) and an update keeps each
        surviving endpoint's current setting.
    type: bool
  plan_limits:
    description:
      - What to do when the document exceeds one of the zone's plan limits by the module's own count.
      - The platform does not publish how it counts; the module's counting rules (see RV(metrics)) are an estimate of
        them, so a document they flag may still be accepted, and the platform is the judge.
      - V(warn) uploads the document anyway and warns with the limit, the measured value and where in the document it
        occurs. If the platform then refuses the upload, the failure message carries the same measurement.
      - V(check) fails before any write, naming the limit, the measured value and where; use it when a refusal by the
        platform must never happen mid-play.
      - V(ignore) does not measure the document (RV(metrics) is null) and leaves the limits to the platform.
    type: str
    choices: [check, warn, ignore]
    default: warn
  cache:
    description:
      - Whether to keep what the module derives from a document, and from the platform's renderings of its schemas,
        in O(cache_dir), keyed by a hash of their text, so a re-run with the same document reads the zone once and
        compares derived data instead of parsing the document again (for a 2,000-operation document, a fraction of a
        second instead of seconds). When the zone answers exactly as it did on a run that found no difference, that
        run's verdict is reused and nothing is compared again (diff mode and O(force) always compare).
      - The cache never changes a result, only its cost. Entries are JSON, checked when read (a damaged, foreign or
        outdated entry is ignored and replaced), written atomically, readable by the user alone, and the least
        recently used are removed beyond 64 entries or 128 MB. They hold the document's derived content and hashes,
        never the API key or other options.
      - V(false) reads and writes nothing.
    type: bool
    default: true
    version_added: 1.1.0
  cache_dir:
    description:
      - The directory of the cache (see O(cache)), on the host the module runs on; created with mode 0700 when missing.
      - Defaults to C(edge.platform/openapi) under C($XDG_CACHE_HOME), else under C(~/.cache).
      - Tasks run on the controller by default (in-process), so this is the controller's; on the module path (another
        host) it is that host's, and when its home or this directory cannot be written (or the directory belongs to
        another user, or group or others may write to it) the cache is silently off.
    type: path
    version_added: 1.1.0
  return_endpoints:
    description:
      - When to return RV(endpoints), the zone's endpoints with their schemas (for a 2,000-operation document, several
        MB that Ansible copies and serializes several times per task).
      - V(always) returns them after every run.
      - V(on_change) returns them only when the task changes (in check mode, would change) the zone; a run that
        changes nothing returns RV(configuration), RV(changes) and RV(metrics) without RV(endpoints). A cached
        re-run of a large document then costs little more than the read itself (see O(cache)).
    type: str
    choices: [always, on_change]
    default: always
    version_added: 1.1.0
  force:
    description:
      - Upload even when the derived state already matches, for example to reset endpoint settings the platform
        derives from the flags. The task then always reports a change.
    type: bool
    default: false
extends_documentation_fragment:
  - edge.platform.zone_selectors.shield_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  action:
    description: An action plugin reads O(src) on the controller and passes its text to the module.
    support: full
  check_mode:
    support: full
    details:
      - Returns the predicted configuration and endpoints. Settings of endpoints the platform has not created yet
        (id, validation switches, rate limiting) are null until the real run creates them.
  diff_mode:
    support: full
    details:
      - Shows title, version and every endpoint (parameters, auth schemes, schemas, authorization enforcement) before
        and after, so added, removed and changed endpoints stand out.
notes:
  - The plan limits come from the zone's current API Guardian configuration. When the zone has no document yet and
    the platform reports no configuration, the limits are checked by the platform on upload instead (its error is
    shown as is).
  - When the zone's API Guardian answers 404, the module asks whether the shield zone itself exists
    (C(GET /shield/shield-zone/{id})) rather than guessing from the error text; an existing zone without a document
    gets a first upload.
  - An upload whose answer is lost after it was sent (a read timeout, a dropped connection, a 5xx answer) is never
    sent again. The zone is read once more and compared with the document as before an upload; the task then reports
    changed with a warning when the platform derives the document, or fails saying it was NOT applied.
  - When several hosts upload a first document to one zone at once, the platform accepts one first upload; a task
    whose first upload is refused reads the zone again and updates it only if it still differs.
  - Documents over 10 MB, nested more than 1000 levels, or whose YAML aliases or C($ref) references expand beyond a
    million nodes are refused before anything is sent, so no input can hang the task or exhaust its memory.
  - Schemas are compared after parsing the platform's YAML rendering of them; YAML is read with the YAML 1.2 core
    schema, as OpenAPI 3.1 prescribes (C(yes) and C(on) are strings, C(1.10) is not C(1.1) in C(info.version)).
  - A key written twice in one YAML mapping (two C(get:) under one path) is rejected with its line, because the
    second would silently replace the first.
seealso:
  - name: API Guardian
    description: What API Guardian enforces and how it reads a specification.
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
    - name: Protect the API of shield zone 3001 with its OpenAPI document
      edge.platform.api_guardian_spec:
        shield_zone_id: 3001
        src: openapi.yaml
      register: guardian

    - name: Show the endpoints API Guardian now knows
      ansible.builtin.debug:
        msg: "{{ guardian.endpoints | map(attribute='request_method') | zip(guardian.endpoints | map(attribute='request_path')) }}"

    - name: Protect the API behind pull zone demo, its shield zone chosen by the pull zone's name
      edge.platform.api_guardian_spec:
        pullzone_name: demo
        src: openapi.yaml

    - name: Upload a rendered document and log, rather than enforce, missing credentials
      edge.platform.api_guardian_spec:
        pullzone_name: petstore
        content: "{{ lookup('ansible.builtin.template', 'openapi.yaml.j2') }}"
        enforce_authorization_validation: false
"""

RETURN = r"""
configuration:
  description: The API Guardian configuration of the zone after the task (predicted in check mode).
  returned: success
  type: dict
  contains:
    shield_zone_id:
      description: Shield zone id.
      type: int
      sample: 3001
    is_enabled:
      description: Whether API Guardian inspects requests.
      type: bool
      sample: true
    execution_mode:
      description: 0 = Log, 1 = Block.
      type: int
      sample: 1
    body_limit_action:
      description: Action when a body limit is exceeded (0 = Block, 1 = Log, 2 = Ignore).
      type: int
      sample: 0
    unmatched_path_action:
      description: Action for a request matching no endpoint (0 = Block, 1 = Log, 2 = Ignore).
      type: int
      sample: 1
    title:
      description: The C(info.title) of the document.
      type: str
      sample: Pet Store
    version:
      description: The C(info.version) of the document.
      type: str
      sample: 1.0.0
    max_endpoints:
      description: Plan limit on the number of operations.
      type: int
      sample: 200
    max_fields_per_type:
      description: Plan limit on the properties of one schema object.
      type: int
      sample: 100
    max_nesting_depth:
      description: Plan limit on the depth of schema nesting.
      type: int
      sample: 10
    max_total_schema_nodes:
      description: Plan limit on the schema objects inside the component schemas.
      type: int
      sample: 5000
    max_total_regex_length:
      description: Plan limit on the combined length of all C(pattern) strings.
      type: int
      sample: 10000
    created_at:
      description: Creation time (ISO 8601).
      type: str
      sample: "2026-05-01T10:00:00Z"
    updated_at:
      description: Last update time (ISO 8601), or null.
      type: str
      sample: "2026-05-02T10:00:00Z"
endpoints:
  description: Every endpoint API Guardian derived from the document, in the platform's order (predicted in check mode).
  returned: success, unless O(return_endpoints=on_change) and nothing changed
  type: list
  elements: dict
  contains:
    id:
      description: The platform's endpoint id (C(apiGuardianEndpointId)); null in check mode for a new endpoint.
      type: int
      sample: 700001
    shield_zone_id:
      description: Shield zone id.
      type: int
      sample: 3001
    request_method:
      description: HTTP method, upper case.
      type: str
      sample: GET
    request_path:
      description: Path template as written in the document.
      type: str
      sample: /pets/{petId}
    validate_request_body_schema:
      description: Whether request bodies are validated against the schema.
      type: bool
    validate_response_body_schema:
      description: Whether response bodies are validated against the schemas.
      type: bool
    validate_authorization:
      description: Whether the endpoint's authentication requirements are enforced.
      type: bool
    is_enabled:
      description: Whether the endpoint is enforced at all.
      type: bool
    auth_schemes:
      description: The auth schemes the endpoint requires, or null when it has none.
      type: list
      elements: dict
      contains:
        scheme_name:
          description: Name of the security scheme in the document.
          type: str
          sample: api_key
        scheme_type:
          description: C(ApiKey), C(Http), C(OAuth2) or C(OpenIdConnect).
          type: str
          sample: ApiKey
        location:
          description: Where the credential travels (C(Header), C(Query), C(Cookie)).
          type: str
          sample: Header
        credential_name:
          description: Name of the header, query parameter or cookie carrying the credential.
          type: str
          sample: X-API-Key
        http_scheme:
          description: For C(Http) schemes the scheme (C(bearer), C(basic)); null otherwise.
          type: str
          sample: null
    request_body_schema_yaml:
      description: The JSON request body schema (C($ref) resolved) as YAML, or null.
      type: str
      sample: "type: object\nproperties:\n  name:\n    type: string\n"
    response_body_schemas_yaml:
      description: Response body schemas as YAML keyed by HTTP status code as written (keys are data), or null.
      type: dict
      sample: {"200": "type: array\nitems:\n  type: string\n"}
    available_parameters:
      description: Parameter names by location; the keys C(Path), C(Query), C(Header), C(Cookie) are data.
      type: dict
      sample: {"Path": ["petId"], "Query": [], "Header": [], "Cookie": []}
    injection_detection_parameters:
      description: Parameters selected for XSS/SQLi detection, by location, or null.
      type: dict
      sample: null
    detect_parameter_xss:
      description: Whether XSS detection runs on the selected parameters.
      type: bool
    detect_parameter_sqli:
      description: Whether SQL injection detection runs on the selected parameters.
      type: bool
    rate_limiting_enabled:
      description: Whether per-endpoint rate limiting is active.
      type: bool
    rate_limiting_type:
      description: C(Global) or C(IP).
      type: str
    rate_limiting_request_count:
      description: Requests allowed per timeframe.
      type: int
    rate_limiting_timeframe:
      description: Timeframe in seconds (1, 10, 60, 300, 900, 3600).
      type: int
    created_at:
      description: Creation time (ISO 8601).
      type: str
    updated_at:
      description: Last update time (ISO 8601), or null.
      type: str
changes:
  description: What the task changed (or would change in check mode).
  returned: success
  type: dict
  contains:
    endpoints_added:
      description: C(METHOD path) of endpoints the document adds.
      type: list
      elements: str
      sample: ["POST /pets"]
    endpoints_removed:
      description: C(METHOD path) of endpoints the document no longer has; their settings are dropped.
      type: list
      elements: str
      sample: []
    endpoints_changed:
      description: C(METHOD path) of surviving endpoints whose parameters, auth schemes, schemas or authorization
        enforcement change; their id and settings are kept.
      type: list
      elements: str
      sample: ["GET /pets/{petId}"]
    title:
      description: C(before) and C(after) title when it changes, else null.
      type: dict
      sample: null
    version:
      description: C(before) and C(after) version when it changes, else null.
      type: dict
      sample: {"before": "1.0.0", "after": "1.1.0"}
    forced:
      description: Whether the upload happened only because of O(force).
      type: bool
      sample: false
metrics:
  description:
    - The document's measures against each plan limit, with where in the document the maximum occurs.
    - These are the module's estimate of how the platform counts; null when O(plan_limits=ignore).
  returned: success or when a plan limit is exceeded or the platform refuses the upload
  type: dict
  contains:
    endpoints:
      description: Number of operations (limit C(maxEndpoints)); C(value) and C(where).
      type: dict
      sample: {"value": 12, "where": "/paths (12 operations)"}
    fields_per_type:
      description: Largest property count of one schema object (limit C(maxFieldsPerType)).
      type: dict
      sample: {"value": 8, "where": "/components/schemas/Pet"}
    nesting_depth:
      description: Longest chain of nested schemas, C($ref) followed (limit C(maxNestingDepth)).
      type: dict
      sample: {"value": 4, "where": "from /components/schemas/Order to /components/schemas/Pet/properties/tags/items"}
    total_schema_nodes:
      description: Schema objects inside the component schemas (limit C(maxTotalSchemaNodes)).
      type: dict
      sample: {"value": 40, "where": "/components/schemas (largest entry /components/schemas/Pet with 9)"}
    total_regex_length:
      description: Combined length of every C(pattern) string (limit C(maxTotalRegexLength)).
      type: dict
      sample: {"value": 21, "where": "1 pattern, the longest (21 characters) at /components/schemas/Pet/properties/name/pattern"}
# BEGIN edge.platform.api_error
# sample status: 403
api_error:
  description: The platform's error, when the task failed on a platform answer.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the platform could not be reached.
      type: int
      sample: 403
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

from ansible.module_utils.basic import missing_required_lib

from ansible_collections.edge.platform.plugins.module_utils import _openapi
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import SHIELD_ZONE, merge_validation
from ansible_collections.edge.platform.plugins.module_utils._cores.api_guardian_spec import manage
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    if _openapi.YAML_IMPORT_ERROR is not None:
        ctx.fail(missing_required_lib("PyYAML"))
    return manage(ctx)


MODULE = ModuleDef(
    argument_spec=dict(
        SHIELD_ZONE.argument_spec(),
        content=dict(type="str"),
        src=dict(type="path"),
        enforce_authorization_validation=dict(type="bool"),
        plan_limits=dict(type="str", choices=["check", "warn", "ignore"], default="warn"),
        force=dict(type="bool", default=False),
        return_endpoints=dict(type="str", choices=["always", "on_change"], default="always"),
        cache=dict(type="bool", default=True),
        cache_dir=dict(type="path"),
    ),
    run=run,
    **merge_validation(
        SHIELD_ZONE.validation(), {"mutually_exclusive": [("content", "src")], "required_one_of": [("content", "src")]}
    ),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
