"""Every pull zone setting of the emulator (emulator/areas/pullzones/settings.py), checked against the published core
OpenAPI document: the table is the document's settings model, each setting round-trips, the document's bounds hold,
and the platform's rewrites, secrets and optimizer classes behave as docs/platform-notes.md says."""

from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.tests.unit.conftest import shared_openapi_dir
from emulator.areas.pullzones import settings as table

from .test_pullzones import SPEC_NAME, conform

KEY = "test-key"
FIXTURE = {"api_keys": [KEY], "edge_scripts": [7], "pull_zones": [{"id": 2001, "name": "demo"}]}
# rewritten by the platform (origins.py, web socket tiers): tested on their own
REWRITTEN = {"OriginType", "MiddlewareScriptId", "MaxWebSocketConnections"}
CLASSES = [{"Name": "thumb", "Properties": {"width": "200", "aspect_ratio": '"1:1"'}}]
WRITTEN = {"EnableWebPVary": "EnableWebpVary"}  # the settings model's spelling of the member the zone model returns


def changed(kind, default):
    """A value of ``kind`` other than ``default`` that the platform accepts."""
    if isinstance(kind, tuple):
        return 1 if default == 0 else 0
    if isinstance(kind, table.Int):
        return kind.low + 1 if default == kind.low else kind.low if kind.low > -(2**31) else 7
    return {
        table.BOOL: not default,
        table.TEXT: "changed",
        table.STRINGS: ["ab", "cd"],
        table.NUMBER: 1.5,
        table.CLASSES: CLASSES,
    }[kind]


@pytest.fixture(scope="module")
def schemas():
    """The core document's schemas, as published."""
    folder = shared_openapi_dir()
    if folder is None:
        pytest.skip("the published OpenAPI documents (../shared/reference/openapi) are not beside this checkout")
    return json.loads((folder / SPEC_NAME).read_text(encoding="utf-8"))["components"]["schemas"]


@pytest.fixture
def running(emulator):
    return emulator(FIXTURE, key=KEY)


def test_the_table_is_the_documents_settings_model(schemas):
    documented = {name.lower() for name in schemas["PullZoneSettingsModel"]["properties"]}
    tabled = set(table.MEMBERS) | set(table.WRITTEN_ONLY)
    assert tabled == documented and len(table.SETTINGS) + len(table.WRITTEN_ONLY) == len(documented) == 147


def test_each_rows_kind_is_the_documents(schemas):
    documented = {name.lower(): schema for name, schema in schemas["PullZoneSettingsModel"]["properties"].items()}
    for _key, member, kind, _default in table.SETTINGS:
        schema = documented[member.lower()]
        if isinstance(kind, tuple):
            enum = schemas[schema["oneOf"][0]["$ref"].split("/")[-1]]
            assert list(kind) == enum["x-enumNames"] and enum["enum"] == list(range(len(kind))), member
        elif isinstance(kind, table.Int):
            bounds = table.INT32 if schema["format"] == "int32" else table.INT64
            assert (kind.low, kind.high) == (schema.get("minimum", bounds[0]), schema.get("maximum", bounds[1])), member
        elif member != "LimitRatePerSecond":  # written int32, read double: a number is taken (platform notes)
            expected = {table.BOOL: "boolean", table.TEXT: "string", table.NUMBER: "number", table.STRINGS: "array"}
            assert schema["type"] == expected.get(kind, "array"), member


def test_each_setting_round_trips_through_an_update(running, openapi):
    document = openapi(SPEC_NAME).api
    expected = {
        member: changed(kind, default) for _key, member, kind, default in table.SETTINGS if member not in REWRITTEN
    }
    body = {WRITTEN.get(member, member): value for member, value in expected.items()}
    reply = running.request("POST", "/pullzone/2001", json=body)
    assert reply.status_code == 200, reply.text
    conform(document, "POST", "/pullzone/2001", body=body, reply=reply)
    zone = running.request("GET", "/pullzone/2001")
    conform(document, "GET", "/pullzone/2001", reply=zone)
    assert {member: zone.json()[member] for member in expected} == expected


