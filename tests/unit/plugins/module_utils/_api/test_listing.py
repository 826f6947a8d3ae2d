"""listing: every listing is bounded (pages and items), and a core list answer of another shape is refused."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import dns_zones, listing, pull_zones, shield_zones
from ansible_collections.edge.platform.plugins.module_utils._engine.client import Client
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError, InputError
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse, FakeSession
from ansible_collections.edge.platform.tests.unit.plugins.module_utils._api.answers import client, dns, dns_page


def endless(method, url, json, params):  # pylint: disable=redefined-outer-name,unused-argument
    """A platform that always has one more page."""
    page = params["page"]
    if "shield" in url:
        return FakeResponse(body={"data": [{"id": page}], "page": {"nextPage": page + 1}})
    return FakeResponse(body={"Items": [dns(page, "z%d.example.com" % page)], "HasMoreItems": True})


@pytest.mark.parametrize("list_all", [dns_zones.list_all, shield_zones.list_all])
def test_a_listing_that_never_ends_fails_after_max_pages(monkeypatch, list_all):
    monkeypatch.setattr(listing, "MAX_PAGES", 4)
    session = FakeSession(endless)
    api = Client("https://api.example.test", {"AccessKey": "k"}, session=session, retries=0)
    with pytest.raises(ApiError) as caught:
        list_all(api)
    assert len(session.calls) == 4
    assert "passed 4 pages (4 " in caught.value.message and "was stopped" in caught.value.message
    assert "Nothing was decided from a partial listing" in caught.value.describe()


def test_a_listing_past_max_items_fails_naming_the_bound(monkeypatch):
    monkeypatch.setattr(listing, "MAX_ITEMS", 5)
    api, session = client(
        *[
            dns_page([dns(page * 10 + n, "z%d.example.com" % n) for n in range(3)], page, more=True)
            for page in (1, 2, 3)
        ]
    )
    with pytest.raises(ApiError) as caught:
        pull_zones.list_all(api)
    assert len(session.calls) == 2
    assert "the listing of pull zones passed 5 items (6 pull zones in 2 pages so far)" in caught.value.message


@pytest.mark.parametrize(
    "body", [{"unexpected": True}, {}, [], [{"Id": 1, "Name": "demo"}]], ids=["other", "{}", "[]", "array"]
)
def test_an_answer_that_is_not_the_page_asked_for_is_not_understood(body):
    # a page was asked for (page=1): a bare array is what page=0 answers, so even one holding the zone is no answer
    api, _session = client(FakeResponse(body=body))
    with pytest.raises(ApiError) as caught:
        pull_zones.find(api, "demo")
    assert caught.value.kind == "bad_answer"
    assert "is not the page of pull zones (an object with Items) this operation returns, so it was not understood" in (
        caught.value.message
    )
    assert caught.value.describe().endswith(
        "Nothing was written by this task. Check that base_url points at the platform API itself (a proxy or portal "
        "may have answered) and try again."
    )


def test_a_failed_lookup_is_input_naming_the_option():
    with pytest.raises(InputError) as caught:
        listing.pick([], "demo", "pull zone", "pullzone_name", "pullzone_id", "Id", "Name")
    assert isinstance(caught.value, listing.LookupFailed) and caught.value.option == "pullzone_name"
