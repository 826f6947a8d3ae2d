"""validate_certs does what it says, whatever REQUESTS_CA_BUNDLE / CURL_CA_BUNDLE say.

``requests`` lets those variables replace a session-wide ``verify=False``; the client passes ``verify``
with every request, so ``validate_certs: false`` wins, and with ``validate_certs: true`` the bundle the
environment names is still used. Proved against a local TLS listener whose CA is made at test time.
"""

from __future__ import annotations

import json
import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.client import Client, access_key_auth
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import UNREACHABLE, ApiError
from ansible_collections.edge.platform.tests.unit import certgen

KEY = "tls-test-secret-key"


class Answer(BaseHTTPRequestHandler):
    def do_GET(self):  # pylint: disable=invalid-name
        body = json.dumps({"ok": True}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):  # pylint: disable=redefined-builtin
        pass


def write_ca(folder, prefix):
    root_key = certgen.key(prefix + "-root", "ec")
    root = certgen.certificate(root_key, prefix + " Root", days=30, ca=True)
    path = folder / (prefix + "-ca.pem")
    path.write_text(certgen.cert_pem(root), encoding="ascii")
    return root, root_key, path


@pytest.fixture(scope="module")
def tls_server(tmp_path_factory):
    """``(url, trusted_ca_path, unrelated_ca_path)``: a TLS listener on 127.0.0.1 and two CA bundles."""
    folder = tmp_path_factory.mktemp("tls")
    root, root_key, ca_path = write_ca(folder, "edge-tls")
    _other, _other_key, other_path = write_ca(folder, "unrelated")
    leaf_key = certgen.key("edge-tls-leaf", "ec")
    leaf = certgen.certificate(leaf_key, "127.0.0.1", issuer=root, issuer_key=root_key, ips=("127.0.0.1",))
    (folder / "leaf.pem").write_text(certgen.cert_pem(leaf), encoding="ascii")
    (folder / "leaf.key").write_text(certgen.key_pem(leaf_key), encoding="ascii")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(str(folder / "leaf.pem"), str(folder / "leaf.key"))
    server = ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    server.daemon_threads = True
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield "https://127.0.0.1:%d" % server.server_address[1], str(ca_path), str(other_path)
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def clean_ca_environment(monkeypatch):
    for name in ("REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE", "SSL_CERT_FILE"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def client(url, validate_certs):
    return Client(url, access_key_auth(KEY), secrets=(KEY,), timeout=10, retries=0, validate_certs=validate_certs)


@pytest.mark.parametrize("variable", ["REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE"])
def test_validate_certs_false_wins_over_a_ca_bundle_variable(tls_server, clean_ca_environment, variable):
    url, _trusted, unrelated = tls_server
    clean_ca_environment.setenv(variable, unrelated)  # a bundle that cannot verify the listener
    assert client(url, validate_certs=False).request("GET", "/x", "Reading").data == {"ok": True}


@pytest.mark.parametrize("variable", ["REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE"])
def test_validate_certs_true_uses_the_bundle_the_environment_names(tls_server, clean_ca_environment, variable):
    url, trusted, _unrelated = tls_server
    clean_ca_environment.setenv(variable, trusted)
    assert client(url, validate_certs=True).request("GET", "/x", "Reading").data == {"ok": True}


@pytest.mark.parametrize("bundle", [None, "unrelated"])
def test_validate_certs_true_refuses_an_untrusted_certificate_clearly(tls_server, clean_ca_environment, bundle):
    url, _trusted, unrelated = tls_server
    if bundle:
        clean_ca_environment.setenv("REQUESTS_CA_BUNDLE", unrelated)
    with pytest.raises(ApiError) as caught:
        client(url, validate_certs=True).request("GET", "/x", "Reading DNS zone 1")
    text = caught.value.describe()
    assert caught.value.kind == UNREACHABLE
    assert text.startswith("Reading DNS zone 1 failed: the TLS connection to %s failed: " % url)
    assert "validate_certs=false" in text and "REQUESTS_CA_BUNDLE" in text and KEY not in text
