# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""What each read documents as its answer: the one rule every reader of the resource layer follows (pure Python).

A reader passes its operation's documented shape to ``client.request(..., expect=shape)``. An answer of another
shape (``{}`` where an object with its id or a listing's envelope is documented, a bare ``[]`` where the request
asked for the paged envelope, an HTML page, an empty body) is not understood: the client fails the read (kind
``BAD_ANSWER``) saying so and whether the task had written anything, and nothing is decided from it, so no
"nothing there" can lead to a create or to claiming an object absent (docs/platform-notes.md, "Answers that are
not understood").

Where the documented shape itself says "nothing there" and that would lead to a create or to claiming an object
absent, the resource file decides whether one confirming read by another route is needed (the object by id, the
parent's own read); these shapes only say what the operation returns.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import summary


def is_id(value):
    """A platform id: a positive integer (booleans are not numbers)."""
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


class Shape(object):
    """A documented answer: ``name`` completes "the answer is not ... this operation returns" ("the DNS zone 12",
    "the page of DNS zones (an object with Items)"),
    ``accepts(data)`` is True for the decoded JSON of an answer of that shape."""

    def __init__(self, name, accepts):
        self.name = name
        self.accepts = accepts

    def __repr__(self):
        return "Shape(%r)" % self.name


def object_with_id(name, key="Id", wanted=None):
    """A JSON object whose ``key`` is a positive integer id (``wanted`` when given): "the DNS zone 12"."""
    return Shape(
        name,
        lambda data: isinstance(data, dict) and is_id(data.get(key)) and (wanted is None or data.get(key) == wanted),
    )


def object_with(name, test):
    """A JSON object for which ``test(data)`` holds."""
    return Shape(name, lambda data: isinstance(data, dict) and bool(test(data)))


def _list_or_null(value):
    return value is None or isinstance(value, list)


def core_page(what):
    """One page of a core API listing asked for with ``page`` >= 1: ``{Items: [...], HasMoreItems, ...}`` (``Items``
    nullable). A bare array is what the platform answers for ``page=0`` only, so it is not this answer."""
    return Shape(
        "the page of %s (an object with Items)" % what,
        lambda data: isinstance(data, dict) and "Items" in data and _list_or_null(data["Items"]),
    )


def shield_data(name, test=None):
    """A shield envelope whose ``data`` is an object (for which ``test(data)`` holds, when given)."""
    return Shape(
        name,
        lambda data: (
            isinstance(data, dict) and isinstance(data.get("data"), dict) and (test is None or bool(test(data["data"])))
        ),
    )


def shield_page(what):
    """One page of a shield listing: ``{data: [...], page: {...}}`` (``data`` nullable, but present)."""
    return Shape(
        "the page of %s (an object with data)" % what,
        lambda data: isinstance(data, dict) and "data" in data and _list_or_null(data["data"]),
    )


def unless_gone(client, reply, operation, what):
    """``reply.data``, or None when a read asked with ``allow_404`` was answered 404 by the platform (an empty body
    or a JSON error): ``what`` ("the zone") is gone. A 404 page of anything else (a proxy's HTML) says nothing about
    it: not understood, so no "gone" is claimed from it."""
    if reply.status != 404:
        return reply.data
    if reply.text.strip() and not isinstance(reply.data, dict):
        raise client.not_understood(
            operation,
            404,
            "the 404 answer (%s) is not the platform's, so it does not show %s is gone: %s"
            % (
                reply.headers.get("Content-Type") or "no content type",
                what,
                summary(reply.text, reply.headers.get("Content-Type")),
            ),
        )
    return None


def read_by_id(client, path, what, item_id, hint, allow_404=False):
    """``GET path`` of the ``what`` ("edge script") ``item_id``: its model, an object with that ``Id``; ``hint`` is
    the 404 advice; with ``allow_404`` a 404 comes back (for :func:`unless_gone`)."""
    return client.request(
        "GET",
        path,
        "Reading %s %d" % (what, item_id),
        hints={404: hint},
        expect=object_with_id("the %s %d" % (what, item_id), "Id", item_id),
        allow_404=allow_404,
    )


def model_or_none(client, path, what, item_id, hint):
    """:func:`read_by_id`'s model, or None when the platform answers 404 (:func:`unless_gone`: the item is gone)."""
    reply = read_by_id(client, path, what, item_id, hint, allow_404=True)
    return unless_gone(client, reply, "Reading %s %d" % (what, item_id), "the %s" % what)
