"""How the emulator measures API Guardian plan limits (emulator/openapi/limits.py)."""

from __future__ import annotations

import json
import os

import pytest

from emulator.openapi.derive import Document
from emulator.openapi.limits import first_exceeded, measure, roots

from ..conftest import shared_openapi_dir


def measured(schemas=None, paths=None, dialect="3.0.3", **top):
    doc = {"openapi": dialect, "info": {"title": "t", "version": "1"}, "paths": paths or {}}
    if dialect.startswith("2"):
        doc = {"swagger": "2.0", "info": doc["info"], "paths": paths or {}, "definitions": schemas or {}}
    else:
        doc["components"] = {"schemas": schemas or {}}
    doc.update(top)
    document = Document(json.dumps(doc))
    return measure(document, len(document.endpoints()))


def ref(name):
    return {"$ref": "#/components/schemas/%s" % name}


def op_returning(schema):
    return {"get": {"responses": {"200": {"description": "x", "content": {"application/json": {"schema": schema}}}}}}


def test_endpoints_count_operations():
    paths = {"/a": {"get": {}, "post": {}, "summary": "not an operation", "parameters": []}, "/b": {"trace": {}}}
    assert measured(paths=paths)["maxEndpoints"] == (3, None)


def test_fields_per_type_is_the_widest_schema_anywhere():
    schemas = {
        "Small": {"type": "object", "properties": {"a": {}, "b": {}}},
        "Outer": {
            "type": "object",
            "properties": {"inner": {"type": "object", "properties": {"x": {}, "y": {}, "z": {}}}},
        },
    }
    assert measured(schemas)["maxFieldsPerType"] == (3, "#/components/schemas/Outer/properties/inner")
    inline = {"type": "object", "properties": {"p%d" % i: {} for i in range(4)}}
    assert measured(schemas, paths={"/a": op_returning(inline)})["maxFieldsPerType"] == (
        4,
        "#/paths/~1a/get/responses/200/content/application~1json/schema",
    )


def test_fields_per_type_does_not_follow_refs_and_walks_every_keyword():
    schemas = {
        "Wide": {"properties": {"a": {}, "b": {}, "c": {}}},
        "Refs": {
            "allOf": [ref("Wide")],
            "items": {"properties": {"q": {}}},
            "additionalProperties": {"properties": {"r": {}, "s": {}}},
            "anyOf": [{"properties": {"t": {}}}],
            "oneOf": [{"properties": {"u": {}}}],
        },
    }
    assert measured(schemas)["maxFieldsPerType"] == (3, "#/components/schemas/Wide")
    del schemas["Wide"]["properties"]["c"], schemas["Wide"]["properties"]["b"]
    assert measured(schemas)["maxFieldsPerType"] == (2, "#/components/schemas/Refs/additionalProperties")


@pytest.mark.parametrize(
    "keyword, wrap",
    [
        ("properties", lambda s: {"properties": {"p": s}}),
        ("items", lambda s: {"items": s}),
        ("items list", lambda s: {"items": [{}, s]}),
        ("additionalProperties", lambda s: {"additionalProperties": s}),
        ("allOf", lambda s: {"allOf": [s]}),
        ("anyOf", lambda s: {"anyOf": [s]}),
        ("oneOf", lambda s: {"oneOf": [s]}),
    ],
)
def test_each_nesting_keyword_adds_one_level(keyword, wrap):
    assert measured({"S": wrap(wrap({"type": "string"}))})["maxNestingDepth"][0] == 3, keyword


def test_other_keywords_do_not_nest():
    schema = {"not": {"items": {"items": {}}}, "patternProperties": {"x": {"items": {}}}}
    assert measured({"S": schema})["maxNestingDepth"] == (1, "#/components/schemas/S")


