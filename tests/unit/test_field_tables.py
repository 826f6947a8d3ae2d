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
    dns_records,
    dns_zones,
    fields,
    pull_zones,
    shield_zone_settings,
)

# (module, the list option whose entries the table drives or None for the top level, table)
TABLES = [
    ("access_list", None, access_lists.FIELDS),
    ("dnszone", None, dns_zones.SETTINGS),
    ("dns_record", None, dns_records.RECORD_OPTIONS),
    ("dns_records", "records", dns_records.RECORD_OPTIONS),
    ("pullzone", None, pull_zones.FIELDS),
    ("shield_zone", None, shield_zone_settings.FIELDS + shield_zone_settings.UPLOAD_FIELDS),
]
IDS = [name for name, _entries, _table in TABLES]


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


@pytest.mark.parametrize("name, entries, table", TABLES, ids=IDS)
def test_the_documented_options_equal_the_table(name, entries, table):
    options = yaml.safe_load(module(name).DOCUMENTATION)["options"]
    options = options[entries]["suboptions"] if entries else options
    missing = [field.option for field in table if field.option not in options]
    assert missing == []
    for field in table:
        assert documented(options[field.option]) == specified(field.spec()), field.option


@pytest.mark.parametrize("name, entries, table", TABLES, ids=IDS)
def test_the_argument_spec_is_the_table(name, entries, table):
    spec = module(name).MODULE.argument_spec
    spec = spec[entries]["options"] if entries else spec
    assert {option: spec[option] for option in fields.by_option(table)} == fields.argument_spec(table)
    declared, prefix = module(name).MODULE.bounds, entries + "." if entries else ""
    assert {option: declared[prefix + option] for option in fields.bounds(table)} == fields.bounds(table)


def test_the_record_types_are_the_table_s():
    """The record types are written once (dns_records.TYPE_NUMBERS): the info module takes every type read, the
    write modules every type written, as each documents it."""
    for name, types in (("dns_record_info", dns_records.TYPES.values()), ("dns_record", dns_records.WRITABLE_TYPES)):
        option = yaml.safe_load(module(name).DOCUMENTATION)["options"]["type"]
        assert option["choices"] == list(module(name).MODULE.argument_spec["type"]["choices"]) == list(types)
