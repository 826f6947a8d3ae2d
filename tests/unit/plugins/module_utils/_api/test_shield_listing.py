"""shield_listing: the one pager of every Shield listing (shield zones, custom WAF rules, rate limit rules)."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import listing, shield_listing
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import BAD_ANSWER, ApiError
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.module_utils._api.answers import client


def page(items, next_page=None, **info):
    return FakeResponse(body={"data": items, "page": dict(info, nextPage=next_page)})


def every(api, per_page=None):
    return shield_listing.shield_list(api, "/shield/things/1", "things", "Listing things", "id", per_page, "check it")


@pytest.mark.parametrize(
    "info, at, expected",
    [
        ({"nextPage": 2, "totalPages": 5}, 1, 2),
        ({"nextPage": None, "totalPages": 5}, 1, None),  # nextPage present and null wins over totalPages
        ({"nextPage": 1}, 1, None),  # a next page that does not advance ends the walk
        ({"totalPages": 3}, 2, 3),
        ({"totalPages": 3}, 3, None),
        ({"totalPages": True}, 1, None),
        (None, 1, None),
    ],
)
def test_next_page(info, at, expected):
    assert shield_listing.next_page(info, at) == expected


def test_the_pages_are_walked_to_the_last_and_each_item_kept_once():
    api, session = client(page([{"id": 1}, {"id": 2}], 2), page([{"id": 2}, {"id": 3}, "junk", {"name": "no id"}]))
    assert every(api, 50) == [{"id": 1}, {"id": 2}, {"id": 3}, {"name": "no id"}]
    assert [c["params"] for c in session.calls] == [{"page": 1, "perPage": 50}, {"page": 2, "perPage": 50}]


def test_without_a_page_size_the_platform_default_is_asked_for():
    api, session = client(page([{"id": 1}]))
    assert every(api) == [{"id": 1}] and session.calls[0]["params"] == {"page": 1}


@pytest.mark.parametrize("items", [[], None])
def test_an_empty_or_null_page_ends_the_listing(items):
    api, session = client(page(items, 2))
    assert every(api) == [] and len(session.calls) == 1


def test_a_listing_that_never_ends_is_stopped(monkeypatch):
    monkeypatch.setattr(listing, "MAX_PAGES", 3)
    api, session = client(*(page([{"id": n}], n + 1) for n in range(1, 10)))
    with pytest.raises(ApiError) as caught:
        every(api)
    assert caught.value.kind == BAD_ANSWER and len(session.calls) == 3
    assert "the listing of things passed 3 pages" in caught.value.message


@pytest.mark.parametrize(
    "answer",
    [
        FakeResponse(body={}),
        FakeResponse(body=[]),
        FakeResponse(body={"data": "things"}),
        FakeResponse(text=""),
        FakeResponse(
            text="<html><head><title>Maintenance</title></head></html>", headers={"Content-Type": "text/html"}
        ),
    ],
)
def test_a_page_that_is_not_a_page_is_not_understood(answer):
    api, session = client(page([{"id": 1}], 2), answer)
    with pytest.raises(ApiError) as caught:
        every(api)
    assert caught.value.kind == BAD_ANSWER and len(session.calls) == 2
    assert caught.value.operation == "Listing things (page 2)"
    assert "is not the page of things (an object with data)" in caught.value.message
    assert "Nothing was written by this task" in caught.value.hint
