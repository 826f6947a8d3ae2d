"""pullzone_info: one zone by id or name or all, hostnames with certificate facts, and never a secret."""

from __future__ import annotations

import base64
import json

from ansible_collections.edge.platform.plugins.modules import pullzone_info
from ansible_collections.edge.platform.tests.unit import certgen
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

BASE = {"api_key": "unit-secret-key", "base_url": "https://api.example.test", "retries": 0}
SECRETS = ("token-signing-key-1", "aws-key-2", "aws-secret-3", "log-token-4", "origin-password-5")


def zone(zone_id=21, name="demo", hostnames=None):
    return {
        "Id": zone_id,
        "Name": name,
        "Enabled": True,
        "Suspended": False,
        "Type": 0,
        "CnameDomain": name + ".b-cdn.net",
        "OriginUrl": "https://deploy:%s@origin.example.com:8443/app" % SECRETS[4],
        "UserId": "user-guid",
        "ZoneSecurityEnabled": True,
        "ZoneSecurityKey": SECRETS[0],
        "AWSSigningKey": SECRETS[1],
        "AWSSigningSecret": SECRETS[2],
        "LogForwardingToken": SECRETS[3],
        "DnsZoneId": 0,
        "Hostnames": hostnames
        if hostnames is not None
        else [
            {
                "Id": 1,
                "Value": name + ".b-cdn.net",
                "ForceSSL": False,
                "IsSystemHostname": True,
                "IsManagedHostname": False,
                "HasCertificate": True,
                "Certificate": None,
                "CertificateKey": None,
                "CertificateKeyType": 0,
                "CertificateProvisionType": 0,
            }
        ],
    }


def paged(*zones):
    return FakeResponse(body={"Items": list(zones), "CurrentPage": 1, "TotalItems": len(zones), "HasMoreItems": False})


def test_every_zone_is_listed_without_any_secret(fake_session, run_module):
    fake_session.responses = [paged(zone(21, "demo"), zone(22, "demo-staging"))]
    result = run_module(pullzone_info, BASE)
    assert result["changed"] is False and [z["name"] for z in result["pull_zones"]] == ["demo", "demo-staging"]
    first = result["pull_zones"][0]
    assert first["origin_url"] == "https://origin.example.com:8443/app" and first["type"] == "premium"
    assert first["zone_security_enabled"] is True
    assert first["hostnames"] == [
        {
            "id": 1,
            "name": "demo.b-cdn.net",
            "force_ssl": False,
            "is_system": True,
            "is_managed": False,
            "has_certificate": True,
            "certificate_type": "unknown",
            "certificate_key_type": "ecdsa",
            "certificate": None,
        }
    ]
    text = json.dumps(result)
    assert not [secret for secret in SECRETS + ("user-guid", "deploy") if secret in text]
    assert fake_session.calls[0]["params"] == {"page": 1, "perPage": 1000}


def test_by_name_uses_the_search_answer(fake_session, run_module):
    fake_session.responses = [paged(zone(21, "demo"), zone(22, "demo-staging"))]
    result = run_module(pullzone_info, dict(BASE, pullzone_name="demo-staging"))
    assert [z["id"] for z in result["pull_zones"]] == [22] and len(fake_session.calls) == 1


def test_by_id_reads_the_zone_and_names_the_option_on_404(fake_session, run_module):
    fake_session.responses = [FakeResponse(404)]
    result = run_module(pullzone_info, dict(BASE, pullzone_id=99))
    assert result["failed"] is True and "check pullzone_id" in result["msg"]
    assert fake_session.calls[0]["url"].endswith("/pullzone/99")


def custom_hostname(certificate_value, key_value):
    return {
        "Id": 7,
        "Value": "www.example.com",
        "ForceSSL": True,
        "IsSystemHostname": False,
        "IsManagedHostname": False,
        "HasCertificate": True,
        "Certificate": certificate_value,
        "CertificateKey": key_value,
        "CertificateKeyType": 0,
        "CertificateProvisionType": 3,
    }


def encode(text):
    """Base64Url without padding, as the published document describes certificate fields."""
    return base64.urlsafe_b64encode(text.encode("ascii")).decode("ascii").rstrip("=")


def test_certificate_details_return_expiry_and_never_the_key(fake_session, run_module):
    leaf, leaf_key, mid, _root = certgen.chain("ec", prefix="info", days=30)
    key_value = encode(certgen.key_pem(leaf_key))
    fake_session.responses = [paged(zone(hostnames=[custom_hostname(encode(certgen.cert_pem(leaf, mid)), key_value)]))]
    result = run_module(pullzone_info, dict(BASE, certificate_details=True), check=True)
    assert fake_session.calls[0]["params"]["includeCertificate"] == "true"
    facts = result["pull_zones"][0]["hostnames"][0]["certificate"]
    assert facts["names"] == ["www.example.com"] and facts["chain_length"] == 2
    assert facts["expires_in_days"] in (29, 30) and facts["not_after"].endswith("Z")
    assert facts["fingerprint_sha256"].count(":") == 31
    text = json.dumps(result)
    assert key_value not in text and "PRIVATE KEY" not in text


def test_an_unreadable_certificate_is_null_with_a_warning(fake_session, run_module):
    fake_session.responses = [FakeResponse(body=zone(hostnames=[custom_hostname("bm90IGEgY2VydA", "c2VjcmV0LWtleQ")]))]
    result = run_module(pullzone_info, dict(BASE, pullzone_id=21, certificate_details=True))
    assert result["pull_zones"][0]["hostnames"][0]["certificate"] is None
    assert "www.example.com could not be read (not PEM" in json.dumps(result["warnings"])
    assert "c2VjcmV0LWtleQ" not in json.dumps(result)


def test_name_and_id_are_mutually_exclusive(fake_session, run_module):
    result = run_module(pullzone_info, dict(BASE, pullzone_id=1, pullzone_name="demo"))
    assert result["failed"] is True and "mutually exclusive: pullzone_id|pullzone_name" in result["msg"]
    assert fake_session.calls == []
