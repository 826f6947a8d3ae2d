"""What API Guardian derives from an uploaded OpenAPI document: Swagger 2.0, OpenAPI 3.0 and 3.1.

Written from the issue's rules, independently of the collection's own parser, so the module's
local prediction and this emulator are two implementations checked against each other:

- one endpoint per operation: ``requestMethod`` upper-case, ``requestPath`` the path key as written;
  endpoints in document order (paths, then the operations of each path item);
- parameters from the path item and the operation (``$ref`` followed), an operation parameter
  replacing the path-level one with the same name and ``in`` at its position; grouped as
  ``Path``/``Query``/``Header``/``Cookie`` (all four keys always present; Swagger ``body`` and
  ``formData`` parameters belong to no group);
- auth schemes from the operation's ``security`` when the key is there (and not null), else the
  document's; the scheme names of all requirement objects in order, without repeats; ``[]`` or only
  empty requirements mean none (``None``). apiKey -> its ``in``/``name``; http (Swagger 2.0:
  ``basic``) -> ``httpScheme`` as written, header ``Authorization``; oauth2 and (3.x)
  openIdConnect -> header ``Authorization``; mutualTLS (3.1) carries no credential and is left
  out; any other type (``http`` in Swagger 2.0 included) makes the document invalid;
- request body schema: OpenAPI 3 ``requestBody`` content ``application/json`` if present, else the
  first media type (document order) whose type ends in ``/json`` or ``+json``; Swagger 2.0 the
  ``in: body`` parameter when the effective ``consumes`` is absent or lists such a type;
- response schemas likewise per response, keyed by the status code as a string (``default`` too);
- schemas with every ``$ref`` replaced by its target (recursively); a ``$ref`` back into a schema
  already being expanded stays a ``{$ref: ...}`` mapping; in 3.1 the keys beside a ``$ref`` are laid
  over its target, in 2.0/3.0 they are ignored as those versions specify. The values of
  ``example``, ``examples``, ``default``, ``enum``, ``const`` and ``x-*`` extensions are data,
  kept exactly as written: a ``$ref`` inside them is text, not a reference. The entries of
  ``properties``, ``patternProperties``, ``definitions``, ``$defs`` and ``dependentSchemas`` are
  schemas whatever their names (a property named ``example`` or ``$ref`` is a property);
- ``$ref`` values are URI fragments: percent-decoded first, then read as a JSON pointer (RFC 6901);
- ``info.title``/``info.version`` (and ``openapi``/``swagger``) are read as the text written, so an
  unquoted ``version: 1.10`` is "1.10" (see text.py for how the text is read);
- rendered as YAML with ``yaml.safe_dump`` (key order kept, block style, no anchors).
"""

import re
from urllib.parse import unquote

import yaml

from .text import SpecError, Text

OPERATION_METHODS = {
    "2.0": ("get", "put", "post", "delete", "options", "head", "patch"),
    "3.0": ("get", "put", "post", "delete", "options", "head", "patch", "trace"),
    "3.1": ("get", "put", "post", "delete", "options", "head", "patch", "trace"),
}
PARAMETER_GROUPS = {"path": "Path", "query": "Query", "header": "Header", "cookie": "Cookie"}
NON_GROUP_LOCATIONS = {"2.0": ("body", "formData"), "3.0": (), "3.1": ()}
API_KEY_LOCATIONS = {"header": "Header", "query": "Query", "cookie": "Cookie"}
# Schema keywords whose value is data, and those whose value maps names to schemas.
DATA_KEYWORDS = ("example", "examples", "default", "enum", "const")
SCHEMA_MAPS = ("properties", "patternProperties", "definitions", "$defs", "dependentSchemas")


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):
    """safe_dump (libyaml's emitter when present) without anchors: a value used twice is written twice."""

    def ignore_aliases(self, data):
        return True


def render_yaml(value):
    """Deterministic YAML text of a schema (the platform's ``*SchemaYaml`` fields)."""
    return yaml.dump(value, Dumper=_Dumper, sort_keys=False, default_flow_style=False, allow_unicode=True)


class YamlRenderer(object):
    """render_yaml with a cache: a schema used by many operations is rendered once.

    The key is the value's ``repr``: like the YAML text, it keeps key order and tells 1, 1.0,
    True, "1" and dates apart.
    """

    def __init__(self):
        self.cache = {}

    def __call__(self, value):
        key = repr(value)
        if key not in self.cache:
            self.cache[key] = render_yaml(value)
        return self.cache[key]


