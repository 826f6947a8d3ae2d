# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The settings of a pull zone: one field table drives every conversion between the ``pullzone`` options and the
platform's ``PullZoneAddModel`` / ``PullZoneSettingsModel`` / ``PullZoneModel`` (pure Python: no Ansible imports).

:data:`FIELDS` has one row per option: ``(option, kind, member, names)``. Its walkers:

- option -> value (:func:`wanted_values`): the options given, checked (bad input raises InputError naming the option);
- option -> body (:func:`request_members`): the members of a create or update body for those options, and only those;
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

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from . import pull_zone_origins as origins
from .enums import is_number
from .enums import readable as enum_readable
from .hostnames import listed_hostname
from .pull_zone_inputs import DEFAULT_PORTS, entry_problem, origin_url
from .tables import named, shape

# kinds of row: how the option's value lives in the platform's model
BOOL = "bool"
INT = "int"
TEXT = "text"
URL = "url"  # an origin URL, compared by meaning
ENUM = "enum"  # a number of the platform, given and returned by name
SET = "set"  # a list of strings compared as a set
HOSTS = "hosts"  # a set of host names, compared without case
COUNTRIES = "countries"  # a set of two-letter country codes, sent and compared in upper case
IPS = "ips"  # a set of IP addresses, networks or * patterns
PARAMETERS = "parameters"  # a set of query string parameter names
LIST_KINDS = (SET, HOSTS, COUNTRIES, IPS, PARAMETERS)
DNS_PORT, DNS_SCHEME = "dns_port", "dns_scheme"  # written only: read back from OriginUrl (pull_zone_origins)

PULL_ZONE_TYPES = {0: "premium", 1: "volume"}  # PullZoneType; the platform's provider calls 0 "Standard"
TYPE_ALIASES = {"standard": "premium"}
ORIGIN_TYPES = {  # PullZoneOriginType
    0: "origin_url",
    1: "dns_accelerate",
    2: "storage_zone",
    3: "load_balancer",
    4: "edge_script",
    5: "magic_containers",
    6: "push_zone",
}
LOG_ANONYMIZATION_TYPES = {0: "one_digit", 1: "drop"}  # LogAnonymizationType
STORAGE_ZONE_ORIGIN = "storage_zone"

# option, kind, member of PullZoneAddModel / PullZoneSettingsModel / PullZoneModel, names of its numbers
FIELDS = (
    ("type", ENUM, "Type", PULL_ZONE_TYPES),
    ("origin_type", ENUM, "OriginType", ORIGIN_TYPES),
    ("origin_url", URL, "OriginUrl", None),
    ("storage_zone_id", INT, "StorageZoneId", None),
    ("origin_host_header", TEXT, "OriginHostHeader", None),
    ("add_host_header", BOOL, "AddHostHeader", None),
    ("verify_origin_ssl", BOOL, "VerifyOriginSSL", None),
    ("follow_redirects", BOOL, "FollowRedirects", None),
    ("cache_expiration_time", INT, "CacheControlMaxAgeOverride", None),
    ("cache_expiration_time_browser", INT, "CacheControlPublicMaxAgeOverride", None),
    ("ignore_query_strings", BOOL, "IgnoreQueryStrings", None),
    ("sort_query_strings", BOOL, "EnableQueryStringOrdering", None),
    ("query_string_vary_parameters", PARAMETERS, "QueryStringVaryParameters", None),
    ("cache_error_responses", BOOL, "CacheErrorResponses", None),
    ("disable_cookies", BOOL, "DisableCookies", None),
    ("enable_geo_zone_us", BOOL, "EnableGeoZoneUS", None),
    ("enable_geo_zone_eu", BOOL, "EnableGeoZoneEU", None),
    ("enable_geo_zone_asia", BOOL, "EnableGeoZoneASIA", None),
    ("enable_geo_zone_sa", BOOL, "EnableGeoZoneSA", None),
    ("enable_geo_zone_af", BOOL, "EnableGeoZoneAF", None),
    ("cors_enabled", BOOL, "EnableAccessControlOriginHeader", None),
    ("cors_extensions", SET, "AccessControlOriginHeaderExtensions", None),
    ("logging_enabled", BOOL, "EnableLogging", None),
    ("logging_ip_anonymization_enabled", BOOL, "LoggingIPAnonymizationEnabled", None),
    ("log_anonymization_type", ENUM, "LogAnonymizationType", LOG_ANONYMIZATION_TYPES),
    ("logging_save_to_storage", BOOL, "LoggingSaveToStorage", None),
    ("logging_storage_zone_id", INT, "LoggingStorageZoneId", None),
    ("blocked_countries", COUNTRIES, "BlockedCountries", None),
    ("allowed_referrers", HOSTS, "AllowedReferrers", None),
    ("blocked_referrers", HOSTS, "BlockedReferrers", None),
    ("block_none_referrer", BOOL, "BlockNoneReferrer", None),
    ("blocked_ips", IPS, "BlockedIps", None),
    ("block_root_path_access", BOOL, "BlockRootPathAccess", None),
    ("block_post_requests", BOOL, "BlockPostRequests", None),
    ("enable_auto_ssl", BOOL, "EnableAutoSSL", None),
    ("edge_script_id", INT, "EdgeScriptId", None),
    ("middleware_script_id", INT, "MiddlewareScriptId", None),
    ("magic_containers_app_id", TEXT, "MagicContainersAppId", None),
    ("magic_containers_endpoint_id", TEXT, "MagicContainersEndpointId", None),
    ("load_balancer_id", INT, "LoadBalancerId", None),
    ("dns_origin_port", DNS_PORT, "DnsOriginPort", None),
    ("dns_origin_scheme", DNS_SCHEME, "DnsOriginScheme", None),
)
OPTIONS = tuple(row[0] for row in FIELDS)
ROWS = {row[0]: row for row in FIELDS}
# a request member (in lower case: the platform matches input keys without case) -> the option behind it
FIELD_OPTIONS = dict([(row[2].lower(), row[0]) for row in FIELDS] + [("name", "name")])
DNS_SCHEMES = ("http", "https")


