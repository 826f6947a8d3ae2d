# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The in-process host: a module's core run inside the controller's worker, as AnsibleModule would run it.

It does what AnsibleModule does, in the same order and with ansible-core's own functions: the task's
``environment:`` applies (:func:`environment`: fallbacks such as ``EDGE_API_KEY``, proxies, CA bundles),
arguments travel through the module JSON profile (:func:`to_module`), the module's screen runs and
``ArgumentSpecValidator`` validates them with the module's spec (:func:`validate`), no_log values are
collected, the result is formatted as ``exit_json``/``fail_json`` format it (:func:`formatted`:
``invocation``, warnings, ``remove_values``) and parsed as the controller parses a module's output
(:func:`parsed`). The action (``action.py``) decides whether this host or the module path runs a task.

Every difference between ansible-core versions the host depends on is handled here, each shim labelled
with the versions it serves (the floor is ansible-core 2.19.0, ``meta/runtime.yml``).
"""

from __future__ import annotations

import dataclasses
import json
import marshal
import os
import traceback
from contextlib import contextmanager

from ansible import constants as C
from ansible.module_utils.common.arg_spec import ArgumentSpecValidator
from ansible.module_utils.common.json import Direction, get_module_decoder, get_module_encoder
from ansible.module_utils.common.parameters import remove_values
from ansible.module_utils.errors import UnsupportedError

from ansible_collections.edge.platform.plugins.module_utils._hosts.screen import NoLogValues
from ansible_collections.edge.platform.plugins.module_utils._shapes.choices import COLLECTION

# Shim, ansible-core 2.19 and 2.20: a parsed module result is a dict cleaned by remove_internal_keys.
# 2.21+ removed the function: the parsed result is a UnifiedTaskResult that cleans itself (see parsed()).
try:
    from ansible.vars.clean import remove_internal_keys
except ImportError:
    remove_internal_keys = None

PROFILE = "legacy"  # the serialization profile of a module that declares none (ours)


def validate(definition, params, module_name):
    """AnsibleModule's argument handling: ``(no_log_values, warnings, error message or None)``.

    Updates ``params`` in place with the validated values, as AnsibleModule updates its params. The
    module's screen (``ModuleDef.screen``) runs first, as in the AnsibleModule host.
    """
    no_log_values = NoLogValues()
    screen = definition.screen(params)  # every secret, before validation can stop collecting them
    no_log_values.update(screen.secrets)
    if screen.problem is not None:
        if screen.unchecked:
            params.clear()
        return no_log_values, [], screen.problem
    validation = ArgumentSpecValidator(definition.spec(), **definition.validation).validate(params)
    params.update(validation.validated_parameters)
    no_log_values.update(validation._no_log_values)
    # ModuleArgumentSpecValidator's wording; it would send these to the controller's display at once
    warnings = ["Both option {option} and its alias {alias} are set.".format(**w) for w in validation._warnings]
    message = None
    if validation.error_messages:
        message = validation.errors.msg
        if isinstance(validation.errors[0], UnsupportedError):
            message = "Unsupported parameters for ({name}) {kind}: {msg}".format(
                name=module_name, kind="module", msg=message
            )
    return no_log_values, warnings, message


def formatted(result, params, no_log_values, warnings, invocation=True, deprecations=()):
    """What ``exit_json``/``fail_json`` print: invocation (unless the controller asks for none), warnings,
    deprecations (``(message, version)``), no_log values removed.

    A deprecation goes as the dictionary the controller turns into the same summary a module's ``deprecate(msg,
    version, collection_name)`` sends (the task executor's result compatibility), so it shows alike on both paths.
    """
    result = dict(result)
    if invocation:
        result.setdefault("invocation", {"module_args": params})
    else:
        result.pop("invocation", None)
    if warnings:
        result["warnings"] = list(warnings)
    if deprecations:
        result["deprecations"] = [
            {"msg": message, "version": version, "collection_name": COLLECTION} for message, version in deprecations
        ]
    preserved = {key: value for key, value in result.items() if value is None or isinstance(value, bool)}
    result = masked(result, no_log_values)
    result.update(preserved)
    return result


# Texts a no_log value may take that JSON spells otherwise (remove_values compares str() of numbers, booleans
# and None): with such a value, every part of the result is masked.
JSON_SPELLS_OTHERWISE = frozenset(("true", "false", "none", "nan", "inf", "-inf", "infinity", "-infinity"))
# Every character str() writes for an int or a float (remove_values masks a number whose str() holds a no_log value).
NUMBER_CHARACTERS = frozenset("0123456789+-.einfa")


def masked(result, no_log_values):
    """``remove_values`` over the top-level values of ``result`` that may hold a no_log value, the same output.

    remove_values walks every string of the result; a large result (api_guardian_spec's endpoints) costs a third of
    a second. A value that holds no no_log value anywhere is kept as it is, known by a text search over one of two
    serializations of it (a hit, even a false one, sends the value through remove_values):

    - ``marshal`` (five times faster than JSON): it writes every str (keys too) as its UTF-8 bytes (lone surrogates
      passed through) and bytes as they are, and refuses every type but the built-in ones (a str subclass, any
      object: JSON decides then). It writes numbers in binary, so it serves only no_log values that no str() of a
      number can hold (one with a character outside :data:`NUMBER_CHARACTERS`). It also writes complex numbers,
      which remove_values refuses: a result holding one is kept rather than failing (no module returns one).
    - JSON text, the no_log value searched raw and JSON-escaped: it writes keys, strings and numbers alike.

    Anything neither can write, or a no_log value JSON spells otherwise (``True``, ``nan``), goes through
    remove_values whole.
    """
    needles, texts = set(), set()
    for value in no_log_values:
        text = str(value)
        if text.strip().lower() in JSON_SPELLS_OTHERWISE:
            return remove_values(result, no_log_values)
        texts.add(text)
        needles.update((text, json.dumps(text, ensure_ascii=False)[1:-1]))
    raw = _marshal_needles(texts)
    kept = {}
    for key, value in result.items():
        if isinstance(key, str) and not any(needle in key for needle in needles) and _holds_none(value, needles, raw):
            kept[key] = value
    cleaned = remove_values({k: v for k, v in result.items() if k not in kept}, no_log_values)
    out = {key: kept[key] if key in kept else cleaned[key] for key in result if key in kept or key in cleaned}
    out.update((key, value) for key, value in cleaned.items() if key not in out)  # a key remove_values masked
    return out


def _marshal_needles(texts):
    """The bytes a no_log value takes in marshal's output of a str (surrogates passed) or of bytes (remove_values
    reads bytes with surrogateescape); None when marshal cannot screen for them (see :func:`masked`)."""
    raw = set()
    for text in texts:
        if not text or set(text) <= NUMBER_CHARACTERS:
            return None
        raw.add(text.encode("utf-8", "surrogatepass"))
        try:
            raw.add(text.encode("utf-8", "surrogateescape"))
        except UnicodeEncodeError:
            pass  # a surrogate no decoded bytes carry
    return raw


def _holds_none(value, needles, raw):
    """Whether ``value`` surely holds none of the no_log values (``needles``: as JSON text; ``raw``: as marshal
    bytes, or None)."""
    if raw is not None:
        try:
            blob = marshal.dumps(value)
        except ValueError:  # a type marshal does not write, or nesting too deep for it
            pass
        else:
            return not any(needle in blob for needle in raw)
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=True)
    except (TypeError, ValueError, RecursionError):
        return False
    return not any(needle in text for needle in needles)


def run_in_process(definition, args, check_mode, diff_mode, module_name, invocation=True, ledger=None):
    """The module's output (before the controller parses it), computed here.

    ``invocation``: whether the output carries ``invocation`` (see :func:`inject_invocation`). ``ledger``: the run's
    check-mode ledger (``module_utils/_engine/ledger.py``; the action gives one in check mode).
    """
    params = dict(args)
    no_log_values, warnings, error = validate(definition, params, module_name)
    if error is not None:
        return formatted({"failed": True, "msg": error}, params, no_log_values, warnings, invocation)
    try:
        ctx, result = definition.execute(params, check_mode, diff_mode, no_log_values, ledger=ledger)
    except Exception as exc:  # pylint: disable=broad-except  # a defect: fail the task as a crashed module would
        error = {
            "failed": True,
            "msg": "%s failed unexpectedly: %s: %s" % (module_name, type(exc).__name__, exc),
            "exception": traceback.format_exc(),
        }
        return formatted(error, params, no_log_values, warnings, invocation)  # no_log values masked in both texts
    return formatted(
        result,
        params,
        no_log_values,
        warnings + [w for w in ctx.warnings if w not in warnings],
        invocation,
        ctx.deprecations,
    )


def to_module(args):
    """The arguments as the module receives them (decrypted Vault values, plain types), through the JSON
    serialization profile ansible-core 2.19+ sends module arguments with."""
    text = json.dumps(args, cls=get_module_encoder(PROFILE, Direction.CONTROLLER_TO_MODULE))
    return json.loads(text, cls=get_module_decoder(PROFILE, Direction.CONTROLLER_TO_MODULE))


def module_output(result):
    """The text a module prints for ``result``."""
    return json.dumps(result, cls=get_module_encoder(PROFILE, Direction.MODULE_TO_CONTROLLER))


def load_profiles():
    """Import the module JSON profiles now (ansible-core imports each on first use)."""
    for direction in Direction:
        get_module_encoder(PROFILE, direction)
        get_module_decoder(PROFILE, direction)


@contextmanager
def environment(values):
    """The task's ``environment:`` applied to this process while the core runs, as a module would see it."""
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update({name: str(value) for name, value in values.items()})
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def inject_invocation(task_vars):
    """Whether a module's result carries ``invocation`` here.

    Shim, ansible-core 2.21+: the INJECT_INVOCATION setting decides. 2.19 and 2.20 have no such setting and
    always add it.
    """
    if "INJECT_INVOCATION" not in C.config.get_configuration_definitions():
        return True
    return bool(C.config.get_config_value("INJECT_INVOCATION", variables=task_vars))


def parsed(action, output):
    """``output`` through the controller's own parsing of module output, as ``_execute_module`` does."""
    response = {"stdout": module_output(output), "stderr": "", "rc": 0}
    data = action._parse_returned_data(response, PROFILE)
    if remove_internal_keys is None:
        # shim, ansible-core 2.21+: a UnifiedTaskResult, turned into a dict as _execute_module does
        data.remove_internal_keys()
        return data.as_result_dict(for_round_trip=True)
    remove_internal_keys(data)  # ansible-core 2.19, 2.20
    return data


def retitle_error(result, old, new):
    """Give the error summary a module's failure carries the message ``new`` where it showed ``old``.

    Shim, ansible-core 2.19+: a failed module's result carries a captured error summary (``exception``) whose
    event message is the ``[ERROR]`` headline; 2.21+ keeps the text in its ``error_message`` too.
    """
    summary = result.get("exception")
    event = getattr(summary, "event", None)
    if event is None or getattr(event, "msg", None) != old or not dataclasses.is_dataclass(summary):
        return
    changes = {"event": dataclasses.replace(event, msg=new)}
    if getattr(summary, "error_message", None) == old:  # ansible-core 2.21+
        changes["error_message"] = new
    result["exception"] = dataclasses.replace(summary, **changes)
