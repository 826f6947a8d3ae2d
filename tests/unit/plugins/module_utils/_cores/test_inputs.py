"""The checks of options the cores make alike: a name sent to the platform, options state=absent does not take."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._cores.inputs import (
    check_given_name,
    is_spaces,
    nothing_when_absent,
)
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

EMPTY = "name must not be empty."


def refusal(name, **how):
    with pytest.raises(InputError) as caught:
        check_given_name(name, "name", EMPTY, **how)
    assert caught.value.option == "name"
    return str(caught.value)


def test_a_name_of_visible_text_passes():
    assert check_given_name("edge zone", "name", EMPTY) is None


def test_a_blank_name_gets_the_empty_message_and_a_control_character_its_own():
    assert refusal(None) == refusal("") == refusal("  ") == EMPTY
    assert refusal("a\nb").startswith("name contains a control character (U+000A at position 2)")


def test_a_blank_name_with_a_control_character_gets_the_message_chosen():
    assert refusal("\t") == EMPTY
    assert refusal("\t", blank_first=False).startswith("name contains a control character (U+0009 at position 1)")


def test_what_counts_as_blank_is_the_callers():
    assert check_given_name(None, "name", EMPTY, blank=is_spaces) is None
    assert refusal("  ", blank=is_spaces) == EMPTY
    assert check_given_name(None, "name", EMPTY, blank=lambda name: name == "") is None
    assert check_given_name("  ", "name", EMPTY, blank=lambda name: name == "") is None
    assert refusal("", blank=lambda name: name == "") == EMPTY


def test_state_absent_takes_no_option_of_state_present():
    assert nothing_when_absent({"state": "present"}, ["comment"]) is None
    assert nothing_when_absent({"state": "absent"}, []) is None
    with pytest.raises(InputError) as caught:
        nothing_when_absent({"state": "absent"}, ["primary_regions", "storage_region"], "regions")
    assert str(caught.value) == "state=absent takes no regions (primary_regions, storage_region given): remove them."
    assert caught.value.option == "state"
