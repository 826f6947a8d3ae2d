# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The module definition every edge.platform module declares, and its AnsibleModule host.

A module is ``MODULE = ModuleDef(argument_spec=..., run=run)`` plus ``def main(): MODULE.run_as_module()``.
``run(ctx)`` is its core over the engine's context (``_engine.py``); ``run_as_module`` is the
AnsibleModule host (the module path); ``plugins/plugin_utils/_inprocess.py`` is the other host and
runs the same definition inside the controller. The shared options and the management client live
here once. ``EdgeModule`` is the older base, kept until every module is converted.

Converting an ``EdgeModule`` module (``dnszone_dnssec`` is the model):

1. ``def run(ctx)``: the same core over the context. ``edge.params/.client/.check_mode/.diff_mode/.fail/
   .fail_from/.add_secret`` keep their names on ``ctx``; ``edge.module.warn`` becomes ``ctx.warn``;
   ``edge.module.no_log_values.add`` goes (``ctx.add_secret`` masks in the host too); every write goes
   through ``ctx.reconcile(before, after, apply, reread=...)``, which records ``changed`` and the diff; the
   core returns its return values instead of calling ``edge.exit`` (``ctx.exit`` remains for early ends).
2. ``MODULE = ModuleDef(argument_spec=..., run=run, connection=..., hidden_secrets=..., mutually_exclusive=...)``
   and ``def main(): MODULE.run_as_module()``. A ``connection`` callable receives the context.
3. ``plugins/action/<module>.py``: the three-line subclass of ``EdgeModuleAction`` (it finds ``MODULE``).
   Options naming controller files go in ``plugins/plugin_utils/_controller_files.py``.
