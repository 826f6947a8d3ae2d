"""The machine-readable part of a module's documentation equals its field table (issue 30, item 2).

The descriptions stay hand-written; each option a table drives must be documented with the type, elements, choices,
default (none: an option left out is not managed) and whether it is required, as its field says, and the module's
argument spec must be the table's. Adding a setting is then one table row and its documentation entry, and neither
can drift from the other.
"""

from __future__ import annotations

import importlib

import pytest
import yaml

from ansible_collections.edge.platform.plugins.module_utils._shapes import (
    access_lists,
    dns_zones,
    fields,
    pull_zones,
    shield_zone_settings,
)

TABLES = [
    ("access_list", access_lists.FIELDS),
    ("dnszone", dns_zones.SETTINGS),
    ("pullzone", pull_zones.FIELDS),
    ("shield_zone", shield_zone_settings.FIELDS + shield_zone_settings.UPLOAD_FIELDS),
]


def module(name):
    return importlib.import_module("ansible_collections.edge.platform.plugins.modules.%s" % name)


def documented(doc):
    """What the argument spec says of an option, as its documentation states it."""
    found = {"type": doc.get("type", "str"), "default": doc.get("default"), "required": doc.get("required", False)}
    for key in ("elements", "choices"):
        if key in doc:
            found[key] = doc[key]
    if "suboptions" in doc:
        found["options"] = {name: documented(sub) for name, sub in doc["suboptions"].items()}
    return found


def specified(spec):
    found = {"type": spec.get("type", "str"), "default": spec.get("default"), "required": spec.get("required", False)}
    if "elements" in spec:
        found["elements"] = spec["elements"]
    if "choices" in spec:
        found["choices"] = list(spec["choices"])
    if "options" in spec:
        found["options"] = {name: specified(sub) for name, sub in spec["options"].items()}
    return found


@pytest.mark.parametrize("name, table", TABLES, ids=[name for name, _table in TABLES])
def test_the_documented_options_equal_the_table(name, table):
    options = yaml.safe_load(module(name).DOCUMENTATION)["options"]
    missing = [field.option for field in table if field.option not in options]
    assert missing == []
    for field in table:
        assert documented(options[field.option]) == specified(field.spec()), field.option


@pytest.mark.parametrize("name, table", TABLES, ids=[name for name, _table in TABLES])
def test_the_argument_spec_is_the_table(name, table):
    spec = module(name).MODULE.argument_spec
    assert {option: spec[option] for option in fields.by_option(table)} == fields.argument_spec(table)
    declared = module(name).MODULE.bounds
    assert {option: declared[option] for option in fields.bounds(table)} == fields.bounds(table)
