"""api_guardian: only given options, read before write, check mode, diff, errors, lost answers."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.context import Context, execute
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import MAY_HAVE_BEEN_SENT, ApiError
from ansible_collections.edge.platform.plugins.modules import api_guardian
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

KEY = "unit-test-api-key"
BASE = {"api_key": KEY, "base_url": "https://api.example.test", "shield_zone_id": 9}
URL = "https://api.example.test/shield/shield-zone/9/api-guardian"
CONFIG = {
    "shieldZoneId": 9,
    "isEnabled": True,
    "executionMode": 0,
    "bodyLimitAction": 1,
    "unmatchedPathAction": 1,
    "title": "Pets",
    "version": "1",
}


def body(**changes):
    return {
        "error": {"statusCode": 200, "success": True},
        "data": {"configuration": dict(CONFIG, **changes), "endpoints": []},
    }


def state(**changes):
    return FakeResponse(200, body(**changes))


def patched(**changes):
    return FakeResponse(200, {"error": {"statusCode": 200, "success": True}, "data": dict(CONFIG, **changes)})


def test_sends_only_the_differing_options(fake_session, run_module):
    fake_session.responses = [state(), patched(executionMode=1)]
    result = run_module(api_guardian, dict(BASE, execution_mode="block", body_limit_action="log"), diff=True)
    assert result["changed"] is True
    assert [(c["method"], c["url"]) for c in fake_session.calls] == [("GET", URL), ("PATCH", URL)]
    assert fake_session.calls[1]["json"] == {"executionMode": 1}
    assert result["api_guardian"] == {
        "shield_zone_id": 9,
        "enabled": True,
        "execution_mode": "block",
        "body_limit_action": "log",
        "unmatched_path_action": "log",
        "title": "Pets",
        "version": "1",
    }
    assert result["diff"]["before"]["execution_mode"] == "log" and result["diff"]["after"]["execution_mode"] == "block"


def test_no_change_sends_only_the_read(fake_session, run_module):
    fake_session.responses = [state(executionMode=1)]
    result = run_module(api_guardian, dict(BASE, execution_mode="1"))
    assert result["changed"] is False and len(fake_session.calls) == 1


def test_a_number_without_a_name_is_sent_as_it_is(fake_session, run_module):
    fake_session.responses = [state(), patched(bodyLimitAction=5)]
    result = run_module(api_guardian, dict(BASE, body_limit_action="5"))
    assert result["changed"] is True and fake_session.writes[0]["json"] == {"bodyLimitAction": 5}
    assert result["api_guardian"]["body_limit_action"] == 5


def test_check_mode_predicts_without_writing(fake_session, run_module):
    fake_session.responses = [state()]
    result = run_module(api_guardian, dict(BASE, enabled=False, unmatched_path_action="ignore"), check=True)
    assert result["changed"] is True and len(fake_session.calls) == 1
    assert result["api_guardian"]["enabled"] is False
    assert result["api_guardian"]["unmatched_path_action"] == "ignore"


@pytest.mark.parametrize(
    "args, message",
    [
        ({"execution_mode": "challenge"}, "value of execution_mode must be one of: log, block, got: challenge"),
        ({"execution_mode": "Block"}, "value of execution_mode must be one of: log, block, got: Block"),
        ({"body_limit_action": "-1"}, "value of body_limit_action must be one of: block, log, ignore, got: -1"),
        ({"shield_zone_id": 0}, "shield_zone_id must be a positive id (from 1 to 9223372036854775807)"),
    ],
)
def test_bad_input_fails_before_any_request(fake_session, run_module, args, message):
    result = run_module(api_guardian, dict(BASE, **args))
    assert result["failed"] is True and message in result["msg"]
    assert fake_session.calls == []


def test_404_names_both_readings_and_writes_nothing(fake_session, run_module):
    fake_session.responses = [
        FakeResponse(
            404,
            {"error": {"statusCode": 404, "success": False, "errorKey": "shield_zone.not_found", "message": "nope"}},
        )
    ]
    result = run_module(api_guardian, dict(BASE, enabled=False))
    assert result["failed"] is True and result["api_error"]["status"] == 404
    assert "or has no API Guardian state yet" in result["msg"] and len(fake_session.calls) == 1
    assert KEY not in str(result)


def test_requests_conform_to_the_published_shield_document(fake_session, run_module, openapi):
    document = openapi("shield-api-v1.0.0.json")
    fake_session.responses = [state(), patched(executionMode=1, isEnabled=False)]
    run_module(api_guardian, dict(BASE, execution_mode="block", enabled=False))
    assert [c["method"] for c in fake_session.calls] == ["GET", "PATCH"]
    for call in fake_session.calls:
        path = call["url"][len("https://api.example.test") :]
        document.check_request(call["method"], path, call["json"], headers={"AccessKey": KEY})


class LosingClient(object):
    """GET answers from ``reads``; the PATCH gets no answer."""

    def __init__(self, reads):
        self.reads = list(reads)
        self.calls = []

    def request(self, method, path, operation, **kwargs):
        self.calls.append(method)
        if method == "PATCH":
            raise ApiError(operation, None, "no answer in time", kind=MAY_HAVE_BEEN_SENT)
        return type("Reply", (), {"object": self.reads.pop(0)})()


@pytest.mark.parametrize("landed", [True, False])
def test_lost_answer_is_read_back_and_never_replayed(landed):
    ctx = Context(
        dict(shield_zone_id=9, enabled=None, execution_mode="block", body_limit_action=None, unmatched_path_action=None)
    )
    ctx.client = LosingClient([body(), body(executionMode=1 if landed else 0)])
    result = execute(api_guardian.run, ctx)
    assert ctx.client.calls == ["GET", "PATCH", "GET"]
    if landed:
        assert result["changed"] is True and "shows the change was applied" in ctx.warnings[0]
    else:
        assert result["failed"] is True and "NOT applied" in result["msg"]


def settable_options(table, spec):
    """Each settable field's option, looked up in the argument spec (sub-options under their option)."""
    found = []
    for field in table.fields:
        if field.parse is None:
            continue
        options = spec
        for name in field.path[:-1]:
            options = options[name]["options"]
        found.append(options.get(field.path[-1], {}).get("type"))
    return found


def test_every_settable_field_of_the_table_is_an_option():
    from ansible_collections.edge.platform.plugins.module_utils._shapes.api_guardian_settings import CONFIGURATION

    assert None not in settable_options(CONFIGURATION, api_guardian.MODULE.argument_spec)


def test_a_404_names_the_option_that_chose_the_zone(fake_session, run_module):
    found = {"error": {"statusCode": 200, "success": True}, "data": {"shieldZoneId": 9, "pullZoneId": 2001}}
    fake_session.responses = [FakeResponse(200, found), FakeResponse(404)]
    args = dict(BASE, pullzone_id=2001, enabled=False)
    del args["shield_zone_id"]
    result = run_module(api_guardian, args)
    assert result["failed"] is True and "or has no API Guardian state yet" in result["msg"]
    assert "check pullzone_id, or upload an OpenAPI document" in result["msg"]
