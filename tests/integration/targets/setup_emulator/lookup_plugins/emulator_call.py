# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Test helper of setup_emulator: one call to the emulator on the controller, to its admin API (faults, state,
reset) or, as a user would check it in the dashboard, a read or write of what the platform holds.

The targets drive the emulator with about two hundred such calls per run; as ``ansible.builtin.uri`` tasks
each was a module run (a new interpreter, about 0.5 s of CPU), as a lookup it runs in the controller's
worker. Only the harness talks to the emulator this way: the modules under test always run as themselves.
A task reads like the uri task it replaces:

    - name: Inject a 503
      ansible.builtin.set_fact:
        emulator_answer: "{{ query('emulator_call', emulator_call) | first }}"
      vars:
        emulator_call:
          url: "{{ emulator_url }}/_emulator/faults"
          method: POST
          body: {path_regex: "^/dnszone/1002$", status: 503}
          status_code: 201
"""

from __future__ import annotations

DOCUMENTATION = r"""
name: emulator_call
short_description: Call the emulator's admin API
description:
  - Sends one request to the emulator and returns its answer as a dict with C(status), C(content) (the body's
    text) and C(json) (the body parsed, when it is JSON), as ansible.builtin.uri registers them.
  - Fails unless the answer's status is one of C(status_code).
options:
  _terms:
    description: >-
      The request, one dict: C(url), C(method) (default GET), C(headers) (a dict), C(body) (sent as JSON when
      given), C(status_code) (an int or a list, default 200), C(timeout) (seconds, default 30).
    required: true
"""

import json
from collections.abc import Mapping
from urllib.error import HTTPError
from urllib.request import ProxyHandler, Request, build_opener

from ansible.errors import AnsibleError
from ansible.module_utils.common.text.converters import to_text
from ansible.plugins.lookup import LookupBase

# The emulator's admin API answers loopback clients only: never go through a proxy.
OPENER = build_opener(ProxyHandler({}))


def plain(value):
    """Plain dicts, lists and scalars (ansible-core 2.19+ hands lookups lazily templated containers)."""
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


def call(request):
    request = plain(request)
    url = str(request["url"])
    method = str(request.get("method", "GET")).upper()
    data, headers = None, {}
    if request.get("body") is not None:
        data = json.dumps(request["body"]).encode("utf-8")
        headers["Content-Type"] = "application/json"
    headers.update({str(name): str(value) for name, value in (request.get("headers") or {}).items()})
    try:
        response = OPENER.open(
            Request(url, data=data, headers=headers, method=method), timeout=float(request.get("timeout", 30))
        )
    except HTTPError as exc:  # an answer all the same: its status is checked below
        response = exc
    except Exception as exc:  # pylint: disable=broad-except
        raise AnsibleError("emulator_call: %s %s failed: %s" % (method, url, exc))
    with response:
        status, content = response.getcode(), to_text(response.read())
        content_type = response.headers.get("Content-Type", "")
    wanted = request.get("status_code", 200)
    wanted = [int(s) for s in wanted] if isinstance(wanted, list) else [int(wanted)]
    if status not in wanted:
        raise AnsibleError("emulator_call: %s %s answered %d, not %s: %s" % (method, url, status, wanted, content))
    answer = {"status": status, "content": content}
    if content and "json" in content_type:
        answer["json"] = json.loads(content)
    return answer


class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        if len(terms) != 1 or not isinstance(terms[0], Mapping) or "url" not in terms[0]:
            raise AnsibleError("emulator_call: give exactly one request, a dict with at least url")
        return [call(terms[0])]
