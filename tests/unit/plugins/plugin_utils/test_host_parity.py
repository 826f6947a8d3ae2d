# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host parity: every module gives the same whole output on both hosts, from the same platform answers.

Each case runs one module through AnsibleModule (the module path) and through the in-process host
(``plugin_utils/_inprocess/host.py``) with the same arguments and the same fake answers, and checks that
both give the same output key for key and send the same requests (method, URL, query, body); then what
the case must show (failed or not, changed or not, every answer used, no secret anywhere, no_log options
masked in ``invocation``). Cases cover every module, successes, platform and transport errors, argument
errors and the modules' own checks. Modules added since keep their cases in ``parity_cases/<module>.py``.
Controller-side (the in-process host imports ansible's controller code).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import requests

from ansible_collections.edge.platform.plugins.modules import (
    api_guardian,
    api_guardian_endpoint,
    api_guardian_spec,
    bot_detection,
    bot_detection_info,
    database_query,
    database_token,
    dnszone_dnssec,
    dnszone_info,
    pullzone_certificate,
    pullzone_info,
    shield_zone_info,
    waf_rule,
    waf_rule_info,
)
from ansible_collections.edge.platform.plugins.plugin_utils._inprocess import host as _host
from ansible_collections.edge.platform.tests.unit import certgen
from ansible_collections.edge.platform.tests.unit.conftest import COLLECTION_ROOT, FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_api_guardian_endpoint import PETS
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_bot_detection_info import (
    ARGS as BOT_INFO_ARGS,
)
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_bot_detection_info import (
    PLAN_ERROR,
    envelope,
)
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_bot_detection_info import (
    state as bot_state,
)
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_waf_rule_info import (
    ACCEPTED,
    DEFAULT_ERROR,
    TEXT,
    page,
    rule,
)
from ansible_collections.edge.platform.tests.unit.plugins.modules.test_waf_rule_info import (
    ARGS as WAF_INFO_ARGS,
)
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case, more_cases

MASKED = "VALUE_SPECIFIED_IN_NO_LOG_PARAMETER"


def normal(result):
    """Warnings as their text (ansible-core 2.19 sends them as structured summaries; the controller shows the text);
    deprecations as message, version and collection (a module sends a summary, the in-process host the dictionary the
    controller turns into the same summary)."""
    warnings = result.get("warnings")
    if warnings:
        result["warnings"] = [w if isinstance(w, str) else w.get("event", {}).get("msg") for w in warnings]
    deprecations = result.get("deprecations")
    if deprecations:
        result["deprecations"] = [
            {
                "msg": d.get("msg", d.get("event", {}).get("msg")),
                "version": d["version"],
                "collection_name": d.get("collection_name", d.get("deprecator", {}).get("resolved_name")),
            }
            for d in deprecations
        ]
    return result


def both_hosts(module, args, answers, fake_session, run_module, check=False, diff=False):
    """``(result, sent)``: the module path's result, after asserting the in-process host gives the same output
    and sends the same requests (method, URL, query, body) from the same ``answers`` (a list, or a callable
    that makes a fresh answering callable for each host)."""
    name = "edge.platform.%s" % module.__name__.rpartition(".")[2]

    def answering():
        fake_session.calls[:] = []
        fake_session.responses = answers() if callable(answers) else list(answers)

    answering()
    by_module = normal(run_module(module, dict(args, _ansible_module_name=name), check=check, diff=diff))
    sent = [(c["method"], c["url"], c["params"], c["json"]) for c in fake_session.calls]
    answering()
    output = _host.run_in_process(module.MODULE, _host.to_module(args), check, diff, name)
    by_action = normal(json.loads(_host.module_output(output)))
    assert by_action == by_module
    assert [(c["method"], c["url"], c["params"], c["json"]) for c in fake_session.calls] == sent
    return by_module, sent


# --- dnszone_dnssec --------------------------------------------------------------------------------------------
DNSSEC_SECRET = "unit-secret-key-0042"
DNSSEC = {"api_key": DNSSEC_SECRET, "base_url": "https://api.example.test", "retries": 0}
DS_KEY = {
    "Enabled": True,
    "DsRecord": "example.org. 3600 IN DS 1 13 2 AB",
    "Digest": "AB",
    "DigestType": "SHA256 (2)",
    "Algorithm": 13,
    "PublicKey": "cGs=",
    "KeyTag": 1,
    "Flags": 257,
    "DsConfigured": False,
}


def dns_zone(enabled):
    return FakeResponse(body={"Id": 7, "Domain": "example.org", "DnsSecEnabled": enabled})


def dnssec(args, answers=(), **expected):
    return Case(
        dnszone_dnssec,
        dict(DNSSEC, **args),
        answers,
        secret=DNSSEC_SECRET,
        shows=lambda r: r["invocation"]["module_args"]["api_key"] == MASKED,
        **expected,
    )


DNSSEC_CASES = {
    "change with diff": dnssec(
        dict(zone_id=7, state="enabled"), [dns_zone(False), FakeResponse(body=DS_KEY)], diff=True, changed=True
    ),
    "no change": dnssec(
        dict(zone_id=7, state="enabled", fetch_ds_record=True), [dns_zone(True), FakeResponse(body=DS_KEY)]
    ),
    "check mode": dnssec(dict(zone_id=7, state="disabled"), [dns_zone(True)], check=True, diff=True, changed=True),
    "platform error": dnssec(dict(zone_id=7, state="enabled"), [FakeResponse(status=404)], failed=True),
    "platform error quoting the key": dnssec(
        dict(zone_id=7, state="enabled"),
        [FakeResponse(status=400, body={"Message": "key %s is odd" % DNSSEC_SECRET})],
        failed=True,
    ),
    "transport error": dnssec(
        dict(zone_id=7, state="enabled"), [requests.exceptions.ConnectionError("refused")], failed=True
    ),
    "unknown option": dnssec(dict(zone_id=7, state="enabled", bogus=1), failed=True),
    "missing option": dnssec(dict(state="enabled"), failed=True),
    "bad choice": dnssec(dict(zone_id=7, state="on"), failed=True),
    "bad type": dnssec(dict(zone_id="seven", state="enabled"), failed=True),
    "own check": dnssec(dict(zone_id=-1, state="enabled"), failed=True),
    "key with a newline": dnssec(dict(api_key=DNSSEC_SECRET + "\n", zone_id=7, state="enabled"), failed=True),
    "alias and option both set": dnssec(dict(access_key=DNSSEC_SECRET, zone_id=7, state="enabled"), [dns_zone(True)]),
}


# --- bot_detection_info, waf_rule_info (the module tests' own answers) ----------------------------------------
BOT_INFO_SECRET = BOT_INFO_ARGS["api_key"]
WAF_INFO_SECRET = WAF_INFO_ARGS["api_key"]


def bot_info(args, answers, shows, failed=False):
    return Case(bot_detection_info, args, answers, shows=shows, failed=failed, secret=BOT_INFO_SECRET)


def waf_info(args, answers, shows, failed=False):
    return Case(waf_rule_info, args, answers, shows=shows, failed=failed, secret=WAF_INFO_SECRET)


BOT_INFO_CASES = {
    "configuration": bot_info(
        BOT_INFO_ARGS, [envelope(data=bot_state())], lambda r: r["bot_detection"]["execution_mode_name"] == "challenge"
    ),
    "basic plan": bot_info(
        BOT_INFO_ARGS, [envelope(202, error=PLAN_ERROR)], lambda r: r["bot_detection"]["available"] is False
    ),
    "unknown zone": bot_info(
        BOT_INFO_ARGS,
        [
            envelope(
                200,
                error={
                    "statusCode": 404,
                    "success": False,
                    "message": "Not found.",
                    "errorKey": "shield_zone.not_found",
                },
            )
        ],
        lambda r: r["api_error"]["error_key"] == "shield_zone.not_found",
        failed=True,
    ),
    "not an object": bot_info(
        BOT_INFO_ARGS,
        [FakeResponse(200, text="[1]", headers=TEXT)],
        lambda r: "is not the bot detection configuration of shield zone 3001" in r["msg"],
        failed=True,
    ),
    "no data": bot_info(
        BOT_INFO_ARGS,
        [envelope(200)],
        lambda r: "is not the bot detection configuration of shield zone 3001" in r["msg"],
        failed=True,
    ),
    "own check": bot_info(
        dict(BOT_INFO_ARGS, shield_zone_id=0),
        [],
        lambda r: "must be a positive id (from 1 to 9223372036854775807)" in r["msg"],
        failed=True,
    ),
    "argument error": bot_info(
        dict(BOT_INFO_ARGS, shield_zone_id="three"),
        [],
        lambda r: "cannot be converted to an int" in r["msg"],
        failed=True,
    ),
    "key with a newline": bot_info(
        dict(BOT_INFO_ARGS, api_key=BOT_INFO_SECRET + "\n"),
        [],
        lambda r: "api_key contains spaces" in r["msg"],
        failed=True,
    ),
}

WAF_INFO_CASES = {
    "one rule": waf_info(
        dict(WAF_INFO_ARGS, id=4001),
        [FakeResponse(200, rule(), headers=TEXT)],
        lambda r: r["waf_rules"][0]["rule_configuration"]["action_type_name"] == "block",
    ),
    "every page": waf_info(
        dict(WAF_INFO_ARGS, shield_zone_id=3001, page_size=1),
        [page([rule(1)], 1, 2), page([rule(2)], 2, 2)],
        lambda r: [w["id"] for w in r["waf_rules"]] == [1, 2],
    ),
    "default errorResponse": waf_info(
        dict(WAF_INFO_ARGS, id=4001),
        [FakeResponse(200, rule(error=DEFAULT_ERROR), headers=TEXT)],
        lambda r: r["waf_rules"][0]["error_response"]["success"] is False,
    ),
    "broken ruleJson warns": waf_info(
        dict(WAF_INFO_ARGS, id=4001),
        [FakeResponse(200, rule(rule_json="{x"), headers=TEXT)],
        lambda r: "ruleJson of custom WAF rule 4001 is not valid JSON" in r["warnings"][0],
    ),
    "deleted rule": waf_info(
        dict(WAF_INFO_ARGS, id=4001),
        [FakeResponse(202, ACCEPTED, headers=TEXT)],
        lambda r: r["api_error"]["status"] == 202 and "check id" in r["msg"],
        failed=True,
    ),
    "not found": waf_info(
        dict(WAF_INFO_ARGS, id=4001),
        [FakeResponse(404, {"statusCode": 404}, headers=TEXT)],
        lambda r: r["api_error"]["status"] == 404,
        failed=True,
    ),
    "not a page": waf_info(
        dict(WAF_INFO_ARGS, shield_zone_id=3001),
        [FakeResponse(200, {"page": {}}, headers=TEXT)],
        lambda r: "is not the page of custom WAF rules (an object with data)" in r["msg"],
        failed=True,
    ),
    "own check": waf_info(
        dict(WAF_INFO_ARGS, id=0),
        [],
        lambda r: r["msg"] == "id must be a positive id (from 1 to 9223372036854775807); got 0.",
        failed=True,
    ),
    "argument error": waf_info(
        dict(WAF_INFO_ARGS, id=1, shield_zone_id=2), [], lambda r: "mutually exclusive" in r["msg"], failed=True
    ),
    "key with a newline": waf_info(
        dict(WAF_INFO_ARGS, api_key=WAF_INFO_SECRET + "\n", id=4001),
        [],
        lambda r: "api_key contains spaces" in r["msg"],
        failed=True,
    ),
}


# --- waf_rule, bot_detection -----------------------------------------------------------------------------------
SHIELD_SECRET = "unit-secret-key-0077"
SHIELD = {"api_key": SHIELD_SECRET, "base_url": "https://api.example.test", "retries": 0}
OK = {"statusCode": 200, "success": True, "message": None, "errorKey": None}
CONFIGURATION = {
    "actionType": 1,
    "variableTypes": {"REQUEST_URI": ""},
    "operatorType": 0,
    "severityType": 0,
    "transformationTypes": [],
    "value": "/admin",
    "isNegated": False,
    "isRegexVariable": False,
    "chainedRuleConditions": [],
}
RULE = {
    "id": 4001,
    "shieldZoneId": 3001,
    "userId": "u",
    "ruleName": "admin",
    "ruleDescription": "",
    "ruleJson": json.dumps(CONFIGURATION),
    "ruleConfiguration": CONFIGURATION,
    "errorResponse": OK,
}
READABLE = {
    "action_type": "Block",
    "variable_types": {"REQUEST_URI": ""},
    "operator_type": "BEGINSWITH",
    "value": "/admin",
}
BOT_STATE = {
    "shieldZoneId": 3001,
    "executionMode": 0,
    "requestIntegrity": {"sensitivity": 1},
    "ipAddress": {"sensitivity": 1},
    "browserFingerprint": {"sensitivity": 1, "aggression": 1, "complexEnabled": False},
}
PLAN = {
    "error": {
        "statusCode": 202,
        "success": False,
        "message": "Not on the Basic plan.",
        "errorKey": "invalid_plan_type.bot_detection",
    }
}
WAF = dict(SHIELD, shield_zone_id=3001, rule_name="admin")
BOT = dict(SHIELD, shield_zone_id=3001)


def listing(*rules):
    return FakeResponse(body={"data": list(rules), "page": {"nextPage": None}, "error": OK})


SHIELD_WRITE_CASES = {
    "waf create with diff": Case(
        waf_rule, dict(WAF, rule_configuration=READABLE), [listing(), FakeResponse(body=RULE)], diff=True, changed=True
    ),
    "waf no change": Case(waf_rule, dict(WAF, rule_configuration=READABLE), [listing(RULE)]),
    "waf check mode update": Case(
        waf_rule,
        dict(WAF, rule_configuration=dict(READABLE, value="/x")),
        [listing(RULE)],
        check=True,
        diff=True,
        changed=True,
    ),
    "waf 202 that landed": Case(
        waf_rule,
        dict(WAF, rule_configuration=READABLE),
        [listing(), FakeResponse(status=202, body={"statusCode": 202}), listing(RULE)],
        changed=True,
    ),
    "waf duplicate names": Case(waf_rule, dict(WAF, state="absent"), [listing(RULE, dict(RULE, id=4002))], failed=True),
    "waf bad action": Case(
        waf_rule, dict(WAF, rule_configuration={"action_type": "Smite", "operator_type": 0}), failed=True
    ),
    "waf suboption typo": Case(waf_rule, dict(WAF, rule_configuration=dict(READABLE, actoin_type=1)), failed=True),
    "bot change with diff": Case(
        bot_detection,
        dict(BOT, execution_mode="challenge"),
        [
            FakeResponse(body={"data": BOT_STATE, "error": OK}),
            FakeResponse(body={"data": dict(BOT_STATE, executionMode=1), "error": OK}),
        ],
        diff=True,
        changed=True,
    ),
    "bot no change": Case(
        bot_detection, dict(BOT, execution_mode=0), [FakeResponse(body={"data": BOT_STATE, "error": OK})]
    ),
    "bot basic plan": Case(
        bot_detection, dict(BOT, execution_mode=1), [FakeResponse(status=202, body=PLAN)], failed=True
    ),
    "bot bad value": Case(bot_detection, dict(BOT, ip_address_sensitivity="Extreme"), failed=True),
}


# --- api_guardian, api_guardian_endpoint, api_guardian_spec ------------------------------------------------------
GUARDIAN = dict(SHIELD, shield_zone_id=9)
GUARDIAN_CONFIG = {
    "shieldZoneId": 9,
    "isEnabled": True,
    "executionMode": 0,
    "bodyLimitAction": 1,
    "unmatchedPathAction": 1,
    "title": "Pets",
    "version": "1",
}
DOCUMENT = (
    "openapi: 3.0.3\ninfo: {title: Pets, version: '1'}\n"
    "paths:\n  /pets:\n    get:\n      responses: {'200': {description: ok}}\n"
)


def guardian_state(endpoints=(), **changes):
    data = {"configuration": dict(GUARDIAN_CONFIG, **changes), "endpoints": list(endpoints)}
    return FakeResponse(200, {"error": {"statusCode": 200, "success": True}, "data": data})


def guardian_patched(data):
    return FakeResponse(200, {"error": {"statusCode": 200, "success": True}, "data": data})


ENDPOINT = dict(GUARDIAN, method="get", path="/pets")
GUARDIAN_CASES = {
    "guardian change with diff": Case(
        api_guardian,
        dict(GUARDIAN, execution_mode="block"),
        [guardian_state(), guardian_patched(dict(GUARDIAN_CONFIG, executionMode=1))],
        diff=True,
        changed=True,
    ),
    "guardian no change": Case(api_guardian, dict(GUARDIAN, execution_mode="1"), [guardian_state(executionMode=1)]),
    "guardian check mode": Case(
        api_guardian,
        dict(GUARDIAN, enabled=False),
        [guardian_state()],
        check=True,
        changed=True,
        shows=lambda r: r["api_guardian"]["enabled"] is False,
    ),
    "guardian bad choice": Case(api_guardian, dict(GUARDIAN, execution_mode="challenge"), failed=True),
    "guardian platform error": Case(api_guardian, dict(GUARDIAN, enabled=True), [FakeResponse(401)], failed=True),
    "endpoint change with diff": Case(
        api_guardian_endpoint,
        dict(ENDPOINT, detect_xss=True),
        [guardian_state([PETS]), guardian_patched(dict(PETS, detectParameterXss=True))],
        diff=True,
        changed=True,
    ),
    "endpoint no change": Case(api_guardian_endpoint, dict(ENDPOINT, enabled=True), [guardian_state([PETS])]),
    "endpoint check mode": Case(
        api_guardian_endpoint, dict(ENDPOINT, enabled=False), [guardian_state([PETS])], check=True, changed=True
    ),
    "endpoint unknown": Case(
        api_guardian_endpoint, dict(ENDPOINT, path="/nope", enabled=False), [guardian_state([PETS])], failed=True
    ),
    "spec bad document": Case(
        api_guardian_spec,
        dict(GUARDIAN, content="title: x\n"),
        failed=True,
        shows=lambda r: r["msg"].startswith("content: the OpenAPI document is unusable"),
    ),
    "spec platform error": Case(api_guardian_spec, dict(GUARDIAN, content=DOCUMENT), [FakeResponse(401)], failed=True),
    "spec check mode upload": Case(
        api_guardian_spec, dict(GUARDIAN, content=DOCUMENT), [guardian_state()], check=True, diff=True, changed=True
    ),
    "spec src unread": Case(
        api_guardian_spec,
        dict(GUARDIAN, src="openapi.yaml"),
        failed=True,
        shows=lambda r: r["msg"].startswith("src names a file on the controller"),
    ),
}


# --- database_query, database_token ----------------------------------------------------------------------------
DB_TOKEN = "full-token-0123456789"
DATABASE = {"database_url": "http://127.0.0.1:8099/db/demo", "auth_token": DB_TOKEN}
INTEGER = {"type": "integer", "value": "0"}
VERSIONS = {
    "cols": [
        {"name": "schema_version", "decltype": None},
        {"name": "user_version", "decltype": None},
        {"name": "total_changes", "decltype": None},
    ],
    "rows": [[INTEGER, INTEGER, INTEGER]],
    "affected_row_count": 0,
    "last_insert_rowid": None,
}
NOTHING = {"cols": [], "rows": [], "affected_row_count": 0, "last_insert_rowid": None}
ONE = {
    "cols": [{"name": "one", "decltype": None}],
    "rows": [[{"type": "integer", "value": "1"}]],
    "affected_row_count": 0,
    "last_insert_rowid": None,
}
SELECTED = FakeResponse(
    200,
    {
        "baton": None,
        "base_url": None,
        "results": [
            {
                "type": "ok",
                "response": {
                    "type": "batch",
                    "result": {
                        "step_results": [NOTHING, VERSIONS, ONE, VERSIONS, NOTHING, None],
                        "step_errors": [None] * 6,
                    },
                },
            },
            {"type": "ok", "response": {"type": "close"}},
        ],
    },
)
DB_ID = "db_01KCHBG8C5KSFGG0VRNFQ7EK7X"
NEW_TOKEN = "eyJhbGciOiJFZERTQSJ9.eyJhIjoicm8ifQ.unit-secret-token-signature"
TOKENS = dict(SHIELD, database_id=DB_ID)
DATABASE_CASES = {
    "query select": Case(
        database_query,
        dict(DATABASE, sql="SELECT 1 AS one"),
        [SELECTED],
        secret=DB_TOKEN,
        shows=lambda r: r["results"][0]["rows"] == [{"one": 1}],
    ),
    "query transport error": Case(
        database_query,
        dict(DATABASE, sql="SELECT 1", retries=0),
        [requests.exceptions.ConnectionError("refused")],
        failed=True,
        secret=DB_TOKEN,
    ),
    "query token in the url": Case(
        database_query,
        {"database_url": DATABASE["database_url"] + "?authToken=" + DB_TOKEN, "sql": "SELECT 1 AS one"},
        [SELECTED],
        secret=DB_TOKEN,
    ),
    "query bad url": Case(
        database_query, dict(DATABASE, database_url="ftp://x", sql="SELECT 1"), failed=True, secret=DB_TOKEN
    ),
    "token generate with diff": Case(
        database_token,
        dict(TOKENS, authorization="full_access"),
        [FakeResponse(body={"token": NEW_TOKEN, "expires_at": None})],
        diff=True,
        changed=True,
        shows=lambda r: r["token"] == NEW_TOKEN,
    ),
    "token check mode": Case(
        database_token,
        dict(TOKENS, authorization="read_only"),
        check=True,
        changed=True,
        shows=lambda r: "token" not in r,
    ),
    "token revoke": Case(database_token, dict(TOKENS, state="revoked"), [FakeResponse(status=204)], changed=True),
    "token bad expiry": Case(database_token, dict(TOKENS, authorization="read_only", expires_in="soon"), failed=True),
}


# --- dnszone_info, pullzone_info, shield_zone_info --------------------------------------------------------------
INFO = {"api_key": "unit-secret-key", "base_url": "https://api.example.test", "retries": 0}
PULL_ZONE = {
    "Id": 21,
    "Name": "demo",
    "Enabled": True,
    "Suspended": False,
    "Type": 0,
    "CnameDomain": "demo.b-cdn.net",
    "OriginUrl": "https://origin.example.com",
    "ZoneSecurityKey": "token-signing-key-1",
    "Hostnames": [],
}
SHIELD_ZONE = {
    "shieldZoneId": 3,
    "pullZoneId": 13,
    "planType": 1,
    "wafEnabled": True,
    "wafExecutionMode": 1,
    "dDoSShieldSensitivity": 4,
    "dDoSExecutionMode": 0,
}
INFO_CASES = {
    "dns zone by id": Case(
        dnszone_info,
        dict(INFO, zone_id=5),
        [FakeResponse(body={"Id": 5, "Domain": "example.org", "DnsSecEnabled": True})],
        shows=lambda r: r["dns_zones"][0]["dnssec_enabled"] is True,
    ),
    "dns zones": Case(
        dnszone_info,
        INFO,
        [
            FakeResponse(
                body={
                    "Items": [{"Id": 1, "Domain": "a.test"}],
                    "CurrentPage": 1,
                    "TotalItems": 1,
                    "HasMoreItems": False,
                }
            )
        ],
    ),
    "dns zone unknown": Case(
        dnszone_info,
        dict(INFO, zone_id=5),
        [FakeResponse(404)],
        failed=True,
        shows=lambda r: "check zone_id" in r["msg"],
    ),
    "pull zone by id": Case(
        pullzone_info,
        dict(INFO, pullzone_id=21),
        [FakeResponse(body=PULL_ZONE)],
        shows=lambda r: "token-signing-key-1" not in json.dumps(r),
    ),
    "pull zone unknown": Case(pullzone_info, dict(INFO, pullzone_id=99), [FakeResponse(404)], failed=True),
    "shield zone by id": Case(
        shield_zone_info,
        dict(INFO, shield_zone_id=3),
        [FakeResponse(body={"data": SHIELD_ZONE})],
        shows=lambda r: r["shield_zones"][0]["pullzone_id"] == 13,
    ),
    "shield zone 202": Case(
        shield_zone_info, dict(INFO, shield_zone_id=3), [FakeResponse(202, body={"statusCode": 202})], failed=True
    ),
    "shield zone selectors": Case(shield_zone_info, dict(INFO, shield_zone_id=1, pullzone_id=2), failed=True),
}


# --- pullzone_certificate ---------------------------------------------------------------------------------------
LEAF, LEAF_KEY, MID, _ROOT = certgen.chain("ec", prefix="parity")
KEY_PEM = certgen.key_pem(LEAF_KEY)
CERTIFICATE = {
    "api_key": "unit-secret-key",
    "base_url": "https://api.example.test",
    "retries": 0,
    "pullzone_id": 2001,
    "hostname": "www.example.com",
    "certificate": certgen.cert_pem(LEAF, MID),
    "certificate_key": KEY_PEM,
}
HOSTNAMES = [
    {
        "Id": 2,
        "Value": "www.example.com",
        "ForceSSL": False,
        "IsSystemHostname": False,
        "IsManagedHostname": False,
        "HasCertificate": False,
        "Certificate": None,
        "CertificateKey": None,
        "CertificateKeyType": 0,
        "CertificateProvisionType": 0,
    }
]
CERTIFICATE_ZONE = FakeResponse(200, {"Id": 2001, "Name": "demo", "Hostnames": HOSTNAMES})
NO_KEY = "".join(KEY_PEM.splitlines()[1:-1])[:40]
CERTIFICATE_CASES = {
    "certificate install": Case(
        pullzone_certificate,
        CERTIFICATE,
        [CERTIFICATE_ZONE, FakeResponse(204, text="")],
        changed=True,
        shows=lambda r: NO_KEY not in json.dumps(r),
    ),
    "certificate check mode": Case(
        pullzone_certificate,
        CERTIFICATE,
        [CERTIFICATE_ZONE],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: NO_KEY not in json.dumps(r),
    ),
    "certificate bad text": Case(
        pullzone_certificate,
        dict(CERTIFICATE, certificate="garbage"),
        failed=True,
        shows=lambda r: "certificate: not PEM" in r["msg"] and NO_KEY not in json.dumps(r),
    ),
    "certificate src unread": Case(
        pullzone_certificate,
        dict(CERTIFICATE, certificate=None, certificate_src="c.pem"),
        failed=True,
        shows=lambda r: r["msg"].startswith("certificate_src names a file"),
    ),
}


CASES = {}
for group in (
    DNSSEC_CASES,
    BOT_INFO_CASES,
    WAF_INFO_CASES,
    SHIELD_WRITE_CASES,
    GUARDIAN_CASES,
    DATABASE_CASES,
    INFO_CASES,
    CERTIFICATE_CASES,
):
    for label, case in group.items():
        CASES["%s: %s" % (case.module.__name__.rpartition(".")[2], label)] = case
CASES.update(more_cases())


def test_every_module_has_parity_cases():
    modules = {path.stem for path in Path(COLLECTION_ROOT, "plugins", "modules").glob("*.py")} - {"__init__"}
    assert {case.module.__name__.rpartition(".")[2] for case in CASES.values()} == modules


@pytest.mark.parametrize("name", sorted(CASES))
def test_both_hosts_give_the_same_output(name, fake_session, run_module):
    case = CASES[name]
    args = {key: value for key, value in case.args.items() if value is not None}
    result, sent = both_hosts(
        case.module, args, case.answers, fake_session, run_module, check=case.check, diff=case.diff
    )
    assert result.get("failed", False) is case.failed, result
    # a failure carries no changed, except after writes that landed (a set module failing midway says so)
    assert result.get("changed") is (True if case.failed and case.changed else None if case.failed else case.changed)
    if not callable(case.answers):
        assert len(sent) == len(case.answers)
    assert case.secret not in json.dumps(result)
    spec = case.module.MODULE.spec()
    given = result.get("invocation", {}).get("module_args", {})
    for option, options in spec.items():
        if options.get("no_log") and given.get(option) is not None:
            assert given[option] == MASKED, option
    if case.shows is not None:
        assert case.shows(result), result
