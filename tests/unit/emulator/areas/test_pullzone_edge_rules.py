"""The emulated edge rules of a pull zone, checked against the published core OpenAPI document."""

from __future__ import annotations

import threading

import pytest

from emulator.fixtures import FixtureError

from ..conftest import EMULATOR_DIR, load_platform
from .test_pullzones import SPEC_NAME, conform

KEY = "test-key"
ADD = "/pullzone/%d/edgerules/addOrUpdate"
UNKNOWN_ACTION = 35  # not in the document: the platform adds actions
FIXTURE = {
    "api_keys": [KEY],
    "pull_zones": [
        {
            "id": 2001,
            "name": "demo",
            "edge_rules": [
                {
                    "guid": "4a1e0f8c-0000-4000-8000-000000000001",
                    "action_type": UNKNOWN_ACTION,
                    "action_parameter1": "kept",
                    "triggers": [{"type": 14, "pattern_matches": ["*"], "pattern_matching_type": 0}],
                    "description": "from the dashboard",
                    "enabled": True,
                    "order_index": 3,
                },
                {"action_type": "ForceSSL", "description": "locked", "read_only": True},
            ],
        },
        {"id": 2002, "name": "other"},
    ],
}


def rule(description, action=5, order=0, **members):
    body = {
        "ActionType": action,
        "ActionParameter1": "X-Served-By",
        "ActionParameter2": "edge",
        "ActionParameter3": None,
        "Triggers": [{"Type": 0, "PatternMatches": ["*://demo.b-cdn.net/*"], "PatternMatchingType": 0}],
        "ExtraActions": [],
        "TriggerMatchingType": 0,
        "Description": description,
        "Enabled": True,
        "OrderIndex": order,
    }
    body.update(members)
    return body


@pytest.fixture
def running(emulator):
    return emulator(FIXTURE, key=KEY)


def zone_rules(running, zone=2001):
    return running.request("GET", "/pullzone/%d" % zone).json()["EdgeRules"]


def test_create_answers_201_with_the_rule_and_a_new_guid_and_the_zone_lists_it(running, openapi):
    document = openapi(SPEC_NAME).api
    body = rule("header", ExtraActions=[{"ActionType": 0}, {"ActionType": 4}])
    body["Triggers"][0]["Parameter2"] = "sent by the Terraform provider, not in the document"
    reply = running.request("POST", ADD % 2002, json=body)
    assert reply.status_code == 201
    created = reply.json()
    assert created["Guid"] and created["ReadOnly"] is False
    assert [a["ActionType"] for a in created["ExtraActions"]] == [0, 4]  # order kept
    assert zone_rules(running, 2002) == [created] and "Parameter2" not in created["Triggers"][0]
    del body["Triggers"][0]["Parameter2"]
    conform(document, "POST", ADD % 2002, body=body, reply=reply)
    conform(document, "GET", "/pullzone/2002", reply=running.request("GET", "/pullzone/2002"))
    listing = running.request("GET", "/pullzone", params={"search": "other"})
    assert listing.json()[0]["EdgeRules"] == [created]
    conform(document, "GET", "/pullzone", query={"search": "other"}, reply=listing, check_request=False)


def test_without_its_guid_the_same_rule_again_is_a_duplicate(running):
    first = running.request("POST", ADD % 2002, json=rule("same")).json()
    second = running.request("POST", ADD % 2002, json=rule("same", Guid=None)).json()
    third = running.request("POST", ADD % 2002, json=rule("same", Guid="")).json()
    assert len({first["Guid"], second["Guid"], third["Guid"]}) == 3
    assert [r["Description"] for r in zone_rules(running, 2002)] == ["same"] * 3


def test_an_update_replaces_the_whole_rule_in_its_place(running):
    first = running.request("POST", ADD % 2002, json=rule("first")).json()
    running.request("POST", ADD % 2002, json=rule("second"))
    update = {
        "guid": first["Guid"].upper(),
        "actiontype": "Redirect",
        "Triggers": [{"Type": 0, "PatternMatchingType": 1}],
    }
    reply = running.request("POST", ADD % 2002, json=update)
    assert reply.status_code == 201
    rules = zone_rules(running, 2002)
    assert [r["Description"] for r in rules] == [None, "second"] and rules[0]["Guid"] == first["Guid"]
    assert (rules[0]["ActionType"], rules[0]["ActionParameter1"], rules[0]["Enabled"]) == (1, None, False)
    assert rules[0]["Triggers"] == [{"Type": 0, "PatternMatches": [], "PatternMatchingType": 1, "Parameter1": None}]


