"""The in-process host (``plugin_utils/_inprocess/host.py``): the environment, defects, output as a module's.

Whole-output parity with the AnsibleModule host, for every module, is ``test_host_parity.py``.
"""

from __future__ import annotations

import json
import os

import pytest

from ansible_collections.edge.platform.plugins.modules import dnszone_dnssec
from ansible_collections.edge.platform.plugins.plugin_utils._inprocess import host as _host
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

NAME = "edge.platform.dnszone_dnssec"
SECRET = "unit-secret-key-0042"
BASE = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}


def zone(enabled):
    return FakeResponse(body={"Id": 7, "Domain": "example.org", "DnsSecEnabled": enabled})


@pytest.fixture
def in_process():
    def run(args, check, diff):
        output = _host.run_in_process(dnszone_dnssec.MODULE, _host.to_module(args), check, diff, NAME)
        return json.loads(_host.module_output(output))

    return run


def test_the_environment_supplies_fallbacks_only_while_the_core_runs(monkeypatch, fake_session, in_process):
    monkeypatch.delenv("EDGE_API_KEY", raising=False)
    fake_session.responses = [zone(True)]
    with _host.environment({"EDGE_API_KEY": SECRET, "EDGE_BASE_URL": "https://api.example.test"}):
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


@pytest.mark.parametrize(
    "secret",
    ["s3cr3t-value", 'quote"and\\slash', "ünïcode-sécret", "5", "1.5", "True", "nan", "None", "a\nb"],
)
def test_masked_gives_what_remove_values_gives(secret):
    from ansible.module_utils.common.parameters import remove_values

    from ansible_collections.edge.platform.plugins.plugin_utils._inprocess.host import masked

    result = {
        "invocation": {"module_args": {"api_key": secret, "zone_id": 5}},
        "endpoints": [{"path": "/pets", "example": "token " + secret, "n": 1.5, "flag": True, "none": None}] * 3,
        "clean": {"path": "/other", "count": 7, "ok": False, "nothing": None, "list": [1, 2, 3]},
        "msg": "text with %s inside" % secret,
        "tuple": (1, "x"),
        secret: "a key that is the secret",
    }

    def output(value):  # what the module prints (a tuple and a list are both a JSON array)
        return json.dumps(value, sort_keys=True)

    assert output(masked(result, {secret})) == output(remove_values(result, {secret}))
    assert output(masked(result, set())) == output(remove_values(result, set()))


@pytest.mark.parametrize(
    "secret, screened",
    # "12" could be in a number's str(): JSON screens, and bytes in "clean" send it through remove_values
    [("s3cr3t-value", True), ("ünïcode-sécret", True), ("sur\udcffrogate", True), ("12", False), ("e", False)],
)
def test_masked_screens_bytes_subclasses_and_numbers_like_remove_values(secret, screened):
    import collections

    from ansible.module_utils.common.parameters import remove_values

    from ansible_collections.edge.platform.plugins.plugin_utils._inprocess.host import masked

    class Text(str):
        pass

    result = {
        "bytes": ("token " + secret).encode("utf-8", "surrogateescape"),
        "subclass": {"value": Text("x" + secret)},  # marshal refuses a subclass: JSON screens it
        "ordered": collections.OrderedDict(value=secret),
        "numbers": [120, 1e100, -1.25, float("inf")],
        "set": {secret + "!"},
        "clean": {"path": "/pets", "body": b"\x00\xff", "count": 7, "rows": [{"name": "x"}] * 100},
    }
    assert repr(masked(result, {secret})) == repr(remove_values(result, {secret}))
    # a value without the secret is kept as it is (not copied) when marshal could screen it
    assert (masked(result, {secret})["clean"] is result["clean"]) is screened
