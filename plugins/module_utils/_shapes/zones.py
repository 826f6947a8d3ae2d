# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""What the zone modules return for pull and shield zones, DNSSEC and a hostname's certificate (pure Python:
no Ansible imports). Each shape is one field table read by :func:`shape`. A DNS zone's shape is in ``dns_zones.py``.

Each shape is an allow-list: only the named fields leave, so a field the platform adds later (or a
secret it already sends) never reaches a result. Left out of pull zones on purpose, because they are
secrets or carry them: ``ZoneSecurityKey`` (URL token signing key), ``AWSSigningKey`` and
``AWSSigningSecret`` (origin credentials), ``LogForwardingToken``, each hostname's ``CertificateKey``
(private key) and ``Certificate`` (returned only as parsed facts), the user part of ``OriginUrl``
(``https://user:password@origin``), and ``UserId``. Everything else a user needs to find and check
a zone is kept; the full model stays one ``ansible.builtin.uri`` call away.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from ansible_collections.edge.platform.plugins.module_utils._certificates.x509 import (
    CertificateError,
    decode_platform_certificate,
    iso,
    utc_now,
)

from .enums import readable as enum_readable
from .shield_zone_settings import readable as readable_shield_settings

PULL_ZONE_TYPES = {0: "premium", 1: "volume"}
KEY_TYPES = {0: "ecdsa", 1: "rsa"}
PROVISION_TYPES = {0: "unknown", 1: "http01", 2: "dns01", 3: "custom", 4: "managed"}
CUSTOM_PROVISION = 3  # PROVISION_TYPES: a certificate a user uploaded


# Each shape is one field table: ``(name, platform key)``, or ``(name, platform key, convert)`` where
# ``convert(value)`` turns the platform's value into the returned one. The order of a table is the order of the
# returned keys.
def shape(model, fields):
    """The readable view of ``model`` that the table ``fields`` describes (only its fields, nothing else)."""
    return {field[0]: field[2](model.get(field[1])) if len(field) > 2 else model.get(field[1]) for field in fields}


def _named(table):
    """A converter: the name of a platform number in ``table``; a number this collection does not know stays the
    number (enums grow: _shapes/enums.py; the modules warn of it)."""
    return lambda value: enum_readable(table, value)


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
    ("type", "Type", _named(PULL_ZONE_TYPES)),
    ("origin_url", "OriginUrl", origin_without_credentials),
)
HOSTNAME_FIELDS = (
    ("id", "Id"),
    ("name", "Value"),
    ("force_ssl", "ForceSSL"),
    ("is_system", "IsSystemHostname"),
    ("is_managed", "IsManagedHostname"),
    ("has_certificate", "HasCertificate"),
    ("certificate_type", "CertificateProvisionType", _named(PROVISION_TYPES)),
    ("certificate_key_type", "CertificateKeyType", _named(KEY_TYPES)),
)


def shape_hostname(model, certificate=None):
    """A HostnameModel; ``certificate`` is the parsed facts of its certificate when they were read."""
    return dict(shape(model, HOSTNAME_FIELDS), certificate=certificate)


def shape_pull_zone(model, certificates=None):
    """A PullZoneModel as ``pullzone_info`` returns it; ``certificates`` maps hostname id -> parsed facts."""
    hostnames = model.get("Hostnames") if isinstance(model.get("Hostnames"), list) else []
    return dict(
        shape(model, PULL_ZONE_FIELDS),
        hostnames=[shape_hostname(h, (certificates or {}).get(h.get("Id"))) for h in hostnames if isinstance(h, dict)],
    )


def certificate_type_of(hostname):
    """``(certificate_type, custom)`` of a HostnameModel as ``pullzone_certificate`` compares it: the type is
    ``none`` without a certificate; ``custom`` is True for a certificate a user uploaded (or an unlabelled one the
    platform returned), False for one the platform issued."""
    provision = hostname.get("CertificateProvisionType")
    has = bool(hostname.get("HasCertificate"))
    custom = has and (provision == CUSTOM_PROVISION or (provision is None and bool(hostname.get("Certificate"))))
    if not has:
        return "none", custom
    if custom:
        return "custom", custom
    return (enum_readable(PROVISION_TYPES, provision) if provision is not None else "unknown"), custom


def certificate_view(bundle, certificate_type):
    """What ``pullzone_certificate`` returns and compares of a hostname's certificate bundle (leaf first)."""
    leaf = bundle[0] if bundle else None
    return {
        "has_certificate": certificate_type != "none",
        "certificate_type": certificate_type,
        "fingerprints": [cert.fingerprint for cert in bundle],
        "subject": leaf.subject if leaf else None,
        "issuer": leaf.issuer if leaf else None,
        "sans": list(leaf.sans) if leaf else [],
        "not_before": iso(leaf.not_before) if leaf else None,
        "not_after": iso(leaf.not_after) if leaf else None,
    }


CERTIFICATE_COMPARED = ("certificate_type", "fingerprints", "not_after")


def certificate_compared(view, hostname):
    """What the diff shows and the reconciler compares of a :func:`certificate_view`: never key material."""
    return dict({key: view[key] for key in CERTIFICATE_COMPARED}, hostname=hostname)


SHIELD_ZONE_FIELDS = (
    ("id", "shieldZoneId"),
    ("pullzone_id", "pullZoneId"),
    ("plan_type", "planType"),
    ("learning_mode", "learningMode"),
    ("learning_mode_until", "learningModeUntil"),
    ("waf_enabled", "wafEnabled"),
    ("waf_realtime_threat_intelligence_enabled", "wafRealtimeThreatIntelligenceEnabled"),
    ("waf_profile_id", "wafProfileId"),
    ("waf_custom_rule_order", "wafCustomRuleOrder"),
    ("waf_disabled_rules", "wafDisabledRules"),
    ("waf_log_only_rules", "wafLogOnlyRules"),
    ("custom_waf_rules_limit", "customWafRulesLimit"),
    ("rate_limit_rules_limit", "rateLimitRulesLimit"),
    ("ddos_challenge_window", "dDoSChallengeWindow"),
    ("whitelabel_response_pages", "whitelabelResponsePages"),
)


def shape_shield_zone(model, unknown=None):
    """A ShieldZoneResponse as ``shield_zone_info`` returns it: numbers kept, names beside them, and every setting
    ``shield_zone`` takes under its option name (so info output written back is no change). An enum number the
    collection cannot name is shown as the number, with a warning appended to ``unknown`` (a list) when given."""
    return dict(readable_shield_settings(model, unknown=unknown), **shape(model, SHIELD_ZONE_FIELDS))


def certificate_facts(value, now=None):
    """``(facts, problem)``: the leaf certificate of a hostname as the platform returned it, or why not.

    ``value`` is the hostname's ``Certificate`` (read with ``includeCertificate=true``); its encoding
    is not documented (docs/platform-notes.md, "Certificates read back from a pull zone"), so every form
    ``decode_platform_certificate`` knows is tried.
    """
    try:
        chain = decode_platform_certificate(value)
    except CertificateError as exc:
        return None, str(exc)
    leaf = chain[0]
    moment = now or utc_now()
    days = (leaf.not_after - moment).days if leaf.not_after else None
    return {
        "subject": leaf.subject,
        "issuer": leaf.issuer,
        "names": list(leaf.sans),
        "not_before": iso(leaf.not_before),
        "not_after": iso(leaf.not_after),
        "expires_in_days": days,
        "fingerprint_sha256": leaf.fingerprint,
        "chain_length": len(chain),
    }, None
