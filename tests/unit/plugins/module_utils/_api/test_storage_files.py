# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The Edge Storage API calls: the zone's password as AccessKey on its own host, quoted paths, an upload streamed with
its Checksum and content type and never replayed, a download streamed into a file, answers not understood."""

from __future__ import annotations

import io

import pytest

from ansible_collections.edge.platform.plugins.module_utils._api import storage_files as api
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

ZONE = {"Name": "site-files", "StorageHostname": "ny.storage.bunnycdn.com", "Password": "zone-password-1"}


def client():
    return api.storage_client(api.storage_root(ZONE), ZONE["Password"], secrets=[ZONE["Password"]], retries=2)


def test_the_root_is_the_zone_host_or_the_override():
    assert api.storage_root(ZONE) == "https://ny.storage.bunnycdn.com"
    assert api.storage_root(ZONE, "http://127.0.0.1:9/ny.storage.bunnycdn.com/") == (
        "http://127.0.0.1:9/ny.storage.bunnycdn.com"
    )
    assert api.object_path("site-files", "a b/ü.txt") == "/site-files/a%20b/%C3%BC.txt"
    assert api.object_path("site-files", "", directory=True) == "/site-files/"


def test_a_listing_sends_the_password_to_the_storage_host_only(fake_session):
    fake_session.responses = [FakeResponse(body=[{"ObjectName": "a"}]), FakeResponse(404, [{"HttpCode": 404}])]
    assert api.list_directory(client(), "site-files", "a/b") == [{"ObjectName": "a"}]
    assert api.list_directory(client(), "site-files", "missing") == []
    call = fake_session.calls[0]
    assert call["url"] == "https://ny.storage.bunnycdn.com/site-files/a/b/"
    assert call["request_headers"] == {"AccessKey": "zone-password-1"}


@pytest.mark.parametrize("body", ["{}", '{"HttpCode": 200}', "<html></html>", ""])
def test_a_listing_that_is_no_list_is_not_understood(fake_session, body):
    fake_session.responses = [FakeResponse(text=body)]
    with pytest.raises(ApiError, match="not understood"):
        api.list_directory(client(), "site-files", "")


def test_an_upload_streams_the_file_with_its_checksum_and_is_never_replayed(fake_session):
    stream = io.BytesIO(b"hello")
    fake_session.responses = [FakeResponse(201, {"HttpCode": 201, "Message": "File uploaded."})]
    api.upload(client(), "site-files", "a/b.txt", stream, "ABC", "text/plain")
    call = fake_session.calls[0]
    assert call["data"] is stream and call["method"] == "PUT"
    assert call["request_headers"]["Checksum"] == "ABC"
    assert call["request_headers"]["Override-Content-Type"] == "text/plain"
    fake_session.responses = [FakeResponse(503, text="")]
    with pytest.raises(ApiError) as caught:
        api.upload(client(), "site-files", "a/b.txt", io.BytesIO(b"x"), "ABC")
    assert len(fake_session.calls) == 2 and caught.value.kind == "may_have_been_sent"


@pytest.mark.parametrize("body", ["", '{"HttpCode": 201, "Message": "File uploaded."}'])
def test_an_upload_answer_is_empty_or_the_status_object(fake_session, body):
    fake_session.responses = [FakeResponse(201, text=body)]
    api.upload(client(), "site-files", "x", io.BytesIO(b"x"), "ABC")
    fake_session.responses = [FakeResponse(201, text="[]")]
    with pytest.raises(ApiError, match="not understood"):
        api.upload(client(), "site-files", "x", io.BytesIO(b"x"), "ABC")


def test_a_download_streams_into_the_file_and_a_404_is_none(fake_session):
    sink = io.BytesIO(b"left from a cut attempt")
    fake_session.responses = [FakeResponse(text="file body"), FakeResponse(404, [{"HttpCode": 404}])]
    assert api.download(client(), "site-files", "a.txt", sink) is True
    assert sink.getvalue() == b"file body"
    assert api.download(client(), "site-files", "b.txt", io.BytesIO()) is None


def test_describe_and_delete(fake_session):
    fake_session.responses = [
        FakeResponse(body={"ObjectName": "a.txt", "Length": 1}),
        FakeResponse(404, [{"HttpCode": 404}]),
        FakeResponse(200, {"HttpCode": 200, "Message": "File deleted successfuly."}),
        FakeResponse(404, [{"HttpCode": 404}]),
    ]
    assert api.describe(client(), "site-files", "a.txt")["Length"] == 1
    assert api.describe(client(), "site-files", "b.txt") is None
    api.delete(client(), "site-files", "a.txt")
    api.delete(client(), "site-files", "a.txt")  # already gone
    assert [c["method"] for c in fake_session.calls] == ["DESCRIBE", "DESCRIBE", "DELETE", "DELETE"]


def test_a_retried_upload_sends_the_whole_file_again_and_a_retried_download_starts_afresh(fake_session):
    stream = io.BytesIO(b"hello")
    stream.seek(3)  # as a cut first attempt would leave it
    fake_session.responses = [FakeResponse(429, text="", headers={"Retry-After": "0"}), FakeResponse(201, text="")]
    api.upload(client(), "site-files", "a.txt", stream, "ABC")
    assert len(fake_session.calls) == 2 and stream.tell() == 0
    sink = io.BytesIO()
    fake_session.responses = [FakeResponse(503, text=""), FakeResponse(text="whole")]
    assert api.download(client(), "site-files", "a.txt", sink) is True
    assert sink.getvalue() == b"whole"