def test_each_setting_is_read_from_the_fixture(emulator, openapi):
    settings = {key: changed(kind, default) for key, member, kind, default in table.SETTINGS if member not in REWRITTEN}
    for key, _member, kind, _default in table.SETTINGS:
        if kind == table.CLASSES:
            settings[key] = [{"name": "thumb", "properties": CLASSES[0]["Properties"]}]
    running = emulator({"api_keys": [KEY], "pull_zones": [{"id": 2001, "settings": settings}]}, key=KEY)
    zone = running.request("GET", "/pullzone/2001")
    conform(openapi(SPEC_NAME).api, "GET", "/pullzone/2001", reply=zone)
    for key, member, kind, default in table.SETTINGS:
        assert member in REWRITTEN or zone.json()[member] == changed(kind, default), key


def test_a_new_zone_has_every_setting_at_its_default(running, openapi):
    reply = running.request("POST", "/pullzone", json={"Name": "fresh"})
    conform(openapi(SPEC_NAME).api, "POST", "/pullzone", body={"Name": "fresh"}, reply=reply)
    zone = reply.json()
    defaults = dict({member: default for _key, member, _kind, default in table.SETTINGS}, OriginUrl=None)
    assert {member: zone[member] for member in defaults} == defaults
    assert zone["EdgeRules"] == [] and len(zone["ZoneSecurityKey"]) == 36


@pytest.mark.parametrize(
    "member, value, key",
    [
        ("OptimizerImageQuality", 0, "validation.out_of_range"),
        ("OptimizerDesktopMaxWidth", 5001, "validation.out_of_range"),
        ("OriginShieldMaxConcurrentRequests", 10001, "validation.out_of_range"),
        ("OriginShieldMaxQueuedRequests", -1, "validation.out_of_range"),
        ("PreloadingScreenDelay", 10001, "validation.out_of_range"),
        ("LogForwardingPort", 2**31, "validation.out_of_range"),
        ("MonthlyBandwidthLimit", 2**63, "validation.out_of_range"),
        ("MaxWebSocketConnections", 25001, "validation.out_of_range"),
        ("TlsSecurityLevel", 3, "validation.invalid_type"),
        ("IpFamilyPolicy", "IPv5Only", "validation.invalid_type"),
        ("PreloadingScreenShowOnFirstVisit", None, "validation.invalid_type"),
        ("LimitRateAfter", "fast", "validation.invalid_type"),
        ("OptimizerClasses", [{"Name": "thumb", "Properties": {"width": 200}}], "validation.invalid_type"),
        ("OptimizerClasses", {"Name": "thumb"}, "validation.invalid_type"),
        ("CacheControlBrowserMaxAgeOverride", "1 day", "validation.invalid_type"),
    ],
)
def test_a_value_out_of_the_documents_bounds_is_refused_and_nothing_is_written(running, openapi, member, value, key):
    before = running.request("GET", "/pullzone/2001").json()
    reply = running.request("POST", "/pullzone/2001", json={member: value, "EnableLogging": False})
    assert (reply.status_code, reply.json()["ErrorKey"], reply.json()["Field"]) == (400, key, member)
    conform(openapi(SPEC_NAME).api, "POST", "/pullzone/2001", body={}, reply=reply)
    assert running.request("GET", "/pullzone/2001").json() == before


def test_web_socket_connections_are_rounded_up_to_a_tier(running):
    for sent, stored in ((1, 500), (700, 1000), (1000, 1000), (2501, 5000), (25000, 25000)):
        reply = running.request("POST", "/pullzone/2001", json={"MaxWebSocketConnections": sent})
        assert reply.json()["MaxWebSocketConnections"] == stored, sent


def test_a_stale_cache_option_switches_background_updates_on(running):
    assert running.request("GET", "/pullzone/2001").json()["UseBackgroundUpdate"] is False
    zone = running.request("POST", "/pullzone/2001", json={"UseStaleWhileOffline": True}).json()
    assert zone["UseBackgroundUpdate"] is True
    zone = running.request("POST", "/pullzone/2001", json={"UseBackgroundUpdate": False}).json()
    assert zone["UseBackgroundUpdate"] is True  # still on while a stale option is


