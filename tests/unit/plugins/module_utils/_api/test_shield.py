"""shield: what every Shield answer shares (AcceptedResult, the unconfirmed write, the 404 hint)."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import shield
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import MAY_HAVE_BEEN_SENT


def test_a_404_hint_only_when_there_is_advice():
    assert shield.not_found_hints("check shield_zone_id") == {404: "check shield_zone_id"}
    assert shield.not_found_hints(None) is None
    assert shield.not_found_hints("") is None


@pytest.mark.parametrize(
    "data, expected",
    [
        ({"statusCode": 202}, True),
        ({"statusCode": 202, "location": None, "value": None}, True),
        ({"statusCode": 202, "id": 7}, False),  # a member an AcceptedResult does not have
        ({"location": None}, False),
        ({}, False),
    ],
)
def test_an_accepted_result_has_its_members_only(data, expected):
    assert shield.accepted_result(data) is expected


def test_an_unconfirmed_write_may_have_been_sent_and_says_why():
    plain = shield.not_confirmed("Creating thing 'a'", 202)
    detailed = shield.not_confirmed("Creating thing 'a'", 202, "past the plan's limit")
    assert plain.kind == detailed.kind == MAY_HAVE_BEEN_SENT and plain.status == 202
    assert plain.message == "the platform answered HTTP 202 without confirming the change"
    assert detailed.message == "the platform answered HTTP 202 without confirming the change (past the plan's limit)"
