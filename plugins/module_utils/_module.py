# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The module base every edge.platform module runs on.

It owns what must be the same everywhere: the shared options, building the client, the one error
funnel (``fail_from``), and the reconciler that gives each module exact check mode and diff.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from ansible.module_utils.basic import AnsibleModule, env_fallback, missing_required_lib

from ._client import REQUESTS_IMPORT_ERROR, Client, access_key_auth
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
        changed = before != after
        state = before
        if changed:
            state = after
            if not self.check_mode:
                applied = apply()
                if applied is not None:
                    state = applied
        diff = {"before": before, "after": after} if self.diff_mode else None
        return changed, state, diff

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
