# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""One writer per zone on this machine: a lock file that parallel tasks (forks, hosts) take in turn.

The platform fails parallel creates of custom WAF rules on one shield zone at random; the Terraform
provider serialises them with a per-zone mutex (BunnyWay/terraform-provider-bunnynet issue #64, commit
88c6567, internal/provider/utils.go ``pzWafRuleMutex``). Ansible runs tasks of different hosts in
separate processes, so the mutex here is an advisory ``flock`` on a file in the temporary directory,
named by a hash of the API origin and the zone (no secret in it). Where ``fcntl`` is missing the lock
is a no-op and the caller says so. Tasks on other machines are not covered: they need ``throttle: 1``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import time

try:
    import fcntl
except ImportError:  # not a POSIX system: no cross-process lock
    fcntl = None

POLL_SECONDS = 0.05


class LockTimeout(Exception):
    """The lock was not free within the wait allowed."""


def lock_path(origin, kind, zone_id, folder=None):
    digest = hashlib.sha256(("%s|%s|%s" % (origin, kind, zone_id)).encode("utf-8")).hexdigest()[:24]
    return os.path.join(folder or tempfile.gettempdir(), "edge-platform-%s-%s.lock" % (kind, digest))


@contextlib.contextmanager
def zone_lock(origin, kind, zone_id, wait_seconds, folder=None, clock=time.monotonic, sleep=time.sleep):
    """Hold the machine-wide lock of one zone; yields False when this system cannot lock (no ``fcntl``)."""
    if fcntl is None:
        yield False
        return
    handle = open(lock_path(origin, kind, zone_id, folder), "a+")
    try:
        deadline = clock() + wait_seconds
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if clock() >= deadline:
                    raise LockTimeout(
                        "another task held the lock of %s %s for more than %.0f seconds" % (kind, zone_id, wait_seconds)
                    )
                sleep(POLL_SECONDS)
        try:
            yield True
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    finally:
        handle.close()


@contextlib.contextmanager
def one_writer(ctx, kind, zone_id, what="shield zone"):
    """One writer of ``kind`` per zone on this machine, for a module's :class:`Context` ``ctx``; check mode writes
    nothing and needs no lock. Waiting longer than the task's own requests could take fails the task, naming the
    zone as ``what`` and its id."""
    if ctx.check_mode:
        yield
        return
    wait = ctx.params["timeout"] * (ctx.params["retries"] + 1) * 4
    try:
        with zone_lock(ctx.client.base_url, kind, zone_id, wait):
            yield
    except LockTimeout as problem:  # raised only while waiting for the lock, before anything is read
        ctx.fail(
            "Waiting for other tasks writing to %s %d failed: %s. Retry, or serialise the tasks "
            "(throttle: 1)." % (what, zone_id, problem)
        )
