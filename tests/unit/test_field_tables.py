"""The machine-readable part of a module's documentation equals its field table (issue 30, item 2).

The descriptions stay hand-written; each option a table drives must be documented with the type, elements, choices,
default (none: an option left out is not managed) and whether it is required, as its field says, and the module's
argument spec must be the table's. Adding a setting is then one table row and its documentation entry, and neither
can drift from the other.
"""

from __future__ import annotations

import ast
import importlib
import pathlib
import pkgutil
import re

import pytest
import yaml

from ansible_collections.edge.platform.plugins.module_utils import _shapes
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


# --- one Field class (issue 30): every table is made of the kit's fields ---------------------------------------------

PLUGINS = pathlib.Path(fields.__file__).resolve().parents[2]
KIT = pathlib.Path(fields.__file__).resolve()
TABLE_NAME = re.compile(r"^([A-Z]+_)*(FIELDS|ROWS)$")


def assigned(node):
    """The ``self.<name>`` attributes a function assigns."""
    found = set()
    for sub in ast.walk(node):
        for target in getattr(sub, "targets", []):
            for item in target.elts if isinstance(target, ast.Tuple) else [target]:
                if isinstance(item, ast.Attribute) and isinstance(item.value, ast.Name) and item.value.id == "self":
                    found.add(item.attr)
    return found


def field_like_classes(path):
    """The classes of a file that are a field of their own: named Field, or an ``__init__`` that keeps an option and
    the platform's member for it (a kit field's subclass hands both to the kit)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ClassDef):
            continue
        init = [item for item in node.body if isinstance(item, ast.FunctionDef) and item.name == "__init__"]
        keeps = assigned(init[0]) if init else set()
        if node.name == "Field" or ("option" in keeps and keeps & {"member", "prop", "key"}):
            found.append("%s: %s" % (path.relative_to(PLUGINS), node.name))
    return found


def test_no_field_class_outside_the_kit():
    found = []
    for path in sorted(PLUGINS.rglob("*.py")):
        if path.resolve() != KIT:
            found += field_like_classes(path)
    assert found == []


def shapes_modules():
    for info in pkgutil.iter_modules(_shapes.__path__):
        yield importlib.import_module("%s.%s" % (_shapes.__name__, info.name))


def tables():
    """``(where, rows)`` of every table of the shapes: those that drive a module's options (:data:`TABLES`), the
    module-level tables (``FIELDS``, ``*_FIELDS``, ``ROWS``, ``*_ROWS``, as tuples or by option), the tables of a
    settings object (``fields``) and of a kind of rule (``groups``)."""
    for name, entries, table in TABLES:
        yield "%s %s" % (name, entries or "options"), list(table)
    for shapes in shapes_modules():
        for name, value in vars(shapes).items():
            where = "%s.%s" % (shapes.__name__.rsplit(".", 1)[1], name)
            if TABLE_NAME.match(name) and isinstance(value, (tuple, dict)):
                yield where, list(value.values()) if isinstance(value, dict) else list(value)
            if not type(value).__module__.startswith(_shapes.__name__):
                continue  # not an object of the shapes
            if isinstance(getattr(value, "fields", None), tuple):
                yield where, list(value.fields)
            for option, rows, _what in getattr(value, "groups", ()):
                yield "%s.%s" % (where, option), list(rows)


def raw_tables():
    """Module-level tuples of ``(option, member, ...)`` rows: a table written without the kit."""
    snake = re.compile(r"^[a-z][a-z0-9_]*$")
    for shapes in shapes_modules():
        for name, value in vars(shapes).items():
            rows = value if isinstance(value, tuple) and value else ()
            if all(isinstance(row, tuple) and len(row) > 1 and isinstance(row[0], str) for row in rows):
                if rows and all(snake.match(row[0]) and isinstance(row[1], str) for row in rows):
                    yield "%s.%s" % (shapes.__name__.rsplit(".", 1)[1], name)


def test_every_table_is_made_of_kit_fields():
    found = list(tables())
    assert len(found) > 20  # the walk sees the tables
    assert ["%s: %r" % (where, row) for where, rows in found for row in rows if not isinstance(row, fields.Field)] == []
    assert list(raw_tables()) == []
