# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The shield zones of a snapshot without a platform: each part in its module's form and canonical order, what cannot
be written back skipped with why, and API Guardian's document rebuilt so that it derives the state it came from."""

from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_kit as kit
from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_shield_guardian as guardian
from ansible_collections.edge.platform.plugins.module_utils._cores import snapshot_shield_zones as shield
from ansible_collections.edge.platform.plugins.module_utils._openapi.deriver import derive
from ansible_collections.edge.platform.plugins.module_utils._openapi.loader import load
from ansible_collections.edge.platform.plugins.module_utils._shapes.api_guardian_spec import Current, compare, predict
from ansible_collections.edge.platform.plugins.module_utils._shapes.rate_limits import SHAPE as RATE_LIMIT_SHAPE
from ansible_collections.edge.platform.plugins.module_utils._shapes.waf_rules import SHAPE as WAF_SHAPE

DOCUMENT = """
openapi: 3.0.3
info: {title: Shop, version: 1.2.0}
security: [{key: []}]
paths:
  /items/{id}:
    parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
    get:
      parameters: [{name: verbose, in: query}, {name: session, in: cookie}]
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Item'}}}}
        '404': {description: gone}
    put:
      security: [{bearer: []}]
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Item'}}}}
      responses: {'204': {description: done}}
  /health:
    get: {security: [], responses: {'200': {description: ok}}}
components:
  schemas:
    Item: {type: object, properties: {name: {type: string}, price: {type: number, minimum: 0}}}
  securitySchemes:
    key: {type: apiKey, in: header, name: X-Key}
    bearer: {type: http, scheme: bearer}
"""


def reading():
    return kit.Reading(None, [], [], 1)


def uploaded(text=DOCUMENT):
    """The zone's API Guardian state after ``text`` was uploaded, in the platform's shapes."""
    configuration, endpoints = predict(Current(False, {}, []), derive(load(text)), None, 3001)
    for index, endpoint in enumerate(endpoints):
        endpoint.update(apiGuardianEndpointId=index + 1, isEnabled=True, rateLimitingRequestCount=0)
    endpoints[0].update(rateLimitingEnabled=True, rateLimitingType="IP", rateLimitingRequestCount=20)
    endpoints[0].update(rateLimitingTimeframe=60, detectParameterSqli=True)
    return Current(True, dict(configuration, isEnabled=True, executionMode=1, bodyLimitAction=2), endpoints)


def rule(rule_id, name, **configuration):
    return {"id": rule_id, "ruleName": name, "ruleDescription": None, "ruleConfiguration": configuration}


def parts(**more):
    read = {
        "upload_scanning": {"isEnabled": True, "antivirusScanningMode": 1, "csamScanningMode": 0},
        "waf_rules": [
            rule(11, "second", actionType=1, operatorType=0, value="/b", transformationTypes=[8, 2]),
            rule(12, "first", actionType=2, operatorType=0, value="{{path}}"),
        ],
        "rate_limit_rules": [
            rule(21, "zeta", operatorType=0, requestCount=5, timeframe=10, blockTime=60),
            rule(22, "alpha", operatorType=0, requestCount=9, timeframe=60, blockTime=300, actionType=3),
        ],
        "access_lists": (
            {
                "customLists": [
                    {"listId": 2, "name": "office", "type": 1, "action": 1, "isEnabled": True},
                    {"listId": 1, "name": "bad asn", "type": 2, "action": 2, "isEnabled": False},
                ],
                "managedLists": [{"name": "VPN Providers", "isEnabled": True}, {"name": "Tor", "isEnabled": False}],
            },
            [],
        ),
        "bot_detection": None,
        "api_guardian": (None, None),
    }
    read["access_lists"] = (
        read["access_lists"][0],
        [
            (entry, {"id": entry["listId"], "content": content})
            for entry, content in zip(read["access_lists"][0]["customLists"], ["10.0.0.0/8\n192.0.2.1", "64500"])
        ],
    )
    read.update(more)
    return read


