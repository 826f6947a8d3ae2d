#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: pullzone_info
short_description: Read pull zones, one by id or name or every one, with their hostnames and certificates
version_added: 1.0.0
description:
  - Reads one pull zone (by O(pullzone_id) or O(pullzone_name)) or every pull zone of the account (all pages, 1000
    zones a request), shaped with the fields needed to find and check a zone. Without O(pullzone_id) and
    O(pullzone_name), every zone is returned.
  - Each hostname comes with whether it has a certificate and how it was provisioned; with O(certificate_details)
    also the certificate's expiry, names, issuer and fingerprint.
  - Never returns a secret. Left out on purpose are the URL token key (C(ZoneSecurityKey)), the origin signing
    credentials (C(AWSSigningKey), C(AWSSigningSecret)), the log forwarding token, the user and password of an origin
    URL, the account's user id, and every hostname's certificate key and raw certificate.
options:
  # the selectors' own documentation is the fragment edge.platform.zone_selectors.pull_zone; pullzone's names of them
  pullzone_id:
    aliases: [id]
  pullzone_name:
    aliases: [name]
  certificate_details:
    description:
      - Also read each hostname's certificate to return RV(pull_zones[].hostnames[].certificate) (expiry, names,
        issuer, fingerprint).
      - The platform sends certificates only when asked with C(includeCertificate=true), and then sends each
        hostname's private key in the same answer. The module drops the keys as soon as the answer is read; they
        never reach the result, a message or a log. Leave this off where that transfer is not wanted.
      - With O(pullzone_name) this costs one more request (the search answer carries no certificates).
    type: bool
    default: false
extends_documentation_fragment:
  - edge.platform.zone_selectors.pull_zone
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
  - edge.platform.attributes.info_module
seealso:
  - module: edge.platform.pullzone
  - module: edge.platform.pullzone_certificate
  - module: edge.platform.shield_zone_info
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Read the pull zone named demo with its certificates
      edge.platform.pullzone_info:
        pullzone_name: demo
        certificate_details: true
      register: demo

    - name: Show each hostname and when its certificate expires
      ansible.builtin.debug:
        msg: "{{ item.name }}: {{ item.certificate.not_after if item.certificate else 'no certificate read' }}"
      loop: "{{ demo.pull_zones[0].hostnames }}"
      loop_control:
        label: "{{ item.name }}"

    - name: List every pull zone of the account
      edge.platform.pullzone_info:
      register: all_zones

    - name: Map pull zone names to ids
      ansible.builtin.debug:
        msg: "{{ all_zones.pull_zones | items2dict(key_name='name', value_name='id') }}"
