# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Enum options list their choices, so ansible-doc shows them, and the argument spec enforces the same list.

Which options are enum options is not a hand list: it is every option whose documentation names (with ``V()``) two or
more values of one of the collection's enum tables (``_shapes``: a platform enum's ``{number: name}`` table, or a tuple
of names). An option that only names another option's values uses ``O(option=value)`` instead.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import re

import pytest
import yaml

import ansible_collections.edge.platform.plugins.module_utils._shapes as shapes_package

MODULES_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "plugins", "modules")
MODULES = sorted(name[:-3] for name in os.listdir(MODULES_DIR) if name.endswith(".py") and name != "__init__.py")


def enum_tables():
    """``{"<shapes module>.<TABLE>": set of names}`` of every enum table of ``_shapes``."""
    tables = {}
    for info in pkgutil.iter_modules(shapes_package.__path__):
        shapes = importlib.import_module("%s.%s" % (shapes_package.__name__, info.name))
        for key, value in vars(shapes).items():
            if not key.isupper() or not value:
                continue
            if (
                isinstance(value, dict)
                and all(isinstance(n, int) and not isinstance(n, bool) for n in value)
                and all(isinstance(v, str) for v in value.values())
            ):
                tables["%s.%s" % (info.name, key)] = set(value.values())
            elif isinstance(value, (tuple, frozenset)) and len(value) > 1 and all(isinstance(v, str) for v in value):
                tables["%s.%s" % (info.name, key)] = set(value)
    return tables


TABLES = enum_tables()


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


def enum_options(name):
    """``{dotted option: the tables it names}`` of the options whose documentation names values of an enum table."""
    found = {}
    for option, doc in flat(yaml.safe_load(module(name).DOCUMENTATION).get("options"), "suboptions").items():
        text = doc.get("description")
        named = set(re.findall(r"V\(([^)]*)\)", " ".join(text) if isinstance(text, list) else str(text or "")))
        tables = sorted(table for table, names in TABLES.items() if len(named & names) >= 2)
        if tables:
            found[option] = tables
    return found


def test_the_enum_options_are_found():
    assert TABLES["dns_records.MONITOR_TYPES"] == {"none", "ping", "http", "monitor"}
    assert "monitor_type" in enum_options("dns_record")
    assert "execution_mode" in enum_options("bot_detection")
    assert "rule_configuration.action_type" in enum_options("waf_rule")


@pytest.mark.parametrize("name", MODULES)
def test_every_enum_option_lists_its_choices(name):
    documented = flat(yaml.safe_load(module(name).DOCUMENTATION).get("options"), "suboptions")
    assert {o: t for o, t in enum_options(name).items() if not documented[o].get("choices")} == {}


def validated(name, option, value):
    """The errors of argument validation of ``option`` (dotted for a sub-option) of module ``name`` given ``value``."""
    from ansible.module_utils.common.arg_spec import ArgumentSpecValidator

    spec = module(name).MODULE.argument_spec
    parent, _dot, child = option.rpartition(".")
    params = {parent: {child: value}} if parent else {option: value}
    outer = {parent: dict(spec[parent])} if parent else {option: spec[option]}
    return ArgumentSpecValidator(outer).validate(params).error_messages


@pytest.mark.parametrize(
    "name, option, value",
    [
        ("bot_detection", "execution_mode", 1),
        ("bot_detection", "execution_mode", "1"),
        ("bot_detection", "execution_mode", 7),  # a number the platform added since: sent as it is
        ("bot_detection", "execution_mode", "LogOnly"),  # the spelling of earlier releases (deprecated)
        ("bot_detection", "fingerprint_aggression", "custom"),
        ("api_guardian", "execution_mode", 0),
        ("api_guardian_endpoint", "rate_limiting.timeframe", 60),
        ("api_guardian_endpoint", "rate_limiting.timeframe", "PerOneMinute"),
        ("dns_record", "monitor_type", "7"),
        ("waf_rule", "rule_configuration.action_type", "Block"),  # the rule language: any case
        ("waf_rule", "rule_configuration.operator_type", "beginswith"),
        ("waf_rule", "rule_configuration.transformation_types", ["lowercase", 19]),
        ("rate_limit_rule", "limit.counter_key", "IP_JA4"),
    ],
)
def test_a_value_the_option_takes_besides_its_listed_choices(name, option, value):
    assert validated(name, option, value) == []


@pytest.mark.parametrize(
    "name, option, value",
    [
        ("bot_detection", "execution_mode", "LOG_ONLY"),  # listed names are matched as listed
        ("bot_detection", "execution_mode", -1),
        ("dns_record", "monitor_type", "Ping"),
        ("waf_rule", "rule_configuration.action_type", "smite"),
        ("rate_limit_rule", "response.action", True),
    ],
)
def test_a_value_outside_the_choices_is_refused_naming_them(name, option, value):
    errors = validated(name, option, value)
    assert len(errors) == 1 and "must be one of" in errors[0]
