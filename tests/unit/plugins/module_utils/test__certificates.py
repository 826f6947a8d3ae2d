"""Tests for _certificates (and its DER fallback): both backends must agree on everything."""

from __future__ import annotations

import base64
from datetime import datetime, timedelta, timezone

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization

from ansible_collections.edge.platform.plugins.module_utils import _certificates as certs
from ansible_collections.edge.platform.plugins.module_utils import _der
from ansible_collections.edge.platform.tests.unit import certgen


@pytest.fixture(params=["cryptography", "builtin"])
def backend(request, monkeypatch):
    """Run the test with cryptography, then again with the no-cryptography fallback forced."""
    monkeypatch.setattr(certs, "HAS_CRYPTOGRAPHY", request.param == "cryptography")
    assert certs.backend_name() == request.param
    return request.param


def sha256(cert):
    return ":".join("%02X" % b for b in cert.fingerprint(hashes.SHA256()))


def test_rsa_chain_in_order_with_fingerprints_names_and_validity(backend):
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
def test_ecdsa_keys_match_their_certificate(backend, kind, fmt):
    private = certgen.key("leaf-" + kind, kind)
    cert = certgen.certificate(private, "ec.example.com", sans=("ec.example.com",))
    loaded = certs.load_certificates(certgen.cert_pem(cert))[0]
    key = certs.load_private_key(certgen.key_pem(private, fmt))
    assert key.label == ("PRIVATE KEY" if fmt == "pkcs8" else "EC PRIVATE KEY")
    assert certs.key_matches(loaded, key)
    numbers = private.public_key().public_numbers()
    assert key.public_key[2:] == (numbers.x, numbers.y)


@pytest.mark.parametrize("fmt", ["pkcs8", "traditional"])
def test_rsa_key_formats_pem_and_der(backend, fmt):
    private = certgen.key("rsa-formats")
    cert = certs.load_certificates(certgen.cert_pem(certgen.certificate(private, "rsa.example.com")))[0]
    from_pem = certs.load_private_key(certgen.key_pem(private, fmt))
    from_der = certs.load_private_key(certgen.key_der(private, fmt))
    assert certs.key_matches(cert, from_pem) and certs.key_matches(cert, from_der)
    assert from_der.label == from_pem.label == ("PRIVATE KEY" if fmt == "pkcs8" else "RSA PRIVATE KEY")
    assert certs.load_private_key(from_der.pem()).public_key == from_pem.public_key
    assert "PRIVATE" in repr(from_pem) and "MII" not in repr(from_pem)


def test_ec_der_key_label_is_detected(backend):
    private = certgen.key("leaf-ec", "ec")
    assert certs.load_private_key(certgen.key_der(private, "traditional")).label == "EC PRIVATE KEY"


@pytest.mark.parametrize("pair", [("rsa", "rsa"), ("ec", "ec"), ("rsa", "ec"), ("ec", "rsa")])
def test_mismatched_key_is_detected(backend, pair):
    cert_key = certgen.key("mismatch-cert-" + pair[0], pair[0])
    other = certgen.key("mismatch-other-" + pair[1], pair[1])
    cert = certs.load_certificates(certgen.cert_pem(certgen.certificate(cert_key, "a.example.com")))[0]
    assert not certs.key_matches(cert, certs.load_private_key(certgen.key_pem(other)))


def test_der_certificate_equals_pem(backend):
    leaf = certgen.chain("ec")[0]
    from_der = certs.load_certificates(certgen.cert_der(leaf))
    from_pem = certs.load_certificates(certgen.cert_pem(leaf))
    assert [c.fingerprint for c in from_der] == [c.fingerprint for c in from_pem]
    assert from_der[0].pem() == certgen.cert_pem(leaf)