# --- option -> value -------------------------------------------------------------------------------------------


def wanted_values(params):
    """option -> value the task asks for, checked; the options of one origin type (``storage_zone_id``,
    ``edge_script_id``, ...) without ``origin_type`` imply that type. Bad input raises InputError naming the option
    (nothing is sent)."""
    wanted = {}
    for option, kind, _member, names in FIELDS:
        value = params.get(option)
        if value is None:
            continue
        if kind == ENUM:
            wanted[option] = _enum_name(option, names, value)
        elif kind in LIST_KINDS:
            wanted[option] = _strings(option, kind, value)
        elif kind == URL:
            wanted[option] = origin_url(option, value)
        elif kind == DNS_SCHEME:
            wanted[option] = _enum_name(option, dict(enumerate(DNS_SCHEMES)), value)
        else:
            wanted[option] = value
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


def _enum_name(option, names, value):
    text = str(value).strip().lower()
    text = TYPE_ALIASES.get(text, text) if option == "type" else text
    if text in names.values():
        return text
    raise InputError("%s must be one of %s; got %r." % (option, ", ".join(names.values()), value), option=option)


def _strings(option, kind, values):
    """A list option's items as sent: text without blanks, each what its kind takes (country codes sent in upper case),
    no repeats; InputError naming the option and the entry."""
    checked = []
    for index, value in enumerate(values):
        text = value.strip() if isinstance(value, str) else None
        if not text or any(ord(c) < 32 for c in text):
            raise InputError("%s[%d] must be a non-empty text; got %r." % (option, index, value), option=option)
        problem = entry_problem(kind, text)
        if problem:
            raise InputError("%s[%d] must be %s; got %r." % (option, index, problem, value), option=option)
        text = text.upper() if kind == COUNTRIES else text
        if text not in checked:
            checked.append(text)
    return checked


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
    members = {}
    for option, kind, member, names in FIELDS:
        if option not in wanted:
            continue
        value = wanted[option]
        if kind == ENUM:
            members[member] = next(number for number, name in names.items() if name == value)
        elif kind in LIST_KINDS:
            members[member] = list(value)
        else:
            members[member] = value
    return members


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


def merged(model, members):
    """The zone ``model`` with ``members`` written over it (what an update that applied them leaves)."""
    return dict(model or {}, **members)


# --- body -> readable ------------------------------------------------------------------------------------------


def member_value(model, row):
    """The platform's value of a row: its member, or for the DNS origin's port and scheme (written only) what the
    zone's ``OriginUrl`` says of them."""
    if row[1] in (DNS_PORT, DNS_SCHEME):
        port, scheme = origins.dns_origin(model)
        return port if row[1] == DNS_PORT else scheme
    return model.get(row[2])


def readable_value(row, value, unknown=None):
    """The platform's value as the option takes it: enum numbers as names (a number without a name stays the number,
    and a warning goes to ``unknown``), URLs without credentials."""
    kind, names = row[1], row[3]
    if kind == ENUM:
        return enum_readable(names, value, row[2], unknown) if is_number(value) else None
    if kind in LIST_KINDS:
        return [item for item in value if isinstance(item, str)] if isinstance(value, list) else None
    if kind == BOOL:
        return value if isinstance(value, bool) else None
    if kind in (INT, DNS_PORT):
        return value if is_number(value) else None
    if kind == URL:
        return origin_without_credentials(value) if isinstance(value, str) else None
    return value if isinstance(value, str) else None


