"""Edge Scripting (``/compute/script``): state in models.py, scripts and code in script_routes.py, releases and
publishing in release_routes.py, variables in variable_routes.py, secrets in secret_routes.py, the pull zones a
script is linked to in linked.py."""

from . import release_routes, script_routes, secret_routes, variable_routes
from .models import ScriptsState


class EdgeScriptsArea(
    release_routes.ReleaseRoutes,
    variable_routes.VariableRoutes,
    secret_routes.SecretRoutes,
    script_routes.ScriptRoutes,
    ScriptsState,
):
    """The Edge Scripting routes over their state (models.ScriptsState)."""

    name = "edge_scripts"

    def register(self, router):
        self.register_scripts(router)
        self.register_releases(router)
        self.register_variables(router)
        self.register_secrets(router)


AREA = EdgeScriptsArea

__all__ = ("AREA",)
