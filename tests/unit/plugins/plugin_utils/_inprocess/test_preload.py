"""The preload (``plugin_utils/_inprocess/preload.py``): called by the action when Ansible hands its class out,
never on import (of the action or of an action file), once per process, and it really answers itself over
loopback."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from ansible_collections.edge.platform.plugins.plugin_utils._inprocess import action as _action
from ansible_collections.edge.platform.plugins.plugin_utils._inprocess import preload as _preload
from ansible_collections.edge.platform.tests.unit.conftest import COLLECTION_ROOT

PROBE = textwrap.dedent("""
    import socket, sys, threading
    opened = []
    real = socket.socket

    class Spy(real):  # urllib3 opens a socket on import to probe IPv6: only listening counts
        def listen(self, *args):
            opened.append(1)
            return super().listen(*args)

    socket.socket = Spy
    from ansible.plugins.loader import action_loader, init_plugin_loader
    init_plugin_loader([sys.argv[1]])
    threads = threading.active_count()
    from ansible_collections.edge.platform.plugins.plugin_utils._inprocess import action, preload
    print("imported", len(opened), threading.active_count() - threads, preload._done)
    from ansible_collections.edge.platform.plugins.action import dnszone_dnssec
    print("action file imported", len(opened), preload._done)
    # what the strategy does in the main process before it forks a task's worker
    loaded = action_loader.get("edge.platform.dnszone_dnssec", class_only=True)
    action_loader.get("edge.platform.dnszone", class_only=True)
    print("loaded", len(opened), preload._done, loaded is dnszone_dnssec.ActionModule)
""")


def test_importing_opens_nothing_and_ansible_handing_out_an_action_class_preloads_once():
    # a fresh interpreter: the import of this test module has already run anything an import would run
    root = str(Path(COLLECTION_ROOT).parents[2])
    output = subprocess.run(
        [sys.executable, "-c", PROBE, root],
        cwd=root,
        env=dict(os.environ, PYTHONPATH=root),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    assert output[0] == "imported 0 0 False"
    assert output[1] == "action file imported 0 False"
    assert output[2] == "loaded 1 True True"  # one loopback listener: the warming request's, for two classes


def test_an_action_class_calls_the_preload_when_ansible_names_it_not_when_it_is_defined(monkeypatch):
    called = []
    monkeypatch.setattr(_action, "preload", lambda: called.append(1))
    action_class = type(
        "ActionModule",
        (_action.EdgeModuleAction,),
        {"__module__": "ansible_collections.edge.platform.plugins.action.dnszone_dnssec"},
    )
    assert called == [] and action_class.module == "dnszone_dnssec" and action_class.definition is not None
    action_class._load_name = "edge.platform.dnszone_dnssec"  # what ansible-core's plugin loader sets
    action_class.unrelated = True
    assert called == [1]


def test_the_preload_runs_once_per_process(monkeypatch):
    warmed = []
    monkeypatch.setattr(_preload, "_done", False)
    monkeypatch.setattr(_preload, "warm_http_client", lambda: warmed.append(1))
    _preload.preload()
    _preload.preload()
    assert warmed == [1]


def test_the_warming_request_is_answered_over_loopback(monkeypatch):
    replies = []

    class Recording(_preload.Client):
        def request(self, *args, **kwargs):
            replies.append(super().request(*args, **kwargs))
            return replies[-1]

    monkeypatch.setattr(_preload, "Client", Recording)
    _preload.warm_http_client()
    assert len(replies) == 1 and replies[0].status == 200
