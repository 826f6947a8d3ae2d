# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of pullzone_purge: a whole-zone purge (answered 204, and 200), a tag, URLs, check mode (the read
only), an empty URL list and a URL on another zone refused before any purge, a URL on no pull zone (404), and the zone
read not understood."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import pullzone_purge
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity_cases.pullzone import (
    BAD_BODIES,
    not_understood,
)

SECRET = "parity-purge-secret-key"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
URLS = ["https://www.example.com/app.js", "https://www.example.com/assets/*"]
NOT_FOUND = {"ErrorKey": "pullZone.not_found", "Field": "PullZone", "Message": "The requested Pull Zone was not found"}


def zone():
    hostnames = [{"Id": 1, "Value": "demo.b-cdn.net"}, {"Id": 2, "Value": "www.example.com"}]
    return FakeResponse(body={"Id": 2001, "Name": "demo", "Hostnames": hostnames})


def answered(status):
    return FakeResponse(status, text="")


CASES = {
    "whole zone": Case(
        pullzone_purge,
        dict(ARGS, pullzone_id=2001),
        [zone(), answered(204)],
        changed=True,
        shows=lambda r: r["scope"] == "zone" and r["pull_zone"] == {"id": 2001, "name": "demo"},
    ),
    "whole zone answered 200": Case(
        pullzone_purge, dict(ARGS, pullzone_id=2001), [zone(), answered(200)], changed=True
    ),
    "tag": Case(
        pullzone_purge,
        dict(ARGS, pullzone_id=2001, tag="release-42"),
        [zone(), answered(204)],
        changed=True,
        shows=lambda r: r["scope"] == "tag" and r["tag"] == "release-42",
    ),
    "urls": Case(
        pullzone_purge,
        dict(ARGS, urls=URLS),
        [answered(200), answered(200)],
        changed=True,
        shows=lambda r: r["purged"] == URLS and r["pull_zone"] is None,
    ),
    "check mode": Case(
        pullzone_purge,
        dict(ARGS, pullzone_id=2001, urls=URLS),
        [zone()],
        check=True,
        changed=True,
        shows=lambda r: r["purged"] == URLS,
    ),
    "empty url list": Case(
        pullzone_purge, dict(ARGS, urls=[]), failed=True, shows=lambda r: r["msg"].startswith("urls is empty")
    ),
    "url on another zone": Case(
        pullzone_purge,
        dict(ARGS, pullzone_id=2001, urls=["https://staging.example.com/x"]),
        [zone()],
        failed=True,
        shows=lambda r: "not on pull zone demo" in r["msg"],
    ),
    "url on no zone": Case(
        pullzone_purge,
        dict(ARGS, urls=URLS[:1]),
        [FakeResponse(404, NOT_FOUND)],
        failed=True,
        shows=lambda r: r["failed_urls"] == URLS[:1] and r["api_error"]["error_key"] == "pullZone.not_found",
    ),
}
for _label, _bad in BAD_BODIES.items():
    CASES["the zone read answered %s" % _label] = Case(
        pullzone_purge, dict(ARGS, pullzone_id=2001), lambda _bad=_bad: [_bad()], failed=True, shows=not_understood
    )
