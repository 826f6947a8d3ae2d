"""The account of the snapshot benchmark (issue 34, "Performance"), generated for the run and never committed.

:func:`fixture` gives an emulator fixture (the format of emulator/fixture.schema.json) of ``pull_zones`` pull zones
(each with its system hostname, one custom hostname and two edge rules), ``dns_zones`` DNS zones of ``records``
records each (A, AAAA, CNAME, TXT and MX in turn) and ``shield_zones`` shield zones, one on each of the first pull
zones, with ``rules`` custom WAF rules each; :func:`counts` counts what a fixture holds, and :func:`write` writes one
(JSON, which is YAML) for the emulator to start from. Ids are fixed per place, so two runs build the same account.
"""

from __future__ import annotations

import json

SIZES = {"pull_zones": 200, "dns_zones": 200, "records": 20, "shield_zones": 50, "rules": 10}
API_KEY = "demo-api-key"
RECORD_TYPES = ("A", "AAAA", "CNAME", "TXT", "MX")
PULL_ZONE_ID, DNS_ZONE_ID, SHIELD_ZONE_ID, RULE_ID = 20000, 30000, 40000, 50000


def pull_zone(index):
    name = "bench-%03d" % index
    return {
        "id": PULL_ZONE_ID + index,
        "name": name,
        "settings": {"origin_url": "https://origin-%03d.bench.example" % index},
        "hostnames": [{"value": "%s.b-cdn.net" % name, "system": True}, {"value": "cdn-%03d.bench.example" % index}],
        "edge_rules": [
            {
                "description": "%s: block the admin area" % name,
                "action_type": "BlockRequest",
                "triggers": [{"type": "Url", "pattern_matches": ["*/admin/*"], "pattern_matching_type": "MatchAny"}],
                "enabled": True,
                "order_index": 1,
            },
            {
                "description": "%s: fonts cached a year" % name,
                "action_type": "OverrideBrowserCacheTime",
                "action_parameter1": "31536000",
                "triggers": [{"type": "UrlExtension", "pattern_matches": ["woff2", "woff"]}],
                "enabled": True,
                "order_index": 2,
            },
        ],
    }


def dns_record(zone_id, number):
    """The record ``number`` of a zone: a type of :data:`RECORD_TYPES` in turn, a name of its own."""
    record_type = RECORD_TYPES[number % len(RECORD_TYPES)]
    record = {"zone_id": zone_id, "type": record_type, "name": "r%02d" % number, "ttl": 300}
    record["value"] = {
        "A": "192.0.2.%d" % (number + 1),
        "AAAA": "2001:db8::%x" % (number + 1),
        "CNAME": "target-%02d.bench.example" % number,
        "TXT": "bench record %d" % number,
        "MX": "mail-%02d.bench.example" % number,
    }[record_type]
    if record_type == "MX":
        record["priority"] = 10
    return record


def waf_rule(rule_id, zone_id, number):
    return {
        "id": rule_id,
        "shield_zone_id": zone_id,
        "rule_name": "bench-rule-%02d" % number,
        "rule_description": "Block the path /bench-%02d" % number,
        "rule_configuration": {
            "actionType": 1,
            "operatorType": 0,
            "severityType": 2,
            "transformationTypes": [8],
            "variableTypes": {"REQUEST_URI": ""},
            "value": "/bench-%02d" % number,
            "isNegated": False,
            "isRegexVariable": False,
            "chainedRuleConditions": [],
        },
    }


def fixture(pull_zones=200, dns_zones=200, records=20, shield_zones=50, rules=10):
    """The benchmark's account as an emulator fixture; ``shield_zones`` at most ``pull_zones`` (one per pull zone)."""
    if shield_zones > pull_zones:
        raise ValueError(
            "a shield zone protects one pull zone: shield_zones (%d) > pull_zones (%d)" % (shield_zones, pull_zones)
        )
    dns = [{"id": DNS_ZONE_ID + i, "domain": "zone-%03d.bench.example" % i} for i in range(dns_zones)]
    shields = [
        {"id": SHIELD_ZONE_ID + i, "pull_zone_id": PULL_ZONE_ID + i, "plan": "business"} for i in range(shield_zones)
    ]
    return {
        "api_keys": [API_KEY],
        "pull_zones": [pull_zone(i) for i in range(pull_zones)],
        "dns_zones": dns,
        "dns_records": [dns_record(zone["id"], n) for zone in dns for n in range(records)],
        "shield_zones": shields,
        "waf_rules": [
            waf_rule(RULE_ID + z * rules + n, zone["id"], n) for z, zone in enumerate(shields) for n in range(rules)
        ],
    }


def counts(account):
    """What ``account`` (a fixture) holds: zones of each kind, and the records and rules per zone (each distinct
    count, so a fixture with one count per zone gives a one-item list)."""

    def per(items, key, zones):
        return sorted({sum(1 for item in items if item[key] == zone["id"]) for zone in zones})

    return {
        "pull_zones": len(account["pull_zones"]),
        "dns_zones": len(account["dns_zones"]),
        "records_per_dns_zone": per(account["dns_records"], "zone_id", account["dns_zones"]),
        "shield_zones": len(account["shield_zones"]),
        "rules_per_shield_zone": per(account["waf_rules"], "shield_zone_id", account["shield_zones"]),
    }


def write(path, **sizes):
    """Write the fixture of ``sizes`` (:data:`SIZES` where not given) to ``path``; return it."""
    account = fixture(**dict(SIZES, **sizes))
    with open(path, "w", encoding="utf-8") as stream:
        json.dump(account, stream)
    return account
