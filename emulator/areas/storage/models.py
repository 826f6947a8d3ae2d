"""Storage zones state (core API): the zones, their passwords, the names other accounts hold.

Fixture (docs/emulator.md and emulator/fixture.schema.json): ``storage_zones: [{id, name, region,
replication_regions, zone_tier, storage_zone_type, password, read_only_password, custom_404_file_path,
rewrite_404_to_200, origin_url, deleted, files: {path: text}}]`` (only ``id`` required: the name defaults to ``storage<id>``, the
region to DE, the passwords are made from the id so a rerun on the same fixture meets the same ones), and
``storage_zone_names_taken: [names]``: names zones of other accounts hold (names are global across the platform),
refused on create and answered ``Available: false``. ``storage_checksum_mismatch: reject`` (the default) or
``stored_nothing``: what an upload whose ``Checksum`` does not match answers (file_routes.py).

No HTTP here: zone_routes.py serves the core API routes over this state.
"""

import re
import uuid

from ...fixtures import FixtureError, records
from ..pullzones.problems import BodyProblem
from . import regions
from .files import Blob, PathProblem, ZoneFiles, normal, now

# the Terraform provider's rule (docs/platform-notes.md, "Storage zones and the Edge Storage API in the emulator")
NAME = re.compile(r"^[a-z0-9-]{4,64}$")
USER_ID = str(uuid.uuid5(uuid.NAMESPACE_URL, "edge-emulator:user"))
TIERS = {"standard": regions.STANDARD, "edge": regions.EDGE}
S3_TYPES = {"notsupported": 0, "supported": 1}


def derived_password(seed):
    """A password made from ``seed`` (two UUIDs' text, as the platform's look), the same on a rerun."""
    first = uuid.uuid5(uuid.NAMESPACE_URL, seed)
    return "%s-%s" % (first, str(uuid.uuid5(first, "second"))[:13])


def enum_value(value, names, field):
    """An integer enum member given as its number or its name (any case); raises BodyProblem."""
    if isinstance(value, str) and value.lower() in names:
        return names[value.lower()]
    if isinstance(value, int) and not isinstance(value, bool) and value in names.values():
        return value
    raise BodyProblem(
        "validation.invalid_value", field, "The field %s must be one of %s." % (field, ", ".join(sorted(names)))
    )


class StorageZone(object):
    def __init__(self, spec):
        self.id = int(spec["id"])
        self.name = str(spec.get("name") or "storage%d" % self.id)
        self.tier = enum_value(spec.get("zone_tier", 0), TIERS, "zone_tier")
        self.s3_type = enum_value(spec.get("storage_zone_type", 0), S3_TYPES, "storage_zone_type")
        self.region = "DE" if self.tier == regions.EDGE else str(spec.get("region") or "DE")
        self.replication = list(spec.get("replication_regions") or [])
        self.password = str(spec.get("password") or derived_password("storagezone:%d" % self.id))
        self.read_only_password = str(
            spec.get("read_only_password") or derived_password("storagezone:%d:read-only" % self.id)
        )
        self.custom_404 = spec.get("custom_404_file_path")
        self.rewrite_404 = bool(spec.get("rewrite_404_to_200"))
        self.origin_url = spec.get("origin_url")  # write-only: never in the model
        self.deleted = bool(spec.get("deleted"))
        self.modified = now()
        self.files = ZoneFiles(self.id)
        for path, text in (spec.get("files") or {}).items():
            try:
                path = normal(path)
            except PathProblem as exc:
                raise BodyProblem("", "files", str(exc)) from None
            if self.files.conflict(path):
                raise BodyProblem("", "files", "%s: %s" % (path, self.files.conflict(path)))
            self.files.put(path, Blob(text.encode("utf-8")), "")

    def touch(self):
        self.modified = now()

    def model(self, pull_zones):
        """The ``StorageZoneModel``; ``pull_zones``: the ``PullZoneModel`` of each pull zone on this zone."""
        return {
            "Id": self.id,
            "UserId": USER_ID,
            "Name": self.name,
            "Password": self.password,
            "DateModified": self.modified + "Z",  # the core document's date-time has a zone
            "Deleted": self.deleted,
            "StorageUsed": sum(stored.size for stored in self.files.files()),
            "FilesStored": len(self.files.files()),
            "Region": self.region,
            "ReplicationRegions": list(self.replication),
            "PullZones": pull_zones or None,  # null, not [], when none (as a client library found the platform does)
            "ReadOnlyPassword": self.read_only_password,
            "Rewrite404To200": self.rewrite_404,
            "Custom404FilePath": self.custom_404,
            "StorageHostname": regions.hostname(self.region),
            "S3Hostname": "%s-s3.%s" % (self.region.lower(), regions.STORAGE_DOMAIN) if self.s3_type else None,
            "ZoneTier": self.tier,
            "ReplicationChangeInProgress": False,
            "PriceOverride": 0.0,
            "Discount": 0,
            "StorageZoneType": self.s3_type,
        }

    def dump(self):
        """What the admin state shows: everything but the passwords."""
        return {
            "id": self.id,
            "name": self.name,
            "region": self.region,
            "replication_regions": list(self.replication),
            "zone_tier": self.tier,
            "storage_zone_type": self.s3_type,
            "custom_404_file_path": self.custom_404,
            "rewrite_404_to_200": self.rewrite_404,
            "origin_url": self.origin_url,
            "deleted": self.deleted,
            **self.files.dump(),
        }


class StorageState(object):
    """The fixture's storage zones by id and the names other accounts hold."""

    def __init__(self, fixture, platform):
        self.platform = platform
        self.zones = {}
        for index, spec in enumerate(records(fixture, "storage_zones")):
            try:
                zone = StorageZone(spec)
                problem = regions.main_problem(zone.region) or regions.replica_problem(
                    zone.replication, zone.region, zone.tier
                )
                if problem is not None:
                    raise BodyProblem("", "region", problem)
            except BodyProblem as problem:
                raise FixtureError("storage_zones[%d].%s: %s" % (index, problem.field, problem.message)) from None
            self.zones[zone.id] = zone
        # what a PUT whose Checksum does not match answers (file_routes.py): 400, or 201 storing nothing
        self.checksum_mismatch = fixture.get("storage_checksum_mismatch") or "reject"
        self.names_taken = {str(name).lower() for name in fixture.get("storage_zone_names_taken") or ()}

    def live(self, zone_id):
        """The zone ``zone_id`` unless it is unknown or deleted, else None."""
        zone = self.zones.get(zone_id)
        return None if zone is None or zone.deleted else zone

    def name_available(self, name):
        """Whether a new zone may take ``name``: names are global (compared without case); a deleted zone's name is
        free again (docs/platform-notes.md: the platform's rule is unknown)."""
        lower = name.lower()
        if lower in self.names_taken:
            return False
        return not any(z.name.lower() == lower for z in self.zones.values() if not z.deleted)

    def add_zone(self, spec):
        zone = StorageZone(dict(spec, id=max(list(self.zones) + [5000]) + 1))
        self.zones[zone.id] = zone
        return zone

    def dump(self):
        return {
            "storage_zones": [zone.dump() for zone in self.zones.values()],
            "storage_zone_names_taken": sorted(self.names_taken),
            "storage_checksum_mismatch": self.checksum_mismatch,
        }
