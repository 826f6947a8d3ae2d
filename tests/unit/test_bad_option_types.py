"""Every option of every module given a value of the wrong type, on both hosts: named, masked, nothing sent.

The options are read from each module's own argument spec (sub-options included), so a new option or
module joins the matrix by itself. Each value runs through AnsibleModule (the module path) and through
the in-process host with the same arguments; both must give the same output, a failure whose message
names the option (not "argument of type 'int' is not iterable", not a message shredded by masking),
no request, and no secret anywhere in the output (``invocation.module_args`` included, which is what
``-vvv`` shows). ansible-core stops collecting no_log values at the first wrongly typed sub-option, so
the secrets here are given both as task arguments and through their environment variables.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import re

import pytest

from ansible_collections.edge.platform.plugins.plugin_utils._inprocess import host as _inprocess
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.test_host_parity import normal

KEY = "wrong-types-secret-api-key-0042"
TOKEN = "wrong-types-secret-db-token-0042"
CERT_KEY = "-----BEGIN PRIVATE KEY-----\nd3JvbmctdHlwZXMtc2VjcmV0LWtleQ==\n-----END PRIVATE KEY-----\n"
URL_TOKEN = "wrong-types-secret-url-token-0042"
SECRETS = (KEY, TOKEN, CERT_KEY, "d3JvbmctdHlwZXMtc2VjcmV0LWtleQ==", URL_TOKEN)
NAN = float("nan")
CONNECTION = {"api_key": KEY, "base_url": "https://api.example.test"}
DOCUMENT = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths: {}\n"
RULE = {
    "action_type": "Block",
    "operator_type": "Contains",
    "variable_types": {"REQUEST_URI": ""},
    "value": "x",
    "chained_rule_conditions": [{"operator_type": "Contains", "variable_types": {"ARGS": ""}, "value": "y"}],
}
BASE = {
    "access_list": dict(CONNECTION, shield_zone_id=1, name="office", type="ip", entries=["192.0.2.1"], action="allow"),
    "access_list_info": dict(CONNECTION, shield_zone_id=1),
    "account_snapshot": dict(CONNECTION, kinds=["dns_zones"], include=["example.*"]),
    "api_guardian": dict(CONNECTION, shield_zone_id=1, enabled=True),
    "api_guardian_endpoint": dict(
        CONNECTION, shield_zone_id=1, method="GET", path="/pets", rate_limiting={"enabled": True, "request_count": 10}
    ),
    "api_guardian_spec": dict(CONNECTION, shield_zone_id=1, content=DOCUMENT),
    "bot_detection": dict(CONNECTION, shield_zone_id=1),
    "bot_detection_info": dict(CONNECTION, shield_zone_id=1),
    "database": dict(CONNECTION, name="app", primary_regions=["DE"], storage_region="eu-west-1"),
    "database_info": dict(CONNECTION, name="app"),
    "database_query": {"database_url": "http://127.0.0.1:9/db/x", "auth_token": TOKEN, "sql": "SELECT 1"},
    "database_token": dict(CONNECTION, database_id="db-1", authorization="read_only"),
    "dns_record": dict(CONNECTION, zone_id=1, type="A", name="www", value="192.0.2.1"),
    "dns_record_info": dict(CONNECTION, zone_id=1),
    "dns_records": dict(CONNECTION, zone_id=1, records=[{"type": "A", "name": "www", "value": "192.0.2.1"}]),
    "dnszone_dnssec": dict(CONNECTION, zone_id=1, state="enabled"),
    "dnszone": dict(CONNECTION, domain="example.io"),
    "dnszone_info": dict(CONNECTION, zone_id=1),
    "edge_script": dict(CONNECTION, name="api", type="standalone", code="export default {}", publish=True),
    "edge_script_info": dict(CONNECTION, name="api", include_code=True),
    "edge_script_secrets": dict(
        CONNECTION, script="demo-script", secrets=[{"name": "API_TOKEN", "value": URL_TOKEN}], update_secret="on_create"
    ),
    "edge_script_variables": dict(
        CONNECTION, script_id=1, variables=[{"name": "GREETING", "value": "hello", "required": False}], purge=True
    ),
    "pullzone": dict(CONNECTION, name="demo"),
    "pullzone_certificate": dict(
        CONNECTION, pullzone_id=1, hostname="www.example.com", certificate="x", certificate_key=CERT_KEY
    ),
    "pullzone_edge_rule": dict(
        CONNECTION, pullzone_id=1, description="x", actions=[{"type": "force_ssl"}], triggers=[{"type": "url"}]
    ),
    "pullzone_edge_rule_info": dict(CONNECTION, pullzone_id=1),
    "pullzone_edge_rules": dict(
        CONNECTION,
        pullzone_id=1,
        rules=[{"description": "x", "actions": [{"type": "force_ssl"}], "triggers": [{"type": "url"}]}],
    ),
    "pullzone_hostname": dict(
        CONNECTION, pullzone_id=1, hostname="cdn.example.com", force_ssl=True, free_certificate=True
    ),
    "pullzone_optimizer_class": dict(
        CONNECTION, pullzone_id=1, name="thumbnail", width=320, sharpen=True, other_properties={"format": "webp"}
    ),
    "pullzone_optimizer_class_info": dict(CONNECTION, pullzone_id=1),
    "pullzone_info": dict(CONNECTION, pullzone_id=1),
    "pullzone_purge": dict(CONNECTION, pullzone_id=1),
    "rate_limit_rule": dict(
        CONNECTION,
        shield_zone_id=1,
        rule_name="burst",
        condition={k: RULE[k] for k in ("operator_type", "variable_types", "value", "chained_rule_conditions")},
        limit={"request_count": 10, "timeframe": 60},
        response={"block_time": 30},
    ),
    "rate_limit_rule_info": dict(CONNECTION, id=1),
    "shield_zone": dict(CONNECTION, pullzone_id=1),
    "shield_zone_info": dict(CONNECTION, shield_zone_id=1),
    "storage_file": dict(
        CONNECTION,
        storage_zone_id=1,
        path="a.txt",
        src="/tmp/a.txt",
        content_type="text/plain",
        storage_base_url="https://s.example.test",
    ),
    "storage_files": dict(
        CONNECTION,
        storage_zone_id=1,
        src="/tmp",
        include=["*.html"],
        exclude=["*.map"],
        content_types={"*.html": "text/html"},
        delete=True,
        concurrency=4,
        storage_base_url="https://s.example.test",
    ),
    "storage_zone": dict(
        CONNECTION,
        name="site-files",
        region="DE",
        replication_regions=["NY"],
        tier="standard",
        rewrite_404_to_200=True,
        origin_url="https://user:%s@origin.example.com" % URL_TOKEN,
        rotate_password=["full"],
    ),
    "storage_zone_info": dict(CONNECTION, id=1),
    "waf_rule": dict(CONNECTION, shield_zone_id=1, rule_name="block-x", rule_configuration=RULE),
    "waf_rule_info": dict(CONNECTION, id=1),
}
ENVIRONMENT = {"api_key": "EDGE_API_KEY", "auth_token": "SERVICE_DATABASE_AUTH_TOKEN"}
# What no type conversion turns into a value of each type (ansible-core converts numbers to text for str
# options and text to numbers where it can; those are not wrong types).
WRONG = {
    "dict with options": ["notadict", "a", [1, 2], [], 5, NAN, True],
    "list of dicts": ["notadict", 5, NAN, {"a": 1}, [5], ["notadict"], [[1]]],
    "dict": [[1, 2], 5, NAN, "notadict"],
    "str": [[1, 2], {"a": 1}],
    "secret": [["ab", "cd"], ["a"], {"a": "b"}, 5, NAN, True],
    "int": ["seven", [1], {"a": 1}, NAN, 1.5],
    "float": ["fast", [1], {"a": 1}],
    "bool": ["maybe", [1], {"a": 1}, NAN],
    "list": [{"a": 1}],
    "raw": [{"a": 1}, [[1]], True],  # raw options name a choice (a name or its number): the core judges them
}


def module_named(name):
    return importlib.import_module("ansible_collections.edge.platform.plugins.modules.%s" % name)


def kind(options):
    wanted = options.get("type", "str")
    if options.get("no_log"):
        return "secret"
    if options.get("options") is not None:
        return "dict with options" if wanted == "dict" else "list of dicts"
    return "str" if wanted == "path" else wanted


def option_paths(spec, path=()):
    """``(path, kind)`` of every option and sub-option."""
    for name, options in sorted(spec.items()):
        here = path + (name,)
        if kind(options) in WRONG:
            yield here, kind(options)
        if options.get("options") is not None:
            yield from option_paths(options["options"], here + ((0,) if options.get("type") == "list" else ()))


def with_value(args, path, value):
    """``args`` with the option at ``path`` (names, and 0 for the first item of a list) set to ``value``."""
    args = json.loads(json.dumps(args))
    target = args
    for step, following in zip(path, path[1:]):
        if isinstance(step, int):
            target = target[step]
            continue
        if target.get(step) is None:
            target[step] = [{}] if isinstance(following, int) else {}
        target = target[step]
    target[path[-1]] = value
    return args


def bad_args(name, path, value):
    """The module's base arguments with ``value`` at ``path``, minus the options it excludes (so that the
    failure is about ``value``, not about two exclusive options)."""
    args = with_value(BASE[name], path, value)
    for group in module_named(name).MODULE.validation.get("mutually_exclusive", ()):
        if path[0] in group:
            for other in group:
                if other != path[0]:
                    args.pop(other, None)
    return args


def cases():
    """One case per module: every option's wrong values run in it (ansible-test forks each case, about 30 ms of CPU
    apiece: a fork per option cost more than the checks; each value is still checked and named on its own)."""
    for name in sorted(BASE):
        options = [(path, WRONG[what]) for path, what in option_paths(module_named(name).MODULE.spec())]
        yield pytest.param(name, options, id=name)


def each(values, check, option=None):
    """``check(value)`` for every value; a failure names the value (and the option) it failed with."""
    for value in values:
        try:
            check(value)
        except AssertionError as error:
            where = "%s=%r" % (option, value) if option else "%r" % (value,)
            raise AssertionError("with %s: %s" % (where, error)) from None


def run_both(name, args, fake_session, run_module, capsys):
    """The module path's output, after asserting the in-process host gives the same and neither sent a thing."""
    module = module_named(name)
    full_name = "edge.platform.%s" % name

    def refuse(method, url, body, params):
        raise AssertionError("a request was sent: %s %s" % (method, url))

    fake_session.responses = refuse
    by_module = normal(run_module(module, dict(args, _ansible_module_name=full_name)))
    shown = capsys.readouterr().err
    output = _inprocess.run_in_process(module.MODULE, _inprocess.to_module(args), False, False, full_name)
    by_action = normal(json.loads(_inprocess.module_output(output)))
    assert json.dumps(by_action, sort_keys=True) == json.dumps(by_module, sort_keys=True)
    assert fake_session.calls == []
    return by_module, json.dumps(by_module, ensure_ascii=False) + shown


