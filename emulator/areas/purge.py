"""Cache purge (core API), as the published core document and the platform's purge page give it
(docs/platform-notes.md, "Cache purge: endpoints, answers and rate limits"):

- ``POST /pullzone/{id}/purgeCache``: no body (the whole zone) or ``PullZonePurgeModel`` ``{"CacheTag": "..."}``
  (the objects whose origin answer carried that ``CDN-Tag``); 204 without a body; an unknown zone 404 with an empty
  body, as the pull zone routes answer it. A body that is not an object (or carries another member) is 400.
- ``POST /purge?url=&async=&exactPath=``: no body; 200 without a body. The URL's host names the pull zone (any zone
  of the account with that hostname); a host on none answers 404 ``{"ErrorKey": "pullZone.not_found", "Field":
  "PullZone", ...}``; a missing or unreadable ``url`` 400 ``purge.urls_invalid``.
- Rate limits, per account (API key) and per purge type, as token buckets (each URL one token): exact URLs (no
  ``*``, a path not ending in ``/``) 120 tokens, refilled 5 a second; prefixes (a ``*`` anywhere, or a path ending in
  ``/``) 20, refilled 0.5 a second. An empty bucket answers 429 with ``Retry-After`` (whole seconds until a token is
  back) and purges nothing. Whole-zone and tag purges are not limited (the platform does not say they are).
  The clock is real time; the admin call below changes the sizes and rates (tests only: the bench keeps these).

Admin API (no key, loopback only, as every ``/_emulator/`` call):

- ``GET /_emulator/purge``: ``{"pull_zones": {"<id>": {"purges": n, "whole": n, "tags": [...], "urls": [...]}},
  "buckets": {...}}``: every purge the emulator carried out, per pull zone, in order.
- ``POST /_emulator/purge/buckets`` ``{"exact": {"burst": n, "per_second": x}, "prefix": {...}}``: new sizes and
  rates (a kind left out keeps its own); every account's buckets start full again.

Every purge is also a request-log entry (the server logs every request: method, path, query, status).
"""

import math
import threading
import time
from urllib.parse import urlsplit

from ..messages import BadJson, Response, empty, json_response

EXACT, PREFIX = "exact", "prefix"
# the documented buckets: (burst tokens, tokens refilled per second)
DOCUMENTED_BUCKETS = {EXACT: (120, 5.0), PREFIX: (20, 0.5)}
NOT_FOUND = {"ErrorKey": "pullZone.not_found", "Field": "PullZone", "Message": "The requested Pull Zone was not found"}


def purge_kind(url):
    """EXACT or PREFIX, as the platform's purge page defines the two types."""
    if "*" in url:
        return PREFIX
    path = urlsplit(url).path
    return PREFIX if not path or path.endswith("/") else EXACT


class Bucket(object):
    """One token bucket; ``take(now)`` is None when a token was taken, else the seconds until one is back."""

    def __init__(self, burst, per_second, now):
        self.burst, self.per_second = burst, per_second
        self.level, self.at = float(burst), now

    def take(self, now):
        self.level = min(float(self.burst), self.level + (now - self.at) * self.per_second)
        self.at = now
        if self.level >= 1.0:
            self.level -= 1.0
            return None
        return (1.0 - self.level) / self.per_second if self.per_second > 0 else 3600.0


def _sizes(body, sizes):
    """The bucket sizes of an admin call's ``body`` over ``sizes``; raises ValueError naming what is wrong."""
    if not isinstance(body, dict) or set(body) - set(DOCUMENTED_BUCKETS):
        raise ValueError("the body maps exact and/or prefix to {burst, per_second}")
    merged = dict(sizes)
    for kind, spec in body.items():
        burst = spec.get("burst") if isinstance(spec, dict) else None
        rate = spec.get("per_second") if isinstance(spec, dict) else None
        if not isinstance(burst, int) or isinstance(burst, bool) or burst < 0:
            raise ValueError("%s.burst must be a whole number of tokens from 0" % kind)
        if isinstance(rate, bool) or not isinstance(rate, (int, float)) or rate < 0:
            raise ValueError("%s.per_second must be a number from 0" % kind)
        merged[kind] = (burst, float(rate))
    return merged