4. The integration target runs its tests on both paths (``tests/integration/targets/dnszone_dnssec``).
"""

from __future__ import annotations

import copy
from urllib.parse import urlsplit

from ansible.module_utils.basic import AnsibleModule, env_fallback, missing_required_lib

from ._client import REQUESTS_IMPORT_ERROR, Client, access_key_auth
from ._engine import Context, execute
from ._errors import ApiError, scrub


def management_argument_spec():
    """Options of every management API module (doc fragment ``edge.platform.management_api``)."""
    return dict(
        api_key=dict(type="str", required=True, no_log=True, aliases=["access_key"],
                     fallback=(env_fallback, ["EDGE_API_KEY"])),
        base_url=dict(type="str", required=True, fallback=(env_fallback, ["EDGE_BASE_URL"])),
        validate_certs=dict(type="bool", default=True, fallback=(env_fallback, ["EDGE_VALIDATE_CERTS"])),
        timeout=dict(type="float", default=30.0),
        retries=dict(type="int", default=3),
    )


def check_credential(value, option, env):
    """An error message when a credential cannot travel in an HTTP header, else None (never shows it)."""
    if value and (value != value.strip() or any(ord(c) < 33 or ord(c) == 127 for c in value)):
        return ("%s contains spaces, a newline or control characters, which an HTTP header cannot carry: remove them "
                "(a YAML block scalar such as '|' adds a trailing newline; use '|-' or a quoted string, or check %s)."
                % (option, env))
    return None


def check_transport(params):
    """An error message when ``timeout`` or ``retries`` cannot be used, else None."""
    if params["timeout"] <= 0:
        return "timeout must be a positive number of seconds; got %s." % params["timeout"]
    if params["retries"] < 0:
        return "retries must be 0 or more; got %s." % params["retries"]
    return None


def check_http_url(value, option):
    """An error message when ``value`` is not an absolute http(s) URL, else None."""
    parts = urlsplit(value or "")
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return ("%s must be an absolute http:// or https:// URL (for example https://api.bunny.net); "
                "got %r." % (option, value))
    return None


def management_client(ctx):
    """The management API client for a context (the ``"management"`` connection); fails on bad options."""
    params = ctx.params
    problem = (check_credential(params["api_key"], "api_key", "EDGE_API_KEY")
               or check_http_url(params["base_url"], "base_url") or check_transport(params))
    if problem:
        ctx.fail(problem)
    return Client(params["base_url"], access_key_auth(params["api_key"]), secrets=ctx.secrets,
                  timeout=params["timeout"], retries=params["retries"], validate_certs=params["validate_certs"],
                  warn=ctx.warn)


def secrets_of(no_log_values):
    """The scrub list from a no_log value set: text values, longest first (same order in both hosts)."""
    return sorted((v for v in no_log_values if isinstance(v, str)), key=lambda v: (-len(v), v))


class ModuleDef(object):
    """One module, declared once: its argument spec, its core and how it connects.

    ``argument_spec``: the module's own options (the management options are added for
    ``connection="management"``). ``run(ctx)``: the core (see ``_engine.py``). ``connection``:
    ``"management"`` or a callable ``(ctx) -> client``. ``hidden_secrets(params)``: values inside
    other options to mask from the start (a token in a URL). ``validation``: AnsibleModule's
    ``mutually_exclusive``, ``required_together``, ``required_one_of``, ``required_if``, ``required_by``.
    """

    def __init__(self, argument_spec, run, connection="management", hidden_secrets=None, **validation):
        self.argument_spec = argument_spec
        self.run = run
        self.connection = connection
        self.hidden_secrets = hidden_secrets
        self.validation = validation

    def spec(self):
        """A fresh full argument spec (validation mutates nothing shared)."""
        spec = management_argument_spec() if self.connection == "management" else {}
        spec.update(copy.deepcopy(self.argument_spec))
        return spec

    def connect(self, ctx):
        return management_client(ctx) if self.connection == "management" else self.connection(ctx)

    def execute(self, params, check_mode, diff_mode, no_log_values):
        """``(ctx, result)``: the core run over validated ``params`` (shared by both hosts).

        ``no_log_values`` is the host's mask set: secrets a core adds are masked there too.
        """
        ctx = Context(params, check_mode, diff_mode, secrets_of(no_log_values))
        ctx.on_secret = no_log_values.add

        def core(context):
            context.client = self.connect(context)
            return self.run(context)

        return ctx, execute(core, ctx)

    def run_as_module(self):
        """The AnsibleModule host: validate, run the core, ``exit_json``/``fail_json``."""
        module_class = AnsibleModule
        if self.hidden_secrets is not None:
            module_class = type("EdgeAnsibleModule", (_SecretAwareModule,),
                                {"hidden_secrets": staticmethod(self.hidden_secrets)})
        module = module_class(argument_spec=self.spec(), supports_check_mode=True, **self.validation)
        if REQUESTS_IMPORT_ERROR is not None:
            module.fail_json(msg=missing_required_lib("requests"), exception=REQUESTS_IMPORT_ERROR)
        ctx, result = self.execute(module.params, module.check_mode, module._diff, module.no_log_values)
        for warning in ctx.warnings:
            module.warn(warning)
        if result.pop("failed", False):
            module.fail_json(**result)
        module.exit_json(**result)


class _SecretAwareModule(AnsibleModule):
    """An AnsibleModule that masks secrets carried inside other options (a token in a URL) from the start.

    Argument validation can fail before a module runs any code, and its failure echoes the arguments;
    ``hidden_secrets(params)`` names the values to mask before that can happen.
    """

    hidden_secrets = None

    def _load_params(self):
        super(_SecretAwareModule, self)._load_params()
        for value in self.hidden_secrets(self.params):
            if value:
                self.no_log_values.add(value)


class EdgeModule(object):
    """An AnsibleModule plus the platform client, error funnel and reconciler.

    ``connection`` picks the option set and client: ``"management"`` (AccessKey header) or a
    callable ``(module) -> Client`` for other APIs (the database module builds its own).
    """

    def __init__(self, argument_spec, connection="management", hidden_secrets=None, **kwargs):
        spec = management_argument_spec() if connection == "management" else {}
        spec.update(argument_spec)
        module_class = AnsibleModule
        if hidden_secrets is not None:
            module_class = type("EdgeAnsibleModule", (_SecretAwareModule,), {"hidden_secrets": staticmethod(hidden_secrets)})
        self.module = module_class(argument_spec=spec, supports_check_mode=True, **kwargs)
        if REQUESTS_IMPORT_ERROR is not None:
            self.module.fail_json(msg=missing_required_lib("requests"), exception=REQUESTS_IMPORT_ERROR)
        self.params = self.module.params
        self.secrets = [v for v in (self.params.get("api_key"),) if v]
        self.client = None
        if connection == "management":
            self.client = self._management_client()
        else:
            self.client = connection(self)

    @property
    def check_mode(self):
        return self.module.check_mode

    @property
    def diff_mode(self):
        return self.module._diff

    def _management_client(self):
        problem = (check_credential(self.params["api_key"], "api_key", "EDGE_API_KEY")
                   or check_http_url(self.params["base_url"], "base_url") or check_transport(self.params))
        if problem:
            self.fail(problem)
        return Client(self.params["base_url"], access_key_auth(self.params["api_key"]),
                      secrets=self.secrets, timeout=self.params["timeout"],
                      retries=self.params["retries"], validate_certs=self.params["validate_certs"],
                      warn=self.module.warn)

    def add_secret(self, value):
        """Register another value that no message, result or log line may ever show (a token, a key).

        Safe to call while the client is still being built (from a ``connection`` callable).
        """
        if value and value not in self.secrets:
            self.secrets.append(value)
            self.module.no_log_values.add(value)
            if self.client is not None:
                self.client.secrets = tuple(self.secrets)

    def fail(self, msg, **result):
        """Fail with a message scrubbed of every secret."""
        self.module.fail_json(msg=scrub(msg, self.secrets), **result)

    def fail_from(self, error, **result):
        """The one funnel from a platform failure to a module failure."""
        self.module.fail_json(msg=scrub(error.describe(), self.secrets),
                              api_error={k: scrub(v, self.secrets) for k, v in error.as_dict().items()},
                              **result)

    def reconcile(self, before, after, apply):
        """Drive one managed object from ``before`` to ``after``.

        ``before``/``after`` are the shaped, comparable states (what diff shows). ``apply()`` does
        the write and returns the resulting state (or None to keep ``after``); it is never called
        when nothing differs or in check mode. Returns ``(changed, state, diff)``.
        """
        return Context({}, self.check_mode, self.diff_mode).reconcile(before, after, apply)

    def exit(self, changed=False, diff=None, **result):
        if diff is not None:
            result["diff"] = diff
        self.module.exit_json(changed=changed, **result)

    def run(self, main):
        """Call ``main(self)``, funnelling every platform failure into ``fail_from``."""
        try:
            main(self)
        except ApiError as error:
            self.fail_from(error)
