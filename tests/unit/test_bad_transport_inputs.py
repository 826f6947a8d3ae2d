"""Bad connection input, tried on every module: a clean failure naming the option, no traceback, no request.

The values are the ones an attacker's matrix found tracebacks and hangs with:
credentials a header cannot carry, broken URLs, timeouts and retry counts nothing can honour. Each module's
``main`` runs for real (AnsibleModule, argument validation, the engine), and so does the in-process host
with the same arguments (same output required), with a fake session that fails the test on any request.
"""

from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.plugins.modules import (
    api_guardian_spec,
    bot_detection_info,
    database_query,
    dnszone_dnssec,
    pullzone_certificate,
    waf_rule_info,
)
from ansible_collections.edge.platform.tests.unit import test_bad_option_types as every_option

KEY = "transport-matrix-secret-key"
TOKEN = "transport-matrix-secret-token"
DOCUMENT = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths: {}\n"
CONNECTION = {"api_key": KEY, "base_url": "https://api.example.test"}
MANAGEMENT = {
    "api_guardian_spec": (api_guardian_spec, dict(CONNECTION, shield_zone_id=1, content=DOCUMENT)),
    "bot_detection_info": (bot_detection_info, dict(CONNECTION, shield_zone_id=1)),
    "dnszone_dnssec": (dnszone_dnssec, dict(CONNECTION, zone_id=1, state="enabled")),
    "pullzone_certificate": (
        pullzone_certificate,
        dict(CONNECTION, pullzone_id=1, hostname="www.example.com", state="absent"),
    ),
    "waf_rule_info": (waf_rule_info, dict(CONNECTION, id=1)),
}
# every other module too, with the arguments of the wrong-type matrix (tests/unit/test_bad_option_types.py)
MANAGEMENT.update(
    {
        name: (every_option.module_named(name), dict(args, api_key=KEY))
        for name, args in every_option.BASE.items()
        if name not in MANAGEMENT and "api_key" in args
    }
)
DATABASE = {
    "database_query": (
        database_query,
        {"database_url": "http://127.0.0.1:9/db/x", "auth_token": TOKEN, "sql": "SELECT 1"},
    )
}
EVERY = dict(MANAGEMENT, **DATABASE)

NUMBERS = [
    ("timeout", "nan"),
    ("timeout", "inf"),
    ("timeout", "-inf"),
    ("timeout", "1e308"),
    ("timeout", -1),
    ("timeout", 0),
    ("timeout", 1e-9),
    ("retries", -1),
    ("retries", 11),
    ("retries", 10**9),
]
CREDENTIALS = ["ключ-доступа-1234", "caf\u00e9-secret", "", " ", "   ", "\t", "two words", "line\nbreak"]
MANAGEMENT_URLS = [
    "http://[::1",
    "https://[::1/x",
    "https://api.bunny.net/v1",
    "https://api.bunny.net/?a=b",
    "https://user:pw@api.bunny.net",
    "api.bunny.net",
    "ftp://api.bunny.net",
    "https://api.bunny.net:0x50",
]
DATABASE_URLS = ["http://[::1", "http://[::1?authToken=" + TOKEN, "ws://db.example.net", "https://db.example.net:99999"]


def cases():
    """One case per module and kind of input (numbers, credentials, URLs), its values run in it: ansible-test forks
    each case (about 30 ms of CPU apiece); each value is still checked and named on its own."""
    for name, (module, args) in sorted(EVERY.items()):
        credential = "auth_token" if name in DATABASE else "api_key"
        url_option = "database_url" if name in DATABASE else "base_url"
        urls = DATABASE_URLS if name in DATABASE else MANAGEMENT_URLS
        yield pytest.param(module, args, NUMBERS, id="%s-numbers" % name)
        yield pytest.param(module, args, [(credential, value) for value in CREDENTIALS], id="%s-credentials" % name)
        yield pytest.param(module, args, [(url_option, value) for value in urls], id="%s-urls" % name)


def without(args, option):
    return {k: v for k, v in args.items() if k != option}


