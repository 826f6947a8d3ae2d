# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The edge rule resource layer: the zone read with its rules, the write's answer (the rule, or nothing confirmed),
the delete (a 404 is gone already, the guid encoded in the path) and finding rules by guid or description."""

from __future__ import annotations

import re

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import edge_rules
from ansible_collections.edge.platform.plugins.module_utils._engine.client import Client
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import BAD_ANSWER, ApiError
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse, FakeSession

ZONE = {
    "Id": 7,
    "Name": "z",
    "EdgeRules": [{"Guid": "AbC", "Description": "d"}, {"Guid": "x", "Description": "d"}, "junk"],
}


def client(*answers):
    session = FakeSession(list(answers))
    return Client("https://api.example.test", {"AccessKey": "k"}, retries=0, session=session), session


def test_the_zone_is_read_with_its_rules_and_one_without_them_is_not_understood():
    api, _session = client(FakeResponse(body=ZONE), FakeResponse(body={"Id": 7, "Name": "z"}))
    zone = edge_rules.read_zone(api, 7)
    assert edge_rules.by_guid(zone, " abc ")["Guid"] == "AbC"
    assert [rule["Guid"] for rule in edge_rules.by_description(zone, "d")] == ["AbC", "x"]
    with pytest.raises(ApiError, match="with its edge rules"):
        edge_rules.read_zone(api, 7)
    assert edge_rules.has_rules({"Id": 7, "EdgeRules": None}) and edge_rules.rules_of({"EdgeRules": None}) == []


@pytest.mark.parametrize(
    "answer, body, problem",
    [
        (FakeResponse(201, text=""), {}, "no edge rule with a Guid"),
        (FakeResponse(201, {"Guid": "other"}), {"Guid": "AbC"}, "another edge rule (other)"),
    ],
)
def test_an_answer_without_the_rule_confirms_nothing(answer, body, problem):
    api, session = client(answer)
    with pytest.raises(ApiError, match=re.escape(problem)) as raised:
        edge_rules.add_or_update(api, 7, body, "'d'")
    assert raised.value.kind == BAD_ANSWER and len(session.writes) == 1


def test_the_answered_rule_is_returned():
    api, _session = client(FakeResponse(201, {"Guid": "abc", "Description": "d"}))
    assert edge_rules.add_or_update(api, 7, {"Guid": "AbC"}, "'d'")["Description"] == "d"


def test_delete_encodes_the_guid_and_takes_404_as_gone():
    api, session = client(FakeResponse(204, text=""), FakeResponse(404, text=""))
    assert edge_rules.delete(api, 7, "a/b", "'d'") is True
    assert edge_rules.delete(api, 7, "g", "'d'") is False
    assert session.writes[0]["url"].endswith("/pullzone/7/edgerules/a%2Fb")
