# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The field kit: one ``Field`` type for every resource table, and one set of walkers over a table (pure Python: no
Ansible imports).

A table is a tuple of fields, one per option, in the order of the module's options. A field knows its option, the
platform ``member`` that holds it, and five conversions:

- :meth:`Field.checked`: the option's value as the task gives it -> the value it asks for (InputError naming the
  option on bad input, before any request);
- :meth:`Field.body`: that value -> the member sent to the platform;
- :meth:`Field.readable`: the platform's member -> the value as the option takes it (what a module returns, so a value
  read back and written again is no change);
- :meth:`Field.compared`: a value -> its compared form (sets sorted, text normalised), which is also the diff;
- :meth:`Field.spec`: the option's entry of the Ansible argument spec; :attr:`Field.bounds` its range, if declared.

The walkers (:func:`wanted_values`, :func:`request_members`, :func:`readable`, :func:`managed_view`,
:func:`wanted_view`, :func:`differing`, :func:`argument_spec`, :func:`bounds`) apply those to a whole table;
:func:`merged` is what a write that applied a body leaves. The variations are parameters or the small subclasses
below: :class:`Text` (normalised text: hosts, e-mail addresses, URLs), :class:`Bool`, :class:`Int` and :class:`Float`
(with bounds), :class:`Enum` (a names table; enums grow: ``enums.py``), :class:`Strings` (a list compared as a set),
:class:`Group` (nested options) and :class:`Shown` (a value only returned, never an option).
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from .choices import Choices
from .enums import is_number
from .enums import readable as enum_readable


class Field(object):
    """One option of a table: ``option``, the platform ``member`` and ``read(model)``, how the platform's value is
    found in a model (by default its member; a value the platform keeps inside another member reads it there).
    ``write`` names the request that carries the member where a resource has several (a create, an update of its
    configuration), ``updatable`` whether an existing object takes a new value, ``required`` whether the option must
    be given; ``within`` the kinds of object that take the option where a resource's objects come in kinds (a DNS
    record's types), None for every kind; ``section`` the object of the model that holds the member where the
    platform nests members the options do not (a bot detection state's ``browserFingerprint``), None for the top
    level."""

    spec_type = "str"
    settable = True  # an option of the module (a Shown field is only returned)

    def __init__(
        self,
        option,
        member,
        read=None,
        write=None,
        updatable=True,
        required=False,
        within=None,
        section=None,
        no_log=None,
    ):
        self.option, self.member, self.read_from = option, member, read
        self.write, self.updatable, self.required = write, updatable, required
        self.within, self.section, self.bounds = within, section, None
        self.no_log = no_log  # False: a name that sounds secret but is not (the argument spec says so)

    def read(self, model):
        """The platform's value of this field in ``model`` (a dict; its section missing or no object: None)."""
        if self.read_from:
            return self.read_from(model)
        holder = model if self.section is None else model.get(self.section)
        return holder.get(self.member) if isinstance(holder, dict) else None

    def place(self, body):
        """The object of ``body`` that holds this field's member: ``body``, or its section (made when missing)."""
        return body if self.section is None else body.setdefault(self.section, {})

    def checked(self, value):
        """The option's value -> the value the task asks for."""
        return value

    def body(self, value):
        """The value asked for -> the member sent."""
        return value

    def readable(self, value, unknown=None):
        """The platform's value -> the option's (None when the platform sent none of the right type)."""
        return value if isinstance(value, str) else None

    def compared(self, value):
        """A value the task gives (or its readable form) as it is compared."""
        return value

    def held(self, value, given=None):
        """The platform's value as it is compared with ``given`` (what the task gives for the field): its readable
        form, compared."""
        return self.compared(self.readable(value))

    def spec(self):
        """The option's entry of the argument spec."""
        spec = dict(type=self.spec_type, required=True) if self.required else dict(type=self.spec_type)
        return spec if self.no_log is None else dict(spec, no_log=self.no_log)

    def write_into(self, body, value):
        """Write the value asked for into the request ``body``."""
        self.place(body)[self.member] = self.body(value)

    def changed_part(self, model, value):
        """The part of ``value`` (which ``model`` does not hold) a write sends: all of it."""
        return value


