"""Units for _openapi: loading, dialects, derivation and plan-limit metrics."""

from __future__ import annotations

import json
import os

import pytest

from ansible_collections.edge.platform.plugins.module_utils import _openapi
from ansible_collections.edge.platform.plugins.module_utils._openapi import DocumentError
from ansible_collections.edge.platform.plugins.module_utils._openapi import metrics as _openapi_measure
from ansible_collections.edge.platform.tests.unit.conftest import shared_openapi_dir

PETS_30 = """\
openapi: 3.0.3
info:
  title: Pets
  version: 1.10          # as written: not the number 1.1
security:
  - api_key: []
paths:
  /pets/{petId}:
    parameters:
      - {name: petId, in: path, required: true, schema: {type: string}}
      - {name: X-Trace, in: header, schema: {type: string}}
      - $ref: '#/components/parameters/Limit'
    get:
      parameters:
        - {name: X-Trace, in: header, description: overrides the path-level one}
        - {name: session, in: cookie}
      responses:
        200:
          $ref: '#/components/responses/PetList'
        default:
          description: error
          content:
            application/problem+json:
              schema: {$ref: '#/components/schemas/Problem'}
    put:
      security: []
      requestBody:
        $ref: '#/components/requestBodies/PetBody'
      responses:
        '204': {description: done}
    post:
      security:
        - bearer: []
          oauth: [write]
        - key_in_query: []
        - {}
      requestBody:
        content:
          application/xml:
            schema: {type: string}
          application/vnd.pets+json; charset=utf-8:
            schema: {$ref: '#/components/schemas/Pet'}
      responses:
        '201':
          description: created
          content:
            text/plain:
              schema: {type: string}
    x-not-an-operation: {}
    summary: not an operation either
  /health:
    head:
      security:
        - oidc: []
        - cookie_key: []
      responses: {}
components:
  parameters:
    Limit: {name: limit, in: query, schema: {type: integer}}
  requestBodies:
    PetBody:
      content:
        application/json:
          schema: {$ref: '#/components/schemas/Pet'}
  responses:
    PetList:
      description: pets
      content:
        application/json:
          schema:
            type: array
            items: {$ref: '#/components/schemas/Pet'}
  securitySchemes:
    api_key: {type: apiKey, in: header, name: X-API-Key}
    key_in_query: {type: apiKey, in: query, name: key}
    cookie_key: {type: apiKey, in: cookie, name: sid}
    bearer: {type: http, scheme: bearer, bearerFormat: JWT}
    oauth:
      type: oauth2
      flows: {clientCredentials: {tokenUrl: 'https://auth.example.com/token', scopes: {write: w}}}
    oidc: {type: openIdConnect, openIdConnectUrl: 'https://auth.example.com/.well-known/openid-configuration'}
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        id: {type: integer, format: int64}
        name: {type: string, pattern: '^[a-z]+$', example: yes}
        tag: {$ref: '#/components/schemas/Tag'}
    Tag:
      type: object
      properties:
        label: {type: string, pattern: '^\\w+$'}
        parent: {$ref: '#/components/schemas/Tag'}
    Problem:
      type: object
      properties:
        title: {type: string}
"""

API_KEY = {
    "scheme_name": "api_key",
    "scheme_type": "ApiKey",
    "location": "Header",
    "credential_name": "X-API-Key",
    "http_scheme": None,
}


def by_key(derived):
    return {"%s %s" % (e["method"], e["path"]): e for e in derived["endpoints"]}


def derive_text(text):
    return _openapi.derive(_openapi.load(text))


# ---------------------------------------------------------------------------------------------
# Reading and dialects


def test_openapi_30_yaml_dialect_title_and_raw_version():
    document = _openapi.load(PETS_30)
    assert document.dialect == _openapi.OPENAPI_30
    assert (document.title, document.version) == ("Pets", "1.10")


@pytest.mark.parametrize(
    "text, title, version",
    [
        ('{"openapi": "3.0.3", "info": {"title": 2.50, "version": 1.10}, "paths": {}}', "2.50", "1.10"),
        ('{"openapi": 3.0, "info": {"title": "t", "version": 1e3}}', "t", "1e3"),
        ('{"openapi": "3.0.3", "info": {"title": true, "version": -0}}', "true", "-0"),
        ("{openapi: 3.0.3, info: {title: t, version: 1.10}}", "t", "1.10"),  # YAML flow, not JSON
        ("i: &i {title: t, version: 2.0}\nopenapi: 3.0.3\ninfo: {<<: *i, version: 1.10}\n", "t", "1.10"),
    ],
)
def test_info_fields_keep_their_text_as_written_in_json_too(text, title, version):
    document = _openapi.load(text)
    assert (document.title, document.version) == (title, version)


@pytest.mark.parametrize(
    "text",
    [
        "swagger: 2.0\ninfo: {title: t, version: 1}\n",
        '{"swagger": 2.0, "info": {"title": "t", "version": 1}}',
        "openapi: 3.0.3\nswagger: '2.0'\ninfo: {title: t, version: 1}\n",
    ],
)
def test_swagger_20_unquoted_or_beside_an_openapi_field_is_swagger_20(text):
    assert _openapi.load(text).dialect == _openapi.SWAGGER_2


