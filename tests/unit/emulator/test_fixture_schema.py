"""emulator/fixture.schema.json: the fixture format as JSON Schema, equal to emulator/fixtures.py's checks."""

from __future__ import annotations

import json

import pytest
import yaml

from emulator.fixtures import FIXTURE, FixtureError, fixture_json_schema, validate

from .conftest import COLLECTION_ROOT, EMULATOR_DIR

BAD = [
    {"dns_zones": [{"id": 1, "dnsec": True}]},  # a typo: unknown key
    {"dns_zones": [{"id": "1"}]},  # a string where an integer goes
    {"dns_zones": [{"id": True}]},  # a boolean is no integer
    {"dns_zones": [{"domain": "example.com"}]},  # id required
    {"shield_zones": [{"id": 1, "waf_rule_writes": "sometimes"}]},  # not one of the values
    {"api_keys": "demo"},  # not a list
]


def test_the_checked_in_schema_is_the_codes():
    """When this fails: ``python emulator --fixture-schema > emulator/fixture.schema.json``."""
    written = json.loads((EMULATOR_DIR / "fixture.schema.json").read_text(encoding="utf-8"))
    assert written == fixture_json_schema()


def test_the_schema_accepts_every_fixture_the_emulator_accepts_and_refuses_what_it_refuses():
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema validates the fixture schema")
    validator = jsonschema.Draft202012Validator(fixture_json_schema())
    jsonschema.Draft202012Validator.check_schema(validator.schema)
    fixtures = [EMULATOR_DIR / "fixtures" / "demo.yml"]
    fixtures += sorted((COLLECTION_ROOT / "tests" / "integration" / "targets").glob("*/files/fixture*.yml"))
    for path in fixtures:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        validate(data, FIXTURE)
        assert not [error.message for error in validator.iter_errors(data)], path
    for data in BAD:
        with pytest.raises(FixtureError):
            validate(data, FIXTURE)
        assert not validator.is_valid(data), data
