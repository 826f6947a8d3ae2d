# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The action behind every edge.platform module: the in-process host, or the module path.

These modules are API clients that nearly always run on the controller. A module task costs about
0.4 s there (AnsiballZ build, a new interpreter, ``import requests``) for an HTTP request of a few
milliseconds. When the task runs on the controller anyway, this action runs the module's core
(its ``MODULE`` definition, see ``module_utils/_hosts/module.py``) inside the worker process instead:

- in-process when the connection is ``local`` (``hosts: localhost``, ``delegate_to: localhost``),
  without ``become``, not ``async``, with ``requests`` importable here, the module declares ``MODULE``,
  and neither the variable ``edge_platform_in_process`` nor the environment variable
  ``EDGE_PLATFORM_IN_PROCESS`` (controller or task ``environment:``) is false;
- otherwise the module path (``_execute_module``), exactly as without this action.

The in-process host does what AnsibleModule does, in the same order and with ansible-core's own
functions: the task's ``environment:`` applies (environment fallbacks such as ``EDGE_API_KEY``,
proxies, CA bundles), arguments travel through the module JSON profile, are validated by
``ArgumentSpecValidator`` with the module's spec (module_defaults are already merged into the task
arguments by ansible-core), no_log values are collected, and the result is formatted as
``exit_json``/``fail_json`` format it (``invocation``, warnings, ``remove_values``) and parsed by
``_parse_returned_data`` like a module's output. What differs: no module invocation line in the
controller's syslog/journal, and the controller's Python runs the core (not
``ansible_python_interpreter``).

Test-only: when ``EDGE_PLATFORM_PATH_LOG`` names a file (controller or task environment), the
action appends ``<module> in-process`` or ``<module> module`` to it, so tests can see which path ran.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import socket
import threading
import traceback
from contextlib import contextmanager

from ansible import constants as C
from ansible.errors import AnsibleError
from ansible.module_utils.common.arg_spec import ArgumentSpecValidator
from ansible.module_utils.common.parameters import remove_values
from ansible.module_utils.errors import UnsupportedError
from ansible.module_utils.parsing.convert_bool import boolean
from ansible.plugins.action import ActionBase
from ansible.utils.display import Display
from ansible.utils.vars import merge_hash
try:  # ansible-core 2.19, 2.20
    from ansible.vars.clean import remove_internal_keys
except ImportError:  # 2.21+: the parsed result cleans itself (UnifiedTaskResult.remove_internal_keys)
    remove_internal_keys = None

from ansible_collections.edge.platform.plugins.module_utils._engine.client import REQUESTS_IMPORT_ERROR, Client
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import NoLogValues
from ansible_collections.edge.platform.plugins.plugin_utils._inprocess.controller_files import (
    ControllerFileError, name_the_file, read_controller_files)

try:  # ansible-core 2.19+: modules talk to the controller through serialization profiles
    from ansible.module_utils.common.json import Direction, get_module_decoder, get_module_encoder
    jsonify = AnsibleJSONEncoder = None
except ImportError:  # ansible-core 2.17, 2.18: plain JSON
    from ansible.module_utils.common.text.converters import jsonify
    from ansible.parsing.ajson import AnsibleJSONEncoder
    Direction = get_module_decoder = get_module_encoder = None

display = Display()

COLLECTION = "edge.platform"
SWITCH_VARIABLE = "edge_platform_in_process"
SWITCH_ENVIRONMENT = "EDGE_PLATFORM_IN_PROCESS"
PATH_LOG_ENVIRONMENT = "EDGE_PLATFORM_PATH_LOG"
PROFILE = "legacy"  # the serialization profile of a module that declares none (ours)


def _preload():
    """Do once, in the main process the workers fork from, what every task would otherwise do first itself.

    The strategy imports each task's action class before forking the task's worker, so this runs once per
    playbook run. One request over a loopback socket to a canned answer warms what a worker's first request
    pays (lazy imports, the HTTP client's first-use caches): about a third of an in-process task's cost.
    Nothing leaves the machine; any failure only leaves the workers cold.
    """
    import netrc  # noqa: F401  pylint: disable=unused-import,import-outside-toplevel  # requests reads ~/.netrc
    if get_module_encoder is not None:
        for direction in Direction:  # the JSON profiles are imported on first use
            get_module_encoder(PROFILE, direction)
            get_module_decoder(PROFILE, direction)
    if REQUESTS_IMPORT_ERROR is not None:
        return
    listener = None
    try:
        listener = socket.socket()
        listener.settimeout(1.0)
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        answer = threading.Thread(target=_answer_once, args=(listener,))
        answer.daemon = True
        answer.start()
        client = Client("http://127.0.0.1:%d" % listener.getsockname()[1], {}, timeout=1.0, retries=0)
        client.request("GET", "/", "Warming the HTTP client")
        answer.join(1.0)
    except Exception:  # pylint: disable=broad-except  # an optimisation only
        pass
    finally:
        if listener is not None:
            listener.close()