ZONE = {"shieldZoneId": 3001, "pullZoneId": 2001, "planType": 1, "wafEnabled": True, "wafCustomRuleOrder": [12, 11]}


def test_zone_item_in_the_modules_forms_and_canonical_order():
    read = reading()
    item, attachments = shield.shield_zone_item(ZONE, "demo", parts(), read)
    assert attachments == [] and read.skipped == [
        {
            "kind": "shield_zones",
            "name": "demo",
            "what": "managed access list 'VPN Providers' (enabled)",
            "why": "managed lists are the platform's: access_list manages custom lists only",
        }
    ]
    assert item["pullzone_name"] == "demo"
    assert item["settings"]["plan"] == "advanced" and item["settings"]["waf_enabled"] is True
    assert item["settings"]["upload_scanning_enabled"] is True
    assert "id" not in item["settings"] and "pullzone_id" not in item["settings"]
    # WAF rules in the zone's run order, rate limits and lists by name
    assert [r["rule_name"] for r in item["waf_rules"]] == ["first", "second"]
    assert [r["rule_name"] for r in item["rate_limit_rules"]] == ["alpha", "zeta"]
    assert [entry["name"] for entry in item["access_lists"]] == ["bad asn", "office"]
    assert item["access_lists"][1] == {
        "name": "office",
        "type": "cidr",
        "entries": ["10.0.0.0/8", "192.0.2.1"],
        "action": "allow",
        "enabled": True,
    }
    assert "bot_detection" not in item and "api_guardian" not in item


def test_rules_written_back_are_what_the_platform_holds():
    item = shield.shield_zone_item(ZONE, "demo", parts(), reading())[0]
    first, second = item["waf_rules"]
    assert first["rule_configuration"]["value"] == "{% raw %}{{path}}{% endraw %}"  # kept literal
    assert second["rule_description"] == "" and second["rule_configuration"]["transformation_types"] == [2, 8]
    written = dict(second["rule_configuration"])
    body = WAF_SHAPE.desired_configuration({"rule_configuration": written})
    assert WAF_SHAPE.rule_view("second", "", body) == WAF_SHAPE.rule_state(parts()["waf_rules"][0])
    alpha = item["rate_limit_rules"][0]
    assert alpha["limit"]["request_count"] == 9 and alpha["response"]["action_name"] == "challenge"
    assert RATE_LIMIT_SHAPE.desired_configuration(alpha)["blockTime"] == 300


def test_rules_not_found_by_a_name_of_their_own_are_skipped():
    read = reading()
    rules = [rule(1, "same", operatorType=0), rule(2, "same", operatorType=0), rule(3, " ", operatorType=0)]
    item = shield.shield_zone_item(ZONE, "demo", parts(waf_rules=rules + [rule(4, "kept", operatorType=0)]), read)[0]
    assert [r["rule_name"] for r in item["waf_rules"]] == ["kept"]
    assert read.skipped[0]["what"] == "custom WAF rules named ' ', 'same'"


def test_bot_detection_as_the_module_takes_it():
    state = {
        "executionMode": 1,
        "requestIntegrity": {"sensitivity": 2},
        "ipAddress": {"sensitivity": 0},
        "browserFingerprint": {"sensitivity": 3, "aggression": 1, "complexEnabled": True},
    }
    item = shield.shield_zone_item(ZONE, "demo", parts(bot_detection=state), reading())[0]
    assert item["bot_detection"] == {
        "execution_mode": "challenge",
        "request_integrity_sensitivity": "medium",
        "ip_address_sensitivity": "off",
        "fingerprint_sensitivity": "high",
        "fingerprint_aggression": "low",
        "complex_fingerprinting": True,
    }


def test_api_guardian_refused_is_skipped_with_why():
    read = reading()
    why = "API Guardian answered HTTP 403 (refused): likely not on the zone's plan"
    item = shield.shield_zone_item(ZONE, "demo", parts(api_guardian=(None, why)), read)[0]
    assert "api_guardian" not in item and read.skipped[-1]["why"] == why


