# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A DNS zone's shape: one field table drives every conversion between the ``dnszone`` options, the platform's
``UpdateDnsZoneModel`` / ``DnsZoneModel`` and what ``dnszone`` and ``dnszone_info`` return (pure Python: no Ansible
imports).

:data:`FIELDS` has one field per returned key (the field kit, ``fields.py``); the settable ones (:data:`SETTINGS`)
are also options of ``dnszone``, whose argument spec is derived from them. The kit's walkers read it:

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

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes.names import check_name

from . import fields as kit
from .enums import CERTIFICATE_KEY_TYPES, LOG_ANONYMIZATION_TYPES
from .fields import Bool, Enum, Shown, Text


def _name(option, value):
    """A host name or the SOA contact address as sent: stripped; InputError naming ``option`` (``names.py``)."""
    problem = check_name(value, option)
    if problem:
        raise InputError(problem, option=option)
    return value.strip()


def _name_compared(value):
    """Host names and the SOA address are compared without case and trailing dot."""
    return value.strip().rstrip(".").lower()


def _count(value):
    return len(value) if isinstance(value, list) else None


def _host(option, member):
    return Text(option, member, check=_name, normal=_name_compared)


FIELDS = (
    Shown("id", "Id"),
    Shown("domain", "Domain"),
    Shown("dnssec_enabled", "DnsSecEnabled", bool),  # a boolean the platform may leave null: false
    Shown("nameservers_detected", "NameserversDetected"),
    Bool("custom_nameservers_enabled", "CustomNameserversEnabled"),
    _host("nameserver1", "Nameserver1"),
    _host("nameserver2", "Nameserver2"),
    _host("soa_email", "SoaEmail"),
    Bool("logging_enabled", "LoggingEnabled"),
    Bool("logging_ip_anonymization_enabled", "LoggingIPAnonymizationEnabled"),
    Enum("log_anonymization_type", "LogAnonymizationType", LOG_ANONYMIZATION_TYPES, warn_as="member"),
    Enum("certificate_key_type", "CertificateKeyType", CERTIFICATE_KEY_TYPES, warn_as="member"),
    Shown("date_created", "DateCreated"),
    Shown("date_modified", "DateModified"),
    Shown("record_count", "Records", _count),  # counted, not listed
)
SETTINGS = tuple(field for field in FIELDS if field.settable)
OPTIONS = tuple(field.option for field in SETTINGS)
ROWS = kit.by_option(SETTINGS)
# a request member (in lower case: the platform matches input keys without case) -> the option behind it
FIELD_OPTIONS = dict([(field.member.lower(), field.option) for field in SETTINGS] + [("domain", "domain")])
ARGUMENT_SPEC = kit.argument_spec(SETTINGS)

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
    return kit.wanted_values(SETTINGS, params)


def request_members(wanted):
    """The ``UpdateDnsZoneModel`` members that set ``wanted`` (option -> value), and only those."""
    return kit.request_members(SETTINGS, wanted)


# --- body -> readable ------------------------------------------------------------------------------------------


def shape_dns_zone(model, warn=None):
    """A DnsZoneModel as ``dnszone`` and ``dnszone_info`` return it: every row of :data:`FIELDS`, nothing else (an
    allow-list: a member the platform adds later never reaches a result). Records are counted, not listed.
    ``warn(text)`` is called for each enum number this collection cannot name (returned as the number)."""
    unknown = []
    shaped = kit.readable(FIELDS, model, unknown)
    for text in unknown if warn is not None else ():
        warn(text)
    return shaped


def predicted_zone(domain, members):
    """The DnsZoneModel a create of ``domain`` followed by an update with ``members`` leaves, predicted from the
    platform's documented defaults (:data:`CREATE_DEFAULTS`); id and dates are unknown (null)."""
    return dict(CREATE_DEFAULTS, Id=None, Domain=domain, DateCreated=None, DateModified=None, **members)


# --- body -> compared ------------------------------------------------------------------------------------------


def managed_view(model, options):
    """body -> compared: the given ``options`` with the zone's values, normalised for comparison (and the diff)."""
    return kit.managed_view(SETTINGS, model, options)


def wanted_view(wanted):
    """The compared form of :func:`wanted_values`."""
    return kit.wanted_view(SETTINGS, wanted)


def differing(model, wanted):
    """The settings of ``wanted`` whose value ``model`` does not hold."""
    return kit.differing(SETTINGS, model, wanted)


# --- DNSSEC: the status dnszone_dnssec returns ------------------------------------------------------------------


def _null_when_unset(value):
    """The platform writes "no key" as an empty string or zero: null."""
    return None if value in ("", 0) else value


DNSSEC_FIELDS = (
    Shown("enabled", "Enabled", bool),
    Shown("ds_record", "DsRecord", _null_when_unset),
    Shown("digest", "Digest", _null_when_unset),
    Shown("digest_type", "DigestType", _null_when_unset),
    Shown("algorithm", "Algorithm", _null_when_unset),
    Shown("public_key", "PublicKey", _null_when_unset),
    Shown("key_tag", "KeyTag", _null_when_unset),
    Shown("flags", "Flags", _null_when_unset),
    Shown("ds_configured", "DsConfigured", bool),
)


def shape_dnssec(model):
    """The ``dnssec`` return value of ``dnszone_dnssec`` from a DnsSecDsRecordModel (empty strings and zeros become
    null); ``{"Enabled": enabled}`` gives the status alone."""
    return kit.readable(DNSSEC_FIELDS, model)