def test_order_index_is_stored_as_sent_and_the_list_keeps_creation_order(running):
    for description, order in (("c", 2), ("a", 0), ("b", 1)):
        running.request("POST", ADD % 2002, json=rule(description, order=order))
    body = rule("omitted")
    del body["OrderIndex"]
    assert running.request("POST", ADD % 2002, json=body).json()["OrderIndex"] == 0
    rules = zone_rules(running, 2002)
    assert [(r["Description"], r["OrderIndex"]) for r in rules] == [("c", 2), ("a", 0), ("b", 1), ("omitted", 0)]


def test_delete_answers_204_then_404_and_unknown_zones_and_guids_are_404(running, openapi):
    document = openapi(SPEC_NAME).api
    guid = running.request("POST", ADD % 2002, json=rule("gone")).json()["Guid"]
    path = "/pullzone/2002/edgerules/%s" % guid
    reply = running.request("DELETE", path)
    assert reply.status_code == 204 and reply.content == b""
    conform(document, "DELETE", path, reply=reply)
    assert zone_rules(running, 2002) == []
    for method, missing, body in (
        ("DELETE", path, None),
        ("DELETE", "/pullzone/9/edgerules/%s" % guid, None),
        ("POST", ADD % 9, rule("x")),
        ("POST", ADD % 2002, rule("x", Guid=guid)),  # a guid the zone does not have
        ("POST", ADD % 2002, rule("x", Guid=FIXTURE["pull_zones"][0]["edge_rules"][0]["guid"])),  # another zone's
    ):
        reply = running.request(method, missing, json=body)
        assert (reply.status_code, reply.content) == (404, b""), (method, missing)
        conform(document, method, missing, body=body, reply=reply)
    assert zone_rules(running, 2002) == []


def test_set_edge_rule_enabled_toggles_one_rule(running, openapi):
    document = openapi(SPEC_NAME).api
    guid = running.request("POST", ADD % 2002, json=rule("toggled")).json()["Guid"]
    path = "/pullzone/2002/edgerules/%s/setEdgeRuleEnabled" % guid
    body = {"Id": 2002, "Value": False}
    reply = running.request("POST", path, json=body)
    assert reply.status_code == 204
    conform(document, "POST", path, body=body, reply=reply)
    assert zone_rules(running, 2002)[0]["Enabled"] is False
    for bad, field in (({"Value": True}, "Id"), ({"Id": 2002}, "Value"), ({"Id": 2002, "Value": "yes"}, "Value")):
        reply = running.request("POST", path, json=bad)
        assert (reply.status_code, reply.json()["Field"]) == (400, field)
        conform(document, "POST", path, body=bad, reply=reply, check_request=False)
    assert zone_rules(running, 2002)[0]["Enabled"] is False


def test_an_unknown_action_number_of_the_state_survives_other_writes(running):
    kept = zone_rules(running)[0]
    assert (kept["ActionType"], kept["Triggers"][0]["Type"]) == (UNKNOWN_ACTION, 14)
    running.request("POST", ADD % 2001, json=rule("new"))
    running.request("POST", "/pullzone/2001", json={"EdgeRules": [], "OriginUrl": "https://origin.example.net"})
    rules = zone_rules(running)
    assert rules[0] == kept and [r["Description"] for r in rules] == ["from the dashboard", "locked", "new"]


def test_a_request_is_held_to_the_documented_numbers_but_takes_names(running, openapi):
    document = openapi(SPEC_NAME).api
    named = rule("named", action="stripcookiesclienttoorigin", TriggerMatchingType="MatchNone")
    assert running.request("POST", ADD % 2002, json=named).json()["ActionType"] == 37
    for bad, field in (
        (rule("x", action=UNKNOWN_ACTION), "ActionType"),
        (rule("x", action="Teleport"), "ActionType"),
        (rule("x", ExtraActions=[{"ActionType": 36}]), "ExtraActions[0].ActionType"),
        (rule("x", Triggers=[{"Type": 14, "PatternMatchingType": 0}]), "Triggers[0].Type"),
        (rule("x", TriggerMatchingType=3), "TriggerMatchingType"),
        (rule("x", Enabled=None), "Enabled"),
        (rule("x", OrderIndex=2**31), "OrderIndex"),
        (rule("x", ActionParameter1=301), "ActionParameter1"),
        (rule("x", Triggers=[{"Type": 0, "PatternMatches": [1]}]), "Triggers[0].PatternMatches"),
        (rule("x", Guid=7), "Guid"),
    ):
        reply = running.request("POST", ADD % 2002, json=bad)
        assert (reply.status_code, reply.json()["Field"]) == (400, field), field
        conform(document, "GET", "/pullzone/2002", reply=running.request("GET", "/pullzone/2002"))
    assert [r["Description"] for r in zone_rules(running, 2002)] == ["named"]


