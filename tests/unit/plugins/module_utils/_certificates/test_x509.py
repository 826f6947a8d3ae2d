"""Tests for _certificates: parsing, fingerprints, key match, bounded work, and the pure checks."""

from __future__ import annotations

import base64
from datetime import datetime, timedelta, timezone

import pytest
from cryptography.hazmat.primitives import hashes, serialization

from ansible_collections.edge.platform.plugins.module_utils._certificates import x509 as certs
from ansible_collections.edge.platform.tests.unit import certgen


def sha256(cert):
    return ":".join("%02X" % b for b in cert.fingerprint(hashes.SHA256()))


def test_rsa_chain_in_order_with_fingerprints_names_and_validity():
    leaf, leaf_key, mid, root = certgen.chain("rsa")
    loaded = certs.load_certificates(certgen.cert_pem(leaf, mid, root))
    assert [c.fingerprint for c in loaded] == [sha256(leaf), sha256(mid), sha256(root)]
    assert loaded[0].subject == "CN=www.example.com,O=Edge Test"
    assert loaded[0].issuer == "CN=Edge Test Intermediate,O=Edge Test"
    assert loaded[0].sans == ["www.example.com"]
    assert loaded[0].not_after == leaf.not_valid_after_utc
    assert loaded[0].not_before == leaf.not_valid_before_utc
    assert loaded[1].sans == []
    key = certs.load_private_key(certgen.key_pem(leaf_key))
    assert certs.key_matches(loaded[0], key)
    assert not certs.key_matches(loaded[1], key)


@pytest.mark.parametrize("kind", ["ec", "ec384", "ec521"])
@pytest.mark.parametrize("fmt", ["pkcs8", "traditional"])
def test_ecdsa_keys_match_their_certificate(kind, fmt):
    private = certgen.key("leaf-" + kind, kind)
    cert = certgen.certificate(private, "ec.example.com", sans=("ec.example.com",))
    loaded = certs.load_certificates(certgen.cert_pem(cert))[0]
    key = certs.load_private_key(certgen.key_pem(private, fmt))
    assert key.label == ("PRIVATE KEY" if fmt == "pkcs8" else "EC PRIVATE KEY")
    assert certs.key_matches(loaded, key)
    assert key.public_key == private.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )


@pytest.mark.parametrize("fmt", ["pkcs8", "traditional"])
def test_rsa_key_formats_pem_and_der(fmt):
    private = certgen.key("rsa-formats")
    cert = certs.load_certificates(certgen.cert_pem(certgen.certificate(private, "rsa.example.com")))[0]
    from_pem = certs.load_private_key(certgen.key_pem(private, fmt))
    from_der = certs.load_private_key(certgen.key_der(private, fmt))
    assert certs.key_matches(cert, from_pem) and certs.key_matches(cert, from_der)
    assert from_pem.label == ("PRIVATE KEY" if fmt == "pkcs8" else "RSA PRIVATE KEY")
    assert from_der.label == "PRIVATE KEY"  # DER is uploaded as PKCS#8 PEM, whatever its form
    assert certs.load_private_key(from_der.pem()).public_key == from_pem.public_key
    assert "PRIVATE" in repr(from_pem) and "MII" not in repr(from_pem)


def test_ec_der_key_is_converted_to_pkcs8():
    private = certgen.key("leaf-ec", "ec")
    key = certs.load_private_key(certgen.key_der(private, "traditional"))
    assert key.label == "PRIVATE KEY" and key.der == certgen.key_der(private, "pkcs8")


@pytest.mark.parametrize("pair", [("rsa", "rsa"), ("ec", "ec"), ("rsa", "ec"), ("ec", "rsa")])
def test_mismatched_key_is_detected(pair):
    cert_key = certgen.key("mismatch-cert-" + pair[0], pair[0])
    other = certgen.key("mismatch-other-" + pair[1], pair[1])
    cert = certs.load_certificates(certgen.cert_pem(certgen.certificate(cert_key, "a.example.com")))[0]
    assert not certs.key_matches(cert, certs.load_private_key(certgen.key_pem(other)))


