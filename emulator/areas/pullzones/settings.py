"""Every pull zone setting: one row per member of the core document's ``PullZoneSettingsModel`` (docs/platform-notes.md,
"Pull zones in the emulator: every setting, edge rules, optimizer classes").

A row is ``(fixture key, PullZoneModel member, kind, default of a new zone)``. A kind is ``BOOL``, ``TEXT``,
``STRINGS``, ``NUMBER`` (a double), ``CLASSES`` (``[{Name, Properties: {key: text}}]``, as optimizer classes and
image AI blueprints are), an :class:`Int` (its bounds: the JSON type's, or the document's ``minimum``/``maximum``),
or a tuple of an enum's names by number. Defaults are the Terraform provider's where it has one, else the one the
document states (``IpFamilyPolicy`` DualStack), else the binder's (false, 0, the enum's first value, null); the
first 35 rows keep the defaults the emulator had before the others were added.

Pure data and checks, no import of the emulator: ``emulator/fixtures.py`` reads this table to build the fixture
schema, and models.py to read fixtures and requests.
"""

BOOL, TEXT, STRINGS, NUMBER, CLASSES = "bool", "text", "strings", "number", "classes"
INT32 = (-(2**31), 2**31 - 1)
INT64 = (-(2**63), 2**63 - 1)


class Int(object):
    """An integer member and its bounds (inclusive)."""

    def __init__(self, low, high):
        self.low, self.high = low, high

    def __repr__(self):
        return "Int(%d, %d)" % (self.low, self.high)


I32, I64 = Int(*INT32), Int(*INT64)

ORIGIN_TYPES = (
    "OriginUrl",
    "DnsAccelerate",
    "StorageZone",
    "LoadBalancer",
    "EdgeScript",
    "MagicContainers",
    "PushZone",
)
LOG_FORMATS = ("Plain", "JSON")
TF_CORS = ["eot", "ttf", "woff", "woff2", "css"]

