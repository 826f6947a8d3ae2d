# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The edge rule shapes: every documented action and trigger number named, numbers without a name kept and compared
as the number, the whole rule sent with every member kept, and a rule read and given back compared equal."""

from __future__ import annotations

import json
import os

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import edge_rules as shapes
from ansible_collections.edge.platform.tests.unit.conftest import shared_openapi_dir

RULE = {
    "Guid": "g-1",
    "ActionType": 1,
    "ActionParameter1": "https://www.example.com{{path}}",
    "ActionParameter2": "301",
    "ActionParameter3": "",
    "ExtraActions": [{"ActionType": 99, "ActionParameter1": "x", "ActionParameter2": None, "ActionParameter3": None}],
    "Triggers": [
        {"Type": 42, "PatternMatches": ["b", "a"], "PatternMatchingType": 2, "Parameter1": None, "Parameter2": "?"}
    ],
    "TriggerMatchingType": 1,
    "Description": "old host",
    "Enabled": True,
    "OrderIndex": 2,
    "ReadOnly": False,
    "SomethingNew": {"kept": True},
}


def test_the_names_are_the_core_documents_enums():
    folder = shared_openapi_dir()
    if folder is None:
        pytest.skip("the published documents are not beside this checkout")
    with open(os.path.join(folder, "core-api-v1.0.0.json")) as stream:
        schemas = json.load(stream)["components"]["schemas"]
    for table, name in ((shapes.ACTION_TYPES, "EdgeRuleActionType"), (shapes.TRIGGER_TYPES, "TriggerTypes")):
        schema = schemas[name]
        assert sorted(table) == sorted(schema["enum"])
        for number, platform_name in zip(schema["enum"], schema["x-enumNames"]):
            assert table[number].replace("_", "") == platform_name.lower()


def test_read_unknown_numbers_are_kept_and_warned():
    unknown = []
    rule = shapes.shape_rule(RULE, unknown)
    assert rule["guid"] == "g-1" and rule["trigger_match"] == "all"
    assert rule["actions"] == [
        {"type": "redirect", "parameter1": "https://www.example.com{{path}}", "parameter2": "301", "parameter3": None},
        {"type": 99, "parameter1": "x", "parameter2": None, "parameter3": None},
    ]
    assert rule["triggers"] == [{"type": 42, "patterns": ["b", "a"], "match": "none", "parameter1": None}]
    assert len(unknown) == 2 and "actions[].type = 99" in unknown[0] and "triggers[].type = 42" in unknown[1]


def test_a_rule_given_back_is_no_change_and_keeps_every_member():
    given = {key: value for key, value in shapes.shape_rule(RULE).items() if key != "guid"}
    wanted = shapes.wanted_values(given)
    body = shapes.rule_body(RULE, wanted)
    assert shapes.compared(body) == shapes.compared(RULE)
    assert body["Guid"] == "g-1" and body["SomethingNew"] == {"kept": True} and "ReadOnly" not in body
    assert body["ExtraActions"][0]["ActionType"] == 99 and body["Triggers"][0]["Type"] == 42


def test_only_the_options_given_change():
    body = shapes.rule_body(RULE, shapes.wanted_values({"enabled": False}))
    assert body == dict({k: v for k, v in RULE.items() if k != "ReadOnly"}, Enabled=False)


def test_a_new_rule_gets_every_member():
    wanted = shapes.wanted_values(
        {"description": "d", "actions": [{"type": "force_ssl"}, {"type": "5", "parameter1": "X"}]}
    )
    body = shapes.rule_body(None, wanted)
    assert body == {
        "Description": "d",
        "Enabled": True,
        "ActionType": 0,
        "ActionParameter1": None,
        "ActionParameter2": None,
        "ActionParameter3": None,
        "ExtraActions": [
            {"ActionType": 5, "ActionParameter1": "X", "ActionParameter2": None, "ActionParameter3": None}
        ],
        "Triggers": [],
        "TriggerMatchingType": 0,
        "OrderIndex": 0,
    }


def test_a_number_with_a_name_compares_equal_to_the_name():
    assert (
        shapes.compared(shapes.rule_body(RULE, shapes.wanted_values({"actions": [{"type": 1}]})))["actions"][0]["type"]
        == "redirect"
    )


@pytest.mark.parametrize(
    "params, words",
    [
        ({"actions": []}, "actions must list at least one action"),
        ({"actions": [{"type": "teleport"}]}, "actions[0].type must be one of"),
        ({"triggers": [{"type": "url", "patterns": [""]}]}, "triggers[0].patterns[0] must be"),
    ],
)
def test_bad_values_name_the_option(params, words):
    with pytest.raises(InputError, match=None) as raised:
        shapes.wanted_values(params)
    assert words in str(raised.value)
