"""dnszone_dnssec: read before write, exact check mode, diff, errors, secrets, lost answers."""

from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.context import Context, execute
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import MAY_HAVE_BEEN_SENT, ApiError
from ansible_collections.edge.platform.plugins.modules import dnszone_dnssec
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

KEY = "unit-test-api-key"
BASE = {"api_key": KEY, "base_url": "https://api.example.test", "zone_id": 7}
ENABLED = {
    "Enabled": True,
    "DsRecord": "example.com. 3600 IN DS 4242 13 2 ABCD",
    "Digest": "ABCD",
    "DigestType": "SHA256 (2)",
    "Algorithm": 13,
    "PublicKey": "cHVi",
    "KeyTag": 4242,
    "Flags": 257,
    "DsConfigured": False,
}
DISABLED = {
    "Enabled": False,
    "DsRecord": None,
    "Digest": None,
    "DigestType": None,
    "Algorithm": 0,
    "PublicKey": None,
    "KeyTag": 0,
    "Flags": 0,
    "DsConfigured": False,
}


def zone(enabled):
    return FakeResponse(200, {"Id": 7, "Domain": "example.com", "DnsSecEnabled": enabled})


def test_enables_when_disabled(fake_session, run_module):
    fake_session.responses = [zone(False), FakeResponse(200, ENABLED)]
    result = run_module(dnszone_dnssec, dict(BASE, state="enabled"))
    assert result["changed"] is True
    assert [(c["method"], c["url"]) for c in fake_session.calls] == [
        ("GET", "https://api.example.test/dnszone/7"),
        ("POST", "https://api.example.test/dnszone/7/dnssec"),
    ]
    assert result["dnssec"] == {
        "enabled": True,
        "ds_record": "example.com. 3600 IN DS 4242 13 2 ABCD",
        "digest": "ABCD",
        "digest_type": "SHA256 (2)",
        "algorithm": 13,
        "public_key": "cHVi",
        "key_tag": 4242,
        "flags": 257,
        "ds_configured": False,
    }
    assert result["dns_zone"] == {"id": 7, "domain": "example.com"}


def test_disables_when_enabled_and_nulls_empty_fields(fake_session, run_module):
    fake_session.responses = [zone(True), FakeResponse(200, DISABLED)]
    result = run_module(dnszone_dnssec, dict(BASE, state="disabled"))
    assert result["changed"] is True
    assert fake_session.calls[1]["method"] == "DELETE"
    assert result["dnssec"]["enabled"] is False
    assert result["dnssec"]["key_tag"] is None and result["dnssec"]["algorithm"] is None


@pytest.mark.parametrize("state, enabled", [("enabled", True), ("disabled", False)])
def test_no_change_sends_only_the_read(fake_session, run_module, state, enabled):
    fake_session.responses = [zone(enabled)]
    result = run_module(dnszone_dnssec, dict(BASE, state=state))
    assert result["changed"] is False
    assert len(fake_session.calls) == 1
    assert result["dnssec"]["enabled"] is enabled


def test_fetch_ds_record_reads_the_current_key_of_an_enabled_zone(fake_session, run_module):
    fake_session.responses = [zone(True), FakeResponse(200, ENABLED)]
    result = run_module(dnszone_dnssec, dict(BASE, state="enabled", fetch_ds_record=True))
    assert result["changed"] is False
    assert result["dnssec"]["key_tag"] == 4242


@pytest.mark.parametrize("state, enabled", [("enabled", False), ("disabled", True)])
def test_check_mode_predicts_without_writing(fake_session, run_module, state, enabled):
    fake_session.responses = [zone(enabled)]
    result = run_module(dnszone_dnssec, dict(BASE, state=state), check=True, diff=True)
    assert result["changed"] is True
    assert fake_session.writes == []
    assert result["dnssec"]["enabled"] is (not enabled)
    assert result["diff"] == {
        "before": {"id": 7, "domain": "example.com", "dnssec_enabled": enabled},
        "after": {"id": 7, "domain": "example.com", "dnssec_enabled": not enabled},
    }


def test_diff_only_in_diff_mode(fake_session, run_module):
    fake_session.responses = [zone(True)]
    assert "diff" not in run_module(dnszone_dnssec, dict(BASE, state="enabled"))


def test_missing_zone_fails_with_hint_and_api_error(fake_session, run_module):
    fake_session.responses = [FakeResponse(404)]
    result = run_module(dnszone_dnssec, dict(BASE, state="enabled"))
    assert result["failed"] is True
    assert result["msg"] == (
        "Reading DNS zone 7 failed with HTTP 404 Not Found. "
        "No DNS zone with id 7 is visible to this API key: check zone_id."
    )
    assert result["api_error"] == {"status": 404, "error_key": None, "field": None, "message": None}


