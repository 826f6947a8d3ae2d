"""Units for edge.platform.api_guardian_spec against a fake session (no network)."""

from __future__ import annotations

import copy
import json
import os

import pytest
import requests

from ansible_collections.edge.platform.plugins.modules import api_guardian_spec
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse, shared_openapi_dir

API_KEY = "s3cret-api-key-value"
BASE = "https://api.example.test"
ZONE = "%s/shield/shield-zone/3001" % BASE
GUARDIAN = ZONE + "/api-guardian"
SPEC = GUARDIAN + "/spec"

DOCUMENT = """\
openapi: 3.0.3
info: {title: Pets, version: 1.0.0}
security: [{key: []}]
paths:
  /pets:
    get:
      parameters: [{name: limit, in: query}]
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
    post:
      requestBody:
        content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
      responses: {'201': {description: created}}
  /pets/{id}:
    delete:
      security: []
      parameters: [{name: id, in: path, required: true}]
      responses: {'204': {description: gone}}
components:
  securitySchemes: {key: {type: apiKey, in: header, name: X-Key}}
  schemas:
    Pet: {type: object, properties: {name: {type: string}}}
"""

KEY_SCHEME = {
    "schemeName": "key",
    "schemeType": "ApiKey",
    "location": "Header",
    "credentialName": "X-Key",
    "httpScheme": None,
}
LIMITS = {
    "maxEndpoints": 200,
    "maxFieldsPerType": 100,
    "maxNestingDepth": 10,
    "maxTotalSchemaNodes": 5000,
    "maxTotalRegexLength": 10000,
}


def configuration(title="Pets", version="1.0.0", **limits):
    data = {
        "shieldZoneId": 3001,
        "isEnabled": True,
        "executionMode": 1,
        "bodyLimitAction": 0,
        "unmatchedPathAction": 1,
        "title": title,
        "version": version,
        "createdAt": "2026-05-01T10:00:00Z",
        "updatedAt": None,
    }
    data.update(LIMITS)
    data.update(limits)
    return data


def endpoint(endpoint_id, method, path, **fields):
    data = {
        "apiGuardianEndpointId": endpoint_id,
        "shieldZoneId": 3001,
        "requestMethod": method,
        "requestPath": path,
        "validateRequestBodySchema": True,
        "validateResponseBodySchema": False,
        "validateAuthorization": True,
        "isEnabled": True,
        "authSchemes": [KEY_SCHEME],
        "requestBodySchemaYaml": None,
        "responseBodySchemasYaml": None,
        "availableParameters": {"Path": [], "Query": [], "Header": [], "Cookie": []},
        "injectionDetectionParameters": None,
        "detectParameterXss": False,
        "detectParameterSqli": True,
        "rateLimitingEnabled": True,
        "rateLimitingType": "IP",
        "rateLimitingRequestCount": 50,
        "rateLimitingTimeframe": 60,
        "createdAt": "2026-05-01T10:00:00Z",
        "updatedAt": None,
    }
    data.update(fields)
    return data


def current_endpoints():
    """The platform's state for DOCUMENT, rendered differently from how the module renders."""
    return [
        endpoint(
            11,
            "GET",
            "/pets",
            availableParameters={"Query": ["limit"]},
            responseBodySchemasYaml={
                "200": "{items: {properties: {name: {type: string}}, type: object}, type: array}\n"
            },
            injectionDetectionParameters={"Path": [], "Query": ["limit"], "Header": [], "Cookie": []},
        ),
        endpoint(
            12,
            "POST",
            "/pets",
            availableParameters=None,
            requestBodySchemaYaml="# rendered by the platform\ntype: object\nproperties:\n  name: {type: string}\n",
        ),
        endpoint(
            13,
            "DELETE",
            "/pets/{id}",
            authSchemes=None,
            validateAuthorization=False,
            availableParameters={"Path": ["id"], "Query": [], "Header": [], "Cookie": []},
            responseBodySchemasYaml={},
        ),
    ]


def envelope(data=None, status=200, success=True, message=None, key=None):
    body = {"error": {"statusCode": status, "success": success, "message": message, "errorKey": key}}
    if data is not None:
        body["data"] = data
    return FakeResponse(status, body, headers={"Content-Type": "text/plain"})


def state(endpoints=None, config=None):
    return envelope(
        {
            "configuration": config or configuration(),
            "endpoints": current_endpoints() if endpoints is None else endpoints,
        }
    )


