"""The Edge Storage API (files), served by the emulator beside the core API.

Where: the platform serves it per main region (``https://ny.storage.bunnycdn.com/{zone}/{path}``, the zone's
``StorageHostname``); the emulator serves it at ``<emulator URL>/<StorageHostname>/{zone}/{path}``: replace
``https://`` by the emulator's URL and a slash (``http://127.0.0.1:PORT/ny.storage.bunnycdn.com/site-files/a.txt``).
A zone reached through another region's hostname answers 401, as the platform does.

- ``AccessKey``: the zone's ``Password`` for everything, its ``ReadOnlyPassword`` for reads (GET, DESCRIBE) only;
  anything else, an unknown or deleted zone, or the account's API key: 401 ``{HttpCode, Message}``.
- ``PUT /{zone}/{path}/{file}``: 201; the body is the content (the server spools it to a temporary file: up to 4 GiB,
  ``Content-Length`` or chunked, never whole in memory; a download reads it back whole); missing directories are made; ``Override-Content-Type``
  is the stored content type. ``Checksum`` (optional): upper-case hex SHA-256 of the body; one that does not match
  (lower case included: the documents ask for upper case) is refused with 400 and nothing is stored. Fixture
  ``storage_checksum_mismatch: stored_nothing`` answers 201 instead, still storing nothing (what a client library
  reports the live API does; docs/platform-notes.md). ``PUT /{zone}/{dir}/`` (trailing slash): an empty directory.
- ``GET /{zone}/{path}/{file}``: 200 and the bytes; 404 ``[{HttpCode, Message}]`` when no such file.
- ``GET /{zone}/{path}/`` (trailing slash): 200, the objects in that directory, one level (``StorageObject`` with
  ``Checksum``, ``ContentType``, ``ReplicatedZones`` and ``ArrayNumber`` as the live API sends them); a directory that
  does not exist lists as ``[]``.
- ``DESCRIBE /{zone}/{path}``: 200 and that one object; 404 when none.
- ``DELETE /{zone}/{path}``: 200; a directory (with or without the trailing slash) goes with everything in it; 404
  when nothing is there; the root only with ``allowRootDelete=true`` (query or header), else 400.
Every call is one entry of the request log (method, path, status; never a body); the state dump lists each zone's
files by path, size and checksum, never their content.
"""

import hmac

from ...messages import Response, json_response
from . import regions
from .files import Blob, PathProblem, normal
from .models import USER_ID

ROUTE = r"/(?P<host>(?:[a-z]+\.)?storage\.bunnycdn\.com)/(?P<zone>[^/]+)(?P<path>/.*)?"
READS = ("GET", "DESCRIBE")


def _status(code, message):
    return json_response(code, {"HttpCode": code, "Message": message})


def _not_found():
    return json_response(404, [{"HttpCode": 404, "Message": "Object Not Found"}])


def _same(given, expected):
    return given is not None and hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))


class FileRoutes(object):
    """The Edge Storage routes over the zones of models.StorageState (mixed into the area)."""

    def register_files(self, router):
        for method, handler in (
            ("GET", self.read),
            ("DESCRIBE", self.describe),
            ("PUT", self.upload),
            ("DELETE", self.delete),
        ):
            # the zone's password is checked here; an upload's body comes as a file the server spooled
            router.add(method, ROUTE, handler, auth=None, streams=method == "PUT")

    def _zone(self, request):
        """``(zone, path)`` of an authorised request, or ``(None, 401/400 answer)``."""
        wanted = request.params["zone"].lower()
        zone = next((z for z in self.zones.values() if not z.deleted and z.name.lower() == wanted), None)
        key = request.header("AccessKey")
        allowed = zone is not None and (
            _same(key, zone.password) or (request.method in READS and _same(key, zone.read_only_password))
        )
        if not allowed or request.params["host"] != regions.hostname(zone.region):
            return None, _status(401, "Unauthorized")
        try:
            return zone, normal(request.params["path"])
        except PathProblem as exc:
            return None, _status(400, str(exc))

    def read(self, request):
        zone, path = self._zone(request)
        if zone is None:
            return path
        if path == "" or path.endswith("/"):
            return json_response(200, [self.object_model(zone, o) for o in zone.files.listing(path)])
        stored = zone.files.get(path)
        if stored is None:
            return _not_found()
        return Response(200, stored.blob.read(), stored.content_type or "application/octet-stream")

    def describe(self, request):
        zone, path = self._zone(request)
        if zone is None:
            return path
        stored = zone.files.get(path) or zone.files.get(path.rstrip("/") + "/")
        return _not_found() if stored is None else json_response(200, self.object_model(zone, stored))

    def upload(self, request):
        zone, path = self._zone(request)
        if zone is None:
            return path
        if path.endswith("/"):
            zone.files.make_directories(path)
            return _status(201, "Directory created.")
        conflict = zone.files.conflict(path)
        if conflict is not None:
            return _status(400, "Upload failed: %s." % conflict)
        blob, sent = Blob(request.body), request.header("Checksum")
        if sent is not None and sent != blob.sum:
            if self.checksum_mismatch == "stored_nothing":
                return _status(201, "File uploaded.")
            return _status(400, "Upload failed: the checksum does not match the uploaded content.")
        zone.files.put(path, blob, request.header("Override-Content-Type") or "")
        return _status(201, "File uploaded.")

    def delete(self, request):
        zone, path = self._zone(request)
        if zone is None:
            return path
        if path == "" and "true" not in (
            str(request.query.get("allowRootDelete", "")).lower(),
            str(request.header("allowRootDelete", "")).lower(),
        ):
            return _status(400, "Deleting the root directory needs allowRootDelete=true.")
        if not zone.files.delete(path):
            return _not_found()
        return _status(200, "File deleted successfuly.")

    @staticmethod
    def object_model(zone, stored):
        """A ``StorageObject`` as the live API sends it: the document's members and the ones live answers add."""
        directory = "/%s/%s" % (zone.name, stored.path.rstrip("/").rpartition("/")[0])
        return {
            "Guid": stored.guid,
            "StorageZoneName": zone.name,
            "Path": directory.rstrip("/") + "/",
            "ObjectName": stored.path.rstrip("/").rpartition("/")[2],
            "Length": stored.size,
            "LastChanged": stored.changed,
            "IsDirectory": stored.directory,
            "ServerId": 0 if stored.directory else 1,
            "UserId": USER_ID,
            "DateCreated": stored.created,
            "StorageZoneId": zone.id,
            "Checksum": stored.sum,
            "ReplicatedZones": "",
            "ContentType": stored.content_type,
            "ArrayNumber": 0,
        }
