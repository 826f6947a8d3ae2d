# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Listings of the platform and picking one item of a listing by name (pure Python: no Ansible imports).

The resource files (``dns_zones``, ``pull_zones``, ``shield_zones``) call these with their own paths:

- :func:`core_list`: every item of a paged core API list (``page`` from 1, ``perPage`` 1000, ``HasMoreItems``);
- :func:`check_listing`: the bounds of every listing (:data:`MAX_PAGES` pages, :data:`MAX_ITEMS` items);
- :func:`pick`: the one item whose name matches exactly, else :class:`LookupFailed` listing a few candidates.

The platform's ``search`` matches part of a name, so it can return several items: only an exact match counts,
and when none (or several) match, the error lists a few candidates with their ids.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import BAD_ANSWER, ApiError, InputError

from .answers import core_page

MAX_CANDIDATES = 5
CORE_PAGE_SIZE = 1000  # the documented maximum of perPage on /dnszone and /pullzone
# Bounds on one listing: a platform that never says "no more items" must neither keep the task running nor
# fill the host's memory. No account holds this many zones; past either bound the listing fails (a partial
# listing could miss the zone asked for) instead of deciding anything from part of it.
MAX_PAGES = 10000
MAX_ITEMS = 100000
LISTING_HINT = (
    "Nothing was decided from a partial listing. Give the id instead of a name, or check that the API "
    "answers with pages that end."
)


class LookupFailed(InputError):
    """No single object matches: ``str(error)`` says what was searched and what was found, and ``option`` is
    the option the user gave. ``missing``: nothing matches at all (not several, not a malformed name), which
    in check mode may only mean an earlier task was predicted creating it (``Selector.resolve_in_plan``);
    ``needs``: the check-mode ledger's ``(kind, key)`` notes that would show it was (``_engine/ledger.py``)."""

    def __init__(self, message, option=None, missing=False, needs=()):
        super().__init__(message, option=option)
        self.missing = missing
        self.needs = list(needs)


def normal(name):
    """A name as compared: stripped, without a trailing dot, lower case."""
    return (name or "").strip().rstrip(".").lower()


def predicted(what, name):
    """The check-mode ledger's note of the ``what`` named ``name`` (a DNS zone, a pull zone), keyed as :func:`pick`
    compares names: a task that predicts creating one notes this, a lookup that misses one needs it."""
    return (what, normal(name))


def check_listing(operation, what, items, pages):
    """Fail when a listing that announces more has passed :data:`MAX_ITEMS` items or read :data:`MAX_PAGES` pages."""
    if len(items) > MAX_ITEMS or pages >= MAX_PAGES:
        raise ApiError(
            operation,
            None,
            "the listing of %s passed %s (%s %s in %s pages so far) and was stopped"
            % (
                what,
                "%s items" % format(MAX_ITEMS, ",") if len(items) > MAX_ITEMS else "%s pages" % format(MAX_PAGES, ","),
                format(len(items), ","),
                what,
                format(pages, ","),
            ),
            hint=LISTING_HINT,
            kind=BAD_ANSWER,
        )


def core_list(client, path, what, search=None, params=None, headers=None):
    """Every item of a paged core list (``page`` from 1, ``perPage`` 1000), following ``HasMoreItems``;
    bounded by :data:`MAX_PAGES` and :data:`MAX_ITEMS`; ``headers`` over the client's own."""
    items = []
    page = 1
    while True:
        query = dict(params or {}, page=page, perPage=CORE_PAGE_SIZE)
        if search:
            query["search"] = search
        operation = "Listing %s (page %d)" % (what, page) if page > 1 else "Listing %s" % what
        # a page was asked for (page >= 1): only the page object is this answer; a plain array (what page=0 answers)
        # or {} is not understood (docs/platform-notes.md, "Answers that are not understood")
        reply = client.request("GET", path, operation, params=query, expect=core_page(what), headers=headers)
        batch, has_more = reply.data["Items"] or [], bool(reply.data.get("HasMoreItems"))
        items.extend(item for item in batch if isinstance(item, dict))
        if not has_more or not batch:
            break
        check_listing(operation, what, items, page)
        page += 1
    return items


def _describe(models, id_key, name_key):
    shown = ["%s (id %s)" % (model.get(name_key), model.get(id_key)) for model in models[:MAX_CANDIDATES]]
    more = len(models) - MAX_CANDIDATES
    return ", ".join(shown) + (" and %d more" % more if more > 0 else "")


def named_exactly(models, name, what, noun="zone", id_option="id", id_key="Id", name_key="Name"):
    """The one of ``models`` whose ``name_key`` is exactly ``name`` (case and all), or None; several: InputError
    (option ``name``) listing their ids, as the ``what`` (a ``noun``) to manage is then ambiguous."""
    exact = [model for model in models if model.get(name_key) == name]
    if len(exact) > 1:
        raise InputError(
            "%d %ss are named %r (ids %s), so the %s to manage is ambiguous: give %s to choose one."
            % (len(exact), what, name, ", ".join(str(model.get(id_key)) for model in exact), noun, id_option),
            option="name",
        )
    return exact[0] if exact else None


def pick(models, wanted, what, option, id_option, id_key, name_key):
    """The one model whose ``name_key`` equals ``wanted`` (normalised), else LookupFailed."""
    exact = [model for model in models if normal(model.get(name_key)) == normal(wanted)]
    if len(exact) == 1:
        return exact[0]
    if len(exact) > 1:
        raise LookupFailed(
            "%d %ss match %s=%r: %s. Give %s to choose one."
            % (len(exact), what, option, wanted, _describe(exact, id_key, name_key), id_option),
            option=option,
        )
    if models:
        raise LookupFailed(
            "No %s matches %s=%r exactly; the platform's search found %s. Set %s to one of "
            "them exactly, or give %s."
            % (what, option, wanted, _describe(models, id_key, name_key), option, id_option),
            option=option,
            missing=True,
            needs=[predicted(what, wanted)],
        )
    raise LookupFailed(
        "No %s matches %s=%r among those this API key can see: check %s, or give %s."
        % (what, option, wanted, option, id_option),
        option=option,
        missing=True,
        needs=[predicted(what, wanted)],
    )
