# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Derive locally what API Guardian derives from a loaded document: endpoints, parameters by
location, auth schemes, request and response schemas with ``$ref`` inlined.

The platform never returns the uploaded text, only what it derived, so idempotence needs the same
derivation here. Example values and ``x-`` extensions are data: a ``$ref`` inside them is never
followed.
"""

from __future__ import annotations

from urllib.parse import unquote

from .loader import (
    HTTP_METHODS,
    NODE_BUDGET,
    OPENAPI_31,
    PARAMETER_GROUPS,
    SWAGGER_2,
    TOO_DEEP,
    DocumentError,
    _kind,
    _unescape,
    pointer,
)

# The format of what this reader produces (derive()'s result, measure()'s, the data read from the platform's
# renderings): part of every cache key (cache.py), so bump it with any change to the loader, deriver, metrics or
# renderer that changes their results for some text; entries of an older format are then never read.
FORMAT_VERSION = 1

LOCATIONS = {"path": "Path", "query": "Query", "header": "Header", "cookie": "Cookie"}
# Keys whose values are example data, kept as written (with ``x-`` extensions): a ``$ref`` in
# them is text, not a reference.
DATA_KEYS = frozenset(("example", "examples", "default", "enum", "const"))
# Schema keywords whose entries are schemas whatever their names (a property called ``$ref``).
SCHEMA_NAME_MAPS = frozenset(("properties", "patternProperties", "definitions", "$defs", "dependentSchemas"))


def _is_data_key(key):
    """Example data and ``x-`` extension values are raw data: a ``$ref`` in them is text, as the
    platform's (.NET) reader keeps extensions, never a reference to follow."""
    return key in DATA_KEYS or str(key).startswith("x-")


def _spot(where):
    """The pointer of a lazy location: ``(parent, token)`` pairs around a pointer string, built
    only when a message needs it (a dense ``$ref`` graph visits a million of them)."""
    tokens = []
    while isinstance(where, tuple):
        where, token = where
        tokens.append(token)
    return where + pointer(reversed(tokens))


