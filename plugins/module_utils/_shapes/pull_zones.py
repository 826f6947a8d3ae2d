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
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from .zones import origin_without_credentials, shape_pull_zone

# kinds of row: how the option's value lives in the platform's model
BOOL = "bool"
INT = "int"
TEXT = "text"
URL = "url"  # an origin URL, compared by meaning
ENUM = "enum"  # a number of the platform, given and returned by name
SET = "set"  # a list of strings compared as a set
HOSTS = "hosts"  # a set of host names, compared without case
COUNTRIES = "countries"  # a set of two-letter country codes, sent and compared in upper case
LIST_KINDS = (SET, HOSTS, COUNTRIES)

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
    ("query_string_vary_parameters", SET, "QueryStringVaryParameters", None),
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
    ("blocked_ips", SET, "BlockedIps", None),
    ("block_root_path_access", BOOL, "BlockRootPathAccess", None),
    ("block_post_requests", BOOL, "BlockPostRequests", None),
    ("enable_auto_ssl", BOOL, "EnableAutoSSL", None),
)
OPTIONS = tuple(row[0] for row in FIELDS)
ROWS = {row[0]: row for row in FIELDS}
# a request member (in lower case: the platform matches input keys without case) -> the option behind it
FIELD_OPTIONS = dict([(row[2].lower(), row[0]) for row in FIELDS] + [("name", "name")])
DEFAULT_PORTS = {"http": 80, "https": 443}
_COUNTRY = re.compile(r"^[A-Za-z]{2}$")


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


# --- option -> value -------------------------------------------------------------------------------------------


def wanted_values(params):
    """option -> value the task asks for, checked; ``storage_zone_id`` without ``origin_type`` implies the storage
    zone origin type. Bad input raises InputError naming the option (nothing is sent)."""
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
            wanted[option] = _origin_url(option, value)
        else:
            wanted[option] = value
    if "storage_zone_id" in wanted and "origin_type" not in wanted:
        wanted["origin_type"] = STORAGE_ZONE_ORIGIN
    return wanted


def _enum_name(option, names, value):
    text = str(value).strip().lower()
    text = TYPE_ALIASES.get(text, text) if option == "type" else text
    if text in names.values():
        return text
    raise InputError("%s must be one of %s; got %r." % (option, ", ".join(names.values()), value), option=option)


def _strings(option, kind, values):
    """A list option's items as sent: text without blanks (country codes two letters, in upper case), no repeats."""
    checked = []
    for index, value in enumerate(values):
        text = value.strip() if isinstance(value, str) else None
        if not text or any(ord(c) < 32 for c in text):
            raise InputError("%s[%d] must be a non-empty text; got %r." % (option, index, value), option=option)
        if kind == COUNTRIES:
            if not _COUNTRY.match(text):
                raise InputError(
                    "%s[%d] must be a two-letter ISO 3166-1 alpha-2 country code (for example DE), as the platform "
                    "documents; got %r." % (option, index, value),
                    option=option,
                )
            text = text.upper()
        if text not in checked:
            checked.append(text)
    return checked


def _origin_url(option, value):
    """An origin URL as sent: an absolute http or https URL with a host (and a valid port)."""
    text = value.strip()
    problem = None
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018  raises ValueError on a port that is not a number in range
    except ValueError as error:
        problem = str(error)
    else:
        if parts.scheme.lower() not in DEFAULT_PORTS or not parts.hostname or any(c.isspace() for c in text):
            problem = "not an absolute http:// or https:// URL with a host"
    if problem:
        raise InputError(
            "%s must be the origin's URL, for example https://origin.example.com (%s)." % (option, problem),
            option=option,
        )
    return text


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


def merged(model, members):
    """The zone ``model`` with ``members`` written over it (what an update that applied them leaves)."""
    return dict(model or {}, **members)


# --- body -> readable ------------------------------------------------------------------------------------------


def readable_value(row, value):
    """The platform's value as the option takes it: enum numbers as names, URLs without credentials."""
    kind, names = row[1], row[3]
    if kind == ENUM:
        return names.get(value) if _is_int(value) else None
    if kind in LIST_KINDS:
        return [item for item in value if isinstance(item, str)] if isinstance(value, list) else None
    if kind == BOOL:
        return value if isinstance(value, bool) else None
    if kind == INT:
        return value if _is_int(value) else None
    if kind == URL:
        return origin_without_credentials(value) if isinstance(value, str) else None
    return value if isinstance(value, str) else None


def readable(model):
    """body -> readable: every row's option with the zone's value (None where the platform sent none)."""
    model = model if isinstance(model, dict) else {}
    return {row[0]: readable_value(row, model.get(row[2])) for row in FIELDS}


def shape_pullzone(model):
    """A PullZoneModel as ``pullzone`` returns it: what ``pullzone_info`` returns (id, name, hostnames, ...) and every
    setting ``pullzone`` takes, under its option name."""
    return dict(shape_pull_zone(model), **readable(model))


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
        if isinstance(value, str):
            return value
        return names.get(value) or ("unknown (%s)" % (value,))
    if kind == HOSTS:
        return sorted({item.lower() for item in value if isinstance(item, str)})
    if kind == COUNTRIES:
        return sorted({item.upper() for item in value if isinstance(item, str)})
    if kind == SET:
        return sorted({item for item in value if isinstance(item, str)})
    if kind == URL:
        return compared_url(value)
    return value


def managed_view(model, options):
    """body -> compared: the given ``options`` with the zone's values, normalised for comparison (and the diff)."""
    model = model if isinstance(model, dict) else {}
    return {row[0]: compared_value(row, model.get(row[2])) for row in FIELDS if row[0] in options}


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