def test_not_subschemas_count_as_nodes_and_fields_but_add_no_depth():
    schemas = {
        "S": {
            "properties": {"a": {}},
            "not": {"properties": {"b": {}, "c": {}, "d": {}}, "not": {"items": {"type": "string"}}},
        }
    }
    result = measured(schemas)
    # S, a, not, b, c, d, not/not, not/not/items
    assert result["maxTotalSchemaNodes"] == (8, "#/components/schemas")
    assert result["maxFieldsPerType"] == (3, "#/components/schemas/S/not")
    assert result["maxNestingDepth"][0] == 2  # S -> a; nothing through `not`
    inline = {"type": "object", "not": {"properties": {"p%d" % i: {} for i in range(5)}}}
    assert measured(paths={"/a": op_returning(inline)})["maxFieldsPerType"] == (
        5,
        "#/paths/~1a/get/responses/200/content/application~1json/schema/not",
    )


def test_nesting_depth_follows_refs_one_level_each():
    schemas = {"Pet": {"type": "object", "properties": {"tag": ref("Tag")}}, "Tag": {"type": "string"}}
    assert measured(schemas)["maxNestingDepth"] == (3, "#/components/schemas/Pet")  # Pet, {$ref}, Tag
    paths = {"/pets": op_returning({"type": "array", "items": ref("Pet")})}
    assert measured(schemas, paths)["maxNestingDepth"] == (
        5,
        "#/paths/~1pets/get/responses/200/content/application~1json/schema",
    )


def test_a_cycle_ends_the_chain():
    schemas = {"Node": {"type": "object", "properties": {"children": {"type": "array", "items": ref("Node")}}}}
    assert measured(schemas)["maxNestingDepth"] == (3, "#/components/schemas/Node")
    assert measured(schemas, {"/n": op_returning(ref("Node"))})["maxNestingDepth"][0] == 4
    mutual = {"A": {"properties": {"b": ref("B")}}, "B": {"properties": {"a": ref("A")}}}
    assert measured(mutual)["maxNestingDepth"][0] == 4  # A, {$ref B}, B, {$ref A} (cut)
    # {$ref A}, A, {$ref B}, B, {$ref A} (cut) = 5; items, {$ref B}, B, {$ref A}, A, {$ref B} (cut) = 6
    first, second = op_returning(ref("A")), op_returning({"items": ref("B")})
    for paths in ({"/a": first, "/b": second, "/c": first}, {"/b": second, "/a": first}):
        assert measured(mutual, paths)["maxNestingDepth"] == (
            6,
            "#/paths/~1b/get/responses/200/content/application~1json/schema",
        )


def test_shared_targets_are_measured_the_same_from_every_chain():
    # C is reached from a chain that is cut (through A) and from one that is not (through D):
    # the memo must not carry a cut result into the free chain.
    schemas = {
        "A": {"properties": {"c": ref("C")}},
        "C": {"properties": {"a": ref("A"), "e": ref("E")}},
        "E": {"items": {"items": {"items": {}}}},
        "D": {"properties": {"c": ref("C")}},
    }
    # D(1) {$ref C}(2) C(3) {$ref E}(4) E(5) items(6) items(7) items(8)
    assert measured(schemas)["maxNestingDepth"] == (8, "#/components/schemas/A")
    many = {"S%d" % i: {"properties": {"a": ref("S%d" % (i + 1)), "b": ref("S%d" % (i + 1))}} for i in range(40)}
    many["S40"] = {"type": "string"}
    assert measured(many)["maxNestingDepth"][0] == 81  # 40 shared levels: linear with the memo


def test_a_ref_to_a_nested_schema_on_the_chain_ends_it():
    # A/properties/b is on the chain when its own child refers back to it
    schemas = {"A": {"properties": {"b": {"properties": {"c": {"$ref": "#/components/schemas/A/properties/b"}}}}}}
    assert measured(schemas)["maxNestingDepth"][0] == 3  # A, b, c ({$ref} back to b: cut)


WIDE = {"type": "object", "properties": {"p%d" % i: {"items": {"items": {"items": {}}}} for i in range(9)}}


