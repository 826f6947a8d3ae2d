"""Edge Scripting (``/compute/script``): state in models.py, scripts and code in script_routes.py, releases and
publishing in release_routes.py, the pull zones a script is linked to in linked.py."""

from . import release_routes, script_routes
from .models import ScriptsState


class EdgeScriptsArea(release_routes.ReleaseRoutes, script_routes.ScriptRoutes, ScriptsState):
    """The Edge Scripting routes over their state (models.ScriptsState)."""

    name = "edge_scripts"

    def register(self, router):
        self.register_scripts(router)
        self.register_releases(router)


AREA = EdgeScriptsArea

__all__ = ("AREA",)
