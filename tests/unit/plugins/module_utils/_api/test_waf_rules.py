from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import waf_rules as waf
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    MAY_HAVE_BEEN_SENT,
    REFUSED,
    ApiError,
    InputError,
)

# What ASP.NET serialises for a GenericRequestResponse nobody filled in (bool and enum defaults).
DEFAULT_ERROR = {"statusCode": 0, "success": False, "message": None, "errorKey": None}
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
BODY = {"ruleName": "block-admin", "ruleDescription": "", "ruleConfiguration": {"actionType": 1}}


def rule(rule_id=4001, error=None, **overrides):
    body = {
        "id": rule_id,
        "shieldZoneId": 3001,
        "userId": "user-1",
        "ruleName": "block-admin",
        "ruleDescription": "",
        "ruleJson": "{}",
        "ruleConfiguration": {"actionType": 1, "variableTypes": {"REQUEST_URI": ""}, "operatorType": 0},
        "errorResponse": OK if error is None else error,
    }
    body.update(overrides)
    return body


@pytest.mark.parametrize(
    "error",
    [
        OK,
        DEFAULT_ERROR,
        None,
        "not an object",
        {"success": False},
        {"statusCode": 200, "success": False, "message": "  "},
        {"statusCode": 0, "success": False, "message": "", "errorKey": ""},
    ],
)
def test_a_complete_rule_is_read_whatever_default_error_response_it_carries(error):
    body = rule(error=error)
    if error is None:
        body["errorResponse"] = None
    assert waf.rule_read_failure(200, body, 4001) is None


@pytest.mark.parametrize(
    "error, expected",
    [
        (
            {
                "statusCode": 404,
                "success": False,
                "message": "Custom WAF rule not found.",
                "errorKey": "waf_rule.not_found",
            },
            (404, "Custom WAF rule not found.", "waf_rule.not_found"),
        ),
        ({"statusCode": 0, "success": False, "message": "Broken.", "errorKey": None}, (None, "Broken.", None)),
        (
            {"statusCode": 200, "success": False, "message": None, "errorKey": "waf_rule.locked"},
            (None, "the platform reported a failure with the rule", "waf_rule.locked"),
        ),
        (
            {"statusCode": 500, "success": False, "message": None, "errorKey": None},
            (500, "the platform reported a failure with the rule", None),
        ),
    ],
)
def test_an_error_response_that_reports_a_failure_fails_even_with_complete_data(error, expected):
    assert waf.rule_read_failure(200, rule(error=error), 4001) == expected


@pytest.mark.parametrize(
    "body",
    [
        None,
        [],
        "text",
        {},
        rule(rule_id=0, error=DEFAULT_ERROR),  # an empty CustomWafRule, as ASP.NET writes it
        rule(error=DEFAULT_ERROR, shieldZoneId=0),
        rule(error=DEFAULT_ERROR, ruleConfiguration=None),
        rule(rule_id=4002),  # another rule than the one asked for
        rule(rule_id=True),
    ],
)
def test_a_rule_with_missing_data_fails(body):
    assert waf.rule_read_failure(200, body, 4001) == (None, "the platform answered without a rule", None)


@pytest.mark.parametrize("status", [201, 202, 204])
def test_only_a_200_carries_the_rule(status):
    # a rule deleted in the dashboard answers 202 (terraform-provider-bunnynet issue #93), whatever its body
    assert waf.rule_read_failure(status, rule(), 4001) == (
        None,
        "the platform answered without the rule, as it does for a rule that was deleted",
        None,
    )


def test_success_true_is_never_a_failure_even_with_a_message():
    error = {"statusCode": 200, "success": True, "message": "Rule loaded.", "errorKey": None}
    assert waf.error_response_failure(error) is None


