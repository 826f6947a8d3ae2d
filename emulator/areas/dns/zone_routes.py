"""DNS zone routes (core API, PascalCase JSON, empty 401/404 bodies): read, list, DNSSEC, create, update, delete,
export and import.

- ``POST /dnszone`` (``DnsZoneAddModel``: ``Domain``, optional ``Records``): 201 and the full DnsZoneModel with the
  defaults the platform gives a new zone (models.SETTINGS); the add model takes no settings. 400
  ``{ErrorKey, Field, Message}`` for a missing domain (``validation.required``), a domain without a dot or with an
  empty label (``dnsZone.invalid_domain``) and a domain a zone has already, compared without case
  (``dnsZone.already_exists``). These three error keys are inferred: the platform's are not recorded.
- ``POST /dnszone/{id}`` (``UpdateDnsZoneModel``, every member optional, keys matched without case, unknown members
  ignored as the platform does): 200 and the DnsZoneModel; 400 ``validation.invalid`` (inferred) for a value of the
  wrong type or an enum number the platform does not have.
- ``DELETE /dnszone/{id}``: 204; 404 for an unknown zone.
- ``GET /dnszone/{id}/export``: the zone file (``application/octet-stream``, zonefile.render), empty for a zone
  without records.
- ``POST /dnszone/{id}/import``: the body is zone-file text (zonefile.parse); each record is added through
  ``self.add_record(zone, body)`` (the record routes'); answers 200 ``{RecordsSuccessful, RecordsFailed,
  RecordsSkipped}``. Bounded (the platform's limits are not published; these are the emulator's): a body over
  :data:`MAX_IMPORT_BYTES` answers 413, more than :data:`MAX_IMPORT_LINES` lines or :data:`MAX_IMPORT_RECORDS`
  records 400 ``dnsZone.import_too_large``, and nothing is imported.
- ``POST /dnszone`` and ``POST /dnszone/{id}`` take an object: ``[]``, ``null``, a number answer 400.
- The switch ``dns_zone_records: false`` (models.DnsState) leaves ``Records`` out of ``GET /dnszone/{id}``.
"""

from ...messages import Response, empty, json_response
from ...paging import BadQuery, core_page, query_int, search
from . import zonefile
from .models import SETTINGS, DnsZone, _now

ZONE_ID = r"/dnszone/(?P<id>[0-9]+)"
# The work one import may ask for (docs/emulator.md, "Zone-file imports"): what the platform allows is not
# published; past these the import is refused whole, 413 for the size and 400 for the count, and nothing is added.
MAX_IMPORT_BYTES = 1024 * 1024
MAX_IMPORT_LINES = 20000
MAX_IMPORT_RECORDS = 5000
ENUM_VALUES = {"LogAnonymizationType": (0, 1), "CertificateKeyType": (0, 1)}
TEXT_MEMBERS = ("Nameserver1", "Nameserver2", "SoaEmail")


def register(area, router):
    router.add("GET", r"/dnszone", area.list_zones)
    router.add("POST", r"/dnszone", area.create_zone)
    router.add("GET", ZONE_ID, area.get_zone)
    router.add("POST", ZONE_ID, area.update_zone)
    router.add("DELETE", ZONE_ID, area.delete_zone)
    router.add("POST", ZONE_ID + r"/dnssec", area.enable)
    router.add("DELETE", ZONE_ID + r"/dnssec", area.disable)
    router.add("GET", ZONE_ID + r"/export", area.export_zone)
    router.add("POST", ZONE_ID + r"/import", area.import_zone)


def _error(key, field, message):
    return json_response(400, {"ErrorKey": key, "Field": field, "Message": message})


def _too_many(what, limit):
    return _error(
        "dnsZone.import_too_large", "body", "The zone file has more than %d %s; import it in parts." % (limit, what)
    )


def _member(body, name):
    """The member ``name`` of a request body, its key matched without case (as the platform matches input keys)."""
    for key, value in body.items():
        if isinstance(key, str) and key.lower() == name.lower():
            return value
    return None


def _domain_problem(domain):
    labels = domain.split(".")
    if len(labels) < 2 or not all(labels) or any(c.isspace() for c in domain):
        return "The domain %s is not a valid domain name." % domain
    return None


