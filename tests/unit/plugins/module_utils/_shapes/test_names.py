"""_shapes/names.py: names sent to the platform are one line of visible text."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._shapes.names import check_name


@pytest.mark.parametrize("value", ["demo", "b\u00fccher-zone", "rule with spaces", None, 7])
def test_visible_names_and_non_text_pass(value):
    assert check_name(value, "rule_name") is None


@pytest.mark.parametrize(
    "value, code, position",
    [
        ("demo\n", 0x0A, 5),
        ("de\tmo", 0x09, 3),
        ("\x1b[31mred", 0x1B, 1),
        ("a\u2028b", 0x2028, 2),
        ("a\x00", 0x00, 2),
    ],
)
def test_control_characters_are_named_with_their_position(value, code, position):
    assert check_name(value, "pullzone_name") == (
        "pullzone_name contains a control character (U+%04X at position %d): names are one line of visible text; "
        "remove it." % (code, position)
    )
