# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The purge pacer against a fake clock: the burst at once, then one purge per refill, never faster than the
platform's buckets (checked against a copy of the emulator's bucket on the same clock), and a hold after a 429."""

from __future__ import annotations

import threading
import types

import pytest

from ansible_collections.edge.platform.plugins.module_utils._cores.purge_pacing import (
    BUCKETS,
    EXACT,
    PREFIX,
    RESERVE,
    Pacer,
    minimum_seconds,
)
from ansible_collections.edge.platform.plugins.module_utils._engine import transport


class FakeClock(object):
    """Monotonic seconds that move only when a purge sleeps."""

    def __init__(self):
        self.now = 1000.0
        self.lock = threading.Lock()

    def __call__(self):
        return self.now

    def sleep(self, seconds):
        with self.lock:
            self.now += seconds


class PlatformBucket(object):
    """The platform's bucket as its purge page documents it (full at first, one token per purge)."""

    def __init__(self, kind, now):
        self.burst, self.rate = BUCKETS[kind]
        self.level, self.at = float(self.burst), now

    def take(self, now):
        self.level = min(float(self.burst), self.level + (now - self.at) * self.rate)
        self.at = now
        assert self.level >= 1.0 - 1e-9, "a purge the platform would answer with 429"
        self.level -= 1.0


def paced_run(kind, count):
    """Seconds ``count`` purges of ``kind`` take, one after the other, each checked by the platform's bucket."""
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep)
    platform = PlatformBucket(kind, clock())
    start = clock()
    for _index in range(count):
        pacer.take(kind)
        platform.take(clock())
    return clock() - start, pacer


@pytest.mark.parametrize("kind, count", [(EXACT, 1000), (EXACT, 50), (PREFIX, 60)])
def test_never_faster_than_the_buckets_and_never_much_slower(kind, count):
    seconds, pacer = paced_run(kind, count)
    least = minimum_seconds(count, kind)
    rate = BUCKETS[kind][1]
    assert least <= seconds <= least + RESERVE[kind] / rate + 1e-6
    assert pacer.waited == pytest.approx(seconds)


def test_the_documented_minimum():
    assert minimum_seconds(1000, EXACT) == 176.0
    assert minimum_seconds(20, PREFIX) == 0.0
    assert minimum_seconds(30, PREFIX) == 20.0


def test_the_buckets_are_separate():
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep)
    for _index in range(BUCKETS[PREFIX][0] - RESERVE[PREFIX]):
        assert pacer.take(PREFIX) == 0
    assert pacer.take(EXACT) == 0  # the prefix bucket is empty, the exact one is not
    assert pacer.take(PREFIX) == pytest.approx(1 / BUCKETS[PREFIX][1])


def test_threads_each_get_their_own_slot():
    clock = FakeClock()
    pacer = Pacer(buckets={EXACT: (2, 5.0)}, reserve={}, clock=clock, sleep=lambda seconds: None)
    waits = [pacer.reserve(EXACT) for _index in range(5)]  # five threads asking at the same moment
    assert waits == pytest.approx([0.0, 0.0, 0.2, 0.4, 0.6])


def test_a_retry_pause_of_the_client_holds_every_bucket_until_it_ends():
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep)
    client = types.SimpleNamespace(pause_listeners=[pacer.hold], sleep=clock.sleep, warn=None)
    transport._pause(client, "Purging a URL", 0, 3.0)  # the client waits 3 s before retrying a 429
    assert clock() == 1003.0
    assert pacer.reserve(EXACT) == pytest.approx(1 / BUCKETS[EXACT][1])
    assert pacer.reserve(PREFIX) == pytest.approx(1 / BUCKETS[PREFIX][1])


def test_a_hold_seen_by_a_purge_still_waiting():
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep)
    pacer.hold(2.0)  # another thread is about to wait 2 s; this one asks meanwhile
    assert pacer.reserve(EXACT) == pytest.approx(2.0 + 1 / BUCKETS[EXACT][1])
