# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Certificates and private keys: decoding, fingerprints, key match, expiry, names.

Input may be PEM (any line endings, text around the blocks, a whole chain) or DER; what the
platform returns may also be wrapped in standard Base64 or Base64Url, with or without padding.
A bundle is identified by the ordered SHA-256 fingerprints of the DER of each certificate, so
formatting never counts as a difference while a changed chain does.

With the ``cryptography`` library every certificate and key is parsed by it (strict X.509 and
every key type it knows). Without it the small DER reader in ``_der`` is used: it checks the
structure, reads validity, names and public keys, and derives the public key of RSA and EC
(P-256/P-384/P-521) private keys, so fingerprints and the key match are still exact; it does not
verify signatures and cannot check keys of other algorithms.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import traceback
from datetime import datetime, timezone

from . import _der

try:
    from cryptography import x509
    from cryptography.exceptions import UnsupportedAlgorithm
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec, rsa
except ImportError:  # pragma: no cover - exercised by the import sanity test
    HAS_CRYPTOGRAPHY = False
    CRYPTOGRAPHY_IMPORT_ERROR = traceback.format_exc()
    PARSE_ERRORS = (ValueError, IndexError, TypeError)
else:
    HAS_CRYPTOGRAPHY = True
    CRYPTOGRAPHY_IMPORT_ERROR = None
    PARSE_ERRORS = (ValueError, IndexError, TypeError, UnsupportedAlgorithm)

PEM_BLOCK = re.compile(
    r"-----BEGIN ([A-Z0-9 ]+)-----(.*?)-----END ([A-Z0-9 ]+)-----", re.DOTALL)
KEY_LABELS = ("PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY")
ENCRYPTED_LABEL = "ENCRYPTED PRIVATE KEY"
SHORT_NAMES = {
    "2.5.4.3": "CN", "2.5.4.6": "C", "2.5.4.7": "L", "2.5.4.8": "ST", "2.5.4.9": "STREET",
    "2.5.4.10": "O", "2.5.4.11": "OU", "0.9.2342.19200300.100.1.25": "DC",
    "0.9.2342.19200300.100.1.1": "UID",
}
CURVE_NAMES = {"secp256r1": "P-256", "secp384r1": "P-384", "secp521r1": "P-521"}


class CertificateError(ValueError):
    """Input that is not a usable certificate or key; the message says why (never key bytes)."""


class PemBlock(object):
    def __init__(self, label, der, encrypted=False):
        self.label = label
        self.der = der
        self.encrypted = encrypted


class Certificate(object):
    """One parsed certificate: DER, fingerprint, names, validity and comparable public key."""

    def __init__(self, der, subject, issuer, sans, not_before, not_after, public_key):
        self.der = der
        self.fingerprint = fingerprint(der)
        self.subject = subject
        self.issuer = issuer
        self.sans = sans
        self.not_before = not_before
        self.not_after = not_after
        self.public_key = public_key

    def pem(self):
        return to_pem("CERTIFICATE", self.der)


class PrivateKey(object):
    """A parsed private key: its normalised PEM and the comparable public key. Never printed."""

    def __init__(self, label, der, public_key):
        self.label = label
        self.der = der
        self.public_key = public_key

    def pem(self):
        return to_pem(self.label, self.der)

    def __repr__(self):
        return "<PrivateKey %s>" % self.label


def backend_name():
    return "cryptography" if HAS_CRYPTOGRAPHY else "builtin"


def fingerprint(der):
    """SHA-256 of the DER, as colon-separated upper-case hex (as ``openssl x509 -fingerprint``)."""
    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[i:i + 2] for i in range(0, len(digest), 2))


def to_pem(label, der):
    body = base64.b64encode(der).decode("ascii")
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return "-----BEGIN %s-----\n%s\n-----END %s-----\n" % (label, "\n".join(lines), label)


def _as_bytes(data):
    return data.encode("utf-8") if isinstance(data, str) else bytes(data)