def clear_environment(monkeypatch, *names):
    for name in names:
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("module, args, inputs", list(cases()))
def test_bad_connection_input_fails_by_name_before_any_request_on_both_hosts(
    fake_session, run_module, capsys, module, args, inputs
):
    name = module.__name__.rpartition(".")[2]
    for option, value in inputs:
        try:
            result, shown = every_option.run_both(name, dict(args, **{option: value}), fake_session, run_module, capsys)
            assert result.get("failed") is True, result
            assert result["msg"].startswith(option), result["msg"]
            assert fake_session.calls == []
            assert "Traceback" not in shown and "exception" not in result
            assert KEY not in shown and TOKEN not in shown
            # a blank secret must not have been registered for masking: the message reads normally
            assert "********" not in result["msg"]
        except AssertionError as error:
            raise AssertionError("with %s=%r: %s" % (option, value, error)) from None


@pytest.mark.parametrize("name", sorted(MANAGEMENT))
def test_missing_management_credentials_name_every_variable(fake_session, run_module, monkeypatch, name):
    clear_environment(monkeypatch, "EDGE_API_KEY", "BUNNYNET_API_KEY", "EDGE_BASE_URL", "BUNNYNET_API_URL")
    module, args = MANAGEMENT[name]
    result = run_module(module, without(args, "api_key"))
    assert result["msg"] == (
        "api_key is required: set api_key (or its alias access_key), or the EDGE_API_KEY or "
        "BUNNYNET_API_KEY environment variables to the account API key."
    )
    assert fake_session.calls == []


@pytest.mark.parametrize("name", sorted(MANAGEMENT))
def test_without_base_url_the_platform_root_is_used(fake_session, run_module, monkeypatch, name):
    from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

    clear_environment(monkeypatch, "EDGE_BASE_URL", "BUNNYNET_API_URL")
    fake_session.responses = lambda method, url, json, params: FakeResponse(status=404)
    module, args = MANAGEMENT[name]
    result = run_module(module, without(args, "base_url"))
    assert result["invocation"]["module_args"]["base_url"] == "https://api.bunny.net"
    assert fake_session.calls and all(c["url"].startswith("https://api.bunny.net/") for c in fake_session.calls)


@pytest.mark.parametrize("variable", ["EDGE_API_KEY", "BUNNYNET_API_KEY"])
def test_either_key_variable_is_enough_and_the_first_wins(fake_session, run_module, monkeypatch, variable):
    from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

    clear_environment(monkeypatch, "EDGE_API_KEY", "BUNNYNET_API_KEY")
    monkeypatch.setenv(variable, KEY)
    if variable == "BUNNYNET_API_KEY":
        monkeypatch.setenv("EDGE_API_KEY", KEY + "-first")
    fake_session.responses = [FakeResponse(200, {"Id": 1, "Domain": "example.com", "DnsSecEnabled": True})]
    module, args = MANAGEMENT["dnszone_dnssec"]
    result = run_module(module, without(args, "api_key"), check=True)
    assert result.get("failed") is not True, result
    expected = KEY + "-first" if variable == "BUNNYNET_API_KEY" else KEY
    assert fake_session.calls[0]["headers"]["AccessKey"] == expected


def test_an_empty_key_variable_is_refused_by_name(fake_session, run_module, monkeypatch):
    monkeypatch.setenv("EDGE_API_KEY", "")
    module, args = MANAGEMENT["dnszone_dnssec"]
    result = run_module(module, without(args, "api_key"))
    assert result["msg"] == (
        "api_key is empty: the EDGE_API_KEY environment variable is set but empty (a credential "
        "field left empty?). Give the credential in api_key (or its alias access_key), or the "
        "EDGE_API_KEY or BUNNYNET_API_KEY environment variables."
    )
    assert fake_session.calls == []


@pytest.mark.parametrize("variable", ["SERVICE_DATABASE_URL", "BUNNY_DATABASE_URL"])
def test_a_url_variable_token_is_masked_even_when_validation_fails(fake_session, run_module, monkeypatch, variable):
    clear_environment(
        monkeypatch,
        "SERVICE_DATABASE_URL",
        "BUNNY_DATABASE_URL",
        "SERVICE_DATABASE_AUTH_TOKEN",
        "BUNNY_DATABASE_AUTH_TOKEN",
    )
    monkeypatch.setenv(variable, "http://127.0.0.1:9/db/x?authToken=" + TOKEN)
    # argument validation fails before any module code runs, and Ansible echoes the arguments
    result = run_module(database_query, {"sql": "SELECT 1", "transaction": "not-a-boolean"})
    assert result["failed"] is True and "transaction" in result["msg"]
    assert TOKEN not in json.dumps(result)
    assert fake_session.calls == []


