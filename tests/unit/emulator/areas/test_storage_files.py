"""The emulated Edge Storage API (emulator/areas/storage/file_routes.py): where it is served, its keys, uploads with
their checksum, listings, downloads and deletes, checked against the published Edge Storage document."""

from __future__ import annotations

import hashlib
import json
import socket

import jsonschema
import pytest

from emulator import server

from ...conftest import shared_openapi_dir
from ..conftest import EMULATOR_DIR

KEY = "test-key"
SPEC_NAME = "edge-storage-api-v1.0.0.json"
ZONE = "site-files"
FIXTURE = {
    "api_keys": [KEY],
    "storage_zones": [
        {
            "id": 5001,
            "name": ZONE,
            "password": "zone-password",
            "read_only_password": "zone-read-only",
            "files": {"/docs/readme.txt": "hello", "index.html": "<p>home</p>"},
        },
        {"id": 5002, "name": "ny-files", "region": "NY", "password": "ny-password"},
    ],
}
HOST = "/storage.bunnycdn.com"


@pytest.fixture
def running(emulator):
    return emulator(FIXTURE, key=KEY)


def call(running, method, path, key="zone-password", **kwargs):
    """One Edge Storage call on the zone, ``path`` from the zone's root on, with its password unless told."""
    return running.request(method, HOST + "/" + ZONE + path, key=key, **kwargs)


@pytest.fixture
def document(openapi):
    return openapi(SPEC_NAME).api


def conform(document, method, path, reply, body=None, headers=None):
    """Validate one exchange against the Edge Storage document (``path`` from the zone name on)."""
    from openapi_core.testing import MockRequest, MockResponse

    request = MockRequest(
        "https://storage.bunnycdn.com",
        method.lower(),
        path,
        headers=dict(headers or {}, AccessKey="zone-password"),
        data=body,
        content_type="application/octet-stream" if body is not None else None,
    )
    document.validate_request(request)
    content_type = reply.headers.get("Content-Type", "application/json").split(";")[0] if reply.content else None
    document.validate_response(
        request, MockResponse(reply.content, status_code=reply.status_code, content_type=content_type)
    )


def answer_schema(name):
    """An array of ``name`` as the document declares it (its ``*/*`` answers openapi-core does not decode)."""
    folder = shared_openapi_dir()
    if folder is None:
        pytest.skip("the published OpenAPI documents are not beside this checkout")
    schemas = json.loads((folder / SPEC_NAME).read_text(encoding="utf-8"))["components"]["schemas"]
    return {"type": "array", "items": schemas[name]}


def sha(data):
    return hashlib.sha256(data).hexdigest().upper()


def test_upload_with_its_checksum_then_download_and_list(running, document):
    data = b"body { color: red }"
    headers = {"Checksum": sha(data), "Override-Content-Type": "text/css"}
    reply = call(running, "PUT", "/assets/css/site.css", data=data, headers=headers)
    conform(document, "PUT", "/%s/assets/site.css" % ZONE, reply, body=data, headers=headers)
    assert reply.status_code == 201
    got = call(running, "GET", "/assets/css/site.css")
    assert got.status_code == 200 and got.content == data and got.headers["Content-Type"] == "text/css"
    listing = call(running, "GET", "/assets/")
    conform(document, "GET", "/%s/assets/" % ZONE, listing)
    jsonschema.validate(listing.json(), answer_schema("StorageObject"))
    [directory] = listing.json()
    assert directory["IsDirectory"] and directory["ObjectName"] == "css" and directory["Checksum"] is None
    assert directory["Path"] == "/%s/assets/" % ZONE and directory["Length"] == 0
    [stored] = call(running, "GET", "/assets/css/").json()
    assert stored["ObjectName"] == "site.css" and stored["Path"] == "/%s/assets/css/" % ZONE
    assert stored["Length"] == len(data) and stored["Checksum"] == sha(data) and stored["ContentType"] == "text/css"
    assert stored["StorageZoneId"] == 5001 and stored["StorageZoneName"] == ZONE and stored["ReplicatedZones"] == ""
    assert "Z" not in stored["LastChanged"] and not stored["IsDirectory"]


def test_the_root_lists_one_level_and_a_missing_directory_lists_empty(running):
    names = [(o["ObjectName"], o["IsDirectory"]) for o in call(running, "GET", "/").json()]
    assert names == [("docs", True), ("index.html", False)]
    assert [o["ObjectName"] for o in call(running, "GET", "//docs//").json()] == ["readme.txt"]
    assert call(running, "GET", "/nothing/here/").json() == []


