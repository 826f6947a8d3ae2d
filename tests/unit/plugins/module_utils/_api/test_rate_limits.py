"""Rate limit rules in the resource layer: paths, the paged listing, ambiguous names, reads, and what a write's answer
must be (the answer checks are those of custom WAF rules, tested there)."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import rate_limits
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    MAY_HAVE_BEEN_SENT,
    ApiError,
    InputError,
)
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

from .answers import client

OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
BODY = {"ruleName": "login", "ruleDescription": "", "ruleConfiguration": {"requestCount": 5}}


def rule(rule_id, name="login"):
    return {
        "id": rule_id,
        "shieldZoneId": 3001,
        "ruleName": name,
        "ruleConfiguration": {"requestCount": 5},
        "errorResponse": OK,
    }


def page(rules, next_page=None):
    return FakeResponse(body={"data": rules, "page": {"currentPage": 1, "nextPage": next_page}, "error": OK})


def test_every_page_is_read_and_two_rules_with_the_name_are_ambiguous():
    api, session = client(page([rule(6001), rule(6002, "other")], 2), page([rule(6003)]))
    with pytest.raises(InputError) as caught:
        rate_limits.find(api, 3001, "login")
    assert "ids 6001, 6003" in str(caught.value) and caught.value.option == "rule_name"
    assert [(c["url"].split("test", 1)[1], c["params"]) for c in session.calls] == [
        ("/shield/rate-limits/3001", {"page": 1, "perPage": 1000}),
        ("/shield/rate-limits/3001", {"page": 2, "perPage": 1000}),
    ]


def test_a_read_by_id_must_be_the_rule():
    api, _session = client(FakeResponse(body=rule(6001)), FakeResponse(status=202, body={"statusCode": 202}))
    assert rate_limits.get(api, 6001)["id"] == 6001
    with pytest.raises(ApiError) as caught:
        rate_limits.get(api, 6001)
    assert caught.value.status == 202 and "No rate limit rule with id 6001" in caught.value.describe()


def test_writes_send_the_documented_bodies_and_a_202_confirms_nothing():
    api, session = client(
        FakeResponse(body=rule(6005)),
        FakeResponse(status=202, body={"location": None, "statusCode": 202}),
        FakeResponse(status=404, body={"statusCode": 404}),
    )
    assert rate_limits.create(api, 3001, BODY)["id"] == 6005
    assert session.calls[0]["json"] == dict(BODY, shieldZoneId=3001)
    with pytest.raises(ApiError) as caught:
        rate_limits.update(api, 6005, BODY)
    assert caught.value.kind == MAY_HAVE_BEEN_SENT and session.calls[1]["method"] == "PATCH"
    assert rate_limits.delete(api, 6005) is None  # 404: already gone


def test_a_refusal_of_a_create_names_the_plan_limit():
    refused = {"error": {"statusCode": 202, "success": False, "message": "Rate Limit limit exceeded.", "errorKey": "x"}}
    api, _session = client(FakeResponse(status=202, body=refused))
    with pytest.raises(ApiError) as caught:
        rate_limits.create(api, 3001, BODY)
    assert "rate_limit_rules_limit" in caught.value.describe() and "limit exceeded" in caught.value.describe()


def test_a_listed_rule_without_its_limit_is_read_whole_by_its_id():
    listed = rule(6001)  # the listing's CustomWafRule: no timeframe nor blockTime
    limit = {"requestCount": 5, "timeframe": 60, "blockTime": 300}
    whole = dict(rule(6002), ruleConfiguration=limit)
    api, session = client(FakeResponse(body=rule(6001)))
    assert rate_limits.RATE_LIMITS.whole(api, whole) is whole  # whole already: no request
    assert rate_limits.RATE_LIMITS.whole(api, listed) == rule(6001)
    assert [c["url"].split("test", 1)[1] for c in session.calls] == ["/shield/rate-limit/6001"]
