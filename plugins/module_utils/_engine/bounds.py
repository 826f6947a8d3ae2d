# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Every number a module takes has a range, checked before anything starts (pure Python: no Ansible imports).

A module declares the ranges of its numeric options in ``ModuleDef(bounds={"concurrency": (1, 50), "records.ttl":
(0, 2147483647)})``: a sub-option is named by its path (``parent.child``; every element of a list of dictionaries).
Options it does not declare still have one:

- an integer option named ``id`` or ``*_id`` is an id of the platform: :data:`ID_RANGE` (positive, 64 bits);
- any other integer option must fit in 64 bits (:data:`INT64_RANGE`), the widest integer the platform's documents
  give; a float option must be a finite number.

The transport options (``timeout``, ``retries``) are checked where the connection is made (``_hosts/connection.py``,
``_hosts/database_connection.py``), with their own words, before any request: they are not bounded here.
A number outside its range fails the task naming the option, the range and the value (:class:`InputError`),
before any request is sent; ``tests/unit/test_option_bounds.py`` holds every module to this.
"""

from __future__ import annotations

import math

from .errors import InputError

INT32_MAX = 2**31 - 1  # the platform documents' 32-bit integers
INT64_MAX = 2**63 - 1
INT64_RANGE = (-INT64_MAX - 1, INT64_MAX)
ID_RANGE = (1, INT64_MAX)
CHECKED_BY_CONNECTION = frozenset(("timeout", "retries"))


def is_id_option(name):
    return name == "id" or name.endswith("_id")


def numeric_options(spec, prefix=""):
    """``(path, type)`` of every ``int`` and ``float`` option of an argument spec, sub-options included."""
    for name, options in sorted(spec.items()):
        kind = options.get("type", "str")
        if kind in ("int", "float") and not (not prefix and name in CHECKED_BY_CONNECTION):
            yield prefix + name, kind
        if options.get("options") is not None:
            yield from numeric_options(options["options"], "%s%s." % (prefix, name))


def effective_bounds(spec, declared):
    """``{path: (low, high) or None}`` for every numeric option: the declared range, else the default of its kind
    (None for a float without one: finite is all that is asked). Raises ValueError for a declared path the spec does
    not have (a typo must not leave an option unbounded)."""
    found = dict(numeric_options(spec))
    unknown = sorted(set(declared or ()) - set(found))
    if unknown:
        raise ValueError("bounds for options the argument spec does not have: %s" % ", ".join(unknown))
    bounds = {}
    for path, kind in found.items():
        if path in (declared or {}):
            bounds[path] = declared[path]
        elif kind == "int":
            bounds[path] = ID_RANGE if is_id_option(path.rpartition(".")[2]) else INT64_RANGE
        else:
            bounds[path] = None
    return bounds


def _text(number):
    return ("%g" % number) if isinstance(number, float) else str(number)


def _values(spec, params, path, label=""):
    """``(label, value)`` of every value at the option path ``path`` in validated ``params``."""
    head, _dot, rest = path.partition(".")
    value = params.get(head) if isinstance(params, dict) else None
    here = label + head
    if value is None:
        return
    if not rest:
        yield here, value
        return
    options = spec[head]
    if options.get("type") == "list":
        for index, item in enumerate(value if isinstance(value, list) else []):
            yield from _values(options["options"], item, rest, "%s[%d]." % (here, index))
    else:
        yield from _values(options["options"], value, rest, here + ".")


def check_bounds(spec, declared, params):
    """Raise :class:`InputError` for the first number in validated ``params`` outside its range."""
    for path, bound in sorted(effective_bounds(spec, declared).items()):
        for label, value in _values(spec, params, path):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                continue  # argument validation already refused what is not a number
            if isinstance(value, float) and not math.isfinite(value):
                raise InputError("%s must be a finite number; got %s." % (label, _text(value)), option=label)
            if bound == ID_RANGE and not bound[0] <= value <= bound[1]:
                raise InputError(
                    "%s must be a positive id (from 1 to %d); got %s." % (label, ID_RANGE[1], _text(value)),
                    option=label,
                )
            if bound is not None and not bound[0] <= value <= bound[1]:
                raise InputError(
                    "%s must be from %s to %s; got %s." % (label, _text(bound[0]), _text(bound[1]), _text(value)),
                    option=label,
                )
