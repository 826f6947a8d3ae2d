"""Every error body shape the platform uses becomes one clear ApiError."""

from __future__ import annotations

import json

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import (
    BAD_ANSWER,
    KINDS,
    MAY_HAVE_BEEN_SENT,
    REFUSED,
    ApiError,
    envelope_failure,
    may_have_landed,
    parse_error_body,
    scrub,
)

SHAPES = [
    pytest.param(
        json.dumps(
            {
                "error": {
                    "statusCode": 404,
                    "success": False,
                    "message": "Shield zone not found",
                    "errorKey": "shield_zone.not_found",
                },
                "data": None,
            }
        ),
        ("Shield zone not found", "shield_zone.not_found", None),
        id="shield-envelope",
    ),
    pytest.param(
        json.dumps(
            {
                "type": "https://tools.ietf.org/html/rfc9110#section-15.5.2",
                "title": "Unauthorized",
                "status": 401,
                "detail": "Bad key",
                "instance": None,
            }
        ),
        ("Unauthorized: Bad key", None, None),
        id="problem-details",
    ),
    pytest.param(
        json.dumps(
            {
                "ErrorKey": "pullzone.hostname_not_found",
                "Field": "Hostname",
                "Message": "The hostname is not on this pull zone.",
            }
        ),
        ("The hostname is not on this pull zone.", "pullzone.hostname_not_found", "Hostname"),
        id="pull-zone",
    ),
    pytest.param(
        json.dumps(
            {
                "type": "https://tools.ietf.org/html/rfc9110#section-15.5.1",
                "title": "One or more validation errors occurred.",
                "status": 400,
                "errors": {
                    "$.ruleConfiguration.actionType": ["The value 9 is not valid."],
                    "$.ruleName": ["The RuleName field is required."],
                },
            }
        ),
        (
            "One or more validation errors occurred.: $.ruleConfiguration.actionType: The value 9 is not valid.; "
            "$.ruleName: The RuleName field is required.",
            None,
            "$.ruleConfiguration.actionType",
        ),
        id="validation-problem-details",
    ),
    pytest.param(json.dumps({"statusCode": 401}), (None, None, None), id="status-code-only"),
    pytest.param(
        json.dumps({"error": "Unauthorized: `The JWT is invalid`"}),
        ("Unauthorized: `The JWT is invalid`", None, None),
        id="database",
    ),
    pytest.param(
        json.dumps({"error": "Internal error", "details": {"why": "slug"}}),
        ('Internal error ({"why": "slug"})', None, None),
        id="database-details",
    ),
    pytest.param(
        json.dumps({"message": "The stream has expired due to inactivity", "code": "STREAM_EXPIRED"}),
        ("The stream has expired due to inactivity", "STREAM_EXPIRED", None),
        id="hrana",
    ),
    pytest.param("", (None, None, None), id="empty"),
    pytest.param("   \n", (None, None, None), id="blank"),
    pytest.param("Received an invalid baton", ("Received an invalid baton", None, None), id="plain-text"),
    pytest.param("[1, 2]", ("[1, 2]", None, None), id="json-list"),
    pytest.param(json.dumps({"unexpected": True}), ('{"unexpected": true}', None, None), id="unknown-object"),
]


@pytest.mark.parametrize("body, expected", SHAPES)
def test_parse_error_body_recognises_every_shape(body, expected):
    assert parse_error_body(body) == expected


def test_parse_error_body_shortens_long_text():
    message, _key, _field = parse_error_body("x" * 1000)
    assert len(message) == 300 and message.endswith("...")


def test_envelope_failure_only_for_failed_envelopes():
    assert envelope_failure(
        {
            "error": {
                "statusCode": 202,
                "success": False,
                "message": "plan",
                "errorKey": "invalid_plan_type.bot_detection",
            }
        }
    ) == (None, "plan", "invalid_plan_type.bot_detection")  # 202 is no error status: the HTTP status (202) stands
    assert envelope_failure({"error": {"statusCode": 200, "success": True}, "data": {}}) is None
    # a GenericRequestResponse nobody filled in: success is judged by the status and the data, not by this
    assert envelope_failure({"error": {"statusCode": 0, "success": False, "message": None, "errorKey": None}}) is None
    assert envelope_failure({"error": {"statusCode": 200, "success": False, "message": " "}, "data": {}}) is None
    assert envelope_failure({"error": {"statusCode": 404, "success": False}}) == (404, None, None)
    assert envelope_failure({"error": {"statusCode": 0, "success": False, "errorKey": "x.y"}}) == (None, None, "x.y")
    assert envelope_failure({"data": {}}) is None
    assert envelope_failure([1]) is None


def test_describe_names_operation_status_key_field_message_and_hint():
    error = ApiError(
        "Adding the certificate to pull zone 7",
        400,
        "The certificate could not be parsed.",
        error_key="pullzone.certificate_invalid",
        field="Certificate",
    )
    assert error.describe() == (
        "Adding the certificate to pull zone 7 failed with HTTP 400 Bad Request "
        "(error key pullzone.certificate_invalid, field Certificate): The certificate could not be parsed. "
        "The platform rejected the request; check the option named in the message."
    )
    assert error.as_dict() == {
        "status": 400,
        "error_key": "pullzone.certificate_invalid",
        "field": "Certificate",
        "message": "The certificate could not be parsed.",
    }


def test_describe_uses_explicit_hint_and_handles_transport_errors():
    error = ApiError("Reading DNS zone 1", None, "ConnectionError: refused", hint="Check base_url.")
    assert error.describe() == "Reading DNS zone 1 failed: ConnectionError: refused. Check base_url."
    assert ApiError("Reading", 418).describe() == "Reading failed with HTTP 418."


def test_scrub_replaces_every_secret_but_ignores_trivial_values():
    assert scrub("key s3cr3t-key in s3cr3t-key", ["s3cr3t-key", "", None, "ab"]) == "key ******** in ********"
    assert scrub(None, ["x"]) is None


def test_untrusted_values_become_text():
    error = ApiError("Reading", 500, {"x": 1}, error_key=42, field=["F"])
    assert (error.message, error.error_key, error.field) == ('{"x": 1}', "42", '["F"]')
    assert "Reading failed with HTTP 500" in error.describe()
    assert ApiError("Reading", "500").status is None
    assert parse_error_body(json.dumps({"title": "Bad", "detail": ["a"]}))[0] == 'Bad: ["a"]'


def test_scrub_also_replaces_the_escaped_form():
    assert scrub("value: 'key\\n'", ["key\n"]) == "value: '********'"


@pytest.mark.parametrize("kind", KINDS)
def test_may_have_landed_only_without_a_readable_answer(kind):
    # sent with no answer, or a 2xx that could not be read: the platform may have acted; anything else proves not
    error = ApiError("Writing", 503 if kind == MAY_HAVE_BEEN_SENT else None, kind=kind)
    assert may_have_landed(error) is (kind in (MAY_HAVE_BEEN_SENT, BAD_ANSWER))


def test_an_error_with_another_hint_is_a_copy():
    error = ApiError("Adding x", 400, "bad", error_key="k", field="Value", hint="old", kind=REFUSED)
    hinted = error.with_hint("check value.")
    assert (hinted.operation, hinted.status, hinted.message, hinted.kind) == ("Adding x", 400, "bad", REFUSED)
    assert hinted.as_dict() == error.as_dict() and hinted.hint == "check value." and error.hint == "old"