def test_endpoint_set_in_document_order_with_upper_case_methods():
    derived = derive_text(PETS_30)
    assert [(e["method"], e["path"]) for e in derived["endpoints"]] == [
        ("GET", "/pets/{petId}"),
        ("PUT", "/pets/{petId}"),
        ("POST", "/pets/{petId}"),
        ("HEAD", "/health"),
    ]


def test_parameters_merge_path_and_operation_levels_with_refs_resolved():
    endpoints = by_key(derive_text(PETS_30))
    assert endpoints["GET /pets/{petId}"]["parameters"] == {
        "Path": ["petId"],
        "Query": ["limit"],
        "Header": ["X-Trace"],
        "Cookie": ["session"],
    }
    assert endpoints["PUT /pets/{petId}"]["parameters"] == {
        "Path": ["petId"],
        "Query": ["limit"],
        "Header": ["X-Trace"],
        "Cookie": [],
    }
    assert endpoints["HEAD /health"]["parameters"] == {"Path": [], "Query": [], "Header": [], "Cookie": []}


def test_auth_schemes_global_override_none_and_every_kind():
    endpoints = by_key(derive_text(PETS_30))
    assert endpoints["GET /pets/{petId}"]["auth_schemes"] == [API_KEY]
    assert endpoints["PUT /pets/{petId}"]["auth_schemes"] == []
    assert endpoints["POST /pets/{petId}"]["auth_schemes"] == [
        {
            "scheme_name": "bearer",
            "scheme_type": "Http",
            "location": "Header",
            "credential_name": "Authorization",
            "http_scheme": "bearer",
        },
        {
            "scheme_name": "oauth",
            "scheme_type": "OAuth2",
            "location": "Header",
            "credential_name": "Authorization",
            "http_scheme": None,
        },
        {
            "scheme_name": "key_in_query",
            "scheme_type": "ApiKey",
            "location": "Query",
            "credential_name": "key",
            "http_scheme": None,
        },
    ]
    assert endpoints["HEAD /health"]["auth_schemes"] == [
        {
            "scheme_name": "oidc",
            "scheme_type": "OpenIdConnect",
            "location": "Header",
            "credential_name": "Authorization",
            "http_scheme": None,
        },
        {
            "scheme_name": "cookie_key",
            "scheme_type": "ApiKey",
            "location": "Cookie",
            "credential_name": "sid",
            "http_scheme": None,
        },
    ]


PET_RESOLVED = {
    "type": "object",
    "required": ["name"],
    "properties": {
        "id": {"type": "integer", "format": "int64"},
        "name": {"type": "string", "pattern": "^[a-z]+$", "example": "yes"},
        "tag": {
            "type": "object",
            "properties": {
                "label": {"type": "string", "pattern": "^\\w+$"},
                "parent": {"$ref": "#/components/schemas/Tag"},  # the cycle closes here
            },
        },
    },
}


def test_request_body_json_or_plus_json_with_refs_resolved():
    endpoints = by_key(derive_text(PETS_30))
    assert endpoints["PUT /pets/{petId}"]["request_body_schema"] == PET_RESOLVED
    assert endpoints["POST /pets/{petId}"]["request_body_schema"] == PET_RESOLVED
    assert endpoints["GET /pets/{petId}"]["request_body_schema"] is None


def test_response_schemas_keyed_by_status_code_json_only():
    endpoints = by_key(derive_text(PETS_30))
    assert endpoints["GET /pets/{petId}"]["response_body_schemas"] == {
        "200": {"type": "array", "items": PET_RESOLVED},
        "default": {"type": "object", "properties": {"title": {"type": "string"}}},
    }
    assert endpoints["PUT /pets/{petId}"]["response_body_schemas"] == {}
    assert endpoints["POST /pets/{petId}"]["response_body_schemas"] == {}


def test_json_with_other_key_order_derives_the_same():
    data, dummy = _openapi.parse_text(PETS_30)
    data["info"]["version"] = "1.10"
    as_json = json.dumps(data, indent=1, sort_keys=True)
    reordered, original = derive_text(as_json), derive_text(PETS_30)
    assert (reordered["title"], reordered["version"]) == (original["title"], original["version"])
    assert by_key(reordered) == by_key(original)


OPENAPI_31 = json.dumps(
    {
        "openapi": "3.1.0",
        "info": {"title": "Siblings", "version": "2"},
        "paths": {
            "/things": {
                "post": {
                    "requestBody": {
                        "content": {
                            "application/json": {
                                "schema": {
                                    "$ref": "#/components/schemas/My%20Thing",
                                    "description": "overridden in 3.1",
                                }
                            }
                        }
                    },
                    "responses": {"200": {"description": "ok"}},
                }
            }
        },
        "webhooks": {"thingCreated": {"post": {"responses": {"200": {"description": "ok"}}}}},
        "components": {
            "schemas": {
                "My Thing": {
                    "type": ["object", "null"],
                    "description": "a thing",
                    "properties": {"a~b/c": {"type": "string"}},
                }
            }
        },
    }
)


