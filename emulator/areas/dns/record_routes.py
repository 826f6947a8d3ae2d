"""DNS record routes (core API): add, update, delete, list the records of a zone; records are also embedded in
``GET /dnszone/{id}`` (models.DnsZone.model). The record model and its checks: records.py.

- ``PUT /dnszone/{zoneId}/records`` -> 201 ``DnsRecordModel``; 400 ``ApiErrorData``; 404 (empty) unknown zone.
- ``POST /dnszone/{zoneId}/records/{id}`` -> 204 (no body); 400; 404 unknown zone or record.
- ``DELETE /dnszone/{zoneId}/records/{id}`` -> 204; 404 unknown zone or record.
- ``GET /dnszone/{zoneId}/records?page&perPage(5..1000)&type&search`` -> ``PaginationListModelOfDnsRecordModel``;
  ``type`` a ``DnsRecordTypes`` number; ``search`` matches part of a record's name or value [INFERRED: the document
  does not say what it searches]. Published on 2026-06-26; the switch ``dns_records_listing: false`` answers 404, as
  before.
- Add and update take an object: ``[]``, ``null``, a number answer 400 ``validation.invalid_body``.

``add_record(zone, body, names=...)`` is the interface the zone routes' import uses: ``(201, DnsRecordModel)`` or
``(400, ApiErrorData)``; ``names`` (``names_of(zone)``) is one index of the zone's names for the whole import.
"""

from ...fixtures import FixtureError, records
from ...messages import BadJson, empty, json_response
from ...paging import BadQuery, core_page, query_int, query_value
from ..edge_scripts.models import fixture_dns_scripts
from . import records as record_model


def register(area, router):
    router.add("GET", r"/dnszone/(?P<zone>[0-9]+)/records", area.list_records)
    router.add("PUT", r"/dnszone/(?P<zone>[0-9]+)/records", area.add_record_route)
    router.add("POST", r"/dnszone/(?P<zone>[0-9]+)/records/(?P<id>[0-9]+)", area.update_record)
    router.add("DELETE", r"/dnszone/(?P<zone>[0-9]+)/records/(?P<id>[0-9]+)", area.delete_record)


def _bad_json(exc):
    return json_response(400, {"ErrorKey": "validation.invalid_body", "Field": "recordModel", "Message": str(exc)})


