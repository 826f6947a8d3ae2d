# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Enum options list their choices, so ansible-doc shows them, and the argument spec enforces the same list."""

from __future__ import annotations

import importlib
import os

import pytest
import yaml

MODULES_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "plugins", "modules")
MODULES = sorted(name[:-3] for name in os.listdir(MODULES_DIR) if name.endswith(".py") and name != "__init__.py")

# Options whose values are a closed set (names and/or the platform's numbers). waf_rule's rule_configuration
# options are not: a number this collection does not know yet is passed on to the platform, and its _name twin is
# then null as waf_rule_info returns it (a null would fail a choices check, so writing that output back would).
ENUM_OPTIONS = {
    "api_guardian": ["execution_mode", "body_limit_action", "unmatched_path_action"],
    "api_guardian_endpoint": ["rate_limiting.type", "rate_limiting.timeframe"],
    "bot_detection": [
        "execution_mode",
        "request_integrity_sensitivity",
        "ip_address_sensitivity",
        "fingerprint_sensitivity",
        "fingerprint_aggression",
    ],
    "database_token": ["state", "authorization"],
    "waf_rule": ["state"],
}


def module(name):
    return importlib.import_module("ansible_collections.edge.platform.plugins.modules.%s" % name)


def flat(options, key, prefix=""):
    """``{dotted name: option}`` of an argument spec (``key="options"``) or of documented options (``suboptions``)."""
    found = {}
    for name, option in (options or {}).items():
        found[prefix + name] = option
        found.update(flat(option.get(key), key, prefix + name + "."))
    return found


@pytest.mark.parametrize("name", MODULES)
def test_documented_choices_are_the_enforced_choices(name):
    imported = module(name)
    documented = flat(yaml.safe_load(imported.DOCUMENTATION).get("options"), "suboptions")
    spec = flat(imported.MODULE.argument_spec, "options")
    mismatched = {
        option: (documented.get(option, {}).get("choices"), spec[option].get("choices"))
        for option in spec
        if option in documented and documented[option].get("choices") != spec[option].get("choices")
    }
    assert mismatched == {}


@pytest.mark.parametrize("name, option", [(n, o) for n in sorted(ENUM_OPTIONS) for o in ENUM_OPTIONS[n]])
def test_every_enum_option_lists_its_choices(name, option):
    documented = flat(yaml.safe_load(module(name).DOCUMENTATION).get("options"), "suboptions")
    assert documented[option].get("choices"), "%s %s shows no choices in ansible-doc" % (name, option)


@pytest.mark.parametrize(
    "name, option, value",
    [
        ("bot_detection", "execution_mode", 1),
        ("bot_detection", "execution_mode", "1"),
        ("bot_detection", "fingerprint_aggression", "Custom"),
        ("api_guardian", "execution_mode", 0),
        ("api_guardian_endpoint", "rate_limiting.timeframe", 60),
        ("api_guardian_endpoint", "rate_limiting.timeframe", "PerOneMinute"),
    ],
)
def test_a_number_given_as_int_or_text_is_one_of_the_choices(name, option, value):
    from ansible.module_utils.common.arg_spec import ArgumentSpecValidator

    spec = module(name).MODULE.argument_spec
    parent, _dot, child = option.rpartition(".")
    params = {parent: {child: value}} if parent else {option: value}
    outer = {parent: dict(spec[parent])} if parent else {option: spec[option]}
    result = ArgumentSpecValidator(outer).validate(params)
    assert result.error_messages == []
