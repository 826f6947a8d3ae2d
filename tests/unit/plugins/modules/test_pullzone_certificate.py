"""Tests for the pullzone_certificate module, against a fake platform answering like the real one."""

from __future__ import annotations

import base64
import json
from datetime import datetime, timedelta, timezone

import pytest
import requests
from cryptography.hazmat.primitives import hashes, serialization

from ansible_collections.edge.platform.plugins.module_utils._certificates import tls_probe
from ansible_collections.edge.platform.plugins.module_utils._certificates import x509 as _certificates
from ansible_collections.edge.platform.plugins.modules import pullzone_certificate
from ansible_collections.edge.platform.tests.unit import certgen
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

BASE = "https://api.example.test"
ZONE = 2001
SPEC_NAME = "core-api-v1.0.0.json"


def warnings_of(result):
    """The warning texts (ansible-core 2.19 returns them as structured events in module output)."""
    return [w if isinstance(w, str) else w["event"]["msg"] for w in result.get("warnings", [])]


def fp(cert):
    return ":".join("%02X" % b for b in cert.fingerprint(hashes.SHA256()))


def b64url(text):
    return base64.urlsafe_b64encode(text.encode() if isinstance(text, str) else text).decode().rstrip("=")


def make_pki():
    leaf, leaf_key, mid, root = certgen.chain("rsa", prefix="mod")
    renewed_key = certgen.key("mod-renewed", "ec")
    renewed = certgen.certificate(
        renewed_key, "www.example.com", sans=("www.example.com",), issuer=mid, issuer_key=certgen.key("mod-mid", "ec")
    )
    return {
        "leaf": leaf,
        "mid": mid,
        "root": root,
        "bundle": certgen.cert_pem(leaf, mid),
        "key": certgen.key_pem(leaf_key),
        "key_obj": leaf_key,
        "renewed": certgen.cert_pem(renewed, mid),
        "renewed_key": certgen.key_pem(renewed_key),
        "renewed_cert": renewed,
    }


# Made at import, not in the fixture: ansible-test forks every test, and a fork inherits what its parent made (in the
# fixture, each test would generate the keys again).
PKI = make_pki()


@pytest.fixture(scope="module")
def pki():
    return PKI


class Platform(object):
    """A pull zone with a few hostnames; records nothing itself (the fake session does)."""

    def __init__(self, installed=None, provision=3, system_only=False):
        self.hostnames = [
            {
                "Id": 1,
                "Value": "demo.b-cdn.net",
                "ForceSSL": False,
                "IsSystemHostname": True,
                "IsManagedHostname": False,
                "HasCertificate": True,
                "Certificate": None,
                "CertificateKey": None,
                "CertificateKeyType": 0,
                "CertificateProvisionType": 0,
            },
            {
                "Id": 2,
                "Value": "www.example.com",
                "ForceSSL": False,
                "IsSystemHostname": False,
                "IsManagedHostname": False,
                "HasCertificate": installed is not None,
                "Certificate": installed,
                "CertificateKey": b64url("PLATFORM-KEY-MATERIAL-XYZ") if installed else None,
                "CertificateKeyType": 0,
                "CertificateProvisionType": provision if installed is not None else 0,
            },
            {
                "Id": 3,
                "Value": "app.bunny.run",
                "ForceSSL": False,
                "IsSystemHostname": False,
                "IsManagedHostname": True,
                "HasCertificate": True,
                "Certificate": None,
                "CertificateKey": None,
                "CertificateKeyType": 0,
                "CertificateProvisionType": 4,
            },
        ]
        self.answers = {}

    def __call__(self, method, url, body, params):
        path = url[len(BASE) :]
        if (method, path) in self.answers:
            answer = self.answers[(method, path)].pop(0)
            return answer() if callable(answer) else answer  # a callable answer acts, then answers
        if method == "GET" and path == "/pullzone/%d" % ZONE:
            return FakeResponse(200, {"Id": ZONE, "Name": "demo", "Hostnames": self.hostnames})
        if method in ("POST", "DELETE") and path.startswith("/pullzone/%d/" % ZONE):
            return FakeResponse(204, text="")
        return FakeResponse(404, text="")


@pytest.fixture
def platform(fake_session):
    def install(installed=None, provision=3):
        fake = Platform(installed, provision)
        fake_session.responses = fake
        return fake

    return install


def args(pki, **extra):
    values = dict(
        api_key="secret-api-key",
        base_url=BASE,
        pullzone_id=ZONE,
        hostname="www.example.com",
        certificate=pki["bundle"],
        certificate_key=pki["key"],
    )
    values.update(extra)
    return {k: v for k, v in values.items() if v is not None}


def assert_no_key(pki, result, fake_session=None):
    """No form of the private key (nor the key the platform returned) is anywhere in the result."""
    text = json.dumps(result)
    body = "".join(pki["key"].splitlines()[1:-1])
    for needle in [line for line in pki["key"].splitlines() if "-----" not in line] + [
        body[:40],
        base64.b64encode(pki["key"].encode()).decode()[:40],
        b64url(pki["key"])[:40],
        "PLATFORM-KEY-MATERIAL",
        b64url("PLATFORM-KEY-MATERIAL-XYZ"),
        "secret-api-key",
    ]:
        assert needle not in text
    assert "KEY-----\\n" not in text  # no PEM key block, even one not tied to pki


