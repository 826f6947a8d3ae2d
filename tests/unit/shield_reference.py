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
    """An ``openapi_core.OpenAPI`` for the shield document."""
    openapi_core = pytest.importorskip("openapi_core", reason="openapi-core is needed to validate responses")
    return openapi_core.OpenAPI.from_file_path(shield_document_path())
