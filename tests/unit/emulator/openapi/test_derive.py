"""Edge cases of the emulator's OpenAPI reading (emulator/openapi/derive.py).

The main derivation rules are tested over HTTP in test_api_guardian.py; these are the corners.
"""

from __future__ import annotations

import json

import pytest
import yaml

from emulator.openapi.derive import Document, SpecError, render_yaml
from emulator.openapi.text import Text, json_repeated_key

from ...openapi_bad_inputs import DEEP, HEAD, OPERATION, dense_cycle, fan_out, laughs


@pytest.mark.parametrize(
    "text, dialect, version",
    [
        ("swagger: 2.0\ninfo: {title: t, version: 1.0}\n", "2.0", "1.0"),
        ("openapi: 3.0\ninfo: {title: t, version: 3}\n", "3.0", "3"),
        ("openapi: 3.1\ninfo: {title: t, version: 2024-01-31}\n", "3.1", "2024-01-31"),
        ('\ufeff{"openapi": "3.0.4", "info": {"title": "t", "version": "v"}}', "3.0", "v"),
    ],
)
def test_dialects_and_unquoted_scalars(text, dialect, version):
    document = Document(text)
    assert (document.dialect, document.title, document.version) == (dialect, "t", version)
    assert document.endpoints() == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("openapi: 3.0.0\ninfo: {title: t, version: [1]}\n", "info.version must be a string"),
        ("a: &x [*x]\n", "recursive YAML alias"),
        (
            "openapi: 3.0.0\ninfo: {title: t, version: v}\npaths:\n  /a: {$ref: '#/paths/~1b'}\n  /b: {$ref: '#/paths/~1a'}\n",
            "$ref cycle",
        ),
        ("openapi: 3.0.0\ninfo: {title: t, version: v}\npaths: {/a: {get: {parameters: {}}}}\n", "must be a list"),
        (
            "openapi: 3.0.0\ninfo: {title: t, version: v}\npaths: {/a: {get: {parameters: [{in: query}]}}}\n",
            "needs a name and an 'in'",
        ),
        (
            "openapi: 3.0.0\ninfo: {title: t, version: v}\nsecurity: [k]\npaths: {/a: {get: {}}}\n",
            "#/security: security must be a list of requirement mappings",
        ),
        (
            "openapi: 3.0.0\ninfo: {title: t, version: v}\ncomponents: {securitySchemes: {k: {type: apiKey, in: body}}}\n"
            "paths: {/a: {get: {security: [{k: []}]}}}\n",
            "needs 'in' (header, query or cookie) and 'name'",
        ),
        (
            "openapi: 3.0.0\ninfo: {title: t, version: v}\ncomponents: {securitySchemes: {k: {type: mutualTLS}}}\n"
            "paths: {/a: {get: {security: [{k: []}]}}}\n",
            "unknown type 'mutualTLS'",
        ),  # 3.1 only
        (
            "swagger: '2.0'\ninfo: {title: t, version: v}\npaths: {/a: {trace: {}, get: {responses: []}}}\n",
            "#/paths/~1a/get/responses must be a mapping",
        ),
    ],
)
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
    doc = {
        "openapi": "3.0.0",
        "info": {"title": "t", "version": "v"},
        "paths": {
            "/a": {
                "parameters": [
                    {"name": "b", "in": "query"},
                    {"name": "a", "in": "query"},
                    {"name": "b", "in": "header"},
                ],
                "post": {
                    "parameters": [{"name": "c", "in": "query"}, {"name": "b", "in": "query", "required": True}],
                    "requestBody": {"content": {"text/json": {"schema": {"type": "boolean"}}}},
                },
            }
        },
    }
    endpoint = Document(json.dumps(doc)).endpoints()[0]
    assert endpoint["parameters"] == {"Path": [], "Query": ["b", "a", "c"], "Header": ["b"], "Cookie": []}
    assert endpoint["request_schema"] == {"type": "boolean"}


# -- reading: YAML 1.2 core schema, text as written, duplicate keys --------------------------------
YAML_11_LOOKALIKES = """\
openapi: 3.0.3
info: {title: 2024-01-31, version: 1.10}
paths:
  /switch:
    get:
      parameters:
        - {name: on, in: query, schema: {type: string, enum: [on, off, yes, no, y, n, ~, 010, 0o17, 0x1F, 1:30]}}
      responses:
        200:
          description: the key is the text "200"
          content:
            application/json:
              schema: {type: string, example: yes, default: Off, x-flag: NO}
"""