class ZoneRoutes(object):
    """Zone handlers, mixed into the DNS area."""

    def create_zone(self, request):
        body = request.json_object()  # [], null, a number: refused as the platform's model binding refuses them
        domain = _member(body, "Domain")
        if not isinstance(domain, str) or not domain.strip():
            return _error("validation.required", "Domain", "The Domain field is required.")
        domain = domain.strip().rstrip(".")
        problem = _domain_problem(domain)
        if problem:
            return _error("dnsZone.invalid_domain", "Domain", problem)
        if any(zone.domain.rstrip(".").lower() == domain.rstrip(".").lower() for zone in self.zones.values()):
            return _error("dnsZone.already_exists", "Domain", "The DNS zone %s already exists." % domain)
        zone = DnsZone({"id": max(list(self.zones) + [1000]) + 1, "domain": domain})
        self.zones[zone.id] = zone
        for record in _member(body, "Records") or []:
            status, payload = self.add_record(zone, record)
            if status >= 400:
                del self.zones[zone.id]
                return json_response(status, payload)
        return json_response(201, zone.model())

    def update_zone(self, request):
        zone = self.zones.get(int(request.params["id"]))
        if zone is None:
            return empty(404)
        body = request.json_object()
        changes = {}
        for _key, member, default in SETTINGS:
            value = _member(body, member)
            if value is None:
                continue
            if member in ENUM_VALUES:
                valid = isinstance(value, int) and not isinstance(value, bool) and value in ENUM_VALUES[member]
            else:
                valid = isinstance(value, str if member in TEXT_MEMBERS else type(default))
            if not valid:
                return _error("validation.invalid", member, "The value of %s is not valid." % member)
            changes[member] = value
        if changes:
            zone.settings.update(changes)
            zone.modified = _now()
        return json_response(200, zone.model())

    def delete_zone(self, request):
        if self.zones.pop(int(request.params["id"]), None) is None:
            return empty(404)
        return empty(204)

    def export_zone(self, request):
        zone = self.zones.get(int(request.params["id"]))
        if zone is None:
            return empty(404)
        text = zonefile.render(zone.domain, [record.model() for record in zone.records])
        return Response(200, text.encode("utf-8"), "application/octet-stream")

    def import_zone(self, request):
        zone = self.zones.get(int(request.params["id"]))
        if zone is None:
            return empty(404)
        if len(request.body or b"") > MAX_IMPORT_BYTES:
            return json_response(
                413,
                {
                    "ErrorKey": "dnsZone.import_too_large",
                    "Field": "body",
                    "Message": "The zone file is larger than %d bytes." % MAX_IMPORT_BYTES,
                },
            )
        try:
            text = (request.body or b"").decode("utf-8")
        except UnicodeDecodeError:
            return _error("validation.invalid", "body", "The zone file is not UTF-8 text.")
        if text.count("\n") > MAX_IMPORT_LINES:
            return _too_many("lines", MAX_IMPORT_LINES)
        parsed = zonefile.parse(text, zone.domain)
        if sum(1 for kind, _item in parsed if kind == "record") > MAX_IMPORT_RECORDS:
            return _too_many("records", MAX_IMPORT_RECORDS)  # refused whole: nothing imported
        counts = {"RecordsSuccessful": 0, "RecordsFailed": 0, "RecordsSkipped": 0}
        names = self.names_of(zone)  # one index for the whole import: each record's checks stay O(1)
        for kind, item in parsed:
            if kind == "record":
                status, _payload = self.add_record(zone, item, names=names)
                kind = "successful" if status < 300 else "failed"
            counts["Records" + kind.capitalize()] += 1
        if counts["RecordsSuccessful"]:
            zone.modified = _now()
        return json_response(200, counts)

    def get_zone(self, request):
        zone = self.zones.get(int(request.params["id"]))
        return json_response(200, zone.model(with_records=self.zone_records)) if zone else empty(404)

    def list_zones(self, request):
        """``GET /dnszone``: always the paged object; ``search`` matches part of the domain."""
        try:
            page = query_int(request, "page", 1, 1)
            per_page = query_int(request, "perPage", 1000, 5, 1000)
        except BadQuery as bad:
            return json_response(
                400, {"ErrorKey": "validation.out_of_range", "Field": bad.name, "Message": bad.message}
            )
        zones = search(sorted(self.zones.values(), key=lambda z: z.id), request, lambda z: z.domain)
        return json_response(200, core_page([z.model() for z in zones], page, per_page))

    def enable(self, request):
        zone = self.zones.get(int(request.params["id"]))
        if zone is None:
            return empty(404)
        if zone.key is None:  # enabling an enabled zone returns its current key: no re-keying
            zone.key = zone.new_key()
            zone.modified = _now()
        return json_response(200, zone.dnssec())

    def disable(self, request):
        zone = self.zones.get(int(request.params["id"]))
        if zone is None:
            return empty(404)
        if zone.key is not None:
            zone.key = None
            zone.modified = _now()
        return json_response(200, zone.dnssec())