def test_install_on_a_hostname_without_certificate(platform, fake_session, run_module, pki):
    platform()
    result = run_module(pullzone_certificate, args(pki))
    assert result["changed"] is True
    assert [c["method"] for c in fake_session.calls] == ["GET", "POST"]
    get, post = fake_session.calls
    assert get["url"] == BASE + "/pullzone/2001" and get["params"] == {"includeCertificate": "true"}
    assert post["url"] == BASE + "/pullzone/2001/addCertificate"
    assert set(post["json"]) == {"Hostname", "Certificate", "CertificateKey"}
    assert post["json"]["Hostname"] == "www.example.com"
    assert base64.b64decode(post["json"]["Certificate"], validate=True).decode() == pki["bundle"]
    assert base64.b64decode(post["json"]["CertificateKey"], validate=True).decode() == pki["key"]
    assert result["fingerprints"] == [fp(pki["leaf"]), fp(pki["mid"])]
    assert result["subject"] == "CN=www.example.com,O=Edge Test"
    assert result["issuer"] == "CN=Edge Test Intermediate,O=Edge Test"
    assert result["sans"] == ["www.example.com"]
    assert result["not_after"] == pki["leaf"].not_valid_after_utc.strftime("%Y-%m-%dT%H:%M:%SZ")
    assert result["has_certificate"] is True and result["certificate_type"] == "custom"
    assert result["hostname"] == "www.example.com" and result["pull_zone"] == {"id": ZONE, "name": "demo"}
    assert "warnings" not in result
    assert_no_key(pki, result)


def test_check_mode_sends_no_write_and_predicts_the_same(platform, fake_session, run_module, pki):
    platform()
    checked = run_module(pullzone_certificate, args(pki), check=True, diff=True)
    assert [c["method"] for c in fake_session.calls] == ["GET"]
    fake_session.calls.clear()
    applied = run_module(pullzone_certificate, args(pki), diff=True)
    for key in ("changed", "diff", "fingerprints", "subject", "sans", "not_after", "has_certificate"):
        assert checked[key] == applied[key]
    assert checked["diff"] == {
        "before": {"hostname": "www.example.com", "certificate_type": "none", "fingerprints": [], "not_after": None},
        "after": {
            "hostname": "www.example.com",
            "certificate_type": "custom",
            "fingerprints": [fp(pki["leaf"]), fp(pki["mid"])],
            "not_after": applied["not_after"],
        },
    }
    assert_no_key(pki, checked)


def installed_forms(pki):
    pem = pki["bundle"]
    return {
        "base64url of PEM": b64url(pem),
        "base64 of PEM": base64.b64encode(pem.encode()).decode(),
        "base64url of PEM with CRLF": b64url(pem.replace("\n", "\r\n")),
        "PEM text": pem,
    }


@pytest.mark.parametrize("form", sorted(installed_forms({"bundle": "x"})))
def test_same_bundle_installed_is_unchanged_with_one_read(platform, fake_session, run_module, pki, form):
    platform(installed_forms(pki)[form])
    result = run_module(pullzone_certificate, args(pki), diff=True)
    assert result["changed"] is False
    assert [c["method"] for c in fake_session.calls] == ["GET"]
    assert result["fingerprints"] == [fp(pki["leaf"]), fp(pki["mid"])]
    assert result["diff"]["before"] == result["diff"]["after"]
    assert_no_key(pki, result)


def test_a_different_chain_is_a_change(platform, fake_session, run_module, pki):
    platform(b64url(certgen.cert_pem(pki["leaf"])))  # same leaf, intermediate missing
    result = run_module(pullzone_certificate, args(pki))
    assert result["changed"] is True and len(fake_session.writes) == 1


def test_replacing_a_certificate(platform, fake_session, run_module, pki):
    platform(b64url(pki["bundle"]))
    result = run_module(
        pullzone_certificate, args(pki, certificate=pki["renewed"], certificate_key=pki["renewed_key"]), diff=True
    )
    assert result["changed"] is True
    assert result["diff"]["before"]["fingerprints"] == [fp(pki["leaf"]), fp(pki["mid"])]
    assert result["diff"]["after"]["fingerprints"] == [fp(pki["renewed_cert"]), fp(pki["mid"])]
    assert base64.b64decode(fake_session.writes[0]["json"]["Certificate"]).decode() == pki["renewed"]


def test_force_uploads_the_same_certificate(platform, fake_session, run_module, pki):
    platform(b64url(pki["bundle"]))
    result = run_module(pullzone_certificate, args(pki, force=True))
    assert result["changed"] is True and len(fake_session.writes) == 1


def test_a_platform_certificate_is_replaced_by_the_custom_one(platform, fake_session, run_module, pki):
    platform(b64url(certgen.cert_pem(pki["leaf"], pki["mid"])), provision=1)
    result = run_module(pullzone_certificate, args(pki), diff=True)
    assert result["changed"] is True and result["diff"]["before"]["certificate_type"] == "http01"