def pem_blocks(data):
    """The PEM blocks in ``data`` (bytes or text), in order; [] when it holds none."""
    text = _as_bytes(data).decode("latin-1")
    blocks = []
    for match in PEM_BLOCK.finditer(text):
        label, body, end_label = match.group(1).strip(), match.group(2), match.group(3).strip()
        if label != end_label:
            raise CertificateError("a PEM block starts with BEGIN %s but ends with END %s" % (label, end_label))
        headers = {}
        lines = []
        for line in body.replace("\r", "\n").split("\n"):
            line = line.strip()
            if ":" in line:
                key, value = line.split(":", 1)
                headers[key.strip()] = value.strip()
            elif line:
                lines.append(line)
        try:
            der = base64.b64decode("".join(lines), validate=True)
        except (binascii.Error, ValueError) as exc:
            raise CertificateError("the %s PEM block is not valid Base64" % label) from exc
        if not der:
            raise CertificateError("the %s PEM block is empty" % label)
        encrypted = label == ENCRYPTED_LABEL or "ENCRYPTED" in headers.get("Proc-Type", "")
        blocks.append(PemBlock(label, der, encrypted))
    if text.count("-----BEGIN ") != len(blocks):
        raise CertificateError("a PEM block is not terminated by its -----END line")
    return blocks


def _is_der(data):
    return len(data) > 1 and data[0] == _der.SEQUENCE


def load_certificates(data):
    """Every certificate of a PEM bundle (in order) or of one DER certificate.

    Other PEM blocks (a private key pasted into the same file, EC parameters) are skipped; the
    caller decides whether to mention them.
    """
    raw = _as_bytes(data)
    blocks = pem_blocks(raw)
    if blocks:
        ders = [b.der for b in blocks if b.label in ("CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE")]
        if not ders:
            raise CertificateError("no CERTIFICATE block found (found %s)" % ", ".join(b.label for b in blocks))
    elif _is_der(raw):
        ders = [raw]
    else:
        raise CertificateError("not PEM (no -----BEGIN CERTIFICATE----- line) and not DER")
    certificates = []
    for index, der in enumerate(ders):
        try:
            certificates.append(_parse_certificate(der))
        except PARSE_ERRORS as exc:
            where = "" if len(ders) == 1 else "certificate %d of the bundle: " % (index + 1)
            raise CertificateError("%snot a valid X.509 certificate (%s)" % (where, _reason(exc))) from None
    return certificates


def other_blocks(data):
    """Labels of PEM blocks in ``data`` that are not certificates (to warn about them)."""
    return [b.label for b in pem_blocks(data) if "CERTIFICATE" not in b.label]


def load_private_key(data):
    """The one private key in PEM or DER ``data``; encrypted keys are refused."""
    raw = _as_bytes(data)
    blocks = pem_blocks(raw)
    if blocks:
        keys = [b for b in blocks if b.label in KEY_LABELS or b.label == ENCRYPTED_LABEL]
        if not keys:
            raise CertificateError("no PRIVATE KEY block found (found %s)" % ", ".join(b.label for b in blocks))
        if len(keys) > 1:
            raise CertificateError("%d private keys found; give exactly one" % len(keys))
        block = keys[0]
    elif _is_der(raw):
        block = PemBlock(None, raw)
    else:
        raise CertificateError("not PEM (no -----BEGIN PRIVATE KEY----- line) and not DER")
    if block.encrypted:
        raise CertificateError("the private key is encrypted; the platform needs it unencrypted "
                               "(decrypt it with: openssl pkey -in encrypted.pem -out key.pem)")
    try:
        return _parse_private_key(block.der, block.label)
    except PARSE_ERRORS as exc:
        raise CertificateError("not a valid private key (%s)" % _reason(exc)) from None


def _reason(exc):
    """A short cause: the DER reader's own words; cryptography's ASN.1 dumps help no user."""
    if isinstance(exc, _der.DerError):
        return str(exc)
    return "its DER structure does not parse"


def decode_platform_certificate(value):
    """The certificates in a value the platform returned: Base64 or Base64Url (padding optional)
    of PEM or DER, or PEM text as is."""
    if isinstance(value, bytes):
        value = value.decode("latin-1")
    text = (value or "").strip()
    if not text:
        raise CertificateError("the platform returned no certificate data")
    if text.startswith("-----BEGIN"):
        return load_certificates(text)
    raw = decode_base64(text)
    if not raw.lstrip().startswith(b"-----BEGIN") and not _is_der(raw):
        # a PEM body without its armour lines is Base64 of DER once more
        try:
            raw = decode_base64(raw.decode("ascii"))
        except (UnicodeDecodeError, CertificateError):
            pass
    return load_certificates(raw)