def test_der_certificate_equals_pem():
    leaf = certgen.chain("ec")[0]
    from_der = certs.load_certificates(certgen.cert_der(leaf))
    from_pem = certs.load_certificates(certgen.cert_pem(leaf))
    assert [c.fingerprint for c in from_der] == [c.fingerprint for c in from_pem]
    assert from_der[0].pem() == certgen.cert_pem(leaf)


def test_crlf_and_text_around_blocks_do_not_change_fingerprints():
    chained = certgen.chain("rsa")
    leaf, mid = chained[0], chained[2]
    plain = certgen.cert_pem(leaf, mid)
    messy = (
        "Bag Attributes\r\n    friendlyName: www\r\nsubject=CN = www.example.com\r\n"
        + plain.replace("\n", "\r\n")
        + "\r\n\r\n"
    )
    assert [c.fingerprint for c in certs.load_certificates(messy)] == [
        c.fingerprint for c in certs.load_certificates(plain.encode("ascii"))
    ]


def platform_forms(pem_text, der):
    """What the platform may return for one certificate: every wrapping the module must read."""
    pem_bytes = pem_text.encode("ascii")
    return {
        "base64 of PEM": base64.b64encode(pem_bytes).decode(),
        "base64url of PEM, unpadded": base64.urlsafe_b64encode(pem_bytes).decode().rstrip("="),
        "base64url of PEM, padded": base64.urlsafe_b64encode(pem_bytes).decode(),
        "base64 of DER": base64.b64encode(der).decode(),
        "base64url of DER": base64.urlsafe_b64encode(der).decode().rstrip("="),
        "base64 with line breaks": base64.encodebytes(pem_bytes).decode(),
        "PEM as is": pem_text,
        "base64 of a headerless PEM body": base64.b64encode(base64.b64encode(der)).decode(),
    }


def test_platform_values_base64_and_base64url_of_pem_and_der():
    # find a certificate whose Base64 uses both + and /, so the two alphabets really differ
    for attempt in range(40):
        cert = certgen.certificate(certgen.key("forms", "ec"), "forms%d.example.com" % attempt)
        encoded = base64.b64encode(certgen.cert_der(cert)).decode()
        if "+" in encoded and "/" in encoded:
            break
    wanted = [sha256(cert)]
    for label, value in platform_forms(certgen.cert_pem(cert), certgen.cert_der(cert)).items():
        assert [c.fingerprint for c in certs.decode_platform_certificate(value)] == wanted, label
    assert [
        c.fingerprint for c in certs.decode_platform_certificate(base64.b64encode(certgen.cert_pem(cert).encode()))
    ] == wanted


def test_platform_value_chain_keeps_order():
    chained = certgen.chain("rsa")
    leaf, mid, root = chained[0], chained[2], chained[3]
    value = base64.urlsafe_b64encode(certgen.cert_pem(leaf, mid, root).encode()).decode()
    assert [c.fingerprint for c in certs.decode_platform_certificate(value)] == [
        sha256(leaf),
        sha256(mid),
        sha256(root),
    ]


@pytest.mark.parametrize(
    "value, message",
    [
        ("", "no certificate data"),
        ("  ", "no certificate data"),
        ("not*base64!", "not Base64"),
        (base64.b64encode(b"hello world").decode(), "not PEM"),
    ],
)
def test_platform_value_errors(value, message):
    with pytest.raises(certs.CertificateError, match=message):
        certs.decode_platform_certificate(value)


def test_expired_certificate_reads_its_dates():
    private = certgen.key("expired", "ec")
    past = datetime(2020, 1, 1, tzinfo=timezone.utc)
    cert = certgen.certificate(private, "old.example.com", not_before=past, not_after=past + timedelta(days=30))
    loaded = certs.load_certificates(certgen.cert_pem(cert))[0]
    assert loaded.not_after == past + timedelta(days=30)
    assert loaded.not_after < certs.utc_now()
    assert certs.iso(loaded.not_after) == "2020-01-31T00:00:00Z"
    assert certs.iso(None) is None


def test_generalized_time_after_2049():
    private = certgen.key("far", "ec")
    far = datetime(2051, 6, 1, 12, 30, tzinfo=timezone.utc)
    cert = certgen.certificate(private, "far.example.com", not_after=far)
    assert certs.load_certificates(certgen.cert_pem(cert))[0].not_after == far