def test_crlf_and_text_around_blocks_do_not_change_fingerprints(backend):
    chained = certgen.chain("rsa")
    leaf, mid = chained[0], chained[2]
    plain = certgen.cert_pem(leaf, mid)
    messy = "Bag Attributes\r\n    friendlyName: www\r\nsubject=CN = www.example.com\r\n" + \
        plain.replace("\n", "\r\n") + "\r\n\r\n"
    assert [c.fingerprint for c in certs.load_certificates(messy)] == \
        [c.fingerprint for c in certs.load_certificates(plain.encode("ascii"))]


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


def test_platform_values_base64_and_base64url_of_pem_and_der(backend):
    # find a certificate whose Base64 uses both + and /, so the two alphabets really differ
    for attempt in range(40):
        cert = certgen.certificate(certgen.key("forms", "ec"), "forms%d.example.com" % attempt)
        encoded = base64.b64encode(certgen.cert_der(cert)).decode()
        if "+" in encoded and "/" in encoded:
            break
    wanted = [sha256(cert)]
    for label, value in platform_forms(certgen.cert_pem(cert), certgen.cert_der(cert)).items():
        assert [c.fingerprint for c in certs.decode_platform_certificate(value)] == wanted, label
    assert [c.fingerprint for c in certs.decode_platform_certificate(
        base64.b64encode(certgen.cert_pem(cert).encode()))] == wanted


def test_platform_value_chain_keeps_order(backend):
    chained = certgen.chain("rsa")
    leaf, mid, root = chained[0], chained[2], chained[3]
    value = base64.urlsafe_b64encode(certgen.cert_pem(leaf, mid, root).encode()).decode()
    assert [c.fingerprint for c in certs.decode_platform_certificate(value)] == \
        [sha256(leaf), sha256(mid), sha256(root)]


@pytest.mark.parametrize("value, message", [
    ("", "no certificate data"),
    ("  ", "no certificate data"),
    ("not*base64!", "not Base64"),
    (base64.b64encode(b"hello world").decode(), "not PEM"),
])
def test_platform_value_errors(backend, value, message):
    with pytest.raises(certs.CertificateError, match=message):
        certs.decode_platform_certificate(value)


def test_expired_certificate_reads_its_dates(backend):
    private = certgen.key("expired", "ec")
    past = datetime(2020, 1, 1, tzinfo=timezone.utc)
    cert = certgen.certificate(private, "old.example.com", not_before=past, not_after=past + timedelta(days=30))
    loaded = certs.load_certificates(certgen.cert_pem(cert))[0]
    assert loaded.not_after == past + timedelta(days=30)
    assert loaded.not_after < certs.utc_now()
    assert certs.iso(loaded.not_after) == "2020-01-31T00:00:00Z"
    assert certs.iso(None) is None


def test_generalized_time_after_2049(backend):
    private = certgen.key("far", "ec")
    far = datetime(2051, 6, 1, 12, 30, tzinfo=timezone.utc)
    cert = certgen.certificate(private, "far.example.com", not_after=far)
    assert certs.load_certificates(certgen.cert_pem(cert))[0].not_after == far


def test_ip_addresses_and_several_names(backend):
    private = certgen.key("sans", "ec")
    cert = certgen.certificate(private, "multi.example.com", sans=("multi.example.com", "*.example.org"),
                               ips=("192.0.2.1", "2001:db8::1"))
    loaded = certs.load_certificates(certgen.cert_pem(cert))[0]
    assert loaded.sans == ["multi.example.com", "*.example.org", "192.0.2.1", "2001:db8::1"]


def test_names_escape_like_rfc4514(backend):
    private = certgen.key("escape", "ec")
    cert = certgen.certificate(private, " Edge, Inc + \"Test\" <x>; #1 ")
    assert certs.load_certificates(certgen.cert_pem(cert))[0].subject == cert.subject.rfc4514_string()


