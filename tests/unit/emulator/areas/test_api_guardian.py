"""The emulator's API Guardian, over HTTP: statuses, shapes, derivation, updates, plan limits.

Every response is also checked against the published shield OpenAPI document when ../shared is
present (see ``Conformance``); ``test_responses_conform_to_the_published_document`` says so
explicitly and is skipped, with the reason, when the document is absent.
"""

from __future__ import annotations

import http.client
import json
import urllib.request
from datetime import datetime

import pytest
import yaml

from emulator.fixtures import FixtureError
from emulator.platform_state import Platform

from ...conftest import OpenApiDocument
from ...shield_reference import find_shield_document
from ..conftest import EMULATOR_DIR, load_platform

KEY = "test-key"
BASE = "/shield/shield-zone/%d/api-guardian"
LIMITS = {
    "max_endpoints": 3,
    "max_fields_per_type": 4,
    "max_nesting_depth": 4,
    "max_total_schema_nodes": 6,
    "max_total_regex_length": 10,
}
INITIAL = "openapi: 3.0.3\ninfo: {title: Seeded, version: '7'}\npaths:\n  /seed:\n    get:\n      responses: {}\n"
FIXTURE = {
    "api_keys": [KEY],
    "shield_zones": [
        {
            "id": 3001,
            "pull_zone_id": 2001,
            "plan": "advanced",
            "bot_detection": {"execution_mode": 0},
        },  # another area's key: tolerated
        {"id": 3002, "plan": "basic", "api_guardian_limits": LIMITS},
        {"id": 3003, "api_guardian_spec": INITIAL},
        {"id": 3004, "api_guardian_limits": {"max_endpoints": 2000}},
        {"id": 3005, "api_guardian_limits": dict.fromkeys(LIMITS, 0)},  # 0: no limit
    ],
}


# -- published document --------------------------------------------------------------------------
class Conformance(object):
    """Validates responses with openapi-core against the shield document.

    The published document repeats some operationIds (not in this area), so openapi-core's check of
    the document itself is turned off. Statuses the document does not declare for an operation
    (400, 409, 415) are checked against the shape it declares for the operation's other errors:
    ProblemDetails (as for 401) or the envelope (as for 404). ASP.NET serves ProblemDetails as
    application/problem+json, a JSON type the generated document lists as application/json.
    """

    DECLARED = (200, 401, 403, 404)

    def __init__(self, path):
        from openapi_core.testing import MockRequest, MockResponse  # pylint: disable=import-outside-toplevel

        self.openapi = OpenApiDocument(path).api
        self.request_class, self.response_class = MockRequest, MockResponse
        self.checked = 0

    def check(self, method, path, status, content_type, raw):
        problem = "problem+json" in content_type
        as_status = status if status in self.DECLARED else (401 if problem else 404)
        media = "application/json" if problem else content_type.split(";")[0].strip()
        request = self.request_class("https://api.bunny.net", method.lower(), path)
        self.openapi.validate_response(request, self.response_class(raw, status_code=as_status, content_type=media))
        self.checked += 1


@pytest.fixture(scope="module")
def conformance():
    path = find_shield_document()
    if path is None:
        return None
    pytest.importorskip("openapi_core", reason="openapi-core is needed to validate against the shield document")
    return Conformance(path)


# -- server -------------------------------------------------------------------------------------
class Api(object):
    def __init__(self, url, conformance_):
        self.url = url
        self.host, self.port = url.split("//")[1].split(":")
        self.conformance = conformance_

    def call(self, method, path, body=None, key=KEY, content_type="application/json", raw=None, validate=True):
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode("utf-8"))
        headers = {"Accept": "application/json"}  # as the collection asks: without it, text/plain (messages.py)
        if key is not None:
            headers["AccessKey"] = key
        if content_type is not None and data is not None:
            headers["Content-Type"] = content_type
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:  # http.client, not urllib: urllib would add a Content-Type of its own
            connection.request(method, path, body=data, headers=headers)
            answer = connection.getresponse()
            status, headers, text = answer.status, answer.headers, answer.read()
        finally:
            connection.close()
        received = headers.get("Content-Type") or ""
        assert "json" in received, "every answer of this area has a JSON body"
        if self.conformance is not None and validate:
            self.conformance.check(method, path, status, received, text)
        return status, json.loads(text)

    # shorthands
    def get(self, zone, **kwargs):
        return self.call("GET", BASE % zone, **kwargs)

    def upload(self, zone, content, **extra):
        body = {"content": content}
        body.update(extra)
        return self.call("POST", BASE % zone + "/spec", body)

    def update(self, zone, content, **extra):
        body = {"content": content}
        body.update(extra)
        return self.call("PATCH", BASE % zone + "/spec", body)


@pytest.fixture
def api(emulator, conformance):
    return Api(emulator(FIXTURE, key=KEY).url, conformance)


def ok(answer):
    status, body = answer
    assert status == 200, body
    assert body["error"] == {"statusCode": 200, "success": True, "message": body["error"]["message"], "errorKey": None}
    return body["data"]


def failed(answer, status, error_key):
    got_status, body = answer
    assert got_status == status, body
    assert body["error"]["statusCode"] == status
    assert body["error"]["success"] is False
    assert body["error"]["errorKey"] == error_key
    assert "data" not in body
    return body["error"]["message"]


def by_route(data):
    return {"%s %s" % (e["requestMethod"], e["requestPath"]): e for e in data["endpoints"]}


def iso(value):
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def schema_of(text):
    return yaml.safe_load(text)


