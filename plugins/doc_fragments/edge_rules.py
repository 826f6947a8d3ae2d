# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations


class ModuleDocFragment(object):
    # The readable shape of an edge rule, as pullzone_edge_rule returns it and pullzone_edge_rule_info lists it: the
    # "contains" of their return value. Each module carries a copy between "# BEGIN edge.platform.edge_rules.RULE" and
    # "# END ..." lines (RV(@.x) reads RV(<its return value>.x) there); edit the text here and run
    # tests/utils/doc_fragment_copies.py.
    RULE = r"""
guid:
  description: The rule's guid, its identity on the platform; null for a rule only predicted in check mode.
  type: str
  sample: 3f2b9c1e-8d4a-4c7e-9b1f-2a6d5e7c8b90
description:
  description: The rule's description, by which M(edge.platform.pullzone_edge_rule) finds it.
  type: str
  sample: "www: force HTTPS"
enabled:
  description: Whether the rule is enabled.
  type: bool
  sample: true
actions:
  description:
    - The rule's actions in order (the first, then the platform's extra actions).
    - Each has C(type) (a name, or the platform's number for an action this collection does not name, with a
      warning), C(parameter1), C(parameter2) and C(parameter3) (null when not set).
  type: list
  elements: dict
  sample: [{"type": "redirect", "parameter1": "https://www.example.com{{path}}", "parameter2": "301", "parameter3": null}]
triggers:
  description:
    - The rule's triggers. Each has C(type) (a name, or a number this collection does not name), C(patterns),
      C(match) (V(any), V(all) or V(none)) and C(parameter1) (null when not set).
  type: list
  elements: dict
  sample: [{"type": "url", "patterns": ["http://*"], "match": "any", "parameter1": null}]
trigger_match:
  description: How the triggers combine, V(any), V(all) or V(none).
  type: raw
  sample: any
order_index:
  description: The rule's place in the execution order (smallest first).
  type: int
  sample: 1
"""
