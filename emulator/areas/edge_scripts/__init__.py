"""Edge Scripting (``/compute/script``): state in models.py, scripts and code in script_routes.py, the pull zones
a script is linked to in linked.py."""

from . import script_routes
from .models import ScriptsState


class EdgeScriptsArea(script_routes.ScriptRoutes, ScriptsState):
    """The Edge Scripting routes over their state (models.ScriptsState)."""

    name = "edge_scripts"

    def register(self, router):
        self.register_scripts(router)


AREA = EdgeScriptsArea

__all__ = ("AREA",)
