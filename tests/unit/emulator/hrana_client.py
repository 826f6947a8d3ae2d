"""Hrana calls for the emulator's database tests: a client over urllib, request builders and the fixture
of two databases the ``emu`` fixture (conftest.py) serves."""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import urllib.error
import urllib.parse
import urllib.request

FIXTURE = """
api_keys: [key]
databases:
  - id: main
    tokens: {full_access: [full-1], read_only: [read-1]}
  - id: seeded
    tokens: {full_access: [seeded-full]}
    sql: "CREATE TABLE seeds (n INTEGER); INSERT INTO seeds VALUES (7);"
"""
FORBIDDEN = {"error": "Authorization forbidden: Current session doesn't not have Write permission to namespace main"}
EXPIRED = {"message": "The stream has expired due to inactivity", "code": "STREAM_EXPIRED"}


class HranaCalls(object):
    """Hrana calls to a running emulator (``RunningEmulator`` of conftest.py)."""

    def __init__(self, running):
        self.platform = running.platform
        self.url = running.url

    @property
    def hrana(self):
        return self.platform.areas["databases"].hrana

    def call(self, method, path, body=None, headers=None):
        """``(status, content type, body)``; a JSON body is decoded."""
        data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers or {})
        try:
            with urllib.request.urlopen(request) as response:
                status, content_type, raw = response.status, response.headers.get("Content-Type"), response.read()
        except urllib.error.HTTPError as exc:
            status, content_type, raw = exc.code, exc.headers.get("Content-Type"), exc.read()
        if (content_type or "").startswith("application/json"):
            return status, content_type, json.loads(raw)
        return status, content_type, raw.decode()

    def pipeline(self, requests, baton=None, token="full-1", database="main", raw=None):
        body = raw if raw is not None else {"baton": baton, "requests": requests}
        headers = {"Authorization": "Bearer %s" % token} if token is not None else {}
        return self.call("POST", "/db/%s/v2/pipeline" % database, body, headers)

    def ok(self, requests, **kwargs):
        """The results of a pipeline that must answer 200, and its baton."""
        status, body = self.pipeline(requests, **kwargs)[0::2]
        assert status == 200, body
        return body["results"], body["baton"]

    def results(self, requests, **kwargs):
        return self.ok(requests, **kwargs)[0]

    def baton(self, requests, **kwargs):
        return self.ok(requests, **kwargs)[1]

    def one(self, sql, args=None, named=None, **kwargs):
        """The StmtResult of one statement that must succeed."""
        results = self.results([execute(sql, args, named), CLOSE], **kwargs)
        assert results[0]["type"] == "ok", results[0]
        return results[0]["response"]["result"]

    def error(self, sql, args=None, named=None, **kwargs):
        results = self.results([execute(sql, args, named), CLOSE], **kwargs)
        assert results[0]["type"] == "error", results[0]
        return results[0]["error"]

    def scalar(self, sql, **kwargs):
        return self.one(sql, **kwargs)["rows"][0][0]


CLOSE = {"type": "close"}


def execute(sql, args=None, named=None, **stmt):
    stmt["sql"] = sql
    if args is not None:
        stmt["args"] = args
    if named is not None:
        stmt["named_args"] = [{"name": k, "value": v} for k, v in named.items()]
    return {"type": "execute", "stmt": stmt}


def integer(value):
    return {"type": "integer", "value": str(value)}


def text(value):
    return {"type": "text", "value": value}


def batch(*steps):
    """Steps are SQL strings or (sql, condition) pairs."""
    built = []
    for step in steps:
        sql, condition = (step, None) if isinstance(step, str) else step
        built.append({"stmt": {"sql": sql}, "condition": condition})
    return {"type": "batch", "batch": {"steps": built}}


class WebSocket(object):
    """A minimal RFC 6455 client for the tests: masked text frames out, frames in."""

    def __init__(self, base_url, path, protocols=("hrana3", "hrana2")):

        host, port = urllib.parse.urlsplit(base_url).hostname, urllib.parse.urlsplit(base_url).port
        self.sock = socket.create_connection((host, port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [
            "GET %s HTTP/1.1" % path,
            "Host: %s:%d" % (host, port),
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Key: %s" % key,
            "Sec-WebSocket-Version: 13",
        ]
        if protocols:
            lines.append("Sec-WebSocket-Protocol: %s" % ", ".join(protocols))
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.file = self.sock.makefile("rb")
        self.status = int(self.file.readline().split()[1])
        self.headers = {}
        while True:
            line = self.file.readline().decode().strip()
            if not line:
                break
            name, _sep, value = line.partition(":")
            self.headers[name.strip().lower()] = value.strip()

    def send(self, data, opcode=1):

        payload = json.dumps(data).encode() if not isinstance(data, bytes) else data
        mask = os.urandom(4)
        length = len(payload)
        head = (
            struct.pack(">BB", 0x80 | opcode, 0x80 | length)
            if length < 126
            else (
                struct.pack(">BBH", 0x80 | opcode, 0x80 | 126, length)
                if length < 65536
                else struct.pack(">BBQ", 0x80 | opcode, 0x80 | 127, length)
            )
        )
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def frame(self):
        """``(opcode, payload)``; a text payload is decoded JSON, a close payload ``(code, reason)``."""

        first, second = self.file.read(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack(">H", self.file.read(2))[0]
        elif length == 127:
            length = struct.unpack(">Q", self.file.read(8))[0]
        payload = self.file.read(length)
        opcode = first & 0x0F
        if opcode == 1:
            return opcode, json.loads(payload)
        if opcode == 8:
            return opcode, (struct.unpack(">H", payload[:2])[0], payload[2:].decode())
        return opcode, payload

    def request(self, request_id, request):
        self.send({"type": "request", "request_id": request_id, "request": request})
        return self.frame()[1]

    def close(self):
        self.sock.close()
