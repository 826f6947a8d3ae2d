# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The module definition every edge.platform module declares, and its AnsibleModule host.

A module is ``MODULE = ModuleDef(argument_spec=..., run=run)`` plus ``def main(): MODULE.run_as_module()``.
``run(ctx)`` is its core over the engine's context (``_engine/context.py``); ``run_as_module`` is the
AnsibleModule host (the module path); ``plugins/plugin_utils/_inprocess/action.py`` is the other host and
runs the same definition inside the controller. The shared options and the management client live
here once.

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
import math
import os
import unicodedata
from collections.abc import Mapping
from urllib.parse import urlsplit, urlunsplit

from ansible.module_utils.basic import AnsibleModule, env_fallback, missing_required_lib
from ansible.module_utils.common.validation import check_type_dict
from ansible.module_utils.errors import AnsibleFallbackNotFound

from ansible_collections.edge.platform.plugins.module_utils._engine.client import REQUESTS_IMPORT_ERROR, Client, access_key_auth
from ansible_collections.edge.platform.plugins.module_utils._engine.context import Context, execute


# Environment variables, first found wins. BUNNYNET_API_KEY / BUNNYNET_API_URL are what the platform's
# Terraform provider reads (BunnyWay/terraform-provider-bunnynet internal/provider/provider.go, Configure).
API_KEY_ENV = ("EDGE_API_KEY", "BUNNYNET_API_KEY")
BASE_URL_ENV = ("EDGE_BASE_URL", "BUNNYNET_API_URL")
VALIDATE_CERTS_ENV = ("EDGE_VALIDATE_CERTS",)
# No platform call answers faster than a network round trip; below this a timeout only turns every request
# into a failure (and, for a write, into a write that may have landed without an answer).
TIMEOUT_MIN = 0.1
# One request never legitimately takes longer; larger values (1e308) overflow the socket layer.
TIMEOUT_MAX = 3600.0
# Backoff is capped at 30 s a wait: 10 retries already keep a task waiting up to about five minutes.
RETRIES_MAX = 10


def transport_argument_spec():
    """Options every connection shares (doc fragment ``edge.platform.transport``)."""
    return dict(
        validate_certs=dict(type="bool", default=True, fallback=(env_fallback, list(VALIDATE_CERTS_ENV))),
        timeout=dict(type="float", default=30.0),
        retries=dict(type="int", default=3),
    )


def management_argument_spec():
    """Options of every management API module (doc fragment ``edge.platform.management_api``).

    ``api_key`` and ``base_url`` are checked by :class:`EdgeModule` rather than ``required=True``, so a
    missing one is reported with every environment variable that could supply it.
    """
    spec = dict(
        api_key=dict(type="str", no_log=True, aliases=["access_key"], fallback=(env_fallback, list(API_KEY_ENV))),
        base_url=dict(type="str", fallback=(env_fallback, list(BASE_URL_ENV))),
    )
    spec.update(transport_argument_spec())
    return spec


def _sources(option, envs, alias=None):
    names = " or ".join(envs)
    return "%s%s, or the %s environment variable%s" % (
        option, " (or its alias %s)" % alias if alias else "", names, "s" if len(envs) > 1 else "")


def check_required(value, option, envs, what, alias=None):
    """An error message when a required connection option is missing, naming every place it can come from."""
    if value is None:
        return "%s is required: set %s to %s." % (option, _sources(option, envs, alias), what)
    return None


def set_but_empty(envs):
    """The environment variable a fallback reads (the first one set) when it is set but blank, else None."""
    for name in envs:
        if name in os.environ:
            return name if not os.environ[name].strip() else None
    return None


def check_not_empty(value, option, envs, what, alias=None):
    """An error message when a connection option is empty or blank, naming the variable that made it so."""
    if value is None or value.strip():
        return None
    variable = set_but_empty(envs)
    if variable is not None:
        # an AWX credential field left empty still injects its variable, empty
        return ("%s is empty: the %s environment variable is set but empty (a credential field left empty?). Give %s "
                "in %s." % (option, variable, what, _sources(option, envs, alias)))
    return ("%s is empty: give %s in %s (an empty variable still counts as set)."
            % (option, what, _sources(option, envs, alias)))


