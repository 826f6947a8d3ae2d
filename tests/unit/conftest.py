"""Shared unit-test fixtures: a fake HTTP session, a module runner and OpenAPI conformance checks.

Module tests drive a real AnsibleModule through ``patch_module_args`` and a fake ``requests``
session, so every request a module would send is recorded and answered without a network.
The published OpenAPI documents live beside the project in ``shared/reference/openapi`` and are
never copied into it; conformance tests skip with a clear message where they are absent.
"""

from __future__ import annotations

import gc
import json
import os
from pathlib import Path

import pytest
import requests
from ansible.module_utils.testing import patch_module_args
from requests.structures import CaseInsensitiveDict

from ansible_collections.edge.platform.plugins.module_utils._engine import client as _client
from ansible_collections.edge.platform.plugins.module_utils._engine import sessions as _sessions

OPENAPI_SERVER = "https://api.bunny.net"
# tests/unit/conftest.py -> the collection root (where galaxy.yml is)
COLLECTION_ROOT = str(Path(__file__).resolve().parents[2])


class FakeResponse(object):
    """An answer as ``requests`` streams it (``stream=True``): ``iter_content`` yields the UTF-8 body in chunks.

    ``chunks`` counts the chunks the client took, so a test sees where reading stopped.
    """

    def __init__(self, status=200, body=None, headers=None, text=None, encoding=None):
        self.status_code = status
        if text is None:
            text = "" if body is None else json.dumps(body)
        self.text = text
        self.headers = CaseInsensitiveDict(headers or {})
        self.encoding = encoding
        self.chunks = 0
        self.closed = False

    def iter_content(self, chunk_size=1):
        raw = self.text.encode(self.encoding or "utf-8")
        for start in range(0, len(raw), chunk_size):
            self.chunks += 1
            yield raw[start : start + chunk_size]

    def close(self):
        self.closed = True


class FakeSession(object):
    """Answers requests from a queue of ``FakeResponse`` (or exceptions), recording each call.

    ``responses`` may also be a callable ``(method, url, json, params) -> FakeResponse``.
    """

    def __init__(self, responses=None):
        self.responses = responses if callable(responses) else list(responses or [])
        self.calls = []
        self.headers = {}
        self.verify = True

    def request(
        self,
        method,
        url,
        json=None,
        params=None,
        timeout=None,  # pylint: disable=redefined-outer-name
        verify=None,
        allow_redirects=True,
        stream=False,
        data=None,
        headers=None,
    ):
        self.calls.append(
            {
                "method": method,
                "url": url,
                "json": json,
                "data": data,
                "request_headers": dict(headers or {}),
                "params": params,
                "timeout": timeout,
                "verify": verify,
                "allow_redirects": allow_redirects,
                "stream": stream,
                "headers": dict(self.headers, **(headers or {})),
            }
        )
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


@pytest.fixture(autouse=True)
def no_kept_alive_sessions(monkeypatch):
    """Every test starts with no kept-alive session: one kept by an earlier test is not this test's fake."""
    monkeypatch.setattr(_sessions, "_cache", _sessions._Cache(os.getpid()))


@pytest.fixture
def fake_session(monkeypatch):
    """Install a FakeSession for every Client built in the test; set ``.responses`` on it."""
    session = FakeSession()
    monkeypatch.setattr(_client.requests, "Session", lambda: session)
    monkeypatch.setattr(_client.time, "sleep", lambda seconds: None)
    return session


@pytest.fixture
def emulated_demo(monkeypatch, run_module, capsys):
    """The platform emulator serving the demo fixture from a thread of this test (``tests/unit/emulated.py``),
    stopped after it."""
    from ansible_collections.edge.platform.tests.unit.emulated import Emulated  # heavy: only for the tests using it

    running = Emulated(monkeypatch, run_module, capsys)
    yield running
    running.stop()