SETTINGS = (
    # the 35 settings the pullzone module managed first (defaults unchanged)
    ("origin_url", "OriginUrl", TEXT, None),
    ("origin_type", "OriginType", ORIGIN_TYPES, 0),
    ("storage_zone_id", "StorageZoneId", I64, 0),
    ("origin_host_header", "OriginHostHeader", TEXT, ""),
    ("add_host_header", "AddHostHeader", BOOL, False),
    ("verify_origin_ssl", "VerifyOriginSSL", BOOL, False),
    ("follow_redirects", "FollowRedirects", BOOL, False),
    ("type", "Type", ("Premium", "Volume"), 0),
    ("cache_expiration_time", "CacheControlMaxAgeOverride", I64, -1),
    ("cache_expiration_time_browser", "CacheControlPublicMaxAgeOverride", I64, -1),
    ("ignore_query_strings", "IgnoreQueryStrings", BOOL, True),
    ("sort_query_strings", "EnableQueryStringOrdering", BOOL, True),
    ("query_string_vary_parameters", "QueryStringVaryParameters", STRINGS, []),
    ("cache_error_responses", "CacheErrorResponses", BOOL, False),
    ("disable_cookies", "DisableCookies", BOOL, True),
    ("enable_geo_zone_us", "EnableGeoZoneUS", BOOL, True),
    ("enable_geo_zone_eu", "EnableGeoZoneEU", BOOL, True),
    ("enable_geo_zone_asia", "EnableGeoZoneASIA", BOOL, True),
    ("enable_geo_zone_sa", "EnableGeoZoneSA", BOOL, True),
    ("enable_geo_zone_af", "EnableGeoZoneAF", BOOL, True),
    ("cors_enabled", "EnableAccessControlOriginHeader", BOOL, True),
    ("cors_extensions", "AccessControlOriginHeaderExtensions", STRINGS, TF_CORS),
    ("logging_enabled", "EnableLogging", BOOL, True),
    ("logging_ip_anonymization_enabled", "LoggingIPAnonymizationEnabled", BOOL, True),
    ("log_anonymization_type", "LogAnonymizationType", ("OneDigit", "Drop"), 0),
    ("logging_save_to_storage", "LoggingSaveToStorage", BOOL, False),
    ("logging_storage_zone_id", "LoggingStorageZoneId", I64, 0),
    ("blocked_countries", "BlockedCountries", STRINGS, []),
    ("allowed_referrers", "AllowedReferrers", STRINGS, []),
    ("blocked_referrers", "BlockedReferrers", STRINGS, []),
    ("block_none_referrer", "BlockNoneReferrer", BOOL, False),
    ("blocked_ips", "BlockedIps", STRINGS, []),
    ("block_root_path_access", "BlockRootPathAccess", BOOL, False),
    ("block_post_requests", "BlockPostRequests", BOOL, False),
    ("enable_auto_ssl", "EnableAutoSSL", BOOL, False),
    ("disable_lets_encrypt", "DisableLetsEncrypt", BOOL, False),
    ("zone_security_enabled", "ZoneSecurityEnabled", BOOL, False),
    ("edge_script_id", "EdgeScriptId", I64, 0),
    ("middleware_script_id", "MiddlewareScriptId", I64, 0),
    ("magic_containers_app_id", "MagicContainersAppId", TEXT, None),
    ("magic_containers_endpoint_id", "MagicContainersEndpointId", TEXT, None),
    ("load_balancer_id", "LoadBalancerId", I64, None),
    ("routing_filters", "RoutingFilters", STRINGS, ["all"]),
    # routing and security
    ("ip_family_policy", "IpFamilyPolicy", ("IPv4Only", "DualStack", "DualStackPreferIPv6", "IPv6Only"), 1),
    ("budget_redirected_countries", "BudgetRedirectedCountries", STRINGS, []),
    ("zone_security_include_hash_remote_ip", "ZoneSecurityIncludeHashRemoteIP", BOOL, False),
    ("enable_tls1", "EnableTLS1", BOOL, True),
    ("enable_tls1_1", "EnableTLS1_1", BOOL, True),
    ("tls_security_level", "TlsSecurityLevel", ("Legacy", "Compatible", "ModernOnly"), 0),
    (
        "shield_ddos_protection_type",
        "ShieldDDosProtectionType",
        ("DetectOnly", "ActiveStandard", "ActiveAggressive"),
        0,
    ),
    ("shield_ddos_protection_enabled", "ShieldDDosProtectionEnabled", BOOL, False),
    ("sticky_session_type", "StickySessionType", ("Off", "On"), 0),
    ("sticky_session_cookie_name", "StickySessionCookieName", TEXT, None),
    ("sticky_session_client_headers", "StickySessionClientHeaders", TEXT, None),
    ("enable_web_sockets", "EnableWebSockets", BOOL, True),
    ("max_web_socket_connections", "MaxWebSocketConnections", I32, 500),
    # caching
    ("enable_webp_vary", "EnableWebPVary", BOOL, False),  # written EnableWebpVary: keys match without case
    ("enable_avif_vary", "EnableAvifVary", BOOL, False),
    ("enable_mobile_vary", "EnableMobileVary", BOOL, False),
    ("enable_country_code_vary", "EnableCountryCodeVary", BOOL, False),
    ("enable_country_state_code_vary", "EnableCountryStateCodeVary", BOOL, False),
    ("enable_hostname_vary", "EnableHostnameVary", BOOL, False),
    ("enable_cookie_vary", "EnableCookieVary", BOOL, False),
    ("cookie_vary_parameters", "CookieVaryParameters", STRINGS, []),
    ("cache_key_headers", "CacheKeyHeaders", TEXT, ""),
    ("enable_cache_slice", "EnableCacheSlice", BOOL, False),
    ("enable_smart_cache", "EnableSmartCache", BOOL, False),
    ("add_canonical_header", "AddCanonicalHeader", BOOL, False),
    ("use_stale_while_updating", "UseStaleWhileUpdating", BOOL, False),
    ("use_stale_while_offline", "UseStaleWhileOffline", BOOL, False),
    ("use_background_update", "UseBackgroundUpdate", BOOL, False),
    ("enable_request_coalescing", "EnableRequestCoalescing", BOOL, False),
    ("request_coalescing_timeout", "RequestCoalescingTimeout", I32, 30),
    ("perma_cache_storage_zone_id", "PermaCacheStorageZoneId", I64, 0),
    ("perma_cache_type", "PermaCacheType", ("Automatic", "Manual"), 0),
    # origin: S3 authentication, origin shield, SafeHop, edge script phase
    ("aws_signing_enabled", "AWSSigningEnabled", BOOL, False),
    ("aws_signing_key", "AWSSigningKey", TEXT, ""),
    ("aws_signing_region_name", "AWSSigningRegionName", TEXT, ""),
    ("aws_signing_secret", "AWSSigningSecret", TEXT, ""),
    ("enable_origin_shield", "EnableOriginShield", BOOL, False),
    ("origin_shield_zone_code", "OriginShieldZoneCode", TEXT, None),
    ("origin_shield_enable_concurrency_limit", "OriginShieldEnableConcurrencyLimit", BOOL, False),
    ("origin_shield_max_concurrent_requests", "OriginShieldMaxConcurrentRequests", Int(1, 10000), 200),
    ("origin_shield_queue_max_wait_time", "OriginShieldQueueMaxWaitTime", I32, 30),
    ("origin_shield_max_queued_requests", "OriginShieldMaxQueuedRequests", Int(0, 30000), 5000),
    ("enable_safe_hop", "EnableSafeHop", BOOL, False),
    ("origin_retries", "OriginRetries", I32, 0),
    ("origin_connect_timeout", "OriginConnectTimeout", I32, 10),
    ("origin_response_timeout", "OriginResponseTimeout", I32, 60),
    ("origin_retry_5xx_responses", "OriginRetry5XXResponses", BOOL, False),
    ("origin_retry_connection_timeout", "OriginRetryConnectionTimeout", BOOL, True),
    ("origin_retry_response_timeout", "OriginRetryResponseTimeout", BOOL, True),
    ("origin_retry_delay", "OriginRetryDelay", I32, 0),
    ("edge_script_execution_phase", "EdgeScriptExecutionPhase", ("Cache", "LoadBalancer", "PreCache"), 0),
    # limits
    ("monthly_bandwidth_limit", "MonthlyBandwidthLimit", I64, 0),
    ("connection_limit_per_ip_count", "ConnectionLimitPerIPCount", I32, 0),
    ("request_limit", "RequestLimit", I32, 0),
    ("limit_rate_after", "LimitRateAfter", NUMBER, 0.0),
    ("limit_rate_per_second", "LimitRatePerSecond", NUMBER, 0.0),  # written int32, read double: see models.py
    ("burst_size", "BurstSize", I32, 0),
    # logging and log forwarding
    ("log_format", "LogFormat", LOG_FORMATS, 0),
    ("log_forwarding_enabled", "LogForwardingEnabled", BOOL, False),
    ("log_forwarding_hostname", "LogForwardingHostname", TEXT, None),
    ("log_forwarding_port", "LogForwardingPort", I32, 0),
    ("log_forwarding_token", "LogForwardingToken", TEXT, None),
    ("log_forwarding_protocol", "LogForwardingProtocol", ("UDP", "TCP", "TCPEncrypted", "DataDog"), 0),
    ("log_forwarding_format", "LogForwardingFormat", LOG_FORMATS, 1),
    # error pages
    ("error_page_enable_custom_code", "ErrorPageEnableCustomCode", BOOL, False),
    ("error_page_custom_code", "ErrorPageCustomCode", TEXT, None),
    ("error_page_enable_statuspage_widget", "ErrorPageEnableStatuspageWidget", BOOL, False),
    ("error_page_statuspage_code", "ErrorPageStatuspageCode", TEXT, None),
    ("error_page_whitelabel", "ErrorPageWhitelabel", BOOL, False),
    # optimizer
    ("optimizer_enabled", "OptimizerEnabled", BOOL, False),
    ("optimizer_tunnel_enabled", "OptimizerTunnelEnabled", BOOL, False),
    ("optimizer_desktop_max_width", "OptimizerDesktopMaxWidth", Int(0, 5000), 1600),
    ("optimizer_mobile_max_width", "OptimizerMobileMaxWidth", Int(0, 5000), 800),
    ("optimizer_image_quality", "OptimizerImageQuality", Int(1, 100), 85),
    ("optimizer_mobile_image_quality", "OptimizerMobileImageQuality", Int(1, 100), 70),
    ("optimizer_enable_webp", "OptimizerEnableWebP", BOOL, True),
    ("optimizer_prerender_html", "OptimizerPrerenderHtml", BOOL, False),
    ("optimizer_enable_manipulation_engine", "OptimizerEnableManipulationEngine", BOOL, True),
    ("optimizer_minify_css", "OptimizerMinifyCSS", BOOL, True),
    ("optimizer_minify_javascript", "OptimizerMinifyJavaScript", BOOL, True),
    ("optimizer_watermark_enabled", "OptimizerWatermarkEnabled", BOOL, False),
    ("optimizer_watermark_url", "OptimizerWatermarkUrl", TEXT, ""),
    (
        "optimizer_watermark_position",
        "OptimizerWatermarkPosition",
        ("BottomLeft", "BottomRight", "TopLeft", "TopRight", "Center", "CenterStretch"),
        0,
    ),
    ("optimizer_watermark_offset", "OptimizerWatermarkOffset", NUMBER, 3.0),
    ("optimizer_watermark_min_image_size", "OptimizerWatermarkMinImageSize", I32, 300),
    ("optimizer_automatic_optimization_enabled", "OptimizerAutomaticOptimizationEnabled", BOOL, True),
    ("optimizer_classes", "OptimizerClasses", CLASSES, []),
    ("optimizer_force_classes", "OptimizerForceClasses", BOOL, False),
    ("optimizer_static_html_enabled", "OptimizerStaticHtmlEnabled", BOOL, False),
    ("optimizer_static_html_word_press_path", "OptimizerStaticHtmlWordPressPath", TEXT, None),
    ("optimizer_static_html_word_press_bypass_cookie", "OptimizerStaticHtmlWordPressBypassCookie", TEXT, None),
    ("optimizer_enable_upscaling", "OptimizerEnableUpscaling", BOOL, False),
    ("enable_bunny_image_ai", "EnableBunnyImageAi", BOOL, False),
    ("bunny_ai_image_blueprints", "BunnyAiImageBlueprints", CLASSES, []),
    # preloading screen
    ("preloading_screen_enabled", "PreloadingScreenEnabled", BOOL, False),
    ("preloading_screen_code", "PreloadingScreenCode", TEXT, None),
    ("preloading_screen_logo_url", "PreloadingScreenLogoUrl", TEXT, None),
    ("preloading_screen_show_on_first_visit", "PreloadingScreenShowOnFirstVisit", BOOL, False),
    ("preloading_screen_theme", "PreloadingScreenTheme", ("Light", "Dark"), 0),
    ("preloading_screen_code_enabled", "PreloadingScreenCodeEnabled", BOOL, False),
    ("preloading_screen_delay", "PreloadingScreenDelay", Int(0, 10000), 0),
)
# written only (settings the PullZoneModel lacks): the DNS origin's two, kept in OriginUrl (origins.py), and the
# deprecated browser cache time, accepted and dropped
WRITTEN_ONLY = {
    "dnsoriginport": ("DnsOriginPort", I32),
    "dnsoriginscheme": ("DnsOriginScheme", TEXT),
    "cachecontrolbrowsermaxageoverride": ("CacheControlBrowserMaxAgeOverride", I64),
}
NOT_NULLABLE = {"PreloadingScreenShowOnFirstVisit"}  # the document's only non-nullable setting: null is refused
SECRETS = {"AWSSigningSecret", "LogForwardingToken"}  # returned by GET (the platform does), never in the state dump
WEB_SOCKET_TIERS = (500, 1000, 2500, 5000, 10000, 25000)
MEMBERS = {member.lower(): (member, kind) for _key, member, kind, _default in SETTINGS}
BY_KEY = {key: (member, kind) for key, member, kind, _default in SETTINGS}


