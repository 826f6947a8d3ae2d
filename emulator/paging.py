"""Paging and search of the list endpoints, as the published documents describe them.

- Core lists (``GET /dnszone``, ``GET /pullzone?page>=1``): ``{Items, CurrentPage, TotalItems,
  HasMoreItems}``; ``page`` from 1, ``perPage`` 5..1000 (default 1000); ``search`` filters.
- Shield lists (``GET /shield/shield-zones``): ``{data, page: {totalCount, totalPages, currentPage,
  nextPage, pageSize}}``; ``page`` default 1, ``perPage`` default 10.
Query names are matched case-insensitively, as ASP.NET binds them. A value outside the documented
range is refused with a 400 naming the parameter (the documents give the ranges, not the answer).
"""

INT32_MAX = 2147483647


class BadQuery(Exception):
    """A query parameter the platform's model binding would refuse."""

    def __init__(self, name, message):
        super(BadQuery, self).__init__(message)
        self.name = name
        self.message = message


def query_value(request, name):
    """The last value of query parameter ``name`` (any case), or None."""
    wanted = name.lower()
    found = None
    for key, value in request.query.items():
        if key.lower() == wanted:
            found = value
    return found


def query_values(request, *names):
    """Every value of the query parameters ``names`` (any case), in the order sent: a form-exploded array."""
    wanted = {name.lower() for name in names}
    return [value for key, values in request.query_lists.items() if key.lower() in wanted for value in values]


def query_int(request, name, default, minimum, maximum=INT32_MAX):
    raw = query_value(request, name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadQuery(name, "The value '%s' is not valid for %s." % (raw, name)) from None
    if not minimum <= value <= maximum:
        raise BadQuery(name, "The field %s must be between %d and %d." % (name, minimum, maximum))
    return value


def search(items, request, text_of):
    """``items`` whose text contains the ``search`` term (case-insensitive); all without one."""
    term = (query_value(request, "search") or "").strip().lower()
    if not term:
        return list(items)
    return [item for item in items if term in text_of(item).lower()]


def core_page(items, page, per_page):
    """One page of a core list (``PaginationListModelOf...``)."""
    start = (page - 1) * per_page
    return {
        "Items": items[start : start + per_page],
        "CurrentPage": page,
        "TotalItems": len(items),
        "HasMoreItems": start + per_page < len(items),
    }


def shield_page(items, page, per_page):
    """One page of a shield list: ``data`` plus a ``PaginationResponse``."""
    total_pages = (len(items) + per_page - 1) // per_page
    start = (page - 1) * per_page
    return {
        "data": items[start : start + per_page],
        "page": {
            "totalCount": len(items),
            "totalPages": total_pages,
            "currentPage": page,
            "nextPage": page + 1 if page < total_pages else None,
            "pageSize": per_page,
        },
    }
