# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""What custom WAF rules and rate limit rules of a shield zone share: the rows of a condition and the walkers of a
field table, and the rule around the configuration.

Both kinds of rule have the same condition (Shield document: ``CreateCustomWafRuleModel`` and
``CreateWafRateLimitRuleModel`` list the same variables, operator, severity, transformations, value, negation,
regex variable and chained conditions); their field tables (``waf_rules.FIELDS``, ``rate_limits``) are built from the
rows here. A row is a field of the kit (``fields.py``: a text, a flag, an enum) with what a condition adds
(:class:`Row`): whether chained conditions have it, and three conversions of one member:

- option -> body (``Row.sent``): the readable option a task gives (names or numbers, each number with its ``*_name``
  twin, as the info modules return them) to the member a write sends; bad input raises ``InputError`` naming the
  option path and the fix (its ``option`` is the path's first part);
- body -> filled body (``Row.filled``): what the platform sent, with what it leaves null filled as a write fills it;
- body -> readable (``Row.shaped``): snake_case with names beside the numbers; with ``compare`` the form compared
  and diffed.

:func:`condition_body`, :func:`filled_condition` and :func:`shape_condition` walk a table. Pure functions (no
Ansible, no HTTP): bodies are untrusted, so every member is checked for its type before use.
"""

from __future__ import annotations

import json

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from . import fields as kit
from .enums import readable as enum_readable
from .shield_enums import (
    WAF_OPERATORS,
    WAF_SEVERITIES,
    WAF_TRANSFORMATIONS,
    WAF_VARIABLES,
    as_number,
    enum_choices,
    enum_name,
    normalise_variable_types,
)

# What the platform stores for a member the body leaves out: the Terraform provider never sends
# severityType, isNegated or isRegexVariable (BunnyWay/terraform-provider-bunnynet,
# internal/api/pullzone_waf_rule.go, PullzoneWafRuleConfiguration), so a rule it creates has the C#
# defaults: NOTICE (0), false, false.
DEFAULT_SEVERITY = 0


# The choices of a condition's enum options (the rule language's names, matched without regard to case).
OPERATOR_CHOICES = enum_choices(WAF_OPERATORS, fold_case=True)
SEVERITY_CHOICES = enum_choices(WAF_SEVERITIES, fold_case=True)
TRANSFORMATION_CHOICES = enum_choices(WAF_TRANSFORMATIONS, fold_case=True)


def chained_options():
    """The argument spec of a chained condition (``chained_rule_conditions`` elements)."""
    return dict(
        variable_types=dict(type="dict"),
        operator_type=dict(type="raw", choices=OPERATOR_CHOICES),
        operator_type_name=dict(type="str", choices=OPERATOR_CHOICES),
        value=dict(type="str"),
        is_negated=dict(type="bool"),
        is_regex_variable=dict(type="bool"),
    )


def condition_options(**more):
    """The argument spec of a rule's condition (waf_rule's ``rule_configuration``, rate_limit_rule's ``condition``),
    with ``more`` options."""
    return dict(
        chained_options(),
        severity_type=dict(type="raw", choices=SEVERITY_CHOICES),
        severity_type_name=dict(type="str", choices=SEVERITY_CHOICES),
        transformation_types=dict(type="list", elements="raw", choices=TRANSFORMATION_CHOICES),
        transformation_type_names=dict(type="list", elements="raw", choices=TRANSFORMATION_CHOICES),
        chained_rule_conditions=dict(type="list", elements="dict", options=chained_options()),
        **more,
    )


def root_option(where):
    """The option an option path starts with: ``rule_configuration`` of ``rule_configuration.value``."""
    return where.split(".", 1)[0].split("[", 1)[0]


def _names(table):
    return ", ".join(table[n] for n in sorted(table))


def _text(value):
    return "" if value is None else str(value)


def _name(table, value, field, unknown):
    """The name of the number ``value`` in ``table``, or None; a number without a name adds its warning to ``unknown``
    (``enums.readable``: the number itself is kept, never rewritten)."""
    number = as_number(value)
    if number is not None and number not in table:
        enum_readable(table, number, field, unknown)
    return enum_name(table, value)


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
    raise InputError(
        "%s must be %s name (%s) or its number; got %r." % (where, kind, _names(table), value),
        option=root_option(where),
    )


class Row(object):
    """What a row of a condition adds to its kit field (the class it is mixed into, after it): whether chained
    conditions have it (``chained``), and the conversions of a condition's member; the base treats it as a text
    (null is ``""``)."""

    def __init__(self, option, member, chained=True, **more):
        super().__init__(option, member, **more)
        self.chained = chained

    def sent(self, spec, where):
        """option -> body: the member to send from the option's mapping ``spec`` at option path ``where``."""
        return _text(spec.get(self.option))

    def filled(self, value):
        """body -> filled body: the member as a complete write sends it."""
        return _text(value)

    def shaped(self, value, compare=False, unknown=None):
        """body -> readable: the readable keys of the member (``compare``: the form compared and diffed; ``unknown``:
        a list that hears a warning per number without a name)."""
        return {self.option: value}


class Text(Row, kit.Text):
    """A text member; null (and left out) is ``""``."""


class Flag(Row, kit.Bool):
    """A boolean member; null (and left out) is false."""

    def sent(self, spec, where):
        value = spec.get(self.option)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise InputError(
                "%s.%s must be true or false; got %r." % (where, self.option, value), option=root_option(where)
            )
        return value

    def filled(self, value):
        return bool(value)


class Enum(Row, kit.Enum):
    """A number with a name (``names``: ``{number: name}``; ``kind`` says what one is, "an operator"); the option
    accepts either, and its ``*_name`` twin, which must agree with it."""

    def __init__(self, option, member, names, kind, chained=True, required=False, default=None):
        super().__init__(option, member, chained, names=names, required=required)
        self.kind, self.default = kind, default
        self.name_option = option + "_name"

    def sent(self, spec, where):
        number_value, name_value = spec.get(self.option), spec.get(self.name_option)
        path, name_path = "%s.%s" % (where, self.option), "%s.%s" % (where, self.name_option)
        number = _enum(self.names, number_value, path, self.kind)
        # waf_rule_info returns a null name for a number it does not know: nothing to check then
        named = _enum(self.names, name_value, name_path, self.kind) if name_value is not None else None
        if number is not None and named is not None and number != named:
            raise InputError(
                "%s (%s) and %s (%s) disagree: give one of them, or make them match."
                % (path, number_value, name_path, name_value),
                option=root_option(where),
            )
        number = number if number is not None else named
        if number is None and self.required:
            raise InputError(
                "%s is required: one of %s (or its number)." % (path, _names(self.names)), option=root_option(where)
            )
        return self.default if number is None else number

    def filled(self, value):
        return self.default if value is None else value

    def shaped(self, value, compare=False, unknown=None):
        return {self.option: value, self.name_option: _name(self.names, value, self.option, unknown)}


class EnumSet(Enum):
    """A list of numbers with names (``names_option`` the twin list); compared as a set."""

    def __init__(self, option, member, names, kind, names_option, chained=True):
        super().__init__(option, member, names, kind, chained)
        self.name_option = names_option

    def sent(self, spec, where):
        numbers, names = spec.get(self.option), spec.get(self.name_option)
        path, name_path = "%s.%s" % (where, self.option), "%s.%s" % (where, self.name_option)
        chosen, label = (numbers, path) if numbers is not None else (names, name_path)
        if chosen is None:
            return []
        if not isinstance(chosen, list):
            raise InputError(
                "%s must be a list of transformation names (%s) or numbers." % (label, _names(self.names)),
                option=root_option(where),
            )
        result = [_enum(self.names, item, "%s[%d]" % (label, index), self.kind) for index, item in enumerate(chosen)]
        if numbers is not None and names is not None:
            named = [_enum(self.names, n, name_path + "[]", self.kind) for n in names if n is not None]
            if any(n not in result for n in named):
                raise InputError(
                    "%s and %s disagree: give one of them, or make them match." % (path, name_path),
                    option=root_option(where),
                )
        return result

    def filled(self, value):
        return list(value) if isinstance(value, list) else []

    def shaped(self, value, compare=False, unknown=None):
        numbers = list(value) if isinstance(value, list) else []
        if compare:  # a set, as the Terraform provider keeps it (transformations is a SetAttribute in
            # BunnyWay/terraform-provider-bunnynet internal/provider/resource_pullzone_waf_rule.go)
            numbers = sorted(set(numbers), key=lambda n: (not isinstance(n, int), str(n).zfill(8)))
        return {self.option: numbers, self.name_option: [_name(self.names, n, self.option, unknown) for n in numbers]}


class Variables(Row, kit.Field):
    """``variableTypes``: variable name (or the platform's number for it) -> sub-variable, ``""`` for none."""

    def sent(self, spec, where):
        value, where = spec.get(self.option), "%s.%s" % (where, self.option)
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise InputError(
                "%s must be a mapping of variable name to sub-variable (\"\" for none), for example "
                "{REQUEST_URI: \"\"} or {REQUEST_HEADERS: User-Agent}." % where,
                option=root_option(where),
            )
        variables = {}
        for key, sub in value.items():
            name = str(key).strip().upper()
            number = as_number(name)
            if number is not None and 0 <= number < len(WAF_VARIABLES):
                name = WAF_VARIABLES[number]
            if name not in WAF_VARIABLES:
                # the published document closes variableTypes (additionalProperties: false): the platform refuses
                # others
                raise InputError(
                    "%s has unknown variable %r; use one of %s (or their numbers 0 to %d)."
                    % (where, key, ", ".join(WAF_VARIABLES), len(WAF_VARIABLES) - 1),
                    option=root_option(where),
                )
            if name in variables:
                raise InputError("%s names variable %s twice." % (where, name), option=root_option(where))
            if isinstance(sub, bool) or (sub is not None and not isinstance(sub, (str, int, float))):
                raise InputError(
                    "%s.%s must be a text (a header or cookie name, COUNTRY_CODE for GEO) or \"\"; "
                    "got %r." % (where, name, sub),
                    option=root_option(where),
                )
            variables[name] = "" if sub is None else str(sub)
        return variables

    def filled(self, value):
        return {key: _text(sub) for key, sub in normalise_variable_types(value).items()}

    def shaped(self, value, compare=False, unknown=None):
        return {self.option: normalise_variable_types(value)}


class Chained(Row, kit.Field):
    """The chained conditions, kept in their order (the platform keeps it); each converted by ``rows`` (the rows of a
    table with ``chained``)."""

    def __init__(self, option, member, rows):
        super().__init__(option, member, chained=False)
        self.rows = rows

    def sent(self, spec, where):
        chained = spec.get(self.option)
        if chained is not None and not isinstance(chained, list):
            raise InputError("%s.%s must be a list of conditions." % (where, self.option), option=root_option(where))
        return [
            condition_body(self.rows, item, "%s.%s[%d]" % (where, self.option, index), chained=True)
            for index, item in enumerate(chained or [])
        ]

    def filled(self, value):
        return [
            filled_condition(self.rows, c, chained=True)
            for c in (value if isinstance(value, list) else [])
            if isinstance(c, dict)
        ]

    def shaped(self, value, compare=False, unknown=None):
        return {
            self.option: [
                shape_condition(self.rows, c, chained=True, compare=compare, unknown=unknown)
                for c in (value if isinstance(value, list) else [])
                if isinstance(c, dict)
            ]
        }


# The rows of a condition both kinds of rule have, in the body's order; rows with chained=False exist on the main
# condition only. A rule's table adds its own rows (the action, a rate limit's counter) around these.
VARIABLES = Variables("variable_types", "variableTypes")
OPERATOR = Enum("operator_type", "operatorType", WAF_OPERATORS, "an operator", required=True)
SEVERITY = Enum("severity_type", "severityType", WAF_SEVERITIES, "a severity", chained=False, default=DEFAULT_SEVERITY)
TRANSFORMATIONS = EnumSet(
    "transformation_types",
    "transformationTypes",
    WAF_TRANSFORMATIONS,
    "a transformation",
    "transformation_type_names",
    chained=False,
)
VALUE = Text("value", "value")
NEGATED = Flag("is_negated", "isNegated")
REGEX_VARIABLE = Flag("is_regex_variable", "isRegexVariable")
CHAINED_ROWS = (VARIABLES, OPERATOR, VALUE, NEGATED, REGEX_VARIABLE)
CHAINED = Chained("chained_rule_conditions", "chainedRuleConditions", CHAINED_ROWS)
# The rows of a rule's main condition, in the body's order: every kind of rule has them (a kind adds its own rows).
CONDITION_ROWS = (VARIABLES, OPERATOR, SEVERITY, TRANSFORMATIONS, VALUE, NEGATED, REGEX_VARIABLE, CHAINED)


def _fields(fields, chained):
    return [field for field in fields if field.chained or not chained]


def condition_body(fields, spec, where, chained=False):
    """option -> body of one condition (``where``: its option path) by the rows ``fields``."""
    if not isinstance(spec, dict):
        raise InputError("%s must be a mapping." % where, option=root_option(where))
    return {field.member: field.sent(spec, where) for field in _fields(fields, chained)}


def filled_condition(fields, condition, chained=False):
    """body -> filled body of one condition."""
    condition = condition if isinstance(condition, dict) else {}
    return {field.member: field.filled(condition.get(field.member)) for field in _fields(fields, chained)}


def shape_condition(fields, condition, chained=False, compare=False, unknown=None):
    """body -> readable: the members of ``fields`` in snake_case, with names beside the numbers; ``compare`` gives the
    form compared and diffed (transformations as a set); ``unknown`` (a list) hears a warning per number without a
    name, which is kept as the number (docs/platform-notes.md, "Enums that grow")."""
    condition = condition if isinstance(condition, dict) else {}
    shaped = {}
    for field in _fields(fields, chained):
        shaped.update(field.shaped(condition.get(field.member), compare, unknown))
    return shaped


def keep_unnamed(fields, wanted, current, spec):
    """``wanted`` (a condition to write) with each defaulted enum the task does not give (neither it nor its name in
    the option mapping ``spec``) kept as the ``current`` condition holds it, when that is a number this collection
    cannot name: a module never rewrites a value it cannot name (docs/platform-notes.md, "Enums that grow")."""
    current, spec = (current if isinstance(current, dict) else {}), (spec or {})
    for field in _fields(fields, False):
        if isinstance(field, EnumSet) or not isinstance(field, Enum) or field.default is None:
            continue
        number = as_number(current.get(field.member))
        given = spec.get(field.option) is not None or spec.get(field.name_option) is not None
        if not given and number is not None and number not in field.names:
            wanted[field.member] = current[field.member]
    return wanted


# --- the rule around the configuration -----------------------------------------------------------------------------


def rule_body(name, description, configuration, current=None):
    """The body of a create or update. A description not given is kept (``current``'s, else empty), and always
    sent, because the platform refuses a rule without one (docs/platform-notes.md, "Custom WAF rules: the description
    is always sent")."""
    if description is None:
        description = (current or {}).get("ruleDescription") or ""
    return {"ruleName": name, "ruleDescription": description, "ruleConfiguration": configuration}


def predicted_rule(current, zone_id, body):
    """The rule a write leads to, for check mode and a write whose answer was lost."""
    current = current or {}
    return {
        "id": current.get("id"),
        "shieldZoneId": zone_id,
        "userId": current.get("userId"),
        "ruleName": body["ruleName"],
        "ruleDescription": body["ruleDescription"],
        "ruleJson": None,
        "ruleConfiguration": body["ruleConfiguration"],
        "errorResponse": None,
    }


def shape_error_response(error):
    if not isinstance(error, dict):
        return None
    return {
        "status_code": error.get("statusCode"),
        "success": error.get("success"),
        "message": error.get("message"),
        "error_key": error.get("errorKey"),
    }


def decode_rule_json(text):
    """``(data, problem)``: the decoded ``ruleJson``, or None and why not."""
    if not isinstance(text, str) or not text.strip():
        return None, None
    try:
        return json.loads(text), None
    except ValueError as exc:
        return None, str(exc)


def shape_rule_fields(rule, what, warn):
    """The readable members every rule has (all but its configuration); ``warn(text)`` hears about a broken
    ``ruleJson`` (``what``: the kind of rule, for the warning)."""
    rule_json_data, problem = decode_rule_json(rule.get("ruleJson"))
    if problem:
        warn("ruleJson of %s %s is not valid JSON (%s); rule_json_data is null." % (what, rule.get("id"), problem))
    return {
        "id": rule.get("id"),
        "shield_zone_id": rule.get("shieldZoneId"),
        "user_id": rule.get("userId"),
        "rule_name": rule.get("ruleName"),
        "rule_description": rule.get("ruleDescription"),
        "rule_json": rule.get("ruleJson"),
        "rule_json_data": rule_json_data,
    }


# --- a kind of rule: its configuration in groups of rows -----------------------------------------------------------


class RuleShape(object):
    """The readable form of one kind of rule (``what``: its name in warnings, "custom WAF rule"): its configuration as
    ``groups``, each ``(option, rows, what the option holds)``, the option a task gives and the info module
    (``info_module``) returns. The rows of every group fill one flat ``ruleConfiguration``: a custom WAF rule has one
    group (``rule_configuration``), a rate limit rule three (``condition``, ``limit``, ``response``)."""

    def __init__(self, what, groups, info_module):
        self.what, self.groups, self.info_module = what, groups, info_module

    def desired_configuration(self, params):
        """option -> body: the ``ruleConfiguration`` to send (every member filled) from the options of ``params``."""
        configuration = {}
        for option, rows, what in self.groups:
            spec = params.get(option)
            if spec is None:
                raise InputError(
                    "%s is required with state=present: %s (the %s of %s can be given as it is)."
                    % (option, what, option, self.info_module),
                    option=option,
                )
            configuration.update(condition_body(rows, spec, option))
        return configuration

    def kept_unnamed(self, configuration, current, params):
        """``configuration`` (to write) with each defaulted enum that ``params`` do not give kept as the ``current``
        rule holds it when it is a number this collection cannot name (:func:`keep_unnamed`)."""
        held = (current or {}).get("ruleConfiguration")
        for option, rows, _what in self.groups:
            keep_unnamed(rows, configuration, held, params.get(option))
        return configuration

    def filled_configuration(self, configuration):
        """body -> filled body: a ``ruleConfiguration`` the platform sent, with what it leaves null filled as a write
        fills it (so a null sub-value, severity or flag never counts as a change); unknown numbers are kept as sent."""
        filled = {}
        for _option, rows, _what in self.groups:
            filled.update(filled_condition(rows, configuration))
        return filled

    def shape_configuration(self, configuration, compare=False, unknown=None):
        """body -> readable: ``{option: group}``; ``compare`` gives the form compared and diffed (chained conditions
        keep their order, transformations count as a set); ``unknown`` hears a warning per number without a name."""
        return {
            option: shape_condition(rows, configuration, compare=compare, unknown=unknown)
            for option, rows, _what in self.groups
        }

    def rule_view(self, name, description, configuration):
        """The compared and diffed form of one rule: name, description and the readable configuration."""
        view = {"rule_name": name, "rule_description": "" if description is None else str(description)}
        view.update(self.shape_configuration(self.filled_configuration(configuration), compare=True))
        return view

    def rule_state(self, rule):
        """:meth:`rule_view` of a rule the platform sent or a write's body; ``{}`` for no rule."""
        if rule is None:
            return {}
        return self.rule_view(rule.get("ruleName"), rule.get("ruleDescription"), rule.get("ruleConfiguration"))

    def shape_rule(self, rule, warn):
        """One entry of the info module's list from a rule; ``warn(text)`` hears about a broken ``ruleJson`` and each
        number without a name (kept as the number)."""
        shaped = shape_rule_fields(rule, self.what, warn)
        unknown = []
        shaped.update(self.shape_configuration(rule.get("ruleConfiguration"), unknown=unknown))
        for warning in unknown:
            warn(warning)
        shaped["error_response"] = shape_error_response(rule.get("errorResponse"))
        return shaped