def test_yaml_is_read_with_the_yaml_12_core_schema():
    document = Document(YAML_11_LOOKALIKES)
    assert (document.title, document.version) == ("2024-01-31", "1.10")
    endpoint = document.endpoints()[0]
    assert endpoint["parameters"]["Query"] == ["on"]
    enum = document.doc["paths"]["/switch"]["get"]["parameters"][0]["schema"]["enum"]
    assert enum == ["on", "off", "yes", "no", "y", "n", None, 10, 15, 31, "1:30"]
    assert endpoint["response_schemas"] == {
        "200": {"type": "string", "example": "yes", "default": "Off", "x-flag": "NO"}
    }
    rendered = render_yaml(endpoint["response_schemas"]["200"])
    assert "example: 'yes'\n" in rendered  # quoted: text for YAML 1.1 readers too
    assert yaml.safe_load(rendered)["example"] == "yes"


@pytest.mark.parametrize(
    "text, version",
    [
        ("openapi: 3.0.0\ninfo: {title: t, version: 1.10}\n", "1.10"),
        ("openapi: 3.0.0\ninfo: {title: t, version: 2.50e1}\n", "2.50e1"),
        ("openapi: 3.0.0\ninfo: {title: t, version: TRUE}\n", "TRUE"),
        ("openapi: 3.0.0\ninfo: &i {title: t, version: 1.0}\nx-info:\n  <<: *i\n  version: 9.90\n", "1.0"),
        ('{"openapi": "3.0.0", "info": {"title": "t", "version": 1.10}}', "1.10"),
        ('{"openapi": "3.0.0", "info": {"title": "t", "version": true}}', "true"),
        ('{"openapi": "3.0.0", "info": {"title": "t", "version": 3}}', "3"),
    ],
)
def test_info_fields_are_the_text_written(text, version):
    assert Document(text).version == version


def test_a_number_written_as_the_openapi_field_keeps_its_text():
    with pytest.raises(SpecError, match="Unsupported openapi version '3.10'"):
        Document("openapi: 3.10\ninfo: {title: t, version: v}\n")  # not 3.1


def test_merge_keys_are_honoured_and_written_keys_win():
    text = Text("base: &b {a: 1, b: 2}\nmerged:\n  <<: *b\n  b: 3\n")
    assert text.data["merged"] == {"a": 1, "b": 3}
    assert text.written("merged", "b") == "3"


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "openapi: 3.0.3\ninfo: {title: t, version: v}\npaths:\n  /a:\n    get: {}\n    get: {}\n",
            "not valid YAML at line 6 column 5: the key 'get' appears twice in one mapping (first at line 5)",
        ),
        (
            "openapi: 3.0.3\ninfo: {title: t, version: v, 'title': u}\n",
            "at line 2 column 30: the key 'title' appears twice",
        ),
        (
            "openapi: 3.0.3\ninfo: {title: t, version: v}\npaths:\n  /a:\n    get:\n      responses:\n"
            "        200: {description: a}\n        '200': {description: b}\n",
            "the key '200' appears twice",
        ),
        (
            '{"openapi": "3.0.3",\n\t"info": {"title": "t", "version": "v"},\n\t"openapi": "3.1.0"}',
            "not valid JSON at line 3: the key 'openapi' appears twice in one object (first at line 1)",
        ),
        ("openapi: 3.0.3\n? [a, b]\n: c\n", "at line 2 column 3: a key must be plain text, not a sequence"),
    ],
)
def test_repeated_and_structured_keys_are_refused_with_their_line(text, expected):
    with pytest.raises(SpecError) as caught:
        Document(text)
    assert expected in str(caught.value)


def test_json_repeated_key_locates_keys_only_in_their_own_object():
    text = '{"a": {"k": "k", "l": ["k", {"k": 1}]},\n "b": {"k": 2, "x": {}, "y": [], "k": 3}}'
    assert json_repeated_key(text) == ("k", 2, 2)
    assert json_repeated_key('{"a": "a", "b": {"a": {"a": 1}}}') is None