"""

RETURN = r"""
pull_zones:
  description:
    - The pull zones read, ordered as the platform lists them (one when a zone was chosen).
    - Each zone also carries every setting M(edge.platform.pullzone) takes, under its option name and in its form
      (for example C(origin_type), C(cache_expiration_time), C(enable_geo_zone_eu), C(blocked_countries)), so a value
      read here and written back with M(edge.platform.pullzone) is no change; the C(pull_zone) return value of
      M(edge.platform.pullzone) lists them.
  returned: success
  type: list
  elements: dict
  contains:
    # BEGIN edge.platform.resource_shapes.PULL_ZONE
    # root: pull_zones[]
    id:
      description: Pull zone id; null for a zone only predicted in check mode.
      type: int
      sample: 2001
    name:
      description: Pull zone name.
      type: str
      sample: demo
    enabled:
      description: Whether the zone is enabled; false when the zone reached its limits or the account ran out of funds.
      type: bool
      sample: true
    suspended:
      description: Whether the zone is suspended.
      type: bool
      sample: false
    type:
      description:
        - V(premium) or V(volume); a number this collection does not name is returned as the number, with a warning.
      type: raw
      sample: premium
    cname_domain:
      description: The CNAME target for custom hostnames.
      type: str
      sample: demo.b-cdn.net
    origin_url:
      description: The origin URL, without any user or password it carries.
      type: str
      sample: https://origin.example.com
    origin_host_header:
      description: The Host header sent to the origin, when set.
      type: str
      sample: null
    dns_zone_id:
      description: Id of the DNS zone tied to the pull zone (0 when none).
      type: int
      sample: 0
    dns_record_id:
      description: Id of the DNS record tied to the pull zone (0 when none).
      type: int
      sample: 0
    storage_zone_id:
      description: Id of the linked storage zone (0 when none).
      type: int
      sample: 0
    edge_script_id:
      description: Id of the linked edge script (0 when none).
      type: int
      sample: 0
    enable_auto_ssl:
      description: Whether new hostnames get a certificate automatically.
      type: bool
      sample: false
    disable_lets_encrypt:
      description:
        - Whether the built-in Let's Encrypt is disabled (also O(edge.platform.pullzone#module:disable_lets_encrypt)).
      type: bool
      sample: false
    zone_security_enabled:
      description: Whether token authentication is on (its key is never returned).
      type: bool
      sample: false
    hostnames:
      description: The hostnames of the zone (without certificates in the result of M(edge.platform.pullzone)).
      type: list
      elements: dict
      contains:
        id:
          description: Hostname id.
          type: int
          sample: 200101
        name:
          description: The hostname.
          type: str
          sample: www.example.com
        force_ssl:
          description: Whether HTTP is redirected to HTTPS.
          type: bool
          sample: false
        is_system:
          description: Whether the platform controls this hostname (the C(*.b-cdn.net) one).
          type: bool
          sample: false
        is_managed:
          description: Whether this is a platform-managed hostname.
          type: bool
          sample: false
        has_certificate:
          description: Whether a certificate is configured.
          type: bool
          sample: true
        certificate_type:
          description:
            - How the certificate was provisioned, V(unknown), V(http01), V(dns01), V(custom) or V(managed); a number
              this collection does not name is returned as the number, with a warning.
          type: raw
          sample: custom
        certificate_key_type:
          description: Key type of automatic certificates, V(ecdsa) or V(rsa) (else the number, with a warning).
          type: raw
          sample: ecdsa
        certificate:
          description:
            - The leaf certificate, with O(edge.platform.pullzone_info#module:certificate_details) and when the
              platform returned one; otherwise null.
            - When the returned data cannot be read as a certificate, null with a warning naming the hostname.
          type: dict
          contains:
            subject:
              description: Subject (RFC 4514).
              type: str
              sample: CN=www.example.com
            issuer:
              description: Issuer (RFC 4514).
              type: str
              sample: CN=Example CA
            names:
              description: DNS subject alternative names.
              type: list
              elements: str
              sample: [www.example.com]
            not_before:
              description: Start of validity (UTC, ISO 8601).
              type: str
              sample: "2026-01-01T00:00:00Z"
            not_after:
              description: End of validity (UTC, ISO 8601).
              type: str
              sample: "2027-01-01T00:00:00Z"
            expires_in_days:
              description: Whole days until RV(pull_zones[].hostnames[].certificate.not_after); negative once expired.
              type: int
              sample: 38
            fingerprint_sha256:
              description: SHA-256 of the leaf certificate's DER, colon-separated hex.
              type: str
              sample: "AB:CD:..."
            chain_length:
              description: Certificates in the bundle the platform returned.
              type: int
              sample: 2
    origin_type:
      description:
        - The origin type's name; a number this collection does not name (the platform adds types) is returned as the
          number, with a warning, and compared as it is.
      type: raw
      sample: origin_url
    add_host_header:
      description: Whether the requested hostname is forwarded to the origin.
      type: bool
      sample: false
    verify_origin_ssl:
      description: Whether the origin's certificate is verified.
      type: bool
      sample: false
    follow_redirects:
      description: Whether the origin's redirects are followed.
      type: bool
      sample: false
    cache_expiration_time:
      description: Edge cache time in seconds; -1 follows the origin.
      type: int
      sample: -1
    cache_expiration_time_browser:
      description: Browser cache time in seconds; -1 follows the origin.
      type: int
      sample: -1
    ignore_query_strings:
      description: Whether the query string is ignored when caching.
      type: bool
      sample: true
    sort_query_strings:
      description: Whether query string parameters are sorted before caching.
      type: bool
      sample: true
    query_string_vary_parameters:
      description: The query string parameters the cache varies by.
      type: list
      elements: str
      sample: []
    cache_error_responses:
      description: Whether error answers are cached.
      type: bool
      sample: false
    disable_cookies:
      description: Whether cookies are removed from the origin's answers.
      type: bool
      sample: true
    enable_geo_zone_us:
      description: Whether the zone is served from North America.
      type: bool
      sample: true
    enable_geo_zone_eu:
      description: Whether the zone is served from Europe.
      type: bool
      sample: true
    enable_geo_zone_asia:
      description: Whether the zone is served from Asia and Oceania.
      type: bool
      sample: true
    enable_geo_zone_sa:
      description: Whether the zone is served from South America.
      type: bool
      sample: true
    enable_geo_zone_af:
      description: Whether the zone is served from Africa.
      type: bool
      sample: true
    cors_enabled:
      description: Whether CORS headers are added.
      type: bool
      sample: true
    cors_extensions:
      description: The file extensions that get CORS headers.
      type: list
      elements: str
      sample: [eot, ttf, woff, woff2, css]
    logging_enabled:
      description: Whether requests are logged.
      type: bool
      sample: true
    logging_ip_anonymization_enabled:
      description: Whether IP addresses are anonymised in the logs.
      type: bool
      sample: true
    log_anonymization_type:
      description: V(one_digit) or V(drop); a number this collection does not name is returned as the number.
      type: raw
      sample: one_digit
    logging_save_to_storage:
      description: Whether logs are kept in a storage zone.
      type: bool
      sample: false
    logging_storage_zone_id:
      description: Id of the storage zone that keeps the logs, or 0.
      type: int
      sample: 0
    blocked_countries:
      description: Countries refused.
      type: list
      elements: str
      sample: []
    allowed_referrers:
      description: Referrer hostnames allowed.
      type: list
      elements: str
      sample: []
    blocked_referrers:
      description: Referrer hostnames refused.
      type: list
      elements: str
      sample: []
    block_none_referrer:
      description: Whether requests without a referrer are refused.
      type: bool
      sample: false
    blocked_ips:
      description: IP addresses refused.
      type: list
      elements: str
      sample: []
    block_root_path_access:
      description: Whether requests for C(/) are refused.
      type: bool
      sample: false
    block_post_requests:
      description: Whether C(POST) requests are refused.
      type: bool
      sample: false
    middleware_script_id:
      description: Id of the middleware edge script, or 0.
      type: int
      sample: 0
    magic_containers_app_id:
      description: Id of the Magic Containers application of the origin, when the zone has one.
      type: str
      sample: null
    magic_containers_endpoint_id:
      description: Id of its endpoint, when the zone has one.
      type: str
      sample: null
    load_balancer_id:
      description: Id of the load balancer of the origin, when the platform sent one.
      type: int
      sample: null
    dns_origin_port:
      description: For a DNS-accelerated zone, the port of its origin URL (explicit, else the scheme's); else null.
      type: int
      sample: null
    dns_origin_scheme:
      description: For a DNS-accelerated zone, the scheme of its origin URL; else null.
      type: str
      sample: null
    add_canonical_header:
      description:
        - The setting of O(edge.platform.pullzone#module:add_canonical_header).
      type: bool
      sample: false
      version_added: 1.3.0
    enable_cache_slice:
      description:
        - The setting of O(edge.platform.pullzone#module:enable_cache_slice).
      type: bool
      sample: false
      version_added: 1.3.0
    enable_smart_cache:
      description:
        - The setting of O(edge.platform.pullzone#module:enable_smart_cache).
      type: bool
      sample: false
      version_added: 1.3.0
    log_format:
      description:
        - The setting of O(edge.platform.pullzone#module:log_format). A number this collection does not name is returned
          as the number, with a warning.
      type: raw
      sample: plain
      version_added: 1.3.0
    edge_script_execution_phase:
      description:
        - The setting of O(edge.platform.pullzone#module:edge_script_execution_phase). A number this collection does not
          name is returned as the number, with a warning.
      type: raw
      sample: cache
      version_added: 1.3.0
    origin_shield:
      description:
        - The settings of O(edge.platform.pullzone#module:origin_shield), under its sub-option names, in the form it takes
          (given back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    safe_hop:
      description:
        - The settings of O(edge.platform.pullzone#module:safe_hop), under its sub-option names, in the form it takes
          (given back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    s3_authentication:
      description:
        - The settings of O(edge.platform.pullzone#module:s3_authentication), under its sub-option names, in the form it
          takes (given back, no change); null where the platform holds no value. C(key) and C(secret) are always null
          (a secret is never returned).
      type: dict
      version_added: 1.3.0
    token_authentication:
      description:
        - The settings of O(edge.platform.pullzone#module:token_authentication), under its sub-option names, in the form
          it takes (given back, no change); null where the platform holds no value. C(key) is always null (a secret is never
          returned).
      type: dict
      version_added: 1.3.0
    cache_vary:
      description:
        - The settings of O(edge.platform.pullzone#module:cache_vary), under its sub-option names, in the form it takes
          (given back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    stale_cache:
      description:
        - The settings of O(edge.platform.pullzone#module:stale_cache), under its sub-option names, in the form it takes
          (given back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    request_coalescing:
      description:
        - The settings of O(edge.platform.pullzone#module:request_coalescing), under its sub-option names, in the form it
          takes (given back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    perma_cache:
      description:
        - The settings of O(edge.platform.pullzone#module:perma_cache), under its sub-option names, in the form it takes
          (given back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    optimizer:
      description:
        - The settings of O(edge.platform.pullzone#module:optimizer), under its sub-option names, in the form it takes
          (given back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    image_ai:
      description:
        - The settings of O(edge.platform.pullzone#module:image_ai), under its sub-option names, in the form it takes
          (given back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    limits:
      description:
        - The settings of O(edge.platform.pullzone#module:limits), under its sub-option names, in the form it takes (given
          back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    log_forwarding:
      description:
        - The settings of O(edge.platform.pullzone#module:log_forwarding), under its sub-option names, in the form it
          takes (given back, no change); null where the platform holds no value. C(token) is always null (a secret is never
          returned).
      type: dict
      version_added: 1.3.0
    error_pages:
      description:
        - The settings of O(edge.platform.pullzone#module:error_pages), under its sub-option names, in the form it takes
          (given back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    tls:
      description:
        - The settings of O(edge.platform.pullzone#module:tls), under its sub-option names, in the form it takes (given
          back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    ddos_protection:
      description:
        - The settings of O(edge.platform.pullzone#module:ddos_protection), under its sub-option names, in the form it
          takes (given back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    websockets:
      description:
        - The settings of O(edge.platform.pullzone#module:websockets), under its sub-option names, in the form it takes
          (given back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    routing:
      description:
        - The settings of O(edge.platform.pullzone#module:routing), under its sub-option names, in the form it takes
          (given back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    sticky_sessions:
      description:
        - The settings of O(edge.platform.pullzone#module:sticky_sessions), under its sub-option names, in the form it
          takes (given back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    preloading_screen:
      description:
        - The settings of O(edge.platform.pullzone#module:preloading_screen), under its sub-option names, in the form it
          takes (given back, no change); null where the platform holds no value.
      type: dict
      version_added: 1.3.0
    # END edge.platform.resource_shapes.PULL_ZONE
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

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import pull_zones
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import PULL_ZONE
from ansible_collections.edge.platform.plugins.module_utils._cores.pull_zones import listed
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef


def run(ctx):
    details = ctx.params["certificate_details"]
    # a lookup by name reads the zone, but without certificates
    models = PULL_ZONE.chosen_or_all(
        ctx,
        partial(pull_zones.get, include_certificate=details),
        partial(pull_zones.list_all, include_certificate=details),
        reuse_model=not details,
    )
    return {"changed": False, "pull_zones": listed(ctx, models, details)}


MODULE = ModuleDef(
    argument_spec=dict(
        PULL_ZONE.argument_spec(aliases={"pullzone_id": ["id"], "pullzone_name": ["name"]}),
        certificate_details=dict(type="bool", default=False),
    ),
    run=run,
    **PULL_ZONE.validation(required=False),
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
