from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import listing as listing_module
from ansible_collections.edge.platform.plugins.module_utils._api import shield_rules
from ansible_collections.edge.platform.plugins.module_utils._api import waf_rules as waf
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    MAY_HAVE_BEEN_SENT,
    REFUSED,
    ApiError,
    InputError,
)
from ansible_collections.edge.platform.tests.unit import not_understood
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.module_utils._api.answers import client

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
    assert shield_rules.rule_read_failure(200, body, 4001) is None


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
    assert shield_rules.rule_read_failure(200, rule(error=error), 4001) == expected


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
    assert shield_rules.rule_read_failure(200, body, 4001) == (None, "the platform answered without a rule", None)


@pytest.mark.parametrize("status", [201, 202, 204])
def test_only_a_200_carries_the_rule(status):
    # a rule deleted in the dashboard answers 202 (terraform-provider-bunnynet issue #93), whatever its body
    assert shield_rules.rule_read_failure(status, rule(), 4001) == (
        None,
        "the platform answered without the rule, as it does for a rule that was deleted",
        None,
    )


def test_find_by_name_reports_duplicates():
    rules = [{"id": 1, "ruleName": "a"}, {"id": 2, "ruleName": "b"}, {"id": 3, "ruleName": "a"}]
    assert shield_rules.find_by_name(rules, "b") == (rules[1], [])
    assert shield_rules.find_by_name(rules, "a") == (None, [1, 3])
    assert shield_rules.find_by_name(rules, "c") == (None, [])


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
    assert (shield_rules.written_rule(status, data) is not None) is confirmed


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
    # the same kind from waf_rule and waf_rule_info: one listing, the one Shield pager (shield_listing.py)
    monkeypatch.setattr(listing_module, "MAX_PAGES", 2)
    with pytest.raises(ApiError) as caught:
        waf.list_all(Client(listing([rule(1)], 2), listing([rule(2)], 3)), 3001)
    assert caught.value.kind == BAD_ANSWER
    assert caught.value.describe().startswith(
        "Listing custom WAF rules of shield zone 3001 (page 2) failed: the listing of custom WAF rules passed 2 pages"
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
        (FakeResponse(body={"statusCode": 200, "success": True}), None),
        # a GenericRequestResponse nobody filled in reports nothing: the deletion is done
        (FakeResponse(body={"statusCode": 0, "success": False, "message": None, "errorKey": None}), None),
        (FakeResponse(404), None),
        (FakeResponse(202, body={"statusCode": 202}), BAD_ANSWER),  # unconfirmed: the re-read decides
        (FakeResponse(text="<html>unit-secret</html>", headers={"Content-Type": "text/html"}), BAD_ANSWER),
        (FakeResponse(body={}), BAD_ANSWER),
        (FakeResponse(text=""), BAD_ANSWER),
        (FakeResponse(body={"statusCode": 409, "success": False, "message": "Locked."}), REFUSED),
    ],
)
def test_delete_confirms_with_the_generic_response_or_a_404(answer, kind):
    api, session = client(answer)
    if kind is None:
        assert waf.delete(api, 4001) is None
        return
    with pytest.raises(ApiError) as caught:
        waf.delete(api, 4001)
    assert caught.value.kind == kind and "unit-secret" not in caught.value.describe()
    assert len(session.calls) == 1


@pytest.mark.parametrize("answer", not_understood.answers(FakeResponse(body=rule(rule_id=4002))))
def test_a_rule_read_that_is_not_understood_decides_nothing(answer):
    api, _session = client(answer)
    with pytest.raises(ApiError) as caught:
        waf.get(api, 4001)
    assert caught.value.kind == BAD_ANSWER and "Nothing was written by this task" in caught.value.hint
    assert "is not the custom WAF rule 4001 (an object with its id, zone and configuration)" in caught.value.message
    assert not_understood.PAGE_TEXT not in caught.value.describe()


def test_a_202_accepted_result_names_the_deleted_rule_reading():
    api, _session = client(FakeResponse(202, body={"statusCode": 202, "location": None}))
    with pytest.raises(ApiError, match="as it does for a rule that was deleted"):
        waf.get(api, 4001)