# -- $ref in data ----------------------------------------------------------------------------------
REFS_IN_DATA = """\
openapi: 3.1.0
info: {title: t, version: v}
paths:
  /a:
    post:
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Payload'}
      responses: {}
components:
  schemas:
    Tag: {type: string}
    Payload:
      type: object
      properties:
        example: {$ref: '#/components/schemas/Tag'}
        $ref: {$ref: '#/components/schemas/Tag'}
        kind: {enum: [{$ref: '#/nowhere'}], const: {$ref: '#/components/schemas/Tag'}}
      example: {kind: {$ref: '#/nowhere'}}
      examples: [{$ref: '#/components/schemas/Tag'}]
      default: {$ref: 'https://example.com/other.json'}
"""


def test_refs_inside_data_values_are_text_not_references():
    schema = Document(REFS_IN_DATA).endpoints()[0]["request_schema"]
    tag_ref = {"$ref": "#/components/schemas/Tag"}
    assert schema == {
        "type": "object",
        "properties": {
            "example": {"type": "string"},
            "$ref": {"type": "string"},
            "kind": {"enum": [{"$ref": "#/nowhere"}], "const": tag_ref},
        },
        "example": {"kind": {"$ref": "#/nowhere"}},
        "examples": [tag_ref],
        "default": {"$ref": "https://example.com/other.json"},
    }


def test_refs_inside_extensions_are_text_not_references():
    extensions = "      x-origin: {$ref: '#/components/schemas/Tag'}\n      x-broken: {$ref: '#/nowhere'}\n"
    text = REFS_IN_DATA.replace("      examples:", extensions + "      examples:")
    schema = Document(text).endpoints()[0]["request_schema"]
    assert (schema["x-origin"], schema["x-broken"]) == ({"$ref": "#/components/schemas/Tag"}, {"$ref": "#/nowhere"})


def test_ref_fragments_are_percent_decoded_before_they_are_split():
    text = (
        "openapi: 3.0.0\ninfo: {title: t, version: v}\ncomponents: {schemas: {a/b: {type: string}, "
        "a: {b: {type: integer}}}}\npaths: {/x: {post: {requestBody: {content: {application/json: "
        "{schema: {$ref: '#/components/schemas/a%2Fb'}}}}}}}\n"
    )
    assert Document(text).endpoints()[0]["request_schema"] == {"type": "integer"}  # RFC 6901 section 6


@pytest.mark.parametrize("scheme", ["{type: http, scheme: bearer}", "{type: openIdConnect, openIdConnectUrl: u}"])
def test_swagger_20_knows_only_its_own_security_scheme_types(scheme):
    text = (
        "swagger: '2.0'\ninfo: {title: t, version: v}\nsecurityDefinitions: {s: %s}\n"
        "paths: {/a: {get: {security: [{s: []}]}}}\n" % scheme
    )
    with pytest.raises(SpecError, match="unknown type"):
        Document(text).endpoints()


# -- bounded work: the emulator survives documents built to exhaust it -------------------------------------
@pytest.mark.parametrize(
    "build, expected",
    [
        (lambda: HEAD + "paths: {}\nx-bomb:\n" + laughs("  "), "YAML aliases expand it to more than 1000000 nodes"),
        (
            lambda: (
                HEAD
                + OPERATION
                + "x-defs:\n"
                + laughs("  ")
                + "components: {schemas: {S0: {type: array, items: *l9}}}\n"
            ),
            "YAML aliases expand it to more than 1000000 nodes",
        ),
        (dense_cycle, "references expand to more than 1000000 schema nodes"),
        (fan_out, "references expand to more than 1000000 schema nodes"),
        (lambda: HEAD + "paths: {}\nx-deep: " + "[" * DEEP + "]" * DEEP + "\n", "nests more than 1000 levels deep"),
        (lambda: HEAD + "paths: {}\nx-deep:\n" + "- " * DEEP + "x\n", "nests more than 1000 levels deep"),
    ],
    ids=["laughs-document", "laughs-components", "dense-cycle", "fan-out", "deep-flow", "deep-block"],
)
def test_documents_built_to_exhaust_the_reader_are_refused(build, expected):
    with pytest.raises(SpecError) as caught:
        Document(build()).endpoints()
    assert expected in str(caught.value)
