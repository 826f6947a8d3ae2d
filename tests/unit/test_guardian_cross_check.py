"""The emulator's API Guardian and the collection's local derivation agree, document by document.

``emulator`` (openapi/text.py, openapi/derive.py, openapi/limits.py, areas/api_guardian) and
``plugins/module_utils`` (_openapi, _guardian) implement the derivation and plan-limit rules
separately, so neither can hide a misreading of the other. This is the one place importing both:
for every document of the corpus they must accept or refuse it alike and, when accepted, derive
the same title, version, endpoints, parameters, auth schemes and schemas (the emulator's YAML
read back as the module reads the platform's), measure the same five metrics, and the module
must see the emulator's state after an upload as equal to the document (an idempotent re-run).

The corpus: the integration target's documents, every document literal of the unit tests, the
cases below (each a past disagreement), a generated document and the three published documents
(only that part skips when ../shared is absent).
"""

from __future__ import annotations

import ast
import json
import os
import re
import sys

import pytest
import yaml

from ansible_collections.edge.platform.plugins.module_utils import _openapi
from ansible_collections.edge.platform.plugins.module_utils._shapes import api_guardian_spec as _guardian
from ansible_collections.edge.platform.tests.unit.conftest import shared_openapi_dir

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)  # the emulator imports as the package ``emulator``

from emulator.areas.api_guardian.responses import ApiGuardianArea  # noqa: E402  pylint: disable=wrong-import-position
from emulator.openapi.derive import Document, SpecError  # noqa: E402  pylint: disable=wrong-import-position
from emulator.openapi.limits import LIMITS, first_exceeded, measure  # noqa: E402  pylint: disable=wrong-import-position

TARGET_FILES = os.path.join(ROOT, "tests", "integration", "targets", "api_guardian_spec", "files")
UNIT_TEST_FILES = (
    "tests/unit/plugins/module_utils/_openapi/test_openapi.py",
    "tests/unit/plugins/modules/test_api_guardian_spec.py",
    "tests/unit/emulator/areas/test_api_guardian.py",
    "tests/unit/emulator/openapi/test_derive.py",
    "tests/unit/emulator/openapi/test_limits.py",
)
METRICS = dict(_openapi.LIMITS)  # platform limit name -> the module's metric name

# -- the disagreements found by comparing the two, each kept as a case ------------------------------

YAML_11_SCALARS = """\
openapi: 3.0.3
info: {title: 2024-01-31, version: 1.10}
paths:
  /switch:
    get:
      parameters:
        - {name: mode, in: query, schema: {type: string, enum: [on, off, yes, no, y, n], default: off}}
        - {name: on, in: header, schema: {type: string, example: yes}}
      responses:
        200:
          description: read as the key "200"
          content:
            application/json:
              schema:
                type: object
                properties:
                  on: {type: boolean, example: true}
                  no: {type: string, example: No}
                  octal: {type: integer, example: 010}
                  clock: {type: string, example: 1:30}
                  stamp: {type: string, example: 2001-12-14t21:59:43.10-05:00}
"""

NOT_SUBSCHEMAS = """\
swagger: '2.0'
info: {title: Not, version: '1'}
paths:
  /a:
    post:
      parameters:
        - in: body
          name: body
          schema:
            not:
              type: object
              properties: {a: {}, b: {}, c: {}, d: {}, e: {}}
      responses:
        '200': {description: ok, schema: {$ref: '#/definitions/Narrow'}}
definitions:
  Narrow:
    type: object
    properties: {x: {type: string}}
    not: {properties: {y: {}, z: {}}, not: {items: {type: string}}}
"""

