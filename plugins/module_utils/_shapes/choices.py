# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The choices of an enum option: what ansible-doc lists, and what else the option takes (pure Python).

The rule every module follows is the guide's "Option values": an option that takes one of a set of values lists
them as ``choices``. :class:`Choices` is that list (ansible-doc and validate-modules see the listed values; argument
validation asks ``value in choices``), and it also takes, beside the listed values:

- ``numbers``: any platform number (an int or its digits, 0 to 2147483647), where the option takes the platform's
  numbers: a value the platform added since is returned by the info module as the number, and given back it must be
  taken as it is (docs/platform-notes.md, "Enums that grow" and "Option values: one spelling, and any number the
  platform may add");
- ``renamed``: the spellings of earlier releases, ``{old: listed}``; taken until 2.0.0, each with a deprecation naming
  the listed spelling;
- ``fold_case``: any case of a listed value (the WAF rule language's names, always matched without regard to case).

:func:`canonical_values` turns the validated values into the listed spelling (``ModuleDef`` runs it before the core,
in both hosts) and says which old spellings it met.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.bounds import INT32_MAX

REMOVED_IN = "2.0.0"  # the release that stops taking the spellings of earlier releases
COLLECTION = "edge.platform"  # the collection a deprecation names


def _is_number(value):
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return 0 <= value <= INT32_MAX
    return isinstance(value, str) and value.isdigit() and value.isascii() and int(value) <= INT32_MAX


class Choices(list):
    """The listed values of an enum option, and the rules for the other values it takes (see the module docstring).

    A ``list`` so that argument specs, ansible-doc and validate-modules read it as the plain list of listed values.
    """

    def __init__(self, listed, numbers=False, renamed=None, fold_case=False):
        super(Choices, self).__init__(listed)
        self.numbers = numbers
        self.renamed = dict(renamed or {})
        self.fold_case = fold_case

    def resolve(self, value):
        """``(listed value, or the number as given; old spelling or None)``; ``(None, None)`` for a value not taken."""
        if list.__contains__(self, value):  # the listed values as they are
            return value, None
        if self.numbers and _is_number(value):
            return value, None
        if not isinstance(value, str):
            return None, None
        if value in self.renamed:
            return self.renamed[value], value
        if self.fold_case:
            folded = value.lower()
            for listed in self:
                if isinstance(listed, str) and listed.lower() == folded:
                    return listed, None
            for old, listed in self.renamed.items():
                if old.lower() == folded:
                    return listed, value
        return None, None

    def __contains__(self, value):
        return self.resolve(value)[0] is not None

    def describe(self):
        """The values taken, in words (for a module's own message)."""
        text = ", ".join(str(listed) for listed in self)
        return text + (", or a number the platform added" if self.numbers else "")


def _canonical(choices, value, path, renamed):
    listed, old = choices.resolve(value)
    if listed is None:
        return value  # argument validation refused it already; kept as given
    if old is not None:
        renamed.append((path, old, listed))
    return listed


def canonical_values(spec, params, prefix=""):
    """Every value of an option with :class:`Choices` in validated ``params`` (sub-options and list elements too)
    turned into its listed spelling, in place; returns ``[(option path, old spelling, listed spelling)]`` of the
    spellings of earlier releases it met."""
    renamed = []
    for name, options in spec.items():
        value = params.get(name) if isinstance(params, dict) else None
        if value is None:
            continue
        path = prefix + name
        choices = options.get("choices")
        if isinstance(choices, Choices):
            if isinstance(value, list):
                params[name] = [
                    _canonical(choices, item, "%s[%d]" % (path, i), renamed) for i, item in enumerate(value)
                ]
            else:
                params[name] = _canonical(choices, value, path, renamed)
        if options.get("options") is not None:
            items = value if isinstance(value, list) else [value]
            for index, item in enumerate(items):
                label = "%s[%d]." % (path, index) if isinstance(value, list) else path + "."
                renamed.extend(canonical_values(options["options"], item, label))
    return renamed


def deprecation(path, old, listed):
    """The deprecation text of an old spelling (Ansible adds the release that removes it)."""
    return "%s: give %s instead of %s, the spelling of earlier releases." % (path, listed, old)
