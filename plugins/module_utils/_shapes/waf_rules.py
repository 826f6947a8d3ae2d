# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""A custom WAF rule's shape: one field table drives every conversion of its conditions.

:data:`FIELDS` has one row per member of a condition (the ``ruleConfiguration`` and each of its chained
conditions); the rows and their walkers are shared with rate limit rules (``shield_rules.py``). Three walkers read it:

- option -> body (:func:`desired_configuration`): the readable ``rule_configuration`` a task gives (names or
  numbers, each number with its ``*_name`` twin, as ``waf_rule_info`` returns them) to the body a write sends,
  every member filled; bad input raises ``InputError`` naming the option path and the fix;
- body -> filled body (:func:`filled_configuration`): what the platform sent, with what it leaves null filled
  as a write fills it, so both sides of a comparison are alike;
- body -> readable (:func:`shape_condition`): snake_case with names beside the numbers; with ``compare`` the
  form compared and diffed (:func:`comparable`).

Adding a member is adding a row. Pure functions (no Ansible, no HTTP): bodies are untrusted, so every
member is checked for its type before use.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from . import shield_rules
from .shield_enums import WAF_ACTIONS
from .shield_rules import (
    CHAINED,
    NEGATED,
    OPERATOR,
    REGEX_VARIABLE,
    SEVERITY,
    TRANSFORMATIONS,
    VALUE,
    VARIABLES,
    Enum,
    shape_error_response,
    shape_rule_fields,
)

OPTION = "rule_configuration"

# The members of a condition (CreateCustomWafRuleModel's ruleConfiguration), in the body's order. Rows with
# chained=False exist on the main condition only.
FIELDS = (
    Enum("action_type", "actionType", WAF_ACTIONS, "an action", chained=False, required=True),
    VARIABLES,
    OPERATOR,
    SEVERITY,
    TRANSFORMATIONS,
    VALUE,
    NEGATED,
    REGEX_VARIABLE,
    CHAINED,
)


def condition_body(spec, where, chained=False):
    """option -> body of one condition (``where``: its option path)."""
    return shield_rules.condition_body(FIELDS, spec, where, chained)


def filled_condition(condition, chained=False):
    """body -> filled body of one condition."""
    return shield_rules.filled_condition(FIELDS, condition, chained)


def shape_condition(condition, chained=False, compare=False, unknown=None):
    """body -> readable: a ``ruleConfiguration`` (or, ``chained``, a chained condition) in snake_case, with names
    beside the numbers; ``compare`` gives the form compared and diffed (transformations as a set); ``unknown`` hears a
    warning per number without a name."""
    return shield_rules.shape_condition(FIELDS, condition, chained, compare, unknown)


def desired_configuration(spec):
    """The ``ruleConfiguration`` to send (``CreateCustomWafRuleModel``, every member filled) from the option."""
    if spec is None:
        raise InputError(
            "%s is required with state=present: the rule's action, variables, operator and value "
            "(the rule_configuration of waf_rule_info can be given as it is)." % OPTION,
            option=OPTION,
        )
    return condition_body(spec, OPTION)


def kept_unnamed(configuration, current, spec):
    """``configuration`` (to write) with a severity that ``spec`` (the option) does not give kept as the ``current``
    rule holds it when it is a number this collection cannot name."""
    return shield_rules.keep_unnamed(FIELDS, configuration, (current or {}).get("ruleConfiguration"), spec)


def filled_configuration(configuration):
    """A ``ruleConfiguration`` the platform sent, with what it leaves null filled as a write fills it.

    Used on both sides of the comparison, so ``""`` and null sub-values, a missing severity or null
    flags never count as a change. Unknown numbers are kept as sent.
    """
    return filled_condition(configuration)


def comparable(configuration):
    """The readable, comparable view of a filled configuration (what the diff shows): chained conditions keep
    their order, transformations count as a set."""
    return shape_condition(configuration, compare=True)


def rule_view(name, description, configuration):
    """The compared and diffed form of one rule: name, description and the readable configuration."""
    return {
        "rule_name": name,
        "rule_description": "" if description is None else str(description),
        "rule_configuration": comparable(filled_configuration(configuration)),
    }


def rule_state(rule):
    """:func:`rule_view` of a ``CustomWafRule`` or a write's body; ``{}`` for no rule."""
    if rule is None:
        return {}
    return rule_view(rule.get("ruleName"), rule.get("ruleDescription"), rule.get("ruleConfiguration"))


def shape_rule(rule, warn):
    """One ``waf_rules`` entry from a ``CustomWafRule``; ``warn(text)`` hears about a broken ``ruleJson`` and each
    number without a name (kept as the number)."""
    shaped = shape_rule_fields(rule, "custom WAF rule", warn)
    unknown = []
    shaped["rule_configuration"] = shape_condition(rule.get("ruleConfiguration"), unknown=unknown)
    for warning in unknown:
        warn(warning)
    shaped["error_response"] = shape_error_response(rule.get("errorResponse"))
    return shaped