def test_rejected_key_fails_naming_api_key_and_never_showing_it(fake_session, run_module):
    fake_session.responses = [FakeResponse(401, text="denied for %s" % KEY)]
    result = run_module(dnszone_dnssec, dict(BASE, state="enabled"))
    assert result["failed"] is True
    assert "HTTP 401" in result["msg"] and "api_key" in result["msg"]
    assert KEY not in json.dumps(result)


def test_retries_transparently(fake_session, run_module):
    fake_session.responses = [FakeResponse(429, headers={"Retry-After": "0"}), FakeResponse(503), zone(True)]
    result = run_module(dnszone_dnssec, dict(BASE, state="enabled"))
    assert result["changed"] is False and len(fake_session.calls) == 3


@pytest.mark.parametrize(
    "args, message",
    [
        ({"zone_id": 0}, "zone_id must be a positive id (from 1 to 9223372036854775807); got 0."),
        ({"base_url": "api.example.test"}, "base_url must be an absolute http:// or https:// URL"),
        ({"timeout": 0}, "timeout must be a number of seconds from 0.1 to 3600"),
        ({"retries": -1}, "retries must be from 0 to 10"),
    ],
)
def test_bad_input_fails_before_any_request(fake_session, run_module, args, message):
    result = run_module(dnszone_dnssec, dict(BASE, state="enabled", **args))
    assert result["failed"] is True and message in result["msg"]
    assert fake_session.calls == []


def test_missing_required_option(fake_session, run_module):
    result = run_module(dnszone_dnssec, {"api_key": KEY, "base_url": "https://x.test", "state": "enabled"})
    assert result["failed"] is True and "zone_id" in result["msg"]
    assert fake_session.calls == []


def test_credentials_from_environment(fake_session, run_module, monkeypatch):
    monkeypatch.setenv("EDGE_API_KEY", KEY)
    monkeypatch.setenv("EDGE_BASE_URL", "https://env.example.test")
    fake_session.responses = [zone(True)]
    result = run_module(dnszone_dnssec, {"zone_id": 7, "state": "enabled"})
    assert result["changed"] is False
    assert fake_session.calls[0]["url"] == "https://env.example.test/dnszone/7"
    assert fake_session.calls[0]["headers"]["AccessKey"] == KEY


@pytest.mark.parametrize("state, enabled, answer", [("enabled", False, ENABLED), ("disabled", True, DISABLED)])
def test_requests_conform_to_the_published_core_document(fake_session, run_module, openapi, state, enabled, answer):
    document = openapi("core-api-v1.0.0.json")
    fake_session.responses = [zone(enabled), FakeResponse(200, answer)]
    run_module(dnszone_dnssec, dict(BASE, state=state))
    for call in fake_session.calls:
        path = call["url"].replace("https://api.example.test", "")
        document.check_request(call["method"], path, call["json"], headers={"AccessKey": call["headers"]["AccessKey"]})


def test_fetch_ds_record_is_not_sent_in_check_mode(fake_session, run_module):
    fake_session.responses = [zone(True)]
    result = run_module(dnszone_dnssec, dict(BASE, state="enabled", fetch_ds_record=True), check=True)
    assert result["changed"] is False and fake_session.writes == []


def test_api_key_with_a_newline_fails_naming_the_option_and_never_shows_it(fake_session, run_module):
    result = run_module(dnszone_dnssec, dict(BASE, api_key=KEY + "\n", state="enabled"))
    assert result["failed"] is True
    assert result["msg"].startswith("api_key contains spaces, a newline or control characters")
    assert KEY not in json.dumps(result)
    assert fake_session.calls == []


@pytest.mark.parametrize("body", [[1, 2], "text", None])
def test_a_body_that_is_not_an_object_is_no_traceback(fake_session, run_module, body):
    # never read as "DNSSEC is off": an answer that was not read fails before any decision or write
    fake_session.responses = [FakeResponse(200, body) if body is not None else FakeResponse(200, text="")]
    result = run_module(dnszone_dnssec, dict(BASE, state="disabled"))
    assert result["failed"] is True and fake_session.writes == []
    assert "is not the DNS zone 7 this operation returns, so it was not understood" in result["msg"]


class LostAnswerClient(object):
    """The zone before and after a write whose answer never came (the transport's may-have-been-sent)."""

    def __init__(self, landed, reread_fails=False):
        self.states = [False, landed]
        self.reread_fails = reread_fails
        self.sent = []
        self.secrets = ()

    def request(self, method, path, operation, **_kwargs):
        self.sent.append((method, path))
        if method == "GET":
            if len(self.sent) > 1 and self.reread_fails:
                raise ApiError(operation, 503)
            zone = {"Id": 7, "Domain": "example.org", "DnsSecEnabled": self.states.pop(0)}
            return type("Reply", (), {"data": zone, "object": zone})()
        raise ApiError(operation, None, "no answer in time", kind=MAY_HAVE_BEEN_SENT)