def test_a_sixth_trigger_is_refused_with_the_platforms_message(running):
    triggers = [{"Type": 0, "PatternMatches": ["*/%d" % n], "PatternMatchingType": 0} for n in range(6)]
    reply = running.request("POST", ADD % 2002, json=rule("many", Triggers=triggers))
    assert reply.status_code == 400
    assert reply.json() == {
        "ErrorKey": "edgerule.validation",
        "Field": "Triggers",
        "Message": "Maximum 5 condition are allowed per rule",
    }
    assert running.request("POST", ADD % 2002, json=rule("five", Triggers=triggers[:5])).status_code == 201


def test_an_update_needs_each_triggers_type_and_pattern_matching_type(running):
    guid = running.request("POST", ADD % 2002, json=rule("kept", Triggers=[{"PatternMatches": ["*"]}])).json()["Guid"]
    reply = running.request("POST", ADD % 2002, json=rule("changed", Guid=guid, Triggers=[{"Type": 0}]))
    assert (reply.status_code, reply.json()["ErrorKey"], reply.json()["Field"]) == (
        400,
        "validation.required",
        "Triggers[0].PatternMatchingType",
    )
    assert [r["Description"] for r in zone_rules(running, 2002)] == ["kept"]


def test_a_read_only_rule_is_neither_changed_toggled_nor_deleted(running):
    locked = zone_rules(running)[1]
    assert locked["ReadOnly"] is True
    path = "/pullzone/2001/edgerules/%s" % locked["Guid"]
    for method, where, body in (
        ("POST", ADD % 2001, rule("changed", Guid=locked["Guid"])),
        ("POST", path + "/setEdgeRuleEnabled", {"Id": 2001, "Value": True}),
        ("DELETE", path, None),
    ):
        reply = running.request(method, where, json=body)
        assert (reply.status_code, reply.json()["ErrorKey"]) == (400, "edgerule.read_only")
    assert zone_rules(running)[1] == locked


def test_the_state_dump_holds_the_rules(running):
    guid = running.request("POST", ADD % 2002, json=rule("dumped")).json()["Guid"]
    state = running.admin("GET", "state").json()
    zones = {z["id"]: z for z in state["areas"]["pullzones"]["pull_zones"]}
    assert [r["Guid"] for r in zones[2002]["edge_rules"]] == [guid]


def test_with_a_race_window_overlapping_writes_to_one_zone_lose_a_rule(emulator):
    running = emulator(dict(FIXTURE, edge_rule_race_window=1.0), key=KEY)
    first = threading.Thread(target=running.request, args=("POST", ADD % 2002), kwargs={"json": rule("one")})
    first.start()
    second = running.request("POST", ADD % 2002, json=rule("two"))
    first.join()
    assert second.status_code == 201
    assert len(zone_rules(running, 2002)) == 1  # both answered 201; the later write replaced the list
    running.request("POST", ADD % 2002, json=rule("three"))
    assert len(zone_rules(running, 2002)) == 2  # one after the other: nothing lost


@pytest.mark.parametrize(
    "rules, message",
    [
        ([{"action_type": "Teleport"}], "ActionType"),
        ([{"triggers": [{"type": 0}] * 6}], "Maximum 5 condition"),
        ([{"order_index": True}], "order_index must be an integer"),
    ],
)
def test_a_fixture_rule_the_platform_could_not_hold_stops_the_emulator(tmp_path, rules, message):
    with pytest.raises(FixtureError, match=message):
        load_platform({"pull_zones": [{"id": 1, "edge_rules": rules}]}, tmp_path)


def test_the_demo_fixtures_rules_are_answered_as_the_document_says(emulator, openapi):
    running = emulator((EMULATOR_DIR / "fixtures" / "demo.yml").read_text(encoding="utf-8"), key="demo-api-key")
    reply = running.request("GET", "/pullzone/2001")
    rules = reply.json()["EdgeRules"]
    assert [(r["ActionType"], r["OrderIndex"], r["Enabled"]) for r in rules] == [
        (4, 1, True),
        (1, 2, True),
        (16, 3, False),
    ]
    assert rules[2]["ExtraActions"][0]["ActionType"] == 5 and rules[2]["TriggerMatchingType"] == 1
    conform(openapi(SPEC_NAME).api, "GET", "/pullzone/2001", reply=reply)


def test_a_rerun_against_the_same_fixture_meets_the_same_guids_and_keys(emulator):
    made = []
    for _run in range(2):
        running = emulator(FIXTURE, key=KEY)
        guid = running.request("POST", ADD % 2002, json=rule("again")).json()["Guid"]
        running.request("POST", "/pullzone/2002/resetSecurityKey")
        made.append((guid, running.request("GET", "/pullzone/2002").json()["ZoneSecurityKey"]))
    assert made[0] == made[1] and made[0][0] not in [r["Guid"] for r in zone_rules(running)]
