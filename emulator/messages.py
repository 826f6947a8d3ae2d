"""Request and response values shared by the server and every area, and content negotiation.

Content negotiation, as the platform's ASP.NET servers do it: a JSON answer is offered in the media types the
published document lists for the operation, in its order (:data:`SHIELD_MEDIA_TYPES` for every shield
answer; the core and database documents list only ``application/json``). The server picks one from the
request's ``Accept`` (:func:`negotiate`) just before it sends the answer, so no area negotiates itself:

- no ``Accept`` (or an empty one): the document's first type (``text/plain`` for the shield API);
- otherwise the media ranges are taken highest ``q`` first, in the header's order among equals (ASP.NET sorts
  them so, stably), and the first offered type the first range matches wins: ``application/json`` gets
  JSON, ``text/plain`` asked first gets text/plain, ``application/json, text/plain;q=0.9`` (what a
  TypeScript SDK generated from the documents sends) gets JSON, ``*/*`` alone gets the first type;
- ``application/*+json`` matches ``application/json`` (a structured-syntax suffix range, as clients mean it);
  a range with ``q=0`` refuses the types it names exactly;
- nothing acceptable: the first type (ASP.NET answers anyway unless ``ReturnHttpNotAcceptable`` is set; 406 is
  not something the platform is known to send).

Answers whose type is fixed (``application/problem+json`` problem details, zone files, Hrana) are not
negotiated. What is known and what is not: docs/platform-notes.md, "Content negotiation of the management APIs".
"""

import json
from urllib.parse import parse_qs

# The order the shield document lists for every JSON answer (ASP.NET's formatter order).
SHIELD_MEDIA_TYPES = ("text/plain", "application/json", "text/json")


class BadJson(ValueError):
    """The request body is not the JSON the route expects."""


def _no_constant(name):
    raise ValueError("%s is not a JSON value" % name)


def _json_kind(data):
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "a boolean"
    if isinstance(data, (int, float)):
        return "a number"
    if isinstance(data, str):
        return "a string"
    return "an array" if isinstance(data, list) else type(data).__name__


class Request(object):
    """One HTTP request as an area handler sees it."""

    def __init__(self, method, path, query_string, headers, body):
        self.method = method
        self.path = path
        # every value of each parameter (a form-exploded array: ``type=0&type=1``); ``query`` keeps the last one
        self.query_lists = parse_qs(query_string, keep_blank_values=True)
        self.query = {k: v[-1] for k, v in self.query_lists.items()}
        self.headers = headers
        self.body = body
        self.params = {}

    def header(self, name, default=None):
        return self.headers.get(name, default)

    def json(self):
        """The decoded JSON body; raises :class:`BadJson` when it is missing or malformed. ``NaN`` and ``Infinity``
        are not JSON (RFC 8259); the platform's ASP.NET binder refuses them, so the emulator does too."""
        if not self.body:
            raise BadJson("A request body is required.")
        try:
            return json.loads(self.body.decode("utf-8"), parse_constant=_no_constant)
        except (UnicodeDecodeError, ValueError) as exc:
            raise BadJson("The request body is not valid JSON: %s" % exc) from exc
        except RecursionError as exc:
            raise BadJson("The request body is nested too deeply.") from exc

    def json_object(self):
        """:meth:`json` for an operation whose body is an object (every model of the documents): ``[]``, ``null``,
        a number or a string is refused as the platform's model binding refuses it."""
        data = self.json()
        if not isinstance(data, dict):
            raise BadJson("The request body must be a JSON object, not %s." % _json_kind(data))
        return data

    def flag(self, name):
        """A boolean query parameter (ASP.NET style: true/false, case-insensitive)."""
        return str(self.query.get(name, "")).lower() in ("true", "1")


class Response(object):
    """What a handler returns: status, body bytes, headers."""

    def __init__(self, status, body=b"", content_type=None, headers=None, media_types=None):
        self.status = status
        self.body = body
        self.headers = dict(headers or {})
        # the types the body may be sent as, in the document's order; None: the Content-Type is fixed
        self.media_types = tuple(media_types) if media_types else None
        if content_type and body:
            self.headers["Content-Type"] = content_type

    def negotiate(self, accept):
        """Set the Content-Type the request's ``Accept`` selects among :attr:`media_types` (module docstring)."""
        if self.media_types and self.body:
            self.headers["Content-Type"] = "%s; charset=utf-8" % negotiate(accept, self.media_types)


def json_response(status, data, content_type="application/json; charset=utf-8", headers=None, media_types=None):
    if media_types:
        content_type = "%s; charset=utf-8" % media_types[0]
    return Response(status, json.dumps(data).encode("utf-8"), content_type, headers, media_types)


def shield_json(status, data):
    """A shield answer: JSON offered as the shield document lists it (text/plain first)."""
    return json_response(status, data, media_types=SHIELD_MEDIA_TYPES)


def text_response(status, text, content_type="text/plain; charset=utf-8"):
    return Response(status, text.encode("utf-8"), content_type)


def empty(status):
    return Response(status)


def _media_ranges(accept):
    """``[(q, media_range)]`` of an ``Accept`` header, highest ``q`` first, in the header's order among equals."""
    ranges = []
    for part in accept.split(","):
        fields = part.split(";")
        media = fields[0].strip().lower()
        if media.count("/") != 1:
            continue  # not a media range: ignored, as ASP.NET ignores what it cannot parse
        quality = 1.0
        for parameter in fields[1:]:
            name, _sep, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = min(max(float(value.strip()), 0.0), 1.0)
                except ValueError:
                    quality = 0.0
        ranges.append((quality, media))
    return sorted(ranges, key=lambda pair: -pair[0])  # stable: the header's order among equals


def _matches(media_range, media_type):
    range_type, _sep, range_sub = media_range.partition("/")
    wanted_type, _sep, wanted_sub = media_type.partition("/")
    if range_type == "*":
        return range_sub == "*"
    if range_type != wanted_type:
        return False
    if range_sub == "*":
        return True
    if range_sub.startswith("*+"):
        suffix = range_sub[2:]
        return wanted_sub == suffix or wanted_sub.endswith("+" + suffix)
    return range_sub == wanted_sub


def negotiate(accept, offered):
    """The media type of ``offered`` (document order) that ``accept`` selects (module docstring)."""
    if not accept or not accept.strip():
        return offered[0]
    ranges = _media_ranges(accept)
    refused = {media for quality, media in ranges if quality <= 0}
    for quality, media_range in ranges:
        if quality <= 0:
            break
        for media_type in offered:
            if media_type not in refused and _matches(media_range, media_type):
                return media_type
    return offered[0]
