"""Kept-alive sessions: shared within a process, never across a fork, never carrying a credential, bounded."""

from __future__ import annotations

import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine import sessions as _sessions
from ansible_collections.edge.platform.plugins.module_utils._engine.client import (
    Client,
    access_key_auth,
    bearer_auth,
)
from ansible_collections.edge.platform.plugins.module_utils._hosts.connection import management_client
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

KEY_A = "first-secret-key"
KEY_B = "second-secret-key"


class Echo(BaseHTTPRequestHandler):
    """Answers which connection (client port) served the request, the credentials and cookies it carried,
    and sets a cookie."""

    protocol_version = "HTTP/1.1"

    def do_GET(self):  # pylint: disable=invalid-name
        body = json.dumps(
            {
                "port": self.client_address[1],
                "access_key": self.headers.get("AccessKey"),
                "authorization": self.headers.get("Authorization"),
                "cookie": self.headers.get("Cookie"),
            }
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Set-Cookie", "session=for-whoever-asked; Path=/")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):  # pylint: disable=redefined-builtin
        pass


@pytest.fixture
def server(monkeypatch):
    for name in _sessions.ENVIRONMENT:  # no proxy between the test and its listener
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    listener = ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    listener.daemon_threads = True
    thread = threading.Thread(target=listener.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield "http://127.0.0.1:%d" % listener.server_address[1]
    finally:
        listener.shutdown()
        listener.server_close()


def kept_alive(url, auth=None):
    return Client(url, auth or access_key_auth(KEY_A), retries=0, timeout=10, keep_alive=True)


def ask(client):
    return client.request("GET", "/whoami", "Reading").data


def test_the_items_of_a_loop_reuse_one_connection(server):
    first, second = kept_alive(server), kept_alive(server)
    assert first.session is second.session
    assert ask(first)["port"] == ask(second)["port"]


def test_a_forked_child_never_uses_its_parents_session_or_connection(server):
    parent_client = kept_alive(server)
    parent_port = ask(parent_client)["port"]  # the parent's connection now waits in the pool
    parent_session = parent_client.session
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report, then leave without running the parent's test machinery
        status = 1
        try:
            os.close(read_end)
            fresh = kept_alive(server)
            report = {
                "fresh_is_parents": fresh.session is parent_session,
                "fresh_port": ask(fresh)["port"],
                "inherited_port": ask(parent_client)["port"],  # a client built before the fork, used after it
                "inherited_is_parents": parent_client.session is parent_session,
                "same_in_child": parent_client.session is fresh.session,
            }
            with os.fdopen(write_end, "w") as stream:
                json.dump(report, stream)
            status = 0
        finally:
            os._exit(status)  # pylint: disable=protected-access
    os.close(write_end)
    with os.fdopen(read_end) as stream:
        report = json.loads(stream.read() or "{}")
    assert os.waitpid(pid, 0)[1] == 0
    assert report["fresh_is_parents"] is False and report["inherited_is_parents"] is False
    assert report["same_in_child"] is True  # the child has one session of its own, shared by its clients
    assert report["fresh_port"] != parent_port and report["inherited_port"] != parent_port
    # the child neither used nor closed the parent's connection: the parent keeps using it
    assert parent_client.session is parent_session and ask(parent_client)["port"] == parent_port


def test_credentials_travel_per_request_never_on_the_shared_session(fake_session):
    fake_session.responses = [FakeResponse(200, {}) for _index in range(3)]
    first = Client("https://api.example.test", access_key_auth(KEY_A), keep_alive=True)
    second = Client("https://api.example.test", access_key_auth(KEY_B), keep_alive=True)
    database = Client("https://api.example.test/db/x", bearer_auth(KEY_B), keep_alive=True)
    assert first.session is second.session is database.session is fake_session
    for client in (first, second, database):
        client.request("GET", "/x", "Reading")
    sent = [call["headers"] for call in fake_session.calls]
    assert sent[0]["AccessKey"] == KEY_A and sent[1]["AccessKey"] == KEY_B
    assert sent[2]["Authorization"] == "Bearer " + KEY_B and "AccessKey" not in sent[2]
    assert "Authorization" not in sent[0] and "Authorization" not in sent[1]
    for secret in (KEY_A, KEY_B):
        assert secret not in repr(fake_session.headers)


def test_the_shared_session_sends_no_earlier_credential_or_cookie(server):
    first, second = kept_alive(server), kept_alive(server, bearer_auth(KEY_B))
    assert ask(first)["access_key"] == KEY_A
    seen = ask(second)
    assert seen["access_key"] is None and seen["authorization"] == "Bearer " + KEY_B
    assert seen["cookie"] is None  # the cookie the first answer set is refused
    assert first.session.auth is None and "AccessKey" not in first.session.headers


def test_origins_and_settings_get_sessions_of_their_own(monkeypatch):
    monkeypatch.delenv("REQUESTS_CA_BUNDLE", raising=False)
    one = _sessions.shared_session("https://api.example.test", True)
    assert _sessions.shared_session("https://API.example.test:443/", True) is one
    assert _sessions.shared_session("https://api.example.test", False) is not one
    assert _sessions.shared_session("https://api.example.test:8443", True) is not one
    assert _sessions.shared_session("http://api.example.test", True) is not one
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", "/a/bundle.pem")  # a task's environment: another CA
    assert _sessions.shared_session("https://api.example.test", True) is not one
    # without keep_alive (the preload's warming client) a client has a session of its own
    assert Client("https://api.example.test", {}).session is not one


def test_the_cache_is_bounded_and_closes_what_it_evicts(monkeypatch):
    made = []

    class Recorded(object):
        def __init__(self):
            self.closed = False
            made.append(self)

        def close(self):
            self.closed = True

    monkeypatch.setattr(_sessions.requests, "Session", Recorded)
    urls = ["https://zone-%d.example.test" % index for index in range(_sessions.MAX_SESSIONS + 2)]
    first = _sessions.shared_session(urls[0], True)
    for url in urls[1 : _sessions.MAX_SESSIONS]:
        _sessions.shared_session(url, True)
    assert _sessions.shared_session(urls[0], True) is first  # used again: now the most recent
    for url in urls[_sessions.MAX_SESSIONS :]:
        _sessions.shared_session(url, True)
    assert len(_sessions._cache.sessions) == _sessions.MAX_SESSIONS  # pylint: disable=protected-access
    assert [session.closed for session in made] == [False, True, True] + [False] * (len(made) - 3)
    assert not first.closed


def test_management_client_keeps_alive():
    class Ctx(object):
        params = {"api_key": KEY_A, "base_url": "https://api.example.test", "timeout": 5.0, "retries": 0}
        params["validate_certs"] = True
        secrets = (KEY_A,)
        warn = staticmethod(lambda message: None)

    first, second = management_client(Ctx()), management_client(Ctx())
    assert first.keep_alive and first.session is second.session