class PurgeArea(object):
    """Purges, their counters per pull zone and the rate buckets per account."""

    name = "purge"

    def __init__(self, fixture, platform, clock=time.monotonic):
        del fixture  # the pull zones and their hostnames are the pull zone area's (read when a request comes)
        self.platform = platform
        self.clock = clock
        self.sizes = dict(DOCUMENTED_BUCKETS)
        self.buckets = {}  # (account key, kind) -> Bucket
        self.purged = {}  # pull zone id -> its counters
        self.lock = threading.Lock()  # the admin calls run beside the purge routes

    def register(self, router):
        router.add("POST", r"/pullzone/(?P<id>[0-9]+)/purgeCache", self.purge_zone)
        router.add("POST", r"/purge", self.purge_url)
        router.add("GET", r"/_emulator/purge", self.admin_state, auth=None)
        router.add("POST", r"/_emulator/purge/buckets", self.admin_buckets, auth=None)

    # -- the pull zones, as the pull zone area holds them -----------------------------------------------

    def _zones(self):
        area = self.platform.areas.get("pullzones") if self.platform is not None else None
        return area.zones if area is not None else {}

    def _zone_serving(self, host):
        wanted = (host or "").lower()
        for zone in list(self._zones().values()):
            if any(hostname.value.lower() == wanted for hostname in zone.hostnames):
                return zone
        return None

    def _count(self, zone_id, what, value=None):
        with self.lock:
            counters = self.purged.setdefault(zone_id, {"purges": 0, "whole": 0, "tags": [], "urls": []})
            counters["purges"] += 1
            if what == "whole":
                counters["whole"] += 1
            else:
                counters[what].append(value)

    # -- routes ---------------------------------------------------------------------------------------

    def purge_zone(self, request):
        zone_id = int(request.params["id"])
        tag = None
        if request.body and request.body.strip() not in (b"", b"null"):
            body = request.json_object()
            unknown = sorted(key for key in body if key.lower() != "cachetag")  # names bind without case
            if unknown:
                return json_response(
                    400, {"ErrorKey": "validation.invalid", "Field": unknown[0], "Message": "Unknown member."}
                )
            tag = next((value for key, value in body.items() if key.lower() == "cachetag"), None)
            if tag is not None and not isinstance(tag, str):
                return json_response(
                    400, {"ErrorKey": "validation.invalid", "Field": "CacheTag", "Message": "CacheTag is a string."}
                )
        if zone_id not in self._zones():
            return empty(404)
        self._count(zone_id, "tags" if tag else "whole", tag)
        return empty(204)

    def purge_url(self, request):
        url = next((value for key, value in request.query.items() if key.lower() == "url"), "")
        try:
            parts = urlsplit(url)
            host = parts.hostname
        except ValueError:
            host = None
        if not url or parts.scheme.lower() not in ("http", "https") or not host:
            return json_response(
                400,
                {"ErrorKey": "purge.urls_invalid", "Field": "Urls", "Message": "The URL to purge is not valid."},
            )
        zone = self._zone_serving(host)
        if zone is None:
            return json_response(404, NOT_FOUND)
        wait = self._take(request.header("AccessKey"), purge_kind(url))
        if wait is not None:
            return Response(429, headers={"Retry-After": str(max(1, int(math.ceil(wait))))})
        self._count(zone.id, "urls", url)
        return empty(200)

    def _take(self, account, kind):
        now = self.clock()
        with self.lock:
            key = (account, kind)
            if key not in self.buckets:
                self.buckets[key] = Bucket(self.sizes[kind][0], self.sizes[kind][1], now)
            return self.buckets[key].take(now)

    # -- admin ----------------------------------------------------------------------------------------

    def admin_state(self, request):
        del request
        return json_response(200, self.dump())

    def admin_buckets(self, request):
        try:
            sizes = _sizes(request.json(), self.sizes)
        except (BadJson, ValueError) as exc:
            return json_response(400, {"error": str(exc)})
        with self.lock:
            self.sizes, self.buckets = sizes, {}
        return json_response(200, self.dump())

    def dump(self):
        with self.lock:
            return {
                "pull_zones": {
                    str(zone_id): {
                        "purges": c["purges"],
                        "whole": c["whole"],
                        "tags": list(c["tags"]),
                        "urls": list(c["urls"]),
                    }
                    for zone_id, c in sorted(self.purged.items())
                },
                "buckets": {kind: {"burst": b, "per_second": r} for kind, (b, r) in sorted(self.sizes.items())},
            }


AREA = PurgeArea
