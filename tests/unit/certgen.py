"""Certificates and keys made at test time with ``cryptography`` (nothing is committed).

Keys are cached per name so a test session generates each RSA key once.
"""

from __future__ import annotations

import functools
import ipaddress
from datetime import datetime, timedelta, timezone

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from cryptography.x509.oid import NameOID

PEM = serialization.Encoding.PEM
DER = serialization.Encoding.DER


@functools.lru_cache(maxsize=None)
def key(name, kind="rsa"):
    """A private key; the same ``name`` always gives the same key within a session."""
    if kind == "rsa":
        return rsa.generate_private_key(public_exponent=65537, key_size=2048)
    if kind == "ed25519":
        return ed25519.Ed25519PrivateKey.generate()
    curve = {"ec": ec.SECP256R1(), "ec384": ec.SECP384R1(), "ec521": ec.SECP521R1()}[kind]
    return ec.generate_private_key(curve)


def name(common_name, organization=None):
    attributes = [x509.NameAttribute(NameOID.COMMON_NAME, common_name)]
    if organization:
        attributes.insert(0, x509.NameAttribute(NameOID.ORGANIZATION_NAME, organization))
    return x509.Name(attributes)


def certificate(
    subject_key,
    common_name,
    sans=(),
    issuer=None,
    issuer_key=None,
    days=90,
    not_before=None,
    not_after=None,
    ca=False,
    ips=(),
):
    """A certificate for ``subject_key``; self-signed unless ``issuer``/``issuer_key`` are given."""
    now = datetime.now(timezone.utc).replace(microsecond=0)
    not_before = not_before or now - timedelta(days=1)
    not_after = not_after or now + timedelta(days=days)
    issuer_name = issuer.subject if issuer is not None else name(common_name, "Edge Test")
    builder = (
        x509.CertificateBuilder()
        .subject_name(name(common_name, "Edge Test"))
        .issuer_name(issuer_name)
        .public_key(subject_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(not_before)
        .not_valid_after(not_after)
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
    )
    names = [x509.DNSName(n) for n in sans]
    names += [x509.IPAddress(ipaddress.ip_address(ip)) for ip in ips]
    if names:
        builder = builder.add_extension(x509.SubjectAlternativeName(names), critical=False)
    signer = issuer_key if issuer_key is not None else subject_key
    # Python 3.13 verifies strictly (VERIFY_X509_STRICT): key identifiers, and key usage on a CA
    builder = builder.add_extension(
        x509.SubjectKeyIdentifier.from_public_key(subject_key.public_key()), critical=False
    ).add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(signer.public_key()), critical=False)
    if ca:
        builder = builder.add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
    algorithm = None if isinstance(signer, ed25519.Ed25519PrivateKey) else hashes.SHA256()
    return builder.sign(signer, algorithm)


def cert_pem(*certs):
    return b"".join(c.public_bytes(PEM) for c in certs).decode("ascii")


def cert_der(cert):
    return cert.public_bytes(DER)


def key_pem(private_key, fmt="pkcs8", password=None):
    formats = {
        "pkcs8": serialization.PrivateFormat.PKCS8,
        "traditional": serialization.PrivateFormat.TraditionalOpenSSL,
    }
    encryption = serialization.BestAvailableEncryption(password) if password else serialization.NoEncryption()
    return private_key.private_bytes(PEM, formats[fmt], encryption).decode("ascii")


def key_der(private_key, fmt="pkcs8"):
    formats = {
        "pkcs8": serialization.PrivateFormat.PKCS8,
        "traditional": serialization.PrivateFormat.TraditionalOpenSSL,
    }
    return private_key.private_bytes(DER, formats[fmt], serialization.NoEncryption())


def chain(kind="rsa", hostname="www.example.com", days=90, prefix="chain"):
    """``(leaf, leaf_key, intermediate, root)``: a leaf signed by an intermediate signed by a root."""
    root_key = key(prefix + "-root", "ec")
    root = certificate(root_key, "Edge Test Root", days=3650, ca=True)
    mid_key = key(prefix + "-mid", "ec")
    mid = certificate(mid_key, "Edge Test Intermediate", issuer=root, issuer_key=root_key, days=1825, ca=True)
    leaf_key = key(prefix + "-leaf-" + kind, kind)
    leaf = certificate(leaf_key, hostname, sans=(hostname,), issuer=mid, issuer_key=mid_key, days=days)
    return leaf, leaf_key, mid, root
