# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Certificates and private keys: decoding, fingerprints, key match, and the checks before upload.

Input may be PEM (any line endings, text around the blocks, a whole chain), DER, or the standard
Base64 of DER (how a text option carries a binary file: the controller reads ``certificate_src``
and passes a DER file that way, see ``plugin_utils/_inprocess/controller_files.py``); what the
platform returns may also be wrapped in standard Base64 or Base64Url, with or without padding.
A bundle is identified by the ordered SHA-256 fingerprints of the DER of each certificate, so
formatting never counts as a difference while a changed chain does.

Fingerprints need only the standard library, so comparisons are exact everywhere. Reading names,
dates and keys needs ``cryptography`` (ansible-core requires it on the controller); on a host
without it those checks are skipped and :func:`check_pair` says so in a warning, never guessing.

Every function here returns values or raises :class:`CertificateError`; none prints, warns or
exits, so the module decides how a problem reaches the user. Work is linear in the input: PEM
markers are found in one pass and a bundle holds at most ``MAX_PEM_BLOCKS`` blocks.
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import importlib
import importlib.util
import re
import types
from datetime import datetime, timezone

# cryptography is imported on first use (_crypto), not with this file: most modules never read a certificate,
# and on the module path each task pays again for every import.
HAS_CRYPTOGRAPHY = importlib.util.find_spec("cryptography") is not None


@functools.lru_cache(maxsize=None)
def _crypto():
    """cryptography's ``x509`` and ``serialization`` modules and its parse errors, imported on the first call."""
    unsupported = importlib.import_module("cryptography.exceptions").UnsupportedAlgorithm
    return types.SimpleNamespace(
        x509=importlib.import_module("cryptography.x509"),
        serialization=importlib.import_module("cryptography.hazmat.primitives.serialization"),
        unsupported=unsupported,
        parse_errors=(ValueError, TypeError, unsupported),
    )


def _parse_errors():
    """What a certificate that does not parse raises: cryptography's own error only where it is used."""
    return _crypto().parse_errors if HAS_CRYPTOGRAPHY else (ValueError, TypeError)


# The leaf and its intermediates are a handful of certificates; a bundle is refused well before
# its size could cost real work (a file or option is also capped at MAX_INPUT_BYTES by the module).
MAX_PEM_BLOCKS = 32
MAX_INPUT_BYTES = 1024 * 1024
# A text option may carry a file's bytes as Base64 (how the controller passes a DER file): 4/3 of the cap.
MAX_TEXT_BYTES = 4 * ((MAX_INPUT_BYTES + 2) // 3)
BASE64_TEXT = re.compile(rb"^[A-Za-z0-9+/=\s]+$")
EXPIRY_WARNING_DAYS = 30
# A bounded label keeps every match attempt constant-time: the scan is one linear pass.
PEM_MARKER = re.compile(r"-----(BEGIN|END) ([A-Z0-9 ]{1,64})-----")
CERTIFICATE_LABELS = ("CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE")
KEY_LABELS = ("PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY")
ENCRYPTED_LABEL = "ENCRYPTED PRIVATE KEY"
SEQUENCE = 0x30
MISSING_LIBRARY = (
    "the cryptography Python library is not installed on the host that runs the module, so the "
    "key match, expiry, name and chain checks were skipped (fingerprints are still exact). "
    "Install cryptography there (pip install cryptography) to have them"
)


class CertificateError(ValueError):
    """Input that is not a usable certificate or key; the message says why (never key bytes)."""


class Finding(object):
    """One problem or warning about the wanted input: which input (``certificate`` or
    ``certificate_key``), what is wrong, and how to fix it."""

    def __init__(self, subject, text, fix=""):
        self.subject = subject
        self.text = text
        self.fix = fix

    def __repr__(self):
        return "<Finding %s: %s>" % (self.subject, self.text)


class PemBlock(object):
    def __init__(self, label, der, encrypted=False):
        self.label = label
        self.der = der
        self.encrypted = encrypted


class Certificate(object):
    """One certificate: DER, fingerprint, and (with ``cryptography``) names, validity and key."""

    def __init__(self, der, subject=None, issuer=None, sans=(), not_before=None, not_after=None, public_key=None):
        self.der = der
        self.fingerprint = fingerprint(der)
        self.subject = subject
        self.issuer = issuer
        self.sans = list(sans)
        self.not_before = not_before
        self.not_after = not_after
        self.public_key = public_key

    def pem(self):
        return to_pem("CERTIFICATE", self.der)


class PrivateKey(object):
    """A private key: its PEM form for upload and its public key (SubjectPublicKeyInfo DER). Never printed."""

    def __init__(self, label, der, public_key=None):
        self.label = label
        self.der = der
        self.public_key = public_key

    def pem(self):
        return to_pem(self.label, self.der)

    def __repr__(self):
        return "<PrivateKey %s>" % self.label


def fingerprint(der):
    """SHA-256 of the DER, as colon-separated upper-case hex (as ``openssl x509 -fingerprint``)."""
    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[i : i + 2] for i in range(0, len(digest), 2))