SCHEMA_POSITIONS = """\
openapi: 3.1.0
info: {title: Positions, version: '1'}
x-tooling:
  schema: {type: object, properties: {a: {}, b: {}, c: {}, d: {}, e: {}, f: {}, g: {}}}
paths:
  /things/{id}:
    parameters:
      - name: id
        in: path
        required: true
        content:
          application/json:
            schema: {type: object, properties: {p: {}, q: {}}}
    get:
      callbacks:
        done:
          '{$request.query.url}':
            post:
              requestBody:
                content:
                  application/json:
                    schema: {type: object, properties: {c1: {}, c2: {}, c3: {}}}
              responses: {'200': {description: ok}}
      responses:
        '200':
          description: ok
          headers:
            X-Rate:
              schema: {type: object, properties: {h: {items: {items: {}}}}}
          content:
            application/json:
              schema:
                type: object
                properties:
                  schema: {type: object, properties: {inner: {}}}
                x-meta: {schema: {properties: {m1: {}, m2: {}, m3: {}, m4: {}, m5: {}, m6: {}}}}
              example:
                schema: {properties: {e1: 1, e2: 2, e3: 3, e4: 4, e5: 5, e6: 6, e7: 7, e8: 8}}
              examples:
                big: {value: {schema: {properties: {v1: 1, v2: 2, v3: 3, v4: 4, v5: 5, v6: 6, v7: 7, v8: 8, v9: 9}}}}
              encoding:
                part:
                  headers:
                    X-Part: {schema: {type: object, properties: {e: {}, f: {}, g: {}, h: {}}}}
webhooks:
  ping:
    post:
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {w: {items: {items: {items: {}}}}}}
components:
  examples:
    Sample: {value: {schema: {type: object, properties: {a: {}, b: {}, c: {}, d: {}, e: {}, f: {}, g: {}, h: {}}}}}
  headers:
    Trace: {schema: {type: string, pattern: '^[0-9a-f]{32}$'}}
  schemas:
    Thing: {type: object, properties: {id: {type: string}}}
"""

REFS_IN_DATA = """\
openapi: 3.1.0
info: {title: Data refs, version: '1'}
paths:
  /a:
    post:
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Payload'}
            example: {$ref: '#/nowhere'}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  example: {$ref: '#/components/schemas/Link'}
                  $ref: {type: string}
                default: {$ref: '#/components/schemas/Link'}
components:
  schemas:
    Link:
      type: object
      properties: {$ref: {type: string, const: {$ref: '#/components/schemas/Link'}}}
    Payload:
      type: object
      properties:
        kind: {type: string, enum: [{$ref: '#/a'}, {$ref: '#/b'}]}
        link: {$ref: '#/components/schemas/Link', default: {$ref: '#/missing'}}
      examples: [{link: {$ref: '#/components/schemas/Link'}}]
      default: {link: {$ref: 'https://example.com/elsewhere.json'}}
"""

MERGE_KEYS = """\
openapi: 3.0.3
info: {title: Merges, version: 2}
x-shared:
  error: &error
    description: failed
    content:
      application/json:
        schema: {type: object, properties: {message: {type: string}}}
paths:
  /m:
    get:
      responses:
        '200': {description: ok}
        '500':
          <<: *error
          description: server failed
"""

EXTENSION_REFS = """\
openapi: 3.0.3
info: {title: Extension refs, version: '1'}
paths:
  /a:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                x-link: {$ref: '#/nowhere'}
                x-list: [{$ref: '#/components/schemas/Thing'}]
                properties:
                  thing: {$ref: '#/components/schemas/Thing'}
                  x-named: {$ref: '#/components/schemas/Thing'}
components:
  schemas:
    Thing:
      type: object
      x-owner: {$ref: '#/components/schemas/Thing'}
      properties: {id: {type: string}}
"""

# Numbers in JSON keep the text they are written with: 1.10 is not 1.1, 3.10 is not OpenAPI 3.1.
JSON_NUMBERS = '{"openapi": "3.0.3", "info": {"title": 2.50, "version": 1.10}, "paths": {}}'
JSON_NUMBER_DIALECT = '{"swagger": 2.0, "info": {"title": "t", "version": 1e3}, "paths": {}}'
FLOW_YAML_NUMBERS = "{openapi: 3.0.3, info: {title: t, version: 1.10}, paths: {}}\n"

