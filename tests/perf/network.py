"""A real network in `make bench`: a TLS proxy in front of the emulator that adds round trips, and references.

:class:`LatencyProxy` listens on 127.0.0.1 with TLS and forwards every request to the emulator. It adds
``rtt`` seconds to every request (one round trip: the request out, the answer back) and ``2 * rtt`` to every
new connection (the TCP handshake and the TLS 1.3 handshake are a round trip each), and counts connections
and requests. Its certificate is signed by a CA made for the run (:func:`make_ca_and_certificate`, with
``cryptography``); the measured tasks trust that CA through ``REQUESTS_CA_BUNDLE`` in the task's
``environment:`` with ``validate_certs`` left true, and the references through ``verify=<the CA file>``.
Nothing disables certificate verification.

The references (:func:`reference`, run in a fresh interpreter by ``python network.py reference ...``) are plain
``requests``: one session, sequential (one kept-alive connection), or the same session with a pool of
``concurrency`` requests in flight (Terraform's default parallelism is 10). The clock starts before the session
is made, so its first connection is paid for as a task's would be.
"""

from __future__ import annotations

import datetime
import http.client
import ipaddress
import json
import os
import socket
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

HOP_BY_HOP = frozenset(
    ("connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "content-length")
)


def make_ca_and_certificate(directory):
    """``(ca_file, cert_file, key_file)``: a CA made for this run and a server certificate for 127.0.0.1 it signs."""
    from cryptography import x509  # pylint: disable=import-outside-toplevel
    from cryptography.hazmat.primitives import hashes, serialization  # pylint: disable=import-outside-toplevel
    from cryptography.hazmat.primitives.asymmetric import ec  # pylint: disable=import-outside-toplevel
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID  # pylint: disable=import-outside-toplevel

    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "edge.platform bench CA (this run only)")])
    ca_ski = x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key())
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(True, False, False, False, False, True, True, False, False), critical=True
        )  # digital signature, certificate and CRL signing
        .add_extension(ca_ski, critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ca_ski), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    paths = tuple(os.path.join(directory, name) for name in ("bench-ca.pem", "proxy-cert.pem", "proxy-key.pem"))
    with open(paths[0], "wb") as stream:
        stream.write(ca.public_bytes(serialization.Encoding.PEM))
    with open(paths[1], "wb") as stream:
        stream.write(cert.public_bytes(serialization.Encoding.PEM))
    with open(paths[2], "wb") as stream:
        stream.write(
            key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
        )
    return paths


class _Forward(BaseHTTPRequestHandler):
    """One client connection: the handshake delay, then each request forwarded after one round trip."""

    protocol_version = "HTTP/1.1"

    def setup(self):
        proxy = self.server.proxy
        proxy.count("connections")
        time.sleep(2 * proxy.rtt)  # TCP handshake + TLS handshake: two round trips
        # no Nagle delay on top of the round trips the proxy adds (an answer's head and body are one write)
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.request.do_handshake()
        super().setup()
        self.upstream = http.client.HTTPConnection(proxy.upstream_host, proxy.upstream_port, timeout=60)
        self.upstream.connect()
        self.upstream.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def finish(self):
        try:
            super().finish()
        finally:
            self.upstream.close()

    def log_message(self, format, *args):  # pylint: disable=redefined-builtin
        pass

    def forward(self):
        proxy = self.server.proxy
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        proxy.count("requests")
        time.sleep(proxy.rtt)  # the request travels out and the answer back
        headers = {name: value for name, value in self.headers.items() if name.lower() not in HOP_BY_HOP}
        self.upstream.request(self.command, self.path, body=body, headers=headers)
        answer = self.upstream.getresponse()
        data = answer.read()
        self.send_response_only(answer.status, answer.reason)
        for name, value in answer.getheaders():
            if name.lower() not in HOP_BY_HOP:
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self._headers_buffer.append(b"\r\n")
        head = b"".join(self._headers_buffer)
        self._headers_buffer = []
        self.wfile.write(head + (data if self.command != "HEAD" else b""))
        self.wfile.flush()

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = forward


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def handle_error(self, request, client_address):
        self.proxy.count("failed connections")


class LatencyProxy(object):
    """``with LatencyProxy(upstream_url, rtt, cert_file, key_file) as proxy: proxy.url, proxy.counts()``."""

    def __init__(self, upstream_url, rtt, cert_file, key_file):
        parts = urlsplit(upstream_url)
        self.upstream_host, self.upstream_port = parts.hostname, parts.port
        self.rtt = rtt
        self._lock = threading.Lock()
        self._counts = {"connections": 0, "requests": 0, "failed connections": 0}
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert_file, key_file)
        self.server = _Server(("127.0.0.1", 0), _Forward)
        self.server.proxy = self
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True, do_handshake_on_connect=False)
        self.url = "https://127.0.0.1:%d" % self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def count(self, what):
        with self._lock:
            self._counts[what] += 1

    def counts(self):
        with self._lock:
            return dict(self._counts)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc_info):
        self.server.shutdown()
        self.server.server_close()


def reference(url, path, ca_file, api_key, items, concurrency):
    """Seconds for ``items`` GETs of ``path`` with plain requests: one session, ``concurrency`` in flight.

    ``verify`` is given per request: requests lets REQUESTS_CA_BUNDLE replace a session-wide one.
    """
    import concurrent.futures  # pylint: disable=import-outside-toplevel

    import requests  # pylint: disable=import-outside-toplevel

    start = time.monotonic()
    session = requests.Session()
    if concurrency > 10:
        session.mount("https://", requests.adapters.HTTPAdapter(pool_maxsize=concurrency))

    def one(_index):
        answer = session.get(url + path, headers={"AccessKey": api_key}, timeout=30, verify=ca_file)
        answer.raise_for_status()
        answer.json()

    if concurrency <= 1:
        for index in range(items):
            one(index)
    else:
        with concurrent.futures.ThreadPoolExecutor(max_workers=concurrency) as pool:
            list(pool.map(one, range(items)))
    return time.monotonic() - start


if __name__ == "__main__":
    if sys.argv[1:2] != ["reference"] or len(sys.argv) != 8:
        sys.exit("usage: network.py reference URL PATH CA_FILE API_KEY ITEMS CONCURRENCY")
    url_, path_, ca_, key_, items_, concurrency_ = sys.argv[2:]
    print(json.dumps({"seconds": reference(url_, path_, ca_, key_, int(items_), int(concurrency_))}))
