"""Script secrets: written, never read back (facts §0, §7.1, §7.3).

- ``GET /compute/script/{id}/secrets``: ``{Secrets: [{Id, Name, LastModified}]}``, never a value.
- ``POST /compute/script/{id}/secrets`` ``{Name (1..256), Secret (<= 4096)}``: 200 and the ``EdgeScriptSecretModel``; a
  name the script has already is 400 ``edgescript.secret_exists``.
- ``PUT /compute/script/{id}/secrets`` ``{Name, Secret}``: 200 and the model when it made the secret, 204 (no body)
  when it set the one of that name (the Terraform provider's update expects that 204).
- ``POST /compute/script/{id}/secrets/{secretId}`` ``{Secret}``: 200 and the model; ``DELETE``: 204. 404 for an
  unknown script or secret.
- A DNS script takes no secrets: 400 ``edgescript.secrets_not_supported`` (the Terraform provider refuses them
  client-side; the emulator answers as if the platform did, so a client meets the refusal in tests).

A secret's value appears in no answer, log or state dump: the dump shows its SHA-256 (``value_digest``), which a test
compares with the digest of the value it expects.
"""

from ...messages import empty, json_response
from ..pullzones.problems import BodyProblem
from .models import DNS, named
from .script_routes import error, fields_of, text
from .variable_routes import VALUE_MAX, entry_name


def _value(fields):
    return text(fields, "secret", "Secret", VALUE_MAX)


def _takes_secrets(script):
    if script.type == DNS:
        raise BodyProblem("edgescript.secrets_not_supported", "Name", "DNS scripts do not take secrets.")


class SecretRoutes(object):
    """The secret routes over models.ScriptsState (mixed into the area)."""

    def register_secrets(self, router):
        base = r"/compute/script/(?P<id>[0-9]+)/secrets"
        router.add("GET", base, self.list_secrets)
        router.add("POST", base, self.add_secret_route)
        router.add("PUT", base, self.upsert_secret)
        router.add("POST", base + r"/(?P<secretId>[0-9]+)", self.update_secret)
        router.add("DELETE", base + r"/(?P<secretId>[0-9]+)", self.delete_secret)

    def _secret(self, request):
        """``(script, secret)``; either None when unknown."""
        script = self.script_of(request)
        wanted = int(request.params["secretId"])
        found = next((s for s in script.secrets if s.id == wanted), None) if script is not None else None
        return script, found

    def list_secrets(self, request):
        script = self.script_of(request)
        if script is None:
            return empty(404)
        return json_response(200, {"Secrets": [secret.model() for secret in script.secrets]})

    def add_secret_route(self, request):
        return self._write_secret(request, upsert=False)

    def upsert_secret(self, request):
        return self._write_secret(request, upsert=True)

    def _write_secret(self, request, upsert):
        """Add (a name the script has is refused) or upsert (that secret set: 204) the body's secret."""
        script = self.script_of(request)
        if script is None:
            return empty(404)
        try:
            fields = fields_of(request)
            name, value = entry_name(fields), _value(fields)
            _takes_secrets(script)
            secret = named(script.secrets, name)
            if secret is not None and not upsert:
                raise BodyProblem(
                    "edgescript.secret_exists", "Name", "The script has a secret named %s already." % name
                )
        except BodyProblem as problem:
            return error(problem)
        if secret is None:
            return json_response(200, self.add_secret(script, name, value).model())
        secret.set(value)
        return empty(204)

    def update_secret(self, request):
        _script, secret = self._secret(request)
        if secret is None:
            return empty(404)
        try:
            value = _value(fields_of(request))
        except BodyProblem as problem:
            return error(problem)
        secret.set(value)
        return json_response(200, secret.model())

    def delete_secret(self, request):
        script, secret = self._secret(request)
        if secret is None:
            return empty(404)
        script.secrets.remove(secret)
        return empty(204)