def check_credential(value, option, envs, alias=None):
    """An error message when a credential cannot be sent in an HTTP header, else None (never shows it).

    Refused before any request: empty or whitespace-only (an unset variable exported as ``""``), non-ASCII
    (HTTP headers carry Latin-1 at most; platform keys and tokens are ASCII), or spaces and control characters.
    """
    if value is None:
        return None
    if not value.strip():
        return check_not_empty(value, option, envs, "the credential", alias)
    if any(ord(c) > 126 for c in value):
        return ("%s contains characters outside ASCII, which an HTTP header cannot carry (platform keys and tokens "
                "are ASCII): copy the value again from the dashboard into %s." % (option, _sources(option, envs, alias)))
    if value != value.strip() or any(ord(c) < 33 or ord(c) == 127 for c in value):
        return ("%s contains spaces, a newline or control characters, which an HTTP header cannot carry: remove them "
                "(a YAML block scalar such as '|' adds a trailing newline; use '|-' or a quoted string, or check %s)."
                % (option, " and ".join(envs)))
    return None


def check_transport(params):
    """An error message when ``timeout`` or ``retries`` cannot be used, else None."""
    timeout = params["timeout"]
    if not math.isfinite(timeout) or not TIMEOUT_MIN <= timeout <= TIMEOUT_MAX:
        return ("timeout must be a number of seconds from %g to %g (below %g s nothing can answer; above %g s is no "
                "longer a timeout); got %s." % (TIMEOUT_MIN, TIMEOUT_MAX, TIMEOUT_MIN, TIMEOUT_MAX, timeout))
    if not 0 <= params["retries"] <= RETRIES_MAX:
        return ("retries must be from 0 to %d (waits grow to 30 s each, so %d retries already wait minutes); got %s."
                % (RETRIES_MAX, RETRIES_MAX, params["retries"]))
    return None


def check_http_url(value, option, example="https://api.bunny.net"):
    """An error message when ``value`` is not the root of an http(s) API (no path, query or user), else None."""
    text = (value or "").strip()
    try:
        parts = urlsplit(text)
        parts.port  # pylint: disable=pointless-statement  # raises on a bad port
    except ValueError as exc:
        return "%s is not a valid URL (%s); give it as %s." % (option, exc, example)
    # shown in errors: never a query (it may hold a token) or a user:password part
    shown = urlunsplit((parts.scheme, parts.netloc.rpartition("@")[2], parts.path, "", ""))
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return ("%s must be an absolute http:// or https:// URL (for example %s); got %r." % (option, example, shown))
    if parts.username is not None or parts.password is not None:
        return "%s must not carry a user or password before the host; give the key in api_key." % option
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return ("%s must be the API root, without a path or query (for example %s); got %r with a %s."
                % (option, example, shown, "path" if parts.path not in ("", "/") else "query or fragment"))
    return None


def management_client(ctx):
    """The management API client for a context (the ``"management"`` connection); fails on bad options."""
    params = ctx.params
    problem = (check_required(params["api_key"], "api_key", API_KEY_ENV, "the account API key", alias="access_key")
               or check_credential(params["api_key"], "api_key", API_KEY_ENV, alias="access_key")
               or check_required(params["base_url"], "base_url", BASE_URL_ENV, "the API root, https://api.bunny.net")
               or check_not_empty(params["base_url"], "base_url", BASE_URL_ENV, "the API root, https://api.bunny.net")
               or check_http_url(params["base_url"], "base_url") or check_transport(params))
    if problem:
        ctx.fail(problem)
    return Client(params["base_url"].strip(), access_key_auth(params["api_key"]), secrets=ctx.secrets,
                  timeout=params["timeout"], retries=params["retries"], validate_certs=params["validate_certs"],
                  warn=ctx.warn)


