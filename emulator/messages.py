"""Request and response values shared by the server and every area."""

import json
from urllib.parse import parse_qs


class BadJson(ValueError):
    """The request body is not the JSON the route expects."""


class Request(object):
    """One HTTP request as an area handler sees it."""

    def __init__(self, method, path, query_string, headers, body):
        self.method = method
        self.path = path
        self.query = {k: v[-1] for k, v in parse_qs(query_string, keep_blank_values=True).items()}
        self.headers = headers
        self.body = body
        self.params = {}

    def header(self, name, default=None):
        return self.headers.get(name, default)

    def json(self):
        """The decoded JSON body; raises :class:`BadJson` when it is missing or malformed."""
        if not self.body:
            raise BadJson("A request body is required.")
        try:
            return json.loads(self.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise BadJson("The request body is not valid JSON: %s" % exc) from exc
        except RecursionError as exc:
            raise BadJson("The request body is nested too deeply.") from exc

    def flag(self, name):
        """A boolean query parameter (ASP.NET style: true/false, case-insensitive)."""
        return str(self.query.get(name, "")).lower() in ("true", "1")


class Response(object):
    """What a handler returns: status, body bytes, headers."""

    def __init__(self, status, body=b"", content_type=None, headers=None):
        self.status = status
        self.body = body
        self.headers = dict(headers or {})
        if content_type and body:
            self.headers["Content-Type"] = content_type


def json_response(status, data, content_type="application/json; charset=utf-8", headers=None):
    return Response(status, json.dumps(data).encode("utf-8"), content_type, headers)


def text_response(status, text, content_type="text/plain; charset=utf-8"):
    return Response(status, text.encode("utf-8"), content_type)


def empty(status):
    return Response(status)
