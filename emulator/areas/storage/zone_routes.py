"""Storage zone routes of the core API (PascalCase JSON; 400 bodies ``{ErrorKey, Field, Message}``, an unknown or
deleted zone 404 with an empty body).

- ``GET /storagezone``: page 0 (the default) a plain array, page>=1 the paged object; ``search`` matches part of the
  name; deleted zones only with ``includeDeleted=true``.
- ``POST /storagezone`` (``StorageZoneModelAdd``): 201 and the ``StorageZoneModel``. ``Name`` required (4 to 64 of
  a-z, 0-9 and ``-``), global: a name a zone of this account or of another (fixture ``storage_zone_names_taken``)
  holds is 400 ``storagezone.name_taken``. ``Region`` required, a main region code; an Edge zone (``ZoneTier`` 1)
  is rewritten to DE. ``ReplicationRegions``: codes the tier may replicate to, not the main region.
- ``GET /storagezone/{id}``: the ``StorageZoneModel``, passwords in clear (the platform sends them on every read);
  ``PullZones``: the pull zones whose ``StorageZoneId`` is the zone, null when none.
- ``POST /storagezone/{id}`` (``StorageZoneSettingsModel``): 204; members given are set, null or absent ones kept.
  ``ReplicationZones`` (not ``ReplicationRegions``, which this model does not have and which is ignored, as every
  unknown member) is the whole new list: a region may be added, and one the zone has left out is refused with 400
  ``storagezone.replication_region_removal`` (docs/platform-notes.md). ``Custom404FilePath: ""`` clears the path;
  ``OriginUrl`` is stored and never read back.
- ``DELETE /storagezone/{id}?deleteLinkedPullZones=``: 204; the zone is marked deleted, its files gone; by default (true, as
  documented) the pull zones on it are deleted too.
- ``POST /storagezone/checkavailability`` ``{Name}``: 200 ``{"Available": bool}``.
- ``POST /storagezone/{id}/resetPassword`` and ``POST /storagezone/resetReadOnlyPassword?id=``: 204, a new password.
- ``GET /storagezone/regions``: ``[StorageRegionModel]``.
"""

from ...messages import empty, json_response
from ...paging import BadQuery, core_page, query_int, query_value, search
from ..pullzones.problems import BodyProblem
from . import regions
from .files import ZoneFiles
from .models import NAME, S3_TYPES, TIERS, derived_password, enum_value

ADD_MEMBERS = {"name": "Name", "region": "Region", "replicationregions": "ReplicationRegions"}
ENUM_MEMBERS = {"zonetier": ("ZoneTier", TIERS), "storagezonetype": ("StorageZoneType", S3_TYPES)}
TEXT_MEMBERS = {"originurl": "OriginUrl", "custom404filepath": "Custom404FilePath"}


def _error(key, field, message):
    return json_response(400, {"ErrorKey": key, "Field": field, "Message": message})


def _lower_keys(body):
    return {str(key).lower(): value for key, value in body.items()}


def _add_spec(body):
    """The zone spec of a ``StorageZoneModelAdd`` body; raises BodyProblem naming the member."""
    fields = _lower_keys(body)
    for key, member in ADD_MEMBERS.items():
        if key != "replicationregions" and not isinstance(fields.get(key), str):
            raise BodyProblem("validation.required", member, "The %s field is required and must be a string." % member)
    spec = {"name": fields["name"], "region": fields["region"], "replication_regions": fields.get("replicationregions")}
    for key, (member, names) in ENUM_MEMBERS.items():
        if fields.get(key) is not None:
            spec["zone_tier" if key == "zonetier" else "storage_zone_type"] = enum_value(fields[key], names, member)
    if not NAME.match(spec["name"]):
        raise BodyProblem(
            "validation.invalid_name",
            "Name",
            "The storage zone name must be 4 to 64 characters of lower-case letters, digits and hyphens.",
        )
    problem = regions.main_problem(spec["region"])
    if problem is not None:
        raise BodyProblem("storagezone.invalid_region", "Region", problem)
    tier = spec.get("zone_tier", regions.STANDARD)
    region = "DE" if tier == regions.EDGE else spec["region"]
    problem = regions.replica_problem(spec["replication_regions"] or [], region, tier)
    if problem is not None:
        raise BodyProblem("storagezone.invalid_region", "ReplicationRegions", problem)
    return spec


def _settings(zone, body):
    """``{attribute: value}`` of a ``StorageZoneSettingsModel`` body for ``zone``; raises BodyProblem."""
    fields = _lower_keys(body)
    changes = {}
    for key, member in TEXT_MEMBERS.items():
        value = fields.get(key)
        if value is not None and not isinstance(value, str):
            raise BodyProblem("validation.invalid_type", member, "The field %s must be a string." % member)
        if value is not None:
            changes["origin_url" if key == "originurl" else "custom_404"] = value or None
    rewrite = fields.get("rewrite404to200")
    if rewrite is not None and not isinstance(rewrite, bool):
        raise BodyProblem("validation.invalid_type", "Rewrite404To200", "The field Rewrite404To200 must be a boolean.")
    if rewrite is not None:
        changes["rewrite_404"] = rewrite
    wanted = fields.get("replicationzones")
    if wanted is not None:
        problem = regions.replica_problem(wanted, zone.region, zone.tier)
        if problem is not None:
            raise BodyProblem("storagezone.invalid_region", "ReplicationZones", problem)
        removed = [code for code in zone.replication if code not in wanted]
        if removed:
            raise BodyProblem(
                "storagezone.replication_region_removal",
                "ReplicationZones",
                "Replication regions cannot be removed once added: %s." % ", ".join(removed),
            )
        changes["replication"] = zone.replication + [
            code for code in dict.fromkeys(wanted) if code not in zone.replication
        ]
    return changes


