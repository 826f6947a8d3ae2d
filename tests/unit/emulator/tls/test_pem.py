"""The emulator's own PEM and DER reader (emulator/tls/pem.py), written apart from the collection's parser."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.tests.unit import certgen
from emulator.tls import pem


@pytest.mark.parametrize("kind", ["ec", "ec384", "ec521"])
def test_pem_ec_keys_derive_the_certificate_point(kind):
    private = certgen.key("emu-pem-" + kind, kind)
    cert = certgen.certificate(private, "p.example.com")
    public = pem.certificates(certgen.cert_pem(cert).encode())[0][1]
    assert pem.private_key(certgen.key_pem(private).encode()) == public
    assert pem.private_key(certgen.key_pem(private, "traditional").encode()) == public
    assert pem.private_key(certgen.key_der(private)) == public
    numbers = private.public_key().public_numbers()
    assert public[2:] == (numbers.x, numbers.y)


def test_pem_rsa_and_errors(material):
    assert pem.certificates(material["bundle"].encode())[0][2] == "www.example.com"
    assert len(pem.certificates(b"Bag Attributes\r\n" + material["bundle"].replace("\n", "\r\n").encode())) == 2
    rsa_key = certgen.key("emu-leaf-rsa")
    assert pem.private_key(certgen.key_der(rsa_key, "traditional"))[0] == "rsa"
    ed = certgen.key("emu-ed", "ed25519")
    assert pem.certificates(certgen.cert_pem(certgen.certificate(ed, "ed.example.com")).encode())[0][1][0] == "other"
    for bad, message in (
        (b"\x30\x80", "indefinite"),
        (b"\x30\x85\x01\x01\x01\x01\x01", "too large"),
        (b"\x30\x05\x00", "truncated"),
        (b"\x30\x00\x00", "trailing"),
    ):
        with pytest.raises(pem.PemError, match=message):
            pem.Node.whole(bad)
    with pytest.raises(pem.PemError, match="unsupported private key algorithm"):
        pem.private_key(certgen.key_pem(ed).encode())
    with pytest.raises(pem.PemError, match="closed by END"):
        pem.blocks(b"-----BEGIN CERTIFICATE-----\nAA==\n-----END KEY-----")
    with pytest.raises(pem.PemError, match="not valid Base64"):
        pem.blocks(b"-----BEGIN CERTIFICATE-----\n*\n-----END CERTIFICATE-----")
    with pytest.raises(pem.PemError, match="encrypted"):
        pem.blocks(b"-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nAA==\n-----END RSA PRIVATE KEY-----")
    with pytest.raises(pem.PemError, match="not a private key"):
        pem.private_key(b"\x30\x03\x02\x01\x00")
    with pytest.raises(pem.PemError, match="END CERTIFICATE without BEGIN"):
        pem.blocks(b"-----END CERTIFICATE-----\n")


@pytest.mark.parametrize(
    "data, message",
    [
        (b"-----BEGIN CERTIFICATE-----\n" * 20000, "not terminated"),
        (b"-----BEGIN CERTIFICATE-----\nMAMCAQU=\n-----END CERTIFICATE-----\n" * 5000, "more than 64 PEM blocks"),
    ],
)
def test_pem_reader_refuses_huge_bundles_in_one_pass(data, message):
    """The inputs that took minutes with a block-spanning regular expression now fail in one pass."""
    with pytest.raises(pem.PemError, match=message):
        pem.blocks(data)


def test_server_files_accept_der_and_pem(material):
    chain, key = pem.server_files(material["ec_der"], material["ec_key_der"])
    assert chain == material["ec_cert"]
    assert pem.certificates(chain.encode())[0][0] == pem.certificates(material["ec_der"])[0][0]
    assert key.startswith("-----BEGIN PRIVATE KEY-----\n")
    assert pem.private_key(key.encode()) == pem.private_key(material["ec_key_der"])
    rsa_key = certgen.key("emu-leaf-rsa")
    assert pem.server_files(material["ec_der"], certgen.key_der(rsa_key, "traditional"))[1].startswith(
        "-----BEGIN RSA PRIVATE KEY-----\n"
    )
    ec_traditional = certgen.key_der(certgen.key("emu-ec", "ec"), "traditional")
    assert pem.server_files(material["ec_der"], ec_traditional)[1].startswith("-----BEGIN EC PRIVATE KEY-----\n")
    chain, key = pem.server_files(material["bundle"].encode(), material["key"].encode())
    assert chain == material["bundle"] and key == material["key"]
