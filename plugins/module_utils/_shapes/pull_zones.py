# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The settings of a pull zone: one field table (the field kit, ``fields.py``) drives every conversion between the
``pullzone`` options, its argument spec and the platform's ``PullZoneAddModel`` / ``PullZoneSettingsModel`` /
``PullZoneModel`` (pure Python: no Ansible imports).

:data:`FIELDS` has one field per setting; adding a setting is one row here and its documentation entry in the
module. The walkers of ``fields.py`` read it, with what is particular to pull zones around them:

- option -> value (:func:`wanted_values`): the options given, checked (bad input raises InputError naming the option),
  the origin type implied by the options of one type;
- option -> body (:func:`request_members`, :func:`write_members`): the members of a create or update body for those
  options, and only those, with what the origin type needs beside them;
- body -> readable (:func:`readable`, :func:`shape_pullzone`): the zone in the option names, as ``pullzone`` and
  ``pullzone_info`` return it, so a value read back and written again is no change;
- body -> compared (:func:`managed_view`, :func:`wanted_view`): the options given, normalised as the platform
  normalises them (origin URLs as the platform's provider compares them, sets sorted), which is also the diff.

Origin URLs are compared by meaning (docs/platform-notes.md, "Pull zones: create, update, delete"): scheme and host
without case, the default port of the scheme left out, a trailing ``/`` of the path ignored, the query as written.
What each origin type needs is in ``pull_zone_origins.py``, what each value may be in ``pull_zone_inputs.py``. An
enum number this collection cannot name is shown and compared as the number, with a warning (``enums.readable``).
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from ansible_collections.edge.platform.plugins.module_utils._engine.bounds import INT64_MAX

from . import fields
from . import pull_zone_origins as origins
from .enums import LOG_ANONYMIZATION_TYPES
from .fields import Bool, Enum, Int, Shown, Strings, Text
from .hostnames import listed_hostname
from .pull_zone_inputs import DEFAULT_PORTS, ENTRY_CHECKS, origin_url
from .pull_zone_sections import SECTIONS, SINGLE
from .tables import named

PULL_ZONE_TYPES = {0: "premium", 1: "volume"}  # PullZoneType; the platform's provider calls 0 "Standard"
ORIGIN_TYPES = {  # PullZoneOriginType
    0: "origin_url",
    1: "dns_accelerate",
    2: "storage_zone",
    3: "load_balancer",
    4: "edge_script",
    5: "magic_containers",
    6: "push_zone",
}
STORAGE_ZONE_ORIGIN = "storage_zone"
DNS_SCHEMES = ("http", "https")


def _dns_port(model):
    return origins.dns_origin(model)[0]


def _dns_scheme(model):
    return origins.dns_origin(model)[1]


def compared_url(url):
    """An origin URL as the platform's provider compares it: scheme and host in lower case, the scheme's default port
    left out, the path without trailing ``/``, the query as written (credentials kept: they are masked as secrets)."""
    if not isinstance(url, str):
        return url
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return url
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if ":" in host:
        host = "[%s]" % host
    if parts.username is not None or parts.password is not None:
        user = parts.netloc.rpartition("@")[0]
        host = "%s@%s" % (user, host)
    port_text = "" if port is None or port == DEFAULT_PORTS.get(scheme) else ":%d" % port
    query = "?%s" % parts.query if parts.query else ""
    return "%s://%s%s%s%s" % (scheme, host, port_text, parts.path.rstrip("/"), query)


def origin_without_credentials(url):
    """``url`` without a ``user:password@`` part (an origin URL may carry one)."""
    if not isinstance(url, str) or "@" not in url:
        return url
    parts = urlsplit(url)
    if parts.username is None and parts.password is None:
        return url
    host = parts.hostname or ""
    if ":" in host:
        host = "[%s]" % host
    netloc = host + (":%d" % parts.port if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


# One field per option, member of PullZoneAddModel / PullZoneSettingsModel / PullZoneModel. Ranges other than the
# default of _engine/bounds.py: 0 is the platform's "none" (what pullzone_info returns for a zone without one); -1
# follows the origin, the document's int64 above it (docs/platform-notes.md, "Pull zone cache times").
FIELDS = (
    Enum("type", "Type", PULL_ZONE_TYPES, aliases={"standard": "premium"}, warn_as="member"),
    Enum("origin_type", "OriginType", ORIGIN_TYPES, warn_as="member"),
    Text("origin_url", "OriginUrl", check=origin_url, shown=origin_without_credentials, normal=compared_url),
    Int("storage_zone_id", "StorageZoneId", 0, INT64_MAX),
    Text("origin_host_header", "OriginHostHeader"),
    Bool("add_host_header", "AddHostHeader"),
    Bool("verify_origin_ssl", "VerifyOriginSSL"),
    Bool("follow_redirects", "FollowRedirects"),
    Int("cache_expiration_time", "CacheControlMaxAgeOverride", -1, INT64_MAX),
    Int("cache_expiration_time_browser", "CacheControlPublicMaxAgeOverride", -1, INT64_MAX),
    Bool("ignore_query_strings", "IgnoreQueryStrings"),
    Bool("sort_query_strings", "EnableQueryStringOrdering"),
    Strings("query_string_vary_parameters", "QueryStringVaryParameters", entry=ENTRY_CHECKS["parameters"]),
    Bool("cache_error_responses", "CacheErrorResponses"),
    Bool("disable_cookies", "DisableCookies"),
    Bool("enable_geo_zone_us", "EnableGeoZoneUS"),
    Bool("enable_geo_zone_eu", "EnableGeoZoneEU"),
    Bool("enable_geo_zone_asia", "EnableGeoZoneASIA"),
    Bool("enable_geo_zone_sa", "EnableGeoZoneSA"),
    Bool("enable_geo_zone_af", "EnableGeoZoneAF"),
    Bool("cors_enabled", "EnableAccessControlOriginHeader"),
    Strings("cors_extensions", "AccessControlOriginHeaderExtensions"),
    Bool("logging_enabled", "EnableLogging"),
    Bool("logging_ip_anonymization_enabled", "LoggingIPAnonymizationEnabled"),
    Enum("log_anonymization_type", "LogAnonymizationType", LOG_ANONYMIZATION_TYPES, warn_as="member"),
    Bool("logging_save_to_storage", "LoggingSaveToStorage"),
    Int("logging_storage_zone_id", "LoggingStorageZoneId", 0, INT64_MAX),
    Strings("blocked_countries", "BlockedCountries", entry=ENTRY_CHECKS["countries"], send=str.upper, normal=str.upper),
    Strings("allowed_referrers", "AllowedReferrers", entry=ENTRY_CHECKS["hosts"], normal=str.lower),
    Strings("blocked_referrers", "BlockedReferrers", entry=ENTRY_CHECKS["hosts"], normal=str.lower),
    Bool("block_none_referrer", "BlockNoneReferrer"),
    Strings("blocked_ips", "BlockedIps", entry=ENTRY_CHECKS["ips"]),
    Bool("block_root_path_access", "BlockRootPathAccess"),
    Bool("block_post_requests", "BlockPostRequests"),
    Bool("enable_auto_ssl", "EnableAutoSSL"),
    Int("edge_script_id", "EdgeScriptId", 0, INT64_MAX),
    Int("middleware_script_id", "MiddlewareScriptId", 0, INT64_MAX),
    Text("magic_containers_app_id", "MagicContainersAppId"),
    Text("magic_containers_endpoint_id", "MagicContainersEndpointId"),
    Int("load_balancer_id", "LoadBalancerId", 0, INT64_MAX),
    # written only: read back from OriginUrl (pull_zone_origins)
    Int("dns_origin_port", "DnsOriginPort", 1, 65535, read=_dns_port),
    Enum("dns_origin_scheme", "DnsOriginScheme", DNS_SCHEMES, read=_dns_scheme),
    *SINGLE,  # every other setting: single options, then the sections (pull_zone_sections.py)
    *SECTIONS,
)
OPTIONS = tuple(field.option for field in FIELDS)
ROWS = fields.by_option(FIELDS)
# a request member (in lower case: the platform matches input keys without case) -> the option behind it
FIELD_OPTIONS = dict(
    [(field.member.lower(), field.option) for field in FIELDS if field.member]
    + [(sub.member.lower(), "%s.%s" % (section.option, sub.option)) for section in SECTIONS for sub in section.fields]
    + [("name", "name"), ("securitykey", "token_authentication.key")]  # the key's own request names it so
)
# the members that hold secrets: masked wherever a zone is read, never returned
SECRET_MEMBERS = tuple(sub.member for section in SECTIONS for sub in section.fields if isinstance(sub, fields.Secret))
ARGUMENT_SPEC = fields.argument_spec(FIELDS)
BOUNDS = fields.bounds(FIELDS)


# --- option -> value -------------------------------------------------------------------------------------------


def wanted_values(params):
    """option -> value the task asks for, checked; the options of one origin type (``storage_zone_id``,
    ``edge_script_id``, ...) without ``origin_type`` imply that type. Bad input raises InputError naming the option
    (nothing is sent)."""
    wanted = fields.wanted_values(FIELDS, params)
    implied = origins.implied_type(wanted)
    if implied is not None and "origin_type" not in wanted:
        wanted["origin_type"] = implied
    origins.check_url(wanted.get("origin_type"), wanted)
    return wanted


def check_origin(wanted, zone):
    """Refuse an origin type given without what it needs, neither given nor held by ``zone`` (the PullZoneModel, None
    for a create): InputError naming the options, before any write."""
    if "origin_type" in wanted:
        origins.check_needs(wanted["origin_type"], wanted, readable(zone) if zone is not None else {}, zone is None)


def held_secrets(zone):
    """The secrets ``zone`` (a PullZoneModel, or None) holds: its origin URL's password, its S3 secret, log forwarding
    token and token authentication key."""
    zone = zone or {}
    return [url_password(zone.get("OriginUrl"))] + [zone.get(member) for member in SECRET_MEMBERS]


def without_secrets(wanted):
    """``wanted`` without the secrets: what a task with ``update_secret=on_create`` manages on an existing zone."""
    return fields.without_secrets(FIELDS, wanted)


def url_password(url):
    """The password inside an origin URL (``https://user:password@host``), or None: a secret to mask."""
    if not isinstance(url, str) or "@" not in url:
        return None
    try:
        return urlsplit(url).password
    except ValueError:
        return None


# --- option -> body --------------------------------------------------------------------------------------------


def request_members(wanted):
    """The members of a ``PullZoneAddModel`` / ``PullZoneSettingsModel`` that set ``wanted``, and only those."""
    return fields.request_members(FIELDS, wanted)


def write_members(wanted, zone=None):
    """The body that sets ``wanted`` on ``zone`` (None: a create): :func:`request_members` with what the platform needs
    beside them (``pull_zone_origins.completed``); a DNS origin's port and scheme always go together."""
    members = request_members(wanted)
    if ("DnsOriginPort" in members) != ("DnsOriginScheme" in members):
        port, scheme = origins.dns_origin(zone)
        members.setdefault("DnsOriginPort", port)
        members.setdefault("DnsOriginScheme", scheme)
        members = {member: value for member, value in members.items() if value is not None}
    return origins.completed(members, zone)


merged = fields.merged  # the zone with the members an update applied written over it


# --- body -> readable ------------------------------------------------------------------------------------------


def readable(model, unknown=None):
    """body -> readable: every row's option with the zone's value (None where the platform sent none); warnings of
    enum numbers without a name go to the list ``unknown``."""
    return fields.readable(FIELDS, model, unknown)


# What pullzone_info returns of a zone besides its settings: an allow-list, so a field the platform adds later (or a
# secret it already sends) never reaches a result. Left out on purpose, because they are secrets or carry them:
# ``ZoneSecurityKey`` (URL token signing key), ``AWSSigningKey`` and ``AWSSigningSecret`` (origin credentials),
# ``LogForwardingToken``, the user part of ``OriginUrl`` (``https://user:password@origin``) and ``UserId``; each
# hostname's certificate and key are shaped by ``hostnames.listed_hostname``. The full model stays one
# ``ansible.builtin.uri`` call away.
PULL_ZONE_FIELDS = (
    Shown("id", "Id"),
    Shown("name", "Name"),
    Shown("enabled", "Enabled"),
    Shown("suspended", "Suspended"),
    Shown("cname_domain", "CnameDomain"),
    Shown("origin_host_header", "OriginHostHeader"),
    Shown("dns_zone_id", "DnsZoneId"),
    Shown("dns_record_id", "DnsRecordId"),
    Shown("storage_zone_id", "StorageZoneId"),
    Shown("edge_script_id", "EdgeScriptId"),
    Shown("enable_auto_ssl", "EnableAutoSSL"),
    Shown("disable_lets_encrypt", "DisableLetsEncrypt"),
    Shown("zone_security_enabled", "ZoneSecurityEnabled"),
    Shown("type", "Type", named(PULL_ZONE_TYPES)),
    Shown("origin_url", "OriginUrl", origin_without_credentials),
)


def shape_pull_zone(model, certificates=None):
    """A PullZoneModel as ``pullzone_info`` returns it; ``certificates`` maps hostname id -> parsed facts."""
    hostnames = model.get("Hostnames") if isinstance(model.get("Hostnames"), list) else []
    return dict(
        fields.readable(PULL_ZONE_FIELDS, model),
        hostnames=[listed_hostname(h, (certificates or {}).get(h.get("Id"))) for h in hostnames if isinstance(h, dict)],
    )


def shape_pullzone(model, unknown=None):
    """A PullZoneModel as ``pullzone`` returns it: what ``pullzone_info`` returns (id, name, hostnames, ...) and every
    setting ``pullzone`` takes, under its option name."""
    return dict(shape_pull_zone(model), **readable(model, unknown))


# --- body -> compared ------------------------------------------------------------------------------------------


def managed_view(model, options):
    """body -> compared: the given ``options`` with the zone's values, normalised for comparison (and the diff)."""
    return fields.managed_view(FIELDS, model, options)


def wanted_view(wanted):
    """The compared form of :func:`wanted_values`."""
    return fields.wanted_view(FIELDS, wanted)


def differing(model, wanted):
    """The options of ``wanted`` whose value ``model`` does not hold."""
    return fields.differing(FIELDS, model, wanted)


def not_taken(model, wanted):
    """The warning when the zone a write answered does not hold every value sent (the platform ignored or changed
    some): the options, what was sent and what the platform holds."""
    held = managed_view(model, wanted)
    sent = wanted_view(wanted)
    options = [o for o in sent if held.get(o) != sent[o]]
    shown = "; ".join("%s: sent %r, holds %r" % (o, sent[o], held.get(o)) for o in options)
    unseen_secret = fields.SECRET_GIVEN in repr([sent[o] for o in options])
    return (
        "The platform accepted the change but its answer shows other values for %s (%s). It may ignore a setting "
        "until another one is set too, or store it in another form; the result shows what it holds, and a re-run "
        "sends the option again.%s" % (", ".join(options), shown, UNSEEN_SECRET if unseen_secret else "")
    )


UNSEEN_SECRET = (
    " Its answer does not show a secret that was sent as it was sent; if the platform does not return that secret, "
    "update_secret=on_create stops sending it (and reporting a change) on every run."
)