def test_ip_addresses_and_several_names():
    private = certgen.key("sans", "ec")
    cert = certgen.certificate(
        private, "multi.example.com", sans=("multi.example.com", "*.example.org"), ips=("192.0.2.1", "2001:db8::1")
    )
    loaded = certs.load_certificates(certgen.cert_pem(cert))[0]
    assert loaded.sans == ["multi.example.com", "*.example.org", "192.0.2.1", "2001:db8::1"]


def test_names_escape_like_rfc4514():
    private = certgen.key("escape", "ec")
    cert = certgen.certificate(private, " Edge, Inc + \"Test\" <x>; #1 ")
    assert certs.load_certificates(certgen.cert_pem(cert))[0].subject == cert.subject.rfc4514_string()


def test_ed25519_keys_match():
    private = certgen.key("ed", "ed25519")
    cert = certs.load_certificates(certgen.cert_pem(certgen.certificate(private, "ed.example.com")))[0]
    assert certs.key_matches(cert, certs.load_private_key(certgen.key_pem(private)))
    assert not certs.key_matches(cert, certs.load_private_key(certgen.key_pem(certgen.key("ed-other", "ed25519"))))


def encrypted_traditional(private):
    return private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.BestAvailableEncryption(b"pw"),
    ).decode()


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda k: certgen.key_pem(k, password=b"secret-pass"), "encrypted"),
        (encrypted_traditional, "encrypted"),
        (lambda k: certgen.key_pem(k) + certgen.key_pem(k), "2 private keys"),
        (lambda k: "hello", "not PEM"),
        (lambda k: certgen.cert_pem(certgen.certificate(k, "x.example.com")), "no PRIVATE KEY block"),
        (lambda k: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", "not a valid private key"),
        (lambda k: b"\x30\x03\x02\x01\x05", "not a valid private key"),
    ],
)
def test_private_key_errors_never_show_the_key(make, message):
    private = certgen.key("errors", "ec")
    with pytest.raises(certs.CertificateError, match=message) as caught:
        certs.load_private_key(make(private))
    body = certgen.key_pem(private).splitlines()[1]
    assert body not in str(caught.value)


@pytest.mark.parametrize(
    "text, message",
    [
        ("garbage", "not PEM"),
        ("", "not PEM"),
        ("-----BEGIN CERTIFICATE-----\nMIIB\n", "not terminated"),
        ("-----BEGIN CERTIFICATE-----\nMII*\n-----END CERTIFICATE-----\n", "not valid Base64"),
        ("-----BEGIN CERTIFICATE-----\n\n-----END CERTIFICATE-----\n", "is empty"),
        ("-----BEGIN CERTIFICATE-----\nMIIB\n-----END PRIVATE KEY-----\n", "ends with END PRIVATE KEY"),
        (
            "-----BEGIN CERTIFICATE-----\n-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
            "not terminated",
        ),
        ("text\n-----END CERTIFICATE-----\n", "has no -----BEGIN line"),
        ("\u0416\u0443\u043a -----BEGIN CERTIFICATE-----\n\u0416\n-----END CERTIFICATE-----\n", "not valid Base64"),
        ("\u0416\u0443\u043a", "not PEM"),
        (b"\xff\xfe\x00garbage\x80", "not PEM"),
        (b"\x30\x03\x02\x01", "not PEM"),
        ("-----BEGIN CERTIFICATE-----\nMAMCAQU=\n-----END CERTIFICATE-----\n", "not a valid X.509 certificate"),
        ("-----BEGIN PUBLIC KEY-----\nMAMCAQU=\n-----END PUBLIC KEY-----\n", "no CERTIFICATE block"),
    ],
)
def test_certificate_errors(text, message):
    with pytest.raises(certs.CertificateError, match=message):
        certs.load_certificates(text)


def test_bad_certificate_in_a_bundle_is_numbered():
    leaf = certgen.chain("ec")[0]
    broken = certgen.cert_pem(leaf) + "-----BEGIN CERTIFICATE-----\nMAMCAQU=\n-----END CERTIFICATE-----\n"
    with pytest.raises(certs.CertificateError, match="certificate 2 of the bundle"):
        certs.load_certificates(broken)


