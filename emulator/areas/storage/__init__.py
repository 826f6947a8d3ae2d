"""Storage zones (core API) and their files (Edge Storage API): state in models.py, core routes in zone_routes.py."""

from . import zone_routes
from .models import StorageState


class StorageArea(zone_routes.ZoneRoutes, StorageState):
    """The storage routes over their state (models.StorageState)."""

    name = "storage"

    def register(self, router):
        self.register_zones(router)


AREA = StorageArea

__all__ = ("AREA",)