# -- documents ----------------------------------------------------------------------------------
PETS_30 = {
    "openapi": "3.0.3",
    "info": {"title": "Pets", "version": "1.0.0"},
    "security": [{"key": []}],
    "components": {
        "securitySchemes": {
            "key": {"type": "apiKey", "in": "header", "name": "X-Api-Key"},
            "bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"},
            "oidc": {"type": "openIdConnect", "openIdConnectUrl": "https://id.example/.well-known"},
            "session": {"type": "apiKey", "in": "cookie", "name": "sid"},
        },
        "parameters": {"Trace": {"name": "X-Trace", "in": "header", "schema": {"type": "string"}}},
        "schemas": {
            "Pet": {
                "type": "object",
                "required": ["name"],
                "properties": {
                    "name": {"type": "string", "pattern": "^[a-z]+$"},
                    "tag": {"$ref": "#/components/schemas/Tag"},
                },
            },
            "Tag": {"type": "string", "enum": ["cat", "dog"]},
            "Node": {
                "type": "object",
                "properties": {"children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}},
            },
        },
        "requestBodies": {
            "PetBody": {
                "content": {
                    "application/vnd.pets+json": {"schema": {"type": "string"}},
                    "application/json": {"schema": {"$ref": "#/components/schemas/Pet"}},
                }
            }
        },
        "responses": {
            "Problem": {
                "description": "error",
                "content": {
                    "application/problem+json": {
                        "schema": {"type": "object", "properties": {"title": {"type": "string"}}}
                    }
                },
            }
        },
    },
    "paths": {
        "/pets/{petId}": {
            "parameters": [
                {"name": "petId", "in": "path", "required": True, "schema": {"type": "string"}},
                {"$ref": "#/components/parameters/Trace"},
                {"name": "verbose", "in": "query", "schema": {"type": "boolean"}},
            ],
            "get": {
                "parameters": [
                    {"name": "petId", "in": "path", "required": True, "schema": {"type": "integer"}},
                    {"name": "lang", "in": "cookie", "schema": {"type": "string"}},
                ],
                "security": [{"bearer": []}, {"oidc": ["read"], "bearer": []}],
                "responses": {
                    "200": {
                        "description": "a pet",
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/Pet", "description": "ignored"}
                            }
                        },
                    },
                    "default": {"$ref": "#/components/responses/Problem"},
                    "404": {"description": "none"},
                },
            },
            "put": {
                "security": [],
                "requestBody": {"$ref": "#/components/requestBodies/PetBody"},
                "responses": {"204": {"description": "stored"}},
            },
        },
        "/tree": {
            "post": {
                "security": [{"session": []}],
                "requestBody": {"content": {"text/plain": {"schema": {"type": "string"}}}},
                "responses": {
                    "200": {
                        "description": "tree",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}},
                    }
                },
            },
        },
    },
}

SWAGGER_20 = """\
swagger: 2.0
info:
  title: Store
  version: 2
securityDefinitions:
  basicAuth: {type: basic}
  token: {type: apiKey, in: query, name: token}
  oauth: {type: oauth2, flow: implicit, authorizationUrl: 'https://auth.example/a', scopes: {write: w}}
security:
  - token: []
definitions:
  Order:
    type: object
    properties:
      id: {type: integer}
      lines: {type: array, items: {$ref: '#/definitions/Line'}}
  Line:
    type: object
    properties:
      sku: {type: string}
parameters:
  Limit: {name: limit, in: query, type: integer}
paths:
  /orders:
    get:
      parameters:
        - $ref: '#/parameters/Limit'
        - {name: X-Trace, in: header, type: string}
      responses:
        200:
          description: orders
          schema: {type: array, items: {$ref: '#/definitions/Order'}}
        default: {description: error}
    post:
      security: [{basicAuth: []}, {oauth: [write]}]
      consumes: [application/json]
      parameters:
        - {name: body, in: body, required: true, schema: {$ref: '#/definitions/Order'}}
        - {name: form, in: formData, type: string}
      responses:
        201: {description: created, schema: {$ref: '#/definitions/Order'}}
  /orders/{id}:
    parameters:
      - {name: id, in: path, required: true, type: string}
    put:
      consumes: [application/xml]
      produces: [application/xml]
      parameters:
        - {name: body, in: body, schema: {$ref: '#/definitions/Order'}}
        - {name: id, in: path, required: true, type: integer}
      responses:
        200: {description: ok, schema: {$ref: '#/definitions/Order'}}
    delete:
      security: []
      responses:
        204: {description: gone}
"""

OPENAPI_31 = """\
openapi: 3.1.0
info: {title: Hooks, version: '2024-05-01'}
security:
  - {}
  - mtls: []
components:
  securitySchemes:
    mtls: {type: mutualTLS}
    basic: {type: http, scheme: Basic}
  schemas:
    Event:
      type: object
      properties:
        kind: {type: [string, 'null']}
  pathItems:
    Events:
      post:
        requestBody:
          content:
            application/cloudevents+json:
              schema:
                $ref: '#/components/schemas/Event'
                description: an event
        responses:
          '202': {description: accepted}
paths:
  /events:
    $ref: '#/components/pathItems/Events'
  /health:
    get:
      security: [{basic: []}]
      responses:
        '200':
          description: fine
          content:
            application/json; charset=utf-8:
              schema: {type: object, properties: {ok: {type: boolean}}}
"""


# -- reading --------------------------------------------------------------------------------------
def test_get_without_spec_answers_configuration_and_no_endpoints(api):
    data = ok(api.get(3001))
    config = data["configuration"]
    assert data["endpoints"] == []
    assert config["shieldZoneId"] == 3001
    assert config["title"] is None and config["version"] is None and config["updatedAt"] is None
    assert (
        config["maxEndpoints"],
        config["maxFieldsPerType"],
        config["maxNestingDepth"],
        config["maxTotalSchemaNodes"],
        config["maxTotalRegexLength"],
    ) == (200, 100, 10, 5000, 10000)
    assert (config["isEnabled"], config["executionMode"], config["bodyLimitAction"], config["unmatchedPathAction"]) == (
        True,
        0,
        1,
        1,
    )
    assert iso(config["createdAt"]).tzinfo is not None


def test_zone_limits_come_from_the_fixture(api):
    config = ok(api.get(3002))["configuration"]
    assert (
        config["maxEndpoints"],
        config["maxFieldsPerType"],
        config["maxNestingDepth"],
        config["maxTotalSchemaNodes"],
        config["maxTotalRegexLength"],
    ) == (3, 4, 4, 6, 10)


def test_fixture_spec_is_the_zones_initial_document(api):
    data = ok(api.get(3003))
    assert (data["configuration"]["title"], data["configuration"]["version"]) == ("Seeded", "7")
    assert list(by_route(data)) == ["GET /seed"]
    assert failed(api.upload(3003, INITIAL), 409, "api_guardian.spec_exists")


@pytest.mark.parametrize(
    "method, suffix, body",
    [
        ("GET", "", None),
        ("POST", "/spec", {"content": INITIAL}),
        ("PATCH", "/spec", {"content": INITIAL}),
        ("PATCH", "", {"isEnabled": False}),
        ("PATCH", "/endpoint/1", {"isEnabled": False}),
    ],
)
def test_unknown_zone_is_a_404_envelope(api, method, suffix, body):
    message = failed(api.call(method, BASE % 3999 + suffix, body), 404, "shield_zone.not_found")
    assert "3999" in message