def test_unreadable_installed_certificate_is_uploaded_with_a_warning(platform, fake_session, run_module, pki):
    platform("bm90IGEgY2VydGlmaWNhdGU")
    result = run_module(pullzone_certificate, args(pki))
    assert result["changed"] is True and len(fake_session.writes) == 1
    assert result["certificate_source"] == "unknown"
    assert any("could not be read" in w and "on every run" in w for w in warnings_of(result))


def test_a_returned_certificate_is_compared_from_the_api(platform, fake_session, run_module, pki):
    platform(b64url(pki["bundle"]))
    assert run_module(pullzone_certificate, args(pki))["certificate_source"] == "api"
    platform()
    assert run_module(pullzone_certificate, args(pki))["certificate_source"] == "api"


# --- the platform says there is a certificate but does not return it --------------------------


@pytest.fixture
def omitted(platform):
    """The platform of the Terraform provider's docs: HasCertificate, provision type, no data."""

    def install(provision=3):
        fake = platform("returned below as null", provision)
        fake.hostnames[1]["Certificate"] = fake.hostnames[1]["CertificateKey"] = None
        return fake

    return install


@pytest.fixture
def probe_calls(monkeypatch):
    """Replace the TLS handshake: it returns ``probe_calls.answer`` (DER) or raises ProbeError(``.error``)."""

    class Calls(list):
        answer = b""
        error = ""

    calls = Calls()

    def served_leaf(host, port, server_name, timeout):
        calls.append((host, port, server_name, timeout))
        if calls.error:
            raise tls_probe.ProbeError(calls.error)
        return calls.answer

    monkeypatch.setattr(tls_probe, "served_leaf", served_leaf)
    return calls


def test_served_leaf_equal_to_the_wanted_one_is_unchanged(omitted, probe_calls, fake_session, run_module, pki):
    omitted()
    probe_calls.answer = certgen.cert_der(pki["leaf"])
    result = run_module(pullzone_certificate, args(pki, timeout=7), diff=True)
    assert result["changed"] is False and result["certificate_source"] == "tls"
    assert probe_calls == [("www.example.com", 443, "www.example.com", 7.0)]
    assert [c["method"] for c in fake_session.calls] == ["GET"]
    assert result["fingerprints"] == [fp(pki["leaf"])] and result["subject"] == "CN=www.example.com,O=Edge Test"
    assert "warnings" not in result
    assert_no_key(pki, result)


def test_served_leaf_that_differs_is_uploaded_with_a_warning(omitted, probe_calls, fake_session, run_module, pki):
    omitted()
    probe_calls.answer = certgen.cert_der(pki["renewed_cert"])
    result = run_module(pullzone_certificate, args(pki, tls_probe="edge.example.net:8443"), diff=True)
    assert result["changed"] is True and result["certificate_source"] == "tls"
    assert probe_calls[0][:3] == ("edge.example.net", 8443, "www.example.com")
    assert result["diff"]["before"]["fingerprints"] == [fp(pki["renewed_cert"])]
    assert len(fake_session.writes) == 1
    warning = "\n".join(warnings_of(result))
    assert (
        "serves the certificate %s (served by edge.example.net:8443), not the wanted one" % fp(pki["renewed_cert"])
        in warning
        and "set tls_probe to an edge address" in warning
    )


def test_probe_failure_uploads_and_says_why_every_run(omitted, probe_calls, fake_session, run_module, pki):
    omitted()
    probe_calls.error = "cannot connect to www.example.com:443 (refused)"
    for check in (True, False):
        result = run_module(pullzone_certificate, args(pki), check=check)
        assert result["changed"] is True and result["certificate_source"] == "unknown"
        assert warnings_of(result) == [
            "www.example.com has a certificate the module could not compare: the platform did not return the "
            "certificate and the TLS probe failed: cannot connect to www.example.com:443 (refused). It is uploaded "
            "again, and will be on every run until a comparison is possible: set tls_probe to an address (host:port) "
            "that serves www.example.com over TLS."
        ]
    assert len(fake_session.writes) == 1


@pytest.mark.parametrize("value", ["off", "OFF", "false"])
def test_probe_off_never_connects(omitted, probe_calls, fake_session, run_module, pki, value):
    omitted()
    result = run_module(pullzone_certificate, args(pki, tls_probe=value))
    assert probe_calls == [] and result["changed"] is True and result["certificate_source"] == "unknown"
    assert any("tls_probe is off" in w for w in warnings_of(result))


def test_probe_is_skipped_with_force_and_for_absent(omitted, probe_calls, fake_session, run_module, pki):
    omitted()
    assert run_module(pullzone_certificate, args(pki, force=True))["changed"] is True
    absent = run_module(
        pullzone_certificate,
        {"api_key": "k" * 8, "base_url": BASE, "pullzone_id": ZONE, "hostname": "www.example.com", "state": "absent"},
    )
    assert absent["changed"] is True and probe_calls == []


