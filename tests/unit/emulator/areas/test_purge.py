"""The emulated purge endpoints (emulator/areas/purge.py): what each purges, the counters of the admin API, the rate
buckets with their 429, and the traffic checked against the published core document."""

from __future__ import annotations

import pytest

from emulator.areas.purge import Bucket, purge_kind

from .test_pullzones import conform

KEY, OTHER_KEY = "test-key", "other-test-key"
FIXTURE = {
    "api_keys": [KEY, OTHER_KEY],
    "pull_zones": [
        {
            "id": 2001,
            "name": "demo",
            "hostnames": [{"value": "demo.b-cdn.net", "system": True}, {"value": "www.example.com"}],
        },
        {"id": 2002, "name": "other"},
    ],
}
URL = "/purge"


@pytest.fixture
def running(emulator):
    return emulator(FIXTURE, key=KEY)


def counters(running):
    return running.admin("GET", "purge").json()["pull_zones"]


def purge(running, url, key=KEY, **query):
    return running.request("POST", URL, key=key, params=dict(query, url=url))


def test_whole_zone_tag_and_urls_are_counted_per_zone(running):
    assert running.request("POST", "/pullzone/2001/purgeCache").status_code == 204
    assert running.request("POST", "/pullzone/2001/purgeCache", json={"CacheTag": "v1"}).status_code == 204
    assert running.request("POST", "/pullzone/2002/purgeCache", json={"cachetag": None}).status_code == 204
    assert purge(running, "https://WWW.example.com/a.js", exactPath="false").status_code == 200
    assert purge(running, "http://other.b-cdn.net/assets/*").status_code == 200
    assert counters(running) == {
        "2001": {"purges": 3, "whole": 1, "tags": ["v1"], "urls": ["https://WWW.example.com/a.js"]},
        "2002": {"purges": 2, "whole": 1, "tags": [], "urls": ["http://other.b-cdn.net/assets/*"]},
    }
    assert [entry["status"] for entry in running.log()] == [204, 204, 204, 200, 200]


def test_refusals(running):
    assert running.request("POST", "/pullzone/9/purgeCache").status_code == 404
    assert running.request("POST", "/pullzone/2001/purgeCache", json={"Tag": "x"}).status_code == 400
    assert running.request("POST", "/pullzone/2001/purgeCache", json={"CacheTag": 5}).status_code == 400
    assert running.request("POST", "/pullzone/2001/purgeCache", key=None).status_code == 401
    missing = purge(running, "https://nowhere.example.net/x")
    assert missing.status_code == 404 and missing.json()["ErrorKey"] == "pullZone.not_found"
    for bad in ("", "www.example.com/x", "ftp://www.example.com/x"):
        assert purge(running, bad).json()["ErrorKey"] == "purge.urls_invalid"
    assert counters(running) == {}


def test_the_buckets_answer_429_per_account_and_kind(running):
    reply = running.admin("POST", "purge/buckets", json={"exact": {"burst": 2, "per_second": 0}})
    assert reply.json()["buckets"]["exact"] == {"burst": 2, "per_second": 0.0}
    assert [purge(running, "https://www.example.com/%d" % i).status_code for i in range(3)] == [200, 200, 429]
    limited = purge(running, "https://www.example.com/x")
    assert limited.headers["Retry-After"] == "3600" and not limited.content
    assert purge(running, "https://www.example.com/", key=KEY).status_code == 200  # the prefix bucket
    assert purge(running, "https://www.example.com/y", key=OTHER_KEY).status_code == 200  # another account
    assert len(counters(running)["2001"]["urls"]) == 4  # a 429 purges nothing
    assert running.admin("POST", "purge/buckets", json={"exact": {"burst": -1, "per_second": 1}}).status_code == 400
    assert running.admin("POST", "purge/buckets", json={"both": {}}).status_code == 400


def test_a_bucket_refills_at_its_rate():
    bucket = Bucket(2, 5.0, now=0.0)
    assert [bucket.take(0.0), bucket.take(0.0)] == [None, None]
    assert bucket.take(0.1) == pytest.approx(0.1)
    assert bucket.take(0.2) is None and bucket.take(0.2) == pytest.approx(0.2)
    assert bucket.take(100.0) is None and bucket.level == pytest.approx(1.0)  # never more than its burst


@pytest.mark.parametrize(
    "url, kind",
    [
        ("https://a.example/x.js", "exact"),
        ("https://a.example/x/", "prefix"),
        ("https://a.example", "prefix"),
        ("https://a.example/x-*", "prefix"),
        ("https://a.example/x?v=1", "exact"),
    ],
)
def test_purge_kinds(url, kind):
    assert purge_kind(url) == kind


def test_traffic_conforms_to_the_core_document(running, openapi):
    document = openapi("core-api-v1.0.0.json").api
    exchanges = [
        ("/pullzone/2001/purgeCache", None, None),
        ("/pullzone/2001/purgeCache", {"CacheTag": "v1"}, None),
        ("/pullzone/9/purgeCache", None, None),
        (URL, None, {"url": "https://www.example.com/a.js", "async": "true", "exactPath": "false"}),
    ]
    for path, body, query in exchanges:
        reply = running.request("POST", path, json=body, params=query)
        conform(document, "POST", path, body=body, query=query, reply=reply)
