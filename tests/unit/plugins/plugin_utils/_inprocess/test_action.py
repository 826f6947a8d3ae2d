"""The in-process host gives what the AnsibleModule host gives, key for key (fake session, no network).

Each case runs dnszone_dnssec through AnsibleModule (the module path) and through ``run_in_process``
(the in-process path) with the same platform answers, and compares the whole module output.
"""

from __future__ import annotations

import json
import os

import pytest
import requests

from ansible_collections.edge.platform.plugins.modules import dnszone_dnssec
from ansible_collections.edge.platform.plugins.plugin_utils._inprocess import action as _inprocess
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

NAME = "edge.platform.dnszone_dnssec"
SECRET = "unit-secret-key-0042"
BASE = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
KEY = {"Enabled": True, "DsRecord": "example.org. 3600 IN DS 1 13 2 AB", "Digest": "AB", "DigestType": "SHA256 (2)",
       "Algorithm": 13, "PublicKey": "cGs=", "KeyTag": 1, "Flags": 257, "DsConfigured": False}


def zone(enabled):
    return FakeResponse(body={"Id": 7, "Domain": "example.org", "DnsSecEnabled": enabled})


CASES = {
    "change with diff": (dict(BASE, zone_id=7, state="enabled"), [zone(False), FakeResponse(body=KEY)], False, True),
    "no change": (dict(BASE, zone_id=7, state="enabled", fetch_ds_record=True), [zone(True), FakeResponse(body=KEY)],
                  False, False),
    "check mode": (dict(BASE, zone_id=7, state="disabled"), [zone(True)], True, True),
    "platform error": (dict(BASE, zone_id=7, state="enabled"), [FakeResponse(status=404)], False, False),
    "platform error quoting the key": (dict(BASE, zone_id=7, state="enabled"),
                                       [FakeResponse(status=400, body={"Message": "key %s is odd" % SECRET})],
                                       False, False),
    "transport error": (dict(BASE, zone_id=7, state="enabled"), [requests.exceptions.ConnectionError("refused")],
                        False, False),
    "unknown option": (dict(BASE, zone_id=7, state="enabled", bogus=1), [], False, False),
    "missing option": (dict(BASE, state="enabled"), [], False, False),
    "bad choice": (dict(BASE, zone_id=7, state="on"), [], False, False),
    "bad type": (dict(BASE, zone_id="seven", state="enabled"), [], False, False),
    "own check": (dict(BASE, zone_id=-1, state="enabled"), [], False, False),
    "key with a newline": (dict(BASE, api_key=SECRET + "\n", zone_id=7, state="enabled"), [], False, False),
    "alias and option both set": (dict(BASE, access_key=SECRET, zone_id=7, state="enabled"), [zone(True)],
                                  False, False),
}


@pytest.fixture
def in_process():
    def run(args, check, diff):
        output = _inprocess.run_in_process(dnszone_dnssec.MODULE, _inprocess.to_module(args), check, diff, NAME)
        return json.loads(_inprocess.module_output(output))
    return run


def normal(result):
    """Warnings as their text (ansible-core 2.19 sends them as structured summaries; the controller shows the text)."""
    warnings = result.get("warnings")
    if warnings:
        result["warnings"] = [w if isinstance(w, str) else w.get("event", {}).get("msg") for w in warnings]
    return result


@pytest.mark.parametrize("name", sorted(CASES))
def test_both_hosts_give_the_same_output(name, fake_session, run_module, in_process):
    args, answers, check, diff = CASES[name]
    fake_session.responses = list(answers)
    by_module = normal(run_module(dnszone_dnssec, dict(args, _ansible_module_name=NAME), check=check, diff=diff))
    sent_by_module = [(c["method"], c["url"]) for c in fake_session.calls]
    fake_session.calls[:] = []
    fake_session.responses = list(answers)
    by_action = normal(in_process(args, check, diff))
    assert by_action == by_module
    assert [(c["method"], c["url"]) for c in fake_session.calls] == sent_by_module
    assert SECRET not in json.dumps(by_action)
    assert by_action["invocation"]["module_args"]["api_key"] == "VALUE_SPECIFIED_IN_NO_LOG_PARAMETER"


def test_the_environment_supplies_fallbacks_only_while_the_core_runs(monkeypatch, fake_session, in_process):
    monkeypatch.delenv("EDGE_API_KEY", raising=False)
    fake_session.responses = [zone(True)]
    with _inprocess.environment({"EDGE_API_KEY": SECRET, "EDGE_BASE_URL": "https://api.example.test"}):
        result = in_process({"zone_id": 7, "state": "enabled"}, False, False)
    assert result["changed"] is False and fake_session.calls[0]["headers"]["AccessKey"] == SECRET

    assert "EDGE_API_KEY" not in os.environ


def test_a_defect_in_a_core_fails_the_task_without_showing_a_secret(monkeypatch, fake_session, in_process):
    def broken(ctx):
        raise RuntimeError("bug near %s" % ctx.params["api_key"])
    monkeypatch.setattr(dnszone_dnssec.MODULE, "run", broken)
    result = in_process(dict(BASE, zone_id=7, state="enabled"), False, False)
    assert result["failed"] is True
    assert result["msg"].startswith("edge.platform.dnszone_dnssec failed unexpectedly: RuntimeError: bug near ")
    assert SECRET not in json.dumps(result) and "RuntimeError" in result["exception"]


class _Task(object):
    def __init__(self, no_log):
        self.no_log = no_log


class _Action(object):
    def __init__(self, no_log):
        self._task = _Task(no_log)


@pytest.mark.parametrize("no_log, outcome, warned", [
    (False, {"token": "eyJ.generated", "warnings": ["earlier"]}, True),
    (True, {"token": "eyJ.generated"}, False),
    (False, {"changed": True, "revoked": True}, False),  # nothing secret returned: nothing to warn about
    (False, {"failed": True, "msg": "a token may have been generated"}, False),
])
def test_a_returned_secret_is_warned_about_unless_the_task_is_no_log(no_log, outcome, warned):
    from ansible_collections.edge.platform.plugins.modules import database_token
    before = list(outcome.get("warnings", []))
    _inprocess.EdgeModuleAction._warn_unless_no_log(_Action(no_log), database_token.MODULE, outcome)
    added = outcome.get("warnings", [])[len(before):]
    assert bool(added) is warned
    assert all("no_log" in w and "eyJ.generated" not in w for w in added)
    assert outcome.get("warnings", [])[:len(before)] == before


def test_modules_that_return_no_secret_never_warn_about_no_log():
    outcome = {"dns_zone": {"id": 1}, "token": "not a module's secret"}
    _inprocess.EdgeModuleAction._warn_unless_no_log(_Action(False), dnszone_dnssec.MODULE, outcome)
    assert "warnings" not in outcome
