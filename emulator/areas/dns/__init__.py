"""DNS zones and records: state in models.py, zone routes in zone_routes.py, record routes in record_routes.py."""

from . import record_routes, zone_routes
from .models import DnsState


class DnsArea(zone_routes.ZoneRoutes, record_routes.RecordRoutes, DnsState):
    """The DNS routes over their state (models.DnsState)."""

    def register(self, router):
        zone_routes.register(self, router)
        record_routes.register(self, router)


AREA = DnsArea

__all__ = ("AREA",)
