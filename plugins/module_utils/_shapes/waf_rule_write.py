# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The custom WAF rule a task asks for: readable names (or numbers) to the platform's body, and the comparable view.

Pure functions (no Ansible, no HTTP). ``rule_configuration`` arrives in the shape ``waf_rule_info``
returns (``_waf_rules.shape_condition``), so its output can be written back unchanged: numbers and
their ``*_name`` twins both accepted, and they must agree. Problems are raised as :class:`RuleInputError`
naming the option path and the fix.
"""

from __future__ import annotations

from .shield_enums import (
    WAF_ACTIONS, WAF_OPERATORS, WAF_SEVERITIES, WAF_TRANSFORMATIONS, WAF_VARIABLES, as_number, enum_name,
    normalise_variable_types)
from .waf_rule_read import error_response_failure, shape_condition

OPTION = "rule_configuration"
# What the platform stores for a member the body leaves out: the Terraform provider never sends
# severityType, isNegated or isRegexVariable (BunnyWay/terraform-provider-bunnynet,
# internal/api/pullzone_waf_rule.go, PullzoneWafRuleConfiguration), so a rule it creates has the C#
# defaults: NOTICE (0), false, false.
DEFAULT_SEVERITY = 0


class RuleInputError(ValueError):
    """A ``rule_configuration`` the module cannot send; the message names the option and the fix."""


def _names(table):
    return ", ".join(table[n] for n in sorted(table))


def _enum(table, value, where, kind):
    """The platform's number for a name (any case) or a number; None for None.

    Numbers are passed on as given (a newer platform value this collection does not know yet); names
    must be known.
    """
    if value is None:
        return None
    number = as_number(value)
    if number is not None:
        return number
    if isinstance(value, str):
        wanted = value.strip().upper()
        for key, name in table.items():
            if name.upper() == wanted:
                return key
    raise RuleInputError("%s must be %s name (%s) or its number; got %r." % (where, kind, _names(table), value))


def _agreeing(table, number_value, name_value, where, kind):
    """One number from an option and its ``_name`` twin (as waf_rule_info returns both); they must agree."""
    number = _enum(table, number_value, where, kind)
    # waf_rule_info returns a null name for a number it does not know: nothing to check then
    named = _enum(table, name_value, where + "_name", kind) if name_value is not None else None
    if number is not None and named is not None and number != named:
        raise RuleInputError("%s (%s) and %s_name (%s) disagree: give one of them, or make them match."
                             % (where, number_value, where, name_value))
    return number if number is not None else named


def _variables(value, where):
    """``variableTypes`` keyed by the platform's names; null sub-values become ``""``."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RuleInputError("%s must be a mapping of variable name to sub-variable (\"\" for none), for example "
                             "{REQUEST_URI: \"\"} or {REQUEST_HEADERS: User-Agent}." % where)
    variables = {}
    for key, sub in value.items():
        name = str(key).strip().upper()
        number = as_number(name)
        if number is not None and 0 <= number < len(WAF_VARIABLES):
            name = WAF_VARIABLES[number]
        if name not in WAF_VARIABLES:
            # the published document closes variableTypes (additionalProperties: false): the platform refuses others
            raise RuleInputError("%s has unknown variable %r; use one of %s (or their numbers 0 to %d)."
                                 % (where, key, ", ".join(WAF_VARIABLES), len(WAF_VARIABLES) - 1))
        if name in variables:
            raise RuleInputError("%s names variable %s twice." % (where, name))
        if isinstance(sub, bool) or (sub is not None and not isinstance(sub, (str, int, float))):
            raise RuleInputError("%s.%s must be a text (a header or cookie name, COUNTRY_CODE for GEO) or \"\"; got %r."
                                 % (where, name, sub))
        variables[name] = "" if sub is None else str(sub)
    return variables


def _transformations(numbers, names, where):
    chosen = numbers if numbers is not None else names
    label = where + ("_types" if numbers is not None else "_type_names")
    if chosen is None:
        return []
    if not isinstance(chosen, list):
        raise RuleInputError("%s must be a list of transformation names (%s) or numbers." % (label, _names(WAF_TRANSFORMATIONS)))
    result = [_enum(WAF_TRANSFORMATIONS, item, "%s[%d]" % (label, index), "a transformation")
              for index, item in enumerate(chosen)]
    if numbers is not None and names is not None:
        named = [_enum(WAF_TRANSFORMATIONS, n, where + "_type_names[]", "a transformation") for n in names if n is not None]
        if any(n not in result for n in named):
            raise RuleInputError("%s_types and %s_type_names disagree: give one of them, or make them match."
                                 % (where, where))
    return result


def _flag(value, where):
    if value is None:
        return False
    if not isinstance(value, bool):
        raise RuleInputError("%s must be true or false; got %r." % (where, value))
    return value


def _text(value):
    return "" if value is None else str(value)


