"""The bad-input matrix of the lifecycle modules: every option (sub-options included) given a value no correct input
can be, on both hosts (issue 27: "the whole bad-input matrix for the lifecycle modules (every option, both paths)").

Generated from each module's argument spec and declared ranges (``_engine/bounds.effective_bounds``), so an option
or a module added later joins by itself; wrongly typed values are test_bad_option_types.py's (this file shares its
machinery and adds what a type check cannot catch):

- numbers outside their range: one below and one above it, 2**64 and -2**64; for a float also NaN and infinities;
- an unknown choice (a string option's, a list's elements', a raw enum's name);
- list elements of a type the list cannot hold;
- strings that cannot be valid where the module promises to check them itself: control characters in a selector's
  name, a domain or a name whose documentation says so, a URL as a domain, an address that is no address, a CIDR
  block that is none.

Each must fail naming the option, before any request (a session that fails on any call), with the same output on
both hosts and no secret anywhere. And every option given as null must be the option not given: the same task
without it gives the same result and sends the same requests (against the emulator), on both hosts; a required
option given as null fails naming it, before any request.

One test per module and check (ansible-test forks each test); every failing value is reported at once, with its
option, rather than only the first.
"""

from __future__ import annotations

import json
import math

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.bounds import effective_bounds
from ansible_collections.edge.platform.tests.unit.emulated import HOSTS, Emulated, shown_secrets, steady
from ansible_collections.edge.platform.tests.unit.matrix_cases import CASES, LIFECYCLE, is_read
from ansible_collections.edge.platform.tests.unit.test_bad_option_types import (
    assert_named_and_masked,
    bad_args,
    module_named,
    option_paths,
    run_both,
    with_value,
)
from ansible_collections.edge.platform.tests.unit.test_option_bounds import documented_options

CHOICE = "no-such-choice"
CONTROL = ["bad\nname", "esc\x1b[31m", "nul\x00"]
# Options that name another object (a selector) or a domain: no name with a control character can be one (every
# module refuses them: test_bad_option_types.py); other options where the module's documentation promises it.
NAMES = ("domain", "zone_domain", "pullzone_name")
DOMAINS = ("domain", "zone_domain")
# Values a module promises to check itself (its DOCUMENTATION says so), with the other arguments they need.
PROMISED = {
    "access_list": [
        (("entries",), ["300.1.1.1"], {"type": "ip"}),
        (("entries",), ["203.0.113.0/33"], {"type": "cidr"}),
    ],
    "database": [(("name",), "", {})],
    "dns_record": [(("value",), "300.1.1.1", {}), (("value",), "2001:db8::zz", {"type": "AAAA"})],
    "dns_records": [(("records", 0, "value"), "300.1.1.1", {})],
    "pullzone": [(("name",), "", {})],
}


def options_at(spec, path):
    """The argument spec entry of the option at ``path`` (names, and 0 for a list's element)."""
    options = {"options": spec}
    for step in path:
        if not isinstance(step, int):
            options = options["options"][step]
    return options


def dotted(path):
    return ".".join(str(step) for step in path if not isinstance(step, int))


def out_of_range(bound, kind):
    """Numbers outside ``bound`` (``(low, high)`` or None) for an option of ``kind``."""
    values = [] if bound is None else [bound[0] - 1, bound[1] + 1]
    values += [2**64, -(2**64)] if kind == "int" else [float("nan"), float("inf"), float("-inf")]
    return [v for v in dict.fromkeys(values) if bound is None or not bound[0] <= v <= bound[1] or math.isnan(v)]