def test_openapi_31_json_applies_ref_siblings_and_percent_encoding():
    document = _openapi.load(OPENAPI_31)
    assert document.dialect == _openapi.OPENAPI_31
    derived = _openapi.derive(document)
    assert len(derived["endpoints"]) == 1, "webhooks are not endpoints"
    assert derived["endpoints"][0]["request_body_schema"] == {
        "type": ["object", "null"],
        "description": "overridden in 3.1",
        "properties": {"a~b/c": {"type": "string"}},
    }


def test_openapi_30_ignores_ref_siblings():
    text = OPENAPI_31.replace('"3.1.0"', '"3.0.1"')
    schema = derive_text(text)["endpoints"][0]["request_body_schema"]
    assert schema["description"] == "a thing"


def test_extension_values_are_raw_data_even_when_they_hold_a_ref():
    schema = {
        "type": "object",
        "x-link": {"$ref": "#/nowhere"},
        "x-list": [{"$ref": "#/components/schemas/T"}],
        "properties": {"x-named": {"$ref": "#/components/schemas/T"}},
        "unknown": {"x-deep": {"$ref": "#/nowhere"}, "plain": {"$ref": "#/components/schemas/T"}},
    }
    text = doc_with(
        {"/a": {"post": {"requestBody": {"content": {"application/json": {"schema": schema}}}}}},
        components={"schemas": {"T": {"type": "string", "x-self": {"$ref": "#/components/schemas/T"}}}},
    )
    resolved = {"type": "string", "x-self": {"$ref": "#/components/schemas/T"}}
    assert derive_text(text)["endpoints"][0]["request_body_schema"] == {
        "type": "object",
        "x-link": {"$ref": "#/nowhere"},
        "x-list": [{"$ref": "#/components/schemas/T"}],
        "properties": {"x-named": resolved},
        "unknown": {"x-deep": {"$ref": "#/nowhere"}, "plain": resolved},
    }


SWAGGER_20 = """\
swagger: "2.0"
info: {title: Legacy, version: 0.9}
produces: [application/json]
securityDefinitions:
  basic: {type: basic}
  token: {type: apiKey, in: header, name: X-Token}
  oauth: {type: oauth2, flow: implicit, authorizationUrl: 'https://a.example.com', scopes: {}}
security: [{basic: []}]
paths:
  /items:
    parameters:
      - {name: q, in: query, type: string, pattern: '[a-z]*'}
    post:
      consumes: [application/json]
      parameters:
        - {name: body, in: body, schema: {$ref: '#/definitions/Item'}}
        - {name: file, in: formData, type: file}
      security: [{token: []}, {oauth: []}]
      responses:
        201: {description: created, schema: {$ref: '#/definitions/Item'}}
  /items/{id}:
    get:
      produces: [application/xml]
      parameters: [{name: id, in: path, required: true, type: integer}]
      responses:
        200: {description: ok, schema: {$ref: '#/definitions/Item'}}
    put:
      consumes: [text/csv]
      parameters:
        - {name: id, in: path, required: true, type: integer}
        - {name: body, in: body, schema: {type: string}}
      responses:
        default: {description: error}
definitions:
  Item:
    type: object
    properties:
      name: {type: string}
"""


def test_swagger_20_body_parameter_security_definitions_and_media_types():
    document = _openapi.load(SWAGGER_20)
    assert (document.dialect, document.title, document.version) == (_openapi.SWAGGER_2, "Legacy", "0.9")
    endpoints = by_key(_openapi.derive(document))
    item = {"type": "object", "properties": {"name": {"type": "string"}}}
    post = endpoints["POST /items"]
    assert post["parameters"] == {"Path": [], "Query": ["q"], "Header": [], "Cookie": []}
    assert post["request_body_schema"] == item
    assert post["response_body_schemas"] == {"201": item}
    assert [s["scheme_type"] for s in post["auth_schemes"]] == ["ApiKey", "OAuth2"]
    get = endpoints["GET /items/{id}"]
    assert get["auth_schemes"] == [
        {
            "scheme_name": "basic",
            "scheme_type": "Http",
            "location": "Header",
            "credential_name": "Authorization",
            "http_scheme": "basic",
        }
    ]
    assert get["response_body_schemas"] == {}, "produces lists no JSON media type"
    assert endpoints["PUT /items/{id}"]["request_body_schema"] is None, "consumes lists no JSON media type"


def test_yaml_12_core_schema_keeps_strings_and_keys_as_written():
    data, dummy = _openapi.parse_text("a: yes\nb: 2024-01-02\nc: 012\nd: 0x1F\ne: 1_000\n200: x\ntrue: y\nf: .inf\n")
    assert data == {
        "a": "yes",
        "b": "2024-01-02",
        "c": 12,
        "d": 31,
        "e": "1_000",
        "200": "x",
        "true": "y",
        "f": float("inf"),
    }


def test_yaml_merge_keys_are_honoured():
    data, dummy = _openapi.parse_text("base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  y: 3\n")
    assert data["other"] == {"x": 1, "y": 3}


def test_an_alias_used_twice_is_not_recursive():
    data, dummy = _openapi.parse_text("a: &a [{x: 1}]\nb: [*a, *a]\nc: {d: *a}\n")
    assert data["b"] == [[{"x": 1}], [{"x": 1}]] and data["c"]["d"] == [{"x": 1}]


