# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Files of a storage zone over the Edge Storage API (pure Python: no Ansible imports).

The API is served per main region at ``https://{StorageHostname}/{zone name}/{path}`` (the zone's ``StorageHostname``
from the core API, as the Terraform provider builds it), with the zone's ``Password`` as ``AccessKey``: its own
client (:func:`storage_client`), never the management client, so the account's API key never reaches a storage host
and the zone's password never reaches the API host (reference facts §6.1).

- :func:`list_directory`: ``GET /{zone}/{dir}/`` (trailing slash): the ``StorageObject`` list of one directory, one
  level deep; a missing directory (``[]`` or 404: sources do not say which) lists as ``[]``.
- :func:`upload`: ``PUT /{zone}/{path}``, the body streamed from an open file, with ``Checksum`` (upper-case hex
  SHA-256, which the platform verifies) and ``Override-Content-Type`` when given; 201.
- :func:`download`: ``GET /{zone}/{path}``, the bytes streamed into an open file; None on a 404.
- :func:`describe`: ``DESCRIBE /{zone}/{path}`` (undocumented, what the provider reads a file with): the one
  ``StorageObject``, or None on a 404.
- :func:`delete`: ``DELETE /{zone}/{path}`` (200; a 404 is "already gone", as the provider reads it).

What a wrong checksum answers is disputed (400, or 201 storing nothing: docs/platform-notes.md, "Storage files: what
the modules do"), so a 201 alone never counts as landed: callers confirm the checksum by a listing or DESCRIBE.
"""

from __future__ import annotations

from urllib.parse import quote

from ansible_collections.edge.platform.plugins.module_utils._engine.client import Client, access_key_auth
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import decode_json

from .answers import Shape, object_with

STORAGE_URL = "https://%s"
LISTING = Shape("the directory listing (a JSON array of storage objects)", lambda data: isinstance(data, list))
OBJECT = object_with("the storage object (an object with ObjectName)", lambda data: "ObjectName" in data)
# The document gives an upload's 201 and a delete's 200 no body; live answers carry {HttpCode, Message} (the emulator's
# notes): either is the answer, anything else confirms nothing (the caller re-reads; the write is never sent again).
EMPTY = {"": "no body"}
STATUS = object_with(
    "the status answer (no body, or an object with HttpCode)", lambda data: data is EMPTY or "HttpCode" in data
)


def _status_body(text):
    if not text.strip():
        return EMPTY
    return decode_json(text)


def storage_root(zone, override=None):
    """The Edge Storage root of ``zone`` (a StorageZoneModel): ``https://<StorageHostname>``, or ``override`` (the
    emulator's ``<URL>/<StorageHostname>``, a test proxy) when given."""
    if override:
        return override.strip().rstrip("/")
    return STORAGE_URL % zone["StorageHostname"]


def storage_client(root, password, **options):
    """The Edge Storage client of one zone: ``root`` (:func:`storage_root`), the zone's password as ``AccessKey``
    (only ever sent there), and the transport ``options`` of ``Client`` (secrets, timeout, retries, warn ...)."""
    return Client(
        root,
        access_key_auth(password),
        url_option="storage_base_url",
        example_root="https://storage.bunnycdn.com",
        service="storage zone's Edge Storage API",
        keep_alive=True,
        **options,
    )


def object_path(zone_name, path, directory=False):
    """``/{zone}/{path}`` with each segment URL-quoted; a trailing slash for a ``directory``."""
    segments = [quote(zone_name, safe="")] + [quote(part, safe="") for part in path.split("/") if part]
    return "/" + "/".join(segments) + ("/" if directory else "")


def list_directory(client, zone_name, directory):
    """The ``StorageObject`` list of ``directory`` (relative to the zone root, "" for the root)."""
    reply = client.request(
        "GET",
        object_path(zone_name, directory, directory=True),
        "Listing /%s" % directory.strip("/"),
        allow_404=True,
        expect=LISTING,
        check_envelope=False,
    )
    return [] if reply.status == 404 else reply.data


def upload(client, zone_name, path, stream, checksum, content_type=None):
    """Upload the open binary file ``stream`` as ``path``; ``checksum``: its upper-case hex SHA-256. None (a 201 is
    not proof the file landed: confirm the checksum by a listing or :func:`describe`)."""
    headers = {"Checksum": checksum, "Content-Type": "application/octet-stream"}
    if content_type:
        headers["Override-Content-Type"] = content_type
    client.request(
        "PUT",
        object_path(zone_name, path),
        "Uploading /%s" % path,
        headers=headers,
        body_file=stream,
        expect=STATUS,
        decode=_status_body,
        replay_safe=False,
        check_envelope=False,
        hints={
            400: "The platform refused /%s: its path is not valid there, or the checksum did not match what "
            "arrived (the file changed while it was sent?)." % path
        },
    )


def _object(client, method, zone_name, path, operation, **options):
    """One request on the object ``path`` whose 404 means "no such object": its reply, or None on a 404."""
    reply = client.request(
        method, object_path(zone_name, path), operation % path, allow_404=True, check_envelope=False, **options
    )
    return None if reply.status == 404 else reply


def download(client, zone_name, path, sink):
    """Stream ``path`` into the open binary file ``sink``; True, or None when there is no such file (404)."""
    reply = _object(client, "GET", zone_name, path, "Downloading /%s", expect="text", sink=sink)
    return None if reply is None else True


def describe(client, zone_name, path):
    """The ``StorageObject`` of ``path``, or None when there is none (404)."""
    reply = _object(client, "DESCRIBE", zone_name, path, "Reading /%s", expect=OBJECT, changes_state=False)
    return None if reply is None else reply.data


def delete(client, zone_name, path):
    """Delete the file ``path``; a file already gone (404) is what was asked. None."""
    _object(client, "DELETE", zone_name, path, "Deleting /%s", expect=STATUS, decode=_status_body, replay_safe=False)