def pointer(*tokens):
    """A JSON pointer fragment (``#/paths/~1pets/get``) for error messages."""
    return "#/" + "/".join(str(t).replace("~", "~0").replace("/", "~1") for t in tokens)


def ref_tokens(ref):
    """The JSON pointer tokens of a local ``$ref`` (``#/a/b~1c``), or None when it is not one."""
    if not isinstance(ref, str) or not ref.startswith("#"):
        return None
    fragment = unquote(ref[1:])
    if fragment and not fragment.startswith("/"):
        return None
    return [t.replace("~1", "/").replace("~0", "~") for t in fragment.split("/")[1:]] if fragment else []


def canonical(ref):
    """One spelling per local target, so two ``$ref`` spellings (or a location) compare equal."""
    tokens = ref_tokens(ref)
    return ref if tokens is None else pointer(*tokens)


def is_data_key(key):
    return key in DATA_KEYWORDS or str(key).startswith("x-")


def detect_dialect(text):
    """``"2.0"``, ``"3.0"`` or ``"3.1"`` from the version written; SpecError for anything else."""
    doc = text.data
    if "swagger" in doc:
        if str(text.written("swagger")) == "2.0":
            return "2.0"
        raise SpecError(
            "Unsupported swagger version %r: only Swagger 2.0, OpenAPI 3.0 and OpenAPI 3.1 are read."
            % str(text.written("swagger"))
        )
    if "openapi" in doc:
        version = str(text.written("openapi"))
        for dialect in ("3.0", "3.1"):
            if re.match(r"^%s(\.[0-9]+)?$" % re.escape(dialect), version):
                return dialect
        raise SpecError(
            "Unsupported openapi version %r: only Swagger 2.0, OpenAPI 3.0 and OpenAPI 3.1 are read." % version
        )
    raise SpecError("Not an OpenAPI or Swagger document: no top-level 'openapi' or 'swagger' field.")


def _info_text(text, key):
    """A scalar as written (``true``, ``1.10``): the platform's reader takes these fields as text."""
    value = text.written("info", key)
    if value is None:
        raise SpecError("info.%s is required." % key)
    if isinstance(value, (dict, list)):
        raise SpecError("info.%s must be a string." % key)
    return value


def is_json_media_type(media_type):
    base = str(media_type).split(";", 1)[0].strip().lower()
    return "/" in base and (base.endswith("/json") or base.endswith("+json"))


def pick_json(content):
    """The media type object to read a schema from: application/json first, else the first JSON type."""
    if not isinstance(content, dict):
        return None
    for media_type, media in content.items():
        if str(media_type).split(";", 1)[0].strip().lower() == "application/json":
            return media
    for media_type, media in content.items():
        if is_json_media_type(media_type):
            return media
    return None


# Schema nodes one upload's inlining may produce or visit (the 2,000-operation bench document needs ~50,000).
EXPANSION_LIMIT = 1000000


