# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # The readable shape of each resource, as a write module returns it and its _info twin lists it: the "contains"
    # of their return value, one attribute per resource. ansible-core merges RETURN fragments only from 2.21 on, so
    # each module carries a copy between "# BEGIN edge.platform.resource_shapes.<RESOURCE>" and "# END ..." lines
    # (RV(@.x) reads RV(<its return value>.x) there); edit the text here and run tests/utils/doc_fragment_copies.py
    # (tests/unit/test_doc_fragments_copies.py checks the copies). A key only one of the two returns stays in that
    # module.
    DATABASE = r"""
id:
  description: The database's id; null for a database only predicted in check mode.
  type: str
  sample: db_01KCHBG8C5KSFGG0VRNFQ7EK7X
name:
  description: The database's name.
  type: str
  sample: app
url:
  description:
    - The database's URL, as the platform gives it, for O(edge.platform.database_query#module:database_url).
    - Null when only predicted (check mode). When the read after a create fails, M(edge.platform.database) fails
      saying the database was created (C(changed)); a re-run reads it.
  type: str
  sample: libsql://01kchbg8c5ksfgg0vrnfq7ek7x-app.lite.bunnydb.net/
primary_regions:
  description: The regions the database may run its primary in.
  type: list
  elements: str
  sample: [DE]
replica_regions:
  description: The regions of its read replicas.
  type: list
  elements: str
  sample: [UK, NY]
storage_region:
  description: Where its data is kept at rest.
  type: str
  sample: eu-west-1
size_max:
  description: Its size limit, as the platform words it.
  type: str
  sample: 1024.0 MB
current_size:
  description: Its current size, as the platform words it.
  type: str
  sample: 0.1 MB
block_reads:
  description: Whether the platform blocks reads of the database.
  type: bool
  sample: false
block_writes:
  description: Whether the platform blocks writes to the database.
  type: bool
  sample: false
"""

    DNS_RECORD = r"""
id:
  description: Record id; null for a record only predicted in check mode.
  type: int
  sample: 300001
zone_id:
  description: Id of the DNS zone.
  type: int
  sample: 1001
type:
  description:
    - The record type; a type the platform added that this collection cannot name is returned as the platform's
      number, with a warning (as is any such number in C(monitor_type), C(smart_routing_type), C(monitor_status)
      and C(acceleration_status)).
  type: str
  sample: A
name:
  description: The record's name; V("") is the apex.
  type: str
  sample: www
value:
  description: The value as the platform stores it (a PullZone record's pull zone name).
  type: str
  sample: 192.0.2.10
ttl:
  description: Time to live in seconds.
  type: int
  sample: 300
priority:
  description: Priority (MX, SRV).
  type: int
  sample: null
weight:
  description: Weight (A, AAAA, SRV).
  type: int
  sample: 50
port:
  description: Port (SRV).
  type: int
  sample: null
flags:
  description: Flags (CAA).
  type: int
  sample: null
tag:
  description: Tag (CAA).
  type: str
  sample: null
pullzone_id:
  description: The pull zone a PullZone record points at; null in check mode for a pull zone only predicted.
  type: int
  sample: null
pullzone_name:
  description: The pull zone's name, when the platform returns it as the record's value.
  type: str
  sample: null
script:
  description:
    - The name of the DNS script a Script record points at, in a check-mode prediction only; null otherwise, as the
      platform never returns it.
  type: str
  sample: null
script_id:
  description:
    - The DNS script a Script record points at, as the record's value shows it (the platform does not return the
      record's C(ScriptId)); null when the value shows no id.
  type: int
  sample: null
accelerated:
  description: Whether the record is accelerated (A, AAAA, CNAME).
  type: bool
  sample: false
monitor_type:
  description: Monitoring (A, AAAA).
  type: str
  sample: none
smart_routing_type:
  description: Smart routing (A, AAAA).
  type: str
  sample: none
latency_zone:
  description: Latency zone (A, AAAA).
  type: str
  sample: ""
geolocation_latitude:
  description: Latitude (A, AAAA).
  type: float
  sample: 0.0
geolocation_longitude:
  description: Longitude (A, AAAA).
  type: float
  sample: 0.0
disabled:
  description: Whether the record is disabled.
  type: bool
  sample: false
comment:
  description: The comment.
  type: str
  sample: ""
link_name:
  description: The platform's link of the record (a PullZone record's pull zone id, as text).
  type: str
  sample: ""
accelerated_pullzone_id:
  description: The pull zone the platform created for an accelerated record, or null.
  type: int
  sample: null
acceleration_status:
  description: State of the acceleration (V(none), V(pending), V(processing), V(completed), V(failed)).
  type: str
  sample: none
monitor_status:
  description: What monitoring found (V(unknown), V(online), V(offline)).
  type: str
  sample: unknown
auto_ssl_issuance:
  description: Whether the platform issues certificates for the name automatically.
  type: bool
  sample: true
environmental_variables:
  description: The record's environment variables (Script records), each with C(name) and C(value).
  type: list
  elements: dict
  sample: []
"""

    RATE_LIMIT_RULE = r"""
# BEGIN edge.platform.resource_shapes.SHIELD_RULE
# root: @
# sample id: 6001
# sample rule_name: login attempts
# sample rule_description: Slow down password guessing
# sample rule_json: '{"actionType":1,"variableTypes":{"REQUEST_URI":""},"operatorType":0,"requestCount":100}'
# sample rule_json_data: {"actionType": 1, "variableTypes": {"REQUEST_URI": ""}, "operatorType": 0, "requestCount": 100}
# END edge.platform.resource_shapes.SHIELD_RULE
condition:
  description: Which requests the rule counts. Can be passed back as
    O(edge.platform.rate_limit_rule#module:condition).
  type: dict
  contains:
    # BEGIN edge.platform.resource_shapes.SHIELD_CONDITION
    # root: @.condition
    # sample value: /login
    # END edge.platform.resource_shapes.SHIELD_CONDITION
    chained_rule_conditions:
      description: The chained conditions, each with the condition members above except severity and
        transformations.
      type: list
      elements: dict
      sample:
        - {"variable_types": {"REQUEST_HEADERS": "User-Agent"}, "operator_type": 2,
           "operator_type_name": "CONTAINS", "value": "curl", "is_negated": false, "is_regex_variable": false}
limit:
  description: How many matching requests are allowed. Can be passed back as
    O(edge.platform.rate_limit_rule#module:limit).
  type: dict
  contains:
    request_count:
      description: Requests allowed in the timeframe.
      type: int
      sample: 100
    timeframe:
      description: The counting window in seconds.
      type: int
      sample: 60
    timeframe_name:
      description: The window's name, or null for a number the platform's document does not list.
      type: str
      sample: 1m
    counter_key:
      description: The counter key's number.
      type: int
      sample: 0
    counter_key_name:
      description: What the requests are counted per, or null.
      type: str
      sample: ip
response:
  description: What happens past the limit. Can be passed back as
    O(edge.platform.rate_limit_rule#module:response).
  type: dict
  contains:
    action:
      description: The action's number.
      type: int
      sample: 1
    action_name:
      description: The action's name, or null.
      type: str
      sample: rate_limit
    block_time:
      description: How long the action lasts, in seconds.
      type: int
      sample: 300
    block_time_name:
      description: The block time's name, or null.
      type: str
      sample: 5m
"""

    WAF_RULE = r"""
# BEGIN edge.platform.resource_shapes.SHIELD_RULE
# root: @
# END edge.platform.resource_shapes.SHIELD_RULE
rule_configuration:
  description:
    - The main condition of the rule and the conditions chained to it, normalised.
    - Can be passed back as O(edge.platform.waf_rule#module:rule_configuration).
  type: dict
  contains:
    action_type:
      description: What happens to a matching request, as the platform's number.
      type: int
      sample: 1
    action_type_name:
      description:
        - Name of RV(@.rule_configuration.action_type), one of V(Block), V(Log), V(Challenge),
          V(Allow), V(Bypass).
        - Null for a number this collection does not know yet.
      type: str
      sample: block
    # BEGIN edge.platform.resource_shapes.SHIELD_CONDITION
    # root: @.rule_configuration
    # END edge.platform.resource_shapes.SHIELD_CONDITION
    chained_rule_conditions:
      description:
        - Further conditions that must all match as well (combined with the main condition by AND).
        - Each has RV(@.rule_configuration.variable_types), RV(@.rule_configuration.operator_type),
          RV(@.rule_configuration.operator_type_name), RV(@.rule_configuration.value),
          RV(@.rule_configuration.is_negated) and RV(@.rule_configuration.is_regex_variable),
          with the same meaning as in the main condition.
      type: list
      elements: dict
      sample:
        - variable_types: {"REQUEST_METHOD": ""}
          operator_type: 15
          operator_type_name: STREQ
          value: POST
          is_negated: false
          is_regex_variable: false
"""

    ACCESS_LIST = r"""
name:
  description: Name of the list.
  type: str
  sample: office
description:
  description: Description of the list, or null.
  type: str
  sample: Office networks
type:
  description: What the entries are (V(ip), V(cidr), V(asn), V(country), V(organization), V(ja4)); null for a
    type this collection does not know.
  type: str
  sample: cidr
entries:
  description:
    - The entries of a custom list, in canonical form (as M(edge.platform.access_list) compares them) and sorted.
    - Null for managed lists.
  type: list
  elements: str
  sample: [203.0.113.0/24, 2001:db8:cafe::/48]
action:
  description: What a match does (V(allow), V(block), V(bypass), V(challenge), V(log)); null when the platform
    reports none.
  type: str
  sample: allow
enabled:
  description: Whether the list is applied.
  type: bool
  sample: true
id:
  description: The list's id; null for a list only predicted in check mode.
  type: int
  sample: 5001
configuration_id:
  description: The id of the list's configuration (its action and enabled state); null when not known.
  type: int
  sample: 7001
shield_zone_id:
  description: Id of the shield zone.
  type: int
  sample: 3001
managed:
  description: Whether the list is a managed (curated) list, which M(edge.platform.access_list) does not manage.
  type: bool
  sample: false
entry_count:
  description: How many entries the list holds.
  type: int
  sample: 2
checksum:
  description:
    - The SHA-256 checksum of a custom list's content the platform reports; null for managed lists and when not
      known.
  type: str
  sample: 37d7a80604871e579850a658c7add2ae7557d0c6abcc9b31ecddc4424207eba3
last_modified:
  description: When the list was last changed, as the platform reports it.
  type: str
  sample: "2026-08-01T10:00:00Z"
category:
  description: The categories of a managed list (for example C(VPNs), C(TorExitNodes)); empty for custom lists.
  type: list
  elements: str
  sample: [VPNs]
required_plan:
  description: The plan a managed list needs (V(basic), V(advanced), V(business), V(enterprise)).
  type: str
  sample: advanced
update_frequency:
  description: How often a managed list is updated, as the platform reports it; null for custom lists.
  type: str
  sample: "01:00:00"
"""

    BOT_DETECTION = r"""
shield_zone_id:
  description: Id of the shield zone.
  type: int
  sample: 3001
available:
  description:
    - Whether the zone's plan includes bot detection.
    - When false, the settings below are not read but are the platform's defaults, which a zone without bot
      detection runs with; mode V(log_only), every sensitivity V(off), aggression V(low), complex fingerprinting off.
  type: bool
  sample: true
unavailable_reason:
  description: Why bot detection is not available (the platform's message and error key); null when it is.
  type: str
  sample: null
execution_mode:
  description: What happens to a detected bot, as the platform's number.
  type: int
  sample: 0
execution_mode_name:
  description:
    - Name of the execution mode, V(log_only) or V(challenge) (the platform's V(LogOnly) and V(Challenge) before
      release 1.2.0); null for a number this collection does not know yet.
  type: str
  sample: log_only
request_integrity:
  description: Request integrity checks.
  type: dict
  contains:
    sensitivity:
      description: Sensitivity, as the platform's number.
      type: int
      sample: 1
    sensitivity_name:
      description: Name of the sensitivity, one of V(off), V(low), V(medium), V(high), or null.
      type: str
      sample: low
ip_address:
  description: IP address reputation checks.
  type: dict
  contains:
    sensitivity:
      description: Sensitivity, as the platform's number.
      type: int
      sample: 1
    sensitivity_name:
      description: Name of the sensitivity, one of V(off), V(low), V(medium), V(high), or null.
      type: str
      sample: low
browser_fingerprint:
  description: Browser fingerprint checks.
  type: dict
  contains:
    sensitivity:
      description: Sensitivity, as the platform's number.
      type: int
      sample: 1
    sensitivity_name:
      description: Name of the sensitivity, one of V(off), V(low), V(medium), V(high), or null.
      type: str
      sample: low
    aggression:
      description: Aggression, as the platform's number.
      type: int
      sample: 1
    aggression_name:
      description: Name of the aggression, one of V(unknown), V(low), V(medium), V(high), V(custom), or null.
      type: str
      sample: low
    complex_enabled:
      description: Whether complex fingerprinting is on; null when the platform does not say.
      type: bool
      sample: false
"""

    DNS_ZONE = r"""
id:
  description: DNS zone id; null for a zone only predicted in check mode.
  type: int
  sample: 1004
domain:
  description: The zone's domain, as the platform holds it.
  type: str
  sample: example.io
dnssec_enabled:
  description: Whether DNSSEC is enabled.
  type: bool
  sample: true
nameservers_detected:
  description: Whether the platform sees its nameservers delegated for the domain (true on a new zone).
  type: bool
  sample: true
custom_nameservers_enabled:
  description: Whether custom nameservers are used.
  type: bool
  sample: false
nameserver1:
  description: First nameserver.
  type: str
  sample: kiki.bunny.net
nameserver2:
  description: Second nameserver.
  type: str
  sample: coco.bunny.net
soa_email:
  description: The SOA contact address.
  type: str
  sample: hostmaster@bunny.net
logging_enabled:
  description: Whether query logging is on.
  type: bool
  sample: false
logging_ip_anonymization_enabled:
  description: Whether client IP addresses are anonymised in the logs.
  type: bool
  sample: true
  version_added: 1.1.0
log_anonymization_type:
  description:
    - How IP addresses are anonymised, V(one_digit) or V(drop); a value this collection cannot name is returned as
      the platform's number, with a warning.
  type: str
  sample: one_digit
  version_added: 1.1.0
certificate_key_type:
  description:
    - The private key type of the zone's certificates, V(ecdsa) or V(rsa); a value this collection cannot name is
      returned as the platform's number, with a warning.
  type: str
  sample: ecdsa
  version_added: 1.1.0
date_created:
  description: When the zone was created, as the platform writes it; null when only predicted.
  type: str
  sample: "2026-05-14T20:17:32.2944739Z"
date_modified:
  description: When the zone last changed, as the platform writes it; null when only predicted.
  type: str
  sample: "2026-05-14T20:17:32.2944739Z"
record_count:
  description:
    - How many records the zone has; null when the platform did not list them.
    - After an import by M(edge.platform.dnszone), counted from the import's answer.
  type: int
  sample: 12
"""

    SHIELD_ZONE = r"""
id:
  description: Shield zone id; null for a zone only predicted in check mode.
  type: int
  sample: 3001
pullzone_id:
  description: Id of the pull zone the shield zone protects.
  type: int
  sample: 2001
plan:
  description:
    - V(basic), V(advanced), V(business) or V(enterprise); the platform's number for a plan this collection
      cannot name.
  type: str
  sample: advanced
plan_type:
  description: The platform's number for the plan.
  type: int
  sample: 1
waf_enabled:
  description: Whether the WAF is on.
  type: bool
  sample: true
waf_execution_mode:
  description: V(log) or V(block).
  type: str
  sample: block
waf_realtime_threat_intelligence_enabled:
  description: Whether real-time threat intelligence is on.
  type: bool
  sample: true
waf_disabled_rules:
  description: Managed WAF rules turned off.
  type: list
  elements: str
  sample: []
waf_log_only_rules:
  description: Managed WAF rules that only log.
  type: list
  elements: str
  sample: []
waf_request_body_limit_action:
  description: What happens to a request body over the limit, V(block), V(log) or V(ignore).
  type: str
  sample: block
waf_response_body_limit_action:
  description: What happens to a response body over the limit, V(block), V(log) or V(ignore).
  type: str
  sample: block
custom_waf_rules_limit:
  description: How many custom WAF rules the plan allows.
  type: int
  sample: 10
rate_limit_rules_limit:
  description: How many rate limit rules the plan allows.
  type: int
  sample: 10
ddos_shield_sensitivity:
  description: V(off), V(low), V(medium), V(high) or V(challenge).
  type: str
  sample: low
ddos_execution_mode:
  description: V(log) or V(block).
  type: str
  sample: block
ddos_challenge_window:
  description: Seconds a solved DDoS challenge is valid.
  type: int
  sample: 3600
whitelabel_response_pages:
  description: Whether block and challenge pages are white-labelled.
  type: bool
  sample: false
waf_request_header_logging_enabled:
  description: Whether request headers are logged.
  type: bool
  sample: true
  version_added: 1.1.0
waf_request_ignored_headers:
  description: Request headers left out of the logs.
  type: list
  elements: str
  sample: [Cookie, Authorization]
  version_added: 1.1.0
waf_detection_paranoia_level:
  description: The detection paranoia level; null when the zone's C(wafEngineConfig) has none (the account's
    default applies).
  type: int
  sample: 1
waf_executing_paranoia_level:
  description: The executing paranoia level, or null.
  type: int
  sample: 1
  version_added: 1.1.0
waf_blocking_paranoia_level:
  description: The blocking paranoia level, or null.
  type: int
  sample: 1
  version_added: 1.1.0
waf_allowed_methods:
  description: HTTP methods the WAF lets through, or null when the zone does not set them.
  type: list
  elements: str
  sample: [GET, HEAD, POST]
  version_added: 1.1.0
waf_allowed_http_versions:
  description: HTTP versions the WAF lets through, or null.
  type: list
  elements: str
  sample: [HTTP/1.1, HTTP/2]
  version_added: 1.1.0
waf_allowed_request_content_types:
  description: Request content types the WAF lets through, or null.
  type: list
  elements: str
  sample: [application/json]
  version_added: 1.1.0
"""

    PULL_ZONE = r"""
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
          description: Whole days until RV(@.hostnames[].certificate.not_after); negative once expired.
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
"""

    # The members of a shield rule's condition, the same in a WAF rule (rule_configuration) and a rate limit rule
    # (condition): both are read and written by one shape (plugins/module_utils/_shapes/shield_rules.py).
    SHIELD_CONDITION = r"""
variable_types:
  description:
    - Where to look, as a mapping of variable name (for example C(REQUEST_URI), C(REQUEST_HEADERS), C(GEO))
      to its sub-variable (a header or cookie name, C(COUNTRY_CODE) for C(GEO)), empty when it has none.
    - Keys are always names, even when the platform sent numbers; a key it does not know is kept as sent.
  type: dict
  sample: {"REQUEST_URI": ""}
operator_type:
  description: How the value is compared, as the platform's number.
  type: int
  sample: 0
operator_type_name:
  description: Name of the operator (for example V(BEGINSWITH), V(CONTAINS), V(RX), V(DETECTSQLI)), or null.
  type: str
  sample: BEGINSWITH
severity_type:
  description: Severity recorded for a match, as the platform's number.
  type: int
  sample: 2
severity_type_name:
  description: Name of the severity, one of V(NOTICE), V(WARNING), V(CRITICAL), or null.
  type: str
  sample: CRITICAL
transformation_types:
  description: Transformations applied to the variable before comparing, as the platform's numbers.
  type: list
  elements: int
  sample: [8]
transformation_type_names:
  description:
    - Names of RV(@.transformation_types), in the same order (null for unknown numbers).
  type: list
  elements: str
  sample: [LOWERCASE]
value:
  description: The value the operator compares against.
  type: str
  sample: /admin
is_negated:
  description: Whether the match is inverted.
  type: bool
  sample: false
is_regex_variable:
  description: Whether the variable is selected by a regular expression.
  type: bool
  sample: false
"""

    # What every custom shield rule carries, WAF rule or rate limit rule (the rule's own part is in WAF_RULE and
    # RATE_LIMIT_RULE).
    SHIELD_RULE = r"""
id:
  description: Rule id; null for a rule only predicted in check mode.
  type: int
  sample: 4001
shield_zone_id:
  description: Id of the shield zone the rule belongs to.
  type: int
  sample: 3001
user_id:
  description: Id of the account that owns the rule, when the platform sent it.
  type: str
  sample: 5f0b8c1e-2d47-4a6b-9e3c-7d1a2b4c6e80
rule_name:
  description: Rule name.
  type: str
  sample: block-admin
rule_description:
  description: Rule description.
  type: str
  sample: Block the admin area
rule_json:
  description: The rule definition as the platform sent it, a JSON text; null when only predicted.
  type: str
  sample: '{"actionType":1,"variableTypes":{"REQUEST_URI":""},"operatorType":0}'
rule_json_data:
  description:
    - RV(@.rule_json) decoded into data, exactly as the platform wrote it.
    - Null when the platform sent no definition or a text that is not JSON (the task then warns).
  type: dict
  sample: {"actionType": 1, "variableTypes": {"REQUEST_URI": ""}, "operatorType": 0}
error_response:
  description:
    - The status information the platform attaches to the rule, as sent; null when it sent none.
    - RV(@.error_response.success) may be false on a rule read successfully, when the platform left the
      status unfilled (no message, no error key).
  type: dict
  contains:
    status_code:
      description: HTTP status the platform reports.
      type: int
      sample: 200
    success:
      description: Whether the platform reports success.
      type: bool
      sample: true
    message:
      description: The platform's message, if any.
      type: str
      sample: null
    error_key:
      description: The platform's error key, if any.
      type: str
      sample: null
"""
