# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A DNS zone's shape: one field table drives every conversion between the ``dnszone`` options, the platform's
``UpdateDnsZoneModel`` / ``DnsZoneModel`` and what ``dnszone`` and ``dnszone_info`` return (pure Python: no Ansible
imports).

:data:`FIELDS` has one row per returned key: ``Row(name, member, kind, names)``. Rows whose kind is a setting
(:data:`SETTING_KINDS`) are also options of ``dnszone``. Its walkers:

- option -> value (:func:`wanted_values`): the settings a task gives, checked (bad input raises InputError naming the
  option);
- option -> body (:func:`request_members`): the ``UpdateDnsZoneModel`` members for those settings, and only those
  (enum names mapped to the platform's numbers);
- body -> readable (:func:`shape_dns_zone`): the zone under the option names, as ``dnszone`` and ``dnszone_info``
  return it, so a value read with the info module and written back is no change;
- body -> compared (:func:`managed_view`, :func:`wanted_view`, :func:`differing`): the settings given, normalised
  for comparison (nameservers and the SOA address without case and trailing dot), which is also the diff.

A new zone: the platform's create takes the domain only, and answers the zone with its defaults
(:data:`CREATE_DEFAULTS`); :func:`predicted_zone` is what check mode predicts from them (see docs/platform-notes.md,
"DNS zones: create, settings, delete, export and import").
"""

from __future__ import annotations

from collections import namedtuple

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes.enums import is_number
from ansible_collections.edge.platform.plugins.module_utils._shapes.enums import readable as enum_readable
from ansible_collections.edge.platform.plugins.module_utils._shapes.names import check_name

Row = namedtuple("Row", "name member kind names")

# kinds of row. Settings (options of dnszone):
BOOL = "bool"
HOST = "host"  # a host name: compared without case and trailing dot
EMAIL = "email"  # the SOA contact address: compared without case and trailing dot
ENUM = "enum"  # a number of the platform, given and returned by name
SETTING_KINDS = (BOOL, HOST, EMAIL, ENUM)
# read only (returned, never written):
AS_SENT = "as_sent"
FLAG = "flag"  # a boolean the platform may leave null: false
COUNT = "count"  # a list, counted

LOG_ANONYMIZATION_TYPES = {0: "one_digit", 1: "drop"}  # LogAnonymizationType: OneDigit, Drop
CERTIFICATE_KEY_TYPES = {0: "ecdsa", 1: "rsa"}  # PrivateKeyType: Ecdsa, Rsa

FIELDS = (
    Row("id", "Id", AS_SENT, None),
    Row("domain", "Domain", AS_SENT, None),
    Row("dnssec_enabled", "DnsSecEnabled", FLAG, None),
    Row("nameservers_detected", "NameserversDetected", AS_SENT, None),
    Row("custom_nameservers_enabled", "CustomNameserversEnabled", BOOL, None),
    Row("nameserver1", "Nameserver1", HOST, None),
    Row("nameserver2", "Nameserver2", HOST, None),
    Row("soa_email", "SoaEmail", EMAIL, None),
    Row("logging_enabled", "LoggingEnabled", BOOL, None),
    Row("logging_ip_anonymization_enabled", "LoggingIPAnonymizationEnabled", BOOL, None),
    Row("log_anonymization_type", "LogAnonymizationType", ENUM, LOG_ANONYMIZATION_TYPES),
    Row("certificate_key_type", "CertificateKeyType", ENUM, CERTIFICATE_KEY_TYPES),
    Row("date_created", "DateCreated", AS_SENT, None),
    Row("date_modified", "DateModified", AS_SENT, None),
    Row("record_count", "Records", COUNT, None),
)
SETTINGS = tuple(row for row in FIELDS if row.kind in SETTING_KINDS)
OPTIONS = tuple(row.name for row in SETTINGS)
ROWS = {row.name: row for row in SETTINGS}
# a request member (in lower case: the platform matches input keys without case) -> the option behind it
FIELD_OPTIONS = dict([(row.member.lower(), row.name) for row in SETTINGS] + [("domain", "domain")])

# What the platform answers to a create (the zone with its defaults), recorded from the live API; see
# docs/platform-notes.md, "DNS zones: create, settings, delete, export and import".
CREATE_DEFAULTS = {
    "Records": [],
    "NameserversDetected": True,
    "CustomNameserversEnabled": False,
    "Nameserver1": "kiki.bunny.net",
    "Nameserver2": "coco.bunny.net",
    "SoaEmail": "hostmaster@bunny.net",
    "LoggingEnabled": False,
    "LoggingIPAnonymizationEnabled": True,
    "LogAnonymizationType": 0,
    "DnsSecEnabled": False,
    "CertificateKeyType": 0,
}


def normal_domain(domain):
    """A domain as sent to the platform: stripped, without a trailing dot (the case is kept; compared without it)."""
    return (domain or "").strip().rstrip(".")


def domain_problem(domain, option="domain"):
    """Why ``domain`` cannot be the domain of a DNS zone, in words naming ``option`` and the fix, or None.

    Refused here, before any request, is only what no domain can hold (docs/platform-notes.md, "DNS zones: a domain,
    not a URL"): a control character, a URL (a scheme, a path, a port, a query), spaces, an ``@`` and an empty label
    (``.example.com``, ``a..b``; the platform refused ``.example.org``). Whatever else the platform refuses (a domain
    without a dot, a taken one) it says itself, and its message is reported."""
    problem = check_name(domain, option)
    if problem:
        return problem
    text = normal_domain(domain)
    example = "a domain such as example.com"
    if not text:
        return "%s must be %s; got %r." % (option, example, domain)
    scheme, found, rest = text.partition("://")
    if found:
        host = rest.split("/")[0].split(":")[0]
        return "%s must be %s, not a URL: give %r, without %s:// and anything after the host; got %r." % (
            option,
            example,
            host or "the host name",
            scheme,
            domain,
        )
    for char, what in (("/", "a path"), (":", "a port"), ("?", "a query"), ("#", "a fragment"), ("@", "an @")):
        if char in text:
            return "%s must be %s, without %s (%r); got %r." % (option, example, what, char, domain)
    if any(char.isspace() for char in text):
        return "%s must be %s, without spaces; got %r." % (option, example, domain)
    if "" in text.split("."):
        return "%s must be %s, without an empty label (a leading dot or two dots in a row); got %r." % (
            option,
            example,
            domain,
        )
    return None


def check_domain(domain, option="domain"):
    """The domain to send (:func:`normal_domain`), or InputError naming ``option`` (:func:`domain_problem`)."""
    problem = domain_problem(domain, option)
    if problem:
        raise InputError(problem, option=option)
    return normal_domain(domain)


# --- option -> value, option -> body ---------------------------------------------------------------------------


def wanted_values(params):
    """option -> value of the settings the task gives, checked; nothing for options left out."""
    wanted = {}
    for row in SETTINGS:
        value = params.get(row.name)
        if value is None:
            continue
        if row.kind == ENUM and value not in row.names.values():
            raise InputError(
                "%s must be one of %s; got %r." % (row.name, ", ".join(row.names.values()), value), option=row.name
            )
        if row.kind in (HOST, EMAIL):
            problem = check_name(value, row.name)
            if problem:
                raise InputError(problem, option=row.name)
            value = value.strip()
        wanted[row.name] = value
    return wanted


def request_members(wanted):
    """The ``UpdateDnsZoneModel`` members that set ``wanted`` (option -> value), and only those."""
    members = {}
    for row in SETTINGS:
        if row.name in wanted:
            value = wanted[row.name]
            members[row.member] = (
                next(n for n, name in row.names.items() if name == value) if row.kind == ENUM else value
            )
    return members


# --- body -> readable ------------------------------------------------------------------------------------------


def readable_value(row, value, unknown=None):
    """The platform's value as returned: enum numbers as names (a number this collection cannot name stays that
    number, with a warning appended to ``unknown``: ``_shapes/enums.py``), values of the wrong type as null."""
    if row.kind == ENUM:
        return enum_readable(row.names, value, row.member, unknown) if is_number(value) else None
    if row.kind == BOOL:
        return value if isinstance(value, bool) else None
    if row.kind in (HOST, EMAIL):
        return value if isinstance(value, str) else None
    if row.kind == FLAG:
        return bool(value)
    if row.kind == COUNT:
        return len(value) if isinstance(value, list) else None
    return value


def shape_dns_zone(model, warn=None):
    """A DnsZoneModel as ``dnszone`` and ``dnszone_info`` return it: every row of :data:`FIELDS`, nothing else (an
    allow-list: a member the platform adds later never reaches a result). Records are counted, not listed.
    ``warn(text)`` is called for each enum number this collection cannot name (returned as the number)."""
    model = model if isinstance(model, dict) else {}
    unknown = []
    shaped = {row.name: readable_value(row, model.get(row.member), unknown) for row in FIELDS}
    for text in unknown if warn is not None else ():
        warn(text)
    return shaped


def predicted_zone(domain, members):
    """The DnsZoneModel a create of ``domain`` followed by an update with ``members`` leaves, predicted from the
    platform's documented defaults (:data:`CREATE_DEFAULTS`); id and dates are unknown (null)."""
    return dict(CREATE_DEFAULTS, Id=None, Domain=domain, DateCreated=None, DateModified=None, **members)


# --- body -> compared ------------------------------------------------------------------------------------------


def compared_value(row, value):
    """A value as it is compared: names of hosts and the SOA address without case and trailing dot, enums by name
    (a number this collection cannot name as that number, which differs from every name)."""
    if value is None:
        return None
    if row.kind == ENUM:
        if isinstance(value, str):
            return value
        return row.names.get(value, value)
    if row.kind in (HOST, EMAIL) and isinstance(value, str):
        return value.strip().rstrip(".").lower()
    return value


def managed_view(model, options):
    """body -> compared: the given ``options`` with the zone's values, normalised for comparison (and the diff)."""
    model = model if isinstance(model, dict) else {}
    return {row.name: compared_value(row, model.get(row.member)) for row in SETTINGS if row.name in options}


def wanted_view(wanted):
    """The compared form of :func:`wanted_values`."""
    return {row.name: compared_value(row, wanted[row.name]) for row in SETTINGS if row.name in wanted}


def differing(model, wanted):
    """The settings of ``wanted`` whose value ``model`` does not hold."""
    now = managed_view(model, wanted)
    return {name: value for name, value in wanted.items() if now[name] != compared_value(ROWS[name], value)}


# --- DNSSEC: the status dnszone_dnssec returns ------------------------------------------------------------------
# imported here, beside the one block that reads a field table, so the block stays whole
from .tables import shape


def _null_when_unset(value):
    """The platform writes "no key" as an empty string or zero: null."""
    return None if value in ("", 0) else value


DNSSEC_FIELDS = (
    ("enabled", "Enabled", bool),
    ("ds_record", "DsRecord", _null_when_unset),
    ("digest", "Digest", _null_when_unset),
    ("digest_type", "DigestType", _null_when_unset),
    ("algorithm", "Algorithm", _null_when_unset),
    ("public_key", "PublicKey", _null_when_unset),
    ("key_tag", "KeyTag", _null_when_unset),
    ("flags", "Flags", _null_when_unset),
    ("ds_configured", "DsConfigured", bool),
)


def shape_dnssec(model):
    """The ``dnssec`` return value of ``dnszone_dnssec`` from a DnsSecDsRecordModel (empty strings and zeros become
    null); ``{"Enabled": enabled}`` gives the status alone."""
    return shape(model, DNSSEC_FIELDS)