def run_core(client, **params):
    ctx = Context(dict({"zone_id": 7, "zone_domain": None, "state": "enabled", "fetch_ds_record": False}, **params))
    ctx.client = client
    return ctx, execute(dnszone_dnssec.run, ctx)


def test_lost_answer_with_dnssec_enabled_is_a_change_with_a_warning_and_no_replay():
    client = LostAnswerClient(landed=True)
    ctx, result = run_core(client)
    assert result["changed"] is True and result["dnssec"]["enabled"] is True
    assert client.sent == [("GET", "/dnszone/7"), ("POST", "/dnszone/7/dnssec"), ("GET", "/dnszone/7")]
    assert ctx.warnings and ctx.warnings[0].startswith("Enabling DNSSEC on DNS zone 7 got no answer")


def test_lost_answer_then_the_ds_record_is_fetched_on_request():
    client = LostAnswerClient(landed=True)

    def request(method, path, operation, **kwargs):
        if len(client.sent) == 3:  # the fetch after the re-read
            client.sent.append((method, path))
            return type("Reply", (), {"object": ENABLED})()
        return LostAnswerClient.request(client, method, path, operation, **kwargs)

    client.request = request
    _ctx, result = run_core(client, fetch_ds_record=True)
    assert result["changed"] is True and result["dnssec"]["ds_record"] == ENABLED["DsRecord"]
    assert [m for m, _p in client.sent] == ["GET", "POST", "GET", "POST"]


@pytest.mark.parametrize("reread_fails, words", [(False, "NOT applied"), (True, "is unknown")])
def test_lost_answer_not_confirmed_fails(reread_fails, words):
    client = LostAnswerClient(landed=False, reread_fails=reread_fails)
    _ctx, result = run_core(client)
    assert result["failed"] is True and words in result["msg"]
    assert result["api_error"]["status"] is None
    assert [m for m, _p in client.sent] == ["GET", "POST", "GET"]


# ---------------------------------------------------------------- the zone by its domain


def listing(*zones):
    return FakeResponse(200, {"Items": list(zones), "CurrentPage": 1, "TotalItems": len(zones), "HasMoreItems": False})


def paths(session):
    return [(call["method"], call["url"].split("/", 3)[-1]) for call in session.calls]


BY_NAME = {"api_key": KEY, "base_url": "https://api.example.test"}


def test_zone_by_domain_costs_the_search_and_no_further_read(fake_session, run_module):
    fake_session.responses = [
        listing(
            {"Id": 8, "Domain": "shop.example.org", "DnsSecEnabled": True},
            {"Id": 7, "Domain": "example.org", "DnsSecEnabled": False},
        ),
        FakeResponse(200, ENABLED),
    ]
    result = run_module(dnszone_dnssec, dict(BY_NAME, zone_domain="example.org.", state="enabled"))
    assert result["changed"] is True and result["dns_zone"] == {"id": 7, "domain": "example.org"}
    assert paths(fake_session) == [("GET", "dnszone"), ("POST", "dnszone/7/dnssec")]
    assert fake_session.calls[0]["params"]["search"] == "example.org"


def test_zone_by_domain_without_an_exact_match_lists_candidates(fake_session, run_module):
    fake_session.responses = [listing({"Id": 8, "Domain": "shop.example.org"}, {"Id": 9, "Domain": "www.example.org"})]
    result = run_module(dnszone_dnssec, dict(BY_NAME, zone_domain="example.org", state="enabled"))
    assert result["failed"] is True and "shop.example.org (id 8), www.example.org (id 9)" in result["msg"]
    assert paths(fake_session) == [("GET", "dnszone")]


@pytest.mark.parametrize(
    "params, words",
    [
        ({"zone_id": 7, "zone_domain": "example.org"}, "mutually exclusive: zone_id|zone_domain"),
        ({}, "one of the following is required: zone_id, zone_domain"),
    ],
)
def test_zone_id_and_zone_domain_exactly_one(fake_session, run_module, params, words):
    result = run_module(dnszone_dnssec, dict(BY_NAME, state="enabled", **params))
    assert result["failed"] is True and words in result["msg"] and fake_session.calls == []


def test_check_mode_with_a_zone_only_predicted_reports_the_change(fake_session, run_module):
    empty = {"Items": [], "CurrentPage": 1, "TotalItems": 0, "HasMoreItems": False}
    fake_session.responses = [FakeResponse(body=empty)]
    args = {"api_key": "k", "base_url": "https://api.example.test", "zone_domain": "new.example", "state": "enabled"}
    result = run_module(dnszone_dnssec, args, check=True)
    assert result["changed"] is True and result["dnssec"]["enabled"] is True and fake_session.writes == []
    assert "does not exist" in str(result["warnings"])
    fake_session.responses = [FakeResponse(body=empty)]
    assert run_module(dnszone_dnssec, args)["failed"] is True  # a real run still fails
