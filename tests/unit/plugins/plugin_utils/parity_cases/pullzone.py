# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of pullzone: a create, check mode with diff, a taken name, bad input, and every read answered with
a body that is not its documented answer (``{}``, ``[]``, an HTML page, an empty body): not understood, nothing
written. :data:`BAD_BODIES` is shared with the other pull zone modules' cases."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import pullzone
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

SECRET = "unit-secret-key-pullzone-parity"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0, "name": "site"}
ZONE = {"Id": 2010, "Name": "site", "OriginUrl": "https://origin.example.com", "Type": 0, "EnableGeoZoneAF": True}
TAKEN = {"ErrorKey": "pullzone.name_taken", "Field": "Name", "Message": "The name is taken."}


# answers that are not what a read documents (docs/platform-notes.md, "Answers that are not understood")
BAD_BODIES = {
    "{}": lambda: FakeResponse(body={}),
    "[]": lambda: FakeResponse(body=[]),
    "HTML": lambda: FakeResponse(
        text="<html><head><title>Sign in to the portal</title></head><body>...</body></html>",
        headers={"Content-Type": "text/html"},
    ),
    "empty": lambda: FakeResponse(text=""),
}


def not_understood(result):
    """What a task whose read was not understood says: that, and that nothing was written."""
    return "not understood" in result["msg"] and "Nothing was written by this task" in result["msg"]


def _listing(*zones):
    return FakeResponse(body={"Items": list(zones), "CurrentPage": 1, "TotalItems": len(zones), "HasMoreItems": False})


CASES = {
    "create": Case(
        pullzone,
        dict(ARGS, origin_url="https://origin.example.com"),
        lambda: [_listing(), _listing(), FakeResponse(201, dict(ZONE))],
        changed=True,
        shows=lambda r: r["pull_zone"]["id"] == 2010 and r["pull_zone"]["origin_url"] == "https://origin.example.com",
    ),
    "check mode with diff": Case(
        pullzone,
        dict(ARGS, enable_geo_zone_af=False),
        lambda: [_listing(dict(ZONE))],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: r["diff"]["after"] == {"present": True, "name": "site", "enable_geo_zone_af": False},
    ),
    "name taken": Case(
        pullzone,
        dict(ARGS),
        lambda: [_listing(), _listing(), FakeResponse(400, TAKEN)],
        failed=True,
        shows=lambda r: "maybe by another account" in r["msg"] and r["api_error"]["error_key"] == "pullzone.name_taken",
    ),
    "bad option": Case(
        pullzone,
        dict(ARGS, blocked_countries=["DE", "Deutschland"]),
        failed=True,
        shows=lambda r: "blocked_countries[1]" in r["msg"],
    ),
}

for _label, _bad in BAD_BODIES.items():
    CASES["absent, the search answered %s" % _label] = Case(
        pullzone, dict(ARGS, state="absent"), lambda _bad=_bad: [_bad()], failed=True, shows=not_understood
    )
    CASES["present by id, the zone read answered %s" % _label] = Case(
        pullzone,
        dict(ARGS, name=None, id=2010, type="volume"),
        lambda _bad=_bad: [_bad()],
        failed=True,
        shows=not_understood,
    )
CASES["absent, a search that finds nothing confirmed by the listing"] = Case(
    pullzone,
    dict(ARGS, state="absent"),
    lambda: [_listing(), _listing(dict(ZONE), dict(ZONE, Id=2011, Name="other")), FakeResponse(204, text="")],
    changed=True,
    shows=lambda r: r["pull_zone"] is None,
)
CASES["absent by id, a 404 page that is not the platform's"] = Case(
    pullzone,
    dict(ARGS, name=None, id=2010, state="absent"),
    lambda: [FakeResponse(404, text="<html><title>Not Found</title></html>", headers={"Content-Type": "text/html"})],
    failed=True,
    shows=lambda r: "does not show the zone is gone" in r["msg"] and "Not Found" in r["msg"],
)
