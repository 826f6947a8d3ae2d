# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of storage_zone and storage_zone_info: a create in two passes, no change, check mode with diff,
what cannot change refused before any write, a rotation returning the new password, a delete naming the linked pull
zone, a taken name, the passwords never shown, and the listing not understood."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.modules import storage_zone, storage_zone_info
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity_cases.pullzone import (
    BAD_BODIES,
    not_understood,
)

SECRET = "parity-storage-zone-secret-key"
PASSWORD = "parity-storage-zone-password-0001"
ARGS = {"api_key": SECRET, "base_url": "https://api.example.test", "retries": 0}
HELD = {
    "Id": 4101, "Name": "site-files", "Password": PASSWORD, "ReadOnlyPassword": "parity-read-only-0002",
    "Region": "DE", "ReplicationRegions": ["NY"], "ZoneTier": 0, "StorageZoneType": 0, "Custom404FilePath": None,
    "Rewrite404To200": False, "PullZones": [{"Id": 2001, "Name": "demo"}],
}  # fmt: skip


def listing(*zones):
    return FakeResponse(body={"Items": list(zones), "HasMoreItems": False})


def no_password(result):
    return PASSWORD not in str(result) and "parity-read-only-0002" not in str(result)


CASES = {
    "create in two passes": Case(
        storage_zone,
        dict(ARGS, name="site-files", region="de", rewrite_404_to_200=True),
        [
            listing(),
            FakeResponse(201, body=HELD),
            FakeResponse(204),
            FakeResponse(body=dict(HELD, Rewrite404To200=True)),
        ],
        changed=True,
        shows=lambda r: r["storage_zone"]["rewrite_404_to_200"] is True and no_password(r),
    ),
    "no change": Case(storage_zone, dict(ARGS, name="site-files", region="DE"), [listing(HELD)], shows=no_password),
    "check mode with diff": Case(
        storage_zone,
        dict(ARGS, name="site-files", custom_404_file_path="/404.html"),
        [listing(HELD)],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: r["diff"]["after"]["custom_404_file_path"] == "/404.html" and no_password(r),
    ),
    "what cannot change": Case(
        storage_zone,
        dict(ARGS, name="site-files", tier="edge"),
        [listing(HELD)],
        failed=True,
        shows=lambda r: r["msg"].startswith("tier ") and no_password(r),
    ),
    "rotate": Case(
        storage_zone,
        dict(ARGS, id=4101, rotate_password="full"),
        [FakeResponse(body=HELD), FakeResponse(204), FakeResponse(body=dict(HELD, Password="parity-new-0003"))],
        changed=True,
        secret=PASSWORD,
        shows=lambda r: r["passwords"] == {"full": "parity-new-0003"},
    ),
    "delete names the linked pull zone": Case(
        storage_zone,
        dict(ARGS, name="site-files", state="absent"),
        [listing(HELD), FakeResponse(204)],
        changed=True,
        shows=lambda r: r["linked_pullzones"] == [{"id": 2001, "name": "demo"}] and not r["linked_pullzones_deleted"],
    ),
    "taken name": Case(
        storage_zone,
        dict(ARGS, name="site-files", region="DE"),
        [listing(), FakeResponse(400, {"ErrorKey": "storagezone.name_taken", "Message": "The name is already taken."})],
        failed=True,
        shows=lambda r: "unique across the whole platform" in r["msg"],
    ),
    "info": Case(
        storage_zone_info,
        dict(ARGS),
        [listing(HELD)],
        secret=PASSWORD,
        shows=lambda r: r["storage_zones"][0]["name"] == "site-files" and no_password(r),
    ),
}
for _label, _bad in BAD_BODIES.items():
    CASES["the listing answered %s" % _label] = Case(
        storage_zone_info, dict(ARGS), lambda _bad=_bad: [_bad()], failed=True, shows=not_understood
    )
