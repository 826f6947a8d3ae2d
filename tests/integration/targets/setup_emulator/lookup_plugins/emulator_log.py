# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Test helper of setup_emulator: read the emulator's request log and clear it, on the controller.

Two ``ansible.builtin.uri`` tasks did this before, each a module run (a new interpreter, about 0.6 s); the
targets read the log more than a hundred times per run. A lookup runs in the controller's worker instead.
"""

from __future__ import annotations

DOCUMENTATION = r"""
name: emulator_log
short_description: Read and clear the emulator's request log
description:
  - Returns the request log of the emulator at the given URL (a list of method, path, query, status)
    and then clears it, as C(GET) and C(DELETE) on its C(/_emulator/requests) admin call.
options:
  _terms:
    description: The emulator's base URL (one).
    required: true
"""

import json
from urllib.request import ProxyHandler, Request, build_opener

from ansible.errors import AnsibleError
from ansible.plugins.lookup import LookupBase

# The emulator's admin API answers loopback clients only: never go through a proxy.
OPENER = build_opener(ProxyHandler({}))


def _call(url, method):
    try:
        response = OPENER.open(Request(url, method=method), timeout=30)
        return response.getcode(), response.read()
    except Exception as exc:  # pylint: disable=broad-except
        raise AnsibleError("emulator_log: %s %s failed: %s" % (method, url, exc))


class LookupModule(LookupBase):
    def run(self, terms, variables=None, **kwargs):
        if len(terms) != 1:
            raise AnsibleError("emulator_log: give exactly one emulator URL")
        url = str(terms[0]).rstrip("/") + "/_emulator/requests"
        status, body = _call(url, "GET")
        if status != 200:
            raise AnsibleError("emulator_log: GET %s answered %d" % (url, status))
        requests = json.loads(body.decode("utf-8"))["requests"]
        status = _call(url, "DELETE")[0]
        if status != 204:
            raise AnsibleError("emulator_log: DELETE %s answered %d" % (url, status))
        return [requests]
