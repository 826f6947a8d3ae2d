"""selectors: the zone options a module adds and what they resolve to (the listings and finders behind them are
tested with their resources: test_dns_zones, test_pull_zones, test_shield_zones, test_listing)."""

from __future__ import annotations

import re

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import (
    dns_zones,
    listing,
    pull_zones,
    selectors,
    shield_zones,
)
from ansible_collections.edge.platform.plugins.module_utils._api.selectors import (
    DNS_ZONE,
    PULL_ZONE,
    SHIELD_ZONE,
    Found,
    merge_validation,
)
from ansible_collections.edge.platform.plugins.module_utils._engine.context import Context, execute
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.module_utils._api.answers import client, dns, dns_page


def resolve(selector, params, *responses):
    api, session = client(*responses)
    ctx = Context(dict({name: None for name in selector.names}, **params))
    ctx.client = api
    result = execute(lambda c: {"found": selector.resolve(c)}, ctx)
    return result, session


def test_selector_by_id_sends_nothing():
    result, session = resolve(DNS_ZONE, {"zone_id": 7})
    assert (result["found"].id, result["found"].model) == (7, None) and session.calls == []


def test_selector_by_name_returns_the_model_it_read():
    result, _session = resolve(PULL_ZONE, {"pullzone_name": "demo"}, dns_page([{"Id": 4, "Name": "demo"}]))
    assert result["found"].id == 4 and result["found"].model["Name"] == "demo"


def test_selector_failure_goes_through_the_engine_funnel():
    result, _session = resolve(DNS_ZONE, {"zone_domain": "x.test"}, dns_page([dns(1, "y.x.test")]))
    assert result["failed"] is True and "y.x.test (id 1)" in result["msg"]


def test_shield_selector_by_pull_zone_name_confirms_a_404_with_the_mapping():
    result, session = resolve(
        SHIELD_ZONE,
        {"pullzone_name": "demo"},
        dns_page([{"Id": 21, "Name": "demo"}]),
        FakeResponse(404),
        FakeResponse(body={"data": []}),
    )
    assert "No shield zone of pull zone demo (id 21)" in result["msg"]
    assert [c["url"].split("/", 3)[-1] for c in session.calls] == [
        "pullzone",
        "shield/shield-zone/get-by-pullzone/21",
        "shield/shield-zones/pullzone-mapping",
    ]


def test_validation_rules_and_merge():
    assert SHIELD_ZONE.validation() == {
        "mutually_exclusive": [["shield_zone_id", "pullzone_id", "pullzone_name"]],
        "required_one_of": [["shield_zone_id", "pullzone_id", "pullzone_name"]],
    }
    assert DNS_ZONE.validation(required=False) == {"mutually_exclusive": [["zone_id", "zone_domain"]]}
    merged = merge_validation(DNS_ZONE.validation(), {"mutually_exclusive": [["a", "b"]]})
    assert merged["mutually_exclusive"] == [["zone_id", "zone_domain"], ["a", "b"]]
    spec = PULL_ZONE.argument_spec()
    spec["pullzone_id"]["required"] = True
    assert "required" not in PULL_ZONE.argument_spec()["pullzone_id"]


@pytest.mark.parametrize("library", [selectors, listing, dns_zones, pull_zones, shield_zones])
def test_the_library_imports_nothing_from_ansible(library):
    source = open(library.__file__).read()
    # only this collection's own pure libraries (ansible_collections.edge.platform...), never ansible-core
    assert not re.search(r"^\s*(?:import|from) ansible(?:\.| |$)", source, re.M)
    assert not re.search(
        r"^\s*(?:import|from) ansible_collections\.(?!edge\.platform\.plugins\.module_utils\.)", source, re.M
    )


def test_the_names_other_modules_import_from_here_still_work():
    assert (selectors.find_dns_zone, selectors.find_pull_zone, selectors.find_shield_zone) == (
        dns_zones.find,
        pull_zones.find,
        shield_zones.find_by_pull_zone,
    )
    assert (selectors.list_dns_zones, selectors.list_pull_zones, selectors.list_shield_zones) == (
        dns_zones.list_all,
        pull_zones.list_all,
        shield_zones.list_all,
    )
    assert selectors.LookupFailed is listing.LookupFailed and selectors.check_listing is listing.check_listing


