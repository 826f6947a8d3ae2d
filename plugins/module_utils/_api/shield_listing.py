# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The one pager of every paged Shield listing: shield zones, custom WAF rules, rate limit rules (pure Python).

A Shield listing answers ``{data: [...], page: {currentPage, nextPage, totalPages, ...}}`` (Shield document,
``PaginationResponse``). Each page is read with its documented shape (``answers.shield_page``): ``{}``, a bare
array, an HTML page or an empty body is not understood and nothing is decided from it (docs/platform-notes.md,
"Answers that are not understood"). ``nextPage`` is followed, else ``totalPages``; an empty page ends the listing;
an item seen twice (one added while paging shifts the pages) is kept once; ``listing.check_listing`` bounds the
pages and items, so a platform that never stops paging fails instead of deciding from part of a listing.
"""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._shapes.enums import is_number

from . import shield
from .answers import shield_page
from .listing import check_listing


def next_page(info, page):
    """The page to read after ``page``, or None; trusts ``nextPage``, else ``totalPages``."""
    if not isinstance(info, dict):
        return None
    following = info.get("nextPage")
    if is_number(following):
        return following if following > page else None
    if "nextPage" in info:
        return None
    total = info.get("totalPages")
    if is_number(total) and page < total:
        return page + 1
    return None


def shield_list(client, path, what, operation, key, per_page=None, hint=None):
    """Every item (a dict) of the Shield listing at ``path``, every page followed.

    ``what`` names the items ("custom WAF rules"), ``operation`` the read ("Listing custom WAF rules of shield zone
    3001"; pages after the first add "(page N)"), ``key`` the member that identifies an item (an item seen twice is
    kept once), ``per_page`` the ``perPage`` asked for (None: the platform's default), ``hint`` the advice of a 404.
    """
    items, seen, page, reads = [], set(), 1, 0
    while True:
        reads += 1
        asked = "%s (page %d)" % (operation, page) if page > 1 else operation
        params = {"page": page} if per_page is None else {"page": page, "perPage": per_page}
        reply = client.request(
            "GET", path, asked, params=params, hints=shield.not_found_hints(hint), expect=shield_page(what)
        )
        batch = [item for item in reply.data["data"] or [] if isinstance(item, dict)]
        for item in batch:
            if item.get(key) is None or item[key] not in seen:  # an item without its id cannot be told apart
                seen.add(item.get(key))
                items.append(item)
        following = next_page(reply.data.get("page"), page)
        if following is None or not batch:
            return items
        check_listing(asked, what, items, reads)
        page = following
