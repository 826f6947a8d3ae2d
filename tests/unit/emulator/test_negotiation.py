"""Content negotiation (emulator/messages.py): every management area answers what ``Accept`` asks for."""

from __future__ import annotations

import pytest

from emulator.messages import SHIELD_MEDIA_TYPES, negotiate

from .conftest import EMULATOR_DIR

DEMO_KEY = "demo-api-key"
JSON = "application/json; charset=utf-8"
TEXT = "text/plain; charset=utf-8"
# one read per area of the demo fixture; the type it answers with no Accept (the document's first)
AREAS = {
    "dns": ("/dnszone/1001", JSON),
    "pull zones": ("/pullzone/2001", JSON),
    "shield": ("/shield/shield-zone/3001", TEXT),
    "waf rules": ("/shield/waf/custom-rule/4001", TEXT),
    "rate limits": ("/shield/rate-limit/6001", TEXT),
    "access lists": ("/shield/shield-zone/3001/access-lists", TEXT),
    "api guardian": ("/shield/shield-zone/3001/api-guardian", TEXT),
    "databases management": ("/database/v2/databases/demo", "application/json"),
}


@pytest.mark.parametrize(
    "accept, expected",
    [
        (None, "text/plain"),
        ("", "text/plain"),
        ("application/json", "application/json"),
        ("text/plain", "text/plain"),
        ("text/json", "text/json"),
        ("*/*", "text/plain"),
        ("application/json, */*", "application/json"),
        ("*/*;q=0.5, application/json", "application/json"),
        ("application/*+json", "application/json"),
        ("application/*", "application/json"),
        ("application/json, text/plain;q=0.9", "application/json"),
        ("text/plain;q=0.5, application/json;q=0.8", "application/json"),
        ("text/*, application/json", "text/plain"),
        ("*/*, text/plain;q=0", "application/json"),
        ("application/xml", "text/plain"),
        ("garbage, application/json;q=oops", "text/plain"),
    ],
)
def test_negotiate(accept, expected):
    assert negotiate(accept, SHIELD_MEDIA_TYPES) == expected


@pytest.fixture(scope="module")
def demo(module_emulator):
    return module_emulator((EMULATOR_DIR / "fixtures" / "demo.yml").read_text(encoding="utf-8"), key=DEMO_KEY)


@pytest.mark.parametrize("area", sorted(AREAS))
def test_every_area_answers_what_accept_asks(demo, area):
    path, default = AREAS[area]
    for accept, expected in (("application/json", "application/json"), ("*/*", default), (None, default)):
        answer = demo.request("GET", path, headers={"Accept": accept})  # None: requests sends no Accept
        assert answer.status_code == 200, (area, accept, answer.text)
        assert answer.headers["Content-Type"].startswith(expected), (area, accept, answer.headers["Content-Type"])
        assert isinstance(answer.json(), (dict, list)), (area, accept)


def test_a_generated_typescript_sdk_gets_json_from_the_shield_area(demo):
    """The Accept a TypeScript SDK generated from the shield document sends (issue 20): JSON, not text/plain."""
    for path in ("/shield/shield-zone/3001", "/shield/waf/custom-rules/3001", "/shield/shield-zone/3001/bot-detection"):
        answer = demo.request("GET", path, headers={"Accept": "application/json, text/plain;q=0.9"})
        assert (answer.status_code, answer.headers["Content-Type"]) == (200, JSON), path
        assert answer.json()
    unauthorized = demo.request("GET", "/shield/waf/custom-rule/4001", key=None, headers={"Accept": "application/json"})
    assert (unauthorized.status_code, unauthorized.headers["Content-Type"]) == (401, JSON)