class Text(Field):
    """Text, optionally ``check(option, value)``-ed (returns the value sent, raises InputError), ``shown(value)`` as
    returned (an origin URL without credentials) and ``normal(value)`` as compared (a host name without case)."""

    def __init__(self, option, member, check=None, shown=None, normal=None, **more):
        super().__init__(option, member, **more)
        self.check, self.shown, self.normal = check, shown, normal

    def checked(self, value):
        return self.check(self.option, value) if self.check else value

    def readable(self, value, unknown=None):
        if not isinstance(value, str):
            return None
        return self.shown(value) if self.shown else value

    def compared(self, value):
        return self.normal(value) if self.normal and isinstance(value, str) else value

    def held(self, value, given=None):
        # compared as the platform holds it, not as shown (an origin URL's credentials count)
        return self.compared(value if isinstance(value, str) else None)


class Bool(Field):
    spec_type = "bool"

    def checked(self, value):
        return bool(value)

    def readable(self, value, unknown=None):
        return value if isinstance(value, bool) else None


class Int(Field):
    """An integer; ``low``/``high`` its range when it is not the default of ``_engine/bounds.py``."""

    spec_type = "int"

    def __init__(self, option, member, low=None, high=None, normal=None, **more):
        super().__init__(option, member, **more)
        self.bounds = None if low is None and high is None else (low, high)
        self.normal = normal  # the value as the platform stores it (a number it rounds up to a tier)

    def readable(self, value, unknown=None):
        return value if is_number(value) else None

    def compared(self, value):
        return self.normal(value) if self.normal and is_number(value) else value


class Float(Int):
    """A number with a fraction (an int is one too); ``low``/``high`` its range."""

    spec_type = "float"

    def readable(self, value, unknown=None):
        return value if is_number(value) or isinstance(value, float) else None


def platform_number(value):
    """``value`` when it is a number (booleans are not), else None."""
    return value if is_number(value) else None


class Enum(Field):
    """A value from ``names``: ``{number: name}`` for a platform number given and returned by name (a number the
    table lacks is returned and compared as the number, with a warning naming the option, or the member with
    ``warn_as="member"``: ``enums.readable``), or a tuple of words sent as they are. ``aliases`` maps other accepted
    words to a name (each listed in the choices after its name; ``sort=True`` sorts the choices); ``number(value)``
    reads the platform's number (one that answers numbers as text reads them too; None for no value).
    ``any_number``: the option also takes any platform number (``choices.Choices(numbers=True)``), the value an info
    module returns for a number without a name, so that giving it back is no change."""

    def __init__(
        self,
        option,
        member,
        names,
        aliases=None,
        number=platform_number,
        warn_as="option",
        sort=False,
        any_number=False,
        **more,
    ):
        super().__init__(option, member, **more)
        self.names = names if isinstance(names, dict) else dict(enumerate(names))
        self.numbered, self.aliases, self.sort = isinstance(names, dict), dict(aliases or {}), sort
        self.number, self.warned, self.any_number = number, member if warn_as == "member" else option, any_number

    def choices(self):
        listed = []
        for name in self.names.values():
            listed += [name] + [alias for alias, target in self.aliases.items() if target == name]
        return sorted(listed) if self.sort else listed

    def checked(self, value):
        text = str(value).strip().lower()
        text = self.aliases.get(text, text)
        if text in self.names.values():
            return text
        raise InputError(
            "%s must be one of %s; got %r." % (self.option, ", ".join(self.names.values()), value), option=self.option
        )

    def body(self, value):
        if not self.numbered or is_number(value):  # a number held without a name goes back as it is
            return value
        return next((number for number, name in self.names.items() if name == value), None)

    def readable(self, value, unknown=None):
        if not self.numbered:
            return super().readable(value)
        number = self.number(value)
        # a number without a name stays the number: compared as such, never equal to a name, never rewritten
        return enum_readable(self.names, number, self.warned, unknown) if number is not None else None

    def spec(self):
        choices = Choices(self.choices(), numbers=True) if self.any_number else self.choices()
        return dict(super().spec(), choices=choices)


class Numbered(Enum):
    """A platform enum taken by name or by any number (the value an info module returns for a number without a
    name); a number is sent and compared as it is, a named one compares equal to its name."""

    spec_type = "raw"

    def __init__(self, option, member, names, warned=None, **more):
        super().__init__(option, member, names, any_number=True, **more)
        self.warned = warned or self.warned  # the option's path in a warning about a number without a name

    def checked(self, value):
        if is_number(value) or (isinstance(value, str) and value.strip().isdigit()):
            return int(value)
        return super().checked(value)

    def compared(self, value):
        return self.names.get(value, value) if is_number(value) else value


