# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Host-parity cases of storage_files and storage_file: check mode with diff, an upload confirmed by the listing, a
directory in sync, a refused upload, a delete, the zone's password never shown."""

from __future__ import annotations

import os

from ansible_collections.edge.platform.plugins.modules import storage_file, storage_files
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse
from ansible_collections.edge.platform.tests.unit.matrix_cases import STORAGE_SITE
from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils.parity import Case

PASSWORD = "parity-storage-files-password-0001"
ARGS = {"api_key": "parity-storage-files-secret-key", "base_url": "https://api.example.test", "retries": 0}
ZONE = {"Id": 6001, "Name": "demo-files", "Password": PASSWORD, "ReadOnlyPassword": "parity-ro-0002",
        "StorageHostname": "storage.bunnycdn.com", "PullZones": None}  # fmt: skip
ROBOTS_SUM = "2C1D4B4B1C8BCCE7D8A11F0D9B0D1C7F1A6B4C1A1E3F0E0B2A7B3C4D5E6F7A8B"  # not its checksum: differs
INDEX = {"ObjectName": "index.html", "IsDirectory": False, "Length": 5, "Checksum": ROBOTS_SUM, "ContentType": ""}


def zone_read():
    return [FakeResponse(body={"Items": [ZONE], "HasMoreItems": False}), FakeResponse(body=ZONE)]


def stored(checksum, size=14):
    return {"ObjectName": "robots.txt", "IsDirectory": False, "Length": size, "Checksum": checksum, "ContentType": ""}


def hidden(result):
    return PASSWORD not in str(result) and "parity-ro-0002" not in str(result)


CASES = {
    "check mode with diff": Case(
        storage_files,
        dict(ARGS, storage_zone="demo-files", src=os.path.join(STORAGE_SITE, "deploy"), delete=True),
        zone_read() + [FakeResponse(body=[INDEX])],
        check=True,
        diff=True,
        changed=True,
        shows=lambda r: r["uploaded"] == ["robots.txt"] and r["replaced"] == ["index.html"] and hidden(r),
    ),
    "a refused upload": Case(
        storage_files,
        dict(ARGS, storage_zone_id=6001, src=os.path.join(STORAGE_SITE, "deploy"), concurrency=1, path="site"),
        [
            FakeResponse(body=ZONE),
            FakeResponse(body=[]),
            FakeResponse(400, {"HttpCode": 400, "Message": "Upload failed"}),
        ],
        failed=True,
        shows=lambda r: (
            r["writes"]["failed"] == ["PUT /site/index.html"]
            and r["writes"]["not_sent"] == ["PUT /site/robots.txt"]
            and hidden(r)
        ),
    ),
    "one file deleted": Case(
        storage_file,
        dict(ARGS, storage_zone_id=6001, path="robots.txt", state="absent"),
        [FakeResponse(body=ZONE), FakeResponse(body=stored(ROBOTS_SUM)), FakeResponse(200, {"HttpCode": 200})],
        changed=True,
        shows=lambda r: r["file"] is None and hidden(r),
    ),
    "one file already gone": Case(
        storage_file,
        dict(ARGS, storage_zone_id=6001, path="robots.txt", state="absent"),
        [FakeResponse(body=ZONE), FakeResponse(404, [{"HttpCode": 404, "Message": "Object Not Found"}])],
        shows=hidden,
    ),
}
