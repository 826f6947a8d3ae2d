"""The published shield OpenAPI document, for conformance tests (skipped when it is not there).

The document lives outside the repository in ``../shared/reference/openapi/`` (never copied in).
``EDGE_SHARED_DIR`` points at ``shared`` directly, which ansible-test's copy of the tree needs.
"""

from __future__ import annotations

import json
import os

import pytest

SHIELD_DOCUMENT = os.path.join("reference", "openapi", "shield-api-v1.0.0.json")


def shared_dir():
    """The ``shared`` directory beside the repository, or None."""
    configured = os.environ.get("EDGE_SHARED_DIR")
    if configured and os.path.isdir(configured):
        return configured
    here = os.path.dirname(os.path.abspath(__file__))
    while True:
        if os.path.isfile(os.path.join(here, "galaxy.yml")):
            candidate = os.path.join(os.path.dirname(here), "shared")
            return candidate if os.path.isdir(candidate) else None
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def shield_document_path():
    base = shared_dir()
    path = os.path.join(base, SHIELD_DOCUMENT) if base else None
    if not path or not os.path.isfile(path):
        pytest.skip("the published shield OpenAPI document is not available: put the shared reference "
                    "directory beside the repository (../shared) or set EDGE_SHARED_DIR")
    return path


def shield_document():
    """The shield document as data."""
    with open(shield_document_path(), encoding="utf-8") as handle:
        return json.load(handle)


def shield_openapi():
    """An ``openapi_core.OpenAPI`` for the shield document.

    The document itself does not pass the OpenAPI spec validator (it repeats operation ids, e.g.
    "Update Custom WAF Rule" on PUT and PATCH), so that check is turned off; schemas are still used.
    """
    openapi_core = pytest.importorskip("openapi_core", reason="openapi-core is needed to validate responses")
    return openapi_core.OpenAPI.from_file_path(shield_document_path(),
                                               config=openapi_core.Config(spec_validator_cls=None))


def validate_response(openapi, method, path, status, body, query=None, as_status=None):
    """Validate one answer against the document; raises openapi-core's error when it does not conform.

    openapi-core reads ``text/plain`` as a string, so bodies are checked under ``application/json``,
    which the document declares with the same schema for every answer of these operations.
    ``as_status`` checks an answer whose status the document does not declare (the platform's real
    202 plan error, a 404 of a missing rule) against the schema of a declared status of that operation.
    """
    from openapi_core.testing import MockRequest, MockResponse  # pylint: disable=import-outside-toplevel

    request = MockRequest("https://api.bunny.net", method.lower(), path, args=query or {})
    response = MockResponse(body if isinstance(body, bytes) else json.dumps(body).encode("utf-8"),
                            status_code=as_status or status, content_type="application/json")
    openapi.validate_response(request, response)


def validate_request(openapi, method, path, query=None):
    """Validate a request the collection sends (path and query parameters) against the document."""
    from openapi_core.testing import MockRequest  # pylint: disable=import-outside-toplevel

    args = {k: str(v) for k, v in (query or {}).items()}
    openapi.validate_request(MockRequest("https://api.bunny.net", method.lower(), path, args=args))