def test_a_checksum_that_does_not_match_stores_nothing(running, document):
    data = b"new content"
    for wrong in (sha(b"other"), sha(data).lower(), "not-hex"):
        reply = call(running, "PUT", "/docs/readme.txt", data=data, headers={"Checksum": wrong})
        conform(document, "PUT", "/%s/docs/readme.txt" % ZONE, reply, body=data, headers={"Checksum": wrong})
        assert reply.status_code == 400 and "checksum" in reply.json()["Message"]
    assert call(running, "GET", "/docs/readme.txt").content == b"hello"
    assert call(running, "PUT", "/docs/readme.txt", data=data).status_code == 201  # no Checksum: not verified
    assert call(running, "GET", "/docs/readme.txt").content == data


def test_the_other_reported_answer_to_a_wrong_checksum(emulator):
    running = emulator(dict(FIXTURE, storage_checksum_mismatch="stored_nothing"), key=KEY)
    reply = call(running, "PUT", "/docs/readme.txt", data=b"x", headers={"Checksum": sha(b"y")})
    assert reply.status_code == 201 and call(running, "GET", "/docs/readme.txt").content == b"hello"


def test_missing_objects_answer_404(running):
    reply = call(running, "GET", "/docs/missing.txt")
    jsonschema.validate(reply.json(), answer_schema("ErrorObject"))
    assert reply.status_code == 404 and reply.json() == [{"HttpCode": 404, "Message": "Object Not Found"}]
    assert call(running, "GET", "/docs").status_code == 404  # a directory is no file
    assert call(running, "DELETE", "/docs/missing.txt").status_code == 404
    assert call(running, "DESCRIBE", "/docs/missing.txt").status_code == 404


def test_describe_answers_one_object(running):
    reply = call(running, "DESCRIBE", "/docs/readme.txt", key="zone-read-only")
    assert reply.status_code == 200 and reply.json()["Checksum"] == sha(b"hello") and reply.json()["Length"] == 5
    assert call(running, "DESCRIBE", "/docs/").json()["IsDirectory"] is True


def test_keys_hosts_and_the_read_only_password(running):
    reply = call(running, "GET", "/docs/readme.txt", key="wrong")
    assert reply.status_code == 401 and reply.json() == {"HttpCode": 401, "Message": "Unauthorized"}
    for key in (None, KEY, "ny-password"):  # none, the account's API key, another zone's password
        assert call(running, "GET", "/docs/", key=key).status_code == 401
    assert call(running, "GET", "/docs/readme.txt", key="zone-read-only").content == b"hello"
    assert call(running, "PUT", "/a.txt", key="zone-read-only", data=b"x").status_code == 401
    assert call(running, "DELETE", "/index.html", key="zone-read-only").status_code == 401
    # a zone answers on its own region's hostname only
    assert running.request("GET", "/ny.storage.bunnycdn.com/%s/" % ZONE, key="zone-password").status_code == 401
    assert running.request("GET", "/ny.storage.bunnycdn.com/ny-files/", key="ny-password").json() == []
    assert running.request("GET", HOST + "/nobody/", key="zone-password").status_code == 401


def test_delete_a_file_and_a_directory_recursively(running, document):
    call(running, "PUT", "/docs/deep/a.txt", data=b"a")
    reply = call(running, "DELETE", "/docs/deep/a.txt")
    conform(document, "DELETE", "/%s/docs/a.txt" % ZONE, reply)
    assert reply.status_code == 200
    assert [o["ObjectName"] for o in call(running, "GET", "/docs/deep/").json()] == []
    call(running, "PUT", "/docs/deep/b.txt", data=b"b")
    assert call(running, "DELETE", "/docs/").status_code == 200
    assert call(running, "GET", "/docs/deep/b.txt").status_code == 404
    assert [o["ObjectName"] for o in call(running, "GET", "/").json()] == ["index.html"]


def test_the_root_is_deleted_only_when_allowed(running):
    assert call(running, "DELETE", "/").status_code == 400
    assert call(running, "GET", "/index.html").status_code == 200
    assert call(running, "DELETE", "/", params={"allowRootDelete": "true"}).status_code == 200
    assert call(running, "GET", "/").json() == []