SWAGGER_BODY_OVERRIDE = """\
swagger: '2.0'
info: {title: Body override, version: '1'}
paths:
  /same-name:
    parameters:
      - {name: body, in: body, schema: {type: string}}
    post:
      parameters:
        - {name: body, in: body, schema: {type: integer}}
      responses: {'200': {description: ok}}
    put:
      responses: {'200': {description: ok}}
  /first-has-no-schema:
    parameters:
      - {name: a, in: body}
    post:
      parameters:
        - {name: b, in: body, schema: {type: integer}}
      responses: {'200': {description: ok}}
"""

SWAGGER_SCHEMAS_OUTSIDE = """\
swagger: '2.0'
info: {title: Outside, version: '1'}
tooling:
  schema: {type: object, properties: {a: {}, b: {}, c: {}, d: {}, e: {}, f: {}}}
paths:
  /a:
    trace:
      parameters:
        - {name: b, in: body, schema: {type: object, properties: {t1: {}, t2: {}, t3: {}, t4: {}, t5: {}}}}
      responses: {'200': {description: ok, schema: {items: {items: {items: {items: {}}}}}}}
    get:
      oddity: {schema: {properties: {o1: {}, o2: {}, o3: {}, o4: {}}}}
      responses:
        '200':
          description: ok
          schema: {type: object, properties: {x: {}}}
          headers: {X-Rate: {type: integer, schema: {properties: {h1: {}, h2: {}, h3: {}}}}}
"""

OPENAPI_SCHEMAS_OUTSIDE = """\
openapi: 3.1.0
info: {title: Outside, version: '1', schema: {properties: {i1: {}, i2: {}, i3: {}, i4: {}, i5: {}}}}
paths:
  /b:
    $ref: '#/components/pathItems/B'
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {properties: {a: {}, b: {}, c: {}, d: {}, e: {}, f: {}}}
components:
  pathItems:
    B:
      get:
        responses:
          '200':
            description: ok
            links: {next: {schema: {properties: {l1: {}, l2: {}, l3: {}, l4: {}}}}}
            content: {application/json: {schema: {properties: {x: {}}}}}
"""

COMBINATOR_MAPPINGS = """\
openapi: 3.0.3
info: {title: Combinator mappings, version: '1'}
paths:
  /odd:
    get:
      responses:
        '200':
          description: ok
          content: {application/json: {schema: {$ref: '#/components/schemas/Odd'}}}
components:
  schemas:
    Odd:
      type: object
      properties: {id: {type: string}}
      allOf: {properties: {a: {}, b: {}, c: {}}}
      anyOf: {items: {items: {items: {}}}}
      oneOf: {$ref: '#/components/schemas/Deep'}
      not: [{properties: {n1: {}, n2: {}, n3: {}, n4: {}}}]
      additionalProperties: [{properties: {p1: {}, p2: {}, p3: {}, p4: {}, p5: {}}}]
    Deep: {items: {items: {items: {items: {}}}}}
"""

# Both keys: the emulator reads the swagger field first (see emulator/openapi/derive.py, detect_dialect).
BOTH_VERSION_FIELDS = """\
swagger: '2.0'
openapi: 3.0.3
info: {title: Both, version: '1'}
paths:
  /a:
    post:
      parameters: [{name: b, in: body, schema: {type: string}}]
      responses: {'200': {description: ok}}
"""

SWAGGER_UNQUOTED = "swagger: 2.0\ninfo: {title: t, version: 1.0}\npaths: {/a: {get: {responses: {}}}}\n"