@pytest.mark.parametrize("key", [None, "wrong-key"])
@pytest.mark.parametrize("method, suffix", [("GET", ""), ("POST", "/spec"), ("PATCH", "/spec")])
def test_missing_or_wrong_access_key_is_a_401_problem(api, key, method, suffix):
    body = None if method == "GET" else {"content": INITIAL}
    status, problem = api.call(method, BASE % 3001 + suffix, body, key=key)
    assert status == 401
    assert problem["status"] == 401 and problem["title"] == "Unauthorized"
    assert "error" not in problem


# -- uploading --------------------------------------------------------------------------------------
def test_post_uploads_and_answers_every_field(api):
    data = ok(api.upload(3001, json.dumps(PETS_30)))
    config = data["configuration"]
    assert (config["title"], config["version"]) == ("Pets", "1.0.0")
    assert iso(config["updatedAt"]) >= iso(config["createdAt"])
    endpoint = data["endpoints"][0]
    assert set(endpoint) == {
        "apiGuardianEndpointId",
        "shieldZoneId",
        "requestMethod",
        "requestPath",
        "validateRequestBodySchema",
        "validateResponseBodySchema",
        "validateAuthorization",
        "isEnabled",
        "authSchemes",
        "requestBodySchemaYaml",
        "responseBodySchemasYaml",
        "availableParameters",
        "injectionDetectionParameters",
        "detectParameterXss",
        "detectParameterSqli",
        "rateLimitingEnabled",
        "rateLimitingType",
        "rateLimitingRequestCount",
        "rateLimitingTimeframe",
        "createdAt",
        "updatedAt",
    }
    assert endpoint["shieldZoneId"] == 3001 and endpoint["updatedAt"] is None
    assert iso(endpoint["createdAt"]).tzinfo is not None
    assert ok(api.get(3001)) == data