def bad_values(name):
    """``(path, value, extra arguments)`` of every value no correct input can be, for every option of ``name``."""
    spec = module_named(name).MODULE.spec()
    bounds = effective_bounds(spec, module_named(name).MODULE.bounds)
    documented = documented_options(name)
    found = []
    for path, _kind in option_paths(spec):
        options = options_at(spec, path)
        wanted, elements = options.get("type", "str"), options.get("elements")
        if wanted in ("int", "float") and dotted(path) in bounds:
            found += [(path, v, {}) for v in out_of_range(bounds[dotted(path)], wanted)]
        if options.get("choices") and wanted == "list":
            found.append((path, [CHOICE], {}))
        elif options.get("choices") or wanted == "raw":
            found.append((path, CHOICE, {}))
        if wanted == "list" and elements == "raw":
            found.append((path, [CHOICE], {}))
        elif wanted == "list" and elements in ("str", "int") and not options.get("choices"):
            found += [(path, [{"a": 1}], {}), (path, [["nested"]], {})]
        if wanted == "str" and (path[-1] in NAMES or "control character" in documented.get(dotted(path), "")):
            found += [(path, text, {}) for text in CONTROL]
        if wanted == "str" and path[-1] in DOMAINS:
            found.append((path, "https://example.com/", {}))
    return found + PROMISED.get(name, [])


def selected(name, path, args):
    """``args`` with a member of every required group that dropping ``path[0]``'s exclusive options emptied (an id:
    ``rule_name`` of rate_limit_rule_info needs a zone once ``id`` is gone), so that the failure is about the value."""
    validation = module_named(name).MODULE.validation
    exclusive = {o for g in validation.get("mutually_exclusive", ()) if path[0] in g for o in g if o != path[0]}
    for group in validation.get("required_one_of", ()):
        if not any(option in args for option in group):
            args[next(o for o in group if o not in exclusive and o.endswith("_id"))] = 1
    return args


@pytest.mark.parametrize("name", LIFECYCLE)
def test_values_no_input_can_be_fail_by_name_before_any_request_on_both_hosts(
    fake_session, run_module, capsys, clean_environment, name
):
    problems = []
    for path, value, extra in bad_values(name):
        args = selected(name, path, dict(bad_args(name, path, value), **extra))
        fake_session.calls[:] = []  # what an earlier value sent is that value's problem
        try:
            result, shown = run_both(name, args, fake_session, run_module, capsys)
            assert_named_and_masked(result, shown, path)
        except (AssertionError, pytest.fail.Exception) as error:
            problems.append("%s=%r: %s" % (dotted(path) or path, value, " ".join(str(error).split())[:400]))
    assert not problems, "%s:\n%s" % (name, "\n".join(problems))


# --- null is not given -----------------------------------------------------------------------------------------
# Tasks that change nothing on the demo platform (each reads, then stops), so most runs need no reset.
NULL_BASE = {
    "access_list": dict(
        shield_zone_id=3001,
        name="office",
        type="cidr",
        entries=["203.0.113.0/24", "2001:db8:cafe::/48"],
        action="allow",
    ),
    "access_list_info": dict(shield_zone_id=3001, name="office"),
    "database": dict(name="site", primary_regions=["DE"]),
    "database_info": dict(name="site"),
    "dns_record": CASES["dns_record"]["no change"],
    "dns_record_info": dict(zone_id=1001, name="@", type="MX"),
    "dns_records": CASES["dns_records"]["no change"],
    "dnszone": dict(domain="example.com"),
    "edge_script": CASES["edge_script"]["absent already"],
    "edge_script_info": dict(name="never-there"),
    "edge_script_secrets": CASES["edge_script_secrets"]["create"],
    "edge_script_variables": CASES["edge_script_variables"]["no change"],
    "pullzone": dict(id=2001),
    "pullzone_edge_rule": CASES["pullzone_edge_rule"]["no change"],
    "pullzone_edge_rule_info": dict(pullzone_id=2001),
    "pullzone_edge_rules": CASES["pullzone_edge_rules"]["no change"],
    "pullzone_hostname": dict(pullzone_id=2001, hostname="cdn.example.com"),
    "pullzone_optimizer_class": CASES["pullzone_optimizer_class"]["absent already"],
    "pullzone_optimizer_class_info": dict(pullzone_id=2001),
    "rate_limit_rule": dict(shield_zone_id=3001, rule_name="never there", state="absent"),
    "rate_limit_rule_info": dict(shield_zone_id=3001, rule_name="api burst"),
    "shield_zone": dict(pullzone_id=2001),
    "storage_file": CASES["storage_file"]["absent"],
    "storage_files": CASES["storage_files"]["in sync"],
    "storage_zone": CASES["storage_zone"]["absent already"],
    "storage_zone_info": dict(name="never-there"),
}


