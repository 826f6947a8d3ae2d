"""_hosts/screen.py: the argument screen and the mask set both hosts use."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._hosts.screen import NoLogValues


def test_blank_values_never_enter_the_masking_set():
    values = NoLogValues()
    values.update([" ", "", "\t", "real-secret"])
    values.add("  ")
    assert values == {"real-secret"}