def test_openapi_30_derivation(api):
    routes = by_route(ok(api.upload(3001, json.dumps(PETS_30))))
    assert list(routes) == ["GET /pets/{petId}", "PUT /pets/{petId}", "POST /tree"]
    get, put, tree = routes["GET /pets/{petId}"], routes["PUT /pets/{petId}"], routes["POST /tree"]
    # operation parameters replace path-level ones by name + location, $ref followed
    assert get["availableParameters"] == {
        "Path": ["petId"],
        "Query": ["verbose"],
        "Header": ["X-Trace"],
        "Cookie": ["lang"],
    }
    assert put["availableParameters"] == {"Path": ["petId"], "Query": ["verbose"], "Header": ["X-Trace"], "Cookie": []}
    # scheme names of all requirements, in order, once each
    assert get["authSchemes"] == [
        {
            "schemeName": "bearer",
            "schemeType": "Http",
            "location": "Header",
            "credentialName": "Authorization",
            "httpScheme": "bearer",
        },
        {
            "schemeName": "oidc",
            "schemeType": "OpenIdConnect",
            "location": "Header",
            "credentialName": "Authorization",
            "httpScheme": None,
        },
    ]
    assert get["validateAuthorization"] is True
    assert put["authSchemes"] is None and put["validateAuthorization"] is False  # security: []
    assert tree["authSchemes"] == [
        {
            "schemeName": "session",
            "schemeType": "ApiKey",
            "location": "Cookie",
            "credentialName": "sid",
            "httpScheme": None,
        }
    ]
    pet = {
        "type": "object",
        "required": ["name"],
        "properties": {
            "name": {"type": "string", "pattern": "^[a-z]+$"},
            "tag": {"type": "string", "enum": ["cat", "dog"]},
        },
    }
    # 3.0: keys beside a $ref are ignored; +json counts; a media type without schema gives nothing
    assert {code: schema_of(text) for code, text in get["responseBodySchemasYaml"].items()} == {
        "200": pet,
        "default": {"type": "object", "properties": {"title": {"type": "string"}}},
    }
    assert get["requestBodySchemaYaml"] is None
    assert schema_of(put["requestBodySchemaYaml"]) == pet  # application/json preferred over an earlier +json
    assert put["responseBodySchemasYaml"] is None
    assert tree["requestBodySchemaYaml"] is None  # text/plain is not JSON
    node = schema_of(tree["responseBodySchemasYaml"]["200"])
    assert node == {
        "type": "object",
        "properties": {"children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}},
    }  # recursion stays a reference


def test_yaml_12_scalars_keep_their_text(api):
    content = (
        "openapi: 3.0.3\ninfo: {title: on, version: 1.10}\npaths:\n  /s:\n    get:\n      parameters:\n"
        "        - {name: on, in: query, schema: {enum: [yes, no, off]}}\n      responses:\n"
        "        200:\n          description: ok\n          content:\n            application/json:\n"
        "              schema: {type: string, example: yes}\n"
    )
    data = ok(api.upload(3001, content))
    assert (data["configuration"]["title"], data["configuration"]["version"]) == ("on", "1.10")
    endpoint = data["endpoints"][0]
    assert endpoint["availableParameters"]["Query"] == ["on"]
    assert schema_of(endpoint["responseBodySchemasYaml"]["200"]) == {"type": "string", "example": "yes"}


def test_yaml_is_rendered_deterministically(api):
    text = ok(api.upload(3001, json.dumps(PETS_30)))["endpoints"][1]["requestBodySchemaYaml"]
    assert text == yaml.safe_dump(schema_of(text), sort_keys=False, default_flow_style=False, allow_unicode=True)
    assert text.startswith("type: object\nrequired:\n- name\nproperties:\n")


def test_swagger_20_derivation(api):
    data = ok(api.upload(3001, SWAGGER_20))
    assert (data["configuration"]["title"], data["configuration"]["version"]) == ("Store", "2")
    routes = by_route(data)
    assert list(routes) == ["GET /orders", "POST /orders", "PUT /orders/{id}", "DELETE /orders/{id}"]
    line = {"type": "object", "properties": {"sku": {"type": "string"}}}
    order = {"type": "object", "properties": {"id": {"type": "integer"}, "lines": {"type": "array", "items": line}}}
    get = routes["GET /orders"]
    assert get["availableParameters"] == {"Path": [], "Query": ["limit"], "Header": ["X-Trace"], "Cookie": []}
    assert get["authSchemes"] == [
        {
            "schemeName": "token",
            "schemeType": "ApiKey",
            "location": "Query",
            "credentialName": "token",
            "httpScheme": None,
        }
    ]
    assert {k: schema_of(v) for k, v in get["responseBodySchemasYaml"].items()} == {
        "200": {"type": "array", "items": order}
    }
    post = routes["POST /orders"]
    assert post["authSchemes"] == [
        {
            "schemeName": "basicAuth",
            "schemeType": "Http",
            "location": "Header",
            "credentialName": "Authorization",
            "httpScheme": "basic",
        },
        {
            "schemeName": "oauth",
            "schemeType": "OAuth2",
            "location": "Header",
            "credentialName": "Authorization",
            "httpScheme": None,
        },
    ]
    assert schema_of(post["requestBodySchemaYaml"]) == order
    assert post["availableParameters"] == {"Path": [], "Query": [], "Header": [], "Cookie": []}  # body, formData
    put = routes["PUT /orders/{id}"]
    assert put["availableParameters"]["Path"] == ["id"]
    assert put["requestBodySchemaYaml"] is None and put["responseBodySchemasYaml"] is None  # XML only
    delete = routes["DELETE /orders/{id}"]
    assert delete["authSchemes"] is None and delete["validateAuthorization"] is False


def test_openapi_31_derivation(api):
    data = ok(api.upload(3001, OPENAPI_31))
    assert data["configuration"]["version"] == "2024-05-01"
    routes = by_route(data)
    assert list(routes) == ["POST /events", "GET /health"]
    events, health = routes["POST /events"], routes["GET /health"]
    # an empty requirement and mutualTLS carry no credential: no scheme
    assert events["authSchemes"] is None and events["validateAuthorization"] is False
    # 3.1: keys beside a $ref are laid over its target
    assert schema_of(events["requestBodySchemaYaml"]) == {
        "type": "object",
        "properties": {"kind": {"type": ["string", "null"]}},
        "description": "an event",
    }
    assert health["authSchemes"] == [
        {
            "schemeName": "basic",
            "schemeType": "Http",
            "location": "Header",
            "credentialName": "Authorization",
            "httpScheme": "Basic",
        }
    ]
    assert schema_of(health["responseBodySchemasYaml"]["200"]) == {
        "type": "object",
        "properties": {"ok": {"type": "boolean"}},
    }


def test_enforce_false_on_upload_disables_authorization(api):
    routes = by_route(ok(api.upload(3001, json.dumps(PETS_30), enforceAuthorizationValidation=False)))
    assert [e["validateAuthorization"] for e in routes.values()] == [False, False, False]


def test_new_endpoints_start_with_the_documented_defaults(api):
    endpoint = by_route(ok(api.upload(3001, json.dumps(PETS_30))))["POST /tree"]
    assert {
        k: endpoint[k]
        for k in (
            "validateRequestBodySchema",
            "validateResponseBodySchema",
            "isEnabled",
            "injectionDetectionParameters",
            "detectParameterXss",
            "detectParameterSqli",
            "rateLimitingEnabled",
            "rateLimitingType",
            "rateLimitingRequestCount",
            "rateLimitingTimeframe",
        )
    } == {
        "validateRequestBodySchema": True,
        "validateResponseBodySchema": False,
        "isEnabled": True,
        "injectionDetectionParameters": None,
        "detectParameterXss": False,
        "detectParameterSqli": False,
        "rateLimitingEnabled": False,
        "rateLimitingType": "IP",
        "rateLimitingRequestCount": 100,
        "rateLimitingTimeframe": 60,
    }


# -- updating ---------------------------------------------------------------------------------------
def _doc(paths, title="Shop", version="1"):
    return json.dumps(
        {
            "openapi": "3.0.0",
            "info": {"title": title, "version": version},
            "components": {"securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "K"}}},
            "security": [{"key": []}],
            "paths": paths,
        }
    )


def _op(*query, security=None):
    operation = {"parameters": [{"name": name, "in": "query"} for name in query], "responses": {}}
    if security is not None:
        operation["security"] = security
    return operation


def test_update_keeps_surviving_endpoints_and_their_settings(api):
    first = by_route(
        ok(
            api.upload(
                3001, _doc({"/a": {"get": _op("q", "r")}, "/b": {"get": _op()}, "/c": {"post": _op(security=[])}})
            )
        )
    )
    a_id = first["GET /a"]["apiGuardianEndpointId"]
    settings = {
        "isEnabled": False,
        "validateAuthorization": False,
        "rateLimitingEnabled": True,
        "rateLimitingType": "Global",
        "rateLimitingRequestCount": 5,
        "rateLimitingTimeframe": 10,
        "injectionDetectionParameters": {"Query": ["q", "r"]},
        "detectParameterSqli": True,
    }
    ok(api.call("PATCH", BASE % 3001 + "/endpoint/%d" % a_id, settings))

    second = ok(api.update(3001, _doc({"/a": {"get": _op("q")}, "/d": {"put": _op()}}, version="2")))
    routes = by_route(second)
    assert list(routes) == ["GET /a", "PUT /d"]  # /b and /c are gone
    a = routes["GET /a"]
    assert a["apiGuardianEndpointId"] == a_id and a["createdAt"] == first["GET /a"]["createdAt"]
    assert {k: a[k] for k in settings if k != "injectionDetectionParameters"} == {
        k: v for k, v in settings.items() if k != "injectionDetectionParameters"
    }
    assert a["injectionDetectionParameters"] == {"Path": [], "Query": ["q"], "Header": [], "Cookie": []}
    assert a["updatedAt"] is not None  # its parameters changed
    d = routes["PUT /d"]
    assert d["apiGuardianEndpointId"] not in (e["apiGuardianEndpointId"] for e in first.values())
    assert d["validateAuthorization"] is True and d["isEnabled"] is True  # defaults, enforce defaulting to true
    assert second["configuration"]["version"] == "2"


def test_update_with_enforce_sets_every_endpoint(api):
    doc = _doc({"/a": {"get": _op()}, "/b": {"get": _op()}, "/c": {"get": _op(security=[])}})
    ok(api.upload(3001, doc, enforceAuthorizationValidation=False))
    routes = by_route(ok(api.update(3001, doc, enforceAuthorizationValidation=True)))
    assert [e["validateAuthorization"] for e in routes.values()] == [True, True, False]  # /c has no scheme
    routes = by_route(ok(api.update(3001, doc, enforceAuthorizationValidation=None)))
    assert [e["validateAuthorization"] for e in routes.values()] == [True, True, False]  # null = omitted
    routes = by_route(ok(api.update(3001, doc, enforceAuthorizationValidation=False)))
    assert [e["validateAuthorization"] for e in routes.values()] == [False, False, False]
    routes = by_route(ok(api.update(3001, doc)))
    assert [e["validateAuthorization"] for e in routes.values()] == [False, False, False]


def test_identical_update_touches_no_endpoint(api):
    doc = _doc({"/a": {"get": _op("q")}})
    first = ok(api.upload(3001, doc))
    second = ok(api.update(3001, doc))
    assert second["endpoints"] == first["endpoints"]
    assert iso(second["configuration"]["updatedAt"]) >= iso(first["configuration"]["updatedAt"])


def test_post_when_a_spec_exists_and_patch_when_none(api):
    doc = _doc({"/a": {"get": _op()}})
    message = failed(api.update(3001, doc), 404, "api_guardian.spec_not_found")
    assert "POST" in message
    ok(api.upload(3001, doc))
    message = failed(api.upload(3001, doc), 409, "api_guardian.spec_exists")
    assert "PATCH" in message


# -- endpoint and configuration settings ------------------------------------------------------------
def test_endpoint_patch_validates_and_applies(api):
    endpoint = ok(api.upload(3001, _doc({"/a": {"get": _op("q")}})))["endpoints"][0]
    path = BASE % 3001 + "/endpoint/%d" % endpoint["apiGuardianEndpointId"]
    failed(
        api.call("PATCH", path, {"injectionDetectionParameters": {"Query": ["nope"]}}),
        400,
        "api_guardian.invalid_setting",
    )
    failed(api.call("PATCH", path, {"rateLimitingRequestCount": 0}), 400, "api_guardian.invalid_setting")
    failed(api.call("PATCH", path, {"rateLimitingTimeframe": 7}), 400, "request.invalid_body")
    failed(
        api.call("PATCH", BASE % 3001 + "/endpoint/999999", {"isEnabled": False}),
        404,
        "api_guardian.endpoint_not_found",
    )
    changed = ok(api.call("PATCH", path, {"detectParameterXss": True, "rateLimitingType": None}))
    assert changed["detectParameterXss"] is True and changed["rateLimitingType"] == "IP"
    assert changed["updatedAt"] is not None


def test_configuration_patch(api):
    config = ok(api.call("PATCH", BASE % 3001, {"executionMode": 1, "isEnabled": None}))
    assert (config["executionMode"], config["isEnabled"]) == (1, True)
    assert ok(api.get(3001))["configuration"]["executionMode"] == 1
    failed(api.call("PATCH", BASE % 3001, {"unmatchedPathAction": 5}), 400, "request.invalid_body")


# -- request bodies ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "content_type",
    [
        "application/json",
        "application/json; charset=utf-8",
        "text/json",
        "application/vnd.edge+json",
        "Application/JSON",
    ],
)
def test_json_media_types_are_accepted(api, content_type):
    ok(api.call("POST", BASE % 3001 + "/spec", {"content": INITIAL}, content_type=content_type))


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "application/xml", "text/vnd.edge+json", None]
)
def test_other_media_types_are_415(api, content_type):
    status, problem = api.call("POST", BASE % 3001 + "/spec", {"content": INITIAL}, content_type=content_type)
    assert status == 415
    assert problem["status"] == 415 and "application/json" in problem["detail"]
    assert ok(api.get(3001))["endpoints"] == []