class Document(object):
    """A parsed document with ``$ref`` resolution."""

    def __init__(self, text):
        read = Text(text)
        self.doc = read.data
        self.dialect = detect_dialect(read)
        if not isinstance(self.doc.get("info"), dict):
            raise SpecError("info is required: a mapping with title and version.")
        self.title = _info_text(read, "title")
        self.version = _info_text(read, "version")
        self._inlined = {}
        self._sizes = {}
        self._work = 0

    def _spend(self, nodes):
        """Bound the work of one upload: a ``$ref`` graph that loops densely or fans out level after level
        expands beyond anything the emulator could render, and would hold every other client meanwhile."""
        self._work += nodes
        if self._work > EXPANSION_LIMIT:
            raise SpecError(
                "The specification's $ref references expand to more than %d schema nodes once "
                "inlined." % EXPANSION_LIMIT
            )

    # -- references ---------------------------------------------------------------------------
    def lookup(self, ref, where):
        if not isinstance(ref, str) or not ref.startswith("#"):
            raise SpecError("%s: only local $ref values (starting with #) are supported, found %r." % (where, ref))
        tokens = ref_tokens(ref)
        if tokens is None:
            raise SpecError("%s: $ref %r is not a JSON pointer." % (where, ref))
        node = self.doc
        for token in tokens:
            if isinstance(node, dict) and token in node:
                node = node[token]
            elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
                node = node[int(token)]
            else:
                raise SpecError("%s: $ref %r points to nothing in the document." % (where, ref))
        return node

    def deref(self, node, where):
        """Follow the ``$ref`` chain of a non-schema object (parameter, response, request body...)."""
        seen = []
        while isinstance(node, dict) and isinstance(node.get("$ref"), str):
            ref = node["$ref"]
            if ref in seen:
                raise SpecError("%s: $ref cycle through %r." % (where, ref))
            seen.append(ref)
            node = self.lookup(ref, where)
        return node

    def inline(self, schema, where, expanding=frozenset()):
        """``schema`` with each ``$ref`` replaced by its target; recursion stays a reference.

        A target's expansion depends only on the targets being expanded around it, so it is
        memoised by both: documents reusing a schema in thousands of operations expand it once.
        Results are shared between callers and never modified.
        """
        if isinstance(schema, (list, dict)):
            self._spend(1)
        if isinstance(schema, list):
            return [self.inline(item, where, expanding) for item in schema]
        if not isinstance(schema, dict):
            return schema
        ref = schema.get("$ref")
        if isinstance(ref, str):
            target = canonical(ref)
            if target in expanding:
                return dict(schema)
            key = (target, expanding)
            if key not in self._inlined:
                before = self._work
                self._inlined[key] = self.inline(self.lookup(ref, where), where, expanding | {target})
                self._sizes[key] = self._work - before
            else:
                self._spend(self._sizes[key])  # a shared result is walked again by whoever renders it
            resolved = self._inlined[key]
            siblings = {k: v for k, v in schema.items() if k != "$ref"}
            if self.dialect == "3.1" and siblings and isinstance(resolved, dict):
                resolved = dict(resolved)
                resolved.update(self.inline(siblings, where, expanding))
            return resolved
        inlined = {}
        for key, value in schema.items():
            if is_data_key(key):
                inlined[key] = value
            elif key in SCHEMA_MAPS and isinstance(value, dict):
                inlined[key] = {name: self.inline(child, where, expanding) for name, child in value.items()}
            else:
                inlined[key] = self.inline(value, where, expanding)
        return inlined

    # -- operations ---------------------------------------------------------------------------
    def operations(self):
        """``(method, path, path_item, operation, where)`` for every operation, in document order."""
        paths = self.doc.get("paths")
        if paths is None:
            return []
        if not isinstance(paths, dict):
            raise SpecError("paths must be a mapping of path templates to path items.")
        found = []
        methods = OPERATION_METHODS[self.dialect]
        for path, item in paths.items():
            item = self.deref(item, pointer("paths", path))
            if item is None:
                continue
            if not isinstance(item, dict):
                raise SpecError("%s: a path item must be a mapping." % pointer("paths", path))
            for key, operation in item.items():
                if key not in methods:
                    continue
                where = pointer("paths", path, key)
                if not isinstance(operation, dict):
                    raise SpecError("%s: an operation must be a mapping." % where)
                found.append((key.upper(), str(path), item, operation, where))
        return found

    def parameters(self, item, operation, where):
        merged = []
        for owner, source in (("path item", item.get("parameters")), ("operation", operation.get("parameters"))):
            if source is None:
                continue
            if not isinstance(source, list):
                raise SpecError("%s: the %s's parameters must be a list." % (where, owner))
            for index, raw in enumerate(source):
                spot = "%s/parameters/%d" % (where, index)
                param = self.deref(raw, spot)
                if (
                    not isinstance(param, dict)
                    or not isinstance(param.get("name"), str)
                    or not isinstance(param.get("in"), str)
                ):
                    raise SpecError("%s: a parameter needs a name and an 'in' location." % spot)
                location = param["in"]
                if location not in PARAMETER_GROUPS and location not in NON_GROUP_LOCATIONS[self.dialect]:
                    allowed = list(PARAMETER_GROUPS) + list(NON_GROUP_LOCATIONS[self.dialect])
                    raise SpecError(
                        "%s: parameter %r has 'in: %s'; it must be one of %s."
                        % (spot, param["name"], location, ", ".join(allowed))
                    )
                key = (location, param["name"])
                for position, (other_key, _other) in enumerate(merged):
                    if other_key == key:
                        merged[position] = (key, param)
                        break
                else:
                    merged.append((key, param))
        return [param for _key, param in merged]

    def security_scheme(self, name, where):
        if self.dialect == "2.0":
            schemes, home = self.doc.get("securityDefinitions"), "securityDefinitions"
        else:
            schemes, home = (self.doc.get("components") or {}).get("securitySchemes"), "components/securitySchemes"
        scheme = schemes.get(name) if isinstance(schemes, dict) else None
        scheme = self.deref(scheme, where)
        if not isinstance(scheme, dict):
            raise SpecError("%s: security scheme %r is not defined in %s." % (where, name, home))
        kind = scheme.get("type")
        if kind == "apiKey":
            location = API_KEY_LOCATIONS.get(scheme.get("in"))
            if location is None or not isinstance(scheme.get("name"), str):
                raise SpecError(
                    "%s: apiKey security scheme %r needs 'in' (header, query or cookie) and 'name'." % (where, name)
                )
            return {
                "schemeName": name,
                "schemeType": "ApiKey",
                "location": location,
                "credentialName": scheme["name"],
                "httpScheme": None,
            }
        if (kind == "http" and self.dialect != "2.0") or (kind == "basic" and self.dialect == "2.0"):
            http_scheme = scheme.get("scheme") if kind == "http" else "basic"
            if not isinstance(http_scheme, str):
                raise SpecError("%s: http security scheme %r needs 'scheme'." % (where, name))
            return {
                "schemeName": name,
                "schemeType": "Http",
                "location": "Header",
                "credentialName": "Authorization",
                "httpScheme": http_scheme,
            }
        if kind == "oauth2" or (kind == "openIdConnect" and self.dialect != "2.0"):
            return {
                "schemeName": name,
                "schemeType": "OAuth2" if kind == "oauth2" else "OpenIdConnect",
                "location": "Header",
                "credentialName": "Authorization",
                "httpScheme": None,
            }
        if kind == "mutualTLS" and self.dialect == "3.1":
            return None
        raise SpecError("%s: security scheme %r has unknown type %r." % (where, name, kind))

    def auth_schemes(self, operation, where):
        if operation.get("security") is not None:
            requirements, spot = operation["security"], where + "/security"
        else:
            requirements, spot = self.doc.get("security"), "#/security"
        if requirements is None:
            return None
        if not isinstance(requirements, list) or not all(isinstance(r, dict) for r in requirements):
            raise SpecError("%s: security must be a list of requirement mappings." % spot)
        names = []
        for requirement in requirements:
            names.extend(name for name in requirement if name not in names)
        schemes = [self.security_scheme(str(name), spot) for name in names]
        schemes = [scheme for scheme in schemes if scheme is not None]
        return schemes or None

    def _accepts_json(self, operation, key):
        """Swagger 2.0: the effective consumes/produces is absent or lists a JSON type."""
        types = operation.get(key) if operation.get(key) is not None else self.doc.get(key)
        return types is None or (isinstance(types, list) and any(is_json_media_type(t) for t in types))

    def request_schema(self, operation, parameters, where):
        if self.dialect == "2.0":
            bodies = [p for p in parameters if p.get("in") == "body"]
            if not bodies or not self._accepts_json(operation, "consumes"):
                return None
            schema = bodies[0].get("schema")
            return self.inline(schema, where) if isinstance(schema, dict) else None
        body = self.deref(operation.get("requestBody"), where + "/requestBody")
        if not isinstance(body, dict):
            return None
        media = pick_json(body.get("content"))
        schema = media.get("schema") if isinstance(media, dict) else None
        return self.inline(schema, where + "/requestBody") if isinstance(schema, dict) else None

    def response_schemas(self, operation, where):
        responses = operation.get("responses")
        if responses is None:
            return None
        if not isinstance(responses, dict):
            raise SpecError("%s/responses must be a mapping of status codes to responses." % where)
        found = {}
        for code, raw in responses.items():
            spot = "%s/responses/%s" % (where, code)
            response = self.deref(raw, spot)
            if not isinstance(response, dict):
                continue
            if self.dialect == "2.0":
                schema = response.get("schema") if self._accepts_json(operation, "produces") else None
            else:
                media = pick_json(response.get("content"))
                schema = media.get("schema") if isinstance(media, dict) else None
            if isinstance(schema, dict):
                found[str(code)] = self.inline(schema, spot)
        return found or None

    def endpoints(self):
        """Every operation as API Guardian derives it (schemas as data, not yet YAML)."""
        result = []
        for method, path, item, operation, where in self.operations():
            parameters = self.parameters(item, operation, where)
            groups = {group: [] for group in PARAMETER_GROUPS.values()}
            for param in parameters:
                if param["in"] in PARAMETER_GROUPS:
                    groups[PARAMETER_GROUPS[param["in"]]].append(param["name"])
            result.append(
                {
                    "method": method,
                    "path": path,
                    "parameters": groups,
                    "auth_schemes": self.auth_schemes(operation, where),
                    "request_schema": self.request_schema(operation, parameters, where),
                    "response_schemas": self.response_schemas(operation, where),
                }
            )
        return result
