"""Bot detection's resource layer: what a read's answer must be, and the zone whose plan has no bot detection."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import bot_detection as bot
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    MAY_HAVE_BEEN_SENT,
    REFUSED,
    ApiError,
)

STATE = {
    "shieldZoneId": 3001,
    "executionMode": 1,
    "requestIntegrity": {"sensitivity": 2},
    "ipAddress": {"sensitivity": 3},
    "browserFingerprint": {"sensitivity": 1, "aggression": 4, "complexEnabled": True},
}


@pytest.mark.parametrize(
    "message, text",
    [
        ("Bot detection is not available on the Basic plan.", "Bot detection is not available on the Basic plan"),
        (None, "Bot detection is not available on this shield zone's plan"),
    ],
)
def test_an_unavailable_zone_reports_the_defaults_and_why(message, text):
    shaped = bot.unavailable(3002, message)
    assert shaped["available"] is False
    assert shaped["unavailable_reason"] == (
        "%s (error key invalid_plan_type.bot_detection). Bot detection needs a paid shield plan "
        "(Advanced or higher)." % text
    )
    assert shaped["execution_mode_name"] == "log_only"
    assert shaped["request_integrity"]["sensitivity_name"] == "off"
    assert shaped["browser_fingerprint"]["aggression_name"] == "low"
    assert shaped["browser_fingerprint"]["complex_enabled"] is False


@pytest.mark.parametrize(
    "status, body, problem",
    [
        (200, {"data": STATE, "error": {"success": True}}, None),
        (200, {"data": None}, "the platform answered without the configuration"),
        (200, {"error": {"success": True}}, "the platform answered without the configuration"),
        (200, ["not", "an", "object"], "the platform answered without the configuration"),
        (202, {"statusCode": 202, "value": None}, "the platform did not return the configuration"),
        (202, {"data": STATE}, "the platform did not return the configuration"),
    ],
)
def test_configuration_problem(status, body, problem):
    assert bot.configuration_problem(status, body) == problem


class Client(object):
    """Answers each request with the next of ``answers`` (a reply's status and data, or an ApiError to raise, read
    through the request's ``classify`` as the real client reads it)."""

    secrets = ()

    def __init__(self, *answers):
        self.answers = list(answers)
        self.sent = []

    def request(self, method, path, operation, **options):
        self.sent.append((method, path, options))
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            classify = options.get("classify")
            raise classify(answer) if classify else answer
        return type("Reply", (), {"status": answer[0], "data": answer[1]})()


def test_read_returns_the_configuration_and_names_the_hint_of_a_404():
    client = Client((200, {"data": STATE}))
    assert bot.read(client, 3001, "check shield_zone_id") == STATE
    [(method, path, options)] = client.sent
    assert (method, path, options["hints"]) == (
        "GET",
        "/shield/shield-zone/3001/bot-detection",
        {404: "check shield_zone_id"},
    )
    assert options["expect"].name == "the bot detection configuration of shield zone 3001 (an object with data)"
    assert options["expect"].accepts({"data": STATE}) and not options["expect"].accepts({"data": {}})


def test_a_read_answered_without_the_configuration_is_a_bad_answer():
    with pytest.raises(ApiError) as caught:
        bot.read(Client((200, {"data": None})), 3001)
    assert caught.value.kind == BAD_ANSWER
    assert caught.value.describe() == (
        "Reading bot detection of shield zone 3001 failed with HTTP 200 OK: the platform answered without the "
        "configuration. Retry later; if it persists, report it to the platform's support."
    )


@pytest.mark.parametrize(
    "call", [lambda client: bot.read(client, 3002), lambda client: bot.update(client, 3002, bot.UNAVAILABLE_STATE)]
)
def test_the_plan_error_is_a_refusal_that_says_why(call):
    refused = ApiError(
        "Reading bot detection of shield zone 3002",
        202,
        "Bot detection is not available.",
        error_key=bot.PLAN_ERROR_KEY,
    )
    with pytest.raises(bot.NotInPlan) as caught:
        call(Client(refused))
    assert caught.value.kind == REFUSED
    assert caught.value.describe() == (
        "Reading bot detection of shield zone 3002 failed: Bot detection is not available (error key "
        "invalid_plan_type.bot_detection). Bot detection needs a paid shield plan (Advanced or higher)."
    )
    assert caught.value.as_dict() == refused.as_dict()


def test_another_refusal_is_raised_as_it_came():
    refused = ApiError("Reading bot detection of shield zone 3001", 403, "Not allowed.", error_key="access.denied")
    with pytest.raises(ApiError) as caught:
        bot.read(Client(refused), 3001)
    assert caught.value is refused


@pytest.mark.parametrize(
    "answer, kind",
    [((202, {"statusCode": 202}), MAY_HAVE_BEEN_SENT), ((200, {"data": dict(STATE, executionMode=0)}), BAD_ANSWER)],
)
def test_an_update_the_answer_does_not_confirm_may_have_landed(answer, kind):
    with pytest.raises(ApiError) as caught:
        bot.update(Client(answer), 3001, STATE)
    assert caught.value.kind == kind


def test_an_update_sends_the_whole_configuration_and_is_never_replayed():
    answered = dict(bot.UNAVAILABLE_STATE, shieldZoneId=3001)
    client = Client((200, {"data": answered}))
    assert bot.update(client, 3001, bot.UNAVAILABLE_STATE) == answered
    [(method, path, options)] = client.sent
    assert (method, path) == ("PATCH", "/shield/shield-zone/3001/bot-detection")
    assert options["json_body"] == dict(bot.UNAVAILABLE_STATE, shieldZoneId=3001)
    assert options["replay_safe"] is False
