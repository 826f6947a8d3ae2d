"""Edge Scripting state (``/compute/script``): scripts, their saved code, releases, variables and secrets.

Fixture (docs/emulator.md and emulator/fixture.schema.json): ``edge_scripts: [id | {id, name, script_type, code,
releases: [{code, note}], variables: [{name, default_value, required}], secrets: [{name, value}]}]``. A bare id (the
older form, the scripts pull zone origins may name) is a standalone script ``script<id>`` without code. ``releases``
are published in order: the last one is Live, the others Archived; ``code`` (the saved code) defaults to the last
release's code.

Per script the emulator keeps the saved code and the releases, so it can say which code is live (facts §7.3, TF#26,
TF#77): before any publish the saved code is live (deploy-on-save); after one, only the active release is.
``live()`` answers it, and the admin state dump shows it (``live_code``, ``live_source``).

No HTTP here: the *_routes.py modules serve the routes over this state. Secret values and deployment keys never
leave this module but as the platform sends them (deployment keys in script reads) or as a digest (the dump).
"""

import hashlib
import re
import secrets
import string
from datetime import datetime, timezone

from ...fixtures import FixtureError
from ..pullzones.problems import BodyProblem

DNS, STANDALONE, MIDDLEWARE = 0, 1, 2
TYPES = {"dns": DNS, "cdn": STANDALONE, "standalone": STANDALONE, "middleware": MIDDLEWARE}
ARCHIVED, LIVE = 0, 1
UUID_ALPHABET = string.ascii_lowercase + string.digits
FIRST_SCRIPT_ID = 7000
RUN_DOMAIN = "bunny.run"
# the author every release made through the API carries (the platform's would be the account's user)
AUTHOR = "edge-emulator"


def now():
    """The time as the document's ``date-time`` (UTC, whole seconds)."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def new_deployment_key():
    """A random deployment key (a secret: a new one per script and per rotation)."""
    return secrets.token_hex(24)


def secret_digest(value):
    """How the admin dump shows a secret value: its SHA-256, never the value."""
    return "sha256:" + hashlib.sha256((value or "").encode("utf-8")).hexdigest()


def slug(name):
    """A pull zone name made of ``name``: lower-case letters, digits and hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", (name or "").lower()).strip("-") or "script"


def script_type(value, field="ScriptType"):
    """A script type given as its number or its name (any case); raises BodyProblem."""
    if isinstance(value, str) and value.lower() in TYPES:
        return TYPES[value.lower()]
    if isinstance(value, int) and not isinstance(value, bool) and value in TYPES.values():
        return value
    raise BodyProblem(
        "validation.invalid_value", field, "The field %s must be one of 0 (DNS), 1 (CDN), 2 (Middleware)." % field
    )


def named(items, name):
    """The variable or secret of ``items`` named ``name``: names compare without case (docs/platform-notes.md)."""
    return next((item for item in items if item.name.lower() == name.lower()), None)


def fixture_dns_scripts(fixture):
    """The ids of the fixture's DNS scripts (the DNS area checks its fixture's Script records before this area loads);
    a bad ``script_type`` counts as none: this area names the mistake when it loads."""
    found = set()
    for entry in fixture.get("edge_scripts") or []:
        try:
            if isinstance(entry, dict) and script_type(entry.get("script_type", STANDALONE)) == DNS:
                found.add(entry.get("id"))
        except BodyProblem:
            continue
    return found


class Release(object):
    def __init__(self, release_id, uuid, code, note):
        self.id, self.uuid, self.code, self.note = release_id, uuid, code, note
        self.status = LIVE
        self.released = self.published = now()

    def model(self):
        return {
            "Id": self.id,
            "Deleted": False,
            "Code": self.code,
            "Uuid": self.uuid,
            "Note": self.note,
            "Author": AUTHOR,
            "AuthorEmail": None,
            "CommitSha": None,
            "Status": self.status,
            "DateReleased": self.released,
            "DatePublished": self.published,
        }


class Variable(object):
    def __init__(self, variable_id, name, required, default_value):
        self.id, self.name, self.required, self.default_value = variable_id, name, bool(required), default_value

    def model(self):
        return {"Id": self.id, "Name": self.name, "Required": self.required, "DefaultValue": self.default_value}


class Secret(object):
    def __init__(self, secret_id, name, value):
        self.id, self.name = secret_id, name
        self.value = value or ""
        self.modified = now()

    def set(self, value):
        self.value = value or ""
        self.modified = now()

    def model(self):
        """``EdgeScriptSecretModel``: never the value."""
        return {"Id": self.id, "Name": self.name, "LastModified": self.modified}