# Documents both refuse: label -> (text, what both messages name).
REFUSED = {
    "duplicate YAML key": (
        "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get: {}\n    get: {}\n",
        ("'get'", "line 6"),
    ),
    "duplicate JSON key": (
        '{"openapi": "3.0.3", "info": {"title": "t", "version": "1"},\n\t"paths": {"/a": {"get": {}}}, "paths": {}}',
        ("'paths'", "line 2"),
    ),
    "mapping as a key": ("openapi: 3.0.3\ninfo: {title: t, version: '1'}\n? {a: 1}\n: x\n", ("line 3",)),
    "not YAML": ("openapi: 3.0.3\ninfo: [\n", ("line 3",)),
    "no version": ("openapi: 3.0.3\ninfo: {title: t, version: ~}\n", ("version", "required")),
    "not a document": ("just: text\n", ("'openapi' or 'swagger'",)),
    "swagger http scheme": (
        "swagger: '2.0'\ninfo: {title: t, version: '1'}\nsecurityDefinitions: {h: {type: http, "
        "scheme: bearer}}\npaths: {/a: {get: {security: [{h: []}], responses: {}}}}\n",
        ("'h'", "'http'"),
    ),
    "unresolvable schema ref": (
        "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {/a: {get: {responses: "
        "{'200': {description: x, content: {application/json: {schema: {$ref: '#/x'}}}}}}}}\n",
        ("'#/x'", "points to nothing"),
    ),
    "swagger 2 as a number": ("swagger: 2\ninfo: {title: t, version: '1'}\npaths: {}\n", ("'2'", "2.0")),
    "swagger 2 as a JSON number": (
        '{"swagger": 2, "info": {"title": "t", "version": "1"}, "paths": {}}',
        ("'2'", "2.0"),
    ),
    "openapi 3.10 as a JSON number": (
        '{"openapi": 3.10, "info": {"title": "t", "version": "1"}, "paths": {}}',
        ("'3.10'",),
    ),
    "recursive YAML alias": (
        "openapi: 3.0.3\ninfo: {title: t, version: '1'}\nx-loop: &a [1, {b: *a}]\npaths: {}\n",
        ("recursive YAML alias",),
    ),
    "both fields, swagger not 2.0": (
        "openapi: 3.0.3\nswagger: '3.0'\ninfo: {title: t, version: '1'}\npaths: {}\n",
        ("'3.0'", "2.0"),
    ),
}


def generated(operations):
    """A document of ``operations`` operations over shared, recursive component schemas."""
    paths = {}
    for index in range(operations // 3):
        paths["/r%d/{id}" % index] = {
            "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
            "get": {
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}},
                    }
                }
            },
            "put": {
                "security": [{"bearer": []}],
                "requestBody": {
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "properties": {"name": {"type": "string", "pattern": "^n{%d}$" % index}},
                                "not": {"required": ["id"]},
                            }
                        }
                    }
                },
                "responses": {"204": {"description": "ok"}},
            },
            "delete": {
                "parameters": [{"name": "force", "in": "query", "schema": {"type": "boolean"}}],
                "responses": {"default": {"$ref": "#/components/responses/Error"}},
            },
        }
    return json.dumps(
        {
            "openapi": "3.0.3",
            "info": {"title": "Generated", "version": "1"},
            "paths": paths,
            "security": [{"key": []}],
            "components": {
                "securitySchemes": {
                    "key": {"type": "apiKey", "in": "header", "name": "X-Key"},
                    "bearer": {"type": "http", "scheme": "bearer"},
                },
                "responses": {
                    "Error": {
                        "description": "failed",
                        "content": {
                            "application/problem+json": {
                                "schema": {"type": "object", "properties": {"title": {"type": "string"}}}
                            }
                        },
                    }
                },
                "schemas": {
                    "Node": {
                        "type": "object",
                        "properties": {
                            "id": {"type": "string"},
                            "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
                            "meta": {
                                "additionalProperties": {
                                    "oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/Node"}]
                                }
                            },
                        },
                    }
                },
            },
        }
    )


# -- the corpus ------------------------------------------------------------------------------------


def _looks_like_a_document(value):
    if isinstance(value, dict):
        return "openapi" in value or "swagger" in value
    return isinstance(value, str) and re.search(r'^\s*"?(openapi|swagger)"?\s*:', value, re.M) is not None