def test_api_guardian_document_rebuilt_derives_the_state_it_came_from():
    state = uploaded()
    read = reading()
    item, attachments = shield.shield_zone_item(ZONE, "Shop", parts(api_guardian=(state, None)), read)
    assert [entry["path"] for entry in attachments] == ["shield_zones/shop.openapi.json"]
    text = attachments[0]["content"]
    assert json.loads(text)["info"] == {"title": "Shop", "version": "1.2.0"}
    assert not compare(state, derive(load(text)), None).differs
    assert guardian.rebuilt_document(state) == text  # byte for byte the same for the same state
    api = item["api_guardian"]
    assert api["spec_file"] == "shield_zones/shop.openapi.json"
    assert api["settings"] == {"enabled": True, "execution_mode": "block", "body_limit_action": "ignore"}
    assert [(e["method"], e["path"]) for e in api["endpoints"]] == [
        ("GET", "/health"),
        ("GET", "/items/{id}"),
        ("PUT", "/items/{id}"),
    ]
    limited = [e for e in api["endpoints"] if e.get("rate_limiting", {}).get("enabled")][0]
    assert limited["rate_limiting"] == {"enabled": True, "type": "ip", "request_count": 20, "timeframe": "1m"}
    assert all("id" not in e and "timeframe_seconds" not in e.get("rate_limiting", {}) for e in api["endpoints"])
    unlimited = [e for e in api["endpoints"] if e is not limited]
    assert all("request_count" not in e.get("rate_limiting", {}) for e in unlimited)  # 0: never set up, not writable


@pytest.mark.parametrize(
    "change, why",
    [
        (lambda eps: eps[1]["authSchemes"].append(dict(eps[1]["authSchemes"][0], httpScheme="basic")), "two endpoints"),
        (lambda eps: eps[0].update(requestBodySchemaYaml="$ref: '#/components/schemas/Gone'\n"), "does not load"),
        (lambda eps: eps[0].update(authSchemes=[{"schemeName": "tls", "schemeType": "MutualTls"}]), "no OpenAPI"),
    ],
)
def test_a_document_that_cannot_be_rebuilt_is_skipped_with_why(change, why):
    state = uploaded()
    endpoints = sorted(state.endpoints, key=lambda e: (e["requestPath"], e["requestMethod"]))
    endpoints[1]["authSchemes"] = [{"schemeName": "key", "schemeType": "Http", "httpScheme": "bearer"}]
    change(endpoints)
    read = reading()
    item, attachments = shield.shield_zone_item(ZONE, "demo", parts(api_guardian=(state, None)), read)
    assert "api_guardian" not in item and attachments == []
    assert why in read.skipped[-1]["why"] and read.skipped[-1]["what"].startswith("API Guardian")


def test_read_chooses_by_pull_zone_name_and_names_every_file(monkeypatch):
    zones = [dict(ZONE), dict(ZONE, shieldZoneId=3002, pullZoneId=2002), dict(ZONE, shieldZoneId=3009, pullZoneId=9)]
    monkeypatch.setattr(shield.shield_zones, "list_all", lambda client: zones)
    monkeypatch.setattr(
        shield.pull_zones, "list_all", lambda client: [{"Id": 2001, "Name": "demo"}, {"Id": 2002, "Name": "Other"}]
    )
    asked = []

    def reader(part):
        return lambda client, zone_id: asked.append((part, zone_id)) or parts()[part]

    fake = {part: reader(part) for part in shield.PARTS}
    monkeypatch.setattr(shield, "READS", fake)
    read = kit.Reading(None, ["demo*"], [], 2)
    part = shield.read(read)
    assert part.files == ["demo.yml"] and [i["pullzone_name"] for i in part.items] == ["demo"]
    assert sorted({zone_id for _part, zone_id in asked}) == [3001]  # the zone left out is not read
    assert part.present == ["demo.openapi.json", "demo.yml", "other.openapi.json", "other.yml"]
    assert part.suffixes == ["openapi.json"]
    assert read.skipped[0] == {
        "kind": "shield_zones",
        "name": "9",
        "what": "shield zone 3009",
        "why": "its pull zone is not in the account's listing",
    }