def _answer_once(listener):
    try:
        connection = listener.accept()[0]
        connection.settimeout(1.0)
        connection.recv(65536)
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                           b"Connection: close\r\n\r\n{}")
        connection.close()
    except (OSError, socket.timeout):
        pass


_preload()


def module_definition(name):
    """The module's ``MODULE`` (a ``ModuleDef``), or None when it has none yet (module path only)."""
    try:
        module = importlib.import_module("ansible_collections.%s.plugins.modules.%s" % (COLLECTION, name))
    except ImportError:
        return None
    return getattr(module, "MODULE", None)


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
                name=module_name, kind="module", msg=message)
    return no_log_values, warnings, message


def formatted(result, params, no_log_values, warnings, invocation=True):
    """What ``exit_json``/``fail_json`` print: invocation (unless the controller asks for none), warnings,
    no_log values removed."""
    result = dict(result)
    if invocation:
        result.setdefault("invocation", {"module_args": params})
    else:
        result.pop("invocation", None)
    if warnings:
        result["warnings"] = list(warnings)
    preserved = {key: value for key, value in result.items() if value is None or isinstance(value, bool)}
    result = remove_values(result, no_log_values)
    result.update(preserved)
    return result


def run_in_process(definition, args, check_mode, diff_mode, module_name, invocation=True):
    """The module's output (before the controller parses it), computed here.

    ``invocation``: whether the output carries ``invocation`` (ansible-core 2.21+ adds it to a module's
    result only when the INJECT_INVOCATION setting asks for it; before 2.21, always).
    """
    params = dict(args)
    no_log_values, warnings, error = validate(definition, params, module_name)
    if error is not None:
        return formatted({"failed": True, "msg": error}, params, no_log_values, warnings, invocation)
    try:
        ctx, result = definition.execute(params, check_mode, diff_mode, no_log_values)
    except Exception as exc:  # pylint: disable=broad-except  # a defect: fail the task as a crashed module would
        error = {"failed": True, "msg": "%s failed unexpectedly: %s: %s" % (module_name, type(exc).__name__, exc),
                 "exception": traceback.format_exc()}
        return formatted(error, params, no_log_values, warnings, invocation)  # no_log values masked in both texts
    return formatted(result, params, no_log_values, warnings + [w for w in ctx.warnings if w not in warnings],
                     invocation)


def to_module(args):
    """The arguments as the module receives them (decrypted Vault values, plain types)."""
    if get_module_encoder is None:
        return json.loads(json.dumps(args, cls=AnsibleJSONEncoder, vault_to_text=True))
    text = json.dumps(args, cls=get_module_encoder(PROFILE, Direction.CONTROLLER_TO_MODULE))
    return json.loads(text, cls=get_module_decoder(PROFILE, Direction.CONTROLLER_TO_MODULE))


def module_output(result):
    """The text a module prints for ``result``."""
    if get_module_encoder is None:
        return jsonify(result)
    return json.dumps(result, cls=get_module_encoder(PROFILE, Direction.MODULE_TO_CONTROLLER))


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
    """Whether a module's result carries ``invocation`` here: the INJECT_INVOCATION setting (2.21+), else yes."""
    if "INJECT_INVOCATION" not in C.config.get_configuration_definitions():
        return True
    return bool(C.config.get_config_value("INJECT_INVOCATION", variables=task_vars))


