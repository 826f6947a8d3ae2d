"""The ranges of numeric options, checked before anything starts (``_engine/bounds.py``)."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._engine.bounds import check_bounds
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

SPEC = {
    "zone_id": {"type": "int"},
    "concurrency": {"type": "int"},
    "latitude": {"type": "float"},
    "records": {"type": "list", "elements": "dict", "options": {"ttl": {"type": "int"}, "id": {"type": "int"}}},
    "limit": {"type": "dict", "options": {"request_count": {"type": "int"}}},
    "timeout": {"type": "float"},
}
BOUNDS = {
    "concurrency": (1, 50),
    "latitude": (-90.0, 90.0),
    "records.ttl": (0, 2147483647),
    "limit.request_count": (1, 10),
}


def refusal(params):
    with pytest.raises(InputError) as raised:
        check_bounds(SPEC, BOUNDS, params)
    return str(raised.value), raised.value.option


@pytest.mark.parametrize(
    "params, message, option",
    [
        ({"concurrency": 1000000000}, "concurrency must be from 1 to 50; got 1000000000.", "concurrency"),
        ({"concurrency": 0}, "concurrency must be from 1 to 50; got 0.", "concurrency"),
        (
            {"zone_id": 2**70},
            "zone_id must be a positive id (from 1 to 9223372036854775807); got 1180591620717411303424.",
            "zone_id",
        ),
        ({"zone_id": 0}, "zone_id must be a positive id (from 1 to 9223372036854775807); got 0.", "zone_id"),
        ({"latitude": float("nan")}, "latitude must be a finite number; got nan.", "latitude"),
        ({"latitude": 90.5}, "latitude must be from -90 to 90; got 90.5.", "latitude"),
        (
            {"records": [{"ttl": 60}, {"ttl": -1}]},
            "records[1].ttl must be from 0 to 2147483647; got -1.",
            "records[1].ttl",
        ),
        (
            {"records": [{"id": -5}]},
            "records[0].id must be a positive id (from 1 to 9223372036854775807); got -5.",
            "records[0].id",
        ),
        ({"limit": {"request_count": 11}}, "limit.request_count must be from 1 to 10; got 11.", "limit.request_count"),
    ],
)
def test_a_number_out_of_range_is_refused_naming_the_option(params, message, option):
    assert refusal(params) == (message, option)


def test_numbers_in_range_and_options_not_given_pass():
    check_bounds(
        SPEC,
        BOUNDS,
        {
            "zone_id": 2**63 - 1,
            "concurrency": 50,
            "latitude": -90.0,
            "records": [{"ttl": 0, "id": None}],
            "limit": None,
        },
    )


def test_transport_options_are_left_to_the_connection():
    check_bounds(SPEC, BOUNDS, {"timeout": 10**9})