def check_name(value, option):
    """An error message when a name sent to the platform holds a control character, else None.

    Names are one line of visible text; a newline, tab, escape or other control character is a typo or an
    injection attempt, refused before any request.
    """
    if not isinstance(value, str):
        return None
    for position, char in enumerate(value):
        if unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            return ("%s contains a control character (U+%04X at position %d): names are one line of visible text; "
                    "remove it." % (option, ord(char), position + 1))
    return None


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
        screen.secret_problems.insert(0, "The arguments could not be checked for secrets (%s), so the task stops "
                                         "without showing them." % type(exc).__name__)
    return screen


def _screen(spec, params, prefix, screen):
    for name, options in spec.items():
        label = prefix + name
        keys = [key for key in [name] + list(options.get("aliases") or ()) if key in params]
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
                    _screen(options["options"], item, "%s%s." % (label, "" if kind == "dict" else "[%d]" % index),
                            screen)
            elif kind in ("str", "path") and isinstance(value, (Mapping, list, tuple, set, frozenset)):
                screen.problems.append("%s must be a string, not %s." % (label, _kind(value)))
            elif isinstance(value, str) and "\x00" in value:
                # no option takes one, and ansible-core 2.21's module path fails logging it to syslog before
                # any check of the module's could name the option
                screen.problems.append("%s contains a control character (U+0000 at position %d): no option takes a "
                                       "NUL character; remove it." % (label, value.index("\x00") + 1))


def _screen_secret(options, params, keys, label, screen):
    for key in keys:
        value = params[key]
        if value is None:
            continue
        if isinstance(value, str):
            screen.secrets.add(value)
            continue
        message = ("%s must be a string, not %s (its value is not shown): give it as one quoted string, or check the "
                   "variable or lookup that supplies it." % (label, _kind(value)))
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
        screen.problems.append("%s must be a list of dictionaries (each with the options %s), not %s."
                               % (label, names, _kind(value)))
        return []
    found = []
    for index, item in enumerate(items):
        converted = _as_dict(item)
        if converted is None:
            screen.problems.append("%s[%d] must be a dictionary of the options %s, not %s."
                                   % (label, index, names, _kind(item)))
        else:
            found.append(converted)
    return found


def secrets_of(no_log_values):
    """The scrub list from a no_log value set: text values, longest first (same order in both hosts)."""
    return sorted((v for v in no_log_values if isinstance(v, str)), key=lambda v: (-len(v), v))


class ModuleDef(object):
    """One module, declared once: its argument spec, its core and how it connects.

    ``argument_spec``: the module's own options (the management options are added for
    ``connection="management"``). ``run(ctx)``: the core (see ``_engine/context.py``). ``connection``:
    ``"management"`` or a callable ``(ctx) -> client``. ``hidden_secrets(params)``: values inside
    other options to mask from the start (a token in a URL). ``validation``: AnsibleModule's
    ``mutually_exclusive``, ``required_together``, ``required_one_of``, ``required_if``, ``required_by``.
    ``returned_secret``: the return key that holds a secret the task asked for (database_token's token):
    the action warns when the task's no_log is off (on both paths), since nothing else keeps that value
    out of the output.
    """

    def __init__(self, argument_spec, run, connection="management", hidden_secrets=None, returned_secret=None,
                 **validation):
        self.argument_spec = argument_spec
        self.run = run
        self.connection = connection
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
        module_class = type("EdgeAnsibleModule", (_SecretAwareModule,), {"screen": staticmethod(self.screen)})
        module = module_class(argument_spec=self.spec(), supports_check_mode=True, **self.validation)
        if REQUESTS_IMPORT_ERROR is not None:
            module.fail_json(msg=missing_required_lib("requests"), exception=REQUESTS_IMPORT_ERROR)
        ctx, result = self.execute(module.params, module.check_mode, module._diff, module.no_log_values)
        for warning in ctx.warnings:
            module.warn(warning)
        if result.pop("failed", False):
            module.fail_json(**result)
        module.exit_json(**result)


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