@pytest.fixture
def emulated(monkeypatch, run_module, capsys):
    running = Emulated(monkeypatch, run_module, capsys)
    yield running
    running.stop()


def without(args, path):
    """``args`` without the option at ``path`` (its parents kept)."""
    args = json.loads(json.dumps(args))
    target = args
    for step in path[:-1]:
        target = target[step]
    target.pop(path[-1], None)
    return args


class Runs(object):
    """Runs of one module on the emulator, each once per arguments and host; the platform reset after a run that
    wrote (a task that only read leaves it as it was)."""

    def __init__(self, emulated, name):
        self.emulated, self.name, self.done, self.dirty = emulated, name, {}, True

    def __call__(self, args, host):
        key = (json.dumps(args, sort_keys=True), host)
        if key not in self.done:
            if self.dirty:
                self.emulated.reset()
            self.emulated.platform.log = []
            result, shown = self.emulated.run(self.name, args, host)
            log = self.emulated.log()
            self.dirty = any(not is_read(self.name, "", entry) for entry in log)
            self.done[key] = (steady(result), [(e["method"], e["path"], e["query"]) for e in log], result, shown)
        return self.done[key]


def required(name, path):
    """Whether the task cannot run without the option at ``path`` (required, or the one given of a required group)."""
    definition = module_named(name).MODULE
    if options_at(definition.spec(), path).get("required"):
        return True
    given = NULL_BASE[name]
    return len(path) == 1 and any(
        path[0] in group and [option for option in group if option in given] == [path[0]]
        for group in definition.validation.get("required_one_of", ())
    )


@pytest.mark.parametrize("name", LIFECYCLE)
def test_an_option_given_as_null_is_the_option_not_given_on_both_hosts(emulated, name):
    runs = Runs(emulated, name)
    base = emulated.arguments(name, NULL_BASE[name])
    problems = []
    spec = module_named(name).MODULE.spec()
    for path, _kind in option_paths(spec):
        if path[0] in ("api_key", "base_url"):
            continue  # the connection to the emulator: null falls back to variables this test keeps unset
        given = with_value(base, path, None)
        outputs = {}
        for host in HOSTS:
            text, sent, result, shown = runs(given, host)
            expected, expected_sent, _result, _shown = runs(without(given, path), host)
            outputs[host] = text
            if (text, sent) != (expected, expected_sent):
                problems.append("%s=null, %s: not the task without it: %s" % (dotted(path), host, text[:300]))
            if required(name, path) and not (result.get("failed") and path[-1] in result.get("msg", "") and not sent):
                problems.append(
                    "%s=null, %s: a required option, not failed by name before any request" % (dotted(path), host)
                )
            if shown_secrets(shown):
                problems.append("%s=null, %s: showed a secret" % (dotted(path), host))
        if len(set(outputs.values())) != 1:
            problems.append("%s=null: the hosts' outputs differ" % dotted(path))
    assert not problems, "%s:\n%s" % (name, "\n".join(problems))


def test_the_generated_values_are_outside_every_range():
    assert out_of_range((1, 2**63 - 1), "int") == [0, 2**63, 2**64, -(2**64)]
    assert [math.isnan(v) or math.isinf(v) for v in out_of_range(None, "float")] == [True, True, True]
    assert out_of_range((0, 10), "float")[:2] == [-1, 11]