def literal_documents(relative):
    """Every top-level string or dict literal of a unit-test file that is an OpenAPI document."""
    with open(os.path.join(ROOT, relative), encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    found = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                continue
            if _looks_like_a_document(value):
                text = json.dumps(value) if isinstance(value, dict) else value
                found.append(("%s:%s" % (os.path.basename(relative), node.targets[0].id), text))
    return found


def corpus():
    documents = []
    for name in sorted(os.listdir(TARGET_FILES)):
        with open(os.path.join(TARGET_FILES, name), encoding="utf-8") as handle:
            text = handle.read()
        if _looks_like_a_document(text):
            documents.append(("target:" + name, text))
    for relative in UNIT_TEST_FILES:
        documents.extend(literal_documents(relative))
    documents.extend(
        [
            ("case:yaml 1.1 scalars", YAML_11_SCALARS),
            ("case:not subschemas", NOT_SUBSCHEMAS),
            ("case:schema positions", SCHEMA_POSITIONS),
            ("case:$ref in data", REFS_IN_DATA),
            ("case:merge keys", MERGE_KEYS),
            ("case:$ref in extensions", EXTENSION_REFS),
            ("case:JSON numbers", JSON_NUMBERS),
            ("case:JSON number dialect", JSON_NUMBER_DIALECT),
            ("case:flow YAML numbers", FLOW_YAML_NUMBERS),
            ("case:swagger body override", SWAGGER_BODY_OVERRIDE),
            ("case:swagger schemas outside positions", SWAGGER_SCHEMAS_OUTSIDE),
            ("case:openapi schemas outside positions", OPENAPI_SCHEMAS_OUTSIDE),
            ("case:combinators as mappings", COMBINATOR_MAPPINGS),
            ("case:both version fields", BOTH_VERSION_FIELDS),
            ("case:swagger unquoted", SWAGGER_UNQUOTED),
            ("generated:600 operations", generated(600)),
        ]
    )
    yaml_text = yaml.safe_dump(json.loads(generated(60)), sort_keys=False)
    documents.append(("generated:60 operations as YAML", yaml_text))
    return documents


CORPUS = corpus()


# -- the comparison --------------------------------------------------------------------------------


def emulator_state(text):
    """``(document, zone model)``: the emulator's state after taking ``text`` as a zone's document."""
    area = ApiGuardianArea({"shield_zones": [{"id": 1, "api_guardian_spec": text}]}, None)
    return Document(text), area.zones[1].model()


def snake_auth(schemes):
    return [{field.option: scheme[field.member] for field in _guardian.AUTH_FIELDS} for scheme in schemes or []]


def assert_agree(text):
    document, model = emulator_state(text)
    local = _openapi.load(text)
    derived = _openapi.derive(local)

    configuration = model["configuration"]
    assert (configuration["title"], configuration["version"]) == (derived["title"], derived["version"])
    endpoints = model["endpoints"]
    assert [(e["requestMethod"], e["requestPath"]) for e in endpoints] == [
        (e["method"], e["path"]) for e in derived["endpoints"]
    ]
    for emulated, predicted in zip(endpoints, derived["endpoints"]):
        where = "%s %s" % (predicted["method"], predicted["path"])
        assert emulated["availableParameters"] == predicted["parameters"], where
        assert snake_auth(emulated["authSchemes"]) == predicted["auth_schemes"], where
        assert _openapi.parse_rendered(emulated["requestBodySchemaYaml"]) == predicted["request_body_schema"], where
        responses = emulated["responseBodySchemasYaml"] or {}
        assert {code: _openapi.parse_rendered(rendered) for code, rendered in responses.items()} == predicted[
            "response_body_schemas"
        ], where

    # what the module concludes from the emulator's state: nothing to change on a re-run
    comparison = _guardian.compare(_guardian.Current.from_data(model), derived, None)
    assert not comparison.differs, comparison.changes

    emulated = measure(document, len(endpoints))
    predicted = _openapi.measure(local)
    assert {name: emulated[name][0] for name in METRICS} == {
        name: predicted[metric]["value"] for name, metric in METRICS.items()
    }
    assert_limits_read_alike(emulated, predicted)


def assert_limits_read_alike(emulated, predicted):
    """Both report the same limits exceeded (the emulator the first of them), 0 being no limit."""
    values = {name: emulated[name][0] for name in METRICS}
    for limits in (
        dict(values),
        {name: max(value - 1, 0) for name, value in values.items()},
        {name: 0 for name in values},
    ):
        emulator_first = first_exceeded(emulated, limits)
        module_problems = _openapi.exceeded_limits(predicted, limits)
        exceeded = [name for name in METRICS if limits[name] and values[name] > limits[name]]
        assert [p.split(" ", 1)[0] for p in module_problems] == exceeded
        assert (emulator_first or (None,))[0] == (exceeded or [None])[0]


@pytest.mark.parametrize("text", [text for _label, text in CORPUS], ids=[label for label, _text in CORPUS])
def test_both_derive_and_measure_alike(text):
    assert_agree(text)


def test_the_corpus_covers_every_source():
    assert [name for name, _key in LIMITS] == list(METRICS), "both check the limits in one order"
    labels = [label.split(":", 1)[0] for label, _text in CORPUS]
    assert labels.count("target") >= 10, "the integration target's documents are found"
    for relative in UNIT_TEST_FILES[:4]:  # openapi/test_limits.py builds its documents in functions
        assert any(label.startswith(os.path.basename(relative)) for label, _text in CORPUS), relative


@pytest.mark.parametrize("label", sorted(REFUSED))
def test_both_refuse_alike(label):
    text, named = REFUSED[label]
    with pytest.raises(SpecError) as emulator_error:
        Document(text).endpoints()
    with pytest.raises(_openapi.DocumentError) as module_error:
        _openapi.derive(_openapi.load(text))
    for message in (str(emulator_error.value), str(module_error.value)):
        assert all(fragment in message for fragment in named), message


@pytest.mark.parametrize("name", ["core-api-v1.0.0.json", "shield-api-v1.0.0.json", "database-api-bunnyway-cli.json"])
def test_published_documents(name):
    folder = shared_openapi_dir()
    if folder is None or not os.path.exists(os.path.join(str(folder), name)):
        pytest.skip("the published document %s is absent (../shared/reference/openapi or $EDGE_SHARED_DIR)" % name)
    with open(os.path.join(str(folder), name), encoding="utf-8") as handle:
        assert_agree(handle.read())


# -- the C loader reads YAML 1.2 exactly as the pure-Python one ----------------------------------------


def _read_with(text, pure):
    """Canonical JSON of what one loader builds (types kept apart: 1, 1.0 and true differ), or its refusal."""
    from ansible_collections.edge.platform.plugins.module_utils._openapi import loader as _openapi_load  # pylint: disable=import-outside-toplevel

    try:
        data = _openapi_load._compose_yaml(text, pure=pure)[0]  # pylint: disable=protected-access
    except _openapi.DocumentError:
        return "refused"
    return json.dumps(data, sort_keys=True, default=repr)


@pytest.mark.parametrize("label, text", CORPUS, ids=[label for label, dummy in CORPUS])
def test_c_and_pure_python_yaml_loaders_read_alike(label, text):
    if not yaml.__with_libyaml__:
        pytest.skip("PyYAML was built without libyaml here: only the pure-Python loader exists")
    assert _read_with(text, pure=False) == _read_with(text, pure=True), label


@pytest.mark.parametrize("name", ["core-api-v1.0.0.json", "shield-api-v1.0.0.json", "database-api-bunnyway-cli.json"])
def test_c_and_pure_python_yaml_loaders_read_the_published_documents_alike(name):
    folder = shared_openapi_dir()
    if folder is None or not os.path.exists(os.path.join(str(folder), name)):
        pytest.skip("the published document %s is absent (../shared/reference/openapi or $EDGE_SHARED_DIR)" % name)
    if not yaml.__with_libyaml__:
        pytest.skip("PyYAML was built without libyaml here: only the pure-Python loader exists")
    with open(os.path.join(str(folder), name), encoding="utf-8") as handle:
        text = handle.read()
    read = _read_with(text, pure=False)
    assert read != "refused" and read == _read_with(text, pure=True)
    assert json.loads(read) == json.loads(text), "JSON read as YAML 1.2 is the same data"