@pytest.fixture(autouse=True)
def cache_home(monkeypatch, tmp_path):
    """Every run's default cache directory is the test's own (the module caches by default)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "edge.platform" / "openapi"


def args(**extra):
    values = {"api_key": API_KEY, "base_url": BASE, "shield_zone_id": 3001, "content": DOCUMENT}
    values.update(extra)
    return dict((k, v) for k, v in values.items() if v is not None)


def run(run_module, fake_session, responses, check=False, diff=False, **extra):
    fake_session.responses = responses
    result = run_module(api_guardian_spec, args(**extra), check=check, diff=diff)
    assert API_KEY not in json.dumps(result), "the api key leaked into the result"
    return result


def warnings(result):
    """Warning texts (ansible-core 2.19 returns them as structured summaries, older as strings)."""
    return [w if isinstance(w, str) else w["event"]["msg"] for w in result.get("warnings", [])]


def calls(fake_session):
    return [(c["method"], c["url"]) for c in fake_session.calls]


# ---------------------------------------------------------------------------------------------
# No change


def test_equal_state_sends_one_get_and_reports_no_change(run_module, fake_session):
    result = run(run_module, fake_session, [state()])
    assert calls(fake_session) == [("GET", GUARDIAN)]
    assert result["changed"] is False
    assert result["changes"] == {
        "endpoints_added": [],
        "endpoints_removed": [],
        "endpoints_changed": [],
        "title": None,
        "version": None,
        "forced": False,
    }
    assert result["configuration"]["title"] == "Pets"
    assert result["configuration"]["max_nesting_depth"] == 10
    first = result["endpoints"][0]
    assert first["id"] == 11 and first["request_method"] == "GET" and first["rate_limiting_request_count"] == 50
    assert first["auth_schemes"] == [
        {
            "scheme_name": "key",
            "scheme_type": "ApiKey",
            "location": "Header",
            "credential_name": "X-Key",
            "http_scheme": None,
        }
    ]
    assert first["available_parameters"] == {"Query": ["limit"]}, "data keys are returned as the platform sent them"
    assert set(first["response_body_schemas_yaml"]) == {"200"}
    assert result["metrics"]["endpoints"] == {"value": 3, "where": "/paths (3 operations)"}


def test_json_reordered_document_is_still_equal(run_module, fake_session):
    from ansible_collections.edge.platform.plugins.module_utils._openapi import parse_text

    data, dummy = parse_text(DOCUMENT)
    text = json.dumps(data, sort_keys=True, indent=4)
    result = run(run_module, fake_session, [state()], content=text)
    assert result["changed"] is False and fake_session.writes == []


def test_enforce_matching_every_endpoint_is_no_change(run_module, fake_session):
    result = run(run_module, fake_session, [state()], enforce_authorization_validation=True)
    assert result["changed"] is False and fake_session.writes == []


def test_parameter_order_and_http_scheme_case_do_not_count(run_module, fake_session):
    text = DOCUMENT.replace("key: {type: apiKey, in: header, name: X-Key}", "key: {type: http, scheme: Bearer}")
    endpoints = current_endpoints()
    for item in endpoints:
        if item["authSchemes"]:
            item["authSchemes"] = [
                {
                    "schemeName": "key",
                    "schemeType": "Http",
                    "location": "Header",
                    "credentialName": "Authorization",
                    "httpScheme": "bearer",
                }
            ]
    result = run(run_module, fake_session, [state(endpoints)], content=text)
    assert result["changed"] is False


# ---------------------------------------------------------------------------------------------
# The cache of derived forms (see _openapi/cache.py)


def test_warm_runs_give_the_cold_runs_results_and_diffs_without_parsing(
    run_module, fake_session, cache_home, monkeypatch
):
    from ansible_collections.edge.platform.plugins.module_utils._shapes import api_guardian_spec as shapes

    changed_text = DOCUMENT.replace("version: 1.0.0", "version: 1.1.0").replace("name: limit", "name: page")
    cases = [
        (dict(), [state()]),  # no change
        (dict(content=changed_text), [state(), state()]),  # an update, its answer the result
        (dict(content=changed_text, check=True), [state()]),  # the prediction of check mode
    ]
    cold = [run(run_module, fake_session, list(answers), diff=True, cache=False, **extra) for extra, answers in cases]
    assert not cache_home.exists(), "cache=false writes nothing"
    first = [run(run_module, fake_session, list(answers), diff=True, **extra) for extra, answers in cases]
    assert sorted(os.listdir(str(cache_home))) and all(n.endswith(".json") for n in os.listdir(str(cache_home)))

    def refuse(*dummy):
        raise AssertionError("a warm run parsed YAML")

    monkeypatch.setattr(shapes, "load", refuse)
    monkeypatch.setattr(shapes, "parse_rendered", refuse)
    warm = [run(run_module, fake_session, list(answers), diff=True, **extra) for extra, answers in cases]
    for result in cold + first + warm:
        result.pop("invocation")  # cache=false in the cold runs' arguments
    assert warm == first == cold
    assert [r["changed"] for r in warm] == [False, True, True]
    stored = "".join(open(os.path.join(str(cache_home), n)).read() for n in os.listdir(str(cache_home)))
    assert API_KEY not in stored and "api.example.test" not in stored, "only derived document data is kept"


def test_cache_dir_is_used_and_an_unusable_one_is_silently_off(run_module, fake_session, cache_home, tmp_path):
    result = run(run_module, fake_session, [state()], cache_dir=str(tmp_path / "mine"))
    # the document's derived form, its metrics, the renderings, the verdict "no difference"
    assert result["changed"] is False and len(os.listdir(str(tmp_path / "mine"))) == 4 and not cache_home.exists()
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory")
    result = run(run_module, fake_session, [state()], cache_dir=str(blocked / "cache"))
    assert result["changed"] is False and "warnings" not in result


def test_a_stored_verdict_answers_a_rerun_on_the_same_answer_and_nothing_else(
    run_module, fake_session, cache_home, monkeypatch
):
    from ansible_collections.edge.platform.plugins.module_utils._openapi.cache import SpecCache
    from ansible_collections.edge.platform.plugins.module_utils._shapes import api_guardian_spec as shapes

    cold = run(run_module, fake_session, [state()], cache=False)
    run(run_module, fake_session, [state()])  # compares, and stores the verdict
    with monkeypatch.context() as patched:

        def refuse(*dummy):
            raise AssertionError("compared or loaded the derived document despite the verdict")

        patched.setattr(shapes, "compare", refuse)
        patched.setattr(SpecCache, "document", refuse)
        warm = run(run_module, fake_session, [state()])
    assert calls(fake_session) == [("GET", GUARDIAN)] * 3
    for result in (cold, warm):
        result.pop("invocation")
    assert warm == cold and warm["changed"] is False, "the same result, endpoints and all"

    # any other answer text compares again, and says what differs
    settings = current_endpoints()
    settings[0]["rateLimitingRequestCount"] = 99  # a setting the comparison ignores: still no change
    schema = current_endpoints()
    schema[1]["requestBodySchemaYaml"] = "type: object\n"
    assert run(run_module, fake_session, [state(settings)])["changed"] is False
    result = run(run_module, fake_session, [state(schema), state(schema)])
    assert result["changed"] is True and result["changes"]["endpoints_changed"] == ["POST /pets"]
    # so do another document, other options, and a diff (whose views the verdict does not hold)
    changed_text = DOCUMENT.replace("version: 1.0.0", "version: 1.1.0")
    assert run(run_module, fake_session, [state(), state()], content=changed_text)["changed"] is True
    result = run(run_module, fake_session, [state()], check=True, enforce_authorization_validation=False)
    assert result["changed"] is True and result["changes"]["endpoints_changed"] == ["GET /pets", "POST /pets"]
    result = run(run_module, fake_session, [state()], diff=True)
    assert result["changed"] is False and result["diff"]["before"]["endpoints"]["GET /pets"]["parameters"]


def test_return_endpoints_on_change_leaves_them_out_of_a_no_change_result_only(run_module, fake_session):
    always = run(run_module, fake_session, [state()])
    for dummy in range(2):  # compared, then from the verdict
        quiet = run(run_module, fake_session, [state()], return_endpoints="on_change")
        assert "endpoints" not in quiet and quiet["changed"] is False
        assert quiet["configuration"] == always["configuration"] and quiet["changes"] == always["changes"]
    changed_text = DOCUMENT.replace("version: 1.0.0", "version: 1.1.0")
    for check, answers in ((True, [state()]), (False, [state(), state(config=configuration(version="1.1.0"))])):
        result = run(run_module, fake_session, answers, check=check, content=changed_text, return_endpoints="on_change")
        assert result["changed"] is True and [e["id"] for e in result["endpoints"]] == [11, 12, 13]


def test_a_damaged_verdict_is_ignored_and_replaced(run_module, fake_session, cache_home):
    run(run_module, fake_session, [state()])
    verdicts = [n for n in os.listdir(str(cache_home)) if '"kind":"verdict"' in (cache_home / n).read_text()]
    assert len(verdicts) == 1
    path = cache_home / verdicts[0]
    entry = json.loads(path.read_text())
    path.write_text(json.dumps(dict(entry, value=dict(entry["value"], answer="0" * 64))))  # another answer's
    result = run(run_module, fake_session, [state()])
    assert result["changed"] is False and json.loads(path.read_text()) == entry


# ---------------------------------------------------------------------------------------------
# Changes


def test_schema_change_only_patches_and_returns_the_answer(run_module, fake_session):
    text = DOCUMENT.replace(
        "Pet: {type: object, properties: {name: {type: string}}}",
        "Pet: {type: object, properties: {name: {type: string, maxLength: 20}}}",
    )
    answered = current_endpoints()
    answered[0]["updatedAt"] = "2026-05-03T10:00:00Z"
    result = run(run_module, fake_session, [state(), state(answered)], content=text)
    assert calls(fake_session) == [("GET", GUARDIAN), ("PATCH", SPEC)]
    assert fake_session.writes[0]["json"] == {"content": text}
    assert result["changed"] is True
    assert result["changes"]["endpoints_changed"] == ["GET /pets", "POST /pets"]
    assert result["endpoints"][0]["updated_at"] == "2026-05-03T10:00:00Z", "the write's answer is the result"


def test_check_mode_predicts_without_writing(run_module, fake_session):
    text = DOCUMENT.replace("parameters: [{name: limit, in: query}]", "parameters: [{name: page, in: query}]")
    text = text.replace("version: 1.0.0", "version: 1.1.0")
    result = run(run_module, fake_session, [state()], check=True, content=text)
    assert fake_session.writes == []
    assert result["changed"] is True
    assert result["changes"]["endpoints_changed"] == ["GET /pets"]
    assert result["changes"]["version"] == {"before": "1.0.0", "after": "1.1.0"}
    assert result["configuration"]["version"] == "1.1.0"
    get = result["endpoints"][0]
    assert get["id"] == 11 and get["rate_limiting_request_count"] == 50, "settings of a surviving endpoint stay"
    assert get["available_parameters"] == {"Path": [], "Query": ["page"], "Header": [], "Cookie": []}
    assert get["injection_detection_parameters"]["Query"] == [], "selection narrowed to what is still available"
    assert get["response_body_schemas_yaml"]["200"].startswith("{items"), "an equal rendering is kept as sent"


def test_endpoints_added_and_removed_with_diff(run_module, fake_session):
    text = DOCUMENT.replace("  /pets/{id}:\n    delete:", "  /pets/{id}:\n    put:")
    result = run(run_module, fake_session, [state()], check=True, diff=True, content=text)
    assert result["changes"]["endpoints_added"] == ["PUT /pets/{id}"]
    assert result["changes"]["endpoints_removed"] == ["DELETE /pets/{id}"]
    assert result["changes"]["endpoints_changed"] == []
    assert [e["request_method"] for e in result["endpoints"]] == ["GET", "POST", "PUT"]
    new = result["endpoints"][2]
    assert new["id"] is None and new["rate_limiting_enabled"] is None, "the platform has not created it yet"
    assert new["validate_authorization"] is False, "no auth scheme, nothing to enforce"
    before, after = result["diff"]["before"]["endpoints"], result["diff"]["after"]["endpoints"]
    assert "DELETE /pets/{id}" in before and "DELETE /pets/{id}" not in after
    assert "PUT /pets/{id}" in after and after["PUT /pets/{id}"]["parameters"]["Path"] == ["id"]
    assert before["GET /pets"] == after["GET /pets"]


def test_enforce_differing_from_an_endpoint_is_a_change(run_module, fake_session):
    answered = state()
    result = run(run_module, fake_session, [state(), answered], enforce_authorization_validation=False)
    assert fake_session.writes[0]["json"] == {"content": DOCUMENT, "enforceAuthorizationValidation": False}
    assert result["changes"]["endpoints_changed"] == ["GET /pets", "POST /pets"]


def test_enforce_omitted_keeps_a_manually_relaxed_endpoint(run_module, fake_session):
    endpoints = current_endpoints()
    endpoints[0]["validateAuthorization"] = False
    result = run(run_module, fake_session, [state(endpoints)])
    assert result["changed"] is False
    fake_session.calls[:] = []
    result = run(run_module, fake_session, [state(endpoints)], check=True, enforce_authorization_validation=True)
    assert result["changes"]["endpoints_changed"] == ["GET /pets"]


def test_title_change_is_a_change(run_module, fake_session):
    result = run(run_module, fake_session, [state(config=configuration(title="Old"))], check=True)
    assert result["changes"]["title"] == {"before": "Old", "after": "Pets"}


def test_force_uploads_an_equal_document(run_module, fake_session):
    result = run(run_module, fake_session, [state(), state()], force=True)
    assert calls(fake_session) == [("GET", GUARDIAN), ("PATCH", SPEC)]
    assert result["changed"] is True and result["changes"]["forced"] is True


# ---------------------------------------------------------------------------------------------
# A zone with no document yet


ZONE_FOUND = FakeResponse(200, {"data": {"shieldZoneId": 3001}})


@pytest.mark.parametrize(
    "first",
    [
        [state(endpoints=[], config=configuration(title=None, version=None))],
        [envelope({"configuration": configuration(title=None, version=None), "endpoints": None})],
        [
            envelope(status=404, success=False, key="api_guardian.spec_not_found", message="No specification"),
            ZONE_FOUND,
        ],
        # the key an unknown zone would carry: only the zone itself can say it exists
        [envelope(status=404, success=False, key="shield_zone.not_found", message="Not found"), ZONE_FOUND],
        [envelope(status=404, success=False, message="Not found"), ZONE_FOUND],
        [FakeResponse(404), ZONE_FOUND],
    ],
    ids=["200-empty", "200-null-endpoints", "404-spec-key", "404-zone-key", "404-no-key", "404-empty"],
)
def test_no_document_yet_posts(run_module, fake_session, first):
    answer = state()
    result = run(run_module, fake_session, first + [answer], enforce_authorization_validation=True)
    assert calls(fake_session) == [("GET", GUARDIAN)] + [("GET", ZONE)] * (len(first) - 1) + [("POST", SPEC)]
    assert fake_session.writes[0]["json"]["enforceAuthorizationValidation"] is True
    assert result["changed"] is True
    assert result["changes"]["endpoints_added"] == ["GET /pets", "POST /pets", "DELETE /pets/{id}"]
    assert result["endpoints"][0]["id"] == 11


def test_no_document_check_mode_predicts_every_endpoint(run_module, fake_session):
    first = state(endpoints=[], config=configuration(title=None, version=None))
    result = run(run_module, fake_session, [first], check=True)
    assert fake_session.writes == []
    assert [e["validate_authorization"] for e in result["endpoints"]] == [True, True, False]
    assert result["configuration"]["title"] == "Pets" and result["configuration"]["max_endpoints"] == 200
    assert (
        result["endpoints"][1]["request_body_schema_yaml"] == "type: object\nproperties:\n  name:\n    type: string\n"
    )


@pytest.mark.parametrize(
    "zone",
    [
        FakeResponse(404),
        envelope(status=404, success=False, key="shield_zone.not_found", message="Shield zone 3001 was not found."),
        # the shield API also reports failures inside a 200 envelope
        FakeResponse(200, {"error": {"statusCode": 404, "success": False, "message": None, "errorKey": None}}),
    ],
    ids=["status", "envelope", "200-envelope"],
)
@pytest.mark.parametrize("key", [None, "shield_zone.not_found", "api_guardian.spec_not_found"])
def test_unknown_zone_fails_without_writing(run_module, fake_session, zone, key):
    # even a key that reads like "no spec yet" is not trusted: the zone itself said 404
    missing = envelope(status=404, success=False, key=key, message="Not found")
    result = run(run_module, fake_session, [missing, zone])
    assert calls(fake_session) == [("GET", GUARDIAN), ("GET", ZONE)]
    assert result["failed"] is True and fake_session.writes == []
    assert result["api_error"]["status"] == 404
    assert "No shield zone with id 3001 is visible to this API key: check shield_zone_id." in result["msg"]


def test_unknown_zone_found_through_the_pull_zone_names_that_option(run_module, fake_session):
    found = envelope({"shieldZoneId": 3001, "pullZoneId": 2001})
    missing = envelope(status=404, success=False, message="Not found")
    result = run(run_module, fake_session, [found, missing, FakeResponse(404)], shield_zone_id=None, pullzone_id=2001)
    assert result["failed"] is True and fake_session.writes == []
    assert (
        "No shield zone with id 3001 (found through pullzone_id 2001) is visible to this API key: check "
        "pullzone_id." in result["msg"]
    )


def test_zone_probe_failure_is_reported_not_guessed(run_module, fake_session):
    missing = envelope(status=404, success=False, message="Not found")
    result = run(run_module, fake_session, [missing, FakeResponse(500)], retries=0)
    assert result["failed"] is True and fake_session.writes == []
    assert result["api_error"]["status"] == 500 and "Reading shield zone 3001" in result["msg"]


# ---------------------------------------------------------------------------------------------
# Parallel first uploads (several hosts, one zone)

EMPTY = state(endpoints=[], config=configuration(title=None, version=None))


@pytest.mark.parametrize("status", [409, 400])
def test_refused_first_upload_rereads_and_stops_when_the_zone_already_matches(run_module, fake_session, status):
    refused = envelope(status=status, success=False, key="api_guardian.spec_exists", message="Already exists")
    result = run(run_module, fake_session, [EMPTY, refused, state()])
    assert calls(fake_session) == [("GET", GUARDIAN), ("POST", SPEC), ("GET", GUARDIAN)]
    assert "failed" not in result and result["changed"] is False
    assert result["endpoints"][0]["id"] == 11, "the state read after the other upload"


def test_refused_first_upload_updates_when_the_zone_still_differs(run_module, fake_session):
    refused = envelope(status=409, success=False, key="api_guardian.spec_exists", message="Already exists")
    other = state(config=configuration(title="Other"))
    result = run(run_module, fake_session, [EMPTY, refused, other, state()])
    assert calls(fake_session) == [("GET", GUARDIAN), ("POST", SPEC), ("GET", GUARDIAN), ("PATCH", SPEC)]
    assert result["changed"] is True and result["changes"]["title"] == {"before": "Other", "after": "Pets"}


def test_refused_first_upload_with_no_document_after_all_reports_the_refusal(run_module, fake_session):
    refused = envelope(status=400, success=False, key="api_guardian.invalid_spec", message="Invalid OpenAPI")
    result = run(run_module, fake_session, [EMPTY, refused, EMPTY])
    assert calls(fake_session) == [("GET", GUARDIAN), ("POST", SPEC), ("GET", GUARDIAN)]
    assert result["failed"] is True and result["api_error"]["error_key"] == "api_guardian.invalid_spec"
    assert len(fake_session.writes) == 1, "the first upload is never sent twice"


# ---------------------------------------------------------------------------------------------
# Preflight: nothing is written


@pytest.mark.parametrize(
    "content, expected",
    [
        ("openapi: 3.0.0\ninfo: {title: x\n", "content: the OpenAPI document is unusable: not valid YAML at line 3"),
        ("title: hello\n", "not an OpenAPI or Swagger document"),
        ("openapi: 4.0.0\ninfo: {title: t, version: '1'}\n", "OpenAPI version '4.0.0' is not supported"),
    ],
)
def test_unusable_documents_fail_before_any_request(run_module, fake_session, content, expected):
    result = run(run_module, fake_session, [], content=content)
    assert result["failed"] is True and fake_session.calls == []
    assert expected in result["msg"]


@pytest.mark.parametrize(
    "limit, value, where",
    [
        ("maxEndpoints", 2, "/paths (3 operations)"),
        ("maxFieldsPerType", 0, None),
        ("maxNestingDepth", 3, "from /paths/~1pets/get/responses/200/content/application~1json/schema"),
        ("maxTotalSchemaNodes", 1, "/components/schemas (largest entry /components/schemas/Pet with 2)"),
    ],
)
def test_plan_limit_check_fails_after_the_read_only(run_module, fake_session, limit, value, where):
    result = run(run_module, fake_session, [state(config=configuration(**{limit: value}))], plan_limits="check")
    assert calls(fake_session) == [("GET", GUARDIAN)]
    if value == 0:
        assert result["changed"] is False, "a limit the platform does not report (0) is not checked"
        return
    assert result["failed"] is True
    assert (
        "exceeds the plan limits of shield zone 3001 by this module's count (an estimate of the platform's "
        "rules): %s is %d but the document measures" % (limit, value) in result["msg"]
    )
    assert where in result["msg"]
    assert result["metrics"]["endpoints"]["value"] == 3


def test_regex_limit_names_the_longest_pattern(run_module, fake_session):
    text = DOCUMENT.replace("name: {type: string}}}", "name: {type: string, pattern: '^[A-Z][a-z]+$'}}}")
    result = run(
        run_module,
        fake_session,
        [state(config=configuration(maxTotalRegexLength=5))],
        content=text,
        plan_limits="check",
    )
    assert (
        "maxTotalRegexLength is 5 but the document measures 13 (1 pattern, the longest (13 characters) at "
        "/components/schemas/Pet/properties/name/pattern)" in result["msg"]
    )


def test_every_exceeded_limit_is_named_at_once(run_module, fake_session):
    config = configuration(maxEndpoints=1, maxNestingDepth=2)
    result = run(run_module, fake_session, [state(config=config)], plan_limits="check")
    assert "maxEndpoints is 1" in result["msg"] and "maxNestingDepth is 2" in result["msg"]


def test_plan_limit_warn_is_the_default_and_uploads(run_module, fake_session):
    text = DOCUMENT.replace("title: Pets", "title: Pets v2")
    result = run(run_module, fake_session, [state(config=configuration(maxEndpoints=2)), state()], content=text)
    assert calls(fake_session) == [("GET", GUARDIAN), ("PATCH", SPEC)]
    assert result["changed"] is True
    warning = [w for w in warnings(result) if "plan limits" in w]
    assert len(warning) == 1 and "maxEndpoints is 2 but the document measures 3 (/paths (3 operations))" in warning[0]
    assert "an estimate of the platform's rules" in warning[0]
    assert result["metrics"]["endpoints"] == {"value": 3, "where": "/paths (3 operations)"}


def test_plan_limit_warn_stays_quiet_when_nothing_is_uploaded(run_module, fake_session):
    result = run(run_module, fake_session, [state(config=configuration(maxEndpoints=2))])
    assert result["changed"] is False and calls(fake_session) == [("GET", GUARDIAN)]
    assert not [w for w in warnings(result) if "plan limits" in w], (
        "the platform already holds this document: the estimate was wrong, not the document"
    )


def test_platform_refusal_carries_the_local_measurement(run_module, fake_session):
    text = DOCUMENT.replace("title: Pets", "title: Pets v2")
    refused = envelope(
        status=403, success=False, key="api_guardian.plan_limit_exceeded", message="Plan limit maxEndpoints exceeded"
    )
    result = run(run_module, fake_session, [state(config=configuration(maxEndpoints=2)), refused], content=text)
    assert result["failed"] is True and result["api_error"]["error_key"] == "api_guardian.plan_limit_exceeded"
    assert "Plan limit maxEndpoints exceeded" in result["msg"]
    assert (
        "By this module's count (an estimate) the document exceeds: maxEndpoints is 2 but the document "
        "measures 3 (/paths (3 operations))" in result["msg"]
    )
    assert result["metrics"]["endpoints"]["value"] == 3


def test_plan_limit_ignore_does_not_measure(run_module, fake_session):
    text = DOCUMENT.replace("title: Pets", "title: Pets v2")
    result = run(
        run_module,
        fake_session,
        [state(config=configuration(maxEndpoints=2)), state()],
        content=text,
        plan_limits="ignore",
    )
    assert result["changed"] is True and result["metrics"] is None
    assert not [w for w in warnings(result) if "plan limits" in w]


def test_401_names_the_api_key_option_and_never_the_key(run_module, fake_session):
    problem = FakeResponse(
        401, {"type": "about:blank", "title": "Unauthorized", "status": 401, "detail": "Bad key %s" % API_KEY}
    )
    result = run(run_module, fake_session, [problem])
    assert result["failed"] is True and result["api_error"]["status"] == 401
    assert "check api_key" in result["msg"]


def test_403_plan_error_on_upload_is_reported(run_module, fake_session):
    refused = envelope(
        status=403, success=False, key="api_guardian.plan_limit_exceeded", message="Plan limit maxEndpoints exceeded"
    )
    text = DOCUMENT.replace("title: Pets", "title: Pets v2")
    result = run(run_module, fake_session, [state(), refused], content=text)
    assert result["failed"] is True
    assert result["api_error"] == {
        "status": 403,
        "error_key": "api_guardian.plan_limit_exceeded",
        "field": None,
        "message": "Plan limit maxEndpoints exceeded",
    }
    assert "plan" in result["msg"]


def test_first_upload_is_not_replayed_after_a_gateway_error(run_module, fake_session):
    first = state(endpoints=[], config=configuration(title=None, version=None))
    result = run(run_module, fake_session, [first, FakeResponse(502), first], retries=3)
    assert [c["method"] for c in fake_session.calls] == ["GET", "POST", "GET"], "re-read once, never re-sent"
    assert result["failed"] is True and result["api_error"]["status"] == 502
    assert "NOT applied" in result["msg"]


def test_update_after_a_503_is_reread_not_replayed(run_module, fake_session):
    text = DOCUMENT.replace("title: Pets", "title: Pets v2")
    result = run(run_module, fake_session, [state(), FakeResponse(503), state()], content=text)
    assert [c["method"] for c in fake_session.calls] == ["GET", "PATCH", "GET"]
    assert result["failed"] is True and "NOT applied" in result["msg"]
    assert result["api_error"]["status"] == 503


# ---------------------------------------------------------------------------------------------
# Lost answers: the upload is never sent again; one re-read decides


def lost_answer():
    return requests.exceptions.ReadTimeout("read timed out")


def test_lost_update_that_landed_is_a_change_with_a_warning(run_module, fake_session):
    text = DOCUMENT.replace("title: Pets", "title: Pets v2")
    landed = current_endpoints()
    landed[0]["updatedAt"] = "2026-05-04T10:00:00Z"
    result = run(
        run_module,
        fake_session,
        [state(), lost_answer(), state(landed, configuration(title="Pets v2"))],
        content=text,
        diff=True,
    )
    assert calls(fake_session) == [("GET", GUARDIAN), ("PATCH", SPEC), ("GET", GUARDIAN)]
    assert "failed" not in result and result["changed"] is True
    lost = [w for w in warnings(result) if "got no answer" in w]
    assert len(lost) == 1 and lost[0].startswith("Updating the OpenAPI document of shield zone 3001 got no answer")
    assert "shows the change was applied. It was not sent again." in lost[0]
    assert result["configuration"]["title"] == "Pets v2"
    assert result["endpoints"][0]["updated_at"] == "2026-05-04T10:00:00Z", "the state read back is the result"
    assert result["diff"]["after"]["title"] == "Pets v2" and result["diff"]["before"]["title"] == "Pets"


def test_lost_update_compares_semantically(run_module, fake_session):
    """The re-read platform renders schemas its own way: still the same document, so it landed."""
    text = DOCUMENT.replace(
        "Pet: {type: object, properties: {name: {type: string}}}",
        "Pet: {type: object, properties: {name: {type: string, maxLength: 20}}}",
    )
    landed = current_endpoints()
    landed[0]["responseBodySchemasYaml"] = {
        "200": "type: array\nitems:\n  type: object\n  properties:\n    name: {maxLength: 20, type: string}\n"
    }
    landed[1]["requestBodySchemaYaml"] = "properties: {name: {type: string, maxLength: 20}}\ntype: object\n"
    result = run(run_module, fake_session, [state(), lost_answer(), state(landed)], content=text)
    assert len(fake_session.writes) == 1 and result["changed"] is True
    assert [w for w in warnings(result) if "shows the change was applied" in w]


def test_lost_update_that_did_not_land_fails_saying_not_applied(run_module, fake_session):
    text = DOCUMENT.replace("title: Pets", "title: Pets v2")
    result = run(run_module, fake_session, [state(), lost_answer(), state()], content=text)
    assert calls(fake_session) == [("GET", GUARDIAN), ("PATCH", SPEC), ("GET", GUARDIAN)]
    assert result["failed"] is True
    assert result["msg"].startswith("Updating the OpenAPI document of shield zone 3001 got no answer")
    assert "NOT applied" in result["msg"] and "It was not sent again" in result["msg"]
    assert result["api_error"]["status"] is None


def test_lost_first_upload_is_not_replayed_and_reread_once(run_module, fake_session):
    result = run(run_module, fake_session, [EMPTY, lost_answer(), EMPTY], retries=3)
    assert calls(fake_session) == [("GET", GUARDIAN), ("POST", SPEC), ("GET", GUARDIAN)]
    assert result["failed"] is True and "NOT applied" in result["msg"]


def test_lost_first_upload_that_landed_is_a_change(run_module, fake_session):
    result = run(run_module, fake_session, [EMPTY, lost_answer(), state()])
    assert calls(fake_session) == [("GET", GUARDIAN), ("POST", SPEC), ("GET", GUARDIAN)]
    assert result["changed"] is True and result["endpoints"][0]["id"] == 11
    assert [w for w in warnings(result) if "Uploading the OpenAPI document of shield zone 3001 got no answer" in w]


def test_lost_answer_and_failed_reread_says_unknown(run_module, fake_session):
    text = DOCUMENT.replace("title: Pets", "title: Pets v2")
    result = run(run_module, fake_session, [state(), lost_answer(), FakeResponse(401)], content=text, retries=0)
    assert len(fake_session.writes) == 1
    assert result["failed"] is True and "whether the change was applied is unknown" in result["msg"]


def test_lost_forced_upload_of_an_equal_document_is_a_change(run_module, fake_session):
    result = run(run_module, fake_session, [state(), lost_answer(), state()], force=True)
    assert len(fake_session.writes) == 1 and result["changed"] is True
    assert result["changes"]["forced"] is True


# ---------------------------------------------------------------------------------------------
# Options


def test_src_the_action_did_not_read_fails_before_any_request(run_module, fake_session, tmp_path):
    path = tmp_path / "openapi.yaml"
    path.write_text(DOCUMENT, encoding="utf-8")
    result = run(run_module, fake_session, [], content=None, src=str(path))
    assert result["failed"] is True and result["msg"].startswith(
        "src names a file on the controller, which this module's action plugin reads"
    )
    assert fake_session.calls == []


@pytest.mark.parametrize(
    "extra, expected",
    [
        ({"shield_zone_id": 0}, "shield_zone_id must be a positive id (from 1 to 9223372036854775807)"),
        ({"src": "/tmp/x.yaml"}, "parameters are mutually exclusive: content|src"),
        ({"content": None}, "one of the following is required: content, src"),
    ],
)
def test_bad_options_fail_before_any_request(run_module, fake_session, extra, expected):
    result = run(run_module, fake_session, [], **extra)
    assert result["failed"] is True and expected in result["msg"]
    assert fake_session.calls == []


# ---------------------------------------------------------------------------------------------
# Conformance of the request body with the published document


def shared_shield_document():
    folder = shared_openapi_dir()
    path = os.path.join(str(folder), "shield-api-v1.0.0.json") if folder is not None else None
    if path is None or not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


@pytest.mark.parametrize("enforce", [None, False])
def test_upload_body_conforms_to_the_published_request_model(run_module, fake_session, enforce):
    published = shared_shield_document()
    if published is None:
        pytest.skip(
            "shield-api-v1.0.0.json is not available (shared/reference/openapi in no directory above "
            "the tests, and EDGE_SHARED_DIR unset)"
        )
    validator_module = pytest.importorskip("openapi_schema_validator")
    schema = copy.deepcopy(published["components"]["schemas"]["UpsertOpenApiSpecificationRequest"])
    text = DOCUMENT.replace("title: Pets", "title: Pets v2")
    run(run_module, fake_session, [state(), state()], content=text, enforce_authorization_validation=enforce)
    body = fake_session.writes[0]["json"]
    validator_module.OAS30Validator(schema).validate(body)
    operation = published["paths"]["/shield/shield-zone/{shieldZoneId}/api-guardian/spec"]["patch"]
    assert "application/json" in operation["requestBody"]["content"]