def test_a_not_visible_hint_names_the_option_the_user_gave():
    by_id = Found(5, what="shield zone", option="shield_zone_id", given=5)
    assert by_id.not_visible == "No shield zone with id 5 is visible to this API key: check shield_zone_id."
    by_name = Found(5, what="shield zone", option="pullzone_name", given="demo")
    assert by_name.not_visible == (
        "No shield zone with id 5 (found through pullzone_name demo) is visible to this API key: check pullzone_name."
    )
    result, _session = resolve(
        SHIELD_ZONE,
        {"pullzone_name": "demo"},
        dns_page([{"Id": 21, "Name": "demo"}]),
        FakeResponse(body={"data": {"shieldZoneId": 9, "pullZoneId": 21}}),
    )
    found = result["found"]
    assert (found.id, found.option, found.given, found.what) == (9, "pullzone_name", "demo", "shield zone")
    result, _session = resolve(SHIELD_ZONE, {"shield_zone_id": 9})
    assert result["found"].not_visible == "No shield zone with id 9 is visible to this API key: check shield_zone_id."


def test_chosen_or_all_reads_the_chosen_one_or_lists_every_one():
    calls = []

    def get(client, object_id, hint):
        calls.append(("get", object_id, hint))
        return {"Id": object_id}

    def list_all(client):
        calls.append(("list",))
        return [{"Id": 1}, {"Id": 2}]

    ctx = Context({"zone_id": None, "zone_domain": None})
    assert DNS_ZONE.chosen_or_all(ctx, get, list_all) == [{"Id": 1}, {"Id": 2}] and calls == [("list",)]
    del calls[:]
    ctx = Context({"zone_id": 7, "zone_domain": None})
    assert DNS_ZONE.chosen_or_all(ctx, get, list_all) == [{"Id": 7}]
    assert calls == [("get", 7, "No DNS zone with id 7 is visible to this API key: check zone_id.")]


def test_chosen_or_all_reuses_the_model_a_lookup_read_unless_told_not_to():
    result, session = resolve(DNS_ZONE, {"zone_domain": "example.com"}, dns_page([dns(4, "example.com")]))
    found = result["found"]
    assert found.model["Id"] == 4 and len(session.calls) == 1
    api, session = client(dns_page([dns(4, "example.com")]))
    ctx = Context({"zone_id": None, "zone_domain": "example.com"})
    ctx.client = api
    assert DNS_ZONE.chosen_or_all(ctx, lambda *a: pytest.fail("must not read again"), None) == [dns(4, "example.com")]
    api, session = client(dns_page([dns(4, "example.com")]))
    ctx.client = api
    reread = DNS_ZONE.chosen_or_all(ctx, lambda c, i, h: {"Id": i, "again": True}, None, reuse_model=False)
    assert reread == [{"Id": 4, "again": True}]


def in_plan(params, *responses, check_mode=True):
    api, session = client(*responses)
    ctx = Context(dict({name: None for name in PULL_ZONE.names}, **params), check_mode=check_mode)
    ctx.client = api
    gone = {"gone": True} if params.pop("gone", False) else None
    result = execute(lambda c: {"found": PULL_ZONE.resolve_in_plan(c, lambda: {"standin": True}, gone)}, ctx)
    return dict(result, warnings=ctx.warnings), session


@pytest.mark.parametrize(
    "params, listed, check_mode, stood_in",
    [
        ({"pullzone_name": "site"}, [], True, True),  # predicted by an earlier task under --check
        ({"pullzone_name": "site"}, [{"Id": 4, "Name": "site-old"}], True, True),  # the search found others only
        ({"pullzone_name": "site"}, [], False, False),  # a real run: missing stays a failure
        ({"pullzone_name": "site", "state": "absent"}, [], True, False),  # a module that says nothing of absent
        ({"pullzone_name": "site", "state": "absent", "gone": True}, [], False, "gone"),  # removed with its parent
        ({"pullzone_name": "site", "state": "absent", "gone": True}, [], True, "gone"),
        ({"pullzone_name": "site"}, [{"Id": 4, "Name": "site"}, {"Id": 5, "Name": "site"}], True, False),  # several
    ],
)
def test_resolve_in_plan_stands_in_for_a_missing_parent_in_check_mode_only(params, listed, check_mode, stood_in):
    # a search that finds no zone at all is confirmed by the unfiltered listing (pull_zones.searched)
    result, session = in_plan(params, dns_page(listed), dns_page(listed), check_mode=check_mode)
    assert len(session.calls) == (1 if listed else 2)
    if stood_in == "gone":
        assert result.get("gone") is True and result["changed"] is False
        assert result["warnings"] == [
            "Nothing to remove: No pull zone matches pullzone_name='site' among those this "
            "API key can see: check pullzone_name, or give pullzone_id."
        ]
    elif stood_in:
        assert result.get("standin") is True and result["changed"] is True and not result.get("failed")
        assert "pull zone pullzone_name=site does not exist" in result["warnings"][0]
    else:
        assert result["failed"] is True and "standin" not in result


