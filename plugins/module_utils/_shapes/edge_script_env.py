# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The variables and secrets of an edge script as the modules take, compare and return them (pure Python).

A variable is compared by its name (exactly, case and all), its value (the platform's ``DefaultValue``, null read
as "") and ``required``; a secret only by its name, as its value is never returned. The lengths are the published
document's (``AddEdgeScriptVariableModel``, ``EdgeScriptAddSecretModel``): checked before any request, so a task
never stops midway on one.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from .names import check_name

NAME_LENGTH = 256
VALUE_LENGTH = 4096


def _checked_name(entry, index, option, seen):
    name = entry.get("name")
    where = "%s[%d].name" % (option, index)
    if not name:
        raise InputError("%s must not be empty: it identifies the %s." % (where, option[:-1]), option=option)
    problem = check_name(name, where)
    if problem:
        raise InputError(problem, option=option)
    if len(name) > NAME_LENGTH:
        raise InputError("%s is longer than %d characters." % (where, NAME_LENGTH), option=option)
    if name in seen:
        raise InputError("%s lists %r a second time." % (where, name), option=option)
    seen.add(name)
    return name


def _checked_value(entry, index, option, shown=True):
    value = entry.get("value")
    value = "" if value is None else value
    if len(value) > VALUE_LENGTH:
        said = "" if not shown else " (%d)" % len(value)
        raise InputError(
            "%s[%d].value is longer than %d characters%s." % (option, index, VALUE_LENGTH, said), option=option
        )
    return value


def listed_variables(entries):
    """``{name: {"value", "required"}}`` of the variables listed, in order, checked before any request."""
    seen, wanted = set(), {}
    for index, entry in enumerate(entries):
        name = _checked_name(entry, index, "variables", seen)
        wanted[name] = {"value": _checked_value(entry, index, "variables"), "required": bool(entry.get("required"))}
    return wanted


def listed_secrets(entries):
    """``{name: value}`` of the secrets listed, in order, checked before any request (a value never in a message)."""
    seen, wanted = set(), {}
    for index, entry in enumerate(entries):
        name = _checked_name(entry, index, "secrets", seen)
        wanted[name] = _checked_value(entry, index, "secrets", shown=False)
    return wanted


def variable_view(model):
    """What is compared of one EdgeScriptVariableModel: ``{"value", "required"}``."""
    value = model.get("DefaultValue")
    return {"value": "" if value is None else value, "required": model.get("Required") is True}


def variables_view(models):
    """``{name: variable_view}`` of EdgeScriptVariableModels (the diff of edge_script_variables)."""
    return {model.get("Name"): variable_view(model) for model in models}


def shape_variable(model):
    """One variable as edge_script_variables returns it (and takes it)."""
    return dict(variable_view(model), name=model.get("Name"), id=model.get("Id"))


SECRET_HELD = "(set)"
SECRET_WRITTEN = "(set by this task)"


def secrets_view(names, written=()):
    """``{name: marker}`` of the secrets ``names`` (the diff of edge_script_secrets): a value is never shown, only
    whether the task writes it."""
    return {name: SECRET_WRITTEN if name in written else SECRET_HELD for name in names}