def test_the_bunny_variables_alone_are_enough(fake_session, run_module, monkeypatch):
    from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

    clear_environment(monkeypatch, "SERVICE_DATABASE_URL", "SERVICE_DATABASE_AUTH_TOKEN")
    monkeypatch.setenv("BUNNY_DATABASE_URL", "libsql://my-db.lite.bunnydb.net")
    monkeypatch.setenv("BUNNY_DATABASE_AUTH_TOKEN", TOKEN)
    fake_session.responses = [FakeResponse(200, text="<html>not hrana</html>")]  # only the request matters here
    result = run_module(database_query, {"sql": "SELECT 1"})
    call = fake_session.calls[0]
    assert call["url"] == "https://my-db.lite.bunnydb.net/v2/pipeline"
    assert call["headers"]["Authorization"] == "Bearer " + TOKEN
    assert TOKEN not in json.dumps(result)


@pytest.mark.parametrize("blank", ["", "  "])
def test_a_blank_auth_token_beside_a_url_token_means_no_token_option(fake_session, run_module, blank):
    from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

    fake_session.responses = [FakeResponse(200, text="<html>x</html>")]  # only the request matters here
    run_module(
        database_query,
        {"database_url": "http://127.0.0.1:9/db/x?authToken=" + TOKEN, "auth_token": blank, "sql": "SELECT 1"},
    )
    assert fake_session.calls[0]["headers"]["Authorization"] == "Bearer " + TOKEN


EMPTY_VARIABLES = [
    # (variable set empty, the option it supplies, the module)
    ("EDGE_API_KEY", "api_key", "dnszone_dnssec"),
    ("BUNNYNET_API_KEY", "api_key", "dnszone_dnssec"),
    ("EDGE_BASE_URL", "base_url", "dnszone_dnssec"),
    ("BUNNYNET_API_URL", "base_url", "dnszone_dnssec"),
    ("SERVICE_DATABASE_URL", "database_url", "database_query"),
    ("BUNNY_DATABASE_URL", "database_url", "database_query"),
    ("SERVICE_DATABASE_AUTH_TOKEN", "auth_token", "database_query"),
    ("BUNNY_DATABASE_AUTH_TOKEN", "auth_token", "database_query"),
]


@pytest.mark.parametrize("variable, option, name", EMPTY_VARIABLES)
@pytest.mark.parametrize("blank", ["", "  "])
def test_an_empty_variable_is_named_on_both_hosts(
    fake_session, run_module, capsys, monkeypatch, variable, option, name, blank
):
    # an AWX credential field left empty still injects its variable, empty
    clear_environment(
        monkeypatch,
        "EDGE_API_KEY",
        "BUNNYNET_API_KEY",
        "EDGE_BASE_URL",
        "BUNNYNET_API_URL",
        "SERVICE_DATABASE_URL",
        "BUNNY_DATABASE_URL",
        "SERVICE_DATABASE_AUTH_TOKEN",
        "BUNNY_DATABASE_AUTH_TOKEN",
    )
    monkeypatch.setenv(variable, blank)
    module, args = EVERY[name]
    result, shown = every_option.run_both(name, without(args, option), fake_session, run_module, capsys)
    assert result["failed"] is True
    assert result["msg"].startswith(
        "%s is empty: the %s environment variable is set but empty (a credential field "
        "left empty?). Give " % (option, variable)
    ), result["msg"]
    assert KEY not in shown and TOKEN not in shown


@pytest.mark.parametrize("option, name", [("base_url", "dnszone_dnssec"), ("database_url", "database_query")])
def test_an_empty_url_given_as_an_option_says_so(fake_session, run_module, capsys, monkeypatch, option, name):
    clear_environment(monkeypatch, "EDGE_BASE_URL", "BUNNYNET_API_URL", "SERVICE_DATABASE_URL", "BUNNY_DATABASE_URL")
    module, args = EVERY[name]
    result, _shown = every_option.run_both(name, dict(args, **{option: ""}), fake_session, run_module, capsys)
    assert result["msg"].startswith("%s is empty: give " % option) and "an empty variable still counts" in result["msg"]