def test_written_only_and_read_only_members(running):
    before = running.request("GET", "/pullzone/2001").json()
    body = {
        "EnableWebpVary": True,  # the written spelling; read back as EnableWebPVary
        "CacheControlBrowserMaxAgeOverride": 60,  # deprecated, never returned
        "ZoneSecurityKey": "not-settable-here",
        "Hostnames": [],
        "EdgeRules": [{"ActionType": 4}],
        "Id": 9,
        "Name": "renamed",
    }
    zone = running.request("POST", "/pullzone/2001", json=body).json()
    assert zone["EnableWebPVary"] is True and "EnableWebpVary" not in zone
    assert "CacheControlBrowserMaxAgeOverride" not in zone
    unchanged = ("ZoneSecurityKey", "Hostnames", "EdgeRules", "Id", "Name")
    assert {m: zone[m] for m in unchanged} == {m: before[m] for m in unchanged}


def test_reset_security_key_sets_or_renews_the_token_key(running, openapi):
    document = openapi(SPEC_NAME).api
    path = "/pullzone/2001/resetSecurityKey"
    first = running.request("GET", "/pullzone/2001").json()["ZoneSecurityKey"]
    reply = running.request("POST", path, json={"SecurityKey": "my-own-key-123"})
    assert reply.status_code == 204
    conform(document, "POST", path, body={"SecurityKey": "my-own-key-123"}, reply=reply)
    assert running.request("GET", "/pullzone/2001").json()["ZoneSecurityKey"] == "my-own-key-123"
    assert running.request("POST", path).status_code == 204
    renewed = running.request("GET", "/pullzone/2001").json()["ZoneSecurityKey"]
    assert renewed not in (first, "my-own-key-123") and len(renewed) == 36
    reply = running.request("POST", path, json={"SecurityKey": "short"})
    assert (reply.status_code, reply.json()["Field"]) == (400, "SecurityKey")
    conform(document, "POST", path, body={"SecurityKey": "short"}, reply=reply, check_request=False)
    assert running.request("POST", "/pullzone/9/resetSecurityKey").status_code == 404


def test_secrets_are_returned_by_the_api_but_never_in_the_state_dump(running):
    secrets = {"AWSSigningSecret": "aws-unit-secret", "LogForwardingToken": "log-unit-token"}
    zone = running.request("POST", "/pullzone/2001", json=secrets).json()
    assert {member: zone[member] for member in secrets} == secrets
    state = json.dumps(running.admin("GET", "state").json())
    assert "aws-unit-secret" not in state and "log-unit-token" not in state and '"<set>"' in state


def test_optimizer_classes_are_replaced_as_a_whole_list(running, openapi):
    document = openapi(SPEC_NAME).api
    assert running.request("GET", "/pullzone/2001").json()["OptimizerClasses"] == []
    two = CLASSES + [{"Name": "banner", "Properties": None}]
    zone = running.request("POST", "/pullzone/2001", json={"OptimizerClasses": two}).json()
    assert zone["OptimizerClasses"] == two  # values verbatim, quotes and all
    for left in ({"OptimizerClasses": None}, {"EnableLogging": False}):
        assert running.request("POST", "/pullzone/2001", json=left).json()["OptimizerClasses"] == two
    body = {"optimizerclasses": [{"name": "banner", "properties": {"width": "1200"}}]}
    reply = running.request("POST", "/pullzone/2001", json=body)
    assert reply.json()["OptimizerClasses"] == [{"Name": "banner", "Properties": {"width": "1200"}}]
    reply = running.request("POST", "/pullzone/2001", json={"OptimizerClasses": []})
    assert reply.json()["OptimizerClasses"] == []
    conform(document, "POST", "/pullzone/2001", body={"OptimizerClasses": []}, reply=reply)


def test_enum_settings_take_names_and_the_fixture_keeps_numbers_the_document_does_not_name(emulator):
    fixture = {"api_keys": [KEY], "pull_zones": [{"id": 2001, "settings": {"tls_security_level": 9}}]}
    running = emulator(fixture, key=KEY)
    assert running.request("GET", "/pullzone/2001").json()["TlsSecurityLevel"] == 9
    zone = running.request("POST", "/pullzone/2001", json={"LogForwardingProtocol": "datadog"}).json()
    assert (zone["LogForwardingProtocol"], zone["TlsSecurityLevel"]) == (3, 9)
