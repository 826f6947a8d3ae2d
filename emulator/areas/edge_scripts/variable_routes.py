"""Script variables (facts §7.1, §7.3): read one by id or inside the script's model (``EdgeScriptVariables``; there is
no list call).

- ``POST /compute/script/{id}/variables/add`` ``{Name (1..256), Required, DefaultValue (<= 4096)}``: 200 and the
  ``EdgeScriptVariableModel``; a name the script has already is 400 ``edgescript.variable_exists``.
- ``GET``, ``POST`` (``{DefaultValue, Required}``, null or absent kept; ``Name``, which the Terraform provider sends,
  ignored) and ``DELETE`` (204) ``/compute/script/{id}/variables/{variableId}``; 404 for an unknown script or variable.
- ``PUT /compute/script/{id}/variables`` ``{Name, Required, DefaultValue}``: 200 and the model when it made the
  variable, 204 when it updated the one of that name.

Names compare without case (docs/platform-notes.md: the platform's rule is unknown).
"""

from ...messages import empty, json_response
from ..pullzones.problems import BodyProblem
from .models import named
from .script_routes import error, fields_of, text

NAME_MAX = 256
VALUE_MAX = 4096


def entry_name(fields):
    """The required ``Name`` (1..256) of a variable or secret body; raises BodyProblem."""
    return text(fields, "name", "Name", NAME_MAX, required=True)


def _required(fields, needed):
    value = fields.get("required")
    if value is None and needed:
        raise BodyProblem("validation.required", "Required", "The Required field is required.")
    if value is not None and not isinstance(value, bool):
        raise BodyProblem("validation.invalid_type", "Required", "The field Required must be a boolean.")
    return value


def _variable_fields(fields, needs_name, needs_required):
    """``(name, required, default value)`` of a variable body (None for what it leaves out); raises BodyProblem."""
    name = entry_name(fields) if needs_name else None
    return name, _required(fields, needs_required), text(fields, "defaultvalue", "DefaultValue", VALUE_MAX)


def _update(variable, required, default_value):
    if required is not None:
        variable.required = required
    if default_value is not None:
        variable.default_value = default_value


class VariableRoutes(object):
    """The variable routes over models.ScriptsState (mixed into the area)."""

    def register_variables(self, router):
        base = r"/compute/script/(?P<id>[0-9]+)/variables"
        router.add("POST", base + r"/add", self.add_variable_route)
        router.add("PUT", base, self.upsert_variable)
        router.add("GET", base + r"/(?P<variableId>[0-9]+)", self.get_variable)
        router.add("POST", base + r"/(?P<variableId>[0-9]+)", self.update_variable)
        router.add("DELETE", base + r"/(?P<variableId>[0-9]+)", self.delete_variable)

    def _variable(self, request):
        """``(script, variable)``; either None when unknown."""
        script = self.script_of(request)
        wanted = int(request.params["variableId"])
        found = next((v for v in script.variables if v.id == wanted), None) if script is not None else None
        return script, found

    def add_variable_route(self, request):
        return self._write_variable(request, upsert=False)

    def upsert_variable(self, request):
        return self._write_variable(request, upsert=True)

    def _write_variable(self, request, upsert):
        """Add (a name the script has is refused) or upsert (that variable updated: 204) the body's variable."""
        script = self.script_of(request)
        if script is None:
            return empty(404)
        try:
            name, required, default_value = _variable_fields(fields_of(request), True, not upsert)
            variable = named(script.variables, name)
            if variable is not None and not upsert:
                raise BodyProblem(
                    "edgescript.variable_exists", "Name", "The script has a variable named %s already." % name
                )
        except BodyProblem as problem:
            return error(problem)
        if variable is None:
            return json_response(200, self.add_variable(script, name, required, default_value).model())
        _update(variable, required, default_value)
        script.touch()
        return empty(204)

    def get_variable(self, request):
        _script, variable = self._variable(request)
        return empty(404) if variable is None else json_response(200, variable.model())

    def update_variable(self, request):
        script, variable = self._variable(request)
        if variable is None:
            return empty(404)
        try:
            _name, required, default_value = _variable_fields(fields_of(request), False, False)
        except BodyProblem as problem:
            return error(problem)
        _update(variable, required, default_value)
        script.touch()
        return json_response(200, variable.model())

    def delete_variable(self, request):
        script, variable = self._variable(request)
        if variable is None:
            return empty(404)
        script.variables.remove(variable)
        script.touch()
        return empty(204)