def test_platform_issued_certificate_without_data_needs_no_probe(omitted, probe_calls, fake_session, run_module, pki):
    omitted(provision=1)
    result = run_module(pullzone_certificate, args(pki))
    assert result["changed"] is True and result["certificate_source"] == "api" and probe_calls == []
    assert "warnings" not in result


def test_unlabelled_certificate_served_equal_counts_as_custom(omitted, probe_calls, fake_session, run_module, pki):
    fake = omitted()
    del fake.hostnames[1]["CertificateProvisionType"]
    probe_calls.answer = certgen.cert_der(pki["leaf"])
    result = run_module(pullzone_certificate, args(pki))
    assert result["changed"] is False and result["certificate_source"] == "tls"


@pytest.mark.parametrize(
    "value, message",
    [
        ("https://edge.example.net/", "no scheme or path"),
        ("edge.example.net:0", "port must be a number from 1 to 65535"),
        ("edge.example.net:https", "port must be a number"),
        ("[2001:db8::1", "closing ']'"),
        ("", "no scheme or path"),
    ],
)
def test_bad_probe_address_fails_naming_the_option(fake_session, run_module, pki, value, message):
    fake_session.responses = Platform()
    result = run_module(pullzone_certificate, args(pki, tls_probe=value))
    assert result["failed"] is True and result["msg"].startswith("tls_probe must be host, host:port")
    assert message in result["msg"] and fake_session.calls == []


def test_a_real_handshake_with_the_emulator_listener(omitted, fake_session, run_module, pki):
    """The probe against a TLS server choosing its certificate by SNI (the emulator's listener)."""
    import sys
    from pathlib import Path

    collection_root = str(Path(__file__).resolve().parents[4])
    if collection_root not in sys.path:
        sys.path.insert(0, collection_root)  # the emulator imports as the package ``emulator``, as users run it
    from emulator.tls.listener import TlsListener

    installed = {"www.example.com": (pki["bundle"].encode(), pki["key"].encode())}
    listener = TlsListener(installed.get)
    try:
        omitted()
        same = run_module(pullzone_certificate, args(pki, tls_probe=listener.address, timeout=5))
        installed["www.example.com"] = (pki["renewed"].encode(), pki["renewed_key"].encode())
        renewed = run_module(pullzone_certificate, args(pki, tls_probe=listener.address, timeout=5))
        del installed["www.example.com"]
        refused = run_module(pullzone_certificate, args(pki, tls_probe=listener.address, timeout=5))
    finally:
        listener.close()
    assert same["changed"] is False and same["certificate_source"] == "tls"
    assert renewed["changed"] is True and renewed["fingerprints"] == [fp(pki["leaf"]), fp(pki["mid"])]
    assert renewed["certificate_source"] == "tls"
    assert refused["certificate_source"] == "unknown"
    assert any("UNRECOGNIZED_NAME" in w for w in warnings_of(refused))


def test_absent_removes_a_custom_certificate(platform, fake_session, run_module, pki):
    platform(b64url(pki["bundle"]))
    result = run_module(
        pullzone_certificate, dict(args(pki, certificate=None, certificate_key=None), state="absent"), diff=True
    )
    assert result["changed"] is True
    assert fake_session.writes == [
        dict(
            fake_session.writes[0],
            method="DELETE",
            url=BASE + "/pullzone/2001/removeCertificate",
            json={"Hostname": "www.example.com"},
        )
    ]
    assert result["has_certificate"] is False and result["fingerprints"] == []
    assert result["diff"]["after"] == {
        "hostname": "www.example.com",
        "certificate_type": "none",
        "fingerprints": [],
        "not_after": None,
    }
    assert_no_key(pki, result)


def test_absent_check_mode_sends_no_write(platform, fake_session, run_module, pki):
    platform(b64url(pki["bundle"]))
    result = run_module(
        pullzone_certificate,
        {"api_key": "k" * 8, "base_url": BASE, "pullzone_id": ZONE, "hostname": "www.example.com", "state": "absent"},
        check=True,
    )
    assert result["changed"] is True and fake_session.writes == []


@pytest.mark.parametrize("installed, provision", [(None, 0), ("x", 1)])
def test_absent_without_custom_certificate_changes_nothing(
    platform, fake_session, run_module, pki, installed, provision
):
    platform(installed and b64url(pki["bundle"]), provision)
    result = run_module(
        pullzone_certificate,
        {
            "api_key": "k" * 8,
            "base_url": BASE,
            "pullzone_id": ZONE,
            "hostname": "www.example.com",
            "state": "absent",
            "certificate": "ignored",
        },
    )
    assert result["changed"] is False and [c["method"] for c in fake_session.calls] == ["GET"]
    assert result["certificate_type"] == ("none" if installed is None else "http01")


def test_hostname_matches_case_insensitively_and_ignores_a_trailing_dot(platform, fake_session, run_module, pki):
    platform()
    result = run_module(pullzone_certificate, args(pki, hostname="WWW.Example.COM."))
    assert result["hostname"] == "www.example.com"
    assert fake_session.writes[0]["json"]["Hostname"] == "www.example.com"


