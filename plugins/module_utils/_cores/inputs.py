# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The checks of a task's options that the cores make alike, before any request: a name sent to the platform (a
rule's, a list's, a zone's, a database's) refused when empty or holding a control character (``_shapes/names.py``),
and options that state=absent does not take."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError
from ansible_collections.edge.platform.plugins.module_utils._shapes.names import check_name


def is_blank(name):
    """A name the task must have: not given (None), nothing, or nothing but spaces."""
    return name is None or not name.strip()


def is_spaces(name):
    """A name the task may leave out (None), given as nothing or nothing but spaces."""
    return name is not None and not name.strip()


def check_given_name(name, option, empty, blank=is_blank, blank_first=True):
    """Raise ``InputError`` for option ``option`` when the name is ``blank(name)`` (the message ``empty``) or holds a
    control character (``check_name``'s message). ``blank_first``: which message a blank name holding a control
    character (a lone tab) gets, the empty one or the control character's."""
    problem = check_name(name, option)
    if blank(name) and (blank_first or not problem):
        raise InputError(empty, option=option)
    if problem:
        raise InputError(problem, option=option)


def nothing_when_absent(params, given, what="settings", given_as="given"):
    """Raise ``InputError`` (option ``state``) when state=absent comes with ``given``, the names of options that only
    state=present uses (``what`` they are, in the message)."""
    if params["state"] == "absent" and given:
        raise InputError(
            "state=absent takes no %s (%s %s): remove them." % (what, ", ".join(given), given_as), option="state"
        )
