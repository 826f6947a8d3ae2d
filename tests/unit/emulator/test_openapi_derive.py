"""Edge cases of the emulator's OpenAPI reading (tests/emulator/openapi_derive.py).

The main derivation rules are tested over HTTP in test_api_guardian.py; these are the corners.
"""

from __future__ import annotations

import json
import os
import sys

import pytest


def _repo_root():
    here = os.path.dirname(os.path.abspath(__file__))
    while not os.path.exists(os.path.join(here, "galaxy.yml")):
        parent = os.path.dirname(here)
        if parent == here:
            raise RuntimeError("galaxy.yml not found above %s" % __file__)
        here = parent
    return here


ROOT = _repo_root()
if os.path.join(ROOT, "tests") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "tests"))

from emulator.openapi_derive import Document, SpecError, render_yaml  # noqa: E402  pylint: disable=wrong-import-position


@pytest.mark.parametrize("text, dialect, version", [
    ("swagger: 2.0\ninfo: {title: t, version: 1.0}\n", "2.0", "1.0"),
    ("openapi: 3.0\ninfo: {title: t, version: 3}\n", "3.0", "3"),
    ("openapi: 3.1\ninfo: {title: t, version: 2024-01-31}\n", "3.1", "2024-01-31"),
    ('\ufeff{"openapi": "3.0.4", "info": {"title": "t", "version": "v"}}', "3.0", "v"),
])
def test_dialects_and_unquoted_scalars(text, dialect, version):
    document = Document(text)
    assert (document.dialect, document.title, document.version) == (dialect, "t", version)
    assert document.endpoints() == []


@pytest.mark.parametrize("text, expected", [
    ("openapi: 3.0.0\ninfo: {title: t, version: true}\n", "info.version must be a string"),
    ("a: &x [*x]\n", "recursive YAML alias"),
    ("openapi: 3.0.0\ninfo: {title: t, version: v}\npaths:\n  /a: {$ref: '#/paths/~1b'}\n  /b: {$ref: '#/paths/~1a'}\n",
     "$ref cycle"),
    ("openapi: 3.0.0\ninfo: {title: t, version: v}\npaths: {/a: {get: {parameters: {}}}}\n", "must be a list"),
    ("openapi: 3.0.0\ninfo: {title: t, version: v}\npaths: {/a: {get: {parameters: [{in: query}]}}}\n",
     "needs a name and an 'in'"),
    ("openapi: 3.0.0\ninfo: {title: t, version: v}\nsecurity: [k]\npaths: {/a: {get: {}}}\n",
     "#/security: security must be a list of requirement mappings"),
    ("openapi: 3.0.0\ninfo: {title: t, version: v}\ncomponents: {securitySchemes: {k: {type: apiKey, in: body}}}\n"
     "paths: {/a: {get: {security: [{k: []}]}}}\n", "needs 'in' (header, query or cookie) and 'name'"),
    ("openapi: 3.0.0\ninfo: {title: t, version: v}\ncomponents: {securitySchemes: {k: {type: mutualTLS}}}\n"
     "paths: {/a: {get: {security: [{k: []}]}}}\n", "unknown type 'mutualTLS'"),  # 3.1 only
    ("swagger: '2.0'\ninfo: {title: t, version: v}\npaths: {/a: {trace: {}, get: {responses: []}}}\n",
     "#/paths/~1a/get/responses must be a mapping"),
])
def test_unusable_documents(text, expected):
    with pytest.raises(SpecError) as caught:
        Document(text).endpoints()
    assert expected in str(caught.value)


def test_swagger_has_no_trace_and_non_methods_are_ignored():
    text = "swagger: '2.0'\ninfo: {title: t, version: v}\npaths:\n  /a: {trace: {}, x-meta: {}, get: {}}\n"
    assert [(e["method"], e["path"]) for e in Document(text).endpoints()] == [("GET", "/a")]


REFS = """\
openapi: 3.0.0
info: {title: t, version: v}
components:
  schemas:
    'a/b~c d': {type: integer}
paths:
  /x:
    get:
      responses:
        200:
          description: read as an integer key
          content:
            application/json:
              schema: {$ref: '#/components/schemas/a~1b~0c%20d'}
  /y:
    get:
      responses:
        201: {$ref: '#/paths/~1x/get/responses/200'}
"""


def test_refs_with_escapes_percent_encoding_and_integer_keys():
    endpoints = Document(REFS).endpoints()
    assert endpoints[0]["response_schemas"] == {"200": {"type": "integer"}}
    assert endpoints[1]["response_schemas"] == {"201": {"type": "integer"}}


def test_yaml_rendering_has_no_anchors_and_keeps_order():
    shared = {"type": "string"}
    text = render_yaml({"z": shared, "a": shared})
    assert text == "z:\n  type: string\na:\n  type: string\n"


def test_text_json_counts_as_json_and_parameters_keep_their_order():
    doc = {"openapi": "3.0.0", "info": {"title": "t", "version": "v"}, "paths": {"/a": {
        "parameters": [{"name": "b", "in": "query"}, {"name": "a", "in": "query"}, {"name": "b", "in": "header"}],
        "post": {"parameters": [{"name": "c", "in": "query"}, {"name": "b", "in": "query", "required": True}],
                 "requestBody": {"content": {"text/json": {"schema": {"type": "boolean"}}}}}}}}
    endpoint = Document(json.dumps(doc)).endpoints()[0]
    assert endpoint["parameters"] == {"Path": [], "Query": ["b", "a", "c"], "Header": ["b"], "Cookie": []}
    assert endpoint["request_schema"] == {"type": "boolean"}