@pytest.mark.parametrize(
    "hostname, message",
    [
        ("demo.b-cdn.net", "is a system hostname"),
        ("app.bunny.run", "is a managed hostname"),
    ],
)
def test_hostnames_that_cannot_be_managed(platform, fake_session, run_module, pki, hostname, message):
    platform()
    for state in ("present", "absent"):
        result = run_module(pullzone_certificate, args(pki, hostname=hostname, state=state))
        assert result["failed"] is True and message in result["msg"]
    assert fake_session.writes == []


NOT_ON_ZONE = (
    "hostname nope.example.com is not on pull zone 2001 (its hostnames: app.bunny.run, demo.b-cdn.net, www.example.com)"
)


def test_a_hostname_not_on_the_zone_fails_an_install(platform, fake_session, run_module, pki):
    platform()
    result = run_module(pullzone_certificate, args(pki, hostname="nope.example.com"))
    assert result["failed"] is True and NOT_ON_ZONE + ". Add it to the pull zone first" in result["msg"]
    assert fake_session.writes == []


def test_a_removal_from_a_hostname_not_on_the_zone_is_no_change(platform, fake_session, run_module, pki):
    # a teardown after a build that failed before adding the hostname: the certificate's parent is gone
    platform()
    removal = dict(args(pki, hostname="NOPE.example.com.", certificate=None, certificate_key=None), state="absent")
    for check in (False, True):
        result = run_module(pullzone_certificate, removal, check=check)
        assert result.get("failed") is not True and result["changed"] is False
        assert warnings_of(result) == ["Nothing to remove: %s, so it has no certificate there." % NOT_ON_ZONE]
        assert result["pull_zone"] == {"id": ZONE, "name": "demo"} and result["hostname"] == "nope.example.com"
        assert result["has_certificate"] is False and result["certificate_type"] == "none"
        assert result["fingerprints"] == [] and result["certificate_source"] == "api"
    assert fake_session.writes == []


def test_expiring_unnamed_out_of_order_and_extra_blocks_warn(platform, fake_session, run_module, pki):
    platform()
    private = certgen.key("mod-soon", "ec")
    soon = certgen.certificate(
        private,
        "other.example.com",
        sans=("other.example.com",),
        days=10,
        issuer=pki["mid"],
        issuer_key=certgen.key("mod-mid", "ec"),
    )
    text = certgen.cert_pem(soon, pki["root"], pki["mid"]) + certgen.key_pem(private)
    result = run_module(pullzone_certificate, args(pki, certificate=text, certificate_key=certgen.key_pem(private)))
    assert result["changed"] is True
    warnings = "\n".join(warnings_of(result))
    assert "the certificate expires on %s" % soon.not_valid_after_utc.strftime("%Y-%m-%dT%H:%M:%SZ") in warnings
    assert "do not cover www.example.com" in warnings
    assert "certificate 2 of the bundle did not issue certificate 1" in warnings
    assert "PRIVATE KEY block(s) in it are not uploaded" in warnings
    assert len(base64.b64decode(fake_session.writes[0]["json"]["Certificate"]).decode().split("BEGIN")) == 4
    assert "PRIVATE" not in base64.b64decode(fake_session.writes[0]["json"]["Certificate"]).decode()


def test_not_yet_valid_warns(platform, fake_session, run_module, pki):
    platform()
    private = certgen.key("mod-future", "ec")
    start = datetime.now(timezone.utc) + timedelta(days=2)
    future = certgen.certificate(
        private, "www.example.com", sans=("www.example.com",), not_before=start, not_after=start + timedelta(days=90)
    )
    wanted = args(pki, certificate=certgen.cert_pem(future), certificate_key=certgen.key_pem(private))
    result = run_module(pullzone_certificate, wanted)
    assert any("not valid before" in w for w in warnings_of(result))


