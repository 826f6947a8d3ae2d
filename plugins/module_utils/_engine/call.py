# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""One request as the client sends and reads it: what ``Client.request`` was asked, checked and completed here.

The transport (``transport.py``) and the reading of the answer (``answers.py``) take this one object instead of
a dozen parameters each; the class attributes of :class:`Call` are the only place a request's options and their
defaults are written.
"""

from __future__ import annotations

from .answers import EXPECT

READ_METHODS = frozenset(("GET", "HEAD", "OPTIONS"))


class Call(object):
    """One request: ``method``, absolute ``url``, ``operation`` and how to send and read it.

    ``operation`` names the action in errors ("Reading DNS zone 12").
    ``replay_safe=False`` marks a write that must not be sent twice once it may have
    reached the server; it is then retried only when it provably was not processed.
    ``hints`` maps a status to advice that replaces the generic one ("check zone_id" for 404).
    ``expect`` is what a 2xx body must be: a documented shape (``_api/answers.py``: anything with a ``name`` and
    ``accepts(data)``, such as "the DNS zone 12"), ``"object"`` (a JSON object, the default), ``"any"``
    (any JSON value: lists, pages), ``"data"`` (a shield envelope: a JSON object whose ``data`` is an
    object), ``"empty"`` (operations documented to answer 204 No Content: an empty body; a body there
    is not what the operation returns) or ``"text"`` (a document that is not JSON, such as a zone file: any
    body, empty included, read from ``Reply.text``; pass ``check_envelope=False``). Anything else fails with kind
    ``BAD_ANSWER`` before a caller can act on it; for a request that changes state that failure says the write is
    unconfirmed (it may or may not have been applied), which the reconciler settles with one re-read.
    ``changes_state`` says whether the request can change the platform (default: any method but
    GET/HEAD/OPTIONS); it decides between ``MAY_HAVE_BEEN_SENT`` and ``NO_ANSWER`` when no answer came.
    ``decode(text)`` turns a 2xx body into data instead of :func:`~.errors.decode_json` (None: not JSON).
    ``text_body`` (a str, instead of ``json_body``) is sent as it is, UTF-8, as ``Content-Type: text/plain``.
    ``headers``: more request headers (never credentials: those are the client's). ``body_file``: a binary file
    object streamed as the body (rewound before each attempt, so memory stays bounded whatever its size).
    ``sink``: a binary file object a 2xx answer's body is streamed into (emptied before each attempt) instead of
    being read into ``Reply.text``; the reply's text is then empty.
    404 is returned only with ``allow_404``.
    ``classify(error)`` is the resource's reading of a failure: given the :class:`~.errors.ApiError` the answer (or
    its absence) amounts to, it returns the error the resource defines for it (a refusal for the zone's plan, a 202
    that confirms nothing) or that same error. The client applies it once, before anything counts or sees the failure,
    so no caller catches an error to raise it again with another kind.
    """

    # the options of a request, each with its default
    json_body = None
    params = None
    allow_404 = False
    replay_safe = True
    check_envelope = True
    hints = None
    expect = "object"
    changes_state = None
    decode = None
    text_body = None
    classify = None
    headers = None
    body_file = None
    sink = None

    def __init__(self, method, url, operation, **options):
        self.method = method
        self.url = url
        self.operation = operation
        for name, value in options.items():
            if name.startswith("_") or not hasattr(Call, name) or callable(getattr(Call, name)):
                raise TypeError("%r is not an option of a request" % name)
            setattr(self, name, value)
        if self.expect not in EXPECT and not callable(getattr(self.expect, "accepts", None)):
            raise ValueError("expect must be a documented shape or one of %s" % ", ".join(EXPECT))
        self.hints = self.hints or {}
        if self.changes_state is None:
            self.changes_state = method.upper() not in READ_METHODS
