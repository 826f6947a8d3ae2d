# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A custom WAF rule's shape: one field table drives every conversion of its conditions.

:data:`FIELDS` has one row per member of a condition (the ``ruleConfiguration`` and each of its chained
conditions); the rows and their walkers are shared with rate limit rules (``shield_rules.py``), and so is the rule
around the configuration (:data:`SHAPE`, a ``shield_rules.RuleShape`` of one group, ``rule_configuration``):

- option -> body (:func:`desired_configuration`): the readable ``rule_configuration`` a task gives (names or
  numbers, each number with its ``*_name`` twin, as ``waf_rule_info`` returns them) to the body a write sends,
  every member filled; bad input raises ``InputError`` naming the option path and the fix;
- body -> filled body (:func:`filled_configuration`): what the platform sent, with what it leaves null filled
  as a write fills it, so both sides of a comparison are alike;
- body -> readable (:func:`shape_condition`): snake_case with names beside the numbers; :func:`rule_view` gives the
  form compared and diffed.

Adding a member is adding a row. Pure functions (no Ansible, no HTTP): bodies are untrusted, so every
member is checked for its type before use.
"""

from __future__ import annotations

from . import shield_rules
from .shield_enums import WAF_ACTIONS
from .shield_rules import CONDITION_ROWS, Enum, RuleShape

OPTION = "rule_configuration"

# The members of a condition (CreateCustomWafRuleModel's ruleConfiguration), in the body's order. Rows with
# chained=False exist on the main condition only.
FIELDS = (Enum("action_type", "actionType", WAF_ACTIONS, "an action", chained=False, required=True),) + CONDITION_ROWS
SHAPE = RuleShape(
    "custom WAF rule", ((OPTION, FIELDS, "the rule's action, variables, operator and value"),), "waf_rule_info"
)
filled_configuration, rule_view, rule_state, shape_rule = (
    SHAPE.filled_configuration,
    SHAPE.rule_view,
    SHAPE.rule_state,
    SHAPE.shape_rule,
)


def shape_condition(condition, chained=False, compare=False, unknown=None):
    """body -> readable: a ``ruleConfiguration`` (or, ``chained``, a chained condition) in snake_case, with names
    beside the numbers; ``compare`` gives the form compared and diffed (transformations as a set); ``unknown`` hears a
    warning per number without a name."""
    return shield_rules.shape_condition(FIELDS, condition, chained, compare, unknown)


def desired_configuration(spec):
    """The ``ruleConfiguration`` to send (``CreateCustomWafRuleModel``, every member filled) from the option."""
    return SHAPE.desired_configuration({OPTION: spec})
