# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The pull zone settings beyond the first ones, grouped as users think of them (pure Python: no Ansible imports).

Each section is a dict option of ``pullzone`` (``optimizer``, ``origin_shield``, ``safe_hop``, ``limits``, ...) whose
sub-options are members of the platform's ``PullZoneSettingsModel``, held at the top level of its ``PullZoneModel``
(the field kit's ``Section``): only the sub-options given are compared, and only those that differ are sent. A few
settings that belong to no group are single options (:data:`SINGLE`). Together with ``pull_zones.FIELDS`` they are
every member of the settings model but two (docs/platform-notes.md, "Pull zone settings: the whole surface"):
``OptimizerClasses`` (``pullzone_optimizer_class`` manages them) and the deprecated
``CacheControlBrowserMaxAgeOverride``, which the platform never returns.

Ranges are the published document's where it gives one, else its integer type's; the Terraform provider's narrower
lists of values (origin shield codes, SafeHop timeouts) are not enforced here, because the platform's own rules are
not documented: a refusal is reported with the platform's message. ``MaxWebSocketConnections`` is compared as the
tier the platform stores it as (the document: rounded up to 500, 1000, 2500, 5000, 10000 or 25000).
"""

from __future__ import annotations

import sys

from ansible_collections.edge.platform.plugins.module_utils._engine.bounds import INT32_MAX, INT64_MAX
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from .fields import Bool, Float, Int, NamedMaps, Numbered, Secret, Section, Strings, Text
from .pull_zone_inputs import ENTRY_CHECKS

WEB_SOCKET_TIERS = (500, 1000, 2500, 5000, 10000, 25000)
LOG_FORMATS = {0: "plain", 1: "json"}  # PullZoneLogFormat
DOUBLE_MAX = sys.float_info.max  # a double of the document without a stated range: any number from 0


def web_socket_tier(value):
    """The number of web socket connections as the platform stores it: the tier at or above ``value``."""
    return next((tier for tier in WEB_SOCKET_TIERS if value <= tier), value)


def security_key(option, value):
    """A token authentication key as the platform takes it (the document: 8 to 36 characters)."""
    if not 8 <= len(value) <= 36:
        raise InputError("%s must be 8 to 36 characters long; got %d characters." % (option, len(value)), option)
    return value


def _webp_vary(model):
    # written EnableWebpVary, returned EnableWebPVary (the document spells the two members differently)
    return model.get("EnableWebPVary", model.get("EnableWebpVary"))


def _enum(option, member, names):
    return Numbered(option, member, names, warn_as="member")


def _count(option, member, low=0, high=INT32_MAX):
    return Int(option, member, low, high)


SECTIONS = (
    Section(
        "origin_shield",
        (
            Bool("enabled", "EnableOriginShield"),
            Text("zone_code", "OriginShieldZoneCode", normal=str.upper),
            Bool("concurrency_limit_enabled", "OriginShieldEnableConcurrencyLimit"),
            _count("max_concurrent_requests", "OriginShieldMaxConcurrentRequests", 1, 10000),
            _count("queue_max_wait_time", "OriginShieldQueueMaxWaitTime"),
            _count("max_queued_requests", "OriginShieldMaxQueuedRequests", 0, 30000),
        ),
    ),
    Section(
        "safe_hop",
        (
            Bool("enabled", "EnableSafeHop"),
            _count("retries", "OriginRetries"),
            _count("retry_delay", "OriginRetryDelay"),
            _count("connect_timeout", "OriginConnectTimeout"),
            _count("response_timeout", "OriginResponseTimeout"),
            Bool("retry_on_5xx_responses", "OriginRetry5XXResponses"),
            Bool("retry_on_connection_timeout", "OriginRetryConnectionTimeout"),
            Bool("retry_on_response_timeout", "OriginRetryResponseTimeout"),
        ),
    ),
    Section(
        "s3_authentication",
        (
            Bool("enabled", "AWSSigningEnabled"),
            Secret("key", "AWSSigningKey"),  # the access key id: a credential, kept apart as the secret is
            Secret("secret", "AWSSigningSecret"),
            Text("region", "AWSSigningRegionName"),
        ),
    ),
    Section(
        "token_authentication",
        no_log=False,  # the section is not a secret: its key is
        fields=(
            Bool("enabled", "ZoneSecurityEnabled"),
            Bool("include_client_ip", "ZoneSecurityIncludeHashRemoteIP"),
            Secret(
                "key", "ZoneSecurityKey", check=security_key, write="reset_key"
            ),  # set through its own request (_api/pull_zones.py)
        ),
    ),
    Section(
        "cache_vary",
        (
            Bool("webp", "EnableWebpVary", read=_webp_vary),
            Bool("avif", "EnableAvifVary"),
            Bool("mobile", "EnableMobileVary"),
            Bool("country", "EnableCountryCodeVary"),
            Bool("country_state", "EnableCountryStateCodeVary"),
            Bool("hostname", "EnableHostnameVary"),
            Bool("cookie", "EnableCookieVary"),
            Strings("cookie_names", "CookieVaryParameters", entry=ENTRY_CHECKS["parameters"]),
            Strings("request_headers", "CacheKeyHeaders", joined=",", normal=str.lower),
        ),
    ),
    Section(
        "stale_cache",
        (
            Bool("while_updating", "UseStaleWhileUpdating"),
            Bool("while_offline", "UseStaleWhileOffline"),
            Bool("background_update", "UseBackgroundUpdate"),
        ),
    ),
    Section(
        "request_coalescing",
        (Bool("enabled", "EnableRequestCoalescing"), _count("timeout", "RequestCoalescingTimeout")),
    ),
    Section(
        "perma_cache",
        (
            Int("storage_zone_id", "PermaCacheStorageZoneId", 0, INT64_MAX),
            _enum("type", "PermaCacheType", {0: "automatic", 1: "manual"}),
        ),
    ),
    Section(
        "optimizer",
        (
            Bool("enabled", "OptimizerEnabled"),
            Bool("tunnel_enabled", "OptimizerTunnelEnabled"),
            Bool("automatic_optimization", "OptimizerAutomaticOptimizationEnabled"),
            _count("desktop_max_width", "OptimizerDesktopMaxWidth", 0, 5000),
            _count("mobile_max_width", "OptimizerMobileMaxWidth", 0, 5000),
            _count("image_quality", "OptimizerImageQuality", 1, 100),
            _count("mobile_image_quality", "OptimizerMobileImageQuality", 1, 100),
            Bool("webp", "OptimizerEnableWebP"),
            Bool("upscaling", "OptimizerEnableUpscaling"),
            Bool("prerender_html", "OptimizerPrerenderHtml"),
            Bool("manipulation_engine", "OptimizerEnableManipulationEngine"),
            Bool("minify_css", "OptimizerMinifyCSS"),
            Bool("minify_javascript", "OptimizerMinifyJavaScript"),
            Bool("watermark_enabled", "OptimizerWatermarkEnabled"),
            Text("watermark_url", "OptimizerWatermarkUrl"),
            _enum(
                "watermark_position",
                "OptimizerWatermarkPosition",
                {0: "bottom_left", 1: "bottom_right", 2: "top_left", 3: "top_right", 4: "center", 5: "center_stretch"},
            ),
            Float("watermark_offset", "OptimizerWatermarkOffset", 0.0, DOUBLE_MAX),
            _count("watermark_min_image_size", "OptimizerWatermarkMinImageSize"),
            Bool("force_classes", "OptimizerForceClasses"),
            Bool("static_html_enabled", "OptimizerStaticHtmlEnabled"),
            Text("static_html_wordpress_path", "OptimizerStaticHtmlWordPressPath"),
            Text("static_html_wordpress_bypass_cookie", "OptimizerStaticHtmlWordPressBypassCookie", no_log=False),
        ),
    ),
    Section(
        "image_ai",
        (Bool("enabled", "EnableBunnyImageAi"), NamedMaps("blueprints", "BunnyAiImageBlueprints")),
    ),
    Section(
        "limits",
        (
            Int("monthly_bandwidth", "MonthlyBandwidthLimit", 0, INT64_MAX),
            _count("connections_per_ip", "ConnectionLimitPerIPCount"),
            _count("requests_per_second", "RequestLimit"),
            Float("rate_per_second", "LimitRatePerSecond", 0, INT32_MAX),
            Float("rate_after", "LimitRateAfter", 0.0, DOUBLE_MAX),
            _count("burst_size", "BurstSize"),
        ),
    ),
    Section(
        "log_forwarding",
        (
            Bool("enabled", "LogForwardingEnabled"),
            Text("hostname", "LogForwardingHostname"),
            _count("port", "LogForwardingPort", 0, 65535),
            Secret("token", "LogForwardingToken"),
            _enum("protocol", "LogForwardingProtocol", {0: "udp", 1: "tcp", 2: "tcp_encrypted", 3: "datadog"}),
            _enum("format", "LogForwardingFormat", LOG_FORMATS),
        ),
    ),
    Section(
        "error_pages",
        (
            Bool("custom_code_enabled", "ErrorPageEnableCustomCode"),
            Text("custom_code", "ErrorPageCustomCode"),
            Bool("statuspage_widget_enabled", "ErrorPageEnableStatuspageWidget"),
            Text("statuspage_code", "ErrorPageStatuspageCode"),
            Bool("whitelabel", "ErrorPageWhitelabel"),
        ),
    ),
    Section(
        "tls",
        (
            Bool("tls1_enabled", "EnableTLS1"),
            Bool("tls1_1_enabled", "EnableTLS1_1"),
            _enum("security_level", "TlsSecurityLevel", {0: "legacy", 1: "compatible", 2: "modern_only"}),
        ),
    ),
    Section(
        "ddos_protection",
        (
            Bool("enabled", "ShieldDDosProtectionEnabled"),
            _enum("type", "ShieldDDosProtectionType", {0: "detect_only", 1: "active_standard", 2: "active_aggressive"}),
        ),
    ),
    Section(
        "websockets",
        (
            Bool("enabled", "EnableWebSockets"),
            Int("max_connections", "MaxWebSocketConnections", 0, 25000, normal=web_socket_tier),
        ),
    ),
    Section(
        "routing",
        (
            Strings("filters", "RoutingFilters", normal=str.lower),
            _enum(
                "ip_family_policy",
                "IpFamilyPolicy",
                {0: "ipv4_only", 1: "dual_stack", 2: "dual_stack_prefer_ipv6", 3: "ipv6_only"},
            ),
            Strings(
                "redirected_countries",
                "BudgetRedirectedCountries",
                entry=ENTRY_CHECKS["countries"],
                send=str.upper,
                normal=str.upper,
            ),
        ),
    ),
    Section(
        "sticky_sessions",
        (
            _enum("type", "StickySessionType", {0: "disabled", 1: "enabled"}),  # Off, On: YAML reads off/on as booleans
            Text("cookie_name", "StickySessionCookieName"),
            Text("client_headers", "StickySessionClientHeaders"),
        ),
    ),
    Section(
        "preloading_screen",
        (
            Bool("enabled", "PreloadingScreenEnabled"),
            Bool("code_enabled", "PreloadingScreenCodeEnabled"),
            Text("code", "PreloadingScreenCode"),
            Text("logo_url", "PreloadingScreenLogoUrl"),
            Bool("show_on_first_visit", "PreloadingScreenShowOnFirstVisit"),
            _enum("theme", "PreloadingScreenTheme", {0: "light", 1: "dark"}),
            _count("delay", "PreloadingScreenDelay", 0, 10000),
        ),
    ),
)

SINGLE = (
    Bool("disable_lets_encrypt", "DisableLetsEncrypt"),
    Bool("add_canonical_header", "AddCanonicalHeader"),
    Bool("enable_cache_slice", "EnableCacheSlice"),
    Bool("enable_smart_cache", "EnableSmartCache"),
    _enum("log_format", "LogFormat", LOG_FORMATS),
    _enum("edge_script_execution_phase", "EdgeScriptExecutionPhase", {0: "cache", 1: "load_balancer", 2: "pre_cache"}),
)