class RecordRoutes(object):
    """Record handlers, mixed into the DNS area; reads the fixture's ``dns_records`` after the zones."""

    def __init__(self, fixture, platform):
        super(RecordRoutes, self).__init__(fixture, platform)
        self.next_record_id = record_model.FIRST_ID
        specs = records(fixture, "dns_records", required=("zone_id",))
        # the pull zone area is built after this one: the fixture's pull zones stand in while it loads
        names = {int(z["id"]): str(z.get("name") or "zone%d" % z["id"]) for z in records(fixture, "pull_zones")}
        self.fixture_dns_scripts = fixture_dns_scripts(fixture)  # so do the fixture's scripts for the scripts area
        self.next_record_id = max([record_model.FIRST_ID] + [int(s.get("id") or 0) + 1 for s in specs])
        for index, spec in enumerate(specs):
            zone = self.zones.get(spec["zone_id"])
            if zone is None:
                raise FixtureError("dns_records[%d].zone_id %s is not a zone of dns_zones" % (index, spec["zone_id"]))
            status, payload = self.add_record(
                zone, record_model.fixture_body(spec), spec.get("id"), names.get, known_type=False
            )
            if status != 201:
                raise FixtureError("dns_records[%d]: %s" % (index, payload["Message"]))
            zone.records[-1].monitor_status = spec.get("monitor_status")

    def dump(self):
        state = super(RecordRoutes, self).dump()
        state["dns_records"] = [r.dump(zone.id) for zone in self.zones.values() for r in zone.records]
        return state

    def pull_zone_name(self, pull_zone_id):
        """The name of pull zone ``pull_zone_id`` of the account, or None."""
        area = self.platform.areas.get("pullzones") if self.platform is not None else None
        zone = area.zones.get(pull_zone_id) if area is not None else None
        return zone.name if zone is not None else None

    def dns_script(self, script_id):
        """Whether ``script_id`` is a DNS script of the account (the edge scripts area's; the fixture's while loading)."""
        area = self.platform.areas.get("edge_scripts") if self.platform is not None else None
        return area.is_dns_script(script_id) if area is not None else script_id in self.fixture_dns_scripts

    def add_record(self, zone, body, record_id=None, pull_zone_name=None, names=None, known_type=True):
        """Add the AddDnsRecordModel ``body`` to ``zone``: ``(201, DnsRecordModel)`` or ``(400, ApiErrorData)``.
        ``names``: the zone's records by name (:meth:`names_of`), updated here, for many adds in one request."""
        record = record_model.DnsRecord(record_id or self.next_record_id)
        try:
            record_model.apply_body(
                zone,
                record,
                body,
                pull_zone_name or self.pull_zone_name,
                create=True,
                names=names,
                known_type=known_type,
                dns_script=self.dns_script,
            )
        except record_model.Invalid as invalid:
            return 400, invalid.payload
        self.next_record_id = max(self.next_record_id, record.id + 1)
        zone.records.append(record)
        if names is not None:
            names.setdefault(record.name.lower(), []).append(record)
        return 201, record.model()

    @staticmethod
    def names_of(zone):
        return record_model.names_of(zone)

    def _zone_and_record(self, request):
        zone = self.zones.get(int(request.params["zone"]))
        if zone is None:
            return None, None
        wanted = int(request.params["id"])
        return zone, next((r for r in zone.records if r.id == wanted), None)

    def add_record_route(self, request):
        zone = self.zones.get(int(request.params["zone"]))
        if zone is None:
            return empty(404)
        try:
            body = request.json_object()  # [], null, a number: refused as the platform's model binding refuses them
        except BadJson as exc:
            return _bad_json(exc)
        status, payload = self.add_record(zone, body)
        return json_response(status, payload)

    def update_record(self, request):
        zone, record = self._zone_and_record(request)
        if record is None:
            return empty(404)
        try:
            body = request.json_object()
        except BadJson as exc:
            return _bad_json(exc)
        changed = record_model.DnsRecord(record.id)
        changed.__dict__.update({k: (dict(v) if isinstance(v, dict) else v) for k, v in record.__dict__.items()})
        try:
            record_model.apply_body(zone, changed, body, self.pull_zone_name, create=False, dns_script=self.dns_script)
        except record_model.Invalid as invalid:
            return json_response(400, invalid.payload)
        record.__dict__.update(changed.__dict__)  # all or nothing: a refused update changes nothing
        return empty(204)

    def delete_record(self, request):
        zone, record = self._zone_and_record(request)
        if record is None:
            return empty(404)
        zone.records.remove(record)
        return empty(204)

    def list_records(self, request):
        zone = self.zones.get(int(request.params["zone"]))
        if zone is None or not self.records_listing:  # the switch: as before its publication on 2026-06-26
            return empty(404)
        try:
            page = query_int(request, "page", 1, 1)
            per_page = query_int(request, "perPage", 1000, 5, 1000)
            wanted = query_int(request, "type", None, 0, len(record_model.TYPES) - 1)
        except BadQuery as bad:
            return json_response(
                400, {"ErrorKey": "validation.out_of_range", "Field": bad.name, "Message": bad.message}
            )
        term = (query_value(request, "search") or "").strip().lower()
        found = [
            r
            for r in zone.records
            if (wanted is None or r.type == wanted) and (not term or term in r.name.lower() or term in r.value.lower())
        ]
        return json_response(200, core_page([r.model() for r in found], page, per_page))
