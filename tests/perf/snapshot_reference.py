"""The plain-``requests`` reference of the snapshot benchmark (issue 34, "Performance"): the objects a snapshot of
``kinds`` reads, read by a pool of 10 over one session, as a script written for the job would.

``python snapshot_reference.py URL CA_FILE API_KEY KINDS [CONCURRENCY]`` (``KINDS`` comma-separated) prints one
JSON line ``{"seconds", "requests", "reads"}``. One ``requests.Session`` with ``HTTPAdapter(pool_maxsize=10)`` and a
``concurrent.futures`` pool of 10: first the listings of the kinds (at once, each following its pages), then every
per-object read the snapshot needs, 10 in flight:

- ``pull_zones``: ``GET /pullzone`` (1000 a page); ``GET /pullzone/{id}`` only for a zone the listing gives without
  its ``Hostnames`` or ``EdgeRules`` (what the snapshot's ``complete_zone`` reads);
- ``dns_zones``: ``GET /dnszone`` (1000 a page), then ``GET /dnszone/{id}`` per zone (its ``Records``);
- ``shield_zones`` (only when the kind is given): ``GET /shield/shield-zones`` (the platform's default page size,
  pages followed; the zones' settings), then per zone its upload scanning, custom WAF rules, rate limits, access
  lists, bot detection and API Guardian (:data:`SHIELD_READS`: the parts the shield_zones kind reads, each once).

The clock starts before the session is made, so its first connections are paid for as the module's are. Run in a
fresh interpreter (no GIL shared with the proxy or the emulator). ``verify`` is given per request, as network.py's.
"""

from __future__ import annotations

import concurrent.futures
import json
import sys
import threading
import time

CORE_PAGE = 1000
SHIELD_READS = (
    "/shield/shield-zone/%d/upload-scanning",
    "/shield/waf/custom-rules/%d",
    "/shield/rate-limits/%d",
    "/shield/shield-zone/%d/access-lists",
    "/shield/shield-zone/%d/bot-detection",
    "/shield/shield-zone/%d/api-guardian",
)


class Reader(object):
    """GETs over one session, counted (the reference's own request count is printed beside the module's)."""

    def __init__(self, url, ca_file, api_key, concurrency):
        import requests  # pylint: disable=import-outside-toplevel

        self.url, self.ca_file, self.api_key = url, ca_file, api_key
        self.session = requests.Session()
        self.session.mount("https://", requests.adapters.HTTPAdapter(pool_maxsize=concurrency))
        self.requests, self._lock = 0, threading.Lock()

    def get(self, path, params=None):
        answer = self.session.get(
            self.url + path, params=params, headers={"AccessKey": self.api_key}, timeout=60, verify=self.ca_file
        )
        answer.raise_for_status()
        with self._lock:
            self.requests += 1
        return answer.json()

    def core_list(self, path):
        """Every item of a core listing (``Items``, ``HasMoreItems``)."""
        items, page = [], 1
        while True:
            data = self.get(path, {"page": page, "perPage": CORE_PAGE})
            items.extend(data["Items"] or [])
            if not data.get("HasMoreItems") or not data["Items"]:
                return items
            page += 1

    def shield_list(self, path):
        """Every item of a Shield listing (``data``, ``page.nextPage``)."""
        items, page = [], 1
        while page:
            data = self.get(path, {"page": page})
            items.extend(data["data"] or [])
            following = (data.get("page") or {}).get("nextPage")
            page = following if data["data"] and following and following > page else None
        return items


def per_object_paths(kind, listed):
    """The reads of ``kind`` after its listing ``listed``."""
    if kind == "pull_zones":
        return [
            "/pullzone/%d" % z["Id"]
            for z in listed
            if not (z.get("Hostnames") and isinstance(z.get("EdgeRules"), list))
        ]
    if kind == "dns_zones":
        return ["/dnszone/%d" % zone["Id"] for zone in listed]
    return [path % zone["shieldZoneId"] for zone in listed for path in SHIELD_READS]


def reference(url, ca_file, api_key, kinds, concurrency=10):
    """``{seconds, requests, reads}`` of reading what a snapshot of ``kinds`` reads (a kind this reference does not
    know is refused: its reads would be missing from the reference)."""
    listings = {"pull_zones": "/pullzone", "dns_zones": "/dnszone", "shield_zones": "/shield/shield-zones"}
    unknown = [kind for kind in kinds if kind not in listings]
    if unknown:
        raise SystemExit(
            "the reference does not know what these kinds read: %s (tests/perf/snapshot_reference.py)" % unknown
        )
    start = time.monotonic()
    reader = Reader(url, ca_file, api_key, concurrency)

    def listing(kind):
        return (reader.shield_list if kind == "shield_zones" else reader.core_list)(listings[kind])

    with concurrent.futures.ThreadPoolExecutor(max_workers=concurrency) as pool:
        listed = dict(zip(kinds, pool.map(listing, kinds)))
        paths = [path for kind in kinds for path in per_object_paths(kind, listed[kind])]
        list(pool.map(reader.get, paths))
    return {"seconds": time.monotonic() - start, "requests": reader.requests, "reads": len(paths)}


if __name__ == "__main__":
    if len(sys.argv) not in (5, 6):
        sys.exit("usage: snapshot_reference.py URL CA_FILE API_KEY KINDS [CONCURRENCY]")
    url_, ca_, key_, kinds_ = sys.argv[1:5]
    print(json.dumps(reference(url_, ca_, key_, kinds_.split(","), int(sys.argv[5]) if len(sys.argv) > 5 else 10)))
