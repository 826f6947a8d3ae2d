# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The argument screen both hosts run on the raw arguments before ansible-core validates them, and the mask set.

:func:`screen_arguments` drops every option given as null (at any depth: null is not a value, so the option counts
as not given), collects every secret (no_log options at any depth, the environment variables their
fallbacks read, values a module hides inside other options) and refuses, by name, the shapes validation
cannot handle without echoing the arguments. :class:`NoLogValues` is the set both hosts mask output with.
"""

from __future__ import annotations

from collections.abc import Mapping

from ansible.module_utils.common.validation import check_type_dict
from ansible.module_utils.errors import AnsibleFallbackNotFound

NO_LOG_PLACEHOLDER = "VALUE_SPECIFIED_IN_NO_LOG_PARAMETER"  # what Ansible shows for a no_log option


def _kind(value):
    """What ``value`` is, for a message that must not show it."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, Mapping):
        return "a dictionary"
    if isinstance(value, (list, tuple, set, frozenset)):
        return "a list"
    if isinstance(value, str):
        return "a string"
    return "a value of type %s" % type(value).__name__


def _leaves(value):
    """Every scalar inside ``value``, as text (keys included)."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield str(key)
            yield from _leaves(item)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _leaves(item)
    elif value is not None:
        yield str(value)


def _as_dict(value):
    """``value`` as the dictionary argument validation makes of it, or None when it cannot be one."""
    if isinstance(value, Mapping):
        return value
    if isinstance(value, str):
        try:
            return check_type_dict(value)
        except TypeError:
            return None
    return None


class ArgumentScreen(object):
    """What both hosts learn from the raw arguments before ansible-core validates them.

    ansible-core collects no_log values while it validates, and stops collecting (for every option, the
    top-level secrets included) at the first sub-option whose value is not a dictionary; the failure then
    echoes the arguments unmasked. The screen collects every secret first (each no_log option, top-level
    and nested, and the environment variable its fallback reads) from values of any shape, and refuses
    the shapes validation cannot handle by name: a secret that is not a string (its value never shown),
    an option with sub-options that is not a dictionary (or a list of them), a list or dictionary for a
    string option.

    ``secrets``: values to mask. ``problem``: the first refusal, or None. ``unchecked``: the screen itself
    failed, so the arguments must not be echoed at all.
    """

    def __init__(self):
        self.secrets = set()
        self.secret_problems = []
        self.problems = []
        self.unchecked = False

    @property
    def problem(self):
        found = self.secret_problems + self.problems
        return found[0] if found else None


def screen_arguments(spec, params, hidden_secrets=None):
    """The :class:`ArgumentScreen` of raw ``params`` (a no_log value of the wrong type is replaced by
    Ansible's placeholder in ``params``, so that an echo of them cannot show it)."""
    screen = ArgumentScreen()
    try:
        _screen(spec, params, "", screen)
        if hidden_secrets is not None:
            screen.secrets.update(value for value in hidden_secrets(params) if value)
    except Exception as exc:  # pylint: disable=broad-except  # a defect: fail without echoing anything
        screen.unchecked = True
        screen.secret_problems.insert(
            0,
            "The arguments could not be checked for secrets (%s), so the task stops "
            "without showing them." % type(exc).__name__,
        )
    return screen


def _screen(spec, params, prefix, screen):
    for name, options in spec.items():
        label = prefix + name
        names = [name] + list(options.get("aliases") or ())
        for key in names:
            # an option given as null is an option not given (defaults, fallbacks and the required checks apply as
            # if it were left out): ansible-core counts a present null in required_one_of and mutually_exclusive
            if key in params and params[key] is None:
                del params[key]
        keys = [key for key in names if key in params]
        if options.get("no_log"):
            _screen_secret(options, params, keys, label, screen)
            continue
        kind = options.get("type", "str")
        for key in keys:
            value = params[key]
            if value is None:
                continue
            if options.get("options") is not None and kind in ("dict", "list"):
                for index, item in enumerate(_sub_dicts(options, value, label, screen)):
                    _screen(
                        options["options"], item, "%s%s." % (label, "" if kind == "dict" else "[%d]" % index), screen
                    )
            elif kind in ("str", "path") and isinstance(value, (Mapping, list, tuple, set, frozenset)):
                screen.problems.append("%s must be a string, not %s." % (label, _kind(value)))
            elif kind == "list" and options.get("elements") in ("str", "path") and isinstance(value, list):
                # ansible-core would send a nested list or dictionary as its Python text ("['a']"), never refuse it
                for index, item in enumerate(value):
                    if isinstance(item, (Mapping, list, tuple, set, frozenset)):
                        screen.problems.append("%s[%d] must be a string, not %s." % (label, index, _kind(item)))
                        break
            elif isinstance(value, str) and "\x00" in value:
                # no option takes one, and ansible-core 2.21's module path fails logging it to syslog before
                # any check of the module's could name the option
                screen.problems.append(
                    "%s contains a control character (U+0000 at position %d): no option takes a "
                    "NUL character; remove it." % (label, value.index("\x00") + 1)
                )


def _screen_secret(options, params, keys, label, screen):
    for key in keys:
        value = params[key]
        if value is None:
            continue
        if isinstance(value, str):
            screen.secrets.add(value)
            continue
        message = (
            "%s must be a string, not %s (its value is not shown): give it as one quoted string, or check the "
            "variable or lookup that supplies it." % (label, _kind(value))
        )
        screen.secret_problems.append(message)
        # masked wherever else they appear; a fragment of the message itself is no secret and would shred it
        screen.secrets.update(leaf for leaf in _leaves(value) if leaf.strip() and leaf not in message)
        params[key] = NO_LOG_PLACEHOLDER
    fallback = options.get("fallback") or (None,)
    if keys or fallback[0] is None:
        return
    args, kwargs = [], {}
    for item in fallback[1:]:
        if isinstance(item, dict):
            kwargs = item
        else:
            args = item
    try:
        value = fallback[0](*args, **kwargs)
    except AnsibleFallbackNotFound:
        return
    if isinstance(value, str):
        screen.secrets.add(value)


def _sub_dicts(options, value, label, screen):
    """The dictionaries of an option with sub-options (one for ``type=dict``); a refusal for any other shape."""
    names = ", ".join(sorted(options["options"]))
    if options.get("type") == "dict":
        found = _as_dict(value)
        if found is None:
            what = "a string that is not a JSON object or key=value pairs" if isinstance(value, str) else _kind(value)
            screen.problems.append("%s must be a dictionary of its options (%s), not %s." % (label, names, what))
            return []
        return [found]
    if options.get("elements") != "dict":
        return []
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list):
        screen.problems.append(
            "%s must be a list of dictionaries (each with the options %s), not %s." % (label, names, _kind(value))
        )
        return []
    found = []
    for index, item in enumerate(items):
        converted = _as_dict(item)
        if converted is None:
            screen.problems.append(
                "%s[%d] must be a dictionary of the options %s, not %s." % (label, index, names, _kind(item))
            )
        else:
            found.append(converted)
    return found


def secrets_of(no_log_values):
    """The scrub list from a no_log value set: text values, longest first (same order in both hosts)."""
    return sorted((v for v in no_log_values if isinstance(v, str)), key=lambda v: (-len(v), v))


class NoLogValues(set):
    """Ansible's no_log value set, minus blank strings.

    Ansible masks every no_log value wherever it appears in output; a key of one space would turn every
    message into masked fragments. A blank credential is refused by name instead (``check_credential``).
    """

    def add(self, value):
        if not (isinstance(value, str) and not value.strip()):
            super(NoLogValues, self).add(value)

    def update(self, *others):
        for other in others:
            for value in other:
                self.add(value)
