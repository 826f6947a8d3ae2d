"""Shared unit-test fixtures: a fake HTTP session and a module runner.

Module tests drive a real AnsibleModule through ``patch_module_args`` and a fake ``requests``
session, so every request a module would send is recorded and answered without a network.
"""

from __future__ import annotations

import json

import pytest
from ansible.module_utils.testing import patch_module_args
from requests.structures import CaseInsensitiveDict

from ansible_collections.edge.platform.plugins.module_utils import _client


class FakeResponse(object):
    def __init__(self, status=200, body=None, headers=None, text=None):
        self.status_code = status
        if text is None:
            text = "" if body is None else json.dumps(body)
        self.text = text
        self.headers = CaseInsensitiveDict(headers or {})


class FakeSession(object):
    """Answers requests from a queue of ``FakeResponse`` (or exceptions), recording each call.

    ``responses`` may also be a callable ``(method, url, json, params) -> FakeResponse``.
    """

    def __init__(self, responses=None):
        self.responses = responses if callable(responses) else list(responses or [])
        self.calls = []
        self.headers = {}
        self.verify = True

    def request(self, method, url, json=None, params=None, timeout=None):  # pylint: disable=redefined-outer-name
        self.calls.append({"method": method, "url": url, "json": json, "params": params,
                           "timeout": timeout, "headers": dict(self.headers)})
        if callable(self.responses):
            answer = self.responses(method, url, json, params)
        else:
            if not self.responses:
                raise AssertionError("unexpected request %s %s" % (method, url))
            answer = self.responses.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    @property
    def writes(self):
        return [c for c in self.calls if c["method"] != "GET"]


@pytest.fixture
def fake_session(monkeypatch):
    """Install a FakeSession for every Client built in the test; set ``.responses`` on it."""
    session = FakeSession()
    monkeypatch.setattr(_client.requests, "Session", lambda: session)
    monkeypatch.setattr(_client.time, "sleep", lambda seconds: None)
    return session


@pytest.fixture
def run_module(capsys):
    """``run_module(module, args, check=False, diff=False) -> result dict`` (``failed`` set on failure)."""

    def run(module, args, check=False, diff=False):
        args = dict(args, _ansible_check_mode=check, _ansible_diff=diff)
        with patch_module_args(args):
            with pytest.raises(SystemExit):
                module.main()
        out = capsys.readouterr().out
        return json.loads(out)

    return run