def readable(model, unknown=None):
    """body -> readable: every row's option with the zone's value (None where the platform sent none); warnings of
    enum numbers without a name go to the list ``unknown``."""
    model = model if isinstance(model, dict) else {}
    return {row[0]: readable_value(row, member_value(model, row), unknown) for row in FIELDS}


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


# What pullzone_info returns of a zone besides its settings: an allow-list, so a field the platform adds later (or a
# secret it already sends) never reaches a result. Left out on purpose, because they are secrets or carry them:
# ``ZoneSecurityKey`` (URL token signing key), ``AWSSigningKey`` and ``AWSSigningSecret`` (origin credentials),
# ``LogForwardingToken``, the user part of ``OriginUrl`` (``https://user:password@origin``) and ``UserId``; each
# hostname's certificate and key are shaped by ``hostnames.listed_hostname``. The full model stays one
# ``ansible.builtin.uri`` call away.
PULL_ZONE_FIELDS = (
    ("id", "Id"),
    ("name", "Name"),
    ("enabled", "Enabled"),
    ("suspended", "Suspended"),
    ("cname_domain", "CnameDomain"),
    ("origin_host_header", "OriginHostHeader"),
    ("dns_zone_id", "DnsZoneId"),
    ("dns_record_id", "DnsRecordId"),
    ("storage_zone_id", "StorageZoneId"),
    ("edge_script_id", "EdgeScriptId"),
    ("enable_auto_ssl", "EnableAutoSSL"),
    ("disable_lets_encrypt", "DisableLetsEncrypt"),
    ("zone_security_enabled", "ZoneSecurityEnabled"),
    ("type", "Type", named(PULL_ZONE_TYPES)),
    ("origin_url", "OriginUrl", origin_without_credentials),
)


def shape_pull_zone(model, certificates=None):
    """A PullZoneModel as ``pullzone_info`` returns it; ``certificates`` maps hostname id -> parsed facts."""
    hostnames = model.get("Hostnames") if isinstance(model.get("Hostnames"), list) else []
    return dict(
        shape(model, PULL_ZONE_FIELDS),
        hostnames=[listed_hostname(h, (certificates or {}).get(h.get("Id"))) for h in hostnames if isinstance(h, dict)],
    )


def shape_pullzone(model, unknown=None):
    """A PullZoneModel as ``pullzone`` returns it: what ``pullzone_info`` returns (id, name, hostnames, ...) and every
    setting ``pullzone`` takes, under its option name."""
    return dict(shape_pull_zone(model), **readable(model, unknown))


# --- body -> compared ------------------------------------------------------------------------------------------


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


def compared_value(row, value):
    """A value as it is compared: sets sorted (host names in lower case), URLs by meaning, enums by name."""
    kind, names = row[1], row[3]
    if value is None:
        return None
    if kind == ENUM:
        # a number without a name is compared as the number: never equal to a name, never rewritten
        return value if isinstance(value, str) else names.get(value, value)
    if kind == HOSTS:
        return sorted({item.lower() for item in value if isinstance(item, str)})
    if kind == COUNTRIES:
        return sorted({item.upper() for item in value if isinstance(item, str)})
    if kind in (SET, IPS, PARAMETERS):
        return sorted({item for item in value if isinstance(item, str)})
    if kind == URL:
        return compared_url(value)
    return value


def managed_view(model, options):
    """body -> compared: the given ``options`` with the zone's values, normalised for comparison (and the diff)."""
    model = model if isinstance(model, dict) else {}
    return {row[0]: compared_value(row, member_value(model, row)) for row in FIELDS if row[0] in options}


def wanted_view(wanted):
    """The compared form of :func:`wanted_values`."""
    return {row[0]: compared_value(row, wanted[row[0]]) for row in FIELDS if row[0] in wanted}


def differing(model, wanted):
    """The options of ``wanted`` whose value ``model`` does not hold."""
    now = managed_view(model, wanted)
    return {o: v for o, v in wanted.items() if now[o] != compared_value(ROWS[o], v)}


def not_taken(model, wanted):
    """The warning when the zone a write answered does not hold every value sent (the platform ignored or changed
    some): the options, what was sent and what the platform holds."""
    held = managed_view(model, wanted)
    sent = wanted_view(wanted)
    options = [o for o in sent if held.get(o) != sent[o]]
    shown = "; ".join("%s: sent %r, holds %r" % (o, sent[o], held.get(o)) for o in options)
    return (
        "The platform accepted the change but its answer shows other values for %s (%s). It may ignore a setting "
        "until another one is set too, or store it in another form; the result shows what it holds, and a re-run "
        "sends the option again." % (", ".join(options), shown)
    )
