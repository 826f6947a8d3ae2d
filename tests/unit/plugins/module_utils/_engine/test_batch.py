# -*- coding: utf-8 -*-
"""apply_phases with writes whose answer is no proof (``Write.unproven``): landed only once the state shows them."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.batch import Write, apply_phases
from ansible_collections.edge.platform.plugins.module_utils._engine.context import Context, execute
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import MAY_HAVE_BEEN_SENT, ApiError

HINT = "an answer of 201 may have stored nothing"


def batch(stored, confirm_fails=False, refuse=()):
    """Three uploads (b is stored only when ``stored`` says so) then a delete; the writes sent, and the result."""
    sent, state = [], set()

    def put(name):
        sent.append(name)
        if name in refuse:
            raise ApiError("PUT %s" % name, 400, "refused")
        if name in stored:
            state.add(name)
        return 201

    def confirm():
        if confirm_fails:
            raise ApiError("Listing the files", 503)
        return set(state)

    uploads = [
        Write("PUT %s" % name, lambda n=name: put(n), lambda now, n=name: n in now, unproven=HINT) for name in "abc"
    ]
    deletes = [Write("DELETE old", lambda: sent.append("old"), lambda now: "old" not in now)]

    def run(ctx):
        apply_phases(ctx, [uploads, deletes], 1, confirm)
        return {"changed": True}

    return sent, execute(run, Context({}))


def test_an_upload_answered_but_not_shown_failed_and_nothing_after_it_is_sent():
    sent, result = batch(stored={"a", "c"})
    assert sent == ["a", "b", "c"] and result["failed"]
    assert result["writes"] == {
        "landed": ["PUT a", "PUT c"],
        "failed": ["PUT b"],
        "unknown": [],
        "not_sent": ["DELETE old"],
    }
    assert "PUT b failed: answered as done, but the state read back does not show it" in result["msg"]
    assert HINT in result["msg"] and result["changed"]


def test_uploads_the_state_cannot_confirm_are_unknown_not_landed():
    sent, result = batch(stored={"a", "b", "c"}, confirm_fails=True)
    assert sent == ["a", "b", "c"] and result["failed"]
    assert result["writes"]["landed"] == [] and result["writes"]["unknown"] == ["PUT a", "PUT b", "PUT c"]
    assert "reading the state back failed too" in result["msg"] and "changed" not in result


def test_uploads_shown_landed_let_the_next_phase_run():
    sent, result = batch(stored={"a", "b", "c"})
    assert sent == ["a", "b", "c", "old"] and result == {"changed": True}


def test_a_refused_upload_confirms_the_answered_ones_before_it_reports_them():
    sent, result = batch(stored={"a"}, refuse={"b"})
    assert sent == ["a", "b"] and result["writes"]["landed"] == ["PUT a"]
    assert result["writes"]["failed"] == ["PUT b"] and result["writes"]["not_sent"] == ["PUT c", "DELETE old"]


def test_a_lost_answer_the_state_cannot_show_is_unknown_and_stops_the_rest():
    """``landed(now)`` answering a text (a secret's value is never returned): unknown whatever the re-read holds."""
    sent = []

    def send(name):
        sent.append(name)
        if name == "b":
            raise ApiError("Setting b", None, "no answer", kind=MAY_HAVE_BEEN_SENT)

    writes = [Write(name, lambda n=name: send(n), lambda now: "its value is never returned") for name in "abc"]

    def run(ctx):
        apply_phases(ctx, [writes], 1, lambda: {"a", "b"})
        return {"changed": True}

    result = execute(run, Context({}))
    assert sent == ["a", "b"] and result["failed"] and result["changed"]
    assert result["writes"] == {"landed": ["a"], "failed": [], "unknown": ["b"], "not_sent": ["c"]}
    assert "the state read back cannot show it (b: its value is never returned)" in result["msg"]
