"""dns_zones: the zone by domain (exact match over every page, clear failures listing candidates), the read by id
and the DNSSEC calls with their answers checked."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import dns_zones
from ansible_collections.edge.platform.plugins.module_utils._api.listing import LookupFailed
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import BAD_ANSWER, ApiError
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.module_utils._api.answers import client, dns, dns_page


def test_dns_zone_by_domain_sends_one_search_and_matches_exactly():
    api, session = client(dns_page([dns(1, "shop.example.com"), dns(2, "Example.com.")]))
    assert dns_zones.find(api, "example.com")["Id"] == 2
    assert [(c["method"], c["url"], c["params"]) for c in session.calls] == [
        ("GET", "https://api.example.test/dnszone", {"page": 1, "perPage": 1000, "search": "example.com"})
    ]


def test_dns_zone_search_follows_every_page():
    api, session = client(
        dns_page([dns(n, "a%d.example.com" % n) for n in range(3)], more=True),
        dns_page([dns(9, "example.com")], page=2),
    )
    assert dns_zones.find(api, "EXAMPLE.COM.")["Id"] == 9
    assert [c["params"]["page"] for c in session.calls] == [1, 2]


def test_no_exact_match_lists_a_few_candidates_with_ids():
    api, _session = client(dns_page([dns(n, "site%d.example.com" % n) for n in range(1, 8)]))
    with pytest.raises(LookupFailed) as failed:
        dns_zones.find(api, "example.com")
    message = str(failed.value)
    assert "No DNS zone matches zone_domain='example.com' exactly" in message
    assert "site1.example.com (id 1)" in message and "site5.example.com (id 5) and 2 more" in message
    assert "site6" not in message and "give zone_id" in message


def test_several_exact_matches_fail_naming_each_id():
    api, _session = client(dns_page([dns(5, "example.net"), dns(6, "EXAMPLE.net.")]))
    with pytest.raises(
        LookupFailed,
        match=r"2 DNS zones match zone_domain='example.net': example.net \(id 5\), "
        r"EXAMPLE.net. \(id 6\). Give zone_id to choose one.",
    ):
        dns_zones.find(api, "example.net")


def test_nothing_found_says_so_and_names_the_option():
    api, _session = client(dns_page([]))
    with pytest.raises(
        LookupFailed,
        match="No DNS zone matches zone_domain='nowhere.test' among those this API key "
        "can see: check zone_domain, or give zone_id.",
    ):
        dns_zones.find(api, "nowhere.test")


@pytest.mark.parametrize("domain", ["", " ", "."])
def test_an_empty_domain_fails_before_any_request(domain):
    api, session = client()
    with pytest.raises(LookupFailed, match="zone_domain must be a domain"):
        dns_zones.find(api, domain)
    assert session.calls == []


@pytest.mark.parametrize(
    "hint, expected",
    [
        (None, "No DNS zone with id 7 is visible to this API key: check zone_id."),
        ("No DNS zone with id 7 (found through zone_domain x.test) is visible", "found through zone_domain x.test"),
    ],
)
def test_the_read_by_id_names_the_option_on_404(hint, expected):
    api, session = client(FakeResponse(body=dns(7, "x.test")), FakeResponse(404))
    assert dns_zones.get(api, 7)["Domain"] == "x.test"
    with pytest.raises(ApiError) as caught:
        dns_zones.get(api, 7, hint)
    assert caught.value.describe().startswith("Reading DNS zone 7 failed with HTTP 404") and expected in str(
        caught.value.describe()
    )
    assert [(c["method"], c["url"]) for c in session.calls] == [("GET", "https://api.example.test/dnszone/7")] * 2


ENABLED = {"Enabled": True, "DsRecord": "example.com. 3600 IN DS 4242 13 2 ABCD", "KeyTag": 4242}


@pytest.mark.parametrize(
    "call, method, operation",
    [
        (dns_zones.enable_dnssec, "POST", "Enabling DNSSEC on DNS zone 7"),
        (dns_zones.read_ds_record, "POST", "Reading the DS record of DNS zone 7"),
    ],
)
def test_enabling_returns_the_ds_record_model(call, method, operation):
    api, session = client(FakeResponse(body=ENABLED))
    assert call(api, 7) == ENABLED
    assert (session.calls[0]["method"], session.calls[0]["url"]) == (
        method,
        "https://api.example.test/dnszone/7/dnssec",
    )
    api, _session = client(FakeResponse(body={"Enabled": False}))
    with pytest.raises(ApiError) as caught:
        call(api, 7)
    assert caught.value.operation == operation and caught.value.kind == BAD_ANSWER
    assert "the answer does not show DNSSEC enabled" in caught.value.message


def test_an_answer_that_does_not_confirm_a_write_is_unconfirmed_and_a_read_is_not():
    api, _session = client(FakeResponse(body={"Enabled": True}))
    with pytest.raises(ApiError) as caught:
        dns_zones.set_dnssec(api, 7, False)
    assert caught.value.kind == BAD_ANSWER and "whether the change was applied is unknown" in caught.value.hint
    api, _session = client(FakeResponse(body={}))
    with pytest.raises(ApiError) as caught:
        dns_zones.read_ds_record(api, 7)
    assert "base_url points at the platform API" in caught.value.hint


def test_disabling_sends_delete():
    api, session = client(FakeResponse(body={"Enabled": False, "KeyTag": 0}))
    assert dns_zones.set_dnssec(api, 7, False) == {"Enabled": False, "KeyTag": 0}
    assert session.calls[0]["method"] == "DELETE" and session.calls[0]["url"].endswith("/dnszone/7/dnssec")


# --- the zone itself: create, update, delete, export, import -----------------------------------------------------

CORE = "core-api-v1.0.0.json"


def test_find_domain_is_none_when_no_zone_has_the_domain():
    api, _session = client(dns_page([dns(1, "shop.example.com")]))
    assert dns_zones.find_domain(api, "example.com") is None


def test_create_sends_the_domain_only_once_and_returns_the_201_zone(openapi):
    api, session = client(FakeResponse(201, dns(7, "example.io")))
    assert dns_zones.create(api, "example.io")["Id"] == 7
    call = session.calls[0]
    assert (call["method"], call["url"], call["json"]) == (
        "POST",
        "https://api.example.test/dnszone",
        {"Domain": "example.io"},
    )
    openapi(CORE).check_request("POST", "/dnszone", call["json"], {"AccessKey": "k"})


@pytest.mark.parametrize("body", [{"Id": 7, "Domain": "other.io"}, {"Message": "ok"}, []])
def test_a_create_answer_that_is_not_the_zone_confirms_nothing(body):
    api, _session = client(FakeResponse(201, body))
    with pytest.raises(ApiError) as failed:
        dns_zones.create(api, "example.io")
    assert failed.value.kind == BAD_ANSWER


def test_a_refused_create_names_the_option_behind_the_field():
    refusal = {"ErrorKey": "dnsZone.invalid_domain", "Field": "Domain", "Message": "The domain is not valid."}
    api, session = client(FakeResponse(400, refusal))
    with pytest.raises(ApiError) as failed:
        dns_zones.create(api, "localhost")
    assert "check domain" in failed.value.describe() and failed.value.error_key == "dnsZone.invalid_domain"
    assert len(session.calls) == 1


def test_a_lost_create_answer_is_never_replayed():
    import requests

    api, session = client(requests.exceptions.ReadTimeout("read timed out"))
    api.retries = 3
    with pytest.raises(ApiError) as failed:
        dns_zones.create(api, "example.io")
    assert failed.value.kind == "may_have_been_sent" and len(session.calls) == 1


def test_update_sends_only_the_members_given(openapi):
    api, session = client(FakeResponse(200, dict(dns(7, "example.io"), LoggingEnabled=True)))
    assert dns_zones.update(api, 7, {"LoggingEnabled": True})["LoggingEnabled"] is True
    assert session.calls[0]["json"] == {"LoggingEnabled": True}
    openapi(CORE).check_request("POST", "/dnszone/7", {"LoggingEnabled": True}, {"AccessKey": "k"})


def test_delete_takes_204_and_a_zone_already_gone():
    api, session = client(FakeResponse(204), FakeResponse(404))
    assert dns_zones.delete(api, 7) is None and dns_zones.delete(api, 7) is None
    assert [c["method"] for c in session.calls] == ["DELETE", "DELETE"]


def test_export_returns_the_text_as_sent_even_empty():
    zone_file = "$ORIGIN example.io.\nwww\t300\tIN\tA\t192.0.2.1\n"
    octets = {"Content-Type": "application/octet-stream"}
    api, _session = client(FakeResponse(200, text=zone_file, headers=octets), FakeResponse(200, text=""))
    assert dns_zones.export_zone_file(api, 7) == zone_file and dns_zones.export_zone_file(api, 7) == ""


def test_import_sends_plain_text_once_and_returns_the_counts():
    counts = {"RecordsSuccessful": 2, "RecordsFailed": 1, "RecordsSkipped": 0}
    api, session = client(FakeResponse(200, counts))
    assert dns_zones.import_zone_file(api, 7, "www IN A 192.0.2.1\n") == counts
    call = session.calls[0]
    assert call["url"].endswith("/dnszone/7/import") and call["data"] == b"www IN A 192.0.2.1\n"
    assert call["request_headers"]["Content-Type"].startswith("text/plain")


def test_an_import_answer_without_counts_confirms_nothing_and_a_503_is_not_replayed():
    api, session = client(FakeResponse(200, {"RecordsSuccessful": "2"}), FakeResponse(503))
    api.retries = 2
    for _attempt in range(2):
        with pytest.raises(ApiError) as failed:
            dns_zones.import_zone_file(api, 7, "x")
        assert failed.value.kind in ("bad_answer", "may_have_been_sent")
    assert len(session.calls) == 2


@pytest.mark.parametrize("given", ["http://example.com", "example.com/", "example.com:443", "exa mple.com"])
def test_a_zone_domain_no_domain_can_be_fails_naming_the_option_before_any_request(given):
    api, session = client()
    with pytest.raises(LookupFailed, match="zone_domain must be a domain such as example.com") as failed:
        dns_zones.find(api, given)
    assert failed.value.option == "zone_domain" and not failed.value.missing and session.calls == []


def test_a_listed_zone_without_its_id_is_not_understood():
    api, _session = client(dns_page([{"Domain": "example.com"}]))
    with pytest.raises(ApiError) as caught:
        dns_zones.find(api, "example.com")
    assert caught.value.kind == BAD_ANSWER and "carries no id" in str(caught.value)


@pytest.mark.parametrize(
    "listed, gone", [([], True), ([dns(8, "other.example")], True), ([dns(7, "x.example")], False)]
)
def test_confirm_gone_reads_the_listing_by_another_route(listed, gone):
    api, session = client(dns_page(listed))
    assert dns_zones.confirm_gone(api, 7, "x.example") is gone
    assert session.calls[0]["url"].endswith("/dnszone") and session.calls[0]["params"]["search"] == "x.example"


@pytest.mark.parametrize(
    "answer",
    [
        FakeResponse(text="<html><head><title>Login</title></head></html>", headers={"Content-Type": "text/html"}),
        FakeResponse(body={}),
        FakeResponse(body=[]),
    ],
    ids=["html", "{}", "[]"],
)
def test_an_export_that_is_no_zone_file_is_not_understood(answer):
    api, _session = client(answer)
    with pytest.raises(ApiError) as caught:
        dns_zones.export_zone_file(api, 7)
    assert caught.value.kind == BAD_ANSWER and "is not the zone file" in str(caught.value)
    assert "<title>" not in str(caught.value)


def test_an_empty_export_is_the_file_of_an_empty_zone():
    api, _session = client(FakeResponse(text=""))
    assert dns_zones.export_zone_file(api, 7) == ""
