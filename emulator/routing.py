"""Routes: method + path pattern -> handler, with the authentication each platform area uses."""

import re

from .messages import empty, json_response

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
    "status_code": lambda: json_response(401, {"statusCode": 401}),
    # database management API (/database/...): AppError {error, details}
    "app_error": lambda: json_response(
        401, {"error": "Unauthorized", "details": "A valid AccessKey header is required."}
    ),
}


class Route(object):
    def __init__(self, method, pattern, handler, auth):
        self.method = method
        self.pattern = re.compile("^%s$" % pattern)
        self.handler = handler
        self.auth = auth


class Router(object):
    def __init__(self):
        self.routes = []

    def add(self, method, pattern, handler, auth="core"):
        """Register ``handler(request)``; ``auth`` is a key of UNAUTHORIZED, or None for none."""
        if auth is not None and auth not in UNAUTHORIZED:
            raise ValueError("unknown auth kind %r" % auth)
        self.routes.append(Route(method, pattern, handler, auth))

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