def decode_base64(text):
    """Bytes of standard Base64 or Base64Url text, padded or not, whitespace ignored."""
    compact = "".join(text.split())
    compact = compact.replace("-", "+").replace("_", "/").rstrip("=")
    compact += "=" * (-len(compact) % 4)
    try:
        return base64.b64decode(compact, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise CertificateError("not Base64 or Base64Url data") from exc


def key_matches(certificate, key):
    return certificate.public_key == key.public_key


def covers(certificate, hostname):
    """Whether a DNS subject alternative name of ``certificate`` matches ``hostname``
    (a wildcard stands for exactly one left-most label)."""
    wanted = hostname.lower().rstrip(".")
    for name in certificate.sans:
        name = name.lower().rstrip(".")
        if name == wanted:
            return True
        if name.startswith("*.") and "." in wanted and wanted.split(".", 1)[1] == name[2:]:
            return True
    return False


def format_name(rdns):
    """An RFC 4514 string (most specific first) from ``[[(dotted_oid, value), ...], ...]``."""
    return ",".join("+".join("%s=%s" % (SHORT_NAMES.get(o, o), _escape(v)) for o, v in rdn)
                    for rdn in reversed(rdns))


def _escape(value):
    if isinstance(value, bytes):
        return "#" + binascii.hexlify(value).decode("ascii")
    if not value:
        return ""
    for char in ("\\", '"', "+", ",", ";", "<", ">"):
        value = value.replace(char, "\\" + char)
    value = value.replace("\0", "\\00")
    if value[0] in ("#", " "):
        value = "\\" + value
    if value[-1] == " ":
        value = value[:-1] + "\\ "
    return value


def iso(moment):
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None


def utc_now():
    return datetime.now(timezone.utc)


# --- backends -------------------------------------------------------------------------------

def _parse_certificate(der):
    if not HAS_CRYPTOGRAPHY:
        parts = _der.certificate(der)
        return Certificate(der, format_name(parts["subject"]), format_name(parts["issuer"]),
                           parts["sans"], parts["not_before"], parts["not_after"], parts["public_key"])
    cert = x509.load_der_x509_certificate(der)
    try:
        names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
        sans = [str(n.value) for n in names if isinstance(n, (x509.DNSName, x509.IPAddress))]
    except x509.ExtensionNotFound:
        sans = []
    not_before = getattr(cert, "not_valid_before_utc", None) or cert.not_valid_before.replace(tzinfo=timezone.utc)
    not_after = getattr(cert, "not_valid_after_utc", None) or cert.not_valid_after.replace(tzinfo=timezone.utc)
    return Certificate(der, format_name(_rdns(cert.subject)), format_name(_rdns(cert.issuer)), sans,
                       not_before, not_after, _public_key(cert.public_key()))


def _rdns(name):
    return [[(a.oid.dotted_string, a.value) for a in rdn] for rdn in name.rdns]


def _public_key(key):
    """The same comparable form ``_der`` produces, so both backends agree."""
    if isinstance(key, rsa.RSAPublicKey):
        numbers = key.public_numbers()
        return ("rsa", numbers.n, numbers.e)
    if isinstance(key, ec.EllipticCurvePublicKey):
        numbers = key.public_numbers()
        return ("ec", CURVE_NAMES.get(key.curve.name, key.curve.name), numbers.x, numbers.y)
    return ("spki", key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo))


def _parse_private_key(der, label):
    if not HAS_CRYPTOGRAPHY:
        public = _der.private_key(der, label)
        return PrivateKey(label or _der_label(der), der, public)
    key = serialization.load_der_private_key(der, password=None)
    return PrivateKey(label or _der_label(der), der, _public_key(key.public_key()))


def _der_label(der):
    """The PEM label of a DER key: PKCS#8 starts with a version then an AlgorithmIdentifier."""
    try:
        parts = _der.children(_der.parse(der, _der.SEQUENCE))
    except _der.DerError:
        return "PRIVATE KEY"
    if len(parts) > 1 and parts[1][0] == _der.SEQUENCE:
        return "PRIVATE KEY"
    if len(parts) > 1 and parts[1][0] == _der.OCTET_STRING:
        return "EC PRIVATE KEY"
    return "RSA PRIVATE KEY"
