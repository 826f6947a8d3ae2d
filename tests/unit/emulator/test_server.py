"""The emulator core: startup contract, authentication, request log, faults, reset, admin API."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
import requests

from .conftest import API_KEY, TESTS_DIR

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
    assert log == [{"method": "GET", "path": "/dnszone/1", "query": {"view": "0", "authToken": "<redacted>"},
                    "status": 200}]
    assert running.admin("DELETE", "requests").status_code == 204
    assert running.log() == []


def test_fault_with_status_and_retry_after_then_normal(emulator):
    running = emulator(FIXTURE)
    added = running.admin("POST", "faults", json={"path_regex": "^/dnszone/1$", "method": "GET", "status": 429,
                                                  "count": 2, "retry_after": 3})
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
    running.admin("POST", "faults", json={"path_regex": "/dnszone/1", "delay_s": 0.3})
    started = time.monotonic()
    assert running.request("GET", "/dnszone/1").status_code == 200
    assert time.monotonic() - started >= 0.3


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
    assert state["areas"]["dns"] == {"dns_zones": [{"id": 1, "domain": "example.com", "dnssec": False}]}
    assert state["faults"] == [] and state["requests_logged"] == 0


def test_unknown_admin_call(emulator):
    assert emulator(FIXTURE).admin("GET", "nope").status_code == 404


def test_command_line_prints_url_writes_url_file_and_shuts_down(tmp_path):
    fixture = tmp_path / "f.yml"
    fixture.write_text("api_keys: [k]\n", encoding="utf-8")
    url_file = tmp_path / "url"
    process = subprocess.Popen([sys.executable, str(TESTS_DIR / "emulator"), "--port", "0", "--fixtures",
                                str(fixture), "--url-file", str(url_file)], stdout=subprocess.PIPE, text=True)
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


@pytest.mark.parametrize("content, message", [
    ("api_keys: [\n", "not valid YAML"), ("- a\n", "must be a mapping"), ("dns_zones: [{domain: x}]\n", "needs 'id'"),
    ("api_keys: k\n", "api_keys must be a list"),
])
def test_bad_fixture_exits_2_with_reason(tmp_path, content, message):
    fixture = tmp_path / "f.yml"
    fixture.write_text(content, encoding="utf-8")
    done = subprocess.run([sys.executable, str(TESTS_DIR / "emulator"), "--fixtures", str(fixture)],
                          capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 2 and message in done.stderr
