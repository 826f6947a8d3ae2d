"""Storage zones (core API) and their files (Edge Storage API): state in models.py and files.py, core routes in
zone_routes.py, the Edge Storage API (and where the emulator serves it) in file_routes.py."""

from . import file_routes, zone_routes
from .models import StorageState


class StorageArea(file_routes.FileRoutes, zone_routes.ZoneRoutes, StorageState):
    """The storage routes over their state (models.StorageState)."""

    name = "storage"

    def register(self, router):
        self.register_zones(router)
        self.register_files(router)


AREA = StorageArea

__all__ = ("AREA",)