class ZoneRoutes(object):
    """The core API routes over models.StorageState (mixed into the area)."""

    def register_zones(self, router):
        router.add("GET", r"/storagezone", self.list_zones)
        router.add("POST", r"/storagezone", self.create_zone)
        router.add("GET", r"/storagezone/regions", self.list_regions)
        router.add("POST", r"/storagezone/checkavailability", self.check_availability)
        router.add("POST", r"/storagezone/resetReadOnlyPassword", self.reset_read_only_password)
        router.add("GET", r"/storagezone/(?P<id>[0-9]+)", self.get_zone)
        router.add("POST", r"/storagezone/(?P<id>[0-9]+)", self.update_zone)
        router.add("DELETE", r"/storagezone/(?P<id>[0-9]+)", self.delete_zone)
        router.add("POST", r"/storagezone/(?P<id>[0-9]+)/resetPassword", self.reset_password)

    def _pull_zones(self):
        """The pull zones area's zones (empty without one)."""
        area = self.platform.areas.get("pullzones")
        return getattr(area, "zones", {})

    def zone_model(self, zone):
        linked = [pz.model(False) for pz in self._pull_zones().values() if pz.settings.get("StorageZoneId") == zone.id]
        return zone.model(linked)

    def list_zones(self, request):
        try:
            page = query_int(request, "page", 0, 0)
            per_page = query_int(request, "perPage", 1000, 5, 1000)
        except BadQuery as bad:
            return _error("validation.out_of_range", bad.name, bad.message)
        deleted = str(query_value(request, "includeDeleted") or "").lower() == "true"
        zones = [z for z in sorted(self.zones.values(), key=lambda z: z.id) if deleted or not z.deleted]
        models = [self.zone_model(z) for z in search(zones, request, lambda z: z.name)]
        return json_response(200, models if page == 0 else core_page(models, page, per_page))

    def create_zone(self, request):
        try:
            spec = _add_spec(request.json_object())
        except BodyProblem as problem:
            return _error(problem.key, problem.field, problem.message)
        if not self.name_available(spec["name"]):
            return _error("storagezone.name_taken", "Name", "The storage zone name %s is already taken." % spec["name"])
        return json_response(201, self.zone_model(self.add_zone(spec)))

    def get_zone(self, request):
        zone = self.live(int(request.params["id"]))
        return empty(404) if zone is None else json_response(200, self.zone_model(zone))

    def update_zone(self, request):
        zone = self.live(int(request.params["id"]))
        if zone is None:
            return empty(404)
        try:
            changes = _settings(zone, request.json_object())
        except BodyProblem as problem:
            return _error(problem.key, problem.field, problem.message)
        for attribute, value in changes.items():
            setattr(zone, attribute, value)
        zone.touch()
        return empty(204)

    def delete_zone(self, request):
        zone = self.live(int(request.params["id"]))
        if zone is None:
            return empty(404)
        linked = str(query_value(request, "deleteLinkedPullZones") or "true").lower()
        if linked not in ("true", "false"):
            return _error(
                "validation.invalid_value",
                "deleteLinkedPullZones",
                "The value '%s' is not valid for deleteLinkedPullZones." % linked,
            )
        zone.deleted = True
        zone.touch()
        zone.files = ZoneFiles(zone.id)  # a deleted zone's files go with it
        if linked == "true":
            self._delete_pull_zones(zone.id)
        return empty(204)

    def _delete_pull_zones(self, zone_id):
        """Delete the pull zones on storage zone ``zone_id``, telling the areas that keep something of them."""
        with self.platform.area_locks.get("pullzones") or self.platform.lock:
            zones = self._pull_zones()
            for pull_zone_id in [i for i, pz in zones.items() if pz.settings.get("StorageZoneId") == zone_id]:
                zones.pop(pull_zone_id)
                for area in self.platform.areas.values():
                    deleted = getattr(area, "pull_zone_deleted", None)
                    if deleted is not None:
                        deleted(pull_zone_id)

    def check_availability(self, request):
        name = _lower_keys(request.json_object()).get("name")
        if not isinstance(name, str) or not name:
            return _error("validation.required", "Name", "The Name field is required.")
        return json_response(200, {"Available": self.name_available(name)})

    def reset_password(self, request):
        zone = self.live(int(request.params["id"]))
        if zone is None:
            return empty(404)
        zone.password = derived_password(zone.password)  # new, and the same on a rerun of the same fixture
        return empty(204)

    def reset_read_only_password(self, request):
        raw = query_value(request, "id")
        if raw is None or not raw.isdigit() or len(raw) > 18:
            return _error("validation.invalid_value", "id", "The value '%s' is not valid for id." % (raw or ""))
        zone = self.live(int(raw))
        if zone is None:
            return empty(404)
        zone.read_only_password = derived_password(zone.read_only_password)
        return empty(204)

    @staticmethod
    def list_regions(_request):
        return json_response(200, regions.region_models())
