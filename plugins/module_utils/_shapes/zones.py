# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""What the info modules return for DNS, pull and shield zones (pure Python: no Ansible imports).

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

from ansible_collections.edge.platform.plugins.module_utils._certificates.x509 import CertificateError, decode_platform_certificate, iso, utc_now
from .shield_enums import enum_name

PULL_ZONE_TYPES = {0: "premium", 1: "volume"}
KEY_TYPES = {0: "ecdsa", 1: "rsa"}
PROVISION_TYPES = {0: "unknown", 1: "http01", 2: "dns01", 3: "custom", 4: "managed"}
SHIELD_PLANS = {0: "basic", 1: "advanced", 2: "business", 3: "enterprise"}
DDOS_SENSITIVITIES = {0: "off", 1: "low", 2: "medium", 3: "high", 4: "challenge"}
EXECUTION_MODES = {0: "log", 1: "block"}
BODY_LIMIT_ACTIONS = {0: "block", 1: "log", 2: "ignore"}


def _pick(model, fields):
    return {name: model.get(key) for name, key in fields}


DNS_ZONE_FIELDS = (
    ("id", "Id"), ("domain", "Domain"), ("dnssec_enabled", "DnsSecEnabled"),
    ("nameservers_detected", "NameserversDetected"), ("custom_nameservers_enabled", "CustomNameserversEnabled"),
    ("nameserver1", "Nameserver1"), ("nameserver2", "Nameserver2"), ("soa_email", "SoaEmail"),
    ("logging_enabled", "LoggingEnabled"), ("date_created", "DateCreated"), ("date_modified", "DateModified"),
)


def shape_dns_zone(model):
    """A DnsZoneModel as ``dnszone_info`` returns it (records are counted, not listed)."""
    shaped = _pick(model, DNS_ZONE_FIELDS)
    shaped["dnssec_enabled"] = bool(shaped["dnssec_enabled"])
    records = model.get("Records")
    shaped["record_count"] = len(records) if isinstance(records, list) else None
    return shaped


PULL_ZONE_FIELDS = (
    ("id", "Id"), ("name", "Name"), ("enabled", "Enabled"), ("suspended", "Suspended"),
    ("cname_domain", "CnameDomain"), ("origin_host_header", "OriginHostHeader"),
    ("dns_zone_id", "DnsZoneId"), ("dns_record_id", "DnsRecordId"), ("storage_zone_id", "StorageZoneId"),
    ("edge_script_id", "EdgeScriptId"), ("enable_auto_ssl", "EnableAutoSSL"),
    ("disable_lets_encrypt", "DisableLetsEncrypt"), ("zone_security_enabled", "ZoneSecurityEnabled"),
)
HOSTNAME_FIELDS = (
    ("id", "Id"), ("name", "Value"), ("force_ssl", "ForceSSL"), ("is_system", "IsSystemHostname"),
    ("is_managed", "IsManagedHostname"), ("has_certificate", "HasCertificate"),
)


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


def shape_hostname(model, certificate=None):
    """A HostnameModel; ``certificate`` is the parsed facts of its certificate when they were read."""
    shaped = _pick(model, HOSTNAME_FIELDS)
    shaped["certificate_type"] = PROVISION_TYPES.get(model.get("CertificateProvisionType"))
    shaped["certificate_key_type"] = KEY_TYPES.get(model.get("CertificateKeyType"))
    shaped["certificate"] = certificate
    return shaped


def shape_pull_zone(model, certificates=None):
    """A PullZoneModel as ``pullzone_info`` returns it; ``certificates`` maps hostname id -> parsed facts."""
    shaped = _pick(model, PULL_ZONE_FIELDS)
    shaped["type"] = PULL_ZONE_TYPES.get(model.get("Type"))
    shaped["origin_url"] = origin_without_credentials(model.get("OriginUrl"))
    hostnames = model.get("Hostnames") if isinstance(model.get("Hostnames"), list) else []
    shaped["hostnames"] = [shape_hostname(h, (certificates or {}).get(h.get("Id")))
                           for h in hostnames if isinstance(h, dict)]
    return shaped


SHIELD_ZONE_FIELDS = (
    ("id", "shieldZoneId"), ("pullzone_id", "pullZoneId"), ("plan_type", "planType"),
    ("learning_mode", "learningMode"), ("learning_mode_until", "learningModeUntil"), ("waf_enabled", "wafEnabled"),
    ("waf_realtime_threat_intelligence_enabled", "wafRealtimeThreatIntelligenceEnabled"),
    ("waf_profile_id", "wafProfileId"), ("waf_custom_rule_order", "wafCustomRuleOrder"),
    ("waf_disabled_rules", "wafDisabledRules"), ("waf_log_only_rules", "wafLogOnlyRules"),
    ("custom_waf_rules_limit", "customWafRulesLimit"), ("rate_limit_rules_limit", "rateLimitRulesLimit"),
    ("ddos_challenge_window", "dDoSChallengeWindow"), ("whitelabel_response_pages", "whitelabelResponsePages"),
)


def shape_shield_zone(model):
    """A ShieldZoneResponse as ``shield_zone_info`` returns it: numbers kept, names beside them."""
    shaped = _pick(model, SHIELD_ZONE_FIELDS)
    shaped["plan"] = enum_name(SHIELD_PLANS, model.get("planType"))
    shaped["waf_execution_mode"] = enum_name(EXECUTION_MODES, model.get("wafExecutionMode"))
    shaped["waf_request_body_limit_action"] = enum_name(BODY_LIMIT_ACTIONS, model.get("wafRequestBodyLimitAction"))
    shaped["waf_response_body_limit_action"] = enum_name(BODY_LIMIT_ACTIONS, model.get("wafResponseBodyLimitAction"))
    shaped["ddos_shield_sensitivity"] = enum_name(DDOS_SENSITIVITIES, model.get("dDoSShieldSensitivity"))
    shaped["ddos_execution_mode"] = enum_name(EXECUTION_MODES, model.get("dDoSExecutionMode"))
    return shaped


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
    return {"subject": leaf.subject, "issuer": leaf.issuer, "names": list(leaf.sans),
            "not_before": iso(leaf.not_before), "not_after": iso(leaf.not_after), "expires_in_days": days,
            "fingerprint_sha256": leaf.fingerprint, "chain_length": len(chain)}, None