def bad_inputs(pki, tmp_path):
    other = certgen.key_pem(certgen.key("mod-other"))
    expired_key = certgen.key("mod-expired", "ec")
    past = datetime(2021, 1, 1, tzinfo=timezone.utc)
    expired = certgen.certificate(
        expired_key, "www.example.com", sans=("www.example.com",), not_before=past, not_after=past + timedelta(days=90)
    )
    mid_key = certgen.key_pem(certgen.key("mod-mid", "ec"))
    return [
        ({"certificate": "garbage"}, "certificate: not PEM"),
        ({"certificate": "/etc/ssl/cert.pem"}, "use certificate_src for a file"),
        ({"certificate_key": "key.pem"}, "use certificate_key_src for a file"),
        ({"certificate_key": ""}, "certificate_key: not PEM"),
        ({"certificate": ""}, "certificate: not PEM"),
        (
            {"certificate": "-----BEGIN CERTIFICATE-----\nMAMCAQU=\n-----END CERTIFICATE-----\n"},
            "certificate: not a valid X.509 certificate (",
        ),
        (
            {"certificate_key": "-----BEGIN PRIVATE KEY-----\nMAMCAQU=\n-----END PRIVATE KEY-----\n"},
            "certificate_key: not a valid private key",
        ),
        (
            {"certificate_key": other},
            "certificate_key: the private key does not belong to the certificate "
            "CN=www.example.com,O=Edge Test. Use the key",
        ),
        ({"certificate_key": mid_key}, "belongs to certificate 2 of the bundle"),
        ({"certificate_key": certgen.key_pem(pki["key_obj"], password=b"pw")}, "is encrypted"),
        (
            {"certificate": certgen.cert_pem(expired), "certificate_key": certgen.key_pem(expired_key)},
            "the certificate expired on 2021-04-01T00:00:00Z",
        ),
        ({"hostname": "https://www.example.com/"}, "hostname must be a bare DNS name"),
        ({"hostname": ""}, "hostname must be a bare DNS name"),
        ({"hostname": "b\u00fccher.\u0080"}, "hostname must be a bare DNS name"),
        ({"pullzone_id": 0}, "pullzone_id must be a positive"),
        ({"certificate": None}, "state is present but any of the following are missing: certificate, certificate_src"),
        ({"certificate_key": None}, "missing: certificate_key, certificate_key_src"),
        ({"certificate_src": "/x"}, "parameters are mutually exclusive: certificate|certificate_src"),
        ({"base_url": "api.example.test"}, "base_url must be an absolute"),
    ]


def test_every_bad_input_fails_before_any_request(fake_session, run_module, pki, tmp_path):
    # files given in certificate_src and certificate_key_src: _inprocess/test_controller_files_with_modules.py
    fake_session.responses = Platform()
    for change, message in bad_inputs(pki, tmp_path):
        result = run_module(pullzone_certificate, args(pki, **change))
        assert result.get("failed") is True, change
        assert message in result["msg"], (message, result["msg"])
        assert_no_key(pki, result)
    assert fake_session.calls == []


def test_idna_hostnames_are_encoded(platform, fake_session, run_module, pki):
    fake = platform()
    fake.hostnames[1]["Value"] = "xn--bcher-kva.example"
    result = run_module(pullzone_certificate, args(pki, hostname="B\u00fccher.example"))
    assert result["hostname"] == "xn--bcher-kva.example"
    assert any("do not cover" in w for w in warnings_of(result))


@pytest.mark.parametrize(
    "status, text, expected",
    [
        (401, "", "Reading pull zone 2001 failed with HTTP 401 Unauthorized. The credentials were rejected"),
        (404, "", "Reading pull zone 2001 failed with HTTP 404 Not Found. No pull zone with id 2001 is visible"),
        (500, "", "HTTP 500"),
    ],
)
def test_read_errors(platform, fake_session, run_module, pki, status, text, expected):
    fake = platform()
    fake.answers[("GET", "/pullzone/2001")] = [FakeResponse(status, text=text)]
    result = run_module(pullzone_certificate, args(pki, retries=0))
    assert result["failed"] is True and expected in result["msg"]
    assert result["api_error"]["status"] == status and fake_session.writes == []
    assert_no_key(pki, result)


@pytest.mark.parametrize(
    "field, option",
    [
        ("CertificateKey", "certificate_key or certificate_key_src"),
        ("Certificate", "certificate or certificate_src"),
        ("Hostname", "hostname"),
    ],
)
def test_write_rejected_names_the_option(platform, fake_session, run_module, pki, field, option):
    fake = platform()
    fake.answers[("POST", "/pullzone/2001/addCertificate")] = [
        FakeResponse(400, {"ErrorKey": "pullzone.some_error", "Field": field, "Message": "Rejected."})
    ]
    result = run_module(pullzone_certificate, args(pki))
    assert result["failed"] is True
    assert result["msg"] == (
        "Adding the certificate of www.example.com to pull zone 2001 failed with HTTP 400 Bad "
        "Request (error key pullzone.some_error, field %s): Rejected. The platform could not use "
        "the certificate: check %s." % (field, option)
    )
    assert result["api_error"] == {
        "status": 400,
        "error_key": "pullzone.some_error",
        "field": field,
        "message": "Rejected.",
    }


def test_remove_rejected_and_other_write_errors_keep_the_generic_hint(platform, fake_session, run_module, pki):
    fake = platform(b64url(pki["bundle"]))
    fake.answers[("DELETE", "/pullzone/2001/removeCertificate")] = [
        FakeResponse(400, {"ErrorKey": "pullzone.certificate_not_found", "Field": "Other", "Message": "No."})
    ]
    result = run_module(
        pullzone_certificate,
        {"api_key": "k" * 8, "base_url": BASE, "pullzone_id": ZONE, "hostname": "www.example.com", "state": "absent"},
    )
    assert result["failed"] is True and "check the option named in the message" in result["msg"]


# --- a write whose answer was lost is re-read once, never sent again ----------


def lost_answer(fake, landed_as=None):
    """The write's answer: the platform applies it (the hostname becomes ``landed_as``) or not, then
    the connection times out after the request was sent."""

    def answer():
        if landed_as is not None:
            fake.hostnames[1].update(landed_as)
        raise requests.exceptions.ReadTimeout("read timed out")

    return answer