def test_byte_order_mark_is_ignored():
    text = json.dumps({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {}})
    assert _openapi.load("\ufeff" + text).title == "t"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("openapi: 3.0.0\ninfo: {title: x\npaths: {}\n", "not valid YAML at line 3 column 6"),
        ("openapi: 3.0.0\npaths:\n  /a:\n    get: {}\n    get: {}\n", "found the key 'get' a second time"),
        ("openapi: 3.0.0\npaths:\n  /a:\n    get: {}\n    get: {}\n", "line 5 column 5"),
        ('{"openapi": "3.0.0",\n "paths": {]}', "not valid JSON at line 2 column 12"),
        ('{"openapi": "3.0.0", "openapi": "3.1.0"}', "found the key 'openapi' a second time"),
        ("", "the document is empty"),
        ("a: 1\n---\nb: 2\n", "expected a single document"),
        ("- just\n- a list\n", "its top level is a list, not a mapping"),
        ("just text", "its top level is a string"),
        ("title: not an api\n", "no top-level 'openapi' or 'swagger' field"),
        ("openapi: 3.2.0\n", "OpenAPI version '3.2.0' is not supported"),
        ("openapi: 2.0\n", "OpenAPI version '2.0' is not supported"),
        ('{"openapi": 3.10}', "OpenAPI version '3.10' is not supported"),
        ("swagger: '1.2'\n", "Swagger version '1.2' is not supported"),
        (
            "swagger: 2\n",
            "Swagger version '2' is not supported: the 'swagger' field must be \"2.0\"; API Guardian "
            "reads Swagger 2.0, OpenAPI 3.0.x and OpenAPI 3.1.x",
        ),
        ('{"swagger": 2}', "Swagger version '2' is not supported"),
        ('{"swagger": 2.00}', "Swagger version '2.00' is not supported"),
        (
            "openapi: 3.0.3\nswagger: '3.0'\n",
            "Swagger version '3.0' is not supported: the 'swagger' field must be \"2.0\" (with both fields, the 'swagger' "
            "field decides",
        ),
        ("openapi: 3.0.0\npaths: [a]\n", "/paths must be a mapping"),
        ("? [a, b]\n: c\n", "mapping key that is not a plain value"),
        (
            "openapi: 3.0.0\nx-loop: &a [1, {b: *a}]\n",
            "a recursive YAML alias at line 2 column 9: an anchor is used inside its own value",
        ),
        ("{openapi: 3.0.0, x-loop: &a [*a]}", "a recursive YAML alias at line 1 column 26"),
    ],
)
def test_unreadable_or_unsupported_documents_say_why(text, expected):
    with pytest.raises(DocumentError) as caught:
        _openapi.load(text)
    assert expected in str(caught.value)