def to_pem(label, der):
    body = base64.b64encode(der).decode("ascii")
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    return "-----BEGIN %s-----\n%s\n-----END %s-----\n" % (label, "\n".join(lines), label)


def _as_bytes(data):
    return data.encode("utf-8") if isinstance(data, str) else bytes(data)


def pem_blocks(data):
    """The PEM blocks in ``data`` (bytes or text), in order; [] when it holds none.

    One pass over the BEGIN/END markers; more than ``MAX_PEM_BLOCKS`` blocks is refused as soon as
    the next BEGIN is seen, so a hostile file costs no more than reading it.
    """
    text = _as_bytes(data).decode("latin-1")
    blocks = []
    opened = None
    for marker in PEM_MARKER.finditer(text):
        kind, label = marker.group(1), marker.group(2).strip()
        if kind == "BEGIN":
            if opened is not None:
                raise CertificateError("the %s PEM block is not terminated by its -----END line" % opened.group(2))
            if len(blocks) >= MAX_PEM_BLOCKS:
                raise CertificateError(
                    "more than %d PEM blocks; a certificate bundle is the leaf certificate and its intermediates "
                    "(usually 2 to 4 blocks): give only those" % MAX_PEM_BLOCKS
                )
            opened = marker
            continue
        if opened is None:
            raise CertificateError("an -----END %s----- line has no -----BEGIN line before it" % label)
        if label != opened.group(2).strip():
            raise CertificateError(
                "a PEM block starts with BEGIN %s but ends with END %s" % (opened.group(2).strip(), label)
            )
        blocks.append(_block(label, text[opened.end() : marker.start()]))
        opened = None
    if opened is not None:
        raise CertificateError("the %s PEM block is not terminated by its -----END line" % opened.group(2))
    return blocks


def _block(label, body):
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
    except (binascii.Error, ValueError):
        raise CertificateError("the %s PEM block is not valid Base64" % label) from None
    if not der:
        raise CertificateError("the %s PEM block is empty" % label)
    encrypted = label == ENCRYPTED_LABEL or "ENCRYPTED" in headers.get("Proc-Type", "")
    return PemBlock(label, der, encrypted)


def _der_input(raw):
    """``raw`` itself when it is DER, the DER inside it when it is the standard Base64 of DER, else None."""
    if _is_der(raw):
        return raw
    if len(raw) <= MAX_TEXT_BYTES and BASE64_TEXT.match(raw):
        try:
            der = base64.b64decode(b"".join(raw.split()), validate=True)
        except (binascii.Error, ValueError):
            return None
        if _is_der(der):
            return der
    return None


def _is_der(data):
    """Whether ``data`` is exactly one DER SEQUENCE (tag and length agree with the size)."""
    if len(data) < 2 or data[0] != SEQUENCE:
        return False
    size, head = data[1], 2
    if size & 0x80:
        count = size & 0x7F
        if count == 0 or count > 4 or len(data) < 2 + count:
            return False
        size, head = int.from_bytes(data[2 : 2 + count], "big"), 2 + count
    return head + size == len(data)


