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
    assert enums.enum_name(enums.WAF_ACTIONS, 1) == "Block"
    assert enums.enum_name(enums.WAF_ACTIONS, 5) == "Bypass"
    assert enums.enum_name(enums.WAF_OPERATORS, 18) == "DETECTXSS"
    assert enums.enum_name(enums.WAF_OPERATORS, 13) is None
    assert enums.enum_name(enums.WAF_SEVERITIES, "2") == "CRITICAL"
    assert enums.enum_name(enums.BOT_SENSITIVITIES, True) is None
    assert enums.enum_name(enums.BOT_SENSITIVITIES, None) is None
    assert enums.enum_name(enums.BOT_SENSITIVITIES, "High") is None


def _names(schema):
    return dict(zip(schema["enum"], schema["x-enum-varnames"]))


def test_tables_equal_the_published_document():
    schemas = shield_document()["components"]["schemas"]
    assert enums.WAF_ACTIONS == _names(schemas["WafRuleActionType"])
    assert enums.WAF_OPERATORS == _names(schemas["WafRuleOperatorType"])
    assert enums.WAF_SEVERITIES == _names(schemas["WafRuleSeverityType"])
    assert enums.WAF_TRANSFORMATIONS == _names(schemas["WafRuleTransformationType"])
    assert enums.BOT_EXECUTION_MODES == _names(schemas["BotDetectionExecutionMode"])
    assert enums.BOT_SENSITIVITIES == _names(schemas["BotDetectionSensitivity"])
    assert enums.BOT_FINGERPRINT_AGGRESSIONS == _names(schemas["BrowserFingerprintAggression"])
    variables = schemas["CreateCustomWafRuleModel"]["properties"]["variableTypes"]["properties"]
    assert tuple(variables) == enums.WAF_VARIABLES
