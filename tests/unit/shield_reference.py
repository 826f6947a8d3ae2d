"""The published shield OpenAPI document, for conformance tests (skipped when it is not there).

The document lives outside the repository in ``shared/reference/openapi/`` (never copied in), found
in any directory above the tests or through ``EDGE_SHARED_DIR`` (which points at ``shared``).
"""

from __future__ import annotations

import json
import os

import pytest

from ansible_collections.edge.platform.tests.unit.conftest import shared_openapi_dir

SHIELD_DOCUMENT = os.path.join("reference", "openapi", "shield-api-v1.0.0.json")


def shared_dir():
    """The ``shared`` directory (conftest searches every ancestor and $EDGE_SHARED_DIR), or None."""
    folder = shared_openapi_dir()
    return str(folder.parent.parent) if folder is not None else None


def shield_document_path():
    base = shared_dir()
    path = os.path.join(base, SHIELD_DOCUMENT) if base else None
    if not path or not os.path.isfile(path):
        pytest.skip("the published shield OpenAPI document is not available: shared/reference/openapi is in "
                    "no directory above the tests and EDGE_SHARED_DIR is unset")
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
