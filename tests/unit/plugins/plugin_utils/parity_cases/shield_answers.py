# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of every Shield read: an answer that is not the documented one (``{}``, ``[]``, an empty body, an
HTML page) fails as not understood on both hosts, naming the answer expected, saying nothing was written, and never
pasting the page (docs/platform-notes.md, "Answers that are not understood")."""

from __future__ import annotations

import requests

from ansible_collections.edge.platform.plugins.modules import (
    access_list,
    access_list_info,
    api_guardian,
    bot_detection_info,
    rate_limit_rule_info,
    shield_zone,
    shield_zone_info,
    waf_rule_info,
)
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

SECRET = "unit-secret-key-shield-answers"
BASE = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
ZONE = {"shieldZoneId": 3001, "pullZoneId": 2001, "planType": 1, "wafEnabled": True}
INDEX = {
    "managedLists": [],
    "customLists": [{"listId": 5001, "configurationId": 7001, "name": "office", "type": 0, "action": 2}],
}
BAD = {
    "{}": lambda: FakeResponse(body={}),
    "[]": lambda: FakeResponse(body=[]),
    "an empty body": lambda: FakeResponse(text=""),
    "an HTML page": lambda: FakeResponse(
        text="<html><head><title>Upstream error</title></head><body>page-body-text</body></html>",
        headers={"Content-Type": "text/html"},
    ),
}
# label -> (module, options, the answers before the read, the answer it documents)
READS = {
    "get-by-pullzone": (
        shield_zone,
        {"pullzone_id": 2001, "waf_enabled": True},
        [],
        "the shield zone of pull zone 2001",
    ),
    "the pull zone mapping": (
        shield_zone,
        {"pullzone_id": 2001, "waf_enabled": True},
        [lambda: FakeResponse(404, body={"title": "Not Found", "status": 404})],
        "the mapping of shield zones to pull zones",
    ),
    "upload scanning": (
        shield_zone,
        {"pullzone_id": 2001, "upload_scanning_enabled": True},
        [lambda: FakeResponse(body={"data": ZONE})],
        "the upload scanning configuration of shield zone 3001",
    ),
    "a zone by id": (shield_zone_info, {"shield_zone_id": 3001}, [], "the shield zone 3001"),
    "the zone listing": (shield_zone_info, {}, [], "the page of shield zones"),
    "a WAF rule": (waf_rule_info, {"id": 4001}, [], "the custom WAF rule 4001"),
    "the WAF rule listing": (waf_rule_info, {"shield_zone_id": 3001}, [], "the page of custom WAF rules"),
    "a rate limit rule": (rate_limit_rule_info, {"id": 6001}, [], "the rate limit rule 6001"),
    "the rate limit listing": (rate_limit_rule_info, {"shield_zone_id": 3001}, [], "the page of rate limit rules"),
    "the access list index": (access_list_info, {"shield_zone_id": 3001}, [], "the access list index"),
    "a custom access list": (
        access_list,
        {"shield_zone_id": 3001, "name": "office", "state": "absent"},
        [lambda: FakeResponse(body=INDEX)],
        "the custom access list 5001",
    ),
    "bot detection": (bot_detection_info, {"shield_zone_id": 3001}, [], "the bot detection configuration"),
    "API Guardian": (api_guardian, {"shield_zone_id": 3001}, [], "the API Guardian state of shield zone 3001"),
}


def _case(module, options, before, documented, bad):
    def shows(result):
        msg = result["msg"]
        return (
            "is not %s" % documented in msg
            and "Nothing was written by this task" in msg
            and "page-body-text" not in msg
            and not result.get("changed")
        )

    return Case(
        module,
        dict(BASE, **options),
        lambda: [answer() for answer in before] + [BAD[bad]()],
        failed=True,
        shows=shows,
    )


CASES = {"not understood: %s answered %s" % (read, bad): _case(*READS[read], bad) for read in READS for bad in BAD}


def _lost_create():
    return [
        FakeResponse(body=dict(INDEX, customLists=[])),
        requests.exceptions.ReadTimeout("read timed out"),
        FakeResponse(500),
    ]


CASES["unknown outcome: a lost create whose re-read fails"] = Case(
    access_list,
    dict(BASE, shield_zone_id=3001, name="new", type="ip", entries=["192.0.2.1"], action="block"),
    _lost_create,
    failed=True,
    changed=True,  # the create may have landed: a failed task says so
    shows=lambda r: "so whether the list was created is unknown" in r["msg"] and "may have been applied" in r["msg"],
)