@pytest.mark.parametrize(
    "paths, expected",
    [
        ({"/a": {"get": {"requestBody": {"$ref": "other.yaml#/Body"}}}}, "points outside the document"),
        ({"/a": {"get": {"requestBody": {"$ref": "#/components/requestBodies/Gone"}}}}, "points to nothing"),
        ({"/a": {"get": {"requestBody": {"$ref": "#components"}}}}, "is not a JSON pointer"),
        ({"/a": {"get": {"parameters": [{"$ref": "#/x"}]}}, "x": {"$ref": "#/x"}}, "refers to itself"),
        ({"/a": ["not", "a", "path item"]}, "the path item /paths/~1a must be a mapping"),
        ({"/a": {"get": None}}, "the operation /paths/~1a/get must be a mapping, not empty"),
    ],
)
def test_broken_references_and_shapes_fail_with_where(paths, expected):
    doc = {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": paths}
    if "x" in paths:
        doc["x"] = paths.pop("x")
    with pytest.raises(DocumentError) as caught:
        derive_text(json.dumps(doc))
    assert expected in str(caught.value)


def doc_with(paths, **extra):
    doc = {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": paths}
    doc.update(extra)
    return json.dumps(doc)


SCHEMES = {
    "components": {
        "securitySchemes": {
            "noname": {"type": "apiKey", "in": "header"},
            "inpath": {"type": "apiKey", "in": "path", "name": "k"},
            "noscheme": {"type": "http"},
            "mtls": {"type": "mutualTLS"},
            "odd": {"type": "magic"},
        }
    }
}


@pytest.mark.parametrize(
    "operation, expected",
    [
        ({"security": [{"gone": []}]}, "names the security scheme 'gone', which /components/securitySchemes does not"),
        ({"security": [{"noname": []}]}, "of type apiKey needs 'in' (header, query or cookie) and 'name'"),
        ({"security": [{"inpath": []}]}, "of type apiKey needs 'in'"),
        ({"security": [{"noscheme": []}]}, "of type http needs 'scheme'"),
        ({"security": [{"mtls": []}]}, "has the type 'mutualTLS', which OpenAPI 3.0 does not define"),
        ({"security": [{"odd": []}]}, "has the type 'magic'"),
        ({"security": {"odd": []}}, "/paths/~1a/get/security must be a list of security requirement mappings"),
        ({"parameters": [{"name": "x"}]}, "the parameter /paths/~1a/get/parameters/0 needs a 'name' and an 'in'"),
        (
            {"parameters": [{"name": "x", "in": "body"}]},
            "has 'in: body'; OpenAPI 3.0 allows path, query, header, cookie",
        ),
        ({"parameters": {"name": "x"}}, "/paths/~1a/get/parameters must be a list"),
        ({"responses": ["200"]}, "/paths/~1a/get/responses must be a mapping"),
    ],
)
def test_invalid_operations_fail_with_where(operation, expected):
    with pytest.raises(DocumentError) as caught:
        derive_text(doc_with({"/a": {"get": operation}}, **SCHEMES))
    assert expected in str(caught.value)


@pytest.mark.parametrize(
    "info, expected",
    [
        (None, "/info is required"),
        ({"version": "1"}, "/info/title is required"),
        ({"title": "t", "version": {"a": 1}}, "/info/version is required and must be text"),
    ],
)
def test_info_title_and_version_are_required(info, expected):
    doc = {"openapi": "3.0.0", "paths": {}}
    if info is not None:
        doc["info"] = info
    with pytest.raises(DocumentError) as caught:
        _openapi.load(json.dumps(doc))
    assert expected in str(caught.value)


def test_mutual_tls_has_no_credential_and_null_security_falls_back():
    text = json.dumps(
        {
            "openapi": "3.1.0",
            "info": {"title": "t", "version": "1"},
            "security": [{"mtls": []}],
            "paths": {"/a": {"get": {"security": None}, "put": {"security": [{"mtls": [], "key": []}]}}},
            "components": {
                "securitySchemes": {
                    "mtls": {"type": "mutualTLS"},
                    "key": {"type": "apiKey", "in": "query", "name": "k"},
                }
            },
        }
    )
    endpoints = by_key(derive_text(text))
    assert endpoints["GET /a"]["auth_schemes"] == []
    assert [s["scheme_name"] for s in endpoints["PUT /a"]["auth_schemes"]] == ["key"]


def test_application_json_is_preferred_and_read_even_without_a_schema():
    content = {
        "application/vnd.a+json": {"schema": {"type": "string"}},
        "application/json": {"schema": {"type": "integer"}},
    }
    only_plain = {"application/json": {}, "application/vnd.a+json": {"schema": {"type": "string"}}}
    post = {"requestBody": {"content": content}, "responses": {"200": {"description": "", "content": content}}}
    put = {"requestBody": {"content": only_plain}, "responses": {"200": {"description": "", "content": only_plain}}}
    endpoints = by_key(derive_text(doc_with({"/a": {"post": post, "put": put}})))
    assert endpoints["POST /a"]["request_body_schema"] == {"type": "integer"}
    assert endpoints["POST /a"]["response_body_schemas"] == {"200": {"type": "integer"}}
    assert endpoints["PUT /a"]["request_body_schema"] is None
    assert endpoints["PUT /a"]["response_body_schemas"] == {}


def test_swagger_20_has_no_trace_and_an_empty_consumes_list_is_not_json():
    bodies = [
        {"name": "b", "in": "body", "schema": {"type": "string"}},
        {"name": "c", "in": "body", "schema": {"type": "integer"}},
    ]
    text = json.dumps(
        {
            "swagger": "2.0",
            "info": {"title": "t", "version": "1"},
            "consumes": ["application/json"],
            "paths": {
                "/a": {
                    "trace": {"responses": {}},
                    "post": {"consumes": [], "responses": {}, "parameters": bodies},
                    "put": {"responses": {}, "parameters": bodies},
                }
            },
        }
    )
    endpoints = derive_text(text)["endpoints"]
    assert [e["method"] for e in endpoints] == ["POST", "PUT"]
    assert endpoints[0]["request_body_schema"] is None
    assert endpoints[1]["request_body_schema"] == {"type": "string"}, "the first body parameter counts"


def test_swagger_20_operation_body_parameter_overrides_the_path_level_one():
    def body(name, schema=None):
        return dict({"name": name, "in": "body"}, **({"schema": schema} if schema else {}))

    text = json.dumps(
        {
            "swagger": "2.0",
            "info": {"title": "t", "version": "1"},
            "paths": {
                "/same": {
                    "parameters": [body("b", {"type": "string"}), {"name": "q", "in": "query", "type": "string"}],
                    "post": {"parameters": [body("b", {"type": "integer"})], "responses": {}},
                    "put": {"responses": {}},
                },
                "/first-has-no-schema": {
                    "parameters": [body("a")],
                    "post": {"parameters": [body("b", {"type": "integer"})], "responses": {}},
                },
            },
        }
    )
    endpoints = by_key(derive_text(text))
    assert endpoints["POST /same"]["request_body_schema"] == {"type": "integer"}
    assert endpoints["POST /same"]["parameters"]["Query"] == ["q"]
    assert endpoints["PUT /same"]["request_body_schema"] == {"type": "string"}
    assert endpoints["POST /first-has-no-schema"]["request_body_schema"] is None, "the first body decides"


def test_path_item_ref_is_followed():
    doc = {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "paths": {"/a": {"$ref": "#/components/pathItems/A"}},
        "components": {"pathItems": {"A": {"get": {"responses": {}}}}},
    }
    assert [e["method"] for e in derive_text(json.dumps(doc))["endpoints"]] == ["GET"]


# ---------------------------------------------------------------------------------------------
# Plan-limit metrics


def test_metrics_of_a_hand_counted_document():
    metrics = _openapi.measure(_openapi.load(PETS_30))
    assert metrics["endpoints"] == {"value": 4, "where": "/paths (4 operations)"}
    assert metrics["fields_per_type"] == {"value": 3, "where": "/components/schemas/Pet"}
    # /paths/.../200 -> PetList response schema (1) -> items (2) -> $ref Pet (3) -> tag (4) -> $ref Tag (5)
    # -> label (6); Tag/parent -> $ref Tag closes a cycle and ends its chain.
    assert metrics["nesting_depth"] == {
        "value": 6,
        "where": "from /components/responses/PetList/content/application~1json/schema "
        "to /components/schemas/Tag/properties/label",
    }
    # Pet: itself, id, name, tag ($ref, not followed) = 4; Tag: itself, label, parent = 3; Problem: 2
    assert metrics["total_schema_nodes"] == {
        "value": 9,
        "where": "/components/schemas (largest entry /components/schemas/Pet with 4)",
    }
    assert metrics["total_regex_length"] == {
        "value": len("^[a-z]+$") + len("^\\w+$"),
        "where": "2 patterns, the longest (8 characters) at /components/schemas/Pet/properties/name/pattern",
    }


def test_nesting_counts_every_listed_keyword_and_skips_not():
    schema = {
        "allOf": [
            {
                "anyOf": [
                    {
                        "oneOf": [
                            {
                                "additionalProperties": {
                                    "items": {"properties": {"leaf": {"not": {"properties": {"deeper": {}}}}}}
                                }
                            }
                        ]
                    }
                ]
            }
        ]
    }
    doc = {
        "openapi": "3.0.0",
        "info": {"title": "t", "version": "1"},
        "paths": {},
        "components": {"schemas": {"Deep": schema}},
    }
    metrics = _openapi.measure(_openapi.load(json.dumps(doc)))
    assert metrics["nesting_depth"]["value"] == 7
    assert metrics["nesting_depth"]["where"].endswith("/properties/leaf")
    assert metrics["total_schema_nodes"]["value"] == 9, "`not` and its nested schemas are schema nodes"


def test_keywords_written_in_the_wrong_shape_hold_no_schemas():
    odd = {
        "properties": {"id": {}},
        "allOf": {"properties": {"a": {}, "b": {}, "c": {}}},
        "anyOf": {"items": {"items": {}}},
        "oneOf": {"$ref": "#/components/schemas/Deep"},
        "not": [{"properties": {"a": {}, "b": {}, "c": {}}}],
        "additionalProperties": [{"items": {}}],
    }
    doc = {
        "openapi": "3.0.0",
        "info": {"title": "t", "version": "1"},
        "paths": {},
        "components": {"schemas": {"Odd": odd, "Deep": {"items": {"items": {}}}}},
    }
    metrics = _openapi.measure(_openapi.load(json.dumps(doc)))
    assert metrics["fields_per_type"]["value"] == 1
    assert metrics["nesting_depth"] == {
        "value": 3,
        "where": "from /components/schemas/Deep to /components/schemas/Deep/items/items",
    }
    assert metrics["total_schema_nodes"]["value"] == 2 + 3


def test_a_component_schema_that_is_not_a_mapping_counts_one_node():
    text = json.dumps(
        {
            "openapi": "3.1.0",
            "info": {"title": "t", "version": "1"},
            "components": {"schemas": {"Anything": True, "Obj": {"properties": {"a": {}}}}},
        }
    )
    assert _openapi.measure(_openapi.load(text))["total_schema_nodes"]["value"] == 3


def test_swagger_20_metrics_use_definitions_and_parameter_patterns():
    metrics = _openapi.measure(_openapi.load(SWAGGER_20))
    assert metrics["endpoints"]["value"] == 3
    assert metrics["total_schema_nodes"]["where"].startswith("/definitions")
    assert metrics["total_schema_nodes"]["value"] == 2
    assert metrics["total_regex_length"]["value"] == len("[a-z]*")
    assert metrics["total_regex_length"]["where"].endswith("at /paths/~1items/parameters/0/pattern")


def test_examples_and_property_names_are_not_schema_locations():
    doc = {
        "openapi": "3.0.0",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/a": {
                "get": {
                    "responses": {
                        "200": {
                            "description": "ok",
                            "content": {
                                "application/json": {
                                    "schema": {
                                        "type": "object",
                                        "properties": {
                                            "schema": {
                                                "type": "object",
                                                "properties": {"x": {"type": "string"}, "y": {"type": "string"}},
                                            }
                                        },
                                    },
                                    "example": {"schema": {"properties": {"a": 1, "b": 2, "c": 3, "d": 4}}},
                                }
                            },
                        }
                    }
                }
            }
        },
    }
    metrics = _openapi.measure(_openapi.load(json.dumps(doc)))
    assert metrics["fields_per_type"]["value"] == 2
    assert metrics["nesting_depth"]["value"] == 3