@pytest.mark.parametrize(
    "info, page, expected",
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
def test_next_page(info, page, expected):
    assert waf.next_page(info, page) == expected


def test_collect_pages_walks_until_the_last_page_and_keeps_each_rule_once():
    pages = {
        1: {"data": [{"id": 1}, {"id": 2}], "page": {"nextPage": 2}},
        2: {"data": [{"id": 2}, {"id": 3}, "junk"], "page": {"nextPage": None}},
    }
    asked = []

    def fetch(page):
        asked.append(page)
        return pages[page]

    assert waf.collect_pages(fetch) == ([{"id": 1}, {"id": 2}, {"id": 3}], None)
    assert asked == [1, 2]


def test_collect_pages_stops_on_an_empty_or_null_page():
    assert waf.collect_pages(lambda page: {"data": [], "page": {"nextPage": page + 1}}) == ([], None)
    assert waf.collect_pages(lambda page: {"data": None, "page": {"nextPage": page + 1}}) == ([], None)


def test_collect_pages_reports_endless_paging():
    rules, problem = waf.collect_pages(lambda page: {"data": [{"id": page}], "page": {"nextPage": page + 1}}, 3)
    assert rules == [{"id": 1}, {"id": 2}, {"id": 3}]
    assert problem == "the platform still announced a next page after 3 pages"


@pytest.mark.parametrize("body", [None, ["not", "an", "object"], {}, {"data": "rules"}, {"error": {"success": True}}])
def test_collect_pages_refuses_an_answer_that_is_not_a_page(body):
    pages = {1: {"data": [{"id": 1}], "page": {"nextPage": 2}}, 2: body}
    assert waf.collect_pages(pages.get) == ([{"id": 1}], "the answer to page 2 is not a page of rules (no data list)")


def test_collect_pages_stops_past_max_rules():
    rules, problem = waf.collect_pages(
        lambda page: {"data": [{"id": page * 10 + n} for n in range(4)], "page": {"nextPage": page + 1}}, 100, 6
    )
    assert len(rules) == 8 and problem == "the listing passed 6 rules after 2 pages and was stopped"


def test_find_by_name_reports_duplicates():
    rules = [{"id": 1, "ruleName": "a"}, {"id": 2, "ruleName": "b"}, {"id": 3, "ruleName": "a"}]
    assert waf.find_by_name(rules, "b") == (rules[1], [])
    assert waf.find_by_name(rules, "a") == (None, [1, 3])
    assert waf.find_by_name(rules, "c") == (None, [])


@pytest.mark.parametrize(
    "status, data, confirmed",
    [
        (200, {"id": 7, "ruleConfiguration": {}}, True),
        (202, {"id": 7, "ruleConfiguration": {}}, False),
        (200, {"id": 0, "ruleConfiguration": None}, False),
        (200, {"id": 7, "ruleConfiguration": {}, "errorResponse": {"success": False, "errorKey": "x"}}, False),
    ],
)
def test_only_a_200_with_a_rule_confirms_a_write(status, data, confirmed):
    assert (waf.written_rule(status, data) is not None) is confirmed


class Client(object):
    """Answers each request with the next of ``answers``: (status, data, text)."""

    secrets = ("unit-secret",)

    def __init__(self, *answers):
        self.answers = list(answers)
        self.sent = []

    def request(self, method, path, operation, **options):
        self.sent.append((method, path, operation, options))
        status, data, text = self.answers.pop(0)
        return type(
            "Reply",
            (),
            {"status": status, "data": data, "text": text, "object": data if isinstance(data, dict) else {}},
        )()


def listing(rules, next_page=None):
    return 200, {"data": rules, "page": {"nextPage": next_page}}, ""


def test_list_all_follows_the_pages_with_the_zone_hint():
    client = Client(listing([rule(1)], 2), listing([rule(2)]))
    assert [r["id"] for r in waf.list_all(client, 3001, 50, "check pullzone_name")] == [1, 2]
    assert [(m, p, o["params"], o["hints"]) for m, p, _op, o in client.sent] == [
        ("GET", "/shield/waf/custom-rules/3001", {"page": 1, "perPage": 50}, {404: "check pullzone_name"}),
        ("GET", "/shield/waf/custom-rules/3001", {"page": 2, "perPage": 50}, {404: "check pullzone_name"}),
    ]


def test_a_listing_that_cannot_be_trusted_is_a_bad_answer(monkeypatch):
    # the same kind from waf_rule and waf_rule_info: one listing
    monkeypatch.setattr(waf, "MAX_PAGES", 2)
    with pytest.raises(ApiError) as caught:
        waf.list_all(Client(listing([rule(1)], 2), listing([rule(2)], 3)), 3001)
    assert caught.value.kind == BAD_ANSWER
    assert caught.value.describe() == (
        "Listing custom WAF rules of shield zone 3001 failed: the platform still announced a next page after 2 "
        "pages. Retry later, or report the platform's paging to its support."
    )


def test_find_refuses_an_ambiguous_name():
    twins = [rule(1, ruleName="a"), rule(2, ruleName="a"), rule(3, ruleName="b")]
    assert waf.find(Client(listing(twins)), 3001, "b")["id"] == 3
    assert waf.find(Client(listing(twins)), 3001, "c") is None
    with pytest.raises(InputError) as caught:
        waf.find(Client(listing(twins)), 3001, "a")
    assert str(caught.value).startswith("2 custom WAF rules of shield zone 3001 are named 'a' (ids 1, 2)")
    assert caught.value.option == "rule_name"


def test_get_fails_unless_the_answer_is_the_rule():
    assert waf.get(Client((200, rule(), "")), 4001)["id"] == 4001
    with pytest.raises(ApiError) as caught:
        waf.get(Client((202, None, "")), 4001)
    assert caught.value.hint == (
        "No custom WAF rule with id 4001 is visible to this API key: check id "
        "(shield_zone_id lists the rules of a zone)."
    )


@pytest.mark.parametrize(
    "write, method, path",
    [
        (lambda client: waf.create(client, 3001, BODY), "POST", "/shield/waf/custom-rule"),
        (lambda client: waf.update(client, 4001, BODY), "PATCH", "/shield/waf/custom-rule/4001"),
    ],
)
def test_a_write_returns_the_rule_or_may_have_landed(write, method, path):
    client = Client((200, rule(), ""), (202, {"statusCode": 202}, ""))
    assert write(client)["id"] == 4001
    with pytest.raises(ApiError) as caught:
        write(client)
    assert caught.value.kind == MAY_HAVE_BEEN_SENT and caught.value.status == 202
    assert [(m, p, o["replay_safe"]) for m, p, _op, o in client.sent] == [(method, path, False)] * 2
    expected = dict(BODY, shieldZoneId=3001) if method == "POST" else BODY
    assert client.sent[0][3]["json_body"] == expected


@pytest.mark.parametrize(
    "answer, kind",
    [
        ((200, {"statusCode": 200, "success": True}, ""), None),
        ((404, None, ""), None),
        ((202, None, ""), MAY_HAVE_BEEN_SENT),
        ((200, None, "<html>unit-secret</html>"), BAD_ANSWER),
        ((200, {"statusCode": 409, "success": False, "message": "Locked."}, ""), REFUSED),
    ],
)
def test_delete_confirms_with_the_generic_response_or_a_404(answer, kind):
    client = Client(answer)
    if kind is None:
        assert waf.delete(client, 4001) is None
        return
    with pytest.raises(ApiError) as caught:
        waf.delete(client, 4001)
    assert caught.value.kind == kind and "unit-secret" not in caught.value.describe()