def methods(fake_session):
    return [c["method"] for c in fake_session.calls]


@pytest.mark.parametrize("landed", [True, False])
def test_lost_upload_is_reread_never_resent(platform, fake_session, run_module, pki, landed):
    fake = platform()
    installed = dict(HasCertificate=True, CertificateProvisionType=3, Certificate=b64url(pki["bundle"]))
    fake.answers[("POST", "/pullzone/2001/addCertificate")] = [lost_answer(fake, installed if landed else None)]
    result = run_module(pullzone_certificate, args(pki, retries=3))
    assert methods(fake_session) == ["GET", "POST", "GET"]
    if landed:
        assert result["changed"] is True and result["fingerprints"] == [fp(pki["leaf"]), fp(pki["mid"])]
        assert any(
            "Adding the certificate of www.example.com to pull zone 2001 got no answer" in w
            and "shows the change was applied" in w
            for w in warnings_of(result)
        )
    else:
        assert result["failed"] is True and "NOT applied" in result["msg"] and "not sent again" in result["msg"]
        assert result["api_error"]["status"] is None
    assert_no_key(pki, result)


@pytest.mark.parametrize("landed", [True, False])
def test_lost_removal_is_reread_never_resent(platform, fake_session, run_module, pki, landed):
    fake = platform(b64url(pki["bundle"]))
    removed = dict(HasCertificate=False, CertificateProvisionType=0, Certificate=None)
    fake.answers[("DELETE", "/pullzone/2001/removeCertificate")] = [lost_answer(fake, removed if landed else None)]
    result = run_module(
        pullzone_certificate,
        {
            "api_key": "k" * 8,
            "base_url": BASE,
            "pullzone_id": ZONE,
            "hostname": "www.example.com",
            "state": "absent",
            "retries": 3,
        },
    )
    assert methods(fake_session) == ["GET", "DELETE", "GET"]
    if landed:
        assert result["changed"] is True and result["has_certificate"] is False
        assert any("Removing the certificate of www.example.com" in w for w in warnings_of(result))
    else:
        assert result["failed"] is True and "NOT applied" in result["msg"]


def test_server_error_on_a_write_is_not_replayed(platform, fake_session, run_module, pki):
    """A 502/503 on a write may come after the platform applied it: re-read, never replayed."""
    fake = platform()
    fake.answers[("POST", "/pullzone/2001/addCertificate")] = [FakeResponse(503, text=""), FakeResponse(204, text="")]
    result = run_module(pullzone_certificate, args(pki))
    assert result["failed"] is True and "NOT applied" in result["msg"] and result["api_error"]["status"] == 503
    assert len(fake_session.writes) == 1


def test_too_many_requests_on_a_write_is_retried(platform, fake_session, run_module, pki):
    """429 means not processed: the one answer a write is sent again after."""
    fake = platform()
    fake.answers[("POST", "/pullzone/2001/addCertificate")] = [FakeResponse(429, text=""), FakeResponse(204, text="")]
    result = run_module(pullzone_certificate, args(pki))
    assert result["changed"] is True and len(fake_session.writes) == 2


# the platform of the Terraform provider's docs after an upload: a custom certificate, no data
INSTALLED_WITHOUT_DATA = dict(HasCertificate=True, CertificateProvisionType=3, Certificate=None)


def test_lost_upload_that_cannot_be_compared_is_unknown(omitted, probe_calls, fake_session, run_module, pki):
    fake = omitted()
    fake.hostnames[1].update(HasCertificate=False, CertificateProvisionType=0)
    fake.answers[("POST", "/pullzone/2001/addCertificate")] = [lost_answer(fake, INSTALLED_WITHOUT_DATA)]
    result = run_module(pullzone_certificate, args(pki, tls_probe="off"))
    assert result["failed"] is True and "the outcome is unknown" in result["msg"]
    assert "tls_probe is off" in result["msg"] and "not sent again" in result["msg"]
    assert methods(fake_session) == ["GET", "POST", "GET"] and list(probe_calls) == []


def test_lost_upload_confirmed_by_the_probe(omitted, probe_calls, fake_session, run_module, pki):
    fake = omitted()
    fake.hostnames[1].update(HasCertificate=False, CertificateProvisionType=0)
    fake.answers[("POST", "/pullzone/2001/addCertificate")] = [lost_answer(fake, INSTALLED_WITHOUT_DATA)]
    probe_calls.answer = pki["leaf"].public_bytes(serialization.Encoding.DER)
    result = run_module(pullzone_certificate, args(pki, tls_probe="edge.example.net:8443"))
    assert result["changed"] is True and methods(fake_session) == ["GET", "POST", "GET"]
    assert len(probe_calls) == 1 and probe_calls[0][:3] == ("edge.example.net", 8443, "www.example.com")
    assert any("shows the change was applied" in w for w in warnings_of(result))


