# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The module definition every edge.platform module declares, and its AnsibleModule host.

A module is ``MODULE = ModuleDef(argument_spec=..., run=run)`` plus ``def main(): MODULE.run_as_module()``.
``run(ctx)`` is its core over the engine's context (``_engine/context.py``); ``run_as_module`` is the
AnsibleModule host (the module path); ``plugins/plugin_utils/_inprocess/action.py`` is the other host and
runs the same definition inside the controller. The shared connection options and the management
client are in ``connection.py``; the screen both hosts run before validation is in ``screen.py``.

Writing a module (``dnszone_dnssec`` is the model):

1. ``def run(ctx)``: the core over the context (``ctx.params/.client/.check_mode/.diff_mode/.warn/.fail/
   .fail_from/.add_secret``); every write goes through ``ctx.reconcile(before, after, apply, reread=...)``,
   which records ``changed`` and the diff and re-reads after a lost answer; the core returns its return
   values (``ctx.exit`` remains for early ends).
2. ``MODULE = ModuleDef(argument_spec=..., run=run, connection=..., hidden_secrets=..., mutually_exclusive=...)``
   and ``def main(): MODULE.run_as_module()``. A ``connection`` callable receives the context.
3. ``plugins/action/<module>.py``: the three-line subclass of ``EdgeModuleAction`` (it finds ``MODULE``).
   Options naming controller files go in ``plugins/plugin_utils/_inprocess/controller_files.py``.
4. The integration target runs its tests on both paths (``tests/integration/targets/dnszone_dnssec``).
"""

from __future__ import annotations

import copy

from ansible.module_utils.basic import AnsibleModule, missing_required_lib

from ansible_collections.edge.platform.plugins.module_utils._engine.bounds import check_bounds, effective_bounds
from ansible_collections.edge.platform.plugins.module_utils._engine.client import REQUESTS_IMPORT_ERROR
from ansible_collections.edge.platform.plugins.module_utils._engine.context import Context, execute
from ansible_collections.edge.platform.plugins.module_utils._shapes.choices import (
    COLLECTION,
    REMOVED_IN,
    canonical_values,
    deprecation,
)

from .connection import management_argument_spec, management_client
from .screen import NoLogValues, screen_arguments, secrets_of


class ModuleDef(object):
    """One module, declared once: its argument spec, its core and how it connects.

    ``argument_spec``: the module's own options (the management options are added for
    ``connection="management"``). ``run(ctx)``: the core (see ``_engine/context.py``). ``connection``:
    ``"management"`` or a callable ``(ctx) -> client``. ``hidden_secrets(params)``: values inside
    other options to mask from the start (a token in a URL). ``validation``: AnsibleModule's
    ``mutually_exclusive``, ``required_together``, ``required_one_of``, ``required_if``, ``required_by``.
    ``bounds``: ``{option path: (low, high)}``, the ranges of its numeric options (``_engine/bounds.py``: ids and
    other integers have a default range), checked before the core runs.
    ``returned_secret``: the return key that holds a secret the task asked for (database_token's token):
    the action warns when the task's no_log is off (on both paths), since nothing else keeps that value
    out of the output.
    """

    def __init__(
        self,
        argument_spec,
        run,
        connection="management",
        hidden_secrets=None,
        returned_secret=None,
        bounds=None,
        **validation,
    ):
        self.argument_spec = argument_spec
        self.run = run
        self.connection = connection
        self.bounds = dict(bounds or {})
        effective_bounds(self.spec(), self.bounds)  # a bound for an option the spec lacks fails at import
        self.hidden_secrets = hidden_secrets
        self.returned_secret = returned_secret
        self.validation = validation

    def spec(self):
        """A fresh full argument spec (validation mutates nothing shared)."""
        spec = management_argument_spec() if self.connection == "management" else {}
        spec.update(copy.deepcopy(self.argument_spec))
        return spec

    def screen(self, params):
        """The :class:`ArgumentScreen` of the raw arguments (both hosts, before argument validation)."""
        return screen_arguments(self.spec(), params, self.hidden_secrets)

    def connect(self, ctx):
        return management_client(ctx) if self.connection == "management" else self.connection(ctx)

    def execute(self, params, check_mode, diff_mode, no_log_values, ledger=None):
        """``(ctx, result)``: the core run over validated ``params`` (shared by both hosts).

        ``no_log_values`` is the host's mask set: secrets a core adds are masked there too. ``ledger``: the run's
        check-mode ledger (``_engine/ledger.py``), which only the in-process host has.
        """
        ctx = Context(params, check_mode, diff_mode, secrets_of(no_log_values), ledger=ledger)
        ctx.on_secret = no_log_values.add

        def core(context):
            for renamed in canonical_values(self.spec(), context.params):  # old spellings: the listed ones
                context.deprecate(deprecation(*renamed), REMOVED_IN)
            check_bounds(self.spec(), self.bounds, context.params)  # every number in range before anything starts
            context.client = self.connect(context)
            return self.run(context)

        return ctx, execute(core, ctx)

    def run_as_module(self):
        """The AnsibleModule host: validate, run the core, ``exit_json``/``fail_json``."""
        module_class = type("EdgeAnsibleModule", (_SecretAwareModule,), {"screen": staticmethod(self.screen)})
        module = module_class(argument_spec=self.spec(), supports_check_mode=True, **self.validation)
        if REQUESTS_IMPORT_ERROR is not None:
            module.fail_json(msg=missing_required_lib("requests"), exception=REQUESTS_IMPORT_ERROR)
        ctx, result = self.execute(module.params, module.check_mode, module._diff, module.no_log_values)
        for warning in ctx.warnings:
            module.warn(warning)
        for message, version in ctx.deprecations:
            module.deprecate(message, version=version, collection_name=COLLECTION)
        if result.pop("failed", False):
            module.fail_json(**result)
        module.exit_json(**result)


class _SecretAwareModule(AnsibleModule):
    """An AnsibleModule that screens its raw arguments before validating them (see :class:`ArgumentScreen`).

    Argument validation can fail before a module runs any code, and its failure echoes the arguments;
    ``screen(params)`` collects every secret first (a token in a URL too), and its refusal ends the task
    before ansible-core's validation runs. Blank values never enter the masking set (see :class:`NoLogValues`).
    """

    screen = None
    _screened = None

    def _load_params(self):
        self.no_log_values = NoLogValues(self.no_log_values)
        super(_SecretAwareModule, self)._load_params()
        if self.screen is not None:
            self._screened = self.screen(self.params)
            self.no_log_values.update(self._screened.secrets)

    def _set_internal_properties(self, argument_spec=None, module_parameters=None):
        super(_SecretAwareModule, self)._set_internal_properties(argument_spec, module_parameters)
        screened, self._screened = self._screened, None
        if screened is not None and screened.problem is not None:
            if screened.unchecked:
                self.params = {}
            self.fail_json(msg=screened.problem)