@pytest.mark.parametrize(
    "body, name",
    [
        ({"content": INITIAL, "enforceAuthorisationValidation": True}, "enforceAuthorisationValidation"),
        ({"content": INITIAL, "title": "x"}, "title"),
    ],
)
def test_unknown_properties_are_rejected_by_name(api, body, name):
    message = failed(api.call("POST", BASE % 3001 + "/spec", body), 400, "request.unknown_property")
    assert repr(name) in message
    failed(api.call("PATCH", BASE % 3001 + "/spec", body), 400, "request.unknown_property")


def test_property_names_match_case_insensitively(api):
    data = ok(api.call("POST", BASE % 3001 + "/spec", {"Content": INITIAL, "EnforceAuthorizationValidation": False}))
    assert data["configuration"]["title"] == "Seeded"


@pytest.mark.parametrize(
    "raw, error_key",
    [
        (b"", "request.invalid_json"),
        (b"{not json", "request.invalid_json"),
        (b"[1, 2]", "request.invalid_body"),
        (b'{"content": 5}', "request.invalid_body"),
        (b'{"content": "x", "enforceAuthorizationValidation": "yes"}', "request.invalid_body"),
        (b'{"content": null}', "api_guardian.content_required"),
        (b'{"content": "  \\n"}', "api_guardian.content_required"),
        (b'{"enforceAuthorizationValidation": true}', "api_guardian.content_required"),
    ],
)
def test_bad_bodies_are_400_envelopes(api, raw, error_key):
    failed(api.call("POST", BASE % 3001 + "/spec", raw=raw), 400, error_key)


