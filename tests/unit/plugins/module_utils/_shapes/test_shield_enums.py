from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._shapes import shield_enums as enums
from ansible_collections.edge.platform.tests.unit.shield_reference import shield_document


def test_numeric_variable_keys_follow_the_platform_order():
    assert len(enums.WAF_VARIABLES) == 27
    assert enums.variable_name("0") == "REQUEST_URI"
    assert enums.variable_name("9") == "GEO"
    assert enums.variable_name("18") == "REQUEST_HEADERS"
    assert enums.variable_name("25") == "FINGERPRINT"
    assert enums.variable_name("26") == "VERIFIED_BOT_CATEGORY"
    assert [enums.variable_name(str(n)) for n in range(27)] == list(enums.WAF_VARIABLES)


def test_variable_names_and_unknown_keys_are_kept():
    assert enums.variable_name("REQUEST_URI") == "REQUEST_URI"
    assert enums.variable_name("27") == "27"
    assert enums.variable_name("SOMETHING_NEW") == "SOMETHING_NEW"
    assert enums.variable_name(18) == "REQUEST_HEADERS"


def test_normalise_variable_types_maps_numbers_to_names():
    assert enums.normalise_variable_types({"18": "User-Agent", "GEO": "COUNTRY_CODE"}) == {
        "REQUEST_HEADERS": "User-Agent",
        "GEO": "COUNTRY_CODE",
    }
    assert enums.normalise_variable_types({"0": ""}) == {"REQUEST_URI": ""}


@pytest.mark.parametrize("value", [None, [], "REQUEST_URI"])
def test_normalise_variable_types_without_a_mapping_is_empty(value):
    assert enums.normalise_variable_types(value) == {}


def test_a_named_key_wins_over_its_number_in_either_order():
    assert enums.normalise_variable_types({"0": "by-number", "REQUEST_URI": "by-name"}) == {"REQUEST_URI": "by-name"}
    assert enums.normalise_variable_types({"REQUEST_URI": "by-name", "0": "by-number"}) == {"REQUEST_URI": "by-name"}


def test_enum_name_known_unknown_and_not_numbers():
    assert enums.enum_name(enums.WAF_ACTIONS, 1) == "block"
    assert enums.enum_name(enums.WAF_ACTIONS, 5) == "bypass"
    assert enums.enum_name(enums.WAF_OPERATORS, 18) == "DETECTXSS"
    assert enums.enum_name(enums.WAF_OPERATORS, 13) is None
    assert enums.enum_name(enums.WAF_SEVERITIES, "2") == "CRITICAL"
    assert enums.enum_name(enums.BOT_SENSITIVITIES, True) is None
    assert enums.enum_name(enums.BOT_SENSITIVITIES, None) is None
    assert enums.enum_name(enums.BOT_SENSITIVITIES, "high") is None


def _names(schema):
    return dict(zip(schema["enum"], schema["x-enum-varnames"]))


def test_tables_equal_the_published_document():
    schemas = shield_document()["components"]["schemas"]
    assert enums.WAF_ACTION_VARNAMES == _names(schemas["WafRuleActionType"])
    assert enums.WAF_OPERATORS == _names(schemas["WafRuleOperatorType"])
    assert enums.WAF_SEVERITIES == _names(schemas["WafRuleSeverityType"])
    assert enums.WAF_TRANSFORMATIONS == _names(schemas["WafRuleTransformationType"])
    assert enums.BOT_EXECUTION_MODE_VARNAMES == _names(schemas["BotDetectionExecutionMode"])
    assert enums.BOT_SENSITIVITY_VARNAMES == _names(schemas["BotDetectionSensitivity"])
    assert enums.BOT_FINGERPRINT_AGGRESSION_VARNAMES == _names(schemas["BrowserFingerprintAggression"])
    variables = schemas["CreateCustomWafRuleModel"]["properties"]["variableTypes"]["properties"]
    assert tuple(variables) == enums.WAF_VARIABLES


@pytest.mark.parametrize(
    "varname, name",
    [("LogOnly", "log_only"), ("RateLimit", "rate_limit"), ("IP_JA4", "ip_ja4"), ("ASN", "asn"), ("Off", "off")],
)
def test_the_collection_names_the_platform_names_in_snake_case(varname, name):
    assert enums.snake(varname) == name


def test_the_collection_tables_are_the_document_names_in_snake_case():
    assert (
        enums.WAF_ACTIONS
        == enums.named(enums.WAF_ACTION_VARNAMES)
        == {
            1: "block",
            2: "log",
            3: "challenge",
            4: "allow",
            5: "bypass",
        }
    )
    assert enums.BOT_EXECUTION_MODES == {0: "log_only", 1: "challenge"}
    assert enums.BOT_FINGERPRINT_AGGRESSIONS == {0: "unknown", 1: "low", 2: "medium", 3: "high", 4: "custom"}


def test_renamed_spellings_leave_out_case_variants_where_case_is_folded():
    assert enums.renamed(enums.BOT_EXECUTION_MODE_VARNAMES, enums.BOT_EXECUTION_MODES) == {
        "LogOnly": "log_only",
        "Challenge": "challenge",
    }
    assert enums.renamed(enums.WAF_ACTION_VARNAMES, enums.WAF_ACTIONS, fold_case=True) == {}
    choices = enums.enum_choices(enums.RATE_LIMIT_TIMEFRAMES, enums.RATE_LIMIT_TIMEFRAME_VARNAMES, fold_case=True)
    assert list(choices) == ["1s", "10s", "1m", "5m", "15m", "1h"]
    assert choices.resolve("PerOneMinute") == ("1m", "PerOneMinute")
    assert choices.resolve("perOneMinute") == ("1m", "perOneMinute")
    assert choices.resolve("1M") == ("1m", None)
    assert choices.resolve(120) == (120, None)


def test_a_name_or_any_number_gives_the_platform_number():
    assert enums.number_of(enums.BOT_SENSITIVITIES, "High") == 3
    assert enums.number_of(enums.BOT_SENSITIVITIES, "7") == 7
    assert enums.number_of(enums.BOT_SENSITIVITIES, 9) == 9
    assert enums.number_of(enums.BOT_SENSITIVITIES, "extreme") is None