class Strings(Field):
    """A list of texts compared as a set: each entry stripped, checked by ``entry(text)`` (what it must be, or None;
    ``blank``: what an empty entry must be), ``send(text)``-ed as sent (country codes in upper case) and
    ``normal(text)``-ed as compared (host names without case); repeats dropped. ``note`` follows what an entry must be
    in the message. ``joined``: the member is one text, the entries joined by it."""

    def __init__(
        self, option, member, entry=None, send=None, normal=None, blank="a non-empty text", note="", joined=None, **more
    ):
        super().__init__(option, member, **more)
        self.entry, self.send, self.normal = entry, send, normal
        self.blank, self.note, self.joined = blank, note, joined

    def problem(self, text):
        """What an entry must be, when ``text`` (stripped, None for no text) is not that; else None."""
        if not text or any(ord(c) < 32 for c in text):
            return self.blank
        return self.entry(text) if self.entry else None

    def checked(self, value):
        checked = []
        for index, item in enumerate(value):
            text = item.strip() if isinstance(item, str) else None
            problem = self.problem(text)
            if problem:
                raise InputError(
                    "%s[%d] must be %s%s; got %r." % (self.option, index, problem, self.note, item), option=self.option
                )
            text = self.send(text) if self.send else text
            if text not in checked:
                checked.append(text)
        return checked

    def body(self, value):
        return list(value) if self.joined is None else self.joined.join(value)

    def readable(self, value, unknown=None):
        if self.joined is not None and isinstance(value, str):  # one text: its entries, blanks left out
            value = [item.strip() for item in value.split(self.joined) if item.strip()]
        return [item for item in value if isinstance(item, str)] if isinstance(value, list) else None

    def compared(self, value):
        if value is None:
            return None
        return sorted({self.normal(item) if self.normal else item for item in value if isinstance(item, str)})

    def spec(self):
        return dict(super().spec(), type="list", elements="str")


class Secret(Text):
    """A secret text (a key, a token): a ``no_log`` option, never returned (it reads as None), and compared without
    showing it: the platform's value is the secret given, another one, or none (:data:`SECRET_GIVEN`,
    :data:`SECRET_OTHER`, None), so the diff says whether it changes and never what it is."""

    def readable(self, value, unknown=None):
        return None

    def compared(self, value):
        return None if value is None else SECRET_GIVEN

    def held(self, value, given=None):
        if not isinstance(value, str) or value == "":
            return None
        return SECRET_GIVEN if value == given else SECRET_OTHER

    def spec(self):
        return dict(super().spec(), no_log=True)


SECRET_GIVEN, SECRET_OTHER = "(the secret given)", "(another secret)"


class NamedMaps(Field):
    """A list of named sets of text properties (``[{name, properties: {key: text}}]``, held as ``[{Name,
    Properties}]``), compared by name in any order; property values are sent as text, as the platform keeps them."""

    def checked(self, value):
        seen = []
        for index, item in enumerate(value):
            name = item.get("name")
            if not isinstance(name, str) or not name.strip() or name in seen:
                raise InputError(
                    "%s[%d].name must be a non-empty name of its own; got %r." % (self.option, index, name),
                    option=self.option,
                )
            seen.append(name)
        return [dict(name=item["name"], properties=_texts(item.get("properties"))) for item in value]

    def body(self, value):
        return [{"Name": item["name"], "Properties": dict(item["properties"])} for item in value]

    def readable(self, value, unknown=None):
        if not isinstance(value, list):
            return None
        return [
            dict(name=item.get("Name"), properties=_texts(item.get("Properties")))
            for item in value
            if isinstance(item, dict)
        ]

    def compared(self, value):
        if value is None:
            return None
        return sorted(([item["name"], sorted(item["properties"].items())] for item in value), key=str)

    def spec(self):
        entry = dict(name=dict(type="str"), properties=dict(type="dict"))  # a missing name: checked() names its path
        return dict(super().spec(), type="list", elements="dict", options=entry)


def _texts(properties):
    """Property values as the platform keeps them: text (``true``, ``75``)."""
    if not isinstance(properties, dict):
        return {}
    return {str(key): (str(v).lower() if isinstance(v, bool) else str(v)) for key, v in properties.items()}


class Shown(Field):
    """A value only returned, never an option: ``convert(value)`` turns the platform's value into the returned one
    (as sent without it)."""

    settable = False

    def __init__(self, option, member, convert=None, **more):
        super().__init__(option, member, **more)
        self.convert = convert

    def readable(self, value, unknown=None):
        return self.convert(value) if self.convert else value