def test_ed25519_needs_cryptography_for_the_key(backend):
    private = certgen.key("ed", "ed25519")
    cert = certs.load_certificates(certgen.cert_pem(certgen.certificate(private, "ed.example.com")))[0]
    assert cert.public_key[0] == "spki"
    if backend == "cryptography":
        assert certs.key_matches(cert, certs.load_private_key(certgen.key_pem(private)))
    else:
        with pytest.raises(certs.CertificateError, match="cryptography library"):
            certs.load_private_key(certgen.key_pem(private))


def test_backends_agree_on_every_field(monkeypatch):
    leaf, leaf_key, mid, root = certgen.chain("ec")
    bundle = certgen.cert_pem(leaf, mid, root)
    seen = []
    for flag in (True, False):
        monkeypatch.setattr(certs, "HAS_CRYPTOGRAPHY", flag)
        loaded = certs.load_certificates(bundle)
        seen.append(([(c.fingerprint, c.subject, c.issuer, c.sans, c.not_before, c.not_after, c.public_key)
                      for c in loaded], certs.load_private_key(certgen.key_pem(leaf_key)).public_key))
    assert seen[0] == seen[1]


def encrypted_traditional(private):
    return private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL,
                                 serialization.BestAvailableEncryption(b"pw")).decode()


