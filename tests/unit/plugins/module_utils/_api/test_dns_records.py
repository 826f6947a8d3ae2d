"""The DNS record resource layer: paging, the type kept, add's 201, update's 204, delete's 404."""

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


def test_every_page_is_read_and_only_the_type_asked_for_is_kept():
    api, session = client(page([{"Id": 1, "Type": 0}, {"Id": 2, "Type": 3}], more=True), page([{"Id": 1, "Type": 0}]))
    assert [r["Id"] for r in dns_records.list_all(api, 7, record_type=0)] == [1]
    assert [c["params"] for c in session.calls] == [
        {"page": 1, "perPage": 1000, "type": 0},
        {"page": 2, "perPage": 1000, "type": 0},
    ]
    with pytest.raises(ApiError, match="without a page of records"):
        dns_records.list_all(client(FakeResponse(body={"Items": 5}))[0], 7)


def test_a_missing_zone_says_which_option_to_check():
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
    api, session = client(FakeResponse(status=204), page([{"Id": 9, "Type": 0, "Ttl": 60}]))
    assert dns_records.update_and_read(api, 7, 9, {"Type": 0, "Ttl": 60})["Ttl"] == 60
    assert session.calls[0]["json"] == {"Type": 0, "Ttl": 60, "Id": 9}
    with pytest.raises(ApiError, match="not in the zone's records"):
        dns_records.update_and_read(client(FakeResponse(status=204), page([]))[0], 7, 9, {"Type": 0})
    assert dns_records.delete(client(FakeResponse(status=404))[0], 7, 9) is None
    with pytest.raises(ApiError) as caught:
        dns_records.delete(client(FakeResponse(status=204, body={"unexpected": 1}))[0], 7, 9)
    assert caught.value.kind == BAD_ANSWER
