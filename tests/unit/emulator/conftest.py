"""Fixtures for emulator tests: an in-process emulator and OpenAPI conformance checks.

The published OpenAPI documents live beside the project in ``shared/reference/openapi`` and are
never copied into it; conformance tests skip with a clear message where they are absent.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from pathlib import Path

import pytest
import requests
import yaml

TESTS_DIR = Path(__file__).resolve().parents[2]
if str(TESTS_DIR) not in sys.path:
    sys.path.insert(0, str(TESTS_DIR))

from emulator.platform_state import Platform  # noqa: E402  pylint: disable=wrong-import-position
from emulator.server import EmulatorServer  # noqa: E402  pylint: disable=wrong-import-position

API_KEY = "test-api-key"
OPENAPI_SERVER = "https://api.bunny.net"


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


class RunningEmulator(object):
    """An emulator serving in a thread of the test process."""

    def __init__(self, fixture, data_dir):
        path = data_dir / "fixture.yml"
        path.write_text(yaml.safe_dump(fixture) if isinstance(fixture, dict) else fixture, encoding="utf-8")
        self.platform = Platform(str(path), str(data_dir))
        self.server = EmulatorServer(("127.0.0.1", 0), self.platform)
        self.url = self.server.url
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()
        self.session = requests.Session()

    def request(self, method, path, key=API_KEY, **kwargs):
        headers = dict(kwargs.pop("headers", {}) or {})
        if key is not None:
            headers["AccessKey"] = key
        return self.session.request(method, self.url + path, headers=headers, timeout=10, **kwargs)

    def admin(self, method, name, **kwargs):
        return self.session.request(method, "%s/_emulator/%s" % (self.url, name), timeout=10, **kwargs)

    def log(self):
        return self.admin("GET", "requests").json()["requests"]

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
        self.platform.close()
        self.session.close()


@pytest.fixture
def emulator(tmp_path):
    """``emulator(fixture_dict_or_yaml_text) -> RunningEmulator``; stopped after the test."""
    started = []

    def start(fixture):
        data_dir = tmp_path / ("emulator-%d" % len(started))
        data_dir.mkdir()
        running = RunningEmulator(fixture, data_dir)
        started.append(running)
        return running

    yield start
    for running in started:
        running.stop()


class OpenApiDocument(object):
    """A published OpenAPI document that validates emulator answers (and requests) with openapi-core."""

    def __init__(self, path):
        from jsonschema_path import SchemaPath
        from openapi_core import Config, OpenAPI
        # The published documents carry a few schema-invalid defaults; validate traffic, not the documents.
        self.api = OpenAPI(SchemaPath.from_dict(json.loads(path.read_text(encoding="utf-8"))),
                           config=Config(spec_validator_cls=None))

    def _pair(self, method, path, response, body=None):
        from openapi_core.contrib.requests import RequestsOpenAPIRequest, RequestsOpenAPIResponse
        headers = {"Content-Type": "application/json"} if body is not None else {}
        request = requests.Request(method, OPENAPI_SERVER + path, headers=headers,
                                   data=json.dumps(body) if body is not None else None).prepare()
        return RequestsOpenAPIRequest(request), RequestsOpenAPIResponse(response)

    def check_response(self, method, path, response, body=None):
        """Raise when ``response`` does not match the document for ``method path``."""
        request, answer = self._pair(method, path, response, body)
        self.api.validate_response(request, answer)

    def check_request(self, method, path, body=None):
        request, _answer = self._pair(method, path, requests.Response(), body)
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
