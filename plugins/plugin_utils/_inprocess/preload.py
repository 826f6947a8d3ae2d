# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Warm, once per process, what every in-process task would otherwise pay for first itself.

Importing this file (or an action file) does nothing; the action (``action.py``) calls :func:`preload` when
Ansible hands out a module's action class. The strategy asks for each task's action class in the main process
before it forks the task's worker, so the work is done once per playbook run and every worker inherits it: one
request over a loopback socket to a canned answer warms what a worker's first request pays (lazy imports, the
HTTP client's first-use caches), about a third of an in-process task's cost.
Nothing leaves the machine; any failure only leaves the workers cold.
"""

from __future__ import annotations

import socket
import threading

from ansible_collections.edge.platform.plugins.module_utils._engine.client import REQUESTS_IMPORT_ERROR, Client
from ansible_collections.edge.platform.plugins.plugin_utils._inprocess.host import load_profiles

_done = False


def preload():
    """Do the warming once in this process (later calls return at once)."""
    global _done  # pylint: disable=global-statement  # once per process, whoever calls first
    if _done:
        return
    _done = True
    import netrc  # noqa: F401  pylint: disable=unused-import,import-outside-toplevel  # requests reads ~/.netrc

    load_profiles()
    if REQUESTS_IMPORT_ERROR is None:
        warm_http_client()


def warm_http_client():
    """One request over a loopback socket to a canned answer; any failure is ignored."""
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
        connection.sendall(
            b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
        )
        connection.close()
    except (OSError, socket.timeout):
        pass
