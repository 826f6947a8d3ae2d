"""The DNS record resource layer: records read from the zone (the listing only as the fallback), answers that are not
understood, paging, the type kept, add's 201, update's 204 read back from the zone, delete's 404."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import dns_records
from ansible_collections.edge.platform.plugins.module_utils._engine.client import Client
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import BAD_ANSWER, ApiError
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse, FakeSession


def client(*answers):
    session = FakeSession(list(answers))
    return Client("https://api.example.test", {"AccessKey": "k"}, retries=0, session=session), session


def page(items, more=False):
    return FakeResponse(body={"Items": items, "CurrentPage": 1, "TotalItems": len(items), "HasMoreItems": more})


def zone(records, zone_id=7, **more):
    return FakeResponse(body=dict({"Id": zone_id, "Domain": "example.com", "Records": records}, **more))


def test_records_are_read_from_the_zone_in_one_request_and_only_the_type_asked_for_is_kept():
    api, session = client(zone([{"Id": 1, "Type": 0}, {"Id": 2, "Type": 3}, "not a record"]))
    assert [r["Id"] for r in dns_records.read(api, 7, record_type=0)] == [1]
    assert [(c["method"], c["url"], c["params"]) for c in session.calls] == [
        ("GET", "https://api.example.test/dnszone/7", None)
    ]


def test_a_zone_answer_without_records_falls_back_to_the_listing():
    for answer in ({"Id": 7, "Domain": "example.com"}, {"Id": 7, "Records": None}):
        api, session = client(FakeResponse(body=answer), page([{"Id": 1, "Type": 0}, {"Id": 2, "Type": 3}]))
        assert [r["Id"] for r in dns_records.read(api, 7, record_type=3)] == [2]
        assert [c["url"] for c in session.calls] == [
            "https://api.example.test/dnszone/7",
            "https://api.example.test/dnszone/7/records",
        ]
        assert session.calls[1]["params"] == {"page": 1, "perPage": 1000, "type": 3}


def test_no_records_in_the_zone_and_no_listing_fails_without_blaming_the_zone():
    api, _session = client(FakeResponse(body={"Id": 7}), FakeResponse(status=404))
    with pytest.raises(ApiError) as caught:
        dns_records.read(api, 7)
    assert caught.value.kind == BAD_ANSWER and caught.value.status == 404
    assert "carries no Records list and the platform does not serve the records listing" in str(caught.value)
    assert "No DNS zone with id 7" not in str(caught.value)


@pytest.mark.parametrize(
    "answer",
    [
        FakeResponse(body={}),
        FakeResponse(body=[]),
        FakeResponse(body={"Id": 8, "Records": []}),
        FakeResponse(text="<html><head><title>Portal</title></head></html>", headers={"Content-Type": "text/html"}),
        FakeResponse(text=""),
    ],
    ids=["{}", "[]", "another zone", "html", "empty"],
)
def test_a_zone_answer_that_is_not_the_zone_is_not_understood_and_decides_nothing(answer):
    api, session = client(answer)
    with pytest.raises(ApiError) as caught:
        dns_records.read(api, 7)
    assert caught.value.kind == BAD_ANSWER and "not understood" in str(caught.value)
    assert "Nothing was written by this task" in str(caught.value)
    assert len(session.calls) == 1


@pytest.mark.parametrize("body", [{}, [], {"Items": 5}], ids=["{}", "[]", "Items not a list"])
def test_a_listing_answer_that_is_not_a_page_is_not_understood(body):
    api, _session = client(FakeResponse(body={"Id": 7}), FakeResponse(body=body))
    with pytest.raises(ApiError) as caught:
        dns_records.read(api, 7)
    assert caught.value.kind == BAD_ANSWER and "the page of DNS records of zone 7" in str(caught.value)


def test_every_page_of_the_listing_is_read_and_only_the_type_asked_for_is_kept():
    api, session = client(page([{"Id": 1, "Type": 0}, {"Id": 2, "Type": 3}], more=True), page([{"Id": 1, "Type": 0}]))
    assert [r["Id"] for r in dns_records.list_all(api, 7, record_type=0)] == [1]
    assert [c["params"] for c in session.calls] == [
        {"page": 1, "perPage": 1000, "type": 0},
        {"page": 2, "perPage": 1000, "type": 0},
    ]


def test_a_missing_zone_says_which_option_to_check():
    with pytest.raises(ApiError, match="No DNS zone with id 7 is visible to this API key: check zone_id"):
        dns_records.read(client(FakeResponse(status=404))[0], 7)
    with pytest.raises(ApiError, match="No DNS zone with id 7 is visible to this API key: check zone_id"):
        dns_records.list_all(client(FakeResponse(status=404))[0], 7)


def test_add_needs_the_record_with_its_id():
    api, session = client(FakeResponse(status=201, body={"Id": 9, "Type": 0}))
    assert dns_records.add(api, 7, {"Type": 0, "Name": "www"}, "A")["Id"] == 9
    assert session.calls[0]["method"] == "PUT" and session.calls[0]["url"].endswith("/dnszone/7/records")
    with pytest.raises(ApiError) as caught:
        dns_records.add(client(FakeResponse(status=200, body={"Id": 0}))[0], 7, {"Type": 0, "Name": "www"}, "A")
    assert caught.value.kind == BAD_ANSWER and "Adding A record 'www'" in str(caught.value)


def test_update_reads_the_record_back_and_delete_takes_404_as_gone():
    api, session = client(FakeResponse(status=204), zone([{"Id": 9, "Type": 0, "Ttl": 60}]))
    assert dns_records.update_and_read(api, 7, 9, {"Type": 0, "Ttl": 60})["Ttl"] == 60
    assert session.calls[0]["json"] == {"Type": 0, "Ttl": 60, "Id": 9}
    assert [(c["method"], c["url"]) for c in session.calls][1] == ("GET", "https://api.example.test/dnszone/7")
    with pytest.raises(ApiError, match="not in the zone's records"):
        dns_records.update_and_read(client(FakeResponse(status=204), zone([]))[0], 7, 9, {"Type": 0})
    assert dns_records.delete(client(FakeResponse(status=404))[0], 7, 9) is None
    with pytest.raises(ApiError) as caught:
        dns_records.delete(client(FakeResponse(status=204, body={"unexpected": 1}))[0], 7, 9)
    assert caught.value.kind == BAD_ANSWER
