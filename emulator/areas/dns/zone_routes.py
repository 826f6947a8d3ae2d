"""DNS zone routes: read, list, DNSSEC (core API, PascalCase JSON, empty 401/404 bodies)."""

from ...messages import empty, json_response
from ...paging import BadQuery, core_page, query_int, search
from .models import _now


def register(area, router):
    router.add("GET", r"/dnszone", area.list_zones)
    router.add("GET", r"/dnszone/(?P<id>[0-9]+)", area.get_zone)
    router.add("POST", r"/dnszone/(?P<id>[0-9]+)/dnssec", area.enable)
    router.add("DELETE", r"/dnszone/(?P<id>[0-9]+)/dnssec", area.disable)


class ZoneRoutes(object):
    """Zone handlers, mixed into the DNS area."""

    def get_zone(self, request):
        zone = self.zones.get(int(request.params["id"]))
        return json_response(200, zone.model()) if zone else empty(404)

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