class Resolver(object):
    """Follows local ``$ref`` pointers; inlines schemas, keeping a ``$ref`` where a cycle closes."""

    def __init__(self, document):
        self.document = document
        self.data = document.data
        self.siblings_apply = document.dialect == OPENAPI_31
        self._inlined = {}
        self._sizes = {}
        self._targets = {}
        self.work = 0

    def _spend(self, nodes, where):
        """Count schema nodes produced or visited; a ``$ref`` graph that fans out or loops densely
        would otherwise take exponential time, or build schemas no task could render."""
        self.work += nodes
        if self.work > NODE_BUDGET:
            raise DocumentError(
                "its $ref graph expands to more than %d schema nodes once the references are "
                "inlined (last at %s): schemas that refer to each other densely or fan out level "
                "after level; simplify the references" % (NODE_BUDGET, _spot(where))
            )

    def target(self, ref, where):
        """``(object, pointer)`` a ``$ref`` string points to (``where``: a pointer, or a lazy one)."""
        found = self._targets.get(ref)
        if found is None:
            found = self._targets[ref] = self._target(ref, _spot(where))
        return found

    def _target(self, ref, where):
        if not isinstance(ref, str) or not ref.startswith("#"):
            raise DocumentError(
                "the $ref %r at %s points outside the document; API Guardian needs a "
                "self-contained document (bundle external references first)" % (ref, where)
            )
        fragment = unquote(ref[1:])
        if fragment and not fragment.startswith("/"):
            raise DocumentError("the $ref %r at %s is not a JSON pointer" % (ref, where))
        tokens = [_unescape(t) for t in fragment[1:].split("/")] if fragment else []
        value = self.data
        for token in tokens:
            if isinstance(value, dict) and token in value:
                value = value[token]
            elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
                value = value[int(token)]
            else:
                raise DocumentError("the $ref %r at %s points to nothing in the document" % (ref, where))
        return value, pointer(tokens)

    def deref(self, value, where):
        """Follow a chain of ``$ref`` objects (parameters, responses, ...) to ``(object, pointer)``."""
        seen = set()
        while isinstance(value, dict) and isinstance(value.get("$ref"), str):
            if value["$ref"] in seen:
                raise DocumentError("the $ref %r at %s refers to itself" % (value["$ref"], where))
            seen.add(value["$ref"])
            value, where = self.target(value["$ref"], where)
        return value, where

    def inline(self, value, where):
        """``value`` with every schema ``$ref`` replaced by its target, recursively."""
        return self._inline(value, where, ())[0]

    def _inline(self, value, where, stack, names=False):
        """``(inlined, cut)``; ``cut`` is true when a cycle was left as ``$ref`` below.
        ``names`` marks a map of names (``properties``), whose keys are never keywords."""
        if isinstance(value, (list, dict)):
            self._spend(1, where)
        if isinstance(value, list):
            items, cut = [], False
            for index, item in enumerate(value):
                item, item_cut = self._inline(item, (where, index), stack)
                items.append(item)
                cut = cut or item_cut
            return items, cut
        if not isinstance(value, dict):
            return value, False
        ref = None if names else value.get("$ref")
        if isinstance(ref, str):
            target, target_pointer = self.target(ref, where)
            if target_pointer in stack:
                return dict(value), True
            if target_pointer in self._inlined:
                # a shared result: whoever walks the schema walks it once more
                resolved, cut = self._inlined[target_pointer], False
                self._spend(self._sizes[target_pointer], where)
            else:
                before = self.work
                resolved, cut = self._inline(target, target_pointer, stack + (target_pointer,))
                if not cut:
                    self._inlined[target_pointer] = resolved
                    self._sizes[target_pointer] = self.work - before
            siblings = dict((k, v) for k, v in value.items() if k != "$ref")
            if self.siblings_apply and siblings and isinstance(resolved, dict):
                extra, extra_cut = self._inline(siblings, where, stack)
                merged = dict(resolved)
                merged.update(extra)
                return merged, cut or extra_cut
            return resolved, cut
        result, cut = {}, False
        for key, item in value.items():
            if not names and _is_data_key(key):
                result[key] = item
                continue
            result[key], item_cut = self._inline(item, (where, key), stack, names=not names and key in SCHEMA_NAME_MAPS)
            cut = cut or item_cut
        return result, cut


# ---------------------------------------------------------------------------------------------
# Derivation


def is_json_media_type(media_type):
    """``application/json``, ``text/json``, ``application/problem+json``, ... (parameters ignored)."""
    base = str(media_type).split(";", 1)[0].strip().lower()
    subtype = base.partition("/")[2]
    return subtype == "json" or subtype.endswith("+json")


def _json_media(content):
    """``(media type, media object)`` read for a schema: ``application/json`` when listed, else the
    first JSON media type in document order."""
    if not isinstance(content, dict):
        return None, None
    for media_type, media in content.items():
        if str(media_type).split(";", 1)[0].strip().lower() == "application/json":
            return media_type, media
    for media_type, media in content.items():
        if is_json_media_type(media_type):
            return media_type, media
    return None, None


def _speaks_json(media_types):
    """Swagger 2.0 consumes/produces: JSON when absent (the converters' default) or listing JSON."""
    if media_types is None:
        return True
    return isinstance(media_types, list) and any(is_json_media_type(m) for m in media_types)


def _scheme_error(where, name, problem):
    return DocumentError("the security scheme %r (%s) %s" % (name, where, problem))