@pytest.mark.parametrize(
    "where",
    [
        "an example",
        "media type examples",
        "an extension",
        "a property named schema",
        "components/examples",
        "an unknown top-level field",
    ],
)
def test_only_real_schema_positions_are_roots(where):
    schema = {"type": "object", "properties": {"schema": {"type": "object", "properties": {"only": {}}}}}
    media = {"schema": schema}
    top = {}
    if where == "an example":
        media["example"] = {"schema": WIDE}
    elif where == "media type examples":
        media["examples"] = {"e": {"value": {"schema": WIDE}}}
    elif where == "an extension":
        media["x-generator"] = {"schema": WIDE}
    elif where == "components/examples":
        top["components"] = {"schemas": {}, "examples": {"E": {"value": {"schema": WIDE}}}}
    elif where == "an unknown top-level field":
        top["templates"] = {"parameters": [{"name": "q", "in": "query", "schema": WIDE}]}
    paths = {"/a": {"get": {"responses": {"200": {"description": "x", "content": {"application/json": media}}}}}}
    result = measured(paths=paths, **top)
    assert result["maxFieldsPerType"][0] == 1, where
    assert result["maxNestingDepth"][0] == 3, where


def test_every_schema_position_of_openapi_3_is_a_root():
    def wide(n):
        return {"type": "object", "properties": {"f%d" % i: {} for i in range(n)}}

    def media(n):
        return {"application/json": {"schema": wide(n)}}

    operation = {
        "parameters": [
            {"name": "p", "in": "query", "schema": wide(2)},
            {"name": "c", "in": "query", "content": media(3)},
        ],
        "requestBody": {"content": media(4)},
        "responses": {
            "200": {
                "description": "x",
                "headers": {"H": {"schema": wide(5)}, "K": {"content": media(6)}},
                "content": {
                    "application/json": {
                        "schema": wide(1),
                        "encoding": {"part": {"headers": {"E": {"schema": wide(7)}}}},
                    }
                },
            }
        },
        "callbacks": {"cb": {"{$url}": {"post": {"requestBody": {"content": media(8)}}}}},
    }
    components = {
        "schemas": {},
        "parameters": {"P": {"name": "q", "in": "query", "schema": wide(9)}},
        "requestBodies": {"B": {"content": media(10)}},
        "responses": {"R": {"description": "x", "content": media(11)}},
        "headers": {"H": {"schema": wide(12)}},
        "callbacks": {"C": {"{$url}": {"put": {"responses": {"200": {"description": "x", "content": media(13)}}}}}},
        "pathItems": {"I": {"parameters": [{"name": "i", "in": "query", "schema": wide(14)}]}},
    }
    doc = {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "paths": {"/a": {"get": operation}},
        "webhooks": {"w": {"post": {"requestBody": {"content": media(15)}}}},
        "components": components,
    }
    document = Document(json.dumps(doc))
    found = sorted(len(schema["properties"]) for schema, _where in roots(document))
    assert found == list(range(1, 16))
    del doc["webhooks"]
    del doc["components"]["pathItems"]
    doc["openapi"] = "3.0.3"
    found = sorted(len(schema["properties"]) for schema, _where in roots(Document(json.dumps(doc))))
    assert found == list(range(1, 14))


def test_every_schema_position_of_swagger_20_is_a_root():
    def wide(n):
        return {"type": "object", "properties": {"f%d" % i: {} for i in range(n)}}

    doc = {
        "swagger": "2.0",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/a": {
                "parameters": [{"name": "b", "in": "body", "schema": wide(1)}],
                "post": {
                    "parameters": [{"name": "c", "in": "body", "schema": wide(2)}],
                    "responses": {"200": {"description": "x", "schema": wide(3)}},
                },
                "trace": {"parameters": [{"name": "t", "in": "body", "schema": wide(20)}]},
            }
        },
        "parameters": {"P": {"name": "p", "in": "body", "schema": wide(4)}},
        "responses": {"R": {"description": "x", "schema": wide(5)}},
        "definitions": {"D": wide(6)},
    }
    found = sorted(len(schema["properties"]) for schema, _where in roots(Document(json.dumps(doc))))
    assert found == [1, 2, 3, 4, 5, 6]  # trace is no Swagger 2.0 operation


