"""Routes: method + path pattern -> handler, with the authentication each platform area uses.

Numeric path segments are checked here, once, for every area: a route declares one as ``(?P<name>[0-9]+)``,
so a negative or non-numeric value matches no route (404, the empty answer of an unmatched ASP.NET route),
and a value of digits beyond the 64-bit range the documents give every id (``int64``; some ``int32``, whose
overflow is simply an id no one has: the area's own 404) answers 400 with the area's binding-error body
(:data:`BAD_ID`), as ASP.NET's model binding refuses it -- never a 500 from ``int()`` of 5,000 digits.
"""

import re

from .messages import empty, json_response, shield_json

INT64_MAX = 2**63 - 1
_NUMERIC_GROUP = re.compile(r"\(\?P<(\w+)>\[0-9\]\+\)")

# How each platform area answers a request without a valid AccessKey.
UNAUTHORIZED = {
    # core API (pull zones, DNS zones): 401 with an empty body
    "core": lambda: empty(401),
    # shield endpoints documented with ProblemDetails
    "problem": lambda: json_response(
        401,
        {
            "type": "https://tools.ietf.org/html/rfc9110#section-15.5.2",
            "title": "Unauthorized",
            "status": 401,
            "detail": "A valid AccessKey header is required.",
            "instance": None,
        },
        content_type="application/problem+json; charset=utf-8",
    ),
    # shield endpoints documented with UnauthorizedResult
    "status_code": lambda: shield_json(401, {"statusCode": 401}),
    # database management API (/database/...): AppError {error, details}
    "app_error": lambda: json_response(
        401, {"error": "Unauthorized", "details": "A valid AccessKey header is required."}
    ),
}


def _validation_problem(name, value):
    """ASP.NET's ``ValidationProblemDetails`` for a route value that does not bind (an [ApiController])."""
    return json_response(
        400,
        {
            "type": "https://tools.ietf.org/html/rfc9110#section-15.5.1",
            "title": "One or more validation errors occurred.",
            "status": 400,
            "errors": {name: ["The value '%s' is not valid." % value]},
        },
        content_type="application/problem+json; charset=utf-8",
    )


# How each area answers a numeric path segment out of the 64-bit range (module docstring); the core body is the
# one the emulator gives other values that do not bind (paging.py), the shield one ASP.NET's.
BAD_ID = {
    "core": lambda name, value: json_response(
        400,
        {"ErrorKey": "validation.out_of_range", "Field": name, "Message": "The value '%s' is not valid." % value},
    ),
    "problem": _validation_problem,
    "status_code": _validation_problem,
    "app_error": lambda name, value: json_response(
        400, {"error": "Bad Request", "details": "The value '%s' is not valid for %s." % (value, name)}
    ),
    None: lambda name, value: json_response(400, {"error": "the value of %s is not a valid id" % name}),
}


def too_large(value):
    """True for digits (no leading zero) beyond the signed 64-bit range; by length first: no 5,000-digit int()."""
    return len(value) > 19 or (len(value) == 19 and int(value) > INT64_MAX)


class Route(object):
    def __init__(self, method, pattern, handler, auth, streams=False):
        self.method = method
        self.streams = streams
        self.pattern = re.compile("^%s$" % pattern)
        self.handler = handler
        self.auth = auth
        self.numeric = tuple(_NUMERIC_GROUP.findall(pattern))

    def bad_id(self, params):
        """The 400 answer for a numeric segment beyond int64, or None when every one fits (then each is written
        without leading zeros, as the number it binds to: ``int()`` of 5,000 zeros and a 1 would raise)."""
        for name in self.numeric:
            params[name] = params[name].lstrip("0") or "0"
            if too_large(params[name]):
                value = params[name] if len(params[name]) <= 40 else params[name][:40] + "..."
                return BAD_ID[self.auth](name, value)
        return None


class Router(object):
    def __init__(self):
        self.routes = []

    def add(self, method, pattern, handler, auth="core", streams=False):
        """Register ``handler(request)``; ``auth`` is a key of UNAUTHORIZED, or None for none. ``streams``: the
        request's body comes as a file positioned at its start (the server spools it to disk), not as bytes."""
        if auth is not None and auth not in UNAUTHORIZED:
            raise ValueError("unknown auth kind %r" % auth)
        self.routes.append(Route(method, pattern, handler, auth, streams))

    def streams(self, method, path):
        """Whether the route of ``method path`` takes its body as a file."""
        route, _params = self.match(method, path)
        return route is not None and route.streams

    def match(self, method, path):
        """``(route, params)``; ``(None, True)`` when only the method differs; ``(None, False)``."""
        path_known = False
        for route in self.routes:
            found = route.pattern.match(path)
            if found:
                if route.method == method:
                    return route, found.groupdict()
                path_known = True
        return None, path_known