def assert_named_and_masked(result, shown, path):
    assert result.get("failed") is True, result
    message = result["msg"]
    names = [step for step in path if not isinstance(step, int)]
    assert all(step in message for step in names), (names, message)
    # the sub-options a dictionary takes are listed by name, and one may be called "required" (edge_script_variables)
    listed = re.sub(r"the options [a-z0-9_, ]+", "the options ...", message)
    for fragment in ("Traceback", "is not iterable", "********", "NoneType", "mutually exclusive", "required"):
        assert fragment in names or fragment not in listed, message
    for secret in SECRETS:
        assert secret not in shown
    assert "exception" not in result or "Traceback" not in str(result.get("msg"))


@pytest.mark.parametrize("name, options", list(cases()))
def test_a_wrongly_typed_option_fails_by_name_on_both_hosts_showing_no_secret(
    fake_session, run_module, capsys, clean_environment, name, options
):
    for path, values in options:

        def check(value, path=path):
            result, shown = run_both(name, bad_args(name, path, value), fake_session, run_module, capsys)
            assert_named_and_masked(result, shown, path)

        each(values, check, ".".join(str(step) for step in path))


def sub_option_cases():
    """Every option with sub-options, wrongly typed (all values in one case), with each secret from the task and
    from the environment."""
    for name in sorted(BASE):
        for path, what in option_paths(module_named(name).MODULE.spec()):
            if what not in ("dict with options", "list of dicts"):
                continue
            for source in ("task", "environment"):
                label = "%s-%s-secret-from-%s" % (name, ".".join(str(step) for step in path), source)
                yield pytest.param(name, path, WRONG[what], source, id=label)


