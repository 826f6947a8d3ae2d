"""Write a self-signed EC certificate for www.example.com, valid 45 days, into DIR (nothing is committed).

Usage: python make_certificate.py DIR  -> DIR/cert.pem, DIR/key.pem
"""

from __future__ import annotations

import os
import sys
from datetime import datetime, timedelta, timezone

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


def main(folder):
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "www.example.com")])
    now = datetime.now(timezone.utc).replace(microsecond=0)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(days=1))
        .not_valid_after(now + timedelta(days=45))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("www.example.com")]), critical=False)
        .sign(key, hashes.SHA256())
    )
    with open(os.path.join(folder, "cert.pem"), "wb") as stream:
        stream.write(cert.public_bytes(serialization.Encoding.PEM))
    with open(os.path.join(folder, "key.pem"), "wb") as stream:
        stream.write(
            key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
        )


if __name__ == "__main__":
    main(sys.argv[1])
