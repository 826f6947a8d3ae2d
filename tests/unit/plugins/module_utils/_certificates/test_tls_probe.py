"""Tests for _tls_probe: address parsing and a handshake that always ends."""

from __future__ import annotations

import socket
import threading

import pytest

from ansible_collections.edge.platform.plugins.module_utils._certificates import tls_probe as probe


@pytest.mark.parametrize(
    "value, expected",
    [
        (None, ("www.example.com", 443)),
        ("edge.example.net", ("edge.example.net", 443)),
        ("edge.example.net:8443", ("edge.example.net", 8443)),
        (" 192.0.2.1:443 ", ("192.0.2.1", 443)),
        ("[2001:db8::1]:8443", ("2001:db8::1", 8443)),
        ("[2001:db8::1]", ("2001:db8::1", 443)),
        ("off", None),
        ("False", None),
    ],
)
def test_addresses(value, expected):
    assert probe.parse_address(value, "www.example.com") == expected


@pytest.mark.parametrize(
    "value, message",
    [
        ("", "no scheme or path"),
        ("https://edge.example.net", "no scheme or path"),
        ("edge.example.net/path", "no scheme or path"),
        ("user@edge.example.net", "no scheme or path"),
        ("edge.example.net:99999", "from 1 to 65535"),
        ("edge.example.net:", "from 1 to 65535"),
        ("[2001:db8::1", "closing ']'"),
        ("[2001:db8::1]x", "closing ']'"),
        ("[]:443", "no scheme or path"),
    ],
)
def test_bad_addresses(value, message):
    with pytest.raises(ValueError, match=message):
        probe.parse_address(value, "www.example.com")


def test_a_server_that_never_answers_the_handshake_ends_within_the_timeout():
    server = socket.create_server(("127.0.0.1", 0))
    accepted = []
    thread = threading.Thread(target=lambda: accepted.append(server.accept()), daemon=True)
    thread.start()
    try:
        with pytest.raises(probe.ProbeError, match=r"no TLS answer from 127\.0\.0\.1:\d+ within 0\.3s"):
            probe.served_leaf("127.0.0.1", server.getsockname()[1], "www.example.com", 0.3)
    finally:
        server.close()
        for connection, _peer in accepted:
            connection.close()


def test_a_closed_port_is_reported():
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
    with pytest.raises(probe.ProbeError, match=r"cannot connect to 127\.0\.0\.1:%d" % port):
        probe.served_leaf("127.0.0.1", port, "www.example.com", 2)


def test_a_plain_text_server_fails_the_handshake():
    server = socket.create_server(("127.0.0.1", 0))

    def answer():
        connection, _peer = server.accept()
        connection.recv(1024)
        connection.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")
        connection.close()

    threading.Thread(target=answer, daemon=True).start()
    try:
        with pytest.raises(
            probe.ProbeError, match="handshake with 127.0.0.1:%d for www.example.com failed" % server.getsockname()[1]
        ):
            probe.served_leaf("127.0.0.1", server.getsockname()[1], "www.example.com", 5)
    finally:
        server.close()


@pytest.mark.parametrize("timeout", [float("nan"), float("inf"), 0.0, -1.0, 1e308])
def test_a_timeout_that_cannot_bound_the_probe_is_refused(timeout):
    with pytest.raises(probe.ProbeError, match="cannot bound a TLS probe"):
        probe.served_leaf("127.0.0.1", 443, "www.example.com", timeout)


def test_the_probe_sends_nothing_after_the_handshake(tmp_path):
    """Only a handshake: no HTTP request, so no header and no credential can reach the probed address."""
    import ssl

    from ansible_collections.edge.platform.tests.unit import certgen

    private = certgen.key("probe-server", "ec")
    cert = certgen.certificate(private, "www.example.com", sans=("www.example.com",))
    (tmp_path / "server.pem").write_text(certgen.cert_pem(cert) + certgen.key_pem(private))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(str(tmp_path / "server.pem"))
    server = socket.create_server(("127.0.0.1", 0))
    seen = {}

    def serve():
        connection, _peer = server.accept()
        with context.wrap_socket(connection, server_side=True) as tls:
            tls.settimeout(5)
            try:
                seen["received"] = tls.recv(4096)
            except (OSError, ssl.SSLError):
                seen["received"] = b""

    worker = threading.Thread(target=serve, daemon=True)
    worker.start()
    try:
        der = probe.served_leaf("127.0.0.1", server.getsockname()[1], "www.example.com", 5)
        worker.join(5)
    finally:
        server.close()
    assert der == certgen.cert_der(cert)
    assert seen["received"] == b""
