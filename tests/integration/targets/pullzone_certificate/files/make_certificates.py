"""Write the certificates and keys the pullzone_certificate target needs into DIR (nothing is committed).

Usage: python make_certificates.py DIR

Also writes DIR/needles.json: every form the private keys could take in output (PEM body lines,
Base64 and Base64Url of the key files), for the "no key material at -vvvv" check.
"""

from __future__ import annotations

import base64
import json
import os
import sys
from datetime import datetime, timedelta, timezone

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import NameOID

PEM = serialization.Encoding.PEM
NOW = datetime.now(timezone.utc).replace(microsecond=0)


def rsa_key():
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def ec_key():
    return ec.generate_private_key(ec.SECP256R1())


def certificate(key, common_name, sans=(), issuer=None, issuer_key=None, not_before=None, not_after=None, ca=False):
    subject = x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Edge Integration"),
            x509.NameAttribute(NameOID.COMMON_NAME, common_name),
        ]
    )
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer.subject if issuer is not None else subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(not_before or NOW - timedelta(days=1))
        .not_valid_after(not_after or NOW + timedelta(days=90))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
    )
    if sans:
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(n) for n in sans]), critical=False)
    return builder.sign(issuer_key if issuer_key is not None else key, hashes.SHA256())


def key_bytes(key, fmt=serialization.PrivateFormat.PKCS8, password=None):
    encryption = serialization.BestAvailableEncryption(password) if password else serialization.NoEncryption()
    return key.private_bytes(PEM, fmt, encryption)


def write(directory, name, data):
    path = os.path.join(directory, name)
    with open(path, "wb") as handle:
        handle.write(data)
    os.chmod(path, 0o600)


def main(directory):
    root_key = ec_key()
    root = certificate(root_key, "Edge Integration Root", not_after=NOW + timedelta(days=3650), ca=True)
    mid_key = ec_key()
    mid = certificate(mid_key, "Edge Integration CA", issuer=root, issuer_key=root_key, ca=True)
    host = "www.example.com"
    first_key, second_key, soon_key, other_key, expired_key = rsa_key(), ec_key(), ec_key(), ec_key(), ec_key()
    first = certificate(first_key, host, (host,), mid, mid_key)
    second = certificate(second_key, host, (host, "example.com"), mid, mid_key)
    soon = certificate(soon_key, host, (host,), mid, mid_key, not_after=NOW + timedelta(days=5))
    other = certificate(other_key, "other.example.com", ("other.example.com",), mid, mid_key)
    past = NOW - timedelta(days=400)
    expired = certificate(
        expired_key, host, (host,), mid, mid_key, not_before=past, not_after=past + timedelta(days=90)
    )

    chain = mid.public_bytes(PEM)
    first_der_key = first_key.private_bytes(
        serialization.Encoding.DER, serialization.PrivateFormat.TraditionalOpenSSL, serialization.NoEncryption()
    )
    keys = {
        "first.key": key_bytes(first_key),
        "second.key": key_bytes(second_key, serialization.PrivateFormat.TraditionalOpenSSL),
        "soon.key": key_bytes(soon_key),
        "other.key": key_bytes(other_key),
        "expired.key": key_bytes(expired_key),
        "encrypted.key": key_bytes(first_key, password=b"integration-passphrase"),
    }
    files = {
        "first.pem": first.public_bytes(PEM) + chain,
        "first-crlf.pem": (first.public_bytes(PEM) + chain).replace(b"\n", b"\r\n"),
        "first-leaf.der": first.public_bytes(serialization.Encoding.DER),
        # DER files are binary: the controller passes them to the module as Base64
        "first-key.der": first_der_key,
        "second.pem": second.public_bytes(PEM) + chain,
        "soon.pem": soon.public_bytes(PEM) + chain,
        "other.pem": other.public_bytes(PEM) + chain,
        "expired.pem": expired.public_bytes(PEM) + chain,
        "garbage.pem": b"-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n",
    }
    files.update(keys)
    for name, data in files.items():
        write(directory, name, data)

    needles = []
    for data in keys.values():
        text = data.decode("ascii")
        needles += [line for line in text.splitlines() if "-----" not in line and len(line) >= 16]
        needles.append(base64.b64encode(data).decode("ascii")[:48])
        needles.append(base64.urlsafe_b64encode(data).decode("ascii")[:48])
    # the DER key travels as its Base64: no part of that may show either
    der_text = base64.b64encode(first_der_key).decode("ascii")
    needles += [der_text[i : i + 48] for i in range(0, len(der_text) - 48, 48)]
    fingerprints = {
        name: [c.fingerprint(hashes.SHA256()).hex(":").upper() for c in certs]
        for name, certs in (("first", (first, mid)), ("second", (second, mid)), ("first_leaf", (first,)))
    }
    write(directory, "needles.json", json.dumps(sorted(set(needles))).encode("ascii"))
    write(directory, "fingerprints.json", json.dumps(fingerprints).encode("ascii"))


if __name__ == "__main__":
    main(sys.argv[1])