def map_auth_scheme(name, scheme, dialect, where):
    """AuthSchemeDetails (snake_case) of one security scheme; None for mutualTLS, which carries no
    credential API Guardian could check."""
    kind = scheme.get("type")
    if kind == "apiKey":
        location = LOCATIONS.get(scheme.get("in")) if scheme.get("in") != "path" else None
        if location is None or not isinstance(scheme.get("name"), str):
            raise _scheme_error(where, name, "of type apiKey needs 'in' (header, query or cookie) and 'name'")
        return dict(
            scheme_name=name, scheme_type="ApiKey", location=location, credential_name=scheme["name"], http_scheme=None
        )
    if (kind == "http" and dialect != SWAGGER_2) or (kind == "basic" and dialect == SWAGGER_2):
        http_scheme = scheme.get("scheme") if kind == "http" else "basic"
        if not isinstance(http_scheme, str):
            raise _scheme_error(where, name, "of type http needs 'scheme' (bearer, basic, ...)")
        return dict(
            scheme_name=name,
            scheme_type="Http",
            location="Header",
            credential_name="Authorization",
            http_scheme=http_scheme,
        )
    if kind == "oauth2" or (kind == "openIdConnect" and dialect != SWAGGER_2):
        return dict(
            scheme_name=name,
            scheme_type="OAuth2" if kind == "oauth2" else "OpenIdConnect",
            location="Header",
            credential_name="Authorization",
            http_scheme=None,
        )
    if kind == "mutualTLS" and dialect == OPENAPI_31:
        return None
    raise _scheme_error(where, name, "has the type %r, which %s does not define" % (kind, dialect))