class Script(object):
    def __init__(self, script_id, name, kind, code=""):
        self.id, self.name, self.type = script_id, name, kind
        self.code = code or ""
        self.code_modified = self.modified = now()
        self.releases = []  # oldest first
        self.variables = []
        self.secrets = []
        self.deployment_key = new_deployment_key()

    def touch(self):
        self.modified = now()

    def save_code(self, code):
        self.code = code or ""
        self.code_modified = now()
        self.touch()

    def active(self):
        """The Live release, or None."""
        return next((release for release in self.releases if release.status == LIVE), None)

    def live(self):
        """``(code, source)``: what the edge serves and why: the active release, else the saved code
        (deploy-on-save before the first publish), else nothing."""
        release = self.active()
        if release is not None:
            return release.code, "release %s" % release.uuid
        if self.releases:
            return None, "no active release"
        return (self.code, "saved code (never published)") if self.code else (None, "no code")

    def activate(self, release):
        for other in self.releases:
            other.status = ARCHIVED
        release.status = LIVE
        release.published = now()
        self.touch()

    def model(self, linked):
        """``EdgeScriptModel``; ``linked``: its ``LinkedPullZones`` (a list, or None when not asked for). ``Integration``
        (no script here comes from a source code integration) is left out: the document's ``nullable`` + ``oneOf``
        makes its null fail a validator, and absent reads the same to a client."""
        active = self.active()
        return {
            "Id": self.id,
            "Name": self.name,
            "LastModified": self.modified,
            "ScriptType": self.type,
            "CurrentReleaseId": active.id if active is not None else 0,
            "EdgeScriptVariables": [variable.model() for variable in self.variables],
            "Deleted": False,
            "LinkedPullZones": linked,
            "DefaultHostname": linked[0]["DefaultHostname"] if linked else None,
            "SystemHostname": None if self.type == DNS else "%s-%d.%s" % (slug(self.name), self.id, RUN_DOMAIN),
            "DeploymentKey": self.deployment_key,
            "RepositoryId": None,
            "IntegrationId": None,
            "MonthlyCost": 0.0,
            "MonthlyRequestCount": 0,
            "MonthlyCpuTime": 0,
        }

    def dump(self):
        """The admin view: what is saved and what is live; secrets as digests, never the deployment key."""
        live_code, source = self.live()
        return {
            "id": self.id,
            "name": self.name,
            "script_type": self.type,
            "code": self.code,
            "live_code": live_code,
            "live_source": source,
            "releases": [{"uuid": r.uuid, "status": r.status, "code": r.code, "note": r.note} for r in self.releases],
            "variables": [variable.model() for variable in self.variables],
            "secrets": [{"name": s.name, "value_digest": secret_digest(s.value)} for s in self.secrets],
        }


class ScriptsState(object):
    """The account's scripts by id, and the counters of the ids they and their parts get."""

    def __init__(self, fixture, platform):
        self.platform = platform
        self.scripts = {}
        self.last_id = {"release": 0, "variable": 0, "secret": 0}
        for index, entry in enumerate(fixture.get("edge_scripts") or []):
            try:
                self._seed(entry if isinstance(entry, dict) else {"id": entry})
            except BodyProblem as problem:
                raise FixtureError("edge_scripts[%d].%s: %s" % (index, problem.field, problem.message)) from None

    def _seed(self, spec):
        script_id = int(spec["id"])
        kind = script_type(spec.get("script_type", STANDALONE), "script_type")
        releases = spec.get("releases") or []
        code = spec.get("code")
        if code is None and releases:
            code = releases[-1].get("code")
        script = Script(script_id, spec.get("name") or "script%d" % script_id, kind, code)
        for release in releases:
            self.publish(script, release.get("code") or "", release.get("note"))
        for variable in spec.get("variables") or []:
            self.add_variable(script, variable["name"], variable.get("required"), variable.get("default_value"))
        if kind == DNS and spec.get("secrets"):
            raise BodyProblem(
                "", "secrets", "a DNS script takes no secrets (emulator/areas/edge_scripts/secret_routes.py)"
            )
        for secret in spec.get("secrets") or []:
            self.add_secret(script, secret["name"], secret.get("value"))
        self.scripts[script.id] = script

    def next_id(self, kind):
        self.last_id[kind] += 1
        return self.last_id[kind]

    def next_script_id(self):
        return max(list(self.scripts) + [FIRST_SCRIPT_ID]) + 1

    def add_script(self, name, kind, code):
        script = Script(self.next_script_id(), name, kind, code)
        self.scripts[script.id] = script
        return script

    def known(self, script_id):
        """Whether the account has script ``script_id`` (pull zone origins and DNS records ask)."""
        return script_id in self.scripts

    def is_dns_script(self, script_id):
        """Whether ``script_id`` is a DNS script of the account (DNS records of type Script ask)."""
        script = self.scripts.get(script_id)
        return script is not None and script.type == DNS

    def publish(self, script, code, note):
        """A new Live release of ``code``; the one before is archived."""
        taken = {release.uuid for release in script.releases}
        uuid = "".join(secrets.choice(UUID_ALPHABET) for _ in range(8))
        while uuid in taken:
            uuid = "".join(secrets.choice(UUID_ALPHABET) for _ in range(8))
        release = Release(self.next_id("release"), uuid, code, note)
        script.releases.append(release)
        script.activate(release)
        return release

    def add_variable(self, script, name, required, default_value):
        variable = Variable(self.next_id("variable"), name, required, default_value)
        script.variables.append(variable)
        script.touch()
        return variable

    def add_secret(self, script, name, value):
        secret = Secret(self.next_id("secret"), name, value)
        script.secrets.append(secret)
        return secret

    def dump(self):
        return {"edge_scripts": [script.dump() for script in self.scripts.values()]}