@pytest.mark.parametrize(
    "content, expected",
    [
        ("openapi: 3.0.0\ninfo: [unclosed\n", "not valid YAML at line 3 column 1"),
        ('{"openapi": "3.0.0",\n "info": {"title": "t"}', "not valid JSON: line 2 column 24"),
        ("- just\n- a list\n", "mapping"),
        ("info: {title: t, version: v}\npaths: {}\n", "no top-level 'openapi' or 'swagger'"),
        ("openapi: 3.2.0\ninfo: {title: t, version: v}\n", "Unsupported openapi version '3.2.0'"),
        ("swagger: '1.2'\ninfo: {title: t, version: v}\n", "Unsupported swagger version '1.2'"),
        ("openapi: 3.0.0\ninfo: {version: v}\n", "info.title is required"),
        ("openapi: 3.0.0\n", "info is required"),
        ("openapi: 3.0.0\ninfo: {title: t, version: v}\npaths: [/a]\n", "paths must be a mapping"),
        (
            "openapi: 3.0.0\ninfo: {title: t, version: v}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n"
            "          $ref: 'other.yaml#/R'\n",
            "only local $ref",
        ),
        (
            "openapi: 3.0.0\ninfo: {title: t, version: v}\npaths:\n  /a:\n    get:\n      parameters:\n"
            "        - $ref: '#/components/parameters/Missing'\n",
            "points to nothing",
        ),
        (
            "openapi: 3.0.0\ninfo: {title: t, version: v}\npaths:\n  /a:\n    get:\n      security: [{ghost: []}]\n",
            "security scheme 'ghost' is not defined",
        ),
        (
            "openapi: 3.0.0\ninfo: {title: t, version: v}\npaths:\n  /a:\n    get:\n      parameters:\n"
            "        - {name: b, in: body}\n",
            "it must be one of path, query, header, cookie",
        ),
        ("openapi: 3.0.0\ninfo: {title: t, version: v}\npaths:\n  /a:\n    get: 5\n", "#/paths/~1a/get"),
        (
            "openapi: 3.0.0\ninfo: {title: t, version: v}\npaths:\n  /a:\n    get: {}\n    put: {}\n    get: {}\n",
            "not valid YAML at line 7 column 5: the key 'get' appears twice in one mapping (first at line 5)",
        ),
        (
            '{"openapi": "3.0.0", "info": {"title": "t", "version": "v"},\n "paths": {}, "paths": {}}',
            "not valid JSON at line 2: the key 'paths' appears twice in one object (first at line 2)",
        ),
    ],
)
def test_invalid_documents_are_400_naming_the_problem(api, content, expected):
    message = failed(api.upload(3001, content), 400, "api_guardian.invalid_spec")
    assert expected in message
    assert ok(api.get(3001))["endpoints"] == []


# -- plan limits (zone 3002: endpoints 3, fields 4, depth 4, nodes 6, regex 10) ---------------------
def _limit_doc(paths=1, schemas=None, pattern_lengths=()):
    ops = {"/p%d" % i: {"get": {"responses": {}}} for i in range(paths)}
    if pattern_lengths:
        ops["/p0"]["get"]["parameters"] = [
            {"name": "q%d" % i, "in": "query", "schema": {"type": "string", "pattern": "x" * n}}
            for i, n in enumerate(pattern_lengths)
        ]
    return json.dumps(
        {
            "openapi": "3.0.1",
            "info": {"title": "L", "version": "1"},
            "components": {"schemas": schemas or {}},
            "paths": ops,
        }
    )


def _nested(levels):
    schema = {"type": "string"}
    for _level in range(levels - 1):
        schema = {"type": "array", "items": schema}
    return schema