@pytest.fixture
def run_module(capsys, monkeypatch):
    """``run_module(module, args, check=False, diff=False) -> result dict`` (``failed`` set on failure)."""
    from ansible.module_utils.common import warnings as ansible_warnings
    from ansible.module_utils.common.parameters import PASS_VARS

    def run(module, args, check=False, diff=False):
        # ansible-core keeps warnings in a process-wide store: every run starts clean
        for store in ("_global_warnings", "_global_deprecations"):
            getattr(ansible_warnings, store, {}).clear()
        # importing controller code (an action plugin test in the same worker) flips module warnings to
        # the controller's display; a module run must behave as on a target
        internal = getattr(ansible_warnings, "_internal", None)
        if internal is not None and hasattr(internal, "is_controller"):
            monkeypatch.setattr(internal, "is_controller", False)
        args = dict(args, _ansible_check_mode=check, _ansible_diff=diff)
        if "inject_invocation" in PASS_VARS:
            # ansible-core 2.21+ adds ``invocation`` only when the controller asks for it (INJECT_INVOCATION)
            args["_ansible_inject_invocation"] = True
        with patch_module_args(args):
            with pytest.raises(SystemExit):
                module.main()
        out = capsys.readouterr().out
        return json.loads(out)

    return run


def shared_openapi_dir():
    """``shared/reference/openapi`` beside the project (searched upwards), or None."""
    override = os.environ.get("EDGE_SHARED_DIR")
    candidates = [Path(override)] if override else []
    candidates += [parent / "shared" for parent in Path(__file__).resolve().parents]
    for candidate in candidates:
        folder = candidate / "reference" / "openapi"
        if folder.is_dir():
            return folder
    return None


class OpenApiDocument(object):
    """A published OpenAPI document that validates emulator answers (and requests) with openapi-core."""

    def __init__(self, path):
        from jsonschema_path import SchemaPath
        from openapi_core import Config, OpenAPI

        # The published documents carry a few schema-invalid defaults; validate traffic, not the documents.
        self.api = OpenAPI(
            SchemaPath.from_dict(json.loads(path.read_text(encoding="utf-8"))), config=Config(spec_validator_cls=None)
        )

    def _pair(self, method, path, response, body=None, headers=None):
        from openapi_core.contrib.requests import RequestsOpenAPIRequest, RequestsOpenAPIResponse

        headers = dict(headers or {})
        if body is not None:
            headers.setdefault("Content-Type", "application/json")
        request = requests.Request(
            method, OPENAPI_SERVER + path, headers=headers, data=json.dumps(body) if body is not None else None
        ).prepare()
        return RequestsOpenAPIRequest(request), RequestsOpenAPIResponse(response)

    def check_response(self, method, path, response, body=None):
        """Raise when ``response`` does not match the document for ``method path``."""
        request, answer = self._pair(method, path, response, body)
        self.api.validate_response(request, answer)

    def check_request(self, method, path, body=None, headers=None):
        """Raise when a request (with its auth ``headers``) does not match the document."""
        request, _answer = self._pair(method, path, requests.Response(), body, headers)
        self.api.validate_request(request)


@pytest.fixture
def openapi():
    """``openapi("core-api-v1.0.0.json") -> OpenApiDocument``; skips where shared/ is absent."""
    folder = shared_openapi_dir()
    if folder is None:
        pytest.skip("the published OpenAPI documents (../shared/reference/openapi) are not beside this checkout")

    def load(name):
        path = folder / name
        if not path.is_file():
            pytest.skip("%s is not in %s" % (name, folder))
        return OpenApiDocument(path)

    return load


def pytest_collection_finish(session):
    """ansible-test units forks every test: a child's garbage collections would walk, and so copy page by page,
    the whole heap the parent built while collecting. Frozen, that heap is left alone (about a fifth of the units
    stage's CPU); nothing collected here is garbage a test needs reclaimed."""
    gc.freeze()


@pytest.fixture
def clean_environment(monkeypatch):
    """No connection variable from the environment the tests run in (each test gives its own)."""
    for variable in (
        "EDGE_API_KEY",
        "BUNNYNET_API_KEY",
        "EDGE_BASE_URL",
        "BUNNYNET_API_URL",
        "SERVICE_DATABASE_URL",
        "BUNNY_DATABASE_URL",
        "SERVICE_DATABASE_AUTH_TOKEN",
        "BUNNY_DATABASE_AUTH_TOKEN",
    ):
        monkeypatch.delenv(variable, raising=False)
    return monkeypatch