def test_other_blocks_are_reported_not_loaded():
    private = certgen.key("combined", "ec")
    cert = certgen.certificate(private, "c.example.com")
    combined = certgen.cert_pem(cert) + certgen.key_pem(private)
    assert len(certs.load_certificates(combined)) == 1
    assert certs.other_blocks(combined) == ["PRIVATE KEY"]
    assert certs.load_private_key(combined).label == "PRIVATE KEY"


@pytest.mark.parametrize(
    "name, host, covered",
    [
        ("www.example.com", "www.example.com", True),
        ("WWW.Example.com.", "www.example.com", True),
        ("www.example.com", "WWW.EXAMPLE.COM.", True),
        ("*.example.com", "cdn.example.com", True),
        ("*.example.com", "example.com", False),
        ("*.example.com", "a.b.example.com", False),
        ("other.example.com", "www.example.com", False),
    ],
)
def test_covers(name, host, covered):
    cert = certs.load_certificates(
        certgen.cert_pem(certgen.certificate(certgen.key("covers", "ec"), "covers.example.com", sans=(name,)))
    )[0]
    assert certs.covers(cert, host) is covered


def test_fingerprint_format_and_pem_roundtrip():
    assert certs.fingerprint(b"") == ":".join(
        "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855"[i : i + 2] for i in range(0, 64, 2)
    )
    der = bytes(range(200))
    pem = certs.to_pem("CERTIFICATE", der)
    assert all(len(line) <= 64 for line in pem.splitlines())
    assert certs.pem_blocks(pem)[0].der == der


def test_decode_base64_rejects_garbage():
    with pytest.raises(certs.CertificateError, match="not Base64"):
        certs.decode_base64("abc$")
    assert certs.decode_base64("aGk") == b"hi"
    assert certs.decode_base64("-_8") == base64.b64decode("+/8=")


# --- bounded work ------------------------------------------------------------------------------


def test_a_bundle_with_more_blocks_than_the_cap_is_refused():
    leaf = certgen.chain("ec")[0]
    one = certgen.cert_pem(leaf)
    assert len(certs.load_certificates(one * certs.MAX_PEM_BLOCKS)) == certs.MAX_PEM_BLOCKS
    with pytest.raises(certs.CertificateError, match="more than %d PEM blocks" % certs.MAX_PEM_BLOCKS):
        certs.load_certificates(one * (certs.MAX_PEM_BLOCKS + 1))


@pytest.mark.parametrize("line", ["-----BEGIN CERTIFICATE-----\n", "-----BEGIN CERTIFICATE-----\nMIIB\n"])
def test_twenty_thousand_begin_lines_fail_at_once(line):
    """The input that took 129 s before (quadratic scan): now refused in one pass, early."""
    with pytest.raises(certs.CertificateError, match="not terminated"):
        certs.load_certificates(line * 20000)


def test_a_large_generated_bundle_stops_at_the_cap():
    leaf = certgen.chain("ec")[0]
    with pytest.raises(certs.CertificateError, match="give only those"):
        certs.pem_blocks(certgen.cert_pem(leaf) * 5000)


# --- the checks return findings; they never print or exit ---------------------------------------


def findings(items):
    return [(f.subject, f.text) for f in items]


def test_a_good_pair_has_no_findings():
    leaf, leaf_key, mid, _root = certgen.chain("ec")
    bundle = certs.load_certificates(certgen.cert_pem(leaf, mid))
    assert certs.check_pair(bundle, certs.load_private_key(certgen.key_pem(leaf_key)), "www.example.com") == ([], [])


def test_problems_and_warnings_are_returned():
    leaf, leaf_key, mid, root = certgen.chain("ec")
    bundle = certs.load_certificates(certgen.cert_pem(leaf, root, mid))
    other = certs.load_private_key(certgen.key_pem(certgen.key("check-other", "ec")))
    later = leaf.not_valid_after_utc + timedelta(days=1)
    problems, warnings = certs.check_pair(bundle, other, "cdn.example.com", ["PRIVATE KEY"], now=later)
    assert [p.subject for p in problems] == ["certificate_key", "certificate"]
    assert "does not belong to the certificate CN=www.example.com,O=Edge Test" in problems[0].text
    assert problems[0].fix.startswith("Use the key")
    assert "expired on" in problems[1].text
    texts = " | ".join(w.text for w in warnings)
    assert "PRIVATE KEY block(s) in it are not uploaded" in texts
    assert "do not cover cdn.example.com" in texts
    assert "certificate 2 of the bundle did not issue certificate 1" in texts


