"""The emulator core: startup contract, authentication, request log, faults, reset, admin API."""

from __future__ import annotations

import json
import socket
import subprocess
import sys

import pytest
import requests

from .conftest import API_KEY, EMULATOR_DIR

FIXTURE = {"api_keys": [API_KEY], "dns_zones": [{"id": 1, "domain": "example.com", "dnssec": False}]}


def test_unknown_path_404_and_wrong_method_405(emulator):
    running = emulator(FIXTURE)
    assert running.request("GET", "/nothing/here").status_code == 404
    assert running.request("PUT", "/dnszone/1").status_code == 405


def test_missing_or_wrong_key_is_401_with_empty_core_body(emulator):
    running = emulator(FIXTURE)
    for key in (None, "wrong"):
        answer = running.request("GET", "/dnszone/1", key=key)
        assert answer.status_code == 401 and answer.content == b""


def test_request_log_records_calls_without_secrets_and_clears(emulator):
    running = emulator(FIXTURE)
    running.request("GET", "/dnszone/1?view=0&authToken=hunter2")
    log = running.log()
    assert log == [
        {"method": "GET", "path": "/dnszone/1", "query": {"view": "0", "authToken": "<redacted>"}, "status": 200}
    ]
    assert running.admin("DELETE", "requests").status_code == 204
    assert running.log() == []


def test_fault_with_status_and_retry_after_then_normal(emulator):
    running = emulator(FIXTURE)
    added = running.admin(
        "POST",
        "faults",
        json={"path_regex": "^/dnszone/1$", "method": "GET", "status": 429, "count": 2, "retry_after": 3},
    )
    assert added.status_code == 201
    for _round in range(2):
        answer = running.request("GET", "/dnszone/1")
        assert answer.status_code == 429 and answer.headers["Retry-After"] == "3"
    assert running.request("GET", "/dnszone/1").status_code == 200
    assert [entry["status"] for entry in running.log()] == [429, 429, 200]
    assert running.log()[0]["note"] == "injected fault"


def test_fault_method_filter(emulator):
    running = emulator(FIXTURE)
    running.admin("POST", "faults", json={"path_regex": "dnssec", "method": "DELETE", "status": 503})
    assert running.request("POST", "/dnszone/1/dnssec").status_code == 200
    assert running.request("DELETE", "/dnszone/1/dnssec").status_code == 503


def test_dropped_connection_fault(emulator):
    running = emulator(FIXTURE)
    running.admin("POST", "faults", json={"path_regex": "/dnszone/1", "drop_connection": True})
    with pytest.raises(requests.exceptions.ConnectionError):
        requests.get(running.url + "/dnszone/1", headers={"AccessKey": API_KEY}, timeout=5)
    assert running.request("GET", "/dnszone/1").status_code == 200
    assert running.log()[0]["note"] == "dropped connection"


def test_delay_fault_delays(emulator):
    running = emulator(FIXTURE)
    running.admin("POST", "faults", json={"path_regex": "/dnszone/1", "delay_s": 3})
    with pytest.raises(requests.exceptions.ReadTimeout):  # no answer within a tenth of the delay
        requests.get(running.url + "/dnszone/1", headers={"AccessKey": API_KEY}, timeout=0.3)
    assert running.request("GET", "/dnszone/1").status_code == 200  # the fault was used up


@pytest.mark.parametrize("fault", [{}, {"path_regex": "x"}, {"path_regex": "(", "status": 500}, "not json"])
def test_bad_fault_is_rejected(emulator, fault):
    running = emulator(FIXTURE)
    answer = running.admin("POST", "faults", **({"data": fault} if isinstance(fault, str) else {"json": fault}))
    assert answer.status_code == 400 and "bad fault" in answer.json()["error"]


def test_reset_restores_fixture_state_log_and_faults(emulator):
    running = emulator(FIXTURE)
    running.request("POST", "/dnszone/1/dnssec")
    running.admin("POST", "faults", json={"path_regex": ".", "status": 500, "count": 5})
    assert running.admin("POST", "reset").json() == {"reset": True}
    assert running.log() == []
    assert running.request("GET", "/dnszone/1").json()["DnsSecEnabled"] is False


def test_state_dump(emulator):
    running = emulator(FIXTURE)
    state = running.admin("GET", "state").json()
    assert state["areas"]["dns"]["dns_zones"] == [{"id": 1, "domain": "example.com", "dnssec": False}]
    assert state["areas"]["dns"]["dns_records"] == []
    assert state["faults"] == [] and state["requests_logged"] == 0


def test_unknown_admin_call(emulator):
    assert emulator(FIXTURE).admin("GET", "nope").status_code == 404