@pytest.mark.parametrize("make, message", [
    (lambda k: certgen.key_pem(k, password=b"secret-pass"), "encrypted"),
    (encrypted_traditional, "encrypted"),
    (lambda k: certgen.key_pem(k) + certgen.key_pem(k), "2 private keys"),
    (lambda k: "hello", "not PEM"),
    (lambda k: certgen.cert_pem(certgen.certificate(k, "x.example.com")), "no PRIVATE KEY block"),
    (lambda k: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", "not a valid private key"),
    (lambda k: b"\x30\x03\x02\x01\x05", "not a valid private key"),
])
def test_private_key_errors_never_show_the_key(backend, make, message):
    private = certgen.key("errors", "ec")
    with pytest.raises(certs.CertificateError, match=message) as caught:
        certs.load_private_key(make(private))
    body = certgen.key_pem(private).splitlines()[1]
    assert body not in str(caught.value)


@pytest.mark.parametrize("text, message", [
    ("garbage", "not PEM"),
    ("", "not PEM"),
    ("-----BEGIN CERTIFICATE-----\nMIIB\n", "not terminated"),
    ("-----BEGIN CERTIFICATE-----\nMII*\n-----END CERTIFICATE-----\n", "not valid Base64"),
    ("-----BEGIN CERTIFICATE-----\n\n-----END CERTIFICATE-----\n", "is empty"),
    ("-----BEGIN CERTIFICATE-----\nMIIB\n-----END PRIVATE KEY-----\n", "ends with END PRIVATE KEY"),
    ("-----BEGIN CERTIFICATE-----\nMAMCAQU=\n-----END CERTIFICATE-----\n", "not a valid X.509 certificate"),
    ("-----BEGIN PUBLIC KEY-----\nMAMCAQU=\n-----END PUBLIC KEY-----\n", "no CERTIFICATE block"),
])
def test_certificate_errors(backend, text, message):
    with pytest.raises(certs.CertificateError, match=message):
        certs.load_certificates(text)


def test_bad_certificate_in_a_bundle_is_numbered(backend):
    leaf = certgen.chain("ec")[0]
    broken = certgen.cert_pem(leaf) + "-----BEGIN CERTIFICATE-----\nMAMCAQU=\n-----END CERTIFICATE-----\n"
    with pytest.raises(certs.CertificateError, match="certificate 2 of the bundle"):
        certs.load_certificates(broken)


def test_other_blocks_are_reported_not_loaded(backend):
    private = certgen.key("combined", "ec")
    cert = certgen.certificate(private, "c.example.com")
    combined = certgen.cert_pem(cert) + certgen.key_pem(private)
    assert len(certs.load_certificates(combined)) == 1
    assert certs.other_blocks(combined) == ["PRIVATE KEY"]
    assert certs.load_private_key(combined).label == "PRIVATE KEY"


@pytest.mark.parametrize("name, host, covered", [
    ("www.example.com", "www.example.com", True),
    ("WWW.Example.com.", "www.example.com", True),
    ("www.example.com", "WWW.EXAMPLE.COM.", True),
    ("*.example.com", "cdn.example.com", True),
    ("*.example.com", "example.com", False),
    ("*.example.com", "a.b.example.com", False),
    ("other.example.com", "www.example.com", False),
])
def test_covers(backend, name, host, covered):
    cert = certs.load_certificates(certgen.cert_pem(
        certgen.certificate(certgen.key("covers", "ec"), "covers.example.com", sans=(name,))))[0]
    assert certs.covers(cert, host) is covered


def test_fingerprint_format_and_pem_roundtrip():
    assert certs.fingerprint(b"") == ":".join(
        "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855"[i:i + 2] for i in range(0, 64, 2))
    der = bytes(range(200))
    pem = certs.to_pem("CERTIFICATE", der)
    assert all(len(line) <= 64 for line in pem.splitlines())
    assert certs.pem_blocks(pem)[0].der == der


def test_decode_base64_rejects_garbage():
    with pytest.raises(certs.CertificateError, match="not Base64"):
        certs.decode_base64("abc$")
    assert certs.decode_base64("aGk") == b"hi"
    assert certs.decode_base64("-_8") == base64.b64decode("+/8=")


# --- the DER reader on its own --------------------------------------------------------------

def tlv(tag, value):
    return bytes([tag]) + _der._length(len(value)) + value


def der_int(number):
    return tlv(_der.INTEGER, number.to_bytes(number.bit_length() // 8 + 1, "big", signed=True))


@pytest.mark.parametrize("data, message", [
    (b"\x30", "truncated DER element"),
    (b"\x30\x80\x00\x00", "indefinite"),
    (b"\x30\x85\x00\x00\x00\x00\x01", "indefinite or oversized"),
    (b"\x30\x82\x01", "truncated DER length"),
    (b"\x30\x05\x00", "runs past the end"),
    (b"\x1f\x01\x00", "high tag numbers"),
])
def test_der_read_errors(data, message):
    with pytest.raises(_der.DerError, match=message):
        _der.read(data)


def test_der_parse_rejects_trailing_bytes_and_wrong_tags():
    with pytest.raises(_der.DerError, match="unexpected bytes"):
        _der.parse(b"\x30\x00\x00", _der.SEQUENCE)
    with pytest.raises(_der.DerError, match="expected DER tag 0x30"):
        _der.parse(b"\x31\x00", _der.SEQUENCE)
    assert _der.oid(_der.OID, bytes([0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01])) == _der.RSA_OID


def test_der_long_lengths():
    value = bytes(300)
    assert _der.read(tlv(_der.OCTET_STRING, value))[1] == value


def test_rsa_key_that_is_inconsistent():
    numbers = [0, 3233, 17, 2753, 61, 59, 53, 49, 38]  # textbook key with q changed
    with pytest.raises(_der.DerError, match="inconsistent"):
        _der.private_key(tlv(_der.SEQUENCE, b"".join(der_int(n) for n in numbers)), "RSA PRIVATE KEY")


def test_ec_key_out_of_range_and_unknown_curve():
    p256 = tlv(0xA0, tlv(_der.OID, bytes.fromhex("2a8648ce3d030107")))
    zero = tlv(_der.SEQUENCE, der_int(1) + tlv(_der.OCTET_STRING, bytes(32)) + p256)
    with pytest.raises(_der.DerError, match="out of range"):
        _der.private_key(zero, "EC PRIVATE KEY")
    brainpool = tlv(0xA0, tlv(_der.OID, bytes.fromhex("2b2403030208010107")))
    unknown = tlv(_der.SEQUENCE, der_int(1) + tlv(_der.OCTET_STRING, b"\x01" * 32) + brainpool)
    with pytest.raises(_der.DerError, match="not supported"):
        _der.private_key(unknown, "EC PRIVATE KEY")


@pytest.mark.parametrize("kind", ["ec", "ec384", "ec521"])
def test_compressed_points_decode_to_the_same_key(kind):
    public = certgen.key("leaf-" + kind, kind).public_key()
    curve = [c for c in _der.CURVES.values() if c.name == {"ec": "P-256", "ec384": "P-384", "ec521": "P-521"}[kind]][0]
    compressed = public.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint)
    numbers = public.public_numbers()
    assert _der._point(curve, compressed) == (numbers.x, numbers.y)
    with pytest.raises(_der.DerError, match="not on curve"):
        _der._point(curve, b"\x04" + (numbers.x + 1).to_bytes(curve.size, "big") + numbers.y.to_bytes(curve.size, "big"))
    with pytest.raises(_der.DerError, match="unreadable EC point"):
        _der._point(curve, b"\x05" + bytes(curve.size))


def test_scalar_multiplication_matches_cryptography():
    for kind, curve_name in (("ec", "P-256"), ("ec384", "P-384"), ("ec521", "P-521")):
        private = certgen.key("mult-" + kind, kind)
        curve = [c for c in _der.CURVES.values() if c.name == curve_name][0]
        numbers = private.public_key().public_numbers()
        assert _der.multiply(curve, private.private_numbers().private_value) == (numbers.x, numbers.y)
        assert _der.multiply(curve, curve.n) is None


def test_certificate_structure_errors():
    with pytest.raises(_der.DerError, match="TBSCertificate, an algorithm and a signature"):
        _der.certificate(tlv(_der.SEQUENCE, der_int(1)))
    short_tbs = tlv(_der.SEQUENCE, der_int(1))
    with pytest.raises(_der.DerError, match="needs serial"):
        _der.certificate(tlv(_der.SEQUENCE, short_tbs + tlv(_der.SEQUENCE, b"") + tlv(_der.BIT_STRING, b"\x00")))


def test_non_string_name_values_show_as_hex():
    attribute = tlv(_der.SEQUENCE, tlv(_der.OID, bytes.fromhex("550403")) + tlv(_der.OCTET_STRING, b"\x01\x02"))
    rdns = _der.name(tlv(_der.SET, attribute))
    assert certs.format_name(rdns) == "CN=#0102"


def test_validity_time_errors():
    with pytest.raises(_der.DerError, match="UTCTime or GeneralizedTime"):
        _der.time_value(_der.OCTET_STRING, b"20200101000000Z")
    with pytest.raises(_der.DerError, match="unreadable validity time"):
        _der.time_value(_der.UTC_TIME, b"2001")
    assert _der.time_value(_der.GENERALIZED_TIME, b"20200101000000.123Z") == datetime(2020, 1, 1, tzinfo=timezone.utc)
    assert _der.time_value(_der.UTC_TIME, b"991231235959Z").year == 1999


def test_x509_compat_reads_naive_dates(monkeypatch):
    leaf = certgen.chain("ec")[0]
    monkeypatch.setattr(certs, "HAS_CRYPTOGRAPHY", True)
    original = x509.load_der_x509_certificate

    class OldCertificate(object):
        """cryptography before 42 had only the naive not_valid_* attributes."""

        def __init__(self, cert):
            self._cert = cert
            self.not_valid_before = cert.not_valid_before_utc.replace(tzinfo=None)
            self.not_valid_after = cert.not_valid_after_utc.replace(tzinfo=None)

        def __getattr__(self, attribute):
            if attribute.endswith("_utc"):
                raise AttributeError(attribute)
            return getattr(self._cert, attribute)

    monkeypatch.setattr(certs.x509, "load_der_x509_certificate", lambda der: OldCertificate(original(der)))
    loaded = certs.load_certificates(certgen.cert_pem(leaf))[0]
    assert loaded.not_after == leaf.not_valid_after_utc