@pytest.mark.parametrize(
    "doc",
    [
        {
            "swagger": "2.0",
            "tooling": {"schema": {"properties": {"a": {}, "b": {}, "c": {}}}},
            "paths": {
                "/a": {
                    "trace": {
                        "parameters": [
                            {"name": "b", "in": "body", "schema": {"properties": {"a": {}, "b": {}, "c": {}}}}
                        ]
                    },
                    "get": {
                        "oddity": {"schema": {"properties": {"a": {}, "b": {}, "c": {}}}},
                        "responses": {
                            "200": {
                                "description": "ok",
                                "headers": {"X": {"type": "string", "schema": {"properties": {"a": {}, "b": {}}}}},
                                "schema": {"properties": {"only": {"items": {}}}},
                            }
                        },
                    },
                }
            },
        },
        {
            "openapi": "3.1.0",
            "tooling": {"schema": {"properties": {"a": {}, "b": {}, "c": {}}}},
            "paths": {
                "/b": {
                    "$ref": "#/components/pathItems/B",
                    "get": {
                        "responses": {
                            "200": {
                                "description": "ok",
                                "content": {"application/json": {"schema": {"properties": {"a": {}, "b": {}}}}},
                            }
                        }
                    },
                }
            },
            "components": {
                "pathItems": {
                    "B": {
                        "get": {
                            "responses": {
                                "200": {
                                    "description": "ok",
                                    "links": {"next": {"schema": {"properties": {"a": {}, "b": {}}}}},
                                    "content": {
                                        "application/json": {"schema": {"properties": {"only": {"items": {}}}}}
                                    },
                                }
                            }
                        }
                    }
                }
            },
        },
    ],
)
def test_schema_fields_outside_schema_positions_are_not_roots(doc):
    doc["info"] = {"title": "t", "version": "1"}
    metrics = _openapi.measure(_openapi.load(json.dumps(doc)))
    assert (metrics["fields_per_type"]["value"], metrics["nesting_depth"]["value"]) == (1, 3)
    assert metrics["fields_per_type"]["where"].endswith(
        "/responses/200%s/schema" % ("" if "swagger" in doc else "/content/application~1json")
    )