def default_settings():
    """The settings of a new zone: ``{member: value}`` (fresh lists)."""
    return {member: copied(default) for _k, member, _kind, default in SETTINGS}


def copied(value):
    """A setting's value that shares no list or mapping with ``value``."""
    if isinstance(value, list):
        return [_class_copy(item) if isinstance(item, dict) else item for item in value]
    return value


def _class_copy(item):
    properties = item.get("Properties")
    return dict(item, Properties=dict(properties) if properties is not None else None)


def _integer(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _enum(names, value, fixture):
    """An enum value as its number: a name (any case) or a number of the document; in a ``fixture`` any number from
    0 (one the platform added since its document)."""
    if fixture and _integer(value) and value >= 0:
        return value, None
    problem = "must be one of %s (or 0..%d)" % (", ".join(names), len(names) - 1)
    if isinstance(value, str):
        lowered = [name.lower() for name in names]
        if value.strip().lower() in lowered:
            return lowered.index(value.strip().lower()), None
        if not value.strip().isdigit():
            return None, problem
        value = int(value)
    return (value, None) if _integer(value) and 0 <= value < len(names) else (None, problem)


def _classes(value):
    """``[{Name, Properties}]`` with text values, as sent (keys of a class without case), or a problem."""
    problem = "must be a list of {Name, Properties} with text property values"
    if not isinstance(value, list):
        return None, problem
    stored = []
    for item in value:
        if not isinstance(item, dict):
            return None, problem
        fields = {str(key).lower(): field for key, field in item.items()}
        name, properties = fields.get("name"), fields.get("properties")
        if name is not None and not isinstance(name, str):
            return None, problem
        if properties is not None and not (
            isinstance(properties, dict) and all(isinstance(v, str) for v in properties.values())
        ):
            return None, problem
        stored.append({"Name": name, "Properties": dict(properties) if properties is not None else None})
    return stored, None


def setting_value(kind, value, fixture=False):
    """``(value, problem)``: a request or fixture value of a setting as stored, or the problem with it."""
    if isinstance(kind, tuple):
        return _enum(kind, value, fixture)
    if isinstance(kind, Int):
        if not _integer(value):
            return None, "must be an integer"
        ok = kind.low <= value <= kind.high
        return (value, None) if ok else (None, "must be between %d and %d" % (kind.low, kind.high))
    if kind == NUMBER:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return (value, None) if ok else (None, "must be a number")
    if kind == BOOL:
        return (value, None) if isinstance(value, bool) else (None, "must be a boolean")
    if kind == STRINGS:
        ok = isinstance(value, list) and all(isinstance(item, str) for item in value)
        return (list(value), None) if ok else (None, "must be a list of strings")
    if kind == CLASSES:
        return _classes(value)
    return (value, None) if isinstance(value, str) else (None, "must be a string")


def web_socket_tier(value):
    """The tier ``MaxWebSocketConnections`` is stored as (the next one up), or None above the last."""
    for tier in WEB_SOCKET_TIERS:
        if value <= tier:
            return tier
    return None


def background_update(settings):
    """``settings`` with ``UseBackgroundUpdate`` switched on while a stale-cache option is on, as the platform switches
    it on unasked."""
    if settings.get("UseStaleWhileUpdating") or settings.get("UseStaleWhileOffline"):
        settings["UseBackgroundUpdate"] = True
    return settings