@pytest.mark.parametrize("name, path, values, source", list(sub_option_cases()))
def test_a_wrongly_typed_sub_option_never_unmasks_a_secret(
    fake_session, run_module, capsys, clean_environment, name, path, values, source
):
    def check(value):
        args = bad_args(name, path, value)
        if source == "environment":
            for option, variable in ENVIRONMENT.items():
                if option in args:
                    clean_environment.setenv(variable, args.pop(option))
        result, shown = run_both(name, args, fake_session, run_module, capsys)
        assert_named_and_masked(result, shown, path)
        module_args = result["invocation"]["module_args"]
        for option in ENVIRONMENT:
            if option in module_args:
                assert module_args[option] == "VALUE_SPECIFIED_IN_NO_LOG_PARAMETER"

    each(values, check)


# The inputs an attacker's matrix ended in "argument of type 'int' is not iterable" or in masked fragments with.
TEN = [
    ("api_guardian_endpoint", ("rate_limiting",), [1, 2]),
    ("api_guardian_endpoint", ("rate_limiting",), 5),
    ("api_guardian_endpoint", ("rate_limiting",), NAN),
    ("waf_rule", ("rule_configuration", "chained_rule_conditions"), [5]),
    ("waf_rule", ("rule_configuration", "chained_rule_conditions"), 5),
    ("waf_rule", ("rule_configuration", "chained_rule_conditions"), NAN),
    ("database_query", ("database_url",), ["http://127.0.0.1:9/db/x?authToken=" + URL_TOKEN]),
    ("database_query", ("database_url",), 5),
    ("database_query", ("database_url",), NAN),
    ("waf_rule", ("rule_configuration",), [1, 2]),
    ("waf_rule", ("rule_configuration",), 5),
    ("waf_rule", ("rule_configuration",), NAN),
    ("waf_rule", ("api_key",), ["ab", "cd"]),
    ("database_query", ("auth_token",), ["a", "b"]),
    ("pullzone_certificate", ("certificate_key",), ["a", CERT_KEY]),
]


