#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: pullzone
short_description: Create, update or delete a pull zone
version_added: 1.1.0
description:
  - Manages one pull zone, found by its exact O(name) (or by O(id)). A zone is created when no zone has the name,
    updated when a given setting differs, and left alone when every given setting matches, so a re-run changes nothing
    and sends only reads.
  - Only the options given are managed; an option left out keeps whatever the zone has (a new zone gets the platform's
    defaults for it). A change sends one request with only the differing settings.
  - Every setting of the platform's pull zone settings model is an option. The first ones are single options; the
    others are grouped as they are looked for (O(optimizer), O(origin_shield), O(safe_hop), O(cache_vary), O(limits),
    O(log_forwarding), O(token_authentication), O(s3_authentication), O(websockets), O(routing), ...), each a
    dictionary whose sub-options given are managed and the others left as they are. Optimizer image classes have
    their own module, M(edge.platform.pullzone_optimizer_class).
  - Secrets among the settings (O(s3_authentication.key), O(s3_authentication.secret), O(log_forwarding.token),
    O(token_authentication.key)) are never returned or shown; see O(update_secret).
  - Lists are compared as sets (order and repeats do not count); referrers without regard to case; country codes in
    upper case. O(origin_url) is compared by meaning, as the platform's Terraform provider compares it, so
    V(https://Origin.example.com:443/) and V(https://origin.example.com) are the same origin.
  - The result RV(pull_zone) uses the option names, as M(edge.platform.pullzone_info) does, so a value read with the info
    module and written back here is no change.
  - When the answer to a write is lost, the write is not sent again. The zone is read once more and decides; the task
    reports changed with a warning when the change landed, or fails saying it was not applied.
  - A pull zone is deleted only with O(state=absent) on a task that names it.
options:
  name:
    description:
      - The pull zone's name; it identifies the zone and is compared exactly (case included).
      - A new zone gets the system hostname C(<name>.b-cdn.net).
      - B(Pull zone names are unique across the whole platform), not only within the account (the official CLI says
        so and adds a random suffix to the names it creates). A name another account holds is refused with
        C(pullzone.name_taken); the task then fails saying the name may belong to another account (choose another one,
        for example with a suffix of your own (the C(edge.platform.site) play adds one)).
      - The platform does not document its other name rules (characters, length). This module refuses only an empty
        name and control characters, and reports the platform's refusal with its message.
      - The platform cannot rename a pull zone. With O(id), a different name fails the task.
      - Required unless O(id) is given; required to create a zone.
      - The alias O(pullzone_name) is the name M(edge.platform.pullzone_info) and the other pull zone modules give this
        option.
    type: str
    aliases: [pullzone_name]
  id:
    description:
      - The pull zone's id, instead of or beside O(name). An id cannot be chosen for a new zone, so with
        O(state=present) the zone must exist.
      - The alias O(pullzone_id) is the name M(edge.platform.pullzone_info) and the other pull zone modules give this
        option.
    type: int
    aliases: [pullzone_id]
  state:
    description:
      - V(present) creates the zone when needed and sets the options given.
      - V(absent) deletes the zone with its hostnames, certificates and settings when it exists. It takes no settings.
    type: str
    default: present
    choices: [present, absent]
  type:
    description:
      - The pull zone's tier. V(premium) (called C(Standard) by the platform's Terraform provider, also accepted as
        V(standard)) or V(volume).
      - A tier change may be billed differently; check the platform's pricing.
    type: str
    choices: [premium, standard, volume]
  origin_type:
    description:
      - Where the zone pulls its content from, and what each type needs (a create without it is refused, naming the
        option; a change of type needs it given unless the zone holds it already). V(origin_url) needs O(origin_url);
        V(storage_zone) O(storage_zone_id); V(edge_script) O(edge_script_id); V(magic_containers)
        O(magic_containers_app_id) and O(magic_containers_endpoint_id); V(dns_accelerate) O(dns_origin_port) and
        O(dns_origin_scheme); V(load_balancer) O(load_balancer_id). What V(push_zone) needs is not documented, so nothing
        is required for it here.
      - When not given, the options of one type imply it (for example O(storage_zone_id) sends V(storage_zone) with
        it); options of two types without O(origin_type) fail.
      - For V(edge_script) and V(magic_containers) the module also sends the origin URL the platform keeps for them
        (V(https://bunnycdn.com), V(https://bunny.net)), as the platform's Terraform provider does, and for a script
        the C(scripting) routing filter it needs. The platform rewrites that URL and the routing filters itself; they
        are not compared, so a re-run is no change.
    type: str
    choices: [origin_url, dns_accelerate, storage_zone, load_balancer, edge_script, magic_containers, push_zone]
  origin_url:
    description:
      - The origin's URL, an absolute V(http://) or V(https://) URL, for example V(https://origin.example.com).
      - Compared by meaning (scheme and host without case, the scheme's default port, a trailing C(/) of the path),
        so the form the platform returns is no change.
      - Credentials in the URL (C(https://user:password@host)) are masked in every output and left out of RV(pull_zone).
      - The host must be a host name, an IPv4 address (four numbers up to 255) or an IPv6 address in brackets.
      - Not with O(origin_type=edge_script) or O(origin_type=magic_containers), whose URL the platform sets itself.
    type: str
  origin_storage_zone:
    description:
      - The name of the storage zone the zone pulls from (exact, as M(edge.platform.storage_zone) names it), instead of
        O(storage_zone_id). It is looked up (one listing of the storage zones) and sent as its id, and implies
        O(origin_type=storage_zone). Compared as the id it names.
      - A name no storage zone has fails the task before any write. Under C(--check), a storage zone an earlier task
        of the run only predicted creating stands in, with a warning, as the other modules do for a predicted zone.
    type: str
    version_added: 1.3.0
  origin_edge_script:
    description:
      - The name of the standalone edge script that is the zone's origin (exact, as M(edge.platform.edge_script) names
        it), instead of O(edge_script_id). It is looked up (one listing of the scripts) and sent as its id, and implies
        O(origin_type=edge_script) (with the origin URL and the C(scripting) routing filter that type needs). Compared
        as the id it names.
      - A name no script has fails the task before any write, as does the name of a middleware or DNS script (naming
        the type found). Under C(--check), a script an earlier task of the run only predicted creating stands in, with
        a warning.
      - M(edge.platform.pullzone_info) returns the id (O(edge_script_id)), which this module takes too.
    type: str
    version_added: 1.3.0
  middleware_script:
    description:
      - The name of the middleware edge script that runs in front of the zone's origin (exact, as
        M(edge.platform.edge_script) names it), instead of O(middleware_script_id); looked up and checked as
        O(origin_edge_script) is, and sent as its id with the C(scripting) routing filter it needs.
      - V("") detaches the middleware script (sent as V(0), the platform's "none"; it ignores a null). After a detach
        the zone is read once more, as the platform's CLI verifies one, and a zone that still holds the script is
        reported with a warning.
    type: str
    version_added: 1.3.0
  storage_zone_id:
    description:
      - Id of the storage zone the zone pulls from (origin type V(storage_zone)); V(0) for none (from 0 to
        9223372036854775807).
    type: int
  origin_host_header:
    description:
      - The C(Host) header sent to the origin. V("") sends the zone's own hostname.
    type: str
  add_host_header:
    description: Whether the requested hostname is forwarded to the origin as its C(Host) header.
    type: bool
  verify_origin_ssl:
    description: Whether the origin's TLS certificate is verified.
    type: bool
  follow_redirects:
    description: Whether redirects answered by the origin are followed (and the result cached).
    type: bool
  cache_expiration_time:
    description:
      - How long, in seconds, the edge caches a file (C(CacheControlMaxAgeOverride)); V(-1) follows the origin's
        C(Cache-Control).
      - From -1 to 9223372036854775807 (the platform's 64-bit integer). The platform's Terraform provider stops at
        31919000 (about a year, the Perma-Cache value); the platform's own limit is not documented, so larger values
        are sent and a refusal is reported with the platform's message.
    type: int
  cache_expiration_time_browser:
    description:
      - How long, in seconds, browsers are told to cache a file (C(CacheControlPublicMaxAgeOverride)); V(-1) follows
        the origin.
      - From -1 to 9223372036854775807, as O(cache_expiration_time).
    type: int
  ignore_query_strings:
    description: Whether the query string is ignored when a file is cached (one cached copy for every query string).
    type: bool
  sort_query_strings:
    description: Whether query string parameters are sorted before caching (C(EnableQueryStringOrdering)).
    type: bool
  query_string_vary_parameters:
    description:
      - The query string parameters the cache varies by, as a set. V([]) varies by none.
      - Each name is letters, digits, dashes and underscores; the platform documents that it ignores other values, so
        they are refused before sending.
    type: list
    elements: str
  cache_error_responses:
    description: Whether error answers of the origin are cached.
    type: bool
  disable_cookies:
    description: Whether cookies are removed from the origin's answers.
    type: bool
  enable_geo_zone_us:
    description: Whether the zone is served from North America.
    type: bool
  enable_geo_zone_eu:
    description: Whether the zone is served from Europe.
    type: bool
  enable_geo_zone_asia:
    description: Whether the zone is served from Asia and Oceania.
    type: bool
  enable_geo_zone_sa:
    description: Whether the zone is served from South America.
    type: bool
  enable_geo_zone_af:
    description: Whether the zone is served from Africa.
    type: bool
  cors_enabled:
    description: Whether CORS headers are added to the answers for the files of O(cors_extensions).
    type: bool
  cors_extensions:
    description:
      - The file extensions that get CORS headers (for example V(woff2)), as a set.
    type: list
    elements: str
  logging_enabled:
    description: Whether the zone's requests are logged.
    type: bool
  logging_ip_anonymization_enabled:
    description: Whether client IP addresses are anonymised in the logs.
    type: bool
  log_anonymization_type:
    description: How IP addresses are anonymised, V(one_digit) (the last digit removed) or V(drop) (removed entirely).
    type: str
    choices: [one_digit, drop]
  logging_save_to_storage:
    description: Whether logs are also kept in a storage zone (O(logging_storage_zone_id)).
    type: bool
  logging_storage_zone_id:
    description: Id of the storage zone that keeps the logs; V(0) for none (from 0 to 9223372036854775807).
    type: int
  blocked_countries:
    description:
      - Countries whose requests are refused, as two-letter ISO 3166-1 alpha-2 codes (for example V(DE)), as a set.
        Codes are sent in upper case. V([]) blocks none.
    type: list
    elements: str
  allowed_referrers:
    description:
      - Referrer hostnames allowed to load the zone's files, as a set compared without case; when not empty, other
        referrers are refused. V([]) allows all.
      - Each entry is a host name such as V(example.com), V(*) allowed in a label (V(*.example.com)); a URL is refused.
    type: list
    elements: str
  blocked_referrers:
    description:
      - Referrer hostnames refused, as a set compared without case. V([]) blocks none.
      - Each entry is a host name, as in O(allowed_referrers).
    type: list
    elements: str
  block_none_referrer:
    description: Whether requests without a C(Referer) header are refused.
    type: bool
  blocked_ips:
    description:
      - IP addresses refused, as a set. V([]) blocks none.
      - Each entry is an IPv4 or IPv6 address, a CIDR network (V(192.0.2.0/24)) or an IPv4 address with V(*) for whole
        octets (V(192.0.2.*)); anything else (V(300.1.1.1), a host name) is refused before sending, naming the entry.
        The platform does not document which forms it takes beyond single addresses.
    type: list
    elements: str
  block_root_path_access:
    description: Whether requests for the root path C(/) are refused.
    type: bool
  block_post_requests:
    description: Whether C(POST) requests are refused.
    type: bool
  enable_auto_ssl:
    description: Whether hostnames added to the zone get a free certificate automatically.
    type: bool
  edge_script_id:
    description:
      - Id of the edge script that is the zone's origin (O(origin_type=edge_script), which a value above 0 implies);
        from 0 to 9223372036854775807, V(0) being the platform's "none" (what M(edge.platform.pullzone_info) returns
        for a zone of another type). The platform refuses an id it does not know ("Edge Script ID not found.").
    type: int
  middleware_script_id:
    description:
      - Id of the edge script that runs as middleware in front of any origin; V(0) for none (from 0 to
        9223372036854775807). The module also sends the C(scripting) routing filter the platform needs for it.
    type: int
  magic_containers_app_id:
    description:
      - Id of the Magic Containers application that is the zone's origin (O(origin_type=magic_containers), which it
        implies). The platform refuses one it does not know ("The Magic Containers App ID is not valid.").
    type: str
  magic_containers_endpoint_id:
    description:
      - Id of the endpoint of the O(magic_containers_app_id) application that the zone pulls from.
    type: str
  load_balancer_id:
    description:
      - Id of the load balancer that is the zone's origin (O(origin_type=load_balancer), which a value above 0
        implies); from 0 to 9223372036854775807, V(0) being the platform's "none".
    type: int
  dns_origin_port:
    description:
      - Port of the origin of a DNS-accelerated zone (O(origin_type=dns_accelerate), which it implies); from 1 to
        65535. Sent together with O(dns_origin_scheme).
      - The platform does not return it; it is compared, as the platform's Terraform provider compares it, with the
        port of the zone's origin URL (its explicit port, else 80 for C(http) and 443 for C(https)).
    type: int
  dns_origin_scheme:
    description:
      - Scheme of the origin of a DNS-accelerated zone. Compared with the scheme of the zone's origin URL, as
        O(dns_origin_port).
    type: str
    choices: [http, https]
  update_secret:
    description:
      - When the secrets among the settings (O(s3_authentication.key), O(s3_authentication.secret),
        O(log_forwarding.token), O(token_authentication.key)) are set, the convention of Ansible's user modules.
      - V(always) compares each secret given with what the zone holds (the platform returns them to a read) and sends
        it when it differs.
      - V(on_create) sends them only when the task creates the zone; an existing zone keeps its secrets, whatever is
        given. Use it if the platform ever stops returning a secret, which would otherwise send it on every run (the
        task warns when an answer does not show a secret that was sent).
    type: str
    default: always
    choices: [always, on_create]
  disable_lets_encrypt:
    description:
      - Whether the platform stops issuing free Let's Encrypt certificates for the zone's hostnames
        (C(DisableLetsEncrypt)).
    type: bool
  add_canonical_header:
    description:
      - "Whether answers carry a C(Link: rel=canonical) header pointing at the requested URL (C(AddCanonicalHeader))."
    type: bool
  enable_cache_slice:
    description:
      - Whether large files are cached in slices (C(EnableCacheSlice); the Terraform provider's C(cache_chunked)).
    type: bool
  enable_smart_cache:
    description:
      - Whether the edge decides what to cache by the content type (C(EnableSmartCache); the Terraform provider's
        C(cache_enabled)).
    type: bool
  log_format:
    description:
      - The format of the zone's own log files (C(LogFormat)).
    type: raw
    choices: [plain, json]
  edge_script_execution_phase:
    description:
      - When the zone's edge script runs (C(EdgeScriptExecutionPhase)). The platform does not document which phase a
        script zone gets by default.
    type: raw
    choices: [cache, load_balancer, pre_cache]
  origin_shield:
    description:
      - "Origin shield: one more cache layer between the edge and the origin, in one region."
    type: dict
    suboptions:
      enabled:
        description:
          - Whether the origin shield is on (C(EnableOriginShield)).
        type: bool
      zone_code:
        description:
          - The shield's region (C(OriginShieldZoneCode)), compared without case. The platform's Terraform provider
            offers V(FR) (Paris) and V(IL) (Chicago); other codes are sent and a refusal is reported with the
            platform's message.
        type: str
      concurrency_limit_enabled:
        description:
          - Whether the shield limits the requests it sends to the origin at once
            (C(OriginShieldEnableConcurrencyLimit)).
        type: bool
      max_concurrent_requests:
        description:
          - The most requests the shield sends to the origin at once; from 1 to 10000 (the published document's
            range).
        type: int
      queue_max_wait_time:
        description:
          - How long, in seconds, a request waits in the shield's queue (C(OriginShieldQueueMaxWaitTime)); from 0 to
            2147483647. The Terraform provider offers 3, 5, 15, 30 and 45.
        type: int
      max_queued_requests:
        description:
          - The most requests the shield queues; from 0 to 30000 (the published document's range).
        type: int
  safe_hop:
    description:
      - "SafeHop: retrying a failed origin request, and the origin's timeouts."
    type: dict
    suboptions:
      enabled:
        description:
          - Whether SafeHop is on (C(EnableSafeHop)).
        type: bool
      retries:
        description:
          - How many times a failed origin request is retried (C(OriginRetries)); from 0 to 2147483647. The Terraform
            provider offers 0 to 2.
        type: int
      retry_delay:
        description:
          - Seconds between retries (C(OriginRetryDelay)); from 0 to 2147483647. The Terraform provider offers 0, 1,
            3, 5 and 10.
        type: int
      connect_timeout:
        description:
          - Seconds to wait for a connection to the origin (C(OriginConnectTimeout)); from 0 to 2147483647. The
            Terraform provider offers 3, 5 and 10.
        type: int
      response_timeout:
        description:
          - Seconds to wait for the origin's answer (C(OriginResponseTimeout)); from 0 to 2147483647. The Terraform
            provider offers 5, 15, 30, 45 and 60.
        type: int
      retry_on_5xx_responses:
        description:
          - Whether an answer with a 5xx status is retried (C(OriginRetry5XXResponses)).
        type: bool
      retry_on_connection_timeout:
        description:
          - Whether a connection timeout is retried (C(OriginRetryConnectionTimeout)).
        type: bool
      retry_on_response_timeout:
        description:
          - Whether a response timeout is retried (C(OriginRetryResponseTimeout)).
        type: bool
  s3_authentication:
    description:
      - Signing the origin requests for an S3-compatible origin (AWS Signature Version 4).
    type: dict
    suboptions:
      enabled:
        description:
          - Whether origin requests are signed (C(AWSSigningEnabled)).
        type: bool
      key:
        description:
          - The access key id (C(AWSSigningKey)). Kept as a secret, as O(s3_authentication.secret) is (never returned,
            never shown, compared without showing it).
        type: str
      secret:
        description:
          - "The secret access key (C(AWSSigningSecret)). A secret: never returned, never shown, masked in every
            output; the diff says only whether it changes."
          - The platform returns it to a read, so it is compared with what the zone holds; see O(update_secret).
        type: str
      region:
        description:
          - The region name the signature names (C(AWSSigningRegionName)), for example V(eu-central-1).
        type: str
  token_authentication:
    description:
      - "Token authentication: URLs must carry a token signed with the zone's key."
    type: dict
    suboptions:
      enabled:
        description:
          - Whether a signed token is required (C(ZoneSecurityEnabled)).
        type: bool
      include_client_ip:
        description:
          - Whether the token's hash includes the client's IP address (C(ZoneSecurityIncludeHashRemoteIP)).
        type: bool
      key:
        description:
          - "The zone's signing key, 8 to 36 characters. A secret: never returned, never shown; the diff says only
            whether it changes."
          - Set with the platform's own request for it (C(resetSecurityKey)), after the other settings. A zone that
            has no key of its choosing holds one the platform made; it is replaced when this is given (see
            O(update_secret)).
        type: str
  cache_vary:
    description:
      - What else, beside the URL, makes a cached copy of its own (the Terraform provider's C(cache_vary)). The query
        string is O(ignore_query_strings) and O(query_string_vary_parameters).
    type: dict
    suboptions:
      webp:
        description:
          - Whether browsers that accept WebP get their own copy (C(EnableWebpVary)).
        type: bool
      avif:
        description:
          - Whether browsers that accept AVIF get their own copy (C(EnableAvifVary)).
        type: bool
      mobile:
        description:
          - Whether mobile devices get their own copy (C(EnableMobileVary)).
        type: bool
      country:
        description:
          - Whether each country gets its own copy (C(EnableCountryCodeVary)).
        type: bool
      country_state:
        description:
          - Whether each state of a country gets its own copy (C(EnableCountryStateCodeVary)).
        type: bool
      hostname:
        description:
          - Whether each hostname of the zone gets its own copy (C(EnableHostnameVary)).
        type: bool
      cookie:
        description:
          - Whether the cookies named in O(cache_vary.cookie_names) make copies of their own (C(EnableCookieVary)).
        type: bool
      cookie_names:
        description:
          - The cookies the cache varies by, as a set (C(CookieVaryParameters)). Each name is letters, digits, dashes
            and underscores; the platform documents that it ignores other values, so they are refused before sending.
        type: list
        elements: str
      request_headers:
        description:
          - The request headers the cache varies by, as a set, compared without case (C(CacheKeyHeaders), which the
            platform keeps as one comma-separated text).
        type: list
        elements: str
  stale_cache:
    description:
      - Serving a stale copy while the origin is slow or down.
    type: dict
    suboptions:
      while_updating:
        description:
          - Whether a stale copy is served while a fresh one is fetched (C(UseStaleWhileUpdating)).
        type: bool
      while_offline:
        description:
          - Whether a stale copy is served while the origin is offline (C(UseStaleWhileOffline)).
        type: bool
      background_update:
        description:
          - Whether expired files are refreshed in the background (C(UseBackgroundUpdate)).
          - The platform switches it on by itself while O(stale_cache.while_updating) or O(stale_cache.while_offline)
            is on (the Terraform provider's notes), so it keeps V(true) then whatever is given; the task warns when the
            zone holds another value than was sent.
        type: bool
  request_coalescing:
    description:
      - "Request coalescing: one origin request for many concurrent requests of one file."
    type: dict
    suboptions:
      enabled:
        description:
          - Whether requests are coalesced (C(EnableRequestCoalescing)).
        type: bool
      timeout:
        description:
          - Seconds a coalesced request waits (C(RequestCoalescingTimeout)); from 0 to 2147483647. The Terraform
            provider offers 3, 5, 10, 15, 30 and 60.
        type: int
  perma_cache:
    description:
      - "Perma-Cache: cached files kept in a storage zone."
    type: dict
    suboptions:
      storage_zone_id:
        description:
          - The storage zone that keeps the cache (C(PermaCacheStorageZoneId)); V(0) for none (from 0 to
            9223372036854775807).
          - With Perma-Cache the platform sets the zone's cache time itself (the Terraform provider forces
            O(cache_expiration_time=31919000)); tag purges do not apply to it.
        type: int
      type:
        description:
          - How files reach the Perma-Cache (C(PermaCacheType)).
        type: raw
        choices: [automatic, manual]
  optimizer:
    description:
      - "The optimizer: images resized and compressed, CSS and JavaScript minified, watermarks. Image classes have
        their own module, M(edge.platform.pullzone_optimizer_class)."
    type: dict
    suboptions:
      enabled:
        description:
          - Whether the optimizer is on (C(OptimizerEnabled)); it is billed apart.
        type: bool
      tunnel_enabled:
        description:
          - Whether Burrow smart routing to the origin is on (C(OptimizerTunnelEnabled)).
        type: bool
      automatic_optimization:
        description:
          - Whether images are optimized automatically for each device (C(OptimizerAutomaticOptimizationEnabled)).
        type: bool
      desktop_max_width:
        description:
          - The widest image sent to desktops, in pixels; from 0 to 5000 (the published document's range).
        type: int
      mobile_max_width:
        description:
          - The widest image sent to mobile devices, in pixels; from 0 to 5000.
        type: int
      image_quality:
        description:
          - The image quality for desktops; from 1 to 100 (the published document's range).
        type: int
      mobile_image_quality:
        description:
          - The image quality for mobile devices; from 1 to 100.
        type: int
      webp:
        description:
          - Whether images are sent as WebP to browsers that take it (C(OptimizerEnableWebP)).
        type: bool
      upscaling:
        description:
          - Whether images smaller than the asked size are enlarged (C(OptimizerEnableUpscaling)).
        type: bool
      prerender_html:
        description:
          - Whether HTML is prerendered (C(OptimizerPrerenderHtml)).
        type: bool
      manipulation_engine:
        description:
          - Whether images can be transformed by query string parameters (C(OptimizerEnableManipulationEngine); the
            Terraform provider's dynamic image API).
        type: bool
      minify_css:
        description:
          - Whether CSS files are minified (C(OptimizerMinifyCSS)).
        type: bool
      minify_javascript:
        description:
          - Whether JavaScript files are minified (C(OptimizerMinifyJavaScript)).
        type: bool
      watermark_enabled:
        description:
          - Whether images carry a watermark (C(OptimizerWatermarkEnabled)).
        type: bool
      watermark_url:
        description:
          - The URL of the watermark image (C(OptimizerWatermarkUrl)).
        type: str
      watermark_position:
        description:
          - Where the watermark goes (C(OptimizerWatermarkPosition)); also any platform number, returned for a
            position this collection does not name.
        type: raw
        choices: [bottom_left, bottom_right, top_left, top_right, center, center_stretch]
      watermark_offset:
        description:
          - The watermark's distance from the border, as the platform measures it (C(OptimizerWatermarkOffset), a
            number with a fraction); from 0.
        type: float
      watermark_min_image_size:
        description:
          - The smallest image, in pixels, that gets a watermark (C(OptimizerWatermarkMinImageSize)); from 0 to
            2147483647.
        type: int
      force_classes:
        description:
          - Whether only the optimizer classes may be asked for (C(OptimizerForceClasses)).
        type: bool
      static_html_enabled:
        description:
          - Whether static HTML caching is on (C(OptimizerStaticHtmlEnabled)).
        type: bool
      static_html_wordpress_path:
        description:
          - The WordPress path of static HTML caching (C(OptimizerStaticHtmlWordPressPath)).
        type: str
      static_html_wordpress_bypass_cookie:
        description:
          - The cookie that bypasses static HTML caching (C(OptimizerStaticHtmlWordPressBypassCookie)).
        type: str
  image_ai:
    description:
      - The platform's image AI.
    type: dict
    suboptions:
      enabled:
        description:
          - Whether the image AI is on (C(EnableBunnyImageAi)).
        type: bool
      blueprints:
        description:
          - The image AI blueprints, compared by name in any order (C(BunnyAiImageBlueprints)); each is a
            O(image_ai.blueprints[].name) and its O(image_ai.blueprints[].properties), whose values are sent and
            compared as text (V(true), V(200)), as the platform keeps them.
        type: list
        elements: dict
        suboptions:
          name:
            description:
              - The blueprint's name, one of its own (required).
            type: str
          properties:
            description:
              - The blueprint's settings, by name.
            type: dict
  limits:
    description:
      - The zone's limits (the dashboard's network limits). V(0) is no limit.
      - The platform's documents disagree on the units of some of them (see each); the values are sent and compared as
        given, in the platform's own members.
    type: dict
    suboptions:
      monthly_bandwidth:
        description:
          - The monthly bandwidth, after which the zone is disabled (C(MonthlyBandwidthLimit)); from 0 to
            9223372036854775807. The published document says bytes, the dashboard's help says gigabytes.
        type: int
      connections_per_ip:
        description:
          - The most connections one IP address may hold (C(ConnectionLimitPerIPCount)); from 0 to 2147483647.
        type: int
      requests_per_second:
        description:
          - The most requests per second one IP address may send (C(RequestLimit)); from 0 to 2147483647.
        type: int
      rate_per_second:
        description:
          - "C(LimitRatePerSecond): the published document calls it requests per second of one IP address, the
            Terraform provider the download speed in kB/s; from 0 to 2147483647."
        type: float
      rate_after:
        description:
          - How much of a file is sent at full speed before C(LimitRatePerSecond) applies (C(LimitRateAfter), a number
            with a fraction; the dashboard's help says megabytes); from 0.
        type: float
      burst_size:
        description:
          - The requests one IP address may send in a burst above the limit (C(BurstSize)); from 0 to 2147483647.
        type: int
  log_forwarding:
    description:
      - Forwarding the zone's logs to a syslog or Datadog endpoint.
    type: dict
    suboptions:
      enabled:
        description:
          - Whether logs are forwarded (C(LogForwardingEnabled)). The platform accepts a hostname while this is off
            but does not apply it, so give both together.
        type: bool
      hostname:
        description:
          - The endpoint's host name (C(LogForwardingHostname)).
        type: str
      port:
        description:
          - The endpoint's port; from 0 to 65535.
        type: int
      token:
        description:
          - "The endpoint's token (C(LogForwardingToken)). A secret: never returned, never shown; the diff says only
            whether it changes."
          - The platform returns it to a read, so it is compared with what the zone holds; see O(update_secret).
        type: str
      protocol:
        description:
          - How logs travel (C(LogForwardingProtocol)); also any platform number, returned for a protocol this
            collection does not name.
        type: raw
        choices: [udp, tcp, tcp_encrypted, datadog]
      format:
        description:
          - The format of the forwarded lines (C(LogForwardingFormat)).
        type: raw
        choices: [plain, json]
  error_pages:
    description:
      - The pages the edge answers with when the origin fails.
    type: dict
    suboptions:
      custom_code_enabled:
        description:
          - Whether the error page is the O(error_pages.custom_code) (C(ErrorPageEnableCustomCode)).
        type: bool
      custom_code:
        description:
          - The HTML of the error page (C(ErrorPageCustomCode)).
        type: str
      statuspage_widget_enabled:
        description:
          - Whether the error page shows a statuspage.io widget (C(ErrorPageEnableStatuspageWidget)).
        type: bool
      statuspage_code:
        description:
          - The statuspage.io page code (C(ErrorPageStatuspageCode)).
        type: str
      whitelabel:
        description:
          - Whether the error page carries no mention of the platform (C(ErrorPageWhitelabel)).
        type: bool
  tls:
    description:
      - The TLS versions and ciphers the zone's hostnames accept.
    type: dict
    suboptions:
      tls1_enabled:
        description:
          - Whether TLS 1.0 is accepted (C(EnableTLS1)).
        type: bool
      tls1_1_enabled:
        description:
          - Whether TLS 1.1 is accepted (C(EnableTLS1_1)).
        type: bool
      security_level:
        description:
          - The TLS security level (C(TlsSecurityLevel)); also any platform number, returned for a level this
            collection does not name.
        type: raw
        choices: [legacy, compatible, modern_only]
  ddos_protection:
    description:
      - The zone's DDoS protection.
    type: dict
    suboptions:
      enabled:
        description:
          - Whether DDoS protection is on (C(ShieldDDosProtectionEnabled)).
        type: bool
      type:
        description:
          - How DDoS protection acts (C(ShieldDDosProtectionType)).
        type: raw
        choices: [detect_only, active_standard, active_aggressive]
  websockets:
    description:
      - WebSocket connections through the zone.
    type: dict
    suboptions:
      enabled:
        description:
          - Whether WebSockets are passed to the origin (C(EnableWebSockets)).
        type: bool
      max_connections:
        description:
          - "The most WebSocket connections at once; from 0 to 25000. The platform rounds the value up to its next
            tier (500, 1000, 2500, 5000, 10000, 25000), so it is compared as that tier: V(700) is no change on a zone
            that holds 1000."
        type: int
  routing:
    description:
      - Where the zone's traffic is served from; the five regions are the O(enable_geo_zone_us) options.
    type: dict
    suboptions:
      filters:
        description:
          - The routing filters, as a set, compared without case (C(RoutingFilters); the Terraform provider offers
            V(all), V(eu) and V(scripting)). A script origin or a middleware script needs V(scripting); the platform
            may rewrite the filters of a script zone.
        type: list
        elements: str
      ip_family_policy:
        description:
          - Which IP versions the zone's hostnames answer on (C(IpFamilyPolicy)).
        type: raw
        choices: [ipv4_only, dual_stack, dual_stack_prefer_ipv6, ipv6_only]
      redirected_countries:
        description:
          - Countries whose visitors are served from a cheaper region, as a set of two-letter codes in upper case
            (C(BudgetRedirectedCountries)).
        type: list
        elements: str
  sticky_sessions:
    description:
      - "Sticky sessions: a client's requests go to the same origin server."
    type: dict
    suboptions:
      type:
        description:
          - Whether sessions stick (C(StickySessionType)).
        type: raw
        choices: [disabled, enabled]
      cookie_name:
        description:
          - The cookie that names the session (C(StickySessionCookieName)).
        type: str
      client_headers:
        description:
          - The client headers that name the session (C(StickySessionClientHeaders)), as the platform takes them.
        type: str
  preloading_screen:
    description:
      - A screen shown while the page loads.
    type: dict
    suboptions:
      enabled:
        description:
          - Whether the preloading screen is on (C(PreloadingScreenEnabled)).
        type: bool
      code_enabled:
        description:
          - Whether the screen is the O(preloading_screen.code) (C(PreloadingScreenCodeEnabled)).
        type: bool
      code:
        description:
          - The HTML of the screen (C(PreloadingScreenCode)).
        type: str
      logo_url:
        description:
          - The URL of the logo on the screen (C(PreloadingScreenLogoUrl)).
        type: str
      show_on_first_visit:
        description:
          - Whether the screen shows on a visitor's first visit only (C(PreloadingScreenShowOnFirstVisit)).
        type: bool
      theme:
        description:
          - The screen's theme (C(PreloadingScreenTheme)).
        type: raw
        choices: [light, dark]
      delay:
        description:
          - Milliseconds before the screen shows; from 0 to 10000 (the published document's range).
        type: int
extends_documentation_fragment:
  - edge.platform.management_api
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group
attributes:
  check_mode:
    support: full
    details:
      - A zone to be created is predicted from the options given; its id, hostnames and the settings not given are
        null in RV(pull_zone) until a real run creates it.
  diff_mode:
    support: full
    details:
      - The diff shows whether the zone exists, its name and the options given, before and after.
notes:
  - Each run reads the zone once (a search by name, or a read by id), then sends at most one write.
  - "The platform's Terraform provider creates pull zones one at a time, for a reason it does not document. This module
    does the same for tasks on one machine: creates wait for a lock file in the controller's temporary directory."
  - Some settings only take effect together (the platform accepts a log forwarding hostname but ignores it while
    forwarding is off). When the platform's answer shows other values than were sent, the task warns and reports what
    the platform holds.
  - "Hostnames, their certificates and the shield of a zone have their own modules: M(edge.platform.pullzone_certificate)
    for custom certificates, M(edge.platform.shield_zone) for Shield."
seealso:
  - module: edge.platform.pullzone_info
  - module: edge.platform.pullzone_certificate
  - module: edge.platform.shield_zone
  - name: Pull zones
    description: What pull zones are and how their settings work.
    link: https://docs.bunny.net/docs/cdn-pull-zone
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Set the connection once for every task of the block (the API root defaults to https://api.bunny.net)
  module_defaults:
    group/edge.platform.management:
      api_key: "{{ vault_edge_api_key }}"
  block:
    - name: Create a pull zone for the site's origin, served from Europe and North America only
      edge.platform.pullzone:
        name: site
        origin_url: https://origin.example.com
        origin_host_header: www.example.com
        enable_geo_zone_eu: true
        enable_geo_zone_us: true
        enable_geo_zone_asia: false
        enable_geo_zone_sa: false
        enable_geo_zone_af: false
      register: site

    - name: Cache for a day, ignore query strings, add CORS headers to fonts, keep every other setting of demo
      edge.platform.pullzone:
        name: demo
        cache_expiration_time: 86400
        ignore_query_strings: true
        cors_enabled: true
        cors_extensions: [woff, woff2, ttf]

    - name: Serve a storage zone, log with anonymised addresses, refuse two countries and a referrer
      edge.platform.pullzone:
        name: assets
        type: volume
        storage_zone_id: 5001
        logging_enabled: true
        logging_ip_anonymization_enabled: true
        log_anonymization_type: drop
        blocked_countries: [KP, IR]
        blocked_referrers: [leech.example.net]

    - name: Optimize images, shield the origin, retry it once and sign URLs with a key of the vault
      edge.platform.pullzone:
        name: demo
        optimizer:
          enabled: true
          image_quality: 80
          minify_css: true
        origin_shield:
          enabled: true
          zone_code: FR
        safe_hop:
          enabled: true
          retries: 1
        token_authentication:
          enabled: true
          key: "{{ vault_demo_token_key | default('demo-token-signing-key') }}"
        websockets:
          max_connections: 1000

    - name: Serve a pull zone from an edge script (the platform sets its origin URL and routing filter)
      edge.platform.pullzone:
        name: app
        origin_type: edge_script
        edge_script_id: 3001

    - name: Serve a pull zone from the standalone edge script hello-edge, by its name
      edge.platform.pullzone:
        name: hello
        origin_edge_script: hello-edge

    - name: Run no middleware script in front of demo ("" detaches one)
      edge.platform.pullzone:
        name: demo
        middleware_script: ""

    - name: Delete a pull zone that is no longer needed
      edge.platform.pullzone:
        name: retired
        state: absent
"""

RETURN = r"""
pull_zone:
  description:
    - The zone after the task (predicted in check mode), as M(edge.platform.pullzone_info) returns it, with every
      setting this module takes under its option name.
    - Null with O(state=absent).
  returned: success
  type: dict
  contains:
    # BEGIN edge.platform.resource_shapes.PULL_ZONE
    # root: pull_zone
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
              description: Whole days until RV(pull_zone.hostnames[].certificate.not_after); negative once expired.
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
# sample status: 400
# sample error_key: pullzone.name_taken
# sample field: Name
# sample message: The pull zone name is already taken.
api_error:
  description: The platform's error, when the task failed on a platform answer.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the platform could not be reached.
      type: int
      sample: 400
    error_key:
      description: The platform's error key, when it sent one.
      type: str
      sample: pullzone.name_taken
    field:
      description: The request field the platform objected to, when it named one.
      type: str
      sample: Name
    message:
      description: The platform's message, when it sent one.
      type: str
      sample: The pull zone name is already taken.
# END edge.platform.api_error
"""

from functools import partial

from ansible_collections.edge.platform.plugins.module_utils._api import pull_zones
from ansible_collections.edge.platform.plugins.module_utils._cores.pull_zones import (
    NOT_VISIBLE,
    by_name,
    create,
    current,
    detach_checked,
    managed,
    shown,
    view,
    wanted,
)
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef
from ansible_collections.edge.platform.plugins.module_utils._shapes import pull_zones as P


def run(ctx):
    settings, found = wanted(ctx.params), {}
    zone = current(ctx)
    settings = by_name(ctx, settings, zone)
    if settings is None:  # under --check, on a storage zone or script an earlier task only predicted
        return {"pull_zone": None}
    P.check_origin(settings, zone)  # what the origin type needs, given or held: before any write
    settings = managed(ctx, settings, zone)
    name = (zone or {}).get("Name", ctx.params["name"])
    label = "pull zone %s (id %d)" % (name, zone["Id"]) if zone else "pull zone %s" % name

    def reread():
        # one read after a lost answer: the zone by id when there is one (a delete shows as a 404), else by name
        if zone is None:
            found["zone"] = pull_zones.find_named(ctx.client, name)
        else:
            found["zone"] = pull_zones.get_or_none(ctx.client, zone["Id"], NOT_VISIBLE % zone["Id"])
        return view(found["zone"], settings, name)

    if ctx.params["state"] == "absent":
        apply = partial(pull_zones.delete, ctx.client, zone["Id"], label) if zone else None
        ctx.reconcile(view(zone, {}, name), view(None, {}, name), apply, reread=reread)
        return {"pull_zone": None}
    members = P.write_members(P.differing(zone, settings) if zone else settings, zone)
    if zone is None:
        apply, predicted = partial(create, ctx, name, members), P.merged({"Id": None, "Name": name}, members)
    else:
        apply, predicted = partial(pull_zones.update, ctx.client, zone["Id"], members, label), P.merged(zone, members)
    after = dict(P.wanted_view(settings), present=True, name=name)
    outcome = ctx.reconcile(view(zone, settings, name), after, apply, reread=reread)
    if zone is None:  # under --check: later tasks of the run may stand in for it (_engine/ledger.py)
        ctx.note_predicted(*pull_zones.predicted_zone(name))
    answer = detach_checked(ctx, zone, members, outcome.answer)
    if answer is not None and view(answer, settings, name) != after:
        ctx.warn(P.not_taken(answer, settings))
    return {"pull_zone": shown(ctx, answer or found.get("zone") or (predicted if outcome.changed else zone))}


MODULE = ModuleDef(
    argument_spec=dict(
        name=dict(type="str", aliases=["pullzone_name"]),  # pullzone_info's names of the options
        id=dict(type="int", aliases=["pullzone_id"]),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        update_secret=dict(type="str", default="always", choices=["always", "on_create"], no_log=False),
        origin_storage_zone=dict(type="str"),
        origin_edge_script=dict(type="str"),
        middleware_script=dict(type="str"),
        **P.ARGUMENT_SPEC,  # every setting, from its field table
    ),
    run=run,
    hidden_secrets=lambda params: [P.url_password(params.get("origin_url"))],
    bounds=P.BOUNDS,
    required_one_of=[["name", "id"]],
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
