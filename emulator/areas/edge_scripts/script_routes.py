"""Scripts and their code (Edge Scripting API, PascalCase JSON; 400 bodies ``{ErrorKey, Field, Message}``, an unknown
script 404 with an empty body, as the published document lists no body for it).

- ``GET /compute/script``: the paged ``{Items, CurrentPage, TotalItems, HasMoreItems}`` (``page`` from 1,
  ``perPage`` 5..1000, default 1000); ``type`` a form-exploded array (``type=0&type=1``; ``type[]`` too, as the
  facts record it) of numbers or names; ``search`` matches part of the name; ``LinkedPullZones`` only with
  ``includeLinkedPullzones=true`` (null otherwise); ``integrationId`` matches nothing (no integrations here).
- ``POST /compute/script`` (``AddEdgeScriptModel``): 201 and the ``EdgeScriptModel``. ``Name`` 1..100 characters;
  ``ScriptType`` 0 DNS, 1 standalone (CDN), 2 middleware, absent is 0 (the model's enum default, as .NET binds it);
  ``Code`` saved as the script's code; ``CreateLinkedPullZone`` makes a standalone script's pull zone (linked.py;
  DNS and middleware scripts never get one). Names need not be unique (the platform's rule is unknown).
- ``GET /compute/script/{id}``: the model, ``LinkedPullZones`` always, ``DeploymentKey`` in clear (a secret the
  platform sends on every read). ``POST /compute/script/{id}`` (``{Name, ScriptType}``, null or absent kept): 200 and
  the model; another ``ScriptType`` is refused (the Terraform provider replaces a script to change it).
- ``DELETE /compute/script/{id}?deleteLinkedPullZones=``: 204 (default false: linked.py says what the zones become).
- ``GET /compute/script/{id}/code``: ``{Code, LastModified}`` of the saved code ("" when none). ``POST`` the same path
  with JSON ``{Code}``: 204. Saved code is live until the first publish, then only releases are (release_routes.py).
- ``POST /compute/script/{id}/deploymentKey/rotate``: 204, a new random key.

The code upload and the publish calls also take the script's key in header ``DeploymentKey`` instead of
``AccessKey``, as the official deploy action sends it (facts §0).
"""

import hmac

from ...messages import empty, json_response
from ...paging import BadQuery, core_page, query_int, query_value, query_values, search
from ..pullzones.problems import BodyProblem
from . import linked
from .models import STANDALONE, new_deployment_key, script_type

NAME_MAX = 100


def error(problem):
    return json_response(400, problem.body())


def fields_of(request):
    """The request's JSON object with its keys in lower case (ASP.NET binds members without case)."""
    return {str(key).lower(): value for key, value in request.json_object().items()}


def text(fields, key, member, maximum, required=False):
    """Member ``key`` as a string (or None when absent or null and not ``required``); raises BodyProblem."""
    value = fields.get(key)
    if value is None:
        if required:
            raise BodyProblem("validation.required", member, "The %s field is required." % member)
        return None
    if not isinstance(value, str):
        raise BodyProblem("validation.invalid_type", member, "The field %s must be a string." % member)
    if required and not value:
        raise BodyProblem(
            "validation.min_length", member, "The field %s must be a string with a minimum length of '1'." % member
        )
    if maximum is not None and len(value) > maximum:
        raise BodyProblem(
            "validation.max_length",
            member,
            "The field %s must be a string with a maximum length of '%d'." % (member, maximum),
        )
    return value


def _flag(fields, key, member):
    value = fields.get(key)
    if value is not None and not isinstance(value, bool):
        raise BodyProblem("validation.invalid_type", member, "The field %s must be a boolean." % member)
    return bool(value)


def _types(request):
    """The ``type`` filter: a set of script types, or None for every type; raises BadQuery."""
    raw = query_values(request, "type", "type[]")
    if not raw:
        return None
    try:
        return {script_type(int(value) if value.isdigit() else value, "type") for value in raw}
    except BodyProblem as problem:
        raise BadQuery("type", problem.message) from None


