"""dnszone_dnssec: requests sent, results, check mode, diff, and lost answers (fake session, no network)."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine import MAY_HAVE_BEEN_SENT, Context, execute
from ansible_collections.edge.platform.plugins.module_utils._errors import ApiError
from ansible_collections.edge.platform.plugins.modules import dnszone_dnssec

from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

BASE = {"api_key": "unit-secret-key", "base_url": "https://api.example.test", "retries": 0}
KEY = {"Enabled": True, "DsRecord": "example.org. 3600 IN DS 1 13 2 AB", "Digest": "AB", "DigestType": "SHA256 (2)",
       "Algorithm": 13, "PublicKey": "cGs=", "KeyTag": 1, "Flags": 257, "DsConfigured": False}
OFF = {"Enabled": False, "DsRecord": None, "Digest": None, "DigestType": None, "Algorithm": 0, "PublicKey": None,
       "KeyTag": 0, "Flags": 0, "DsConfigured": False}


def zone(enabled):
    return FakeResponse(body={"Id": 7, "Domain": "example.org", "DnsSecEnabled": enabled})


def methods(session):
    return [(call["method"], call["url"].split("/", 3)[-1]) for call in session.calls]


def test_enable_sends_one_read_and_one_write_and_returns_the_ds_record(fake_session, run_module):
    fake_session.responses = [zone(False), FakeResponse(body=KEY)]
    result = run_module(dnszone_dnssec, dict(BASE, zone_id=7, state="enabled"), diff=True)
    assert result["changed"] is True
    assert result["dnssec"]["ds_record"] == KEY["DsRecord"] and result["dnssec"]["key_tag"] == 1
    assert result["diff"] == {"before": {"id": 7, "domain": "example.org", "dnssec_enabled": False},
                              "after": {"id": 7, "domain": "example.org", "dnssec_enabled": True}}
    assert methods(fake_session) == [("GET", "dnszone/7"), ("POST", "dnszone/7/dnssec")]


def test_no_change_reads_once(fake_session, run_module):
    fake_session.responses = [zone(True)]
    result = run_module(dnszone_dnssec, dict(BASE, zone_id=7, state="enabled"))
    assert result["changed"] is False and result["dnssec"]["enabled"] is True and result["dnssec"]["ds_record"] is None
    assert methods(fake_session) == [("GET", "dnszone/7")]


def test_no_change_fetches_the_ds_record_on_request(fake_session, run_module):
    fake_session.responses = [zone(True), FakeResponse(body=KEY)]
    result = run_module(dnszone_dnssec, dict(BASE, zone_id=7, state="enabled", fetch_ds_record=True))
    assert result["changed"] is False and result["dnssec"]["ds_record"] == KEY["DsRecord"]


def test_check_mode_sends_only_the_read(fake_session, run_module):
    fake_session.responses = [zone(True)]
    result = run_module(dnszone_dnssec, dict(BASE, zone_id=7, state="disabled", fetch_ds_record=True), check=True)
    assert result["changed"] is True and result["dnssec"]["enabled"] is False
    assert methods(fake_session) == [("GET", "dnszone/7")]


def test_disable(fake_session, run_module):
    fake_session.responses = [zone(True), FakeResponse(body=OFF)]
    result = run_module(dnszone_dnssec, dict(BASE, zone_id=7, state="disabled"))
    assert result["changed"] is True and result["dnssec"] == dnszone_dnssec.shape_dnssec(OFF)
    assert methods(fake_session)[-1] == ("DELETE", "dnszone/7/dnssec")


def test_bad_zone_id_fails_before_any_request(fake_session, run_module):
    result = run_module(dnszone_dnssec, dict(BASE, zone_id=0, state="enabled"))
    assert result["failed"] is True and "zone_id must be a positive DNS zone id" in result["msg"]


def listing(*zones):
    return FakeResponse(body={"Items": list(zones), "CurrentPage": 1, "TotalItems": len(zones), "HasMoreItems": False})


def test_zone_by_domain_costs_the_search_and_no_further_read(fake_session, run_module):
    fake_session.responses = [listing({"Id": 8, "Domain": "shop.example.org", "DnsSecEnabled": True},
                                      {"Id": 7, "Domain": "example.org", "DnsSecEnabled": False}),
                              FakeResponse(body=KEY)]
    result = run_module(dnszone_dnssec, dict(BASE, zone_domain="example.org.", state="enabled"))
    assert result["changed"] is True and result["zone"] == {"id": 7, "domain": "example.org"}
    assert methods(fake_session) == [("GET", "dnszone"), ("POST", "dnszone/7/dnssec")]
    assert fake_session.calls[0]["params"]["search"] == "example.org"


def test_zone_by_domain_without_an_exact_match_lists_candidates(fake_session, run_module):
    fake_session.responses = [listing({"Id": 8, "Domain": "shop.example.org"}, {"Id": 9, "Domain": "www.example.org"})]
    result = run_module(dnszone_dnssec, dict(BASE, zone_domain="example.org", state="enabled"))
    assert result["failed"] is True and "shop.example.org (id 8), www.example.org (id 9)" in result["msg"]
    assert methods(fake_session) == [("GET", "dnszone")]


@pytest.mark.parametrize("params, words", [
    ({"zone_id": 7, "zone_domain": "example.org"}, "mutually exclusive: zone_id|zone_domain"),
    ({}, "one of the following is required: zone_id, zone_domain"),
])
def test_zone_id_and_zone_domain_exactly_one(fake_session, run_module, params, words):
    result = run_module(dnszone_dnssec, dict(BASE, state="enabled", **params))
    assert result["failed"] is True and words in result["msg"] and fake_session.calls == []
    assert fake_session.calls == []


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
            return type("Reply", (), {"object": {"Domain": "example.org", "DnsSecEnabled": self.states.pop(0)}})()
        error = ApiError(operation, None, "ReadTimeout: read timed out")
        error.kind = MAY_HAVE_BEEN_SENT
        raise error


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
            return type("Reply", (), {"object": KEY})()
        return LostAnswerClient.request(client, method, path, operation, **kwargs)
    client.request = request
    _ctx, result = run_core(client, fetch_ds_record=True)
    assert result["changed"] is True and result["dnssec"]["ds_record"] == KEY["DsRecord"]
    assert [m for m, _p in client.sent] == ["GET", "POST", "GET", "POST"]


@pytest.mark.parametrize("reread_fails, words", [(False, "NOT applied"), (True, "is unknown")])
def test_lost_answer_not_confirmed_fails(reread_fails, words):
    client = LostAnswerClient(landed=False, reread_fails=reread_fails)
    _ctx, result = run_core(client)
    assert result["failed"] is True and words in result["msg"]
    assert result["api_error"]["status"] is None
    assert [m for m, _p in client.sent] == ["GET", "POST", "GET"]
