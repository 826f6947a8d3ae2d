# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Independent writes of one task, a bounded number in flight (pure Python: no Ansible imports).

A set module (``dns_records``) plans every change first, then sends the writes that do not depend on each other
at once: on a real network a write costs a round trip, and ten in flight take a tenth of the time of one after the
other (the platform's Terraform provider runs ten at a time by default). The policy:

- at most ``limit`` writes in flight, over the client's one session (its connection pool is widened to ``limit``
  so every write in flight keeps its connection alive for the next one);
- after the first failure no new write starts: the writes in flight finish, the rest are reported as not sent,
  so a failure midway leaves as little as possible half done and says exactly what landed;
- each write's outcome is kept in the plan's order, whatever order they finished in.

Threads, not processes: the writes wait on the network, and one session is shared (requests' session and its
urllib3 pool are safe to use from several threads for plain requests).
"""

from __future__ import annotations

import concurrent.futures
import threading

DONE = "done"
FAILED = "failed"
NOT_SENT = "not_sent"


class Result(object):
    """One write's outcome: ``status`` (DONE, FAILED or NOT_SENT), ``value`` (what it returned) or ``error``."""

    __slots__ = ("status", "value", "error")

    def __init__(self, status, value=None, error=None):
        self.status, self.value, self.error = status, value, error

    def __repr__(self):
        return "Result(%s)" % self.status


def widen_pool(session, size):
    """Let ``session`` keep ``size`` connections per origin alive (requests' default is 10).

    A session whose pool is already that large keeps its adapters, and so its kept-alive connections (the session
    may be the one the loop items of a task share: see sessions.py)."""
    if size <= 10 or session is None or not hasattr(session, "mount"):
        return
    import requests.adapters  # pylint: disable=import-outside-toplevel

    for prefix in ("https://", "http://"):
        if getattr(session.get_adapter(prefix), "_pool_maxsize", 0) < size:
            session.mount(prefix, requests.adapters.HTTPAdapter(pool_connections=10, pool_maxsize=size))


def run_bounded(jobs, limit, stop_on=(Exception,), stopped=None):
    """Run the callables ``jobs`` with at most ``limit`` at a time; a list of :class:`Result`, in ``jobs``' order.

    An exception of a type in ``stop_on`` fails its job and sets ``stopped`` (a ``threading.Event``; a new one
    when None), which keeps every job not yet started from starting; other exceptions propagate (a bug, not a
    platform answer) once the jobs in flight are done.
    """
    jobs = list(jobs)
    results = [Result(NOT_SENT) for dummy in jobs]
    if not jobs:
        return results
    stopped = threading.Event() if stopped is None else stopped

    def one(index):
        if stopped.is_set():
            return
        try:
            results[index] = Result(DONE, value=jobs[index]())
        except stop_on as error:
            results[index] = Result(FAILED, error=error)
            stopped.set()
        except BaseException:
            stopped.set()
            raise

    if limit <= 1 or len(jobs) == 1:
        for index in range(len(jobs)):
            one(index)
        return results
    with concurrent.futures.ThreadPoolExecutor(max_workers=min(limit, len(jobs))) as pool:
        futures = [pool.submit(one, index) for index in range(len(jobs))]
    for future in futures:
        future.result()  # re-raises an unexpected exception
    return results
