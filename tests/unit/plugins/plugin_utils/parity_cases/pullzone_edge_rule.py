# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of pullzone_edge_rule, pullzone_edge_rule_info and pullzone_edge_rules: a create (answered with the rule), no change,
check mode with diff, an update sending the guid, a delete, bad input refused before any request, duplicates named by
guid, a refusal by the platform, an action number this collection does not name, the zone read not understood, and
a whole list (no change, a create and a purge, a description listed twice)."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import (
    pullzone_edge_rule,
    pullzone_edge_rule_info,
    pullzone_edge_rules,
)
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity_cases.pullzone import (
    BAD_BODIES,
    not_understood,
)

SECRET = "parity-edge-rule-secret-key"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "pullzone_id": 2001}
GUID = "6c1f0e52-34b2-4d7e-8a1f-0b9c2d3e4f5a"
HTTPS = dict(
    description="force HTTPS", actions=[{"type": "force_ssl"}], triggers=[{"type": "url", "patterns": ["http://*"]}]
)


def rule(**members):
    base = {
        "Guid": GUID,
        "ActionType": 0,
        "ActionParameter1": None,
        "ActionParameter2": None,
        "ActionParameter3": None,
        "ExtraActions": [],
        "Triggers": [{"Type": 0, "PatternMatches": ["http://*"], "PatternMatchingType": 0, "Parameter1": None}],
        "TriggerMatchingType": 0,
        "Description": "force HTTPS",
        "Enabled": True,
        "OrderIndex": 0,
        "ReadOnly": False,
    }
    return dict(base, **members)


def zone(*rules):
    return FakeResponse(body={"Id": 2001, "Name": "demo", "EdgeRules": list(rules)})


CASES = {
    "create": Case(
        pullzone_edge_rule,
        dict(ARGS, **HTTPS),
        [zone(), FakeResponse(201, rule())],
        changed=True,
        shows=lambda r: r["edge_rule"]["guid"] == GUID and r["pull_zone"] == {"id": 2001, "name": "demo"},
    ),
    "no change": Case(pullzone_edge_rule, dict(ARGS, **HTTPS), [zone(rule())]),
    "check mode with diff": Case(
        pullzone_edge_rule,
        dict(ARGS, **HTTPS),
        [zone()],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: r["diff"]["before"] is None and r["edge_rule"]["guid"] is None,
    ),
    "update by guid": Case(
        pullzone_edge_rule,
        dict(ARGS, guid=GUID, enabled=False),
        [zone(rule()), FakeResponse(201, rule(Enabled=False))],
        changed=True,
        shows=lambda r: r["edge_rule"]["enabled"] is False,
    ),
    "delete": Case(
        pullzone_edge_rule,
        dict(ARGS, description="force HTTPS", state="absent"),
        [zone(rule()), FakeResponse(204, text="")],
        changed=True,
        shows=lambda r: r["edge_rule"] is None,
    ),
    "empty description": Case(
        pullzone_edge_rule,
        dict(ARGS, description=" "),
        failed=True,
        shows=lambda r: r["msg"].startswith("description must not be empty"),
    ),
    "duplicates": Case(
        pullzone_edge_rule,
        dict(ARGS, description="force HTTPS", enabled=False),
        [zone(rule(), rule(Guid="other-guid"))],
        failed=True,
        shows=lambda r: "2 edge rules described" in r["msg"] and "other-guid" in r["msg"],
    ),
    "refused": Case(
        pullzone_edge_rule,
        dict(ARGS, **HTTPS),
        [zone(), FakeResponse(400, {"ErrorKey": "edgerule.invalid", "Field": "Triggers", "Message": "Bad trigger"})],
        failed=True,
        shows=lambda r: r["api_error"]["error_key"] == "edgerule.invalid",
    ),
    "an action number without a name": Case(
        pullzone_edge_rule_info,
        dict(ARGS),
        [zone(rule(ActionType=99))],
        shows=lambda r: r["edge_rules"][0]["actions"][0]["type"] == 99 and "actions[].type = 99" in r["warnings"][0],
    ),
}
for _label, _bad in BAD_BODIES.items():
    CASES["the zone read answered %s" % _label] = Case(
        pullzone_edge_rule, dict(ARGS, **HTTPS), lambda _bad=_bad: [_bad()], failed=True, shows=not_understood
    )

# pullzone_edge_rules: the whole list from the same answers on both hosts
CASES.update(
    {
        "rules: no change in one read": Case(
            pullzone_edge_rules, dict(ARGS, rules=[dict(HTTPS, order_index=None)]), [zone(rule(OrderIndex=1))]
        ),
        "rules: create, then purge": Case(
            pullzone_edge_rules,
            dict(ARGS, purge=True, rules=[HTTPS]),
            [
                zone(rule(Guid="old", Description="old")),
                FakeResponse(201, rule(OrderIndex=1)),
                FakeResponse(204, text=""),
            ],
            diff=True,
            changed=True,
            shows=lambda r: (
                r["removed"] == ["old"]
                and [x["description"] for x in r["diff"]["after"]["edge_rules"]] == ["force HTTPS"]
            ),
        ),
        "rules: purge leaves a read-only rule": Case(
            pullzone_edge_rules,
            dict(ARGS, purge=True, rules=[HTTPS]),
            [zone(rule(OrderIndex=1), rule(Guid="locked", Description="system", ReadOnly=True))],
            shows=lambda r: r["removed"] == [] and "left the read-only edge rules 'system'" in r["warnings"][0],
        ),
        "rules: a description listed twice": Case(
            pullzone_edge_rules,
            dict(ARGS, rules=[HTTPS, HTTPS]),
            failed=True,
            shows=lambda r: r["msg"].startswith("rules[1] lists the rule description force HTTPS a second time"),
        ),
    }
)