def load_certificates(data):
    """Every certificate of a PEM bundle (in order) or of one DER certificate.

    Other PEM blocks (a private key pasted into the same file, EC parameters) are skipped; see
    :func:`other_blocks`.
    """
    raw = _as_bytes(data)
    blocks = pem_blocks(raw)
    der = None if blocks else _der_input(raw)
    if blocks:
        ders = [b.der for b in blocks if b.label in CERTIFICATE_LABELS]
        if not ders:
            raise CertificateError("no CERTIFICATE block found (found %s)" % ", ".join(b.label for b in blocks))
    elif der is not None:
        ders = [der]
    else:
        raise CertificateError("not PEM (no -----BEGIN CERTIFICATE----- line) and not DER")
    certificates = []
    for index, der in enumerate(ders):
        try:
            certificates.append(_parse_certificate(der))
        except _parse_errors():
            where = "" if len(ders) == 1 else "certificate %d of the bundle: " % (index + 1)
            raise CertificateError(
                "%snot a valid X.509 certificate (its DER structure does not parse)" % where
            ) from None
    return certificates


def other_blocks(data):
    """Labels of PEM blocks in ``data`` that are not certificates (to warn about them)."""
    return [b.label for b in pem_blocks(data) if b.label not in CERTIFICATE_LABELS]


def load_private_key(data):
    """The one private key in PEM or DER ``data``; encrypted keys are refused."""
    raw = _as_bytes(data)
    blocks = pem_blocks(raw)
    der = None if blocks else _der_input(raw)
    if blocks:
        keys = [b for b in blocks if b.label in KEY_LABELS or b.label == ENCRYPTED_LABEL]
        if not keys:
            raise CertificateError("no PRIVATE KEY block found (found %s)" % ", ".join(b.label for b in blocks))
        if len(keys) > 1:
            raise CertificateError("%d private keys found; give exactly one" % len(keys))
        block = keys[0]
    elif der is not None:
        block = PemBlock(None, der)
    else:
        raise CertificateError("not PEM (no -----BEGIN PRIVATE KEY----- line) and not DER")
    if block.encrypted:
        raise CertificateError(
            "the private key is encrypted; the platform needs it unencrypted "
            "(decrypt it with: openssl pkey -in encrypted.pem -out key.pem)"
        )
    if not HAS_CRYPTOGRAPHY:
        if block.label is None:
            raise CertificateError(
                "a DER private key can only be read with the cryptography Python library, which is "
                "not installed on the host that runs the module: give the key as PEM"
            )
        return PrivateKey(block.label, block.der)
    crypto = _crypto()
    try:
        key = crypto.serialization.load_der_private_key(block.der, password=None)
    except TypeError:  # DER PKCS#8 that is encrypted
        raise CertificateError(
            "the private key is encrypted; the platform needs it unencrypted "
            "(decrypt it with: openssl pkey -in encrypted.pem -out key.pem)"
        ) from None
    except ValueError:  # cryptography's own words would quote ASN.1 internals, no help to a user
        raise CertificateError("not a valid private key (its DER structure does not parse)") from None
    except crypto.unsupported:
        raise CertificateError("not a private key of a supported type (RSA, ECDSA, Ed25519 or Ed448)") from None
    if block.label is None:  # DER input is uploaded as PKCS#8 PEM, which every server reads
        return PrivateKey(
            "PRIVATE KEY",
            key.private_bytes(
                crypto.serialization.Encoding.DER,
                crypto.serialization.PrivateFormat.PKCS8,
                crypto.serialization.NoEncryption(),
            ),
            _spki(key.public_key()),
        )
    return PrivateKey(block.label, block.der, _spki(key.public_key()))


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
    except (binascii.Error, ValueError):
        raise CertificateError("not Base64 or Base64Url data") from None


def describe_der(der):
    """A :class:`Certificate` from DER bytes (what a TLS handshake gives); raises CertificateError."""
    try:
        return _parse_certificate(der)
    except _parse_errors():
        raise CertificateError("not a valid X.509 certificate (its DER structure does not parse)") from None


