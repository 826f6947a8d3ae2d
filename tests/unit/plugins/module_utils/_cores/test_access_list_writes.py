"""The access list core's writes: their order, what a later failure names, a lost create settled by the engine."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._cores import access_lists
from ansible_collections.edge.platform.plugins.module_utils._engine.client import Client
from ansible_collections.edge.platform.plugins.module_utils._engine.context import Context
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse, FakeSession

OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}


def context(*answers):
    ctx = Context({})
    ctx.client = Client("https://api.example.test", {"AccessKey": "k"}, retries=0, session=FakeSession(list(answers)))
    return ctx


def test_a_later_write_that_fails_names_what_landed():
    answers = [
        FakeResponse(body={"data": {"id": 5, "name": "n"}, "error": OK}),
        FakeResponse(body={"managedLists": [], "customLists": [{"listId": 5, "configurationId": 7, "name": "n"}]}),
        FakeResponse(status=400, body={"error": dict(OK, statusCode=400, success=False, message="bad action")}),
    ]
    writes = access_lists.Writes(
        context(*answers), 1, "n", None, {"create": {"name": "n"}, "configuration": {"action": 9}}
    )
    with pytest.raises(ApiError) as raised:
        writes.apply()
    text = str(raised.value.describe())
    assert "(id 5, configuration 7; this task already created it)" in text and "Re-run the task" in text


def test_a_lost_create_found_in_the_index_is_not_sent_again():
    answers = [
        FakeResponse(status=503, text=""),
        FakeResponse(body={"managedLists": [], "customLists": [{"listId": 5, "configurationId": 7, "name": "n"}]}),
        FakeResponse(body={"data": {"id": 5, "content": ""}, "error": OK}),
        FakeResponse(body={"data": {"isEnabled": True, "action": 1}, "error": OK}),
    ]
    ctx = context(*answers)
    writes = access_lists.Writes(
        ctx, 1, "n", None, {"create": {"name": "n"}, "configuration": {"isEnabled": True, "action": 1}}
    )
    details, custom, configuration = writes.apply()
    assert details["listId"] == 5 and configuration == {"isEnabled": True, "action": 1}
    assert [c["method"] for c in ctx.client.session.calls] == ["POST", "GET", "GET", "PATCH"]
    assert "It was not sent again" in ctx.warnings[0]