class EdgeModuleAction(ActionBase):
    """Runs the module of the same name in-process when the task runs on the controller, else as a module.

    A module's action file is ``class ActionModule(EdgeModuleAction)`` with a docstring, nothing else.
    """

    TRANSFERS_FILES = False
    _supports_check_mode = True
    _supports_async = True
    module = None  # the module's short name, from the action file's name
    definition = None  # its MODULE, imported with the action file

    def __init_subclass__(cls, **kwargs):
        # The strategy imports every task's action class in the main process before forking workers, so the
        # module (and requests) are imported once per run here instead of once per task in each worker.
        super(EdgeModuleAction, cls).__init_subclass__(**kwargs)
        cls.module = cls.__module__.rsplit(".", 1)[-1]
        cls.definition = module_definition(cls.module)

    def run(self, tmp=None, task_vars=None):
        result = super(EdgeModuleAction, self).run(tmp, task_vars)
        del tmp
        task_vars = task_vars or {}
        module_name = "%s.%s" % (COLLECTION, self.module)
        args = dict(self._task.args)
        try:
            read = read_controller_files(self, self.module, args)
        except ControllerFileError as exc:
            result.update(failed=True, msg=str(exc))
            return result
        task_environment = {}
        self._compute_environment_string(task_environment)
        definition = self.definition
        why_not = self._why_not_in_process(definition, task_vars, task_environment)
        self._log_path(module_name, why_not, task_environment)
        if why_not is None:
            display.vvvv("%s runs in-process on the controller" % module_name)
            with environment(task_environment):
                output = run_in_process(definition, to_module(args), self._task.check_mode, self._task.diff,
                                        module_name, inject_invocation(task_vars))
            outcome = self._parsed(name_the_file(output, read))
        else:
            display.vvvv("%s runs as a module: %s" % (module_name, why_not))
            wrap_async = self._task.async_val and not self._connection.has_native_async
            outcome = name_the_file(self._execute_module(module_name=module_name, module_args=args,
                                                         task_vars=task_vars, wrap_async=wrap_async), read)
            if not wrap_async:
                self._remove_tmp_path(self._connection._shell.tmpdir)
        self._warn_unless_no_log(definition, outcome)
        return merge_hash(result, outcome)

    def _warn_unless_no_log(self, definition, outcome):
        """A result holding the secret the task asked for (a new database token) is shown unless the task is no_log."""
        key = definition.returned_secret if definition is not None else None
        if key and outcome.get(key) and not self._task.no_log:
            warnings = outcome.get("warnings") or []
            outcome["warnings"] = list(warnings) + [
                "The result holds the secret %s and this task's no_log is off, so the value is shown in the task "
                "output and logs (-v, callbacks, a registered variable printed later). Set no_log: true on the task "
                "and keep the value with register." % key]

    def _why_not_in_process(self, definition, task_vars, task_environment):
        """None when the core can run here, else why not (shown at -vvvv)."""
        if definition is None:
            return "the module has no in-process definition"
        if getattr(self._connection, "transport", None) != "local":
            return "the connection is not local"
        if self._play_context.become:
            return "the task uses become"
        if self._task.async_val:
            return "the task is async"
        if REQUESTS_IMPORT_ERROR is not None:
            return "the controller's Python cannot import requests"
        switch = task_vars.get(SWITCH_VARIABLE)
        if switch is not None:
            switch = self._templar.template(switch)
            try:
                if not boolean(switch, strict=True):
                    return "%s is false" % SWITCH_VARIABLE
            except TypeError:
                raise AnsibleError("%s must be true or false; got %r." % (SWITCH_VARIABLE, switch))
        switch = task_environment.get(SWITCH_ENVIRONMENT, os.environ.get(SWITCH_ENVIRONMENT))
        if switch is not None and not boolean(switch, strict=False):
            return "%s is false" % SWITCH_ENVIRONMENT
        return None

    @staticmethod
    def _log_path(module_name, why_not, task_environment):
        log = task_environment.get(PATH_LOG_ENVIRONMENT, os.environ.get(PATH_LOG_ENVIRONMENT))
        if log:
            with open(str(log), "a") as handle:
                handle.write("%s %s\n" % (module_name, "in-process" if why_not is None else "module"))

    def _parsed(self, output):
        """``output`` through the controller's own parsing of module output, as ``_execute_module`` does."""
        response = {"stdout": module_output(output), "stderr": "", "rc": 0}
        if len(inspect.signature(self._parse_returned_data).parameters) > 1:
            data = self._parse_returned_data(response, PROFILE)
        else:  # ansible-core 2.17, 2.18
            data = self._parse_returned_data(response)
        if remove_internal_keys is None:  # 2.21+: a UnifiedTaskResult, turned into a dict as _execute_module does
            data.remove_internal_keys()
            return data.as_result_dict(for_round_trip=True)
        remove_internal_keys(data)
        return data
