# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Optimizer classes of a pull zone: one field table (the field kit, ``fields.py``) drives the conversions between the
``pullzone_optimizer_class`` options and the platform's ``{Name, Properties: {key: text}}`` (pure Python: no Ansible
imports).

- Each property key the Terraform provider writes is an option of its own, typed, with its range or choices; its
  value is sent as TEXT (``"75"``, ``"true"``), as the platform stores every property (docs/platform-notes.md,
  "Optimizer classes").
- Read back, a property is the option's value only when its text is exactly what the option sends (``"75"`` within
  the range, ``"true"``, a listed choice): then a value read and given back sends the same text. Any other text (a
  key this collection has no option for, or a value its option cannot express, such as ``"075"`` or a quoted
  ``"\\"center\\""``) is returned as it is under ``other_properties``, which the module takes too: a class read and
  given back is no change, and no property is ever rewritten.
- A write keeps every property of the class the task does not give (only the options given are managed);
  ``other_properties`` sets text as given, and a null there removes that key.
"""

from __future__ import annotations

import re

from ansible_collections.edge.platform.plugins.module_utils._engine.bounds import INT32_MAX
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from . import fields
from .fields import Bool, Enum, Int, Text

SECTION = "Properties"
OTHER = "other_properties"
DECIMAL = re.compile(r"^(0|-?[1-9][0-9]*)\Z")  # the text str(number) makes, and only that
GRAVITY = ("center", "forget", "east", "north", "south", "west", "northeast", "northwest", "southeast", "southwest")


class Number(Int):
    """A whole number property, sent as its decimal text; read back only from that text, within the range."""

    def body(self, value):
        return str(value)

    def readable(self, value, unknown=None):
        number = int(value) if isinstance(value, str) and DECIMAL.match(value) else None
        low, high = self.bounds or (None, None)
        if number is None or (low is not None and number < low) or (high is not None and number > high):
            return None
        return number


class Switch(Bool):
    """A true/false property, sent as ``"true"`` or ``"false"`` (the provider's text); read back only from those."""

    def body(self, value):
        return "true" if value else "false"

    def readable(self, value, unknown=None):
        return {"true": True, "false": False}.get(value) if isinstance(value, str) else None


class Choice(Enum):
    """A property from a list of words, sent as the word; read back only when it is one of them."""

    def readable(self, value, unknown=None):
        return value if value in self.names.values() else None


def _property(kind, option, **more):
    return kind(option, option, section=SECTION, **more)  # the option is named as the property's key


FIELDS = (
    _property(Number, "width", low=0, high=INT32_MAX),  # pixels: no source gives a limit; 32 bits is ample
    _property(Number, "height", low=0, high=INT32_MAX),
    _property(Text, "aspect_ratio"),
    _property(Number, "quality", low=0, high=100),
    _property(Switch, "sharpen"),
    _property(Number, "blur", low=0, high=100),
    _property(Text, "crop"),
    _property(Choice, "crop_gravity", names=GRAVITY),
    _property(Switch, "flip"),
    _property(Switch, "flop"),
    _property(Number, "brightness", low=-100, high=100),
    _property(Number, "saturation", low=-100, high=100),
    _property(Number, "hue", low=0, high=100),
    _property(Number, "contrast", low=-100, high=100),
    _property(Choice, "auto_optimize", names=("low", "medium", "high")),
    _property(Number, "sepia", low=0, high=100),
)
KEYS = tuple(field.member for field in FIELDS)
BOUNDS = fields.bounds(FIELDS)


def argument_spec():
    """The class's property options, and ``other_properties``."""
    return dict(fields.argument_spec(FIELDS), **{OTHER: dict(type="dict")})


def _text(key, value):
    """A value of ``other_properties`` as the text sent (None: remove the key)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    raise InputError("%s.%s must be text (or null to remove the property); got %r." % (OTHER, key, value), option=OTHER)


def wanted_values(params):
    """option -> value asked for, checked, for every property option given, with ``other_properties`` as
    ``{key: text or None}`` (bad input: InputError naming the option, before any request)."""
    wanted = fields.wanted_values(FIELDS, params)
    other = params.get(OTHER)
    if other is not None:
        both = sorted(key for key in other if key in wanted)
        if both:
            raise InputError(
                "%s gives %s, which %s also given as %s: give each property once."
                % (OTHER, ", ".join(both), "is" if len(both) == 1 else "are", " and ".join(both)),
                option=OTHER,
            )
        wanted[OTHER] = {str(key): _text(key, value) for key, value in other.items()}
    return wanted


def properties_of(model):
    """The properties of a class model (a dict; none: empty)."""
    held = model.get(SECTION) if isinstance(model, dict) else None
    return held if isinstance(held, dict) else {}


def class_body(current, name, wanted):
    """The class to send: ``current`` (as the platform holds it, every member and property kept as read; None for a
    new class) with the properties of ``wanted`` written over it."""
    body = dict(current or {}, Name=name)
    held = dict(properties_of(current))
    for field in FIELDS:
        if field.option in wanted:
            held[field.member] = field.body(wanted[field.option])
    for key, text in wanted.get(OTHER, {}).items():
        if text is None:
            held.pop(key, None)
        else:
            held[key] = text
    body[SECTION] = held
    return body


def shape_class(model, unknown=None):
    """A class in the options of ``pullzone_optimizer_class`` (None for no class): every property option (None when
    not set), and under ``other_properties`` every property no option reads, as it is; a known key whose text its
    option cannot read goes to the list ``unknown`` as a warning."""
    if model is None:
        return None
    held = properties_of(model)
    view = {"name": model.get("Name")}
    other = {key: value for key, value in held.items() if key not in KEYS}
    for field in FIELDS:
        value = field.readable(held.get(field.member))
        if value is None and field.member in held:
            other[field.member] = held[field.member]
            if unknown is not None:
                unknown.append(
                    "Optimizer class %r holds %s=%r, which is no value of the option %s: it is returned in %s and kept "
                    "as it is." % (model.get("Name"), field.member, held[field.member], field.option, OTHER)
                )
        view[field.option] = value
    view[OTHER] = other
    return view


def compared(model):
    """A class as compared and shown in the diff: its readable form (which reads each stored text one way only, so
    two classes compare equal exactly when the platform holds the same properties), or None for no class."""
    return shape_class(model)
