# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""pullzone_purge's core against the emulator (demo fixture: pull zone 2001 ``demo`` serves www.example.com), on both
hosts: what is sent for a whole zone, a tag and URLs, check mode, bad input, and a failure midway."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._cores import purge as core

HOSTS = ("module", "in-process")
A = "https://www.example.com/a.js"
B = "https://www.example.com/b.js"
C = "https://www.example.com/c.js"


def purges(emulated):
    return emulated.platform.areas["purge"].dump()["pull_zones"]


def sent(emulated):
    return [(e["method"], e["path"], e["query"].get("url"), e["status"]) for e in emulated.log()]


def run(emulated, host, check=False, **args):
    return emulated.run("pullzone_purge", emulated.arguments("pullzone_purge", args), host, check=check)[0]


@pytest.mark.parametrize("host", HOSTS)
def test_whole_zone_and_tag(emulated_demo, host):
    whole = run(emulated_demo, host, pullzone_name="demo")
    tag = run(emulated_demo, host, pullzone_id=2001, tag="release-42")
    assert whole["changed"] and whole["scope"] == "zone" and whole["pull_zone"] == {"id": 2001, "name": "demo"}
    assert tag["changed"] and tag["scope"] == "tag" and tag["tag"] == "release-42"
    assert purges(emulated_demo) == {"2001": {"purges": 2, "whole": 1, "tags": ["release-42"], "urls": []}}
    posts = [entry for entry in sent(emulated_demo) if entry[0] == "POST"]
    assert posts == [("POST", "/pullzone/2001/purgeCache", None, 204)] * 2


@pytest.mark.parametrize("host", HOSTS)
def test_urls_exact_and_prefix_each_once(emulated_demo, host):
    urls = [A, "https://www.example.com/assets/*", A, "https://cdn.example.com/"]
    result = run(emulated_demo, host, urls=urls)
    assert result["changed"] and result["scope"] == "urls" and result["pull_zone"] is None
    assert result["purged"] == [A, "https://www.example.com/assets/*", "https://cdn.example.com/"]
    assert result["failed_urls"] == [] and result["not_sent"] == []
    assert sorted(purges(emulated_demo)["2001"]["urls"]) == sorted(result["purged"])
    assert all(entry[:2] == ("POST", "/purge") and entry[3] == 200 for entry in sent(emulated_demo))


@pytest.mark.parametrize("host", HOSTS)
def test_check_mode_sends_no_purge(emulated_demo, host):
    result = run(emulated_demo, host, check=True, pullzone_id=2001, urls=[A, B], exact_path=True)
    assert result["changed"] and result["purged"] == [A, B]
    assert [entry[0] for entry in sent(emulated_demo)] == ["GET"]
    assert purges(emulated_demo) == {}


@pytest.mark.parametrize(
    "args, words",
    [
        ({"urls": []}, "urls is empty"),
        ({"urls": ["www.example.com/a.js"]}, "urls[0] (www.example.com/a.js) is not an absolute http or https URL"),
        ({"urls": [A, "https://www.example.com@evil.example/x"]}, "urls[1]"),
        ({"urls": ["https://www.example.com/a b"]}, "whitespace"),
        ({"urls": ["https://*.example.com/"]}, "names no single host"),
        ({"urls": ["https://www.example.com/#top"]}, "fragment"),
        ({"pullzone_id": 2001, "tag": " "}, "tag is empty"),
        ({"pullzone_id": 2001, "urls": [A, "https://staging.example.com/x"]}, "not on pull zone demo (id 2001)"),
        ({"tag": "x"}, "one of the following is required"),
        ({"pullzone_id": 2001, "exact_path": True}, "exact_path is True"),
    ],
)
def test_bad_input_names_the_option_and_purges_nothing(emulated_demo, args, words):
    for host in HOSTS:
        result = run(emulated_demo, host, **args)
        assert result["failed"] and words in result["msg"], result["msg"]
        assert not result.get("changed")
    assert purges(emulated_demo) == {}
    assert all(entry[0] == "GET" for entry in sent(emulated_demo))


def test_a_host_on_no_pull_zone_fails_naming_urls(emulated_demo):
    result = run(emulated_demo, "in-process", urls=["https://nowhere.example.net/x"])
    assert result["failed"] and result["api_error"]["error_key"] == "pullZone.not_found"
    assert "check urls" in result["msg"] and result["failed_urls"] == ["https://nowhere.example.net/x"]


def test_a_429_waits_and_is_retried(emulated_demo):
    emulated_demo.fault(path_regex="^/purge$", method="POST", status=429, retry_after=1, count=1)
    result = run(emulated_demo, "in-process", urls=[A])
    assert result["changed"] and result["purged"] == [A]
    assert [entry[3] for entry in sent(emulated_demo)] == [429, 200]


def test_a_failure_midway_lists_purged_failed_and_not_sent(emulated_demo, monkeypatch):
    monkeypatch.setattr(core, "IN_FLIGHT", 1)  # one at a time: which URL comes after the failure is known
    emulated_demo.fault(path_regex="^/purge$", method="POST", status=400, skip=1, count=1)
    result = run(emulated_demo, "in-process", urls=[A, B, C])
    assert result["failed"] and result["changed"]  # A was purged
    assert (result["purged"], result["failed_urls"], result["not_sent"]) == ([A], [B], [C])
    assert "Of 3 URLs, 1 were purged, 1 failed and 1 were not sent" in result["msg"]
    assert [entry[2] for entry in sent(emulated_demo)] == [A, B]  # C never sent, A never sent again


def test_a_zone_purge_answered_200_counts_as_done(emulated_demo):
    emulated_demo.fault(path_regex="purgeCache$", method="POST", status=200, after_processing=True)
    result = run(emulated_demo, "in-process", pullzone_id=2001)
    assert result["changed"] and not result.get("failed")
    assert purges(emulated_demo)["2001"]["whole"] == 1