def test_command_line_prints_url_writes_url_file_and_shuts_down(tmp_path):
    fixture = tmp_path / "f.yml"
    fixture.write_text("api_keys: [k]\n", encoding="utf-8")
    url_file = tmp_path / "url"
    process = subprocess.Popen(
        [sys.executable, str(EMULATOR_DIR), "--port", "0", "--fixtures", str(fixture), "--url-file", str(url_file)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        first = process.stdout.readline().strip()
        assert first.startswith("EMULATOR_URL=http://127.0.0.1:")
        url = first.split("=", 1)[1]
        assert url_file.read_text(encoding="utf-8").strip() == url
        assert requests.post(url + "/_emulator/shutdown", timeout=5).json() == {"shutdown": True}
        assert process.wait(timeout=10) == 0
        assert not url_file.exists()
    finally:
        process.kill()
        process.stdout.close()


@pytest.mark.parametrize(
    "content, message",
    [
        ("api_keys: [\n", "not valid YAML"),
        ("- a\n", "must be a mapping"),
        ("dns_zones: [{domain: x}]\n", "needs 'id'"),
        ("api_keys: k\n", "api_keys must be a list"),
    ],
)
def test_bad_fixture_exits_2_with_reason(tmp_path, content, message):
    fixture = tmp_path / "f.yml"
    fixture.write_text(content, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(EMULATOR_DIR), "--fixtures", str(fixture)],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 2 and message in done.stderr


@pytest.mark.parametrize(
    "fault, fragment",
    [
        ({"path_regex": "x", "status": "500"}, "status must be an integer from 100 to 599"),
        ({"path_regex": "x", "status": 99}, "status must be an integer"),
        ({"path_regex": "x", "status": True}, "status must be an integer"),
        ({"path_regex": "x", "status": 500, "colour": "red"}, "unknown field colour"),
        ({"path_regex": "x", "status": 429, "retry_after": "3\r\nX-Injected: 1"}, "retry_after must be whole seconds"),
        ({"path_regex": "x", "status": 429, "retry_after": "soon"}, "retry_after must be whole seconds"),
        ({"path_regex": "x", "status": 429, "retry_after": -1}, "retry_after must be whole seconds"),
        (
            {"path_regex": "x", "status": 301, "location": "http://a/\r\nSet-Cookie: x"},
            "location must be a single line",
        ),
        ({"path_regex": "x", "status": 200, "location": "http://a/"}, "location needs a 3xx status"),
        ({"path_regex": "x", "body": "<html>", "content_type": "text/html\n"}, "content_type must be a single line"),
        ({"path_regex": "x", "body": {"not": "text"}}, "body must be a string"),
        ({"path_regex": "x", "delay_s": "slow"}, "delay_s must be a number"),
        ({"path_regex": "x", "delay_s": 1e9}, "delay_s must be a number"),
        ({"path_regex": "x", "status": 500, "count": "2"}, "count must be an integer"),
        ({"path_regex": "x", "drop_connection": "yes"}, "drop_connection must be true or false"),
        ({"path_regex": 5, "status": 500}, "path_regex must be a string"),
    ],
)
def test_fault_fields_are_validated_and_never_reach_a_header(emulator, fault, fragment):
    running = emulator(FIXTURE)
    answer = running.admin("POST", "faults", json=fault)
    assert answer.status_code == 400 and fragment in answer.json()["error"]
    assert running.admin("GET", "state").json()["faults"] == []


def test_retry_after_as_http_date_is_accepted(emulator):
    running = emulator(FIXTURE)
    date = "Wed, 21 Oct 2015 07:28:00 GMT"
    running.admin("POST", "faults", json={"path_regex": "/dnszone/1", "status": 503, "retry_after": date})
    assert running.request("GET", "/dnszone/1").headers["Retry-After"] == date


def test_redirect_fault_answers_status_and_location(emulator):
    running = emulator(FIXTURE)
    running.admin(
        "POST", "faults", json={"path_regex": "/dnszone/1", "status": 307, "location": "http://127.0.0.1:9/elsewhere"}
    )
    answer = running.request("GET", "/dnszone/1", allow_redirects=False)
    assert answer.status_code == 307 and answer.headers["Location"] == "http://127.0.0.1:9/elsewhere"


def test_body_fault_replaces_the_answer_without_processing(emulator):
    running = emulator(FIXTURE)
    running.admin(
        "POST", "faults", json={"path_regex": "dnssec", "body": "<html>maintenance</html>", "content_type": "text/html"}
    )
    answer = running.request("POST", "/dnszone/1/dnssec")
    assert (answer.status_code, answer.text, answer.headers["Content-Type"]) == (
        200,
        "<html>maintenance</html>",
        "text/html",
    )
    assert running.request("GET", "/dnszone/1").json()["DnsSecEnabled"] is False  # not processed


@pytest.mark.parametrize(
    "fault, status",
    [
        ({"body": '{"Enabled": tr', "content_type": "application/json"}, 200),
        ({"status": 504}, 504),
    ],
)
def test_after_processing_the_write_lands_and_the_answer_is_replaced(emulator, fault, status):
    running = emulator(FIXTURE)
    running.admin("POST", "faults", json=dict(fault, path_regex="dnssec", after_processing=True))
    assert running.request("POST", "/dnszone/1/dnssec").status_code == status
    assert running.request("GET", "/dnszone/1").json()["DnsSecEnabled"] is True  # the write landed
    assert running.log()[0]["note"] == "injected fault after processing (status 200)"


def test_after_processing_drop_loses_the_answer_of_a_write_that_landed(emulator):
    running = emulator(FIXTURE)
    running.admin("POST", "faults", json={"path_regex": "dnssec", "drop_connection": True, "after_processing": True})
    with pytest.raises(requests.exceptions.ConnectionError):
        requests.post(running.url + "/dnszone/1/dnssec", headers={"AccessKey": API_KEY}, timeout=5)
    assert running.request("GET", "/dnszone/1").json()["DnsSecEnabled"] is True
    assert running.log()[0]["note"] == "dropped connection after processing (status 200)"


def test_log_names_credential_headers_only_when_asked_and_never_their_values(emulator):
    running = emulator(FIXTURE)
    running.request("GET", "/dnszone/1")
    running.request("GET", "/dnszone/1", key=None, headers={"Authorization": "Bearer hunter2"})
    running.request("GET", "/dnszone/1", key=None)
    assert "credentials" not in running.log()[0]
    shown = running.admin("GET", "requests", params={"credentials": "true"}).json()["requests"]
    assert [entry["credentials"] for entry in shown] == [["AccessKey"], ["Authorization"], []]
    assert API_KEY not in json.dumps(shown) and "hunter2" not in json.dumps(shown)


def raw_exchange(running, data):
    """Send raw bytes and read the answer until the server closes (or 5 s pass)."""
    host, port = running.server.server_address[:2]
    with socket.create_connection((host, port), timeout=5) as conn:
        conn.sendall(data)
        chunks = []
        while True:
            chunk = conn.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks)


@pytest.mark.parametrize("length, status", [(b"abc", 400), (b"-5", 400), (b"1e3", 400), (b"999999999999", 413)])
def test_unusable_content_length_gets_an_answer_not_a_dropped_connection(emulator, length, status):
    running = emulator(FIXTURE)
    answer = raw_exchange(
        running,
        b"POST /dnszone/1/dnssec HTTP/1.1\r\nHost: x\r\nAccessKey: "
        + API_KEY.encode()
        + b"\r\nContent-Length: "
        + length
        + b"\r\n\r\n",
    )
    assert answer.startswith(b"HTTP/1.1 %d " % status)
    assert b"Content-Length" in json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"].encode() or status == 413
    assert running.request("GET", "/dnszone/1").json()["DnsSecEnabled"] is False


@pytest.mark.parametrize(
    "path, headers",
    [
        ("/_emulator/faults", {}),
        ("/db/demo/v2/pipeline", {"Authorization": "Bearer demo-full-token"}),
        ("/pullzone/2001/addCertificate", {"AccessKey": API_KEY}),
    ],
)
def test_deeply_nested_json_is_a_400(emulator, path, headers):
    hostnames = [{"value": "demo.b-cdn.net", "system": True}]
    running = emulator(
        dict(
            FIXTURE,
            databases=[{"id": "demo", "tokens": {"full_access": ["demo-full-token"]}}],
            pull_zones=[{"id": 2001, "name": "demo", "hostnames": hostnames}],
        )
    )
    deep = b"[" * 100000 + b"]" * 100000
    answer = running.session.post(
        running.url + path, data=deep, timeout=30, headers=dict(headers, **{"Content-Type": "application/json"})
    )
    assert answer.status_code == 400
    assert running.request("GET", "/dnszone/1").status_code == 200  # still serving


@pytest.mark.parametrize("body", ['{"Domain": NaN}', '{"Domain": Infinity}', '{"Domain": -Infinity}'])
def test_a_body_with_a_constant_that_is_not_json_is_refused(emulator, body):
    running = emulator(FIXTURE)
    answer = running.request("POST", "/dnszone", data=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400 and answer.json()["ErrorKey"] == "request.invalid_json"
    assert "is not a JSON value" in answer.json()["Message"]
