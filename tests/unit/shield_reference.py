"""The published shield OpenAPI document, for conformance tests (skipped when it is not there).

The document lives outside the repository in ``../shared/reference/openapi/`` (never copied in); it is
found as the ``openapi`` fixture finds it (``shared_openapi_dir()``: ``EDGE_SHARED_DIR`` first, which
ansible-test's copy of the tree needs). Tests validate with ``openapi(SHIELD_DOCUMENT).api``.
"""

from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.tests.unit.conftest import shared_openapi_dir

SHIELD_DOCUMENT = "shield-api-v1.0.0.json"


def find_shield_document():
    """The path of the shield document, or None."""
    folder = shared_openapi_dir()
    path = folder / SHIELD_DOCUMENT if folder else None
    return path if path is not None and path.is_file() else None


def shield_document():
    """The shield document as data."""
    path = find_shield_document()
    if path is None:
        pytest.skip(
            "the published shield OpenAPI document is not available: put the shared reference "
            "directory beside the repository (../shared) or set EDGE_SHARED_DIR"
        )
    return json.loads(path.read_text(encoding="utf-8"))


def validate_response(openapi, method, path, status, body, query=None, as_status=None):
    """Validate one answer against the document; raises openapi-core's error when it does not conform.

    openapi-core reads ``text/plain`` as a string, so bodies are checked under ``application/json``,
    which the document declares with the same schema for every answer of these operations.
    ``as_status`` checks an answer whose status the document does not declare (the platform's real
    202 plan error, a 404 of a missing rule) against the schema of a declared status of that operation.
    """
    from openapi_core.testing import MockRequest, MockResponse  # pylint: disable=import-outside-toplevel

    request = MockRequest("https://api.bunny.net", method.lower(), path, args=query or {})
    response = MockResponse(
        body if isinstance(body, bytes) else json.dumps(body).encode("utf-8"),
        status_code=as_status or status,
        content_type="application/json",
    )
    openapi.validate_response(request, response)


def validate_request(openapi, method, path, query=None, body=None):
    """Validate a request the collection sends (path, query parameters and JSON body) against the document."""
    from openapi_core.testing import MockRequest  # pylint: disable=import-outside-toplevel

    args = {k: str(v) for k, v in (query or {}).items()}
    data = json.dumps(body).encode("utf-8") if body is not None else None
    openapi.validate_request(MockRequest("https://api.bunny.net", method.lower(), path, args=args, data=data))