class Group(Field):
    """Nested options: a dict option whose ``fields`` are a table of their own, held in the member as an object."""

    def __init__(self, option, member, fields, **more):
        super().__init__(option, member, **more)
        self.fields = fields

    def checked(self, value):
        try:
            return wanted_values(self.fields, value)
        except InputError as error:  # named by its path: the sub-option's name alone is ambiguous
            path, text = "%s.%s" % (self.option, error.option), str(error)
            text = path + text[len(error.option) :] if error.option and text.startswith(error.option) else text
            raise InputError(text, option=path) from None

    def body(self, value):
        return request_members(self.fields, value)

    def readable(self, value, unknown=None):
        return readable(self.fields, value, unknown) if isinstance(value, dict) else None

    def compared(self, value):
        return None if value is None else wanted_view(self.fields, value)

    def held(self, value, given=None):
        # only the sub-options given are compared, as only the options given are at the top
        return managed_view(self.fields, value, given if isinstance(given, dict) else by_option(self.fields))

    def spec(self):
        return dict(super().spec(), type="dict", options=argument_spec(self.fields))

    def changed_part(self, model, value):
        return value  # the object is sent whole


class Section(Group):
    """Options grouped for the user (a dict option of related settings), held at the top level of the model beside
    the others: only the sub-options given are compared, and only those that differ are sent."""

    def __init__(self, option, fields, **more):
        super().__init__(option, None, fields, **more)

    def read(self, model):
        return model

    def write_into(self, body, value):
        body.update(self.body(value))

    def changed_part(self, model, value):
        return differing(self.fields, model, value)


# --- the walkers -----------------------------------------------------------------------------------------------


def by_option(fields):
    """option -> field."""
    return {field.option: field for field in fields}


def wanted_values(fields, params):
    """option -> value the task asks for, checked, for every option given (not None; a section given none of its
    sub-options is not given)."""
    wanted = {f.option: f.checked(params[f.option]) for f in fields if params.get(f.option) is not None}
    return {option: value for option, value in wanted.items() if not (value == {} and option in _sections(fields))}


def _sections(fields):
    return {f.option for f in fields if isinstance(f, Section)}


def request_members(fields, wanted):
    """The body members that set ``wanted``, and only those (in their sections)."""
    body = {}
    for field in fields:
        if field.option in wanted:
            field.write_into(body, wanted[field.option])
    return body


def readable(fields, model, unknown=None):
    """body -> readable: every field's option with the model's value (None where the platform sent none); warnings of
    enum numbers without a name go to the list ``unknown``."""
    model = model if isinstance(model, dict) else {}
    return {f.option: f.readable(f.read(model), unknown) for f in fields}


def managed_view(fields, model, options):
    """body -> compared: the given ``options`` (names, or the values given) with the model's values, normalised for
    comparison (and the diff)."""
    model = model if isinstance(model, dict) else {}
    given = options if isinstance(options, dict) else {}
    return {f.option: f.held(f.read(model), given.get(f.option)) for f in fields if f.option in options}


def wanted_view(fields, wanted):
    """The compared form of :func:`wanted_values`."""
    return {f.option: f.compared(wanted[f.option]) for f in fields if f.option in wanted}


def differing(fields, model, wanted):
    """The options of ``wanted`` whose value ``model`` does not hold."""
    now, asked, rows = managed_view(fields, model, wanted), wanted_view(fields, wanted), by_option(fields)
    return {o: rows[o].changed_part(model, value) for o, value in wanted.items() if now[o] != asked[o]}


def without_secrets(fields, wanted):
    """``wanted`` without its secrets (in sections too): what a task that sets secrets only on create manages."""
    kept = {}
    for field in fields:
        if field.option not in wanted or isinstance(field, Secret):
            continue
        value = wanted[field.option]
        kept[field.option] = without_secrets(field.fields, value) if isinstance(field, Section) else value
    return kept


def secret_fields(fields):
    """``(section, field)`` of every secret sub-option of a table's sections (an account snapshot names each as a
    vault variable)."""
    return [(s, f) for s in fields if isinstance(s, Section) for f in s.fields if isinstance(f, Secret)]


def merged(model, members):
    """The object ``model`` (None: none yet) with the body ``members`` written over it: what a write that applied them
    leaves, as far as this collection can tell."""
    return dict(model or {}, **members)


def argument_spec(fields):
    """The argument spec of a table's options, in table order."""
    return {field.option: field.spec() for field in fields if field.settable}


def bounds(fields, prefix=""):
    """``{option path: (low, high)}`` of the fields that declare a range, sub-options as ``parent.child``
    (``ModuleDef(bounds=...)``)."""
    found = {prefix + field.option: field.bounds for field in fields if field.bounds is not None}
    for field in fields:
        if isinstance(field, Group):
            found.update(bounds(field.fields, "%s%s." % (prefix, field.option)))
    return found
