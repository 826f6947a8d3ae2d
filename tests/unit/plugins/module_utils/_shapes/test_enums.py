"""Enums that grow: a number the collection cannot name is shown as the number, with a warning."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._shapes.enums import is_number, readable

TABLE = {0: "log", 1: "block"}


def test_a_known_number_is_named_and_an_unknown_one_kept_with_a_warning():
    unknown = []
    assert readable(TABLE, 1, "wafExecutionMode", unknown) == "block"
    assert unknown == []
    assert readable(TABLE, 7, "wafExecutionMode", unknown) == 7
    assert readable(TABLE, 7, "wafExecutionMode", unknown) == 7
    assert unknown == [
        "The platform answered wafExecutionMode = 7, a value this collection does not name (the platform may have "
        "added it since): it is returned as the number and left as it is."
    ]


def test_what_is_not_a_number_comes_back_as_it_came():
    assert readable(TABLE, None, "x", []) is None
    assert readable(TABLE, "block", "x", []) == "block"
    assert readable(TABLE, True, "x", []) is True


@pytest.mark.parametrize("value, expected", [(1, True), (0, True), (True, False), (1.0, False), ("1", False)])
def test_a_bool_is_no_integer(value, expected):
    assert is_number(value) is expected