def test_directories_files_and_paths_that_cannot_be(running):
    assert call(running, "PUT", "/empty/dir/").status_code == 201
    assert [o["ObjectName"] for o in call(running, "GET", "/empty/").json()] == ["dir"]
    assert call(running, "PUT", "/docs", data=b"x").status_code == 400  # a directory is there
    assert call(running, "PUT", "/index.html/x.txt", data=b"x").status_code == 400  # a file is there
    assert call(running, "PUT", "/a/%2E%2E/b.txt", data=b"x").status_code == 400
    assert call(running, "PUT", "/with%20space.txt", data=b"x").status_code == 201  # names are percent-encoded
    assert "with space.txt" in [o["ObjectName"] for o in call(running, "GET", "/").json()]


def test_the_core_model_counts_the_files_and_a_deleted_zone_loses_them(running):
    zone = running.request("GET", "/storagezone/5001").json()
    assert zone["FilesStored"] == 2 and zone["StorageUsed"] == len("hello") + len("<p>home</p>")
    assert running.request("DELETE", "/storagezone/5001").status_code == 204
    assert call(running, "GET", "/").status_code == 401


def test_the_log_and_the_dump_never_hold_content_or_keys(running):
    secret = b"secret-file-content"
    call(running, "PUT", "/private/data.bin", data=secret, headers={"Checksum": sha(secret)})
    entry = running.log()[-1]
    assert entry["method"] == "PUT" and entry["path"] == "%s/%s/private/data.bin" % (HOST, ZONE)
    assert entry["status"] == 201
    state = running.admin("GET", "state")
    assert b"secret-file-content" not in state.content and b"zone-password" not in state.content
    [zone] = [z for z in state.json()["areas"]["storage"]["storage_zones"] if z["id"] == 5001]
    assert {"path": "/private/data.bin", "length": len(secret), "checksum": sha(secret), "content_type": ""} in zone[
        "files"
    ]
    assert "/private/" in zone["directories"]


def test_large_and_chunked_uploads_are_spooled_and_checked(running):
    data = bytes(range(256)) * (3 * 4096 + 7)  # above the server's in-memory spool (1 MiB)
    reply = call(running, "PUT", "/big/file.bin", data=data, headers={"Checksum": sha(data)})
    assert reply.status_code == 201 and call(running, "GET", "/big/file.bin").content == data
    pieces = [b"first piece,", b"", b"second piece"]
    reply = call(running, "PUT", "/big/chunked.txt", data=iter(pieces), headers={"Checksum": sha(b"".join(pieces))})
    assert reply.status_code == 201 and call(running, "GET", "/big/chunked.txt").content == b"".join(pieces)
    assert call(running, "DESCRIBE", "/big/chunked.txt").json()["Length"] == len(b"".join(pieces))
    # the connection is still in step after a chunked body
    assert call(running, "GET", "/index.html").content == b"<p>home</p>"


def test_an_upload_above_the_limit_is_refused(running, monkeypatch):
    monkeypatch.setattr(server, "MAX_STREAMED_BODY", 10)
    reply = call(running, "PUT", "/too/big.bin", data=b"x" * 11)
    assert reply.status_code == 413
    assert call(running, "GET", "/too/").json() == []


def test_the_demo_zone_serves_its_site(emulator):
    demo = emulator((EMULATOR_DIR / "fixtures" / "demo.yml").read_text(encoding="utf-8"), key="demo-api-key")
    zone = demo.request("GET", "/storagezone/6001").json()
    assert zone["Name"] == "demo-files" and zone["FilesStored"] == 2
    root = demo.request("GET", "/%s/demo-files/" % zone["StorageHostname"], key=zone["ReadOnlyPassword"]).json()
    assert [(o["ObjectName"], o["IsDirectory"]) for o in root] == [("css", True), ("index.html", False)]


def test_a_chunked_body_with_a_bad_chunk_size_is_refused(running):
    host, port = running.url.rsplit("/", 1)[1].split(":")
    with socket.create_connection((host, int(port)), timeout=10) as raw:
        raw.sendall(
            b"PUT %s/%s/bad.txt HTTP/1.1\r\nHost: x\r\nAccessKey: zone-password\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n-5\r\nhello\r\n0\r\n\r\n" % (HOST.encode(), ZONE.encode())
        )
        assert raw.recv(4096).startswith(b"HTTP/1.1 400")
    assert call(running, "GET", "/bad.txt").status_code == 404