def _condition(spec, where, main):
    if not isinstance(spec, dict):
        raise RuleInputError("%s must be a mapping." % where)
    condition = {}
    if main:
        action = _agreeing(WAF_ACTIONS, spec.get("action_type"), spec.get("action_type_name"),
                           where + ".action_type", "an action")
        if action is None:
            raise RuleInputError("%s.action_type is required: one of %s (or its number)." % (where, _names(WAF_ACTIONS)))
        condition["actionType"] = action
    condition["variableTypes"] = _variables(spec.get("variable_types"), where + ".variable_types")
    operator = _agreeing(WAF_OPERATORS, spec.get("operator_type"), spec.get("operator_type_name"),
                         where + ".operator_type", "an operator")
    if operator is None:
        raise RuleInputError("%s.operator_type is required: one of %s (or its number)." % (where, _names(WAF_OPERATORS)))
    condition["operatorType"] = operator
    if main:
        severity = _agreeing(WAF_SEVERITIES, spec.get("severity_type"), spec.get("severity_type_name"),
                             where + ".severity_type", "a severity")
        condition["severityType"] = DEFAULT_SEVERITY if severity is None else severity
        condition["transformationTypes"] = _transformations(
            spec.get("transformation_types"), spec.get("transformation_type_names"), where + ".transformation")
    condition["value"] = _text(spec.get("value"))
    condition["isNegated"] = _flag(spec.get("is_negated"), where + ".is_negated")
    condition["isRegexVariable"] = _flag(spec.get("is_regex_variable"), where + ".is_regex_variable")
    if main:
        chained = spec.get("chained_rule_conditions")
        if chained is not None and not isinstance(chained, list):
            raise RuleInputError("%s.chained_rule_conditions must be a list of conditions." % where)
        condition["chainedRuleConditions"] = [
            _condition(item, "%s.chained_rule_conditions[%d]" % (where, index), main=False)
            for index, item in enumerate(chained or [])]
    return condition


def desired_configuration(spec):
    """The ``ruleConfiguration`` to send (``CreateCustomWafRuleModel``, every member filled) from the option."""
    if spec is None:
        raise RuleInputError("%s is required with state=present: the rule's action, variables, operator and value "
                             "(the rule_configuration of waf_rule_info can be given as it is)." % OPTION)
    return _condition(spec, OPTION, main=True)


def filled_configuration(configuration):
    """A ``ruleConfiguration`` the platform sent, with what it leaves null filled as a write fills it.

    Used on both sides of the comparison, so ``""`` and null sub-values, a missing severity or null
    flags never count as a change. Unknown numbers are kept as sent.
    """
    configuration = configuration if isinstance(configuration, dict) else {}

    def filled(condition, main):
        condition = condition if isinstance(condition, dict) else {}
        result = {}
        if main:
            result["actionType"] = condition.get("actionType")
        result["variableTypes"] = {k: _text(v) for k, v in normalise_variable_types(condition.get("variableTypes")).items()}
        result["operatorType"] = condition.get("operatorType")
        if main:
            severity = condition.get("severityType")
            result["severityType"] = DEFAULT_SEVERITY if severity is None else severity
            transformations = condition.get("transformationTypes")
            result["transformationTypes"] = list(transformations) if isinstance(transformations, list) else []
        result["value"] = _text(condition.get("value"))
        result["isNegated"] = bool(condition.get("isNegated"))
        result["isRegexVariable"] = bool(condition.get("isRegexVariable"))
        if main:
            chained = condition.get("chainedRuleConditions")
            result["chainedRuleConditions"] = [filled(c, False) for c in (chained if isinstance(chained, list) else [])
                                               if isinstance(c, dict)]
        return result

    return filled(configuration, True)


def comparable(configuration):
    """The readable, comparable view of a filled configuration (what the diff shows).

    Chained conditions keep their order (the platform keeps it). Transformations are compared as a
    set, as the Terraform provider keeps them (``transformations`` is a SetAttribute in
    BunnyWay/terraform-provider-bunnynet internal/provider/resource_pullzone_waf_rule.go).
    """
    view = shape_condition(configuration)
    ordered = sorted(set(view["transformation_types"]), key=lambda n: (not isinstance(n, int), str(n).zfill(8)))
    view["transformation_types"] = ordered
    view["transformation_type_names"] = [enum_name(WAF_TRANSFORMATIONS, n) for n in ordered]
    return view


def rule_view(name, description, configuration):
    """The compared and diffed form of one rule: name, description and the readable configuration."""
    return {"rule_name": name, "rule_description": _text(description),
            "rule_configuration": comparable(filled_configuration(configuration))}


def find_by_name(rules, name):
    """``(rule, duplicates)``: the rule named ``name`` (None when absent); ``duplicates`` lists ids when several are."""
    found = [rule for rule in rules if isinstance(rule, dict) and rule.get("ruleName") == name]
    if len(found) > 1:
        return None, [rule.get("id") for rule in found]
    return (found[0] if found else None), []


def written_rule(status, data):
    """The ``CustomWafRule`` a create or update answered, or None when the answer does not confirm it.

    Only a 200 with a rule that has an id and a configuration confirms; a 202 ``AcceptedResult`` does not
    (docs/platform-notes.md, "Shield writes answered with HTTP 202"), nor does a rule whose
    ``errorResponse`` reports a failure.
    """
    if status != 200 or not isinstance(data, dict) or error_response_failure(data.get("errorResponse")):
        return None
    rule_id = data.get("id")
    if isinstance(rule_id, bool) or not isinstance(rule_id, int) or rule_id <= 0:
        return None
    return data if isinstance(data.get("ruleConfiguration"), dict) else None


def predicted_rule(current, zone_id, body):
    """The ``CustomWafRule`` a write leads to, for check mode and a write whose answer was lost."""
    current = current or {}
    return {"id": current.get("id"), "shieldZoneId": zone_id, "userId": current.get("userId"),
            "ruleName": body["ruleName"], "ruleDescription": body["ruleDescription"], "ruleJson": None,
            "ruleConfiguration": body["ruleConfiguration"], "errorResponse": None}
