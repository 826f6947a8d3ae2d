"""Run one module on both hosts (module path, in-process) from the same answers; shared by the host parity tests."""

from __future__ import annotations

import json

from ansible_collections.edge.platform.plugins.plugin_utils._inprocess import action as _inprocess
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils._inprocess.test_action import normal


def both_hosts(module, args, answers, fake_session, run_module, check=False, diff=False):
    """``(result, sent)``: the module path's result, after asserting the in-process host gives the same output
    and sends the same requests (method, URL, query, body) from the same ``answers``."""
    name = "edge.platform.%s" % module.__name__.rpartition(".")[2]
    fake_session.calls[:] = []
    fake_session.responses = list(answers)
    by_module = normal(run_module(module, dict(args, _ansible_module_name=name), check=check, diff=diff))
    sent = [(c["method"], c["url"], c["params"], c["json"]) for c in fake_session.calls]
    fake_session.calls[:] = []
    fake_session.responses = list(answers)
    output = _inprocess.run_in_process(module.MODULE, _inprocess.to_module(args), check, diff, name)
    by_action = normal(json.loads(_inprocess.module_output(output)))
    assert by_action == by_module
    assert [(c["method"], c["url"], c["params"], c["json"]) for c in fake_session.calls] == sent
    return by_module, sent
