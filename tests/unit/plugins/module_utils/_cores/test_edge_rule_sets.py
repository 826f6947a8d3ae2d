# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""held_order: the zone's own order indexes are kept only when every listed rule exists and they already run in the
order listed; otherwise each rule's place in the list becomes its index."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._cores.edge_rule_sets import held_order


def rules(*indexes):
    return [None if index == "new" else {"OrderIndex": index} for index in indexes]


@pytest.mark.parametrize(
    "currents, expected",
    [
        (rules(5, 7, 10), [5, 7, 10]),
        (rules(1), [1]),
        ([], []),
        (rules(10, 7), None),  # listed in another order than they run
        (rules(3, 3), None),  # two rules at one place: their order is the platform's choice
        (rules(1, "new"), None),  # a rule to create has no index yet
        (rules(1, None), None),
        (rules(1, True), None),
    ],
)
def test_held_order(currents, expected):
    assert held_order(currents) == expected
