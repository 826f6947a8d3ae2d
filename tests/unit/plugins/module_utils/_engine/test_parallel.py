# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
from __future__ import annotations

import threading

import pytest
import requests

from ansible_collections.edge.platform.plugins.module_utils._engine import parallel


class Boom(Exception):
    pass


def test_results_keep_the_plan_order_and_at_most_limit_run_at_once():
    lock, state = threading.Lock(), {"now": 0, "most": 0}
    gate = threading.Barrier(3, timeout=5)  # three jobs must be in flight together, or this times out

    def job(value):
        def run():
            with lock:
                state["now"] += 1
                state["most"] = max(state["most"], state["now"])
            if value < 3:
                gate.wait()
            with lock:
                state["now"] -= 1
            return value * 10

        return run

    results = parallel.run_bounded([job(v) for v in range(9)], limit=3)
    assert [r.status for r in results] == [parallel.DONE] * 9
    assert [r.value for r in results] == [v * 10 for v in range(9)]
    assert state["most"] == 3


def test_after_a_failure_no_new_write_starts_and_the_rest_are_not_sent():
    started = []

    def job(value):
        def run():
            started.append(value)
            if value == 1:
                raise Boom("write %d refused" % value)
            return value

        return run

    results = parallel.run_bounded([job(v) for v in range(5)], limit=1)
    assert [r.status for r in results] == [parallel.DONE, parallel.FAILED] + [parallel.NOT_SENT] * 3
    assert str(results[1].error) == "write 1 refused" and started == [0, 1]


def test_in_flight_writes_finish_after_a_failure():
    stopped = threading.Event()

    def slow():  # in flight when the other write fails; ends after it
        assert stopped.wait(5)
        return "landed"

    def failing():
        raise Boom("refused")

    results = parallel.run_bounded([slow, failing, lambda: "late"], limit=2, stopped=stopped)
    assert [r.status for r in results] == [parallel.DONE, parallel.FAILED, parallel.NOT_SENT]
    assert results[0].value == "landed"


def test_an_unexpected_exception_propagates():
    def bug():
        raise KeyError("bug")

    with pytest.raises(KeyError):
        parallel.run_bounded([bug, lambda: 1], limit=2, stop_on=(Boom,))


def test_no_jobs():
    assert parallel.run_bounded([], limit=10) == []


def test_widen_pool_only_beyond_the_default():
    session = requests.Session()
    default = session.get_adapter("https://x")
    parallel.widen_pool(session, 10)
    assert session.get_adapter("https://x") is default
    parallel.widen_pool(session, 25)
    wide = session.get_adapter("https://x")
    assert wide._pool_maxsize == 25 and session.get_adapter("http://x")._pool_maxsize == 25
    parallel.widen_pool(session, 20)  # already wide enough: the adapter and its kept-alive connections stay
    assert session.get_adapter("https://x") is wide