SCRIPTS = [
    {"Id": 11, "Name": "geo", "ScriptType": 0},
    {"Id": 12, "Name": "app", "ScriptType": 1, "DeploymentKey": "deploy-key-of-app-4711"},
    {"Id": 13, "Name": "guard", "ScriptType": 2, "DeploymentKey": "deploy-key-of-guard-4711"},
    {"Id": 14, "Name": "twin", "ScriptType": 0},
    {"Id": 15, "Name": "twin", "ScriptType": 0},
    {"Id": 16, "Name": "old", "ScriptType": 0, "Deleted": True},
]


def script_lookup(name, kind, *pages, check_mode=False):
    api, session = client(*pages)
    ctx = Context({}, check_mode=check_mode)
    ctx.client = api

    def found(task):
        return {"found": selectors.script_in_plan(task, name, kind, "origin_edge_script", "edge_script_id")}

    result = execute(found, ctx)
    return dict(result, warnings=ctx.warnings, masked=list(ctx.secrets)), session


def test_a_script_is_found_by_its_exact_name_and_type_with_one_listing():
    result, session = script_lookup("app", "standalone", dns_page(SCRIPTS))
    assert result["found"]["Id"] == 12 and len(session.calls) == 1
    assert "deploy-key-of-app-4711" in result["masked"]  # read in clear: masked from then on
    wrong, _session = script_lookup("guard", "standalone", dns_page(SCRIPTS), dns_page(SCRIPTS))
    assert wrong["failed"] is True and "deploy-key-of-guard-4711" in wrong["masked"]


@pytest.mark.parametrize(
    "name, kind, words",
    [
        (
            "guard",
            "standalone",
            "origin_edge_script names a standalone script, but the edge script named 'guard' is of "
            "type middleware: give a standalone script's name.",
        ),
        ("App", "standalone", "No edge script named 'App' is visible to this API key: check origin_edge_script"),
        ("old", "dns", "No edge script named 'old'"),  # a deleted script is no script
        (
            "twin",
            "dns",
            "2 edge scripts are named 'twin' (ids 14, 15), so the script to manage is ambiguous: give "
            "edge_script_id to choose one.",
        ),
    ],
)
def test_a_name_of_no_script_of_the_type_fails_naming_the_option(name, kind, words):
    result, _session = script_lookup(name, kind, dns_page(SCRIPTS), dns_page(SCRIPTS))
    assert result["failed"] is True and words in result["msg"], result["msg"]


def test_a_script_only_predicted_stands_in_under_check_only():
    result, _session = script_lookup("later", "standalone", dns_page(SCRIPTS), dns_page(SCRIPTS), check_mode=True)
    assert result["found"] is None and result["changed"] is True
    assert "edge script 'later'" in result["warnings"][0]
    real, _session = script_lookup("later", "standalone", dns_page(SCRIPTS), dns_page(SCRIPTS))
    assert real["failed"] is True and "No edge script named 'later'" in real["msg"]


def test_a_record_names_its_dns_script_once_per_name():
    api, session = client(dns_page(SCRIPTS))
    ctx = Context({})
    ctx.client = api
    seen = {}
    first = selectors.link_script(ctx, {"type": "Script", "script": "geo", "script_id": None}, seen)
    second = selectors.link_script(ctx, {"type": "Script", "script": "geo", "script_id": None}, seen)
    assert first["script_id"] == second["script_id"] == 11 and len(session.calls) == 1
    given = {"type": "Script", "script": None, "script_id": 5}
    assert selectors.link_script(ctx, dict(given), seen) == given


def not_named(name, option):
    return "No thing named %r: check %s." % (name, option)


@pytest.mark.parametrize(
    "found, check_mode, changed, outcome",
    [
        ({"Id": 3}, False, True, {"Id": 3}),  # found: returned as it is, in any run
        (None, True, True, None),  # under --check (no ledger: the module path) it stands in, reporting a change
        (None, True, False, None),  # ... or reporting none, when the caller says so
        (None, False, True, "No thing named 'box': check box_name."),  # a real run fails naming the option
    ],
)
def test_named_in_plan_finds_or_stands_in_under_check_only(found, check_mode, changed, outcome):
    ctx = Context({}, check_mode=check_mode)
    result = execute(
        lambda c: {"found": selectors.named_in_plan(c, found, ("thing", "box"), "box_name", not_named, changed)}, ctx
    )
    if isinstance(outcome, str):
        assert result["failed"] is True and result["msg"] == outcome and ctx.warnings == []
    elif found is None:
        assert result["found"] is None and result["changed"] is changed
        assert "thing 'box' does not exist" in ctx.warnings[0]
    else:
        assert result["found"] == found and result["changed"] is False and ctx.warnings == []
