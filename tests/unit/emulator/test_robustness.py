"""The server under abuse: idle connections, absurd ids, and the access log (emulator/server.py, routing.py)."""

from __future__ import annotations

import json
import re
import resource
import socket

import pytest
import requests

from .conftest import EMULATOR_DIR

DEMO_KEY = "demo-api-key"
ABSURD = ("9" * 5000, "92233720368547758070", "-1", "abc", "1.5", "%00")
PADDED = "0" * 5000 + "1"  # id 1, which no fixture entry has: each area's own answer for an unknown id


@pytest.fixture(scope="module")
def demo(module_emulator):
    return module_emulator((EMULATOR_DIR / "fixtures" / "demo.yml").read_text(encoding="utf-8"), key=DEMO_KEY)


def _paths(pattern, value):
    """The route's path with every named segment set to ``value``."""
    path = re.sub(r"\(\?P<\w+>[^)]*\)", value, pattern.strip("^$"))
    return path.replace("/?", "/")


def test_absurd_ids_answer_400_or_404_with_the_areas_body_on_every_route(demo):
    checked = 0
    for route in demo.platform.router.routes:
        if "(?P<" not in route.pattern.pattern or route.auth is None:
            continue
        for value in ABSURD + (PADDED,):
            answer = demo.request(route.method, _paths(route.pattern.pattern, value))
            where = (route.method, route.pattern.pattern, value[:25])
            # the enums ignore the zone; an unknown id gets the area's answer (a 200 envelope, a 415 for no body)
            lenient = value == PADDED or route.pattern.pattern.endswith("/enums$")
            assert answer.status_code < 500 if lenient else answer.status_code in (400, 404), where + (
                answer.status_code,
                answer.text[:200],
            )
            assert b"Traceback" not in answer.content and b"emulator failed" not in answer.content, where
            if answer.status_code == 400 and route.numeric:
                body = answer.json()
                assert body.get("errors") or body.get("ErrorKey") or body.get("error"), where
            checked += 1
    assert checked > 200


@pytest.mark.parametrize(
    "path, body",
    [
        ("/dnszone/" + "9" * 5000, {"ErrorKey": "validation.out_of_range", "Field": "id"}),
        ("/shield/waf/custom-rule/" + "9" * 5000, {"status": 400, "title": "One or more validation errors occurred."}),
    ],
)
def test_an_id_beyond_int64_is_the_platforms_400(demo, path, body):
    answer = demo.request("GET", path)
    assert answer.status_code == 400
    assert body.items() <= answer.json().items()
    assert demo.request("GET", path.rsplit("/", 1)[0] + "/9223372036854775807").status_code == 404  # fits: unknown


def test_idle_half_open_connections_do_not_keep_a_new_client_waiting_and_time_out(demo):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 2048:  # both ends of 400 connections live in this process
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(2048, hard), hard))
    demo.server.idle_timeout = 1.0  # read per connection, when its handler starts
    idle = []
    try:
        for index in range(400):
            sock = socket.create_connection(demo.server.server_address[:2], timeout=5)
            if index % 2:
                sock.sendall(b"GET /dnszone HTTP/1.1\r\nHost: x\r\n")  # half a request, never finished
            idle.append(sock)
        # served although 400 connections sit idle or half-sent (the bounds are for a loaded machine, not a measure)
        fresh = requests.get(demo.url + "/dnszone/1001", headers={"AccessKey": DEMO_KEY}, timeout=60)
        assert fresh.status_code == 200
        first = idle[1]
        first.settimeout(60)
        assert first.recv(1) == b""  # the server closed it: idle past the timeout
    finally:
        for sock in idle:
            sock.close()
        demo.server.idle_timeout = 120.0


def test_verbose_access_log_is_one_json_line_per_request_without_secrets(demo, capfd):
    demo.server.verbose = True
    try:
        demo.request("GET", "/dnszone/1001?authToken=hunter2&page=1")
        demo.request("GET", "/dnszone/1001", key="wrong-secret-key")
    finally:
        demo.server.verbose = False
    err = capfd.readouterr().err
    # this test's own requests: the shared emulator may still log connections an earlier test left half-sent
    lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    lines = [entry for entry in lines if entry["path"] == "/dnszone/1001"]
    assert [(e["method"], e["path"], e["query"], e["status"]) for e in lines] == [
        ("GET", "/dnszone/1001", ["authToken", "page"], 200),
        ("GET", "/dnszone/1001", [], 401),
    ]
    assert all(isinstance(e["duration_ms"], float) and e["time"].endswith("Z") for e in lines)
    assert "hunter2" not in err and DEMO_KEY not in err and "wrong-secret-key" not in err