def test_schema_nodes_count_components_only_and_not_through_refs():
    pet = {"name": {"type": "string"}, "tag": ref("Tag"), "ids": {"type": "array", "items": {"type": "integer"}}}
    schemas = {
        "Pet": {"type": "object", "properties": pet},
        "Tag": {"allOf": [{"type": "string"}, {"minLength": 1}]},
        "Flag": True,
    }
    # Pet 1 + name 1 + tag($ref) 1 + ids 1 + items 1 = 5; Tag 1 + 2 = 3; Flag 1
    paths = {"/p": op_returning({"type": "object", "properties": {"x": {}}})}  # not counted
    assert measured(schemas, paths)["maxTotalSchemaNodes"] == (9, "#/components/schemas")


def test_swagger_definitions_are_the_components():
    result = measured({"A": {"properties": {"b": {"pattern": "abc"}}}}, dialect="2.0")
    assert result["maxTotalSchemaNodes"] == (2, "#/definitions")
    assert result["maxFieldsPerType"] == (1, "#/definitions/A")


def test_regex_length_counts_patterns_in_examples_and_extensions_too():
    # "every pattern string in the document" (the issue's words; the collection measures the same)
    schemas = {
        "A": {
            "type": "object",
            "example": {"pattern": "abc"},
            "x-rule": {"pattern": "de"},
            "properties": {"pattern": {"type": "string"}},
        }
    }
    assert measured(schemas)["maxTotalRegexLength"] == (5, None)


def test_regex_length_sums_every_pattern_string():
    schemas = {
        "A": {"type": "string", "pattern": "^[a-z]{3}$"},  # 10
        "B": {"properties": {"pattern": {"type": "string", "pattern": "x+"}}},
    }  # 2; the property is no string
    paths = {"/a": {"get": {"parameters": [{"name": "q", "in": "query", "schema": {"pattern": "\u00e9t\u00e9"}}]}}}
    assert measured(schemas, paths)["maxTotalRegexLength"] == (15, None)  # characters, not bytes


LIMITS = {
    "maxEndpoints": 1,
    "maxFieldsPerType": 1,
    "maxNestingDepth": 1,
    "maxTotalSchemaNodes": 1,
    "maxTotalRegexLength": 1,
}


def test_first_exceeded_reports_in_order_with_value_where_and_allowance():
    values = {
        "maxEndpoints": (1, None),
        "maxFieldsPerType": (2, "#/components/schemas/W"),
        "maxNestingDepth": (9, "#/x"),
        "maxTotalSchemaNodes": (1, "#/components/schemas"),
        "maxTotalRegexLength": (1, None),
    }
    name, message = first_exceeded(values, LIMITS)
    assert name == "maxFieldsPerType"
    assert message == (
        "Plan limit maxFieldsPerType exceeded: the schema at #/components/schemas/W declares "
        "2 properties; the plan allows 1."
    )
    values["maxFieldsPerType"] = (1, None)
    values["maxNestingDepth"] = (1, None)
    assert first_exceeded(values, LIMITS) is None


def test_a_limit_of_zero_is_no_limit():
    values = {
        "maxEndpoints": (5, None),
        "maxFieldsPerType": (2, "#/w"),
        "maxNestingDepth": (9, "#/x"),
        "maxTotalSchemaNodes": (7, "#/components/schemas"),
        "maxTotalRegexLength": (40, None),
    }
    assert first_exceeded(values, dict.fromkeys(LIMITS, 0)) is None
    limits = dict(dict.fromkeys(LIMITS, 0), maxTotalRegexLength=39)
    assert first_exceeded(values, limits)[0] == "maxTotalRegexLength"


def test_published_documents_are_measurable():
    folder = shared_openapi_dir()
    if folder is None:
        pytest.skip("../shared/reference/openapi (or $EDGE_SHARED_DIR) is absent: published documents not measured")
    for name in ("core-api-v1.0.0.json", "shield-api-v1.0.0.json", "database-api-bunnyway-cli.json"):
        with open(os.path.join(folder, name), encoding="utf-8") as handle:
            document = Document(handle.read())
        endpoints = document.endpoints()
        result = measure(document, len(endpoints))
        assert result["maxEndpoints"][0] == len(endpoints) > 10, name
        assert result["maxTotalSchemaNodes"][0] > len(document.doc["components"]["schemas"]), name
        assert result["maxNestingDepth"][0] > 2 and result["maxFieldsPerType"][0] > 2, name
