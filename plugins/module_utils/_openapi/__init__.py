# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The OpenAPI reader of api_guardian_spec: one import for its four jobs, each in its own file.

- ``loader``: text (YAML 1.2 core schema or JSON, bounded) to data, dialect and ``info``;
- ``deriver``: what API Guardian derives (endpoints, parameters, auth schemes, schemas);
- ``metrics``: the plan-limit metrics, with where each maximum occurs;
- ``renderer``: the platform's YAML renderings of schemas, read back and written alike.

The emulator splits its independent reader the same way (emulator/openapi/).
"""

from __future__ import annotations

from .deriver import Deriver, Resolver, derive, is_json_media_type, map_auth_scheme
from .loader import (
    HTTP_METHODS,
    MAX_DEPTH,
    MAX_DOCUMENT_BYTES,
    NODE_BUDGET,
    OPENAPI_30,
    OPENAPI_31,
    PARAMETER_GROUPS,
    SWAGGER_2,
    YAML_IMPORT_ERROR,
    Document,
    DocumentError,
    detect_dialect,
    load,
    parse_text,
    pointer,
)
from .metrics import LIMITS, exceeded_limits, measure, schema_roots
from .renderer import parse_rendered, render

__all__ = [
    "Deriver",
    "Document",
    "DocumentError",
    "HTTP_METHODS",
    "LIMITS",
    "MAX_DEPTH",
    "MAX_DOCUMENT_BYTES",
    "NODE_BUDGET",
    "OPENAPI_30",
    "OPENAPI_31",
    "PARAMETER_GROUPS",
    "Resolver",
    "SWAGGER_2",
    "YAML_IMPORT_ERROR",
    "derive",
    "detect_dialect",
    "exceeded_limits",
    "is_json_media_type",
    "load",
    "map_auth_scheme",
    "measure",
    "parse_rendered",
    "parse_text",
    "pointer",
    "render",
    "schema_roots",
]
