"""Faults that hit one chosen request: ``skip`` lets the first matching requests through untouched."""

from __future__ import annotations

import pytest

from .conftest import API_KEY

FIXTURE = {"api_keys": [API_KEY], "dns_zones": [{"id": 1, "domain": "example.com", "dnssec": False}]}


def test_skip_lets_the_first_matching_requests_pass_then_takes_the_next(emulator):
    running = emulator(FIXTURE)
    added = running.admin(
        "POST", "faults", json={"path_regex": "^/dnszone/1$", "method": "GET", "skip": 2, "body": "{}"}
    )
    assert added.status_code == 201 and added.json()["faults"][0]["skip"] == 2
    answers = [running.request("GET", "/dnszone/1") for _attempt in range(4)]
    assert [a.json().get("Id") for a in answers] == [1, 1, None, 1]
    assert answers[2].text == "{}"
    assert [entry.get("note") for entry in running.log()] == [None, None, "injected fault", None]
    assert running.admin("GET", "state").json()["faults"] == []


def test_requests_the_fault_does_not_match_do_not_count_as_skipped(emulator):
    running = emulator(FIXTURE)
    running.admin("POST", "faults", json={"path_regex": "^/dnszone/1$", "method": "GET", "skip": 1, "status": 503})
    assert running.request("POST", "/dnszone/1/dnssec").status_code == 200  # another path
    assert running.request("DELETE", "/dnszone/1/dnssec").status_code == 200  # another path and method
    assert running.request("GET", "/dnszone/1").status_code == 200  # the one skipped
    assert running.admin("GET", "state").json()["faults"][0]["skip"] == 0
    assert running.request("GET", "/dnszone/1").status_code == 503


def test_a_skipping_fault_lets_a_later_fault_take_the_request(emulator):
    running = emulator(FIXTURE)
    running.admin(
        "POST",
        "faults",
        json=[
            {"path_regex": "^/dnszone/1$", "skip": 1, "status": 503},
            {"path_regex": "^/dnszone/1$", "status": 500},
        ],
    )
    assert [running.request("GET", "/dnszone/1").status_code for _attempt in range(3)] == [500, 503, 200]


def test_skip_with_after_processing_lands_only_the_chosen_write(emulator):
    running = emulator(FIXTURE)
    running.admin(
        "POST",
        "faults",
        json={"path_regex": "dnssec$", "method": "POST", "skip": 1, "status": 500, "after_processing": True},
    )
    assert running.request("POST", "/dnszone/1/dnssec").status_code == 200
    assert running.request("DELETE", "/dnszone/1/dnssec").status_code == 200
    assert running.request("POST", "/dnszone/1/dnssec").status_code == 500
    assert running.request("GET", "/dnszone/1").json()["DnsSecEnabled"] is True  # the faulted write landed


@pytest.mark.parametrize("skip", ["1", -1, 10**6 + 1, True, 1.5])
def test_a_bad_skip_is_refused(emulator, skip):
    running = emulator(FIXTURE)
    answer = running.admin("POST", "faults", json={"path_regex": "x", "status": 500, "skip": skip})
    assert answer.status_code == 400
    assert "skip must be an integer from 0 to 1000000" in answer.json()["error"]
    assert running.admin("GET", "state").json()["faults"] == []


def test_reset_forgets_a_skipping_fault(emulator):
    running = emulator(FIXTURE)
    running.admin("POST", "faults", json={"path_regex": "^/dnszone/1$", "skip": 1, "status": 500})
    running.request("GET", "/dnszone/1")
    running.admin("POST", "reset")
    assert [running.request("GET", "/dnszone/1").status_code for _attempt in range(2)] == [200, 200]
