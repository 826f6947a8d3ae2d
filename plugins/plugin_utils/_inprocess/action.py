# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The action behind every edge.platform module: the path choice, in-process host or module path.

These modules are API clients that nearly always run on the controller. A module task costs about
0.4 s there (AnsiballZ build, a new interpreter, ``import requests``) for an HTTP request of a few
milliseconds. When the task runs on the controller anyway, this action runs the module's core
(its ``MODULE`` definition, see ``module_utils/_hosts/module.py``) inside the worker process instead:

- in-process (``host.py``) when the connection is ``local`` (``hosts: localhost``, ``delegate_to:
  localhost``), without ``become``, not ``async``, with ``requests`` importable here, the module
  declares ``MODULE``, and neither the variable ``edge_platform_in_process`` nor the environment
  variable ``EDGE_PLATFORM_IN_PROCESS`` (controller or task ``environment:``) is false;
- otherwise the module path (``_execute_module``), exactly as without this action.

On both paths, options naming a controller file are read here first (``controller_files.py``). What
the in-process path does not do: write the module invocation line to the controller's syslog/journal,
and run under ``ansible_python_interpreter`` (the controller's Python runs the core). What only the
in-process path does: under ``--check``, keep the run's check-mode ledger (:func:`check_mode_ledger`), so a
task stands in for a missing object only when an earlier task of the run predicted creating it.

Test-only: when ``EDGE_PLATFORM_PATH_LOG`` names a file (controller or task environment), the
action appends ``<module> in-process`` or ``<module> module`` to it, so tests can see which path ran.
"""

from __future__ import annotations

import importlib
import os

from ansible import constants as C
from ansible.errors import AnsibleError
from ansible.module_utils.parsing.convert_bool import boolean
from ansible.plugins.action import ActionBase
from ansible.utils.display import Display
from ansible.utils.vars import merge_hash

from ansible_collections.edge.platform.plugins.module_utils._engine.client import REQUESTS_IMPORT_ERROR
from ansible_collections.edge.platform.plugins.module_utils._engine.ledger import Ledger
from ansible_collections.edge.platform.plugins.module_utils._hosts.user_files import FileProblem
from ansible_collections.edge.platform.plugins.module_utils._shapes.choices import COLLECTION
from ansible_collections.edge.platform.plugins.plugin_utils._inprocess.controller_files import (
    name_the_file,
    read_controller_files,
)
from ansible_collections.edge.platform.plugins.plugin_utils._inprocess.host import (
    environment,
    inject_invocation,
    parsed,
    run_in_process,
    to_module,
)
from ansible_collections.edge.platform.plugins.plugin_utils._inprocess.preload import preload

display = Display()

SWITCH_VARIABLE = "edge_platform_in_process"
SWITCH_ENVIRONMENT = "EDGE_PLATFORM_IN_PROCESS"
PATH_LOG_ENVIRONMENT = "EDGE_PLATFORM_PATH_LOG"
LEDGER_DIRECTORY = "edge.platform-check-mode-ledger"


def check_mode_ledger():
    """The run's check-mode ledger (``module_utils/_engine/ledger.py``): a directory in ansible-core's per-run local
    temporary directory, which ansible-playbook makes private at start-up, its forked workers inherit and it removes
    at exit (the ledger's docstring says why there)."""
    return Ledger(os.path.join(C.DEFAULT_LOCAL_TMP, LEDGER_DIRECTORY))


def module_definition(name):
    """The module's ``MODULE`` (a ``ModuleDef``), or None when it has none yet (module path only)."""
    try:
        module = importlib.import_module("ansible_collections.%s.plugins.modules.%s" % (COLLECTION, name))
    except ImportError:
        return None
    return getattr(module, "MODULE", None)


class LoadedByAnsible(type(ActionBase)):
    """Lets an action act when Ansible hands its class out, not when Python imports its file.

    ansible-core's plugin loader names every class it hands out (``_load_name``), and the strategy asks for each
    task's action class in the main process before it forks the task's worker; that is when the action calls
    :meth:`EdgeModuleAction.loaded_by_ansible`. A worker names its action instance, never the class.
    """

    def __setattr__(cls, name, value):
        super(LoadedByAnsible, cls).__setattr__(name, value)
        if name == "_load_name":
            cls.loaded_by_ansible()


class EdgeModuleAction(ActionBase, metaclass=LoadedByAnsible):
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

    @classmethod
    def loaded_by_ansible(cls):
        """Ansible has handed this class out in its main process (``LoadedByAnsible``): warm the HTTP client there,
        once per process, so every worker forked after it inherits the warm client (preload.py)."""
        preload()

    def run(self, tmp=None, task_vars=None):
        result = super(EdgeModuleAction, self).run(tmp, task_vars)
        del tmp
        task_vars = task_vars or {}
        module_name = "%s.%s" % (COLLECTION, self.module)
        args = dict(self._task.args)
        try:
            read = read_controller_files(self, self.module, args)
        except FileProblem as exc:
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
                output = run_in_process(
                    definition,
                    to_module(args),
                    self._task.check_mode,
                    self._task.diff,
                    module_name,
                    inject_invocation(task_vars),
                    ledger=check_mode_ledger() if self._task.check_mode else None,
                )
            outcome = parsed(self, name_the_file(output, read))
        else:
            display.vvvv("%s runs as a module: %s" % (module_name, why_not))
            wrap_async = self._task.async_val and not self._connection.has_native_async
            outcome = name_the_file(
                self._execute_module(
                    module_name=module_name, module_args=args, task_vars=task_vars, wrap_async=wrap_async
                ),
                read,
            )
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
                "and keep the value with register." % key
            ]

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