class ScriptRoutes(object):
    """The script and code routes over models.ScriptsState (mixed into the area)."""

    def register_scripts(self, router):
        router.add("GET", r"/compute/script", self.list_scripts)
        router.add("POST", r"/compute/script", self.create_script)
        router.add("GET", r"/compute/script/(?P<id>[0-9]+)", self.get_script)
        router.add("POST", r"/compute/script/(?P<id>[0-9]+)", self.update_script)
        router.add("DELETE", r"/compute/script/(?P<id>[0-9]+)", self.delete_script)
        router.add("GET", r"/compute/script/(?P<id>[0-9]+)/code", self.get_code)
        router.add("POST", r"/compute/script/(?P<id>[0-9]+)/code", self.set_code, auth=None)  # DeploymentKey too
        router.add("POST", r"/compute/script/(?P<id>[0-9]+)/deploymentKey/rotate", self.rotate_key)

    def script_of(self, request):
        return self.scripts.get(int(request.params["id"]))

    def deployer(self, request):
        """``(script, None)`` for a request with the account's key or the script's deployment key, else ``(None,
        answer)``: 401 without either (whether the script exists is not told), 404 for an unknown script."""
        script = self.script_of(request)
        if self.platform.key_valid(request.header("AccessKey")):
            return (script, None) if script is not None else (None, empty(404))
        given = request.header("DeploymentKey") or ""
        if (
            script is not None
            and given
            and hmac.compare_digest(given.encode("utf-8"), script.deployment_key.encode("utf-8"))
        ):
            return script, None
        return None, empty(401)

    def script_model(self, script, with_zones=True):
        return script.model(linked.linked(self.platform, script.id) if with_zones else None)

    def list_scripts(self, request):
        try:
            page = query_int(request, "page", 1, 1)
            per_page = query_int(request, "perPage", 1000, 5, 1000)
            types = _types(request)
        except BadQuery as bad:
            return error(BodyProblem("validation.out_of_range", bad.name, bad.message))
        scripts = [s for s in sorted(self.scripts.values(), key=lambda s: s.id) if types is None or s.type in types]
        if query_value(request, "integrationId"):
            scripts = []  # no script of the emulator comes from a source code integration
        with_zones = str(query_value(request, "includeLinkedPullzones") or "").lower() == "true"
        models = [self.script_model(s, with_zones) for s in search(scripts, request, lambda s: s.name)]
        return json_response(200, core_page(models, page, per_page))

    def create_script(self, request):
        fields = fields_of(request)
        try:
            name = text(fields, "name", "Name", NAME_MAX, required=True)
            kind = script_type(fields.get("scripttype") if fields.get("scripttype") is not None else 0)
            code = text(fields, "code", "Code", None)
            wants_zone = _flag(fields, "createlinkedpullzone", "CreateLinkedPullZone") and kind == STANDALONE
            wanted = text(fields, "linkedpullzonename", "LinkedPullZoneName", None)
            with linked.zones_lock(self.platform):
                zone_name = linked.zone_name(self.platform, wanted, name, self.next_script_id()) if wants_zone else None
                script = self.add_script(name, kind, code)
                if zone_name is not None:
                    linked.create(self.platform, zone_name, script.id)
                return json_response(201, self.script_model(script))
        except BodyProblem as problem:
            return error(problem)

    def get_script(self, request):
        script = self.script_of(request)
        return empty(404) if script is None else json_response(200, self.script_model(script))

    def update_script(self, request):
        script = self.script_of(request)
        if script is None:
            return empty(404)
        fields = fields_of(request)
        try:
            name = text(fields, "name", "Name", NAME_MAX)
            if name is not None and not name:
                raise BodyProblem(
                    "validation.min_length", "Name", "The field Name must be a string with a minimum length of '1'."
                )
            kind = script_type(fields["scripttype"]) if fields.get("scripttype") is not None else script.type
            if kind != script.type:
                raise BodyProblem("edgescript.type_change", "ScriptType", "The type of a script cannot be changed.")
        except BodyProblem as problem:
            return error(problem)
        if name is not None:
            script.name = name
            script.touch()
        return json_response(200, self.script_model(script))

    def delete_script(self, request):
        script = self.script_of(request)
        if script is None:
            return empty(404)
        delete_zones = str(query_value(request, "deleteLinkedPullZones") or "false").lower()
        if delete_zones not in ("true", "false"):
            return error(
                BodyProblem(
                    "validation.invalid_value",
                    "deleteLinkedPullZones",
                    "The value '%s' is not valid for deleteLinkedPullZones." % delete_zones,
                )
            )
        with linked.zones_lock(self.platform):
            self.scripts.pop(script.id)
            linked.release(self.platform, script.id, delete_zones == "true")
        return empty(204)

    def get_code(self, request):
        script = self.script_of(request)
        if script is None:
            return empty(404)
        return json_response(200, {"Code": script.code, "LastModified": script.code_modified})

    def set_code(self, request):
        script, refused = self.deployer(request)
        if refused is not None:
            return refused
        try:
            code = text(fields_of(request), "code", "Code", None)
        except BodyProblem as problem:
            return error(problem)
        script.save_code(code)
        return empty(204)

    def rotate_key(self, request):
        script = self.script_of(request)
        if script is None:
            return empty(404)
        script.deployment_key = new_deployment_key()
        return empty(204)