LIMIT_CASES = {
    "maxEndpoints": (lambda n: _limit_doc(paths=n), 3, "defines 4 endpoints"),
    "maxFieldsPerType": (
        lambda n: _limit_doc(
            schemas={"Wide": {"type": "object", "properties": {"f%d" % i: {"type": "string"} for i in range(n)}}}
        ),
        4,
        "#/components/schemas/Wide declares 5 properties",
    ),
    "maxNestingDepth": (
        lambda n: _limit_doc(schemas={"Deep": _nested(n)}),
        4,
        "#/components/schemas/Deep nests 5 levels deep",
    ),
    "maxTotalSchemaNodes": (
        lambda n: _limit_doc(schemas={"S%d" % i: {"type": "string"} for i in range(n)}),
        6,
        "holds 7 schema nodes",
    ),
    "maxTotalRegexLength": (lambda n: _limit_doc(pattern_lengths=(n // 2, n - n // 2)), 10, "total 11 characters"),
}


@pytest.mark.parametrize("limit", sorted(LIMIT_CASES))
def test_plan_limit_boundary(api, limit):
    build, allowed, measured = LIMIT_CASES[limit]
    message = failed(api.upload(3002, build(allowed + 1)), 403, "api_guardian.plan_limit_exceeded")
    assert limit in message and measured in message and "allows %d" % allowed in message
    assert ok(api.get(3002))["endpoints"] == []  # nothing stored
    ok(api.upload(3002, build(allowed)))
    failed(api.update(3002, build(allowed + 1)), 403, "api_guardian.plan_limit_exceeded")
    ok(api.update(3002, build(allowed)))


def test_a_limit_of_zero_is_no_limit(api):
    configuration = ok(api.get(3005))["configuration"]
    assert [
        configuration[name]
        for name in (
            "maxEndpoints",
            "maxFieldsPerType",
            "maxNestingDepth",
            "maxTotalSchemaNodes",
            "maxTotalRegexLength",
        )
    ] == [0] * 5
    for build, allowed, _measured in LIMIT_CASES.values():
        ok(
            api.call(
                "PATCH" if ok(api.get(3005))["endpoints"] else "POST",
                BASE % 3005 + "/spec",
                {"content": build(allowed + 1)},
            )
        )


def test_a_2000_operation_document(api):
    schemas = {
        "Item": {
            "type": "object",
            "properties": {"id": {"type": "integer"}, "sub": {"$ref": "#/components/schemas/Sub"}},
        },
        "Sub": {"type": "object", "properties": {"x": {"type": "string"}}},
    }
    item = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}}
    paths = {
        "/items/%d/{id}" % i: {
            "parameters": [{"name": "id", "in": "path", "required": True}],
            "get": {"responses": {"200": dict(item, description="one")}},
            "put": {"requestBody": item, "responses": {}},
        }
        for i in range(1000)
    }
    content = json.dumps(
        {
            "openapi": "3.0.3",
            "info": {"title": "Big", "version": "1"},
            "components": {"schemas": schemas},
            "paths": paths,
        }
    )
    data = ok(api.call("POST", BASE % 3004 + "/spec", {"content": content}, validate=False))
    assert len(data["endpoints"]) == 2000
    assert len({e["apiGuardianEndpointId"] for e in data["endpoints"]}) == 2000
    assert len({e["requestBodySchemaYaml"] for e in data["endpoints"]} - {None}) == 1
    assert failed(api.upload(3001, content), 403, "api_guardian.plan_limit_exceeded").startswith(
        "Plan limit maxEndpoints exceeded: the specification defines 2000 endpoints"
    )


# -- fixture handling ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "zone, message",
    [
        (
            {"id": 1, "api_guardian_limits": {"max_endpoint": 3}},
            "unknown key shield_zones[0].api_guardian_limits.max_endpoint",
        ),
        ({"id": 1, "api_guardian_limits": {"max_endpoints": -1}}, "max_endpoints must be a non-negative integer"),
        (
            {"id": 1, "api_guardian_limits": {"max_nesting_depth": None}},
            "shield_zones[0].api_guardian_limits.max_nesting_depth must not be null",
        ),
        ({"id": 1, "api_guardian_spec": "openapi: 9"}, "shield_zones[0].api_guardian_spec"),
    ],
)
def test_bad_fixture_entries_are_reported(tmp_path, zone, message):
    with pytest.raises(FixtureError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_platform({"shield_zones": [zone]}, tmp_path)


def test_default_limits_come_from_the_fixture_key(tmp_path):
    platform = load_platform(
        {"api_guardian_default_limits": {"max_endpoints": 7}, "shield_zones": [{"id": 5}]}, tmp_path
    )
    state = platform.dump()["areas"]["api_guardian"]
    assert state["shield_zones"][0]["limits"]["max_endpoints"] == 7
    assert state["shield_zones"][0]["limits"]["max_total_regex_length"] == 10000


def test_demo_fixture_zones(tmp_path):
    demo = str(EMULATOR_DIR / "fixtures" / "demo.yml")
    zones = {z["id"]: z for z in Platform(demo, str(tmp_path)).dump()["areas"]["api_guardian"]["shield_zones"]}
    assert zones[3001]["limits"]["max_endpoints"] == 200 and zones[3001]["has_spec"] is False
    assert zones[3002]["plan"] == "basic"


def test_state_dump_shows_the_uploaded_spec(api):
    ok(api.upload(3001, INITIAL))
    with urllib.request.urlopen(api.url + "/_emulator/state") as answer:
        zones = json.loads(answer.read())["areas"]["api_guardian"]["shield_zones"]
    zone = [z for z in zones if z["id"] == 3001][0]
    assert zone["has_spec"] is True and zone["endpoints"] == ["GET /seed"] and len(zone["spec_sha256"]) == 64


# -- conformance ----------------------------------------------------------------------------------------
def test_responses_conform_to_the_published_document(api, conformance):
    if conformance is None:
        pytest.skip(
            "the shield OpenAPI document (../shared/reference/openapi/shield-api-v1.0.0.json or "
            "$EDGE_SHARED_DIR/reference/openapi/...) is absent: conformance not checked"
        )
    before = conformance.checked
    ok(api.get(3001))
    ok(api.upload(3001, json.dumps(PETS_30)))
    ok(api.update(3001, SWAGGER_20))
    ok(api.update(3001, OPENAPI_31, enforceAuthorizationValidation=False))
    failed(api.upload(3001, INITIAL), 409, "api_guardian.spec_exists")
    failed(api.upload(3002, _limit_doc(paths=4)), 403, "api_guardian.plan_limit_exceeded")
    failed(api.get(3999), 404, "shield_zone.not_found")
    assert api.get(3001, key=None)[0] == 401
    assert conformance.checked - before == 8


# -- the 404 switch: "no specification yet" and "no such zone" told apart only by the zone -------------
@pytest.mark.parametrize(
    "switch, spec_key, zone_key",
    [
        ({"missing_spec": 404}, "api_guardian.spec_not_found", "shield_zone.not_found"),
        (
            {"missing_spec": 404, "spec_error_key": "shield_zone.not_found"},
            "shield_zone.not_found",
            "shield_zone.not_found",
        ),
        ({"missing_spec": 404, "spec_error_key": None, "zone_error_key": None}, None, None),
    ],
    ids=["documented-keys", "same-key", "no-key"],
)
def test_missing_spec_404_switch(emulator, conformance, switch, spec_key, zone_key):
    fixture = dict(FIXTURE, api_guardian_not_found=switch)
    api = Api(emulator(fixture, key=KEY).url, conformance)
    missing = failed(api.get(3001), 404, spec_key)
    unknown = failed(api.get(3999), 404, zone_key)
    assert missing == "Shield zone 3001 was not found." and unknown == "Shield zone 3999 was not found."
    assert ok(api.get(3003))["configuration"]["title"] == "Seeded", "a zone with a document still answers 200"
    ok(api.upload(3001, INITIAL))
    assert ok(api.get(3001))["configuration"]["title"] == "Seeded", "after the first upload: 200"


@pytest.mark.parametrize(
    "switch, message",
    [
        ("yes", "api_guardian_not_found must be a mapping"),
        ({"missing_spec": 500}, "api_guardian_not_found.missing_spec must be 200 or 404"),
        ({"missing_spec": True}, "api_guardian_not_found.missing_spec must be 200 or 404"),
        ({"spec_error_key": 7}, "api_guardian_not_found.spec_error_key must be a string or null"),
        ({"status": 404}, "unknown key api_guardian_not_found.status"),
    ],
)
def test_missing_spec_404_switch_is_validated(tmp_path, switch, message):
    with pytest.raises(FixtureError) as caught:
        load_platform({"api_guardian_not_found": switch, "shield_zones": [{"id": 5}]}, tmp_path)
    assert message in str(caught.value)


def test_a_second_first_upload_is_a_409_and_leaves_the_first_document(api):
    """What parallel first uploads meet: the platform keeps one first upload. The published document declares
    no 409 for POST .../spec (only 200, 401, 403, 404, 500), so the emulator's 409 is its documented choice."""
    first = ok(api.upload(3001, INITIAL))
    message = failed(api.upload(3001, _doc({"/other": {"get": _op()}})), 409, "api_guardian.spec_exists")
    assert "PATCH" in message
    assert ok(api.get(3001))["endpoints"] == first["endpoints"]


# -- the two settings PATCHes against the published document ----------------------------------------
SETTINGS_DOC = (
    "openapi: 3.0.3\ninfo: {title: Settings, version: '1'}\npaths:\n  /a/{id}:\n    get:\n"
    "      parameters:\n        - {name: id, in: path, required: true}\n        - {name: q, in: query}\n"
    "        - {name: X-T, in: header}\n      responses: {}\n"
)
SETTINGS_REQUESTS = [
    ("", {"isEnabled": False, "executionMode": 1, "bodyLimitAction": 2, "unmatchedPathAction": 0}),
    ("", {"isEnabled": None}),  # nullable; the enums are $refs the document does not make nullable
    (
        "/endpoint/%d",
        {
            "isEnabled": False,
            "validateRequestBodySchema": False,
            "validateResponseBodySchema": True,
            "validateAuthorization": False,
            "detectParameterXss": True,
            "detectParameterSqli": True,
            "injectionDetectionParameters": {"Path": ["id"], "Query": ["q"], "Header": ["X-T"], "Cookie": []},
            "rateLimitingEnabled": True,
            "rateLimitingType": "Global",
            "rateLimitingRequestCount": 7,
            "rateLimitingTimeframe": 900,
        },
    ),
    ("/endpoint/%d", {"rateLimitingType": "IP", "rateLimitingTimeframe": 1}),
]


def test_settings_requests_and_answers_conform_to_the_published_document(api, openapi, conformance):
    if conformance is None:
        pytest.skip("the shield OpenAPI document is absent: conformance not checked")
    document = openapi("shield-api-v1.0.0.json")
    endpoint_id = ok(api.upload(3001, SETTINGS_DOC))["endpoints"][0]["apiGuardianEndpointId"]
    before = conformance.checked
    for suffix, body in SETTINGS_REQUESTS:
        path = BASE % 3001 + (suffix % endpoint_id if "%d" in suffix else suffix)
        document.check_request("PATCH", path, body, headers={"AccessKey": KEY})
        answer = ok(api.call("PATCH", path, body))  # the answer is validated by api.call
        for key, value in body.items():
            if value is not None:
                assert answer[key] == value
    failed(
        api.call("PATCH", BASE % 3001 + "/endpoint/999", {"isEnabled": True}), 404, "api_guardian.endpoint_not_found"
    )
    failed(api.call("PATCH", BASE % 3999, {"isEnabled": True}), 404, "shield_zone.not_found")
    assert conformance.checked - before == len(SETTINGS_REQUESTS) + 2


@pytest.mark.parametrize(
    "body",
    [
        {"executionMode": 2},
        {"bodyLimitAction": "Log"},
        {"rateLimitingTimeframe": 120},
        {"rateLimitingType": "ip"},
        {"isEnabled": "yes"},
        {"injectionDetectionParameters": {"Body": []}},
    ],
)
def test_bad_settings_break_the_published_document_too(openapi, body):
    """The emulator's 400s below are what the document's schemas refuse as well."""
    from openapi_core.validation.request.exceptions import RequestValidationError  # pylint: disable=import-outside-toplevel

    document = openapi("shield-api-v1.0.0.json")
    endpoint_only = {"rateLimitingTimeframe", "rateLimitingType", "injectionDetectionParameters"}
    path = BASE % 3001 + ("/endpoint/1" if set(body) & endpoint_only else "")
    with pytest.raises(RequestValidationError):
        document.check_request("PATCH", path, body, headers={"AccessKey": KEY})


def _endpoint_path(api):
    return BASE % 3001 + "/endpoint/%d" % ok(api.upload(3001, SETTINGS_DOC))["endpoints"][0]["apiGuardianEndpointId"]


def test_injection_parameters_name_every_missing_one(api):
    path = _endpoint_path(api)
    chosen = {"Query": ["q", "nope"], "Cookie": ["c"]}
    message = failed(
        api.call("PATCH", path, {"injectionDetectionParameters": chosen}), 400, "api_guardian.invalid_setting"
    )
    assert message.endswith("GET /a/{id} has no Query.nope, Cookie.c.")


def test_injection_parameter_locations_are_closed_and_bound_case_insensitively(api):
    path = _endpoint_path(api)
    message = failed(
        api.call("PATCH", path, {"injectionDetectionParameters": {"Body": ["x"]}}), 400, "request.unknown_property"
    )
    assert "'injectionDetectionParameters.Body'" in message
    message = failed(
        api.call("PATCH", path, {"injectionDetectionParameters": {"Query": "q"}}), 400, "request.invalid_body"
    )
    assert "'injectionDetectionParameters.Query' must be an array of strings" in message
    answer = ok(api.call("PATCH", path, {"injectionDetectionParameters": {"query": ["q", "q"], "Path": None}}))
    assert answer["injectionDetectionParameters"] == {"Path": [], "Query": ["q"], "Header": [], "Cookie": []}


def test_unknown_setting_is_named(api):
    path = _endpoint_path(api)
    message = failed(api.call("PATCH", path, {"rateLimitingWindow": 60}), 400, "request.unknown_property")
    assert "'rateLimitingWindow'" in message
    message = failed(api.call("PATCH", BASE % 3001, {"mode": 1}), 400, "request.unknown_property")
    assert "'mode'" in message


def test_forbidden_zone_answers_403_envelopes(emulator, conformance):
    fixture = dict(FIXTURE, shield_zones=FIXTURE["shield_zones"] + [{"id": 3010, "api_guardian_forbidden": True}])
    api = Api(emulator(fixture, key=KEY).url, conformance)
    for method, suffix, body in (
        ("GET", "", None),
        ("PATCH", "", {"isEnabled": True}),
        ("PATCH", "/endpoint/1", {"isEnabled": True}),
        ("POST", "/spec", {"content": INITIAL}),
    ):
        message = failed(api.call(method, BASE % 3010 + suffix, body), 403, "api_guardian.not_available")
        assert message == "API Guardian is not available on shield zone 3010."


def test_forbidden_switch_is_validated(tmp_path):
    fixture = dict(FIXTURE, shield_zones=[{"id": 3010, "api_guardian_forbidden": "yes"}])
    with pytest.raises(FixtureError, match="api_guardian_forbidden must be true or false"):
        load_platform(fixture, tmp_path)


def test_zone_wide_configuration_survives_uploads(api):
    settings = {"isEnabled": False, "executionMode": 1, "bodyLimitAction": 2, "unmatchedPathAction": 0}
    ok(api.call("PATCH", BASE % 3003, settings))
    configuration = ok(api.update(3003, SETTINGS_DOC, enforceAuthorizationValidation=True))["configuration"]
    assert {key: configuration[key] for key in settings} == settings


@pytest.mark.parametrize("body", ['{"isEnabled": NaN}', '{"isEnabled": Infinity}', "[]", "null", "7"])
def test_a_body_that_is_not_a_json_object_is_refused(emulator, body):
    running = emulator(FIXTURE, key=KEY)
    answer = running.request(
        "PATCH", "/shield/shield-zone/3001/api-guardian", data=body, headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 400
    assert answer.json()["error"]["errorKey"] in ("request.invalid_json", "request.invalid_body")