def test_nesting_search_stops_past_the_limit():
    # a dense cycle: every schema refers to every other one
    names = ["S%d" % i for i in range(12)]
    schemas = {
        n: {"type": "object", "properties": {m: {"$ref": "#/components/schemas/" + m} for m in names}} for n in names
    }
    doc = _openapi.load(
        json.dumps(
            {
                "openapi": "3.0.0",
                "info": {"title": "t", "version": "1"},
                "paths": {},
                "components": {"schemas": schemas},
            }
        )
    )
    metrics = _openapi.measure(doc, {"maxNestingDepth": 10})
    assert metrics["nesting_depth"]["value"] == 11
    assert "at least this deep" in metrics["nesting_depth"]["where"]
    problems = _openapi.exceeded_limits(metrics, {"maxNestingDepth": 10})
    assert problems == ["maxNestingDepth is 10 but the document measures 11 (%s)" % metrics["nesting_depth"]["where"]]


def test_nesting_search_budget_reports_a_lower_bound(monkeypatch):
    monkeypatch.setattr(_openapi_measure, "DEPTH_BUDGET", 50)
    names = ["S%d" % i for i in range(8)]
    schemas = {n: {"properties": {m: {"$ref": "#/components/schemas/" + m} for m in names}} for n in names}
    doc = _openapi.load(
        json.dumps(
            {
                "openapi": "3.0.0",
                "info": {"title": "t", "version": "1"},
                "paths": {},
                "components": {"schemas": schemas},
            }
        )
    )
    metrics = _openapi.measure(doc)
    assert metrics["nesting_depth"]["value"] >= 2
    assert "at least this deep" in metrics["nesting_depth"]["where"]


def test_exceeded_limits_names_each_limit_and_skips_unreported_ones():
    metrics = _openapi.measure(_openapi.load(PETS_30))
    limits = {
        "maxEndpoints": 3,
        "maxFieldsPerType": 3,
        "maxNestingDepth": None,
        "maxTotalSchemaNodes": 0,
        "maxTotalRegexLength": 5,
    }
    assert _openapi.exceeded_limits(metrics, limits) == [
        "maxEndpoints is 3 but the document measures 4 (/paths (4 operations))",
        "maxTotalRegexLength is 5 but the document measures 13 (2 patterns, the longest (8 characters) at "
        "/components/schemas/Pet/properties/name/pattern)",
    ]


# ---------------------------------------------------------------------------------------------
# The platform's renderings


def test_render_and_parse_rendered_round_trip_without_anchors():
    schema = derive_text(PETS_30)["endpoints"][0]["response_body_schemas"]["200"]
    text = _openapi.render(schema)
    assert "&" not in text and "*id" not in text
    assert _openapi.parse_rendered(text) == schema
    assert _openapi.parse_rendered(None) is None
    assert _openapi.render(None) is None
    assert _openapi.parse_rendered("a: [") == "a: ["


