"""The access list resource layer: the index, one list, the writes and their answers, the plan's limits."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import access_lists
from ansible_collections.edge.platform.plugins.module_utils._engine.client import Client
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    MAY_HAVE_BEEN_SENT,
    ApiError,
    InputError,
)
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse, FakeSession

OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}


def client(*answers):
    return Client("https://api.example.test", {"AccessKey": "k"}, retries=0, session=FakeSession(list(answers)))


def test_the_index_is_read_at_the_top_level_and_a_foreign_answer_is_refused():
    index = access_lists.read_index(client(FakeResponse(body={"managedLists": [], "customLists": [{"listId": 5}]})), 1)
    assert access_lists.custom_lists(index) == [{"listId": 5}]
    with pytest.raises(ApiError, match="not the access list index"):
        access_lists.read_index(client(FakeResponse(body={"data": {"customLists": []}})), 1)


def test_a_name_held_twice_is_ambiguous():
    index = {"customLists": [{"listId": 5, "name": "a"}, {"listId": 6, "name": "a"}]}
    with pytest.raises(InputError, match="ids 5, 6"):
        access_lists.find(index, name="a")


@pytest.mark.parametrize(
    "index, current, count, said",
    [
        ({"customListCount": 1, "customListLimit": 1}, None, 1, "customListLimit 1"),
        ({"customEntryCount": 900, "customEntryLimit": 1000}, {"entryCount": 100}, 201, "customEntryLimit 1000"),
        ({"customEntryCount": 900, "customEntryLimit": 1000}, {"entryCount": 100}, 200, None),
        ({"customListLimit": None, "customEntryLimit": None}, None, 10**6, None),
    ],
)
def test_plan_limits(index, current, count, said):
    problem = access_lists.limit_problem(index, current, count)
    assert (said in problem) if said else problem is None


def test_a_202_refusal_names_the_plan_and_a_bare_202_confirms_nothing():
    refused = FakeResponse(status=202, body={"error": dict(OK, statusCode=202, success=False, message="limit")})
    with pytest.raises(ApiError) as raised:
        access_lists.create(client(refused), 1, {"name": "n", "type": 0, "content": ""}, plan_name="basic")
    assert "the basic plan; nothing was applied" in str(raised.value) and raised.value.status == 202
    with pytest.raises(ApiError) as raised:
        access_lists.create(client(FakeResponse(status=202, body={"statusCode": 202})), 1, {"name": "n"})
    assert raised.value.kind == MAY_HAVE_BEEN_SENT


def test_a_configuration_answer_that_shows_other_values_confirms_nothing():
    answer = FakeResponse(body={"data": {"isEnabled": False, "action": 1}, "error": OK})
    with pytest.raises(ApiError) as raised:
        access_lists.update_configuration(client(answer), 1, 7, {"isEnabled": True}, "list x")
    assert raised.value.kind == BAD_ANSWER
