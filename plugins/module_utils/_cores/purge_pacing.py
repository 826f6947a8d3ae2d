# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Purges paced to the platform's rate buckets (pure Python: no Ansible imports; the clock is injectable).

The platform limits URL purges per account and per purge type with token buckets, each URL one token: exact URLs
120 tokens refilled 5 a second, prefixes 20 refilled 0.5 a second, and a purge past an empty bucket answers 429
(docs/platform-notes.md, "Cache purge: endpoints, answers and rate limits"). :class:`Pacer` keeps a copy of each
bucket on this side and lets a purge go only when the platform's bucket has a token for it, so a run of many URLs
never meets a 429 and still takes no longer than the buckets allow: the burst at once, then one URL per refill.

- Each bucket here starts full less :data:`RESERVE` tokens: requests reach the platform a little earlier or later
  than they leave (the network, a busy host), and the reserve absorbs that (0.6 s of refill for exact URLs, 2 s
  for prefixes), at the cost of those few tokens once.
- :meth:`Pacer.take` reserves the next token of a bucket under a lock and returns how long to wait for it, so
  several threads sending purges over one kept-alive pool are paced together, each to its own slot.
- :meth:`Pacer.hold`: the client is about to wait before a retry (a 429 says the platform's bucket is empty,
  whoever emptied it: another task or tool of the account); every purge waits as long, and the buckets here
  start again from empty, so the purges after it do not each meet a 429 of their own.
"""

from __future__ import annotations

import threading
import time

EXACT = "exact"
PREFIX = "prefix"
# (burst tokens, tokens refilled per second), as the platform documents them
BUCKETS = {EXACT: (120, 5.0), PREFIX: (20, 0.5)}
# tokens of each bucket left unused for the drift between sending a purge and its arrival
RESERVE = {EXACT: 3, PREFIX: 1}


def minimum_seconds(count, kind, buckets=None):
    """The least time the platform's bucket of ``kind`` allows for ``count`` purges: the burst at once, then one per
    refill (what the bench compares a run with)."""
    burst, rate = (buckets or BUCKETS)[kind]
    return max(0, count - burst) / rate


class Pacer(object):
    """Token buckets mirroring the platform's; ``clock`` (monotonic seconds) and ``sleep`` are injectable."""

    def __init__(self, buckets=None, reserve=None, clock=time.monotonic, sleep=time.sleep):
        self.buckets = dict(buckets or BUCKETS)
        reserve = RESERVE if reserve is None else reserve
        # what each bucket holds here at most: the platform's burst less the reserve
        self.full = {kind: float(burst - reserve.get(kind, 0)) for kind, (burst, _rate) in self.buckets.items()}
        self.clock, self.sleep = clock, sleep
        self.lock = threading.Lock()
        now = clock()
        # kind -> [tokens, at]: the level at ``at``; below zero, tokens already promised to purges still waiting
        self.levels = {kind: [full, now] for kind, full in self.full.items()}
        self.waited = 0.0  # seconds purges spent waiting here in all (what the result reports)

    def _level(self, kind, now):
        tokens, at = self.levels[kind]
        if now > at:  # promised tokens (a level below zero) refill first; a bucket never holds more than it can
            tokens, at = min(self.full[kind], tokens + (now - at) * self.buckets[kind][1]), now
        return tokens, at

    def reserve(self, kind):
        """Take the next token of ``kind``'s bucket: the seconds until it is there (0 when it is now)."""
        rate = self.buckets[kind][1]
        with self.lock:
            now = self.clock()
            tokens, at = self._level(kind, now)
            tokens -= 1.0
            self.levels[kind] = [tokens, at]
            wait = max(0.0, at - now) + (-tokens / rate if tokens < 0 else 0.0)
            self.waited += wait
        return wait

    def take(self, kind):
        """Wait until the platform's bucket of ``kind`` has a token for one purge, and take it; the seconds waited."""
        wait = self.reserve(kind)
        if wait > 0:
            self.sleep(wait)
        return wait

    def hold(self, seconds):
        """A retry waits ``seconds`` (a 429's ``Retry-After``): every bucket here is empty until then."""
        with self.lock:
            resume = self.clock() + max(0.0, seconds)
            for kind in self.levels:
                tokens, at = self.levels[kind]
                self.levels[kind] = [min(tokens, 0.0), max(at, resume)]
