"""Releases and publishing (facts §7.1, §7.3; docs/platform-notes.md, "Edge Scripting in the emulator").

- ``POST /compute/script/{id}/publish`` (body ``{Note}``, optional: the CLI sends ``{}``, the official deploy action
  none): 204; the saved code becomes a new Live release (``Uuid`` 8 lower-case letters and digits) and the Live one
  before it is archived. 400 "The script has no active code." when no code is saved.
- ``POST /compute/script/{id}/publish/{uuid}``: 204; the release ``uuid`` is Live again (the one before archived).
  No new release is made: the path names "the script release that will be published", so its ``Uuid`` and ``Id``
  stay, and a client that rolled back finds exactly the release it asked for active. The saved code is left as it
  is. 404 for a release the script does not have.
- ``GET /compute/script/{id}/releases``: the paged ``EdgeScriptReleaseModel`` list, newest first.
- ``GET /compute/script/{id}/releases/active``: the Live release; 404 (empty body) when there is none.

Both publish calls take the script's ``DeploymentKey`` header instead of ``AccessKey`` (script_routes.py).
"""

from ...messages import empty, json_response
from ...paging import BadQuery, core_page, query_int
from ..pullzones.problems import BodyProblem
from .script_routes import error, fields_of, text

NO_CODE = "The script has no active code."


def _note(request):
    """The ``Note`` of an optional ``PublishEdgeScriptModel`` body; raises BodyProblem."""
    return text(fields_of(request), "note", "Note", None) if request.body else None


class ReleaseRoutes(object):
    """The release and publish routes over models.ScriptsState (mixed into the area)."""

    def register_releases(self, router):
        base = r"/compute/script/(?P<id>[0-9]+)"
        router.add("POST", base + r"/publish", self.publish_code, auth=None)  # DeploymentKey too
        router.add("POST", base + r"/publish/(?P<uuid>[^/]+)", self.publish_release, auth=None)
        router.add("GET", base + r"/releases", self.list_releases)
        router.add("GET", base + r"/releases/active", self.active_release)

    def publish_code(self, request):
        script, refused = self.deployer(request)
        if refused is not None:
            return refused
        try:
            note = _note(request)
            if not script.code:
                raise BodyProblem("edgescript.no_active_code", "Code", NO_CODE)
        except BodyProblem as problem:
            return error(problem)
        self.publish(script, script.code, note)
        return empty(204)

    def publish_release(self, request):
        script, refused = self.deployer(request)
        if refused is not None:
            return refused
        try:
            _note(request)
        except BodyProblem as problem:
            return error(problem)
        wanted = request.params["uuid"]
        release = next((r for r in script.releases if r.uuid == wanted), None)
        if release is None:
            return empty(404)
        script.activate(release)
        return empty(204)

    def list_releases(self, request):
        script = self.script_of(request)
        if script is None:
            return empty(404)
        try:
            page = query_int(request, "page", 1, 1)
            per_page = query_int(request, "perPage", 1000, 5, 1000)
        except BadQuery as bad:
            return error(BodyProblem("validation.out_of_range", bad.name, bad.message))
        models = [release.model() for release in reversed(script.releases)]
        return json_response(200, core_page(models, page, per_page))

    def active_release(self, request):
        script = self.script_of(request)
        active = script.active() if script is not None else None
        return empty(404) if active is None else json_response(200, active.model())