@pytest.mark.parametrize("name, path, value", TEN, ids=["%s-%s=%r" % (n, ".".join(p), v) for n, p, v in TEN])
def test_the_reported_inputs_fail_by_name(fake_session, run_module, capsys, clean_environment, name, path, value):
    result, shown = run_both(name, bad_args(name, path, value), fake_session, run_module, capsys)
    assert_named_and_masked(result, shown, path)
    if path[-1] in ENVIRONMENT or path[-1] == "certificate_key":
        assert result["msg"] == (
            "%s must be a string, not a list (its value is not shown): give it as one quoted "
            "string, or check the variable or lookup that supplies it." % path[-1]
        )
        assert result["invocation"]["module_args"][path[-1]] == "VALUE_SPECIFIED_IN_NO_LOG_PARAMETER"
    elif path == ("database_url",):
        assert result["msg"].startswith("database_url must be ")
    else:
        assert result["msg"].startswith(".".join(path)) and " must be a " in result["msg"]


@pytest.mark.parametrize(
    "option, name",
    [
        ("rule_name", "waf_rule"),
        ("pullzone_name", "pullzone_info"),
        ("pullzone_name", "waf_rule"),
        ("zone_domain", "dnszone_dnssec"),
    ],
)
@pytest.mark.parametrize(
    "text", ["block\nx", "tab\there", "bell\x07", "esc\x1b[31m", "nul\x00", "del\x7f", "c1\x85", "line\u2028sep"]
)
def test_control_characters_in_names_are_refused_before_any_request(
    fake_session, run_module, capsys, clean_environment, option, name, text
):
    args = dict(BASE[name], **{option: text})
    for selector in ("shield_zone_id", "pullzone_id", "zone_id"):
        if option != "rule_name":
            args.pop(selector, None)
    result, shown = run_both(name, args, fake_session, run_module, capsys)
    assert result["failed"] is True
    assert result["msg"].startswith("%s contains a control character (U+" % option), result["msg"]
    assert KEY not in shown


def test_a_screen_that_fails_shows_no_argument(fake_session, run_module, capsys, clean_environment, monkeypatch):
    from ansible_collections.edge.platform.plugins.module_utils._hosts import screen as _screen

    def broken(spec, params, prefix, screen):
        raise RuntimeError("defect near %s" % params.get("api_key"))

    monkeypatch.setattr(_screen, "_screen", broken)
    result, shown = run_both("dnszone_dnssec", BASE["dnszone_dnssec"], fake_session, run_module, capsys)
    assert result["failed"] is True
    assert result["msg"] == (
        "The arguments could not be checked for secrets (RuntimeError), so the task stops without showing them."
    )
    assert result["invocation"] == {"module_args": {}}
    assert KEY not in shown


def test_the_matrix_covers_every_module():
    folder = os.path.join(os.path.dirname(__file__), "..", "..", "plugins", "modules")
    names = {f[:-3] for f in os.listdir(folder) if f.endswith(".py") and not f.startswith("_")}
    assert names == set(BASE)
    assert math.isnan(NAN)
