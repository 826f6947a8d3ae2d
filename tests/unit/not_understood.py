"""The answers no Shield read documents (``{}``, ``[]``, an empty body, an HTML page), which every reader must fail as
not understood (docs/platform-notes.md, "Answers that are not understood")."""

from __future__ import annotations

from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

PAGE_TEXT = "unit-secret-page-text"  # in the HTML page's body: it must never reach a message


def answers(*more):
    """Fresh answers of the four shapes no read documents, then ``more`` (each read's own wrong answers)."""
    return [
        FakeResponse(body={}),
        FakeResponse(body=[]),
        FakeResponse(text=""),
        FakeResponse(
            text="<html><head><title>Gateway</title></head><body>%s</body></html>" % PAGE_TEXT,
            headers={"Content-Type": "text/html"},
        ),
    ] + list(more)