def key_matches(certificate, key):
    """Whether ``key`` belongs to ``certificate``; None when that cannot be known (no cryptography)."""
    if certificate.public_key is None or key.public_key is None:
        return None
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


def check_pair(bundle, key, hostname, other_labels=(), now=None):
    """What is wrong with a wanted bundle and key before any upload: ``(problems, warnings)``.

    Both are lists of :class:`Finding`; any problem means the pair must not be uploaded. Without
    ``cryptography`` the checks that need it are skipped and one warning says so.
    """
    problems, warnings = [], []
    if other_labels:
        warnings.append(
            Finding(
                "certificate",
                "the %s block(s) in it are not uploaded as part of the certificate"
                % ", ".join(sorted(set(other_labels))),
            )
        )
    leaf = bundle[0]
    if leaf.public_key is None or key.public_key is None:
        warnings.append(Finding("certificate", MISSING_LIBRARY))
        return problems, warnings
    if not key_matches(leaf, key):
        others = [i for i, cert in enumerate(bundle) if key_matches(cert, key)]
        if others:
            problems.append(
                Finding(
                    "certificate",
                    "the private key belongs to certificate %d of the bundle, not to the first one" % (others[0] + 1),
                    "Put the hostname's (leaf) certificate first.",
                )
            )
        else:
            problems.append(
                Finding(
                    "certificate_key",
                    "the private key does not belong to the certificate %s" % leaf.subject,
                    "Use the key that was generated with this certificate's signing request.",
                )
            )
    now = now or utc_now()
    if leaf.not_after <= now:
        problems.append(
            Finding(
                "certificate",
                "the certificate expired on %s" % iso(leaf.not_after),
                "Renew it and give the new certificate.",
            )
        )
    elif (leaf.not_after - now).days < EXPIRY_WARNING_DAYS:
        warnings.append(
            Finding(
                "certificate",
                "the certificate expires on %s, in %d day(s); renew it soon"
                % (iso(leaf.not_after), (leaf.not_after - now).days),
            )
        )
    if leaf.not_before > now:
        warnings.append(
            Finding(
                "certificate",
                "the certificate is not valid before %s; clients reject it until then" % iso(leaf.not_before),
            )
        )
    if not covers(leaf, hostname):
        warnings.append(
            Finding(
                "certificate",
                "the certificate's subject alternative names (%s) do not cover %s; "
                "browsers will reject it" % (", ".join(leaf.sans) or "none", hostname),
            )
        )
    for index in range(1, len(bundle)):
        if bundle[index - 1].issuer != bundle[index].subject:
            warnings.append(
                Finding(
                    "certificate",
                    "certificate %d of the bundle did not issue certificate %d; the "
                    "chain may be out of order or incomplete" % (index + 1, index),
                )
            )
            break
    return problems, warnings


def iso(moment):
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None


def utc_now():
    return datetime.now(timezone.utc)


def _parse_certificate(der):
    if not HAS_CRYPTOGRAPHY:
        if not _is_der(der):
            raise ValueError("not DER")
        return Certificate(der)
    x509 = _crypto().x509
    cert = x509.load_der_x509_certificate(der)
    try:
        names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
        sans = [str(n.value) for n in names if isinstance(n, (x509.DNSName, x509.IPAddress))]
    except x509.ExtensionNotFound:
        sans = []
    # cryptography >= 42 has the *_utc properties; older ones return naive UTC datetimes
    not_before = getattr(cert, "not_valid_before_utc", None) or cert.not_valid_before.replace(tzinfo=timezone.utc)
    not_after = getattr(cert, "not_valid_after_utc", None) or cert.not_valid_after.replace(tzinfo=timezone.utc)
    return Certificate(
        der,
        cert.subject.rfc4514_string(),
        cert.issuer.rfc4514_string(),
        sans,
        not_before,
        not_after,
        _spki(cert.public_key()),
    )


def _spki(public_key):
    """The comparable form of a public key: its SubjectPublicKeyInfo DER (any algorithm)."""
    serialization = _crypto().serialization
    return public_key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