# ---------------------------------------------------------------------------------------------
# The platform's own published documents and a large generated one


@pytest.mark.parametrize(
    "name, dialect, title",
    [
        ("shield-api-v1.0.0.json", _openapi.OPENAPI_30, "Bunny Shield API"),
        ("core-api-v1.0.0.json", _openapi.OPENAPI_30, "bunny.net API"),
        ("database-api-bunnyway-cli.json", _openapi.OPENAPI_31, "Bunny Database Backend API"),
    ],
)
def test_published_platform_documents(name, dialect, title):
    directory = shared_openapi_dir()
    path = os.path.join(directory, name) if directory else None
    if not path or not os.path.exists(path):
        pytest.skip(
            "the published OpenAPI document %s is not available (shared/reference/openapi in no "
            "directory above the tests, and EDGE_SHARED_DIR unset)" % name
        )
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    raw = json.loads(text)
    document = _openapi.load(text)
    assert (document.dialect, document.title) == (dialect, title)
    derived = _openapi.derive(document)
    operations = [(m.upper(), p) for p, item in raw["paths"].items() for m in item if m in _openapi.HTTP_METHODS]
    assert [(e["method"], e["path"]) for e in derived["endpoints"]] == operations
    metrics = _openapi.measure(document)
    assert metrics["endpoints"]["value"] == len(operations)
    assert metrics["nesting_depth"]["value"] >= 2
    for endpoint in derived["endpoints"]:
        for schema in [endpoint["request_body_schema"]] + list(endpoint["response_body_schemas"].values()):
            if schema is not None:
                assert _openapi.parse_rendered(_openapi.render(schema)) == schema
    if name.startswith("shield"):
        upload = by_key(derived)["POST /shield/shield-zone/{shieldZoneId}/api-guardian/spec"]
        assert upload["parameters"]["Path"] == ["shieldZoneId"]
        assert upload["request_body_schema"] == raw["components"]["schemas"]["UpsertOpenApiSpecificationRequest"]
        assert upload["auth_schemes"] == [], "the shield document declares AccessKey but requires it nowhere"
        assert sorted(upload["response_body_schemas"]) == ["200", "401", "403", "404"]


def generated_document(operations):
    """A document with ``operations`` operations sharing a few component schemas."""
    paths = {}
    for index in range(operations // 4):
        paths["/resources%d/{id}" % index] = {
            "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
            "get": {
                "parameters": [{"name": "expand", "in": "query", "schema": {"type": "string"}}],
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Resource"}}},
                    },
                    "404": {"$ref": "#/components/responses/NotFound"},
                },
            },
            "put": {
                "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Resource"}}}},
                "responses": {"204": {"description": "ok"}},
            },
            "delete": {"responses": {"204": {"description": "ok"}}},
            "patch": {
                "security": [],
                "requestBody": {
                    "content": {
                        "application/merge-patch+json": {
                            "schema": {
                                "type": "object",
                                "properties": {
                                    "name": {"type": "string", "pattern": "^[a-z]{1,%d}$" % (index % 50 + 1)}
                                },
                            }
                        }
                    }
                },
                "responses": {"200": {"description": "ok"}},
            },
        }
    return {
        "openapi": "3.0.3",
        "info": {"title": "Generated", "version": "1.0.0"},
        "security": [{"key": []}],
        "paths": paths,
        "components": {
            "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-Key"}},
            "responses": {
                "NotFound": {
                    "description": "missing",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                }
            },
            "schemas": {
                "Error": {"type": "object", "properties": {"message": {"type": "string"}}},
                "Resource": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "string"},
                        "tags": {"type": "array", "items": {"$ref": "#/components/schemas/Tag"}},
                        "children": {"type": "array", "items": {"$ref": "#/components/schemas/Resource"}},
                    },
                },
                "Tag": {"type": "object", "properties": {"name": {"type": "string"}}},
            },
        },
    }


def test_generated_2000_operation_document():
    text = json.dumps(generated_document(2000), indent=2)
    document = _openapi.load(text)
    derived = _openapi.derive(document)
    assert len(derived["endpoints"]) == 2000
    last = derived["endpoints"][-1]
    assert (last["method"], last["path"]) == ("PATCH", "/resources499/{id}")
    assert last["auth_schemes"] == []
    get = derived["endpoints"][0]
    assert get["auth_schemes"][0]["credential_name"] == "X-Key"
    assert get["response_body_schemas"]["404"] == {"type": "object", "properties": {"message": {"type": "string"}}}
    metrics = _openapi.measure(document, {"maxNestingDepth": 10})
    assert metrics["endpoints"]["value"] == 2000
    assert metrics["total_regex_length"]["value"] == sum(len("^[a-z]{1,%d}$" % (i % 50 + 1)) for i in range(500))
    # response schema (1) -> $ref Resource (2) -> tags (3) -> items (4) -> $ref Tag (5) -> name (6)
    assert metrics["nesting_depth"]["value"] == 6
    yaml_text = _openapi.render(json.loads(text))
    assert _openapi.derive(_openapi.load(yaml_text)) == derived