def test_without_cryptography_the_comparison_is_exact_and_checks_are_skipped(
    platform, fake_session, run_module, pki, monkeypatch
):
    platform(b64url(pki["bundle"]))
    with_library = run_module(pullzone_certificate, args(pki))
    monkeypatch.setattr(_certificates, "HAS_CRYPTOGRAPHY", False)
    without = run_module(pullzone_certificate, args(pki))
    assert with_library["changed"] is without["changed"] is False
    assert without["fingerprints"] == with_library["fingerprints"] and without["subject"] is None
    assert any("cryptography Python library is not installed" in w and "skipped" in w for w in warnings_of(without))
    platform()
    uploaded = run_module(pullzone_certificate, args(pki))
    assert base64.b64decode(fake_session.writes[-1]["json"]["Certificate"]).decode() == pki["bundle"]
    assert base64.b64decode(fake_session.writes[-1]["json"]["CertificateKey"]).decode() == pki["key"]
    assert_no_key(pki, uploaded)


# --- bad files and text: fail fast, name the option, never hang ---------------------------------


def bad_texts():
    """``(option, value, expected message part)``: every text an attacker or a typo could give (the files:
    ``_inprocess/test_controller_files_with_modules.py``, since the action reads them)."""
    cyrillic = "-----BEGIN CERTIFICATE-----\n\u0421\u0435\u0440\u0442\n-----END CERTIFICATE-----\n"
    return [
        ("certificate", cyrillic, "certificate: the CERTIFICATE PEM block is not valid Base64"),
        ("certificate_key", "\u041a\u043b\u044e\u0447", "certificate_key: not PEM"),
        ("certificate", "x" * (_certificates.MAX_TEXT_BYTES + 1), "certificate: the text is larger than 1024 KiB"),
        (
            "certificate_key",
            "-----BEGIN PRIVATE KEY-----\n" * 20000,
            "certificate_key: the PRIVATE KEY PEM block is not terminated",
        ),
    ]


def test_bad_text_fails_fast_naming_the_option(fake_session, run_module, pki):
    fake_session.responses = Platform()
    for option, value, message in bad_texts():
        result = run_module(pullzone_certificate, args(pki, **{option: value, option + "_src": None}))
        assert result.get("failed") is True, (option, message)
        assert message in result["msg"], (message, result["msg"])
        # a clean failure, not a crash (ansible-core 2.19.0 attaches the call stack of every fail_json as
        # "exception": that is Ansible's, so only the module's own text is checked)
        assert "Traceback" not in json.dumps({k: v for k, v in result.items() if k != "exception"})
        assert_no_key(pki, result)
    assert fake_session.calls == []


@pytest.mark.parametrize("option", ["certificate", "certificate_key"])
def test_a_file_option_the_action_did_not_read_fails_before_any_request(
    fake_session, run_module, pki, tmp_path, option
):
    fake_session.responses = Platform()
    (tmp_path / "file.pem").write_text(pki["bundle"] if option == "certificate" else pki["key"])
    result = run_module(pullzone_certificate, args(pki, **{option: None, option + "_src": str(tmp_path / "file.pem")}))
    assert result["failed"] is True
    assert result["msg"] == (
        "%s_src names a file on the controller, which this module's action plugin reads and "
        "passes to the module as %s; the module ran without its action plugin, so give the text "
        "in %s instead." % (option, option, option)
    )
    assert fake_session.calls == []
    assert_no_key(pki, result)


# --- the module's requests conform to the published document -----------------------------


def test_requests_conform_to_the_core_document(platform, fake_session, run_module, pki, openapi):
    from openapi_core.testing import MockRequest

    document = openapi(SPEC_NAME).api
    platform()
    run_module(pullzone_certificate, args(pki))
    fake_session.responses = Platform(b64url(pki["bundle"]))
    run_module(
        pullzone_certificate,
        {"api_key": "k" * 8, "base_url": BASE, "pullzone_id": ZONE, "hostname": "www.example.com", "state": "absent"},
    )
    assert [c["method"] for c in fake_session.calls] == ["GET", "POST", "GET", "DELETE"]
    for call in fake_session.calls:
        data = json.dumps(call["json"]).encode() if call["json"] is not None else None
        document.validate_request(
            MockRequest(
                "https://api.bunny.net",
                call["method"].lower(),
                call["url"][len(BASE) :],
                args=call["params"] or {},
                headers={"AccessKey": call["headers"]["AccessKey"]},
                data=data,
            )
        )


def test_a_lost_removal_whose_hostname_is_gone_on_the_reread_is_unknown_not_an_input_error(
    platform, fake_session, run_module, pki
):
    fake = platform(b64url(pki["bundle"]))

    def lost():
        fake.hostnames[:] = fake.hostnames[:1]  # the hostname went away meanwhile
        raise requests.exceptions.ReadTimeout("read timed out")

    fake.answers[("DELETE", "/pullzone/%d/removeCertificate" % ZONE)] = [lost]
    removal = dict(args(pki, certificate=None, certificate_key=None), state="absent", retries=0)
    result = run_module(pullzone_certificate, removal)
    assert result["failed"] is True and "whether the change was applied is unknown" in result["msg"]
    assert "www.example.com is not on pull zone 2001" in result["msg"] and len(fake_session.writes) == 1
