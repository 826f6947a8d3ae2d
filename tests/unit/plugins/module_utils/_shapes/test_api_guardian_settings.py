"""api_guardian_settings: readable names, timeframes, the parameter subset check, PATCH bodies, views."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes import api_guardian_settings as settings
from ansible_collections.edge.platform.plugins.module_utils._shapes.shield_enums import API_GUARDIAN_ACTIONS

ENDPOINT = {
    "apiGuardianEndpointId": 5,
    "requestMethod": "GET",
    "requestPath": "/pets/{petId}",
    "isEnabled": True,
    "validateRequestBodySchema": True,
    "validateResponseBodySchema": False,
    "validateAuthorization": True,
    "detectParameterXss": False,
    "detectParameterSqli": False,
    "availableParameters": {"Path": ["petId"], "Query": ["q"], "Header": None, "Cookie": []},
    "injectionDetectionParameters": None,
    "rateLimitingEnabled": False,
    "rateLimitingType": "IP",
    "rateLimitingRequestCount": 100,
    "rateLimitingTimeframe": 60,
}


@pytest.mark.parametrize("value, number", [("block", 0), ("LOG", 1), ("Ignore", 2), (2, 2), ("1", 1)])
def test_actions_by_name_or_number(value, number):
    assert settings.parse_enum("body_limit_action", value, API_GUARDIAN_ACTIONS) == number


def test_unknown_action_names_the_option_and_the_choices():
    with pytest.raises(
        InputError,
        match=r"^unmatched_path_action must be one of block, log, ignore, or the platform's number; got 'drop'\.$",
    ):
        settings.parse_enum("unmatched_path_action", "drop", API_GUARDIAN_ACTIONS)


def test_a_number_without_a_name_is_sent_as_it_is():
    assert settings.parse_enum("unmatched_path_action", 3, API_GUARDIAN_ACTIONS) == 3


@pytest.mark.parametrize(
    "value, seconds",
    [
        ("1s", 1),
        ("10s", 10),
        ("1m", 60),
        ("5M", 300),
        ("15m", 900),
        ("1h", 3600),
        ("3600", 3600),
        (900, 900),
        ("30", 30),  # seconds the document does not list: the platform accepts or refuses them
        (120, 120),
    ],
)
def test_timeframes(value, seconds):
    assert settings.parse_timeframe("rate_limiting.timeframe", value) == seconds


@pytest.mark.parametrize("value", ["2m", "1d", ""])
def test_timeframes_that_are_no_name_nor_seconds(value):
    with pytest.raises(InputError, match="must be one of 1s, 10s, 1m, 5m, 15m, 1h, or the platform's number"):
        settings.parse_timeframe("rate_limiting.timeframe", value)


def test_configuration_sends_only_what_differs():
    wanted = settings.CONFIGURATION.wanted(
        {"enabled": None, "execution_mode": "block", "body_limit_action": "log", "unmatched_path_action": None}
    )
    assert wanted == {"executionMode": 1, "bodyLimitAction": 1}
    current = {"isEnabled": True, "executionMode": 0, "bodyLimitAction": 1, "unmatchedPathAction": 1}
    assert settings.CONFIGURATION.changes(current, wanted) == {"executionMode": 1}
    assert settings.CONFIGURATION.view(current) == {
        "enabled": True,
        "execution_mode": "log",
        "body_limit_action": "log",
        "unmatched_path_action": "log",
    }


def test_an_unknown_platform_number_is_shown_as_the_number():
    assert settings.CONFIGURATION.view({"executionMode": 7})["execution_mode"] == 7


def test_parameters_are_checked_against_the_endpoint_naming_every_bad_one():
    with pytest.raises(InputError) as error:
        settings.parse_parameters(
            "injection_detection_parameters",
            {"query": ["q", "x"], "Header": ["H"]},
            ENDPOINT["availableParameters"],
            "GET /pets/{petId}",
        )
    assert str(error.value) == (
        "injection_detection_parameters names parameters GET /pets/{petId} does not have: "
        "Query.x, Header.H. Available: Path.petId, Query.q."
    )


@pytest.mark.parametrize(
    "value, message",
    [({"Body": []}, "unknown location 'Body'"), ({"Query": "q"}, "Query must be a list"), ([], "must be a mapping")],
)
def test_bad_parameter_shapes(value, message):
    with pytest.raises(InputError, match=message):
        settings.parse_parameters("injection_detection_parameters", value, {}, "GET /")


def test_parameter_selection_compares_as_sets_and_null_is_empty():
    wanted = settings.ENDPOINT.wanted(
        {"injection_detection_parameters": {"Path": ["petId"], "Query": ["q"]}},
        dict(ENDPOINT, injectionDetectionParameters={"Query": ["q"], "Path": ["petId"]}),
    )
    assert (
        settings.ENDPOINT.changes(
            dict(ENDPOINT, injectionDetectionParameters={"Query": ["q"], "Path": ["petId"]}), wanted
        )
        == {}
    )
    empty = settings.ENDPOINT.wanted({"injection_detection_parameters": {}}, ENDPOINT)
    assert settings.ENDPOINT.changes(ENDPOINT, empty) == {}  # null selection == all groups empty


def test_endpoint_body_and_view():
    params = {
        "enabled": False,
        "detect_sqli": True,
        "rate_limiting": {"enabled": True, "type": "global", "request_count": 5, "timeframe": "1h"},
    }
    body = settings.ENDPOINT.changes(ENDPOINT, settings.ENDPOINT.wanted(params, ENDPOINT))
    assert body == {
        "isEnabled": False,
        "detectParameterSqli": True,
        "rateLimitingEnabled": True,
        "rateLimitingType": "Global",
        "rateLimitingRequestCount": 5,
        "rateLimitingTimeframe": 3600,
    }
    view = settings.ENDPOINT.view(dict(ENDPOINT, **body))
    assert view["rate_limiting"] == {
        "enabled": True,
        "type": "global",
        "request_count": 5,
        "timeframe": "1h",
        "timeframe_seconds": 3600,
    }
    assert view["injection_detection_parameters"] == {"Path": [], "Query": [], "Header": [], "Cookie": []}


def test_endpoint_is_found_by_method_in_any_case_and_exact_path():
    assert settings.find_endpoint([ENDPOINT], "get", "/pets/{petId}") is ENDPOINT
    with pytest.raises(InputError, match=r"Available: GET /pets/\{petId\}\.$"):
        settings.find_endpoint([ENDPOINT], "GET", "/pets/{id}")
    with pytest.raises(InputError, match="no API Guardian endpoints"):
        settings.find_endpoint([], "GET", "/")


def test_a_long_endpoint_list_is_cut():
    endpoints = [{"requestMethod": "GET", "requestPath": "/p%02d" % i} for i in range(25)]
    with pytest.raises(InputError, match=r"GET /p19 \(and 5 more\)\.$"):
        settings.find_endpoint(endpoints, "GET", "/nope")