class Deriver(object):
    """Derives the endpoint list of a document exactly as API Guardian does (see module docs)."""

    def __init__(self, document):
        self.document = document
        self.data = document.data
        self.dialect = document.dialect
        self.resolver = Resolver(document)
        if self.dialect == SWAGGER_2:
            schemes, schemes_pointer = self.data.get("securityDefinitions"), "/securityDefinitions"
        else:
            components = self.data.get("components")
            schemes = components.get("securitySchemes") if isinstance(components, dict) else None
            schemes_pointer = "/components/securitySchemes"
        self.schemes = schemes if isinstance(schemes, dict) else {}
        self.schemes_pointer = schemes_pointer
        self.methods = HTTP_METHODS - {"trace"} if self.dialect == SWAGGER_2 else HTTP_METHODS
        self.locations = ("path", "query", "header", "cookie") + (
            ("body", "formData") if self.dialect == SWAGGER_2 else ()
        )

    def operations(self):
        """``(method, path, operation, path item, pointer)`` for every operation, in document order."""
        paths = self.data.get("paths") or {}
        for path, item in paths.items():
            item_pointer = pointer(["paths", path])
            item, dummy = self.resolver.deref(item, item_pointer)
            if item is None:
                continue
            if not isinstance(item, dict):
                raise DocumentError("the path item %s must be a mapping, not a %s" % (item_pointer, _kind(item)))
            for method, operation in item.items():
                if method not in self.methods:
                    continue
                op_pointer = item_pointer + "/" + method
                if not isinstance(operation, dict):
                    raise DocumentError(
                        "the operation %s must be a mapping, not %s"
                        % (op_pointer, "empty" if operation is None else "a %s" % _kind(operation))
                    )
                yield method.upper(), str(path), operation, item, op_pointer

    def derive(self):
        """``{"title", "version", "endpoints": [...]}``; each endpoint as documented in :meth:`endpoint`."""
        endpoints = [self.endpoint(m, p, op, item, where) for m, p, op, item, where in self.operations()]
        return {"title": self.document.title, "version": self.document.version, "endpoints": endpoints}

    def endpoint(self, method, path, operation, item, where):
        """One endpoint: method, path, parameters by location, auth schemes, body and response schemas."""
        parameters, body = self._parameters(item, operation, where)
        if self.dialect == SWAGGER_2:
            if body is not None and not _speaks_json(self._effective(operation, "consumes")):
                body = None
            request_schema = self.resolver.inline(body[1], body[0]) if body is not None else None
        else:
            request_schema = self._request_body(operation, where)
        return {
            "method": method,
            "path": path,
            "parameters": parameters,
            "auth_schemes": self._auth_schemes(operation, where),
            "request_body_schema": request_schema,
            "response_body_schemas": self._responses(operation, where),
            "where": where,
        }

    def _effective(self, operation, key):
        return operation[key] if operation.get(key) is not None else self.data.get(key)

    def _parameters(self, item, operation, where):
        """ParameterGroups by location, and the Swagger 2.0 body parameter ``(pointer, schema)``.

        An operation's parameter replaces the path item's with the same name and location, in its
        place; the body is the first body parameter after that (a second one is invalid and
        ignored), None when it has no schema.
        """
        merged = {}
        for owner, owner_pointer in ((item, where.rsplit("/", 1)[0]), (operation, where)):
            listed = owner.get("parameters")
            if listed is None:
                continue
            if not isinstance(listed, list):
                raise DocumentError("%s/parameters must be a list" % owner_pointer)
            for index, parameter in enumerate(listed):
                spot = "%s/parameters/%d" % (owner_pointer, index)
                parameter, parameter_pointer = self.resolver.deref(parameter, spot)
                if (
                    not isinstance(parameter, dict)
                    or not isinstance(parameter.get("name"), str)
                    or not isinstance(parameter.get("in"), str)
                ):
                    raise DocumentError("the parameter %s needs a 'name' and an 'in' location" % spot)
                location = parameter["in"]
                if location not in self.locations:
                    raise DocumentError(
                        "the parameter %r at %s has 'in: %s'; %s allows %s"
                        % (parameter["name"], spot, location, self.dialect, ", ".join(self.locations))
                    )
                merged[(parameter["name"], location)] = (parameter, parameter_pointer)
        groups = dict((group, []) for group in PARAMETER_GROUPS)
        bodies = []
        for (name, location), (parameter, parameter_pointer) in merged.items():
            if location in LOCATIONS:
                groups[LOCATIONS[location]].append(name)
            elif location == "body":
                bodies.append((parameter_pointer + "/schema", parameter.get("schema")))
        body = bodies[0] if bodies and isinstance(bodies[0][1], dict) else None
        return groups, body

    def _auth_schemes(self, operation, where):
        """Schemes named by the operation's ``security`` (the document's when absent or null);
        ``[]`` or only empty requirements mean none."""
        if operation.get("security") is not None:
            requirements, spot = operation["security"], where + "/security"
        else:
            requirements, spot = self.data.get("security"), "/security"
        if requirements is None:
            return []
        if not isinstance(requirements, list) or not all(isinstance(r, dict) for r in requirements):
            raise DocumentError("%s must be a list of security requirement mappings" % spot)
        names = []
        for requirement in requirements:
            names.extend(str(n) for n in requirement if str(n) not in names)
        schemes = []
        for name in names:
            scheme, dummy = self.resolver.deref(self.schemes.get(name), spot)
            if not isinstance(scheme, dict):
                raise DocumentError(
                    "%s names the security scheme %r, which %s does not define" % (spot, name, self.schemes_pointer)
                )
            mapped = map_auth_scheme(name, scheme, self.dialect, spot)
            if mapped is not None:
                schemes.append(mapped)
        return schemes

    def _request_body(self, operation, where):
        body, body_pointer = self.resolver.deref(operation.get("requestBody"), where + "/requestBody")
        if not isinstance(body, dict):
            return None
        media_type, media = _json_media(body.get("content"))
        if not isinstance(media, dict) or not isinstance(media.get("schema"), dict):
            return None
        return self.resolver.inline(media["schema"], "%s/content/%s/schema" % (body_pointer, pointer([media_type])[1:]))

    def _responses(self, operation, where):
        responses = operation.get("responses")
        schemas = {}
        if responses is None:
            return schemas
        if not isinstance(responses, dict):
            raise DocumentError("%s/responses must be a mapping of status codes to responses" % where)
        json_responses = self.dialect != SWAGGER_2 or _speaks_json(self._effective(operation, "produces"))
        for code, response in responses.items():
            response, response_pointer = self.resolver.deref(response, "%s/responses/%s" % (where, code))
            if not isinstance(response, dict):
                continue
            if self.dialect == SWAGGER_2:
                schema = response.get("schema") if json_responses else None
                schema_pointer = response_pointer + "/schema"
            else:
                media_type, media = _json_media(response.get("content"))
                schema = media.get("schema") if isinstance(media, dict) else None
                schema_pointer = "%s/content/%s/schema" % (response_pointer, pointer([media_type or ""])[1:])
            if isinstance(schema, dict):
                schemas[str(code)] = self.resolver.inline(schema, schema_pointer)
        return schemas


def derive(document):
    """What API Guardian derives from ``document`` (see :meth:`Deriver.derive`)."""
    try:
        return Deriver(document).derive()
    except RecursionError:
        raise DocumentError(TOO_DEEP)