def test_the_key_of_another_bundle_member_names_it():
    leaf, _leaf_key, mid, _root = certgen.chain("ec")
    bundle = certs.load_certificates(certgen.cert_pem(leaf, mid))
    mid_key = certs.load_private_key(certgen.key_pem(certgen.key("chain-mid", "ec")))
    problems, _warnings = certs.check_pair(bundle, mid_key, "www.example.com")
    assert findings(problems) == [
        ("certificate", "the private key belongs to certificate 2 of the bundle, not to the first one")
    ]


def test_expiry_soon_and_not_yet_valid_warn():
    leaf, leaf_key, _mid, _root = certgen.chain("ec")
    bundle = certs.load_certificates(certgen.cert_pem(leaf))
    key = certs.load_private_key(certgen.key_pem(leaf_key))
    _problems, soon = certs.check_pair(bundle, key, "www.example.com", now=leaf.not_valid_after_utc - timedelta(days=3))
    assert "renew it soon" in soon[0].text and "in 3 day(s)" in soon[0].text
    _problems, early = certs.check_pair(
        bundle, key, "www.example.com", now=leaf.not_valid_before_utc - timedelta(days=1)
    )
    assert any("not valid before" in w.text for w in early)


def test_without_cryptography_fingerprints_stay_exact_and_checks_are_skipped(monkeypatch):
    leaf, leaf_key, mid, _root = certgen.chain("ec")
    wanted = [c.fingerprint for c in certs.load_certificates(certgen.cert_pem(leaf, mid))]
    monkeypatch.setattr(certs, "HAS_CRYPTOGRAPHY", False)
    bundle = certs.load_certificates(certgen.cert_pem(leaf, mid))
    assert [c.fingerprint for c in bundle] == wanted and bundle[0].subject is None
    other = certs.load_private_key(certgen.key_pem(certgen.key("nocrypto-other", "ec")))
    assert certs.key_matches(bundle[0], other) is None  # unknown, never a wrong "matches"
    problems, warnings = certs.check_pair(bundle, other, "www.example.com")
    assert problems == [] and len(warnings) == 1
    assert "cryptography Python library is not installed" in warnings[0].text
    assert "skipped" in warnings[0].text
    with pytest.raises(certs.CertificateError, match="DER private key can only be read with the cryptography"):
        certs.load_private_key(certgen.key_der(leaf_key))
    with pytest.raises(certs.CertificateError, match="not a valid X.509"):
        certs.load_certificates("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n")


def test_describe_der_reads_a_served_certificate():
    leaf = certgen.chain("ec")[0]
    served = certs.describe_der(certgen.cert_der(leaf))
    assert served.fingerprint == sha256(leaf) and served.subject == "CN=www.example.com,O=Edge Test"
    with pytest.raises(certs.CertificateError):
        certs.describe_der(b"\x30\x00")


@pytest.mark.parametrize(
    "wrap",
    [
        lambda der: base64.b64encode(der).decode(),
        lambda der: base64.encodebytes(der).decode(),
    ],  # lines of 76, as base64(1) writes
    ids=["one-line", "wrapped"],
)
def test_base64_of_der_is_read_as_der(wrap):
    """How a text option carries a DER file the controller read (certificate_src, certificate_key_src)."""
    private = certgen.key("b64-der", "ec")
    cert = certgen.certificate(private, "b64.example.com")
    loaded = certs.load_certificates(wrap(certgen.cert_der(cert)))
    assert [c.fingerprint for c in loaded] == [sha256(cert)]
    key = certs.load_private_key(wrap(certgen.key_der(private, "traditional")))
    assert certs.key_matches(loaded[0], key) and key.label == "PRIVATE KEY"


@pytest.mark.parametrize("text", ["QUJD", base64.b64encode(b"\x30\x05abc").decode(), "not base64 at all!"])
def test_base64_that_is_not_one_der_structure_stays_refused(text):
    with pytest.raises(certs.CertificateError, match="not PEM .* and not DER"):
        certs.load_certificates(text)
    with pytest.raises(certs.CertificateError, match="not PEM .* and not DER"):
        certs.load_private_key(text)
