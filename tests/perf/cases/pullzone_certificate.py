"""Benchmark cases for edge.platform.pullzone_certificate (demo fixture: pull zone 2001 has www.example.com).

``prepare`` writes a fresh self-signed certificate and key for www.example.com into the bench directory.
"""

import datetime
import os

HOSTNAME = "www.example.com"
INSTALL = {
    "edge.platform.pullzone_certificate": {
        "pullzone_id": 2001,
        "hostname": HOSTNAME,
        "certificate_src": "{{ edge_bench_dir }}/certificate.pem",
        "certificate_key_src": "{{ edge_bench_dir }}/key.pem",
    }
}
REMOVE = {"edge.platform.pullzone_certificate": {"pullzone_id": 2001, "hostname": HOSTNAME, "state": "absent"}}


def prepare(directory):
    """A P-256 key and a 90-day certificate naming HOSTNAME (far from expiry, so the module does not warn)."""
    # cryptography is in the bench venv (tests/requirements-dev.txt); imported here so loading the cases never needs it
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, HOSTNAME)])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=90))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(HOSTNAME)]), critical=False)
        .sign(key, hashes.SHA256())
    )
    with open(os.path.join(directory, "certificate.pem"), "wb") as stream:
        stream.write(certificate.public_bytes(serialization.Encoding.PEM))
    with open(os.path.join(directory, "key.pem"), "wb") as stream:
        stream.write(
            key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
        )


REQUEST_CASES = [
    {
        "name": "pullzone_certificate install (change)",
        "task": INSTALL,
        "expect": {"changed": True, "requests": ["GET", "POST"]},
    },
    {
        "name": "pullzone_certificate re-run (no change)",
        "setup": [INSTALL],
        "task": INSTALL,
        "expect": {"changed": False, "requests": ["GET"]},
    },
    {
        "name": "pullzone_certificate remove (change)",
        "setup": [INSTALL],
        "task": REMOVE,
        "expect": {"changed": True, "requests": ["GET", "DELETE"]},
    },
]

TIMING_CASES = [
    {
        "name": "pullzone_certificate no change vs uri GET",
        "setup": [INSTALL],
        "task": INSTALL,
        "baseline": {
            "ansible.builtin.uri": {
                "url": "{{ edge_base_url }}/pullzone/2001?includeCertificate=true",
                "headers": {"AccessKey": "{{ edge_api_key }}", "Accept": "application/json"},
            }
        },
    },
]
