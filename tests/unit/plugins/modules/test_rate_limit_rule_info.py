"""rate_limit_rule_info: one rule by id, every rule of a zone (all pages), the rules with a name; failures."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.modules import rate_limit_rule_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

SECRET = "unit-secret-rate-limit-info"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
CONFIGURATION = {
    "actionType": 2,
    "variableTypes": {"REQUEST_URI": ""},
    "operatorType": 0,
    "requestCount": 50,
    "counterKeyType": 4,
    "timeframe": 10,
    "blockTime": 30,
}


def rule(rule_id, name="burst"):
    return {
        "id": rule_id,
        "shieldZoneId": 3001,
        "userId": "u",
        "ruleName": name,
        "ruleDescription": "",
        "ruleJson": "{}",
        "ruleConfiguration": CONFIGURATION,
        "errorResponse": OK,
    }


def page(rules, next_page=None):
    return FakeResponse(body={"data": rules, "page": {"currentPage": 1, "nextPage": next_page}, "error": OK})


def test_one_rule_by_id_in_the_readable_form(fake_session, run_module):
    fake_session.responses = [FakeResponse(body=rule(6001))]
    result = run_module(rate_limit_rule_info, dict(ARGS, id=6001))
    (shaped,) = result["rate_limit_rules"]
    assert shaped["limit"] == {
        "request_count": 50,
        "timeframe": 10,
        "timeframe_name": "10s",
        "counter_key": 4,
        "counter_key_name": "asn",
    }
    assert shaped["response"]["action_name"] == "log" and shaped["condition"]["severity_type_name"] is None
    assert fake_session.calls[0]["url"].endswith("/shield/rate-limit/6001")


def test_every_page_of_a_zone_and_the_rules_with_a_name(fake_session, run_module):
    fake_session.responses = [page([rule(6001), rule(6002, "other")], 2), page([rule(6003)])]
    result = run_module(rate_limit_rule_info, dict(ARGS, shield_zone_id=3001, page_size=2))
    assert [r["id"] for r in result["rate_limit_rules"]] == [6001, 6002, 6003]
    assert [c["params"] for c in fake_session.calls] == [{"page": 1, "perPage": 2}, {"page": 2, "perPage": 2}]
    fake_session.responses = [page([rule(6001), rule(6002, "other")])]
    result = run_module(rate_limit_rule_info, dict(ARGS, shield_zone_id=3001, rule_name="other"))
    assert [r["id"] for r in result["rate_limit_rules"]] == [6002]


def thin(rule_id, name="burst"):
    """A listed rule without the limit (the document's CustomWafRule)."""
    limitless = {k: v for k, v in CONFIGURATION.items() if k not in ("requestCount", "timeframe", "blockTime")}
    return dict(rule(rule_id, name), ruleConfiguration=limitless)


def test_a_listing_without_the_limit_reads_the_rules_asked_for_by_name_only(fake_session, run_module):
    fake_session.responses = [page([thin(6001), thin(6002, "other"), thin(6003, "other")])]
    fake_session.responses += [FakeResponse(body=rule(6002, "other")), FakeResponse(body=rule(6003, "other"))]
    result = run_module(rate_limit_rule_info, dict(ARGS, shield_zone_id=3001, rule_name="other"))
    assert [r["limit"]["request_count"] for r in result["rate_limit_rules"]] == [50, 50]
    assert [c["url"].rpartition("/shield/")[2] for c in fake_session.calls] == [
        "rate-limits/3001",
        "rate-limit/6002",
        "rate-limit/6003",
    ]
    assert "warnings" not in result


def test_a_zone_listed_without_the_limit_says_so(fake_session, run_module):
    fake_session.responses = [page([thin(6001), rule(6002, "other")])]
    result = run_module(rate_limit_rule_info, dict(ARGS, shield_zone_id=3001))
    assert [r["limit"]["request_count"] for r in result["rate_limit_rules"]] == [None, 50]
    assert "left out the limit (request_count, timeframe, block_time, counter_key) of 1 rule (ids 6001)" in str(
        result["warnings"]
    )
    assert len(fake_session.calls) == 1


@pytest.mark.parametrize(
    "extra, answers, words",
    [
        ({"id": 6009}, [FakeResponse(404, {"statusCode": 404})], "No rate limit rule with id 6009"),
        (
            {"shield_zone_id": 3009},
            [
                FakeResponse(
                    body={
                        "data": None,
                        "error": dict(OK, statusCode=404, success=False, errorKey="shield_zone.not_found"),
                    }
                )
            ],
            "shield_zone.not_found",
        ),
        ({"shield_zone_id": 3001, "page_size": 0}, [], "page_size must be from 1 to 1000; got 0."),
    ],
)
def test_failures_say_what_is_wrong(fake_session, run_module, extra, answers, words):
    fake_session.responses = answers
    result = run_module(rate_limit_rule_info, dict(ARGS, **extra))
    assert result["failed"] and words in result["msg"] and SECRET not in str(result)
