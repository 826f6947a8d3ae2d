# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Read an OpenAPI document and derive locally what API Guardian derives from it.

The platform never returns the uploaded text, only what it derived (endpoints, parameters, auth
schemes, schemas, title, version), so idempotence needs the same derivation here. The plan-limit
metrics are measured here too, so a document over a limit fails before anything is sent.

YAML is read with the YAML 1.2 core schema (the one OpenAPI 3.1 names): ``yes``/``on`` stay
strings, ``1.10`` is not sexagesimal, dates stay strings, and mapping keys are always the text as
written (``200:`` is the status ``"200"``). A key written twice is an error with its line, because
a second ``get:`` under one path silently replacing the first is a bug nobody wants uploaded.
``info.title``, ``info.version`` and the ``openapi``/``swagger`` field are the text written, in
JSON too: ``"version": 1.10`` is "1.10". Example values and ``x-`` extensions are data: a
``$ref`` inside them is never followed.
"""

from __future__ import annotations

import json
import re
import traceback
from urllib.parse import unquote

try:
    import yaml
    from yaml.nodes import MappingNode, ScalarNode
except ImportError:  # pragma: no cover - exercised by the import sanity test
    yaml = None
    YAML_IMPORT_ERROR = traceback.format_exc()
else:
    YAML_IMPORT_ERROR = None

SWAGGER_2 = "Swagger 2.0"
OPENAPI_30 = "OpenAPI 3.0"
OPENAPI_31 = "OpenAPI 3.1"

HTTP_METHODS = frozenset(("get", "put", "post", "delete", "options", "head", "patch", "trace"))
PARAMETER_GROUPS = ("Path", "Query", "Header", "Cookie")
LOCATIONS = {"path": "Path", "query": "Query", "header": "Header", "cookie": "Cookie"}
# Schema-valued keywords of the OpenAPI 3.0 Schema Object (2.0 uses a subset, 3.1 is a superset).
NODE_KEYWORDS = ("properties", "items", "additionalProperties", "allOf", "anyOf", "oneOf", "not")
# The keywords a nesting chain runs through (plus a followed ``$ref``).
DEPTH_KEYWORDS = ("properties", "items", "additionalProperties", "allOf", "anyOf", "oneOf")
# Keys whose values are example data, kept as written (with ``x-`` extensions): a ``$ref`` in
# them is text, not a reference.
DATA_KEYS = frozenset(("example", "examples", "default", "enum", "const"))
# Schema keywords whose entries are schemas whatever their names (a property called ``$ref``).
SCHEMA_NAME_MAPS = frozenset(("properties", "patternProperties", "definitions", "$defs", "dependentSchemas"))

# Plan limit name (as the platform reports it) -> metric name (as the module returns it).
LIMITS = (
    ("maxEndpoints", "endpoints"),
    ("maxFieldsPerType", "fields_per_type"),
    ("maxNestingDepth", "nesting_depth"),
    ("maxTotalSchemaNodes", "total_schema_nodes"),
    ("maxTotalRegexLength", "total_regex_length"),
)
# Beyond this many visits the nesting search stops and reports the longest chain found so far:
# the longest simple chain through a densely cyclic schema graph is exponential to find exactly.
DEPTH_BUDGET = 500000
# Without a known limit the search stops at this depth (far beyond any plan) to bound recursion.
DEPTH_CAP = 400


TOO_DEEP = "it nests deeper than this reader can follow (hundreds of levels)"


class DocumentError(Exception):
    """The document cannot be read or is not one API Guardian accepts. ``str()`` says where."""


# ---------------------------------------------------------------------------------------------
# Loading


_LOADER = None


def _yaml_loader():
    """A SafeLoader (C-accelerated when available) with the YAML 1.2 core schema, string keys
    and duplicate-key detection; built lazily so the module imports without PyYAML."""
    global _LOADER
    if _LOADER is not None:
        return _LOADER
    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class Loader(base):  # pylint: disable=too-many-ancestors
        yaml_implicit_resolvers = {}

        def construct_mapping(self, node, deep=False):
            if not isinstance(node, MappingNode):
                raise yaml.constructor.ConstructorError(
                    None, None, "expected a mapping, found %s" % node.id, node.start_mark)
            seen = set()
            for key_node, dummy in node.value:
                if not isinstance(key_node, ScalarNode):
                    raise yaml.constructor.ConstructorError(
                        "while reading a mapping", node.start_mark,
                        "found a mapping key that is not a plain value", key_node.start_mark)
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                if key_node.value in seen:
                    raise yaml.constructor.ConstructorError(
                        "while reading a mapping", node.start_mark,
                        "found the key %r a second time" % key_node.value, key_node.start_mark)
                seen.add(key_node.value)
            self.flatten_mapping(node)
            mapping = {}
            for key_node, value_node in node.value:
                mapping[str(key_node.value)] = self.construct_object(value_node, deep=deep)
            return mapping

    def construct_int(loader, node):
        text = loader.construct_scalar(node)
        if text[:2] in ("0o", "0x"):
            return int(text[2:], 8 if text[1] == "o" else 16)
        return int(text, 10)

    def construct_float(loader, node):
        text = loader.construct_scalar(node).lower()
        return float(text.replace(".inf", "inf").replace(".nan", "nan"))

    resolvers = (
        ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
        ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
        ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
        ("tag:yaml.org,2002:float",
         r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
         list("-+.0123456789")),
        ("tag:yaml.org,2002:merge", r"^<<$", ["<"]),
    )
    for tag, pattern, first in resolvers:
        Loader.add_implicit_resolver(tag, re.compile(pattern), first)
    Loader.add_constructor("tag:yaml.org,2002:int", construct_int)
    Loader.add_constructor("tag:yaml.org,2002:float", construct_float)
    _LOADER = Loader
    return Loader


def _mark_text(mark):
    return "line %d column %d" % (mark.line + 1, mark.column + 1) if mark is not None else "an unknown place"


def _yaml_error(exc):
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    text = "not valid YAML at %s: %s" % (_mark_text(mark), problem)
    if context:
        text += " (%s)" % context
    return DocumentError(text)


def _refuse_recursive_aliases(data):
    """A YAML anchor used inside its own value (``a: &a [*a]``) builds a structure containing
    itself, which no walk over the document could finish."""
    entered, finished = set(), set()
    stack = [((), data, False)]
    while stack:
        tokens, value, leaving = stack.pop()
        if leaving:
            entered.discard(id(value))
            finished.add(id(value))
            continue
        if not isinstance(value, (dict, list)) or id(value) in finished:
            continue
        if id(value) in entered:
            raise DocumentError("a recursive YAML alias at %s: an anchor is used inside its own value, "
                                "so the document never ends" % (pointer(tokens) or "the top level"))
        entered.add(id(value))
        stack.append((tokens, value, True))
        items = value.items() if isinstance(value, dict) else enumerate(value)
        stack.extend((tokens + (key,), child, False) for key, child in items)


def _compose_yaml(text):
    """``(data, root node)`` of YAML text, or DocumentError with the line."""
    loader = _yaml_loader()(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        raise _yaml_error(exc)
    finally:
        loader.dispose()
    return data, node


class _DuplicateKey(ValueError):
    pass


def _pairs_no_duplicates(pairs):
    data = {}
    for key, value in pairs:
        if key in data:
            raise _DuplicateKey(key)
        data[key] = value
    return data


def _node_child(node, key):
    """The value node of ``key``: the last pair naming it, since merged pairs (``<<: *base``)
    come first and a key written beside them wins."""
    found = None
    if isinstance(node, MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, ScalarNode) and key_node.value == key:
                found = value_node
    return found


def _scalar_text(value, node):
    """A field's text as written: ``version: 1.10`` is "1.10", as the platform reads it."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(node, ScalarNode):
        return node.value
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, (int, float)) else json.dumps(value, sort_keys=True)


def parse_text(text):
    """The data of YAML or JSON text and a function giving a top-level field's text as written."""
    if yaml is None:
        raise DocumentError("reading it needs PyYAML, which is not installed where the module runs")
    if not isinstance(text, str) or not text.strip():
        raise DocumentError("the document is empty")
    text = text.lstrip("\ufeff")
    if text.lstrip()[:1] == "{":
        try:
            data = json.loads(text, object_pairs_hook=_pairs_no_duplicates)
        except _DuplicateKey:
            data = None  # the YAML reader names the line of the duplicate
        except ValueError as exc:
            first = exc
            try:
                data, node = _compose_yaml(text)
            except DocumentError:
                raise DocumentError("not valid JSON at line %d column %d: %s"
                                    % (first.lineno, first.colno, first.msg))
            _refuse_recursive_aliases(data)
            return data, lambda *keys: _raw(data, node, keys)
        else:
            return data, _JsonLiterals(text, data).raw
    data, node = _compose_yaml(text)
    _refuse_recursive_aliases(data)
    return data, lambda *keys: _raw(data, node, keys)


class _JsonLiterals(object):
    """Fields of JSON text as written: ``"version": 1.10`` is "1.10", as in YAML. The numbers'
    text comes from a second read, done only when a field asked for is a number."""

    def __init__(self, text, data):
        self.text = text
        self.data = data
        self.literals = None

    def raw(self, *keys):
        value = _at(self.data, keys)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if self.literals is None:
                self.literals = json.loads(self.text, parse_int=str, parse_float=str)
            literal = _at(self.literals, keys)
            if isinstance(literal, str):
                return literal
        return _scalar_text(value, None)


def _at(data, keys):
    for key in keys:
        data = data.get(key) if isinstance(data, dict) else None
    return data


def _raw(data, node, keys):
    for key in keys:
        node = _node_child(node, key) if node is not None else None
    return _scalar_text(_at(data, keys), node)


class Document(object):
    """A loaded document: ``data``, ``dialect`` (one of the three names) and the ``info`` text."""

    def __init__(self, data, dialect, title, version):
        self.data = data
        self.dialect = dialect
        self.title = title
        self.version = version

    @property
    def components_pointer(self):
        return "/definitions" if self.dialect == SWAGGER_2 else "/components/schemas"

    def component_schemas(self):
        if self.dialect == SWAGGER_2:
            schemas = self.data.get("definitions")
        else:
            components = self.data.get("components")
            schemas = components.get("schemas") if isinstance(components, dict) else None
        return schemas if isinstance(schemas, dict) else {}


SUPPORTED = "API Guardian reads Swagger 2.0, OpenAPI 3.0.x and OpenAPI 3.1.x"


def detect_dialect(data, raw):
    """The dialect name, or DocumentError saying why this is not a document API Guardian reads.

    The ``swagger`` field decides when a document has both fields, as the emulator reads it.
    """
    if not isinstance(data, dict):
        kind = "empty" if data is None else "a %s" % _kind(data)
        raise DocumentError("not an OpenAPI or Swagger document: its top level is %s, not a mapping" % kind)
    if "swagger" in data:
        version = raw("swagger") or ""
        if version == "2.0":
            return SWAGGER_2
        both = " (with both fields, the 'swagger' field decides; remove the one that does not apply)" \
            if "openapi" in data else ""
        raise DocumentError("Swagger version %r is not supported: the 'swagger' field must be \"2.0\"%s; %s"
                            % (version, both, SUPPORTED))
    if "openapi" in data:
        version = raw("openapi") or ""
        if re.match(r"^3\.0(\.\d+)?$", version):
            return OPENAPI_30
        if re.match(r"^3\.1(\.\d+)?$", version):
            return OPENAPI_31
        raise DocumentError("OpenAPI version %r is not supported: the 'openapi' field must be 3.0.x or 3.1.x; %s"
                            % (version, SUPPORTED))
    raise DocumentError("not an OpenAPI or Swagger document: it has no top-level 'openapi' or 'swagger' field")


def _kind(value):
    if isinstance(value, list):
        return "list"
    if isinstance(value, str):
        return "string"
    return type(value).__name__


def load(text):
    """Parse ``text`` (YAML or JSON) into a :class:`Document`, or raise :class:`DocumentError`."""
    try:
        data, raw = parse_text(text)
    except RecursionError:
        raise DocumentError(TOO_DEEP)
    dialect = detect_dialect(data, raw)
    paths = data.get("paths")
    if paths is not None and not isinstance(paths, dict):
        raise DocumentError("/paths must be a mapping of path templates to path items, not a %s" % _kind(paths))
    info = data.get("info")
    if not isinstance(info, dict):
        raise DocumentError("/info is required: a mapping with the API's title and version")
    for key in ("title", "version"):
        if info.get(key) is None or isinstance(info.get(key), (dict, list)):
            raise DocumentError("/info/%s is required and must be text" % key)
    return Document(data, dialect, raw("info", "title"), raw("info", "version"))


# ---------------------------------------------------------------------------------------------
# References


def _is_data_key(key):
    """Example data and ``x-`` extension values are raw data: a ``$ref`` in them is text, as the
    platform's (.NET) reader keeps extensions, never a reference to follow."""
    return key in DATA_KEYS or str(key).startswith("x-")


def pointer(tokens):
    """RFC 6901 pointer of a token sequence."""
    return "".join("/" + str(t).replace("~", "~0").replace("/", "~1") for t in tokens)


def _unescape(token):
    return token.replace("~1", "/").replace("~0", "~")


class Resolver(object):
    """Follows local ``$ref`` pointers; inlines schemas, keeping a ``$ref`` where a cycle closes."""

    def __init__(self, document):
        self.document = document
        self.data = document.data
        self.siblings_apply = document.dialect == OPENAPI_31
        self._inlined = {}

    def target(self, ref, where):
        """``(object, pointer)`` a ``$ref`` string points to."""
        if not isinstance(ref, str) or not ref.startswith("#"):
            raise DocumentError("the $ref %r at %s points outside the document; API Guardian needs a "
                                "self-contained document (bundle external references first)" % (ref, where))
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
        if isinstance(value, list):
            items, cut = [], False
            for index, item in enumerate(value):
                item, item_cut = self._inline(item, "%s/%d" % (where, index), stack)
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
                resolved, cut = self._inlined[target_pointer], False
            else:
                resolved, cut = self._inline(target, target_pointer, stack + (target_pointer,))
                if not cut:
                    self._inlined[target_pointer] = resolved
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
            result[key], item_cut = self._inline(item, where + pointer([key]), stack,
                                                 names=not names and key in SCHEMA_NAME_MAPS)
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
        return dict(scheme_name=name, scheme_type="ApiKey", location=location,
                    credential_name=scheme["name"], http_scheme=None)
    if (kind == "http" and dialect != SWAGGER_2) or (kind == "basic" and dialect == SWAGGER_2):
        http_scheme = scheme.get("scheme") if kind == "http" else "basic"
        if not isinstance(http_scheme, str):
            raise _scheme_error(where, name, "of type http needs 'scheme' (bearer, basic, ...)")
        return dict(scheme_name=name, scheme_type="Http", location="Header",
                    credential_name="Authorization", http_scheme=http_scheme)
    if kind == "oauth2" or (kind == "openIdConnect" and dialect != SWAGGER_2):
        return dict(scheme_name=name, scheme_type="OAuth2" if kind == "oauth2" else "OpenIdConnect",
                    location="Header", credential_name="Authorization", http_scheme=None)
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
            ("body", "formData") if self.dialect == SWAGGER_2 else ())

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
                    raise DocumentError("the operation %s must be a mapping, not %s"
                                        % (op_pointer, "empty" if operation is None else "a %s" % _kind(operation)))
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
                if not isinstance(parameter, dict) or not isinstance(parameter.get("name"), str) \
                        or not isinstance(parameter.get("in"), str):
                    raise DocumentError("the parameter %s needs a 'name' and an 'in' location" % spot)
                location = parameter["in"]
                if location not in self.locations:
                    raise DocumentError("the parameter %r at %s has 'in: %s'; %s allows %s"
                                        % (parameter["name"], spot, location, self.dialect,
                                           ", ".join(self.locations)))
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
                raise DocumentError("%s names the security scheme %r, which %s does not define"
                                    % (spot, name, self.schemes_pointer))
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
        return self.resolver.inline(media["schema"], "%s/content/%s/schema" % (
            body_pointer, pointer([media_type])[1:]))

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


# ---------------------------------------------------------------------------------------------
# Plan-limit metrics


# The shapes a schema-valued keyword may have: a mapping of names to schemas, one schema, or a
# list of schemas. A keyword written in another shape (``allOf`` as a mapping) holds no schema.
NAMED, SINGLE, LISTED = "named", "single", "listed"
KEYWORD_SHAPES = {
    "properties": (NAMED,), "items": (SINGLE, LISTED), "additionalProperties": (SINGLE,),
    "allOf": (LISTED,), "anyOf": (LISTED,), "oneOf": (LISTED,), "not": (SINGLE,),
}


def _schema_children(schema, keywords):
    """``(tokens, child)`` for the schema objects directly inside ``schema`` (``$ref`` not followed)."""
    for keyword in keywords:
        value, shapes = schema.get(keyword), KEYWORD_SHAPES[keyword]
        if isinstance(value, dict) and NAMED in shapes:
            for name, child in value.items():
                if isinstance(child, dict):
                    yield (keyword, name), child
        elif isinstance(value, dict) and SINGLE in shapes:
            yield (keyword,), value
        elif isinstance(value, list) and LISTED in shapes:
            for index, child in enumerate(value):
                if isinstance(child, dict):
                    yield (keyword, index), child


def schema_roots(document):
    """``(pointer, schema)`` of every root schema: each component schema, then every ``schema`` at
    a place the specification puts one (see :class:`_RootFinder`), in document order."""
    roots = []
    base = document.components_pointer
    for name, schema in document.component_schemas().items():
        if isinstance(schema, dict):
            roots.append((base + pointer([name]), schema))
    _RootFinder(document, roots).document()
    return roots


def _entries(mapping):
    return mapping.items() if isinstance(mapping, dict) else ()


def _field(mapping, key):
    return mapping.get(key) if isinstance(mapping, dict) else None


def _written_here(value):
    """A mapping that is not a ``$ref``: a referenced object is measured where it is written."""
    return isinstance(value, dict) and not isinstance(value.get("$ref"), str)


class _RootFinder(object):
    """Finds the ``schema`` fields of parameters, media types (request bodies, responses, parameter
    and header ``content``), OpenAPI 3 headers and the Swagger 2.0 body parameter and responses,
    wherever those objects are written: paths, operations, callbacks, webhooks, ``components``,
    Swagger's top-level ``parameters``/``responses``. A ``schema`` anywhere else (an unknown
    field, an example, an extension, a Swagger 2.0 ``trace``, beside a path item's ``$ref``) is
    data, not a schema the platform would read."""

    def __init__(self, document, found):
        self.data = document.data
        self.swagger = document.dialect == SWAGGER_2
        self.methods = HTTP_METHODS - {"trace"} if self.swagger else HTTP_METHODS
        self.found = found

    def add(self, owner, where):
        if isinstance(owner.get("schema"), dict):
            self.found.append((where + "/schema", owner["schema"]))

    def document(self):
        for path, item in _entries(self.data.get("paths")):
            self.path_item(item, pointer(["paths", path]))
        if self.swagger:
            for name, parameter in _entries(self.data.get("parameters")):
                self.parameter(parameter, pointer(["parameters", name]))
            for name, response in _entries(self.data.get("responses")):
                self.response(response, pointer(["responses", name]))
            return
        for name, item in _entries(self.data.get("webhooks")):
            self.path_item(item, pointer(["webhooks", name]))
        components = self.data.get("components")
        sections = (("parameters", self.parameter), ("requestBodies", self.request_body),
                    ("responses", self.response), ("headers", self.header), ("callbacks", self.callback),
                    ("pathItems", self.path_item))
        for section, walk in sections:
            for name, value in _entries(_field(components, section)):
                walk(value, pointer(["components", section, name]))

    def path_item(self, item, where):
        if not _written_here(item):
            return
        self.parameters(item.get("parameters"), where + "/parameters")
        for method, operation in item.items():
            if method in self.methods and isinstance(operation, dict):
                self.operation(operation, where + pointer([method]))

    def operation(self, operation, where):
        self.parameters(operation.get("parameters"), where + "/parameters")
        self.request_body(operation.get("requestBody"), where + "/requestBody")
        for code, response in _entries(operation.get("responses")):
            self.response(response, where + pointer(["responses", code]))
        for name, callback in _entries(operation.get("callbacks")):
            self.callback(callback, where + pointer(["callbacks", name]))

    def parameters(self, listed, where):
        if isinstance(listed, list):
            for index, parameter in enumerate(listed):
                self.parameter(parameter, "%s/%d" % (where, index))

    def parameter(self, parameter, where):
        if _written_here(parameter):
            self.add(parameter, where)
            self.content(parameter.get("content"), where + "/content")

    def request_body(self, body, where):
        if _written_here(body) and not self.swagger:
            self.content(body.get("content"), where + "/content")

    def response(self, response, where):
        if not _written_here(response):
            return
        if self.swagger:
            self.add(response, where)
            return
        self.content(response.get("content"), where + "/content")
        for name, header in _entries(response.get("headers")):
            self.header(header, where + pointer(["headers", name]))

    def header(self, header, where):
        if _written_here(header):
            self.add(header, where)
            self.content(header.get("content"), where + "/content")

    def content(self, content, where):
        if self.swagger:
            return
        for media_type, media in _entries(content):
            if isinstance(media, dict):
                spot = where + pointer([media_type])
                self.add(media, spot)
                for name, encoding in _entries(media.get("encoding")):
                    for header_name, header in _entries(_field(encoding, "headers")):
                        self.header(header, spot + pointer(["encoding", name, "headers", header_name]))

    def callback(self, callback, where):
        if _written_here(callback):
            for expression, item in callback.items():
                self.path_item(item, where + pointer([expression]))


def _walk_schema(where, schema):
    """Every schema object of a root (``$ref`` not followed): ``(pointer, schema)``."""
    stack = [(where, schema)]
    while stack:
        where, schema = stack.pop()
        yield where, schema
        children = list(_schema_children(schema, NODE_KEYWORDS))
        for tokens, child in reversed(children):
            stack.append((where + pointer(tokens), child))


class _Depth(object):
    """Longest chain of schema objects from a root, a node already on the chain ending it.

    Results of nodes whose subtree touches no cycle are memoised (so acyclic documents cost one
    visit per schema); once a chain reaches ``cap`` the whole search stops.
    """

    def __init__(self, resolver, cap):
        self.resolver = resolver
        self.cap = cap
        self.memo = {}
        self.visits = 0
        self.reached = False
        self.exact = True

    def longest(self, where, schema):
        return self._visit(where, schema, {})[:2]

    def _edges(self, where, schema):
        ref = schema.get("$ref")
        if isinstance(ref, str):
            target, target_pointer = self.resolver.target(ref, where)
            if isinstance(target, dict):
                yield target_pointer, target
        for tokens, child in _schema_children(schema, DEPTH_KEYWORDS):
            yield where + pointer(tokens), child

    def stopped(self):
        return self.reached or not self.exact

    def _visit(self, where, schema, chain):
        """``(depth, deepest pointer, cyclic)`` of the chains below ``where``."""
        if where in self.memo:
            return self.memo[where]
        self.visits += 1
        if self.visits > DEPTH_BUDGET:
            self.exact = False
            return 1, where, True
        if len(chain) + 1 >= self.cap:
            self.reached = True
            return 1, where, True
        chain[where] = True
        best, deepest, cyclic = 1, where, False
        for child_pointer, child in self._edges(where, schema):
            if child_pointer in chain:
                cyclic = True
                continue
            depth, end, child_cyclic = self._visit(child_pointer, child, chain)
            cyclic = cyclic or child_cyclic
            if depth + 1 > best:
                best, deepest = depth + 1, end
            if self.stopped():
                cyclic = True  # a partial answer: never reuse it
                break
        del chain[where]
        if not cyclic:
            self.memo[where] = (best, deepest, False)
        return best, deepest, cyclic


def measure(document, limits=None):
    """See :func:`_measure`; a document nested beyond recursion raises DocumentError."""
    try:
        return _measure(document, limits)
    except RecursionError:
        raise DocumentError(TOO_DEEP)


def _measure(document, limits=None):
    """The plan-limit metrics of ``document``: ``{metric name: {"value", "where"}}``.

    ``limits`` (platform limit name -> value) lets the nesting search stop once a chain exceeds
    the limit; that chain is then reported, with ``where`` saying it is at least that deep.
    """
    limits = limits or {}
    deriver = Deriver(document)
    operations = sum(1 for dummy in deriver.operations())
    metrics = {"endpoints": {"value": operations, "where": "/paths (%d operations)" % operations}}

    roots = schema_roots(document)
    widest = (0, None)
    for root_pointer, root in roots:
        for where, schema in _walk_schema(root_pointer, root):
            properties = schema.get("properties")
            if isinstance(properties, dict) and len(properties) > widest[0]:
                widest = (len(properties), where)
    metrics["fields_per_type"] = {"value": widest[0], "where": widest[1]}

    nesting_limit = limits.get("maxNestingDepth")
    depth = _Depth(deriver.resolver, nesting_limit + 1 if _positive(nesting_limit) else DEPTH_CAP)
    deepest = (0, None, None)
    for root_pointer, root in roots:
        value, end = depth.longest(root_pointer, root)
        if value > deepest[0]:
            deepest = (value, root_pointer, end)
        if depth.stopped() or value >= depth.cap:
            break
    where = None
    if deepest[1] is not None:
        where = deepest[1] if deepest[1] == deepest[2] else "from %s to %s" % (deepest[1], deepest[2])
        if depth.stopped():
            where += " (at least this deep; the search stopped there)"
    metrics["nesting_depth"] = {"value": deepest[0], "where": where}

    total, largest = 0, (0, None)
    base = document.components_pointer
    for name, schema in document.component_schemas().items():
        count = sum(1 for dummy in _walk_schema(base, schema)) if isinstance(schema, dict) else 1
        total += count
        if count > largest[0]:
            largest = (count, base + pointer([name]))
    where = base
    if largest[1] is not None:
        where += " (largest entry %s with %d)" % (largest[1], largest[0])
    metrics["total_schema_nodes"] = {"value": total, "where": where}

    metrics["total_regex_length"] = _regex_length(document.data)
    return metrics


def _positive(value):
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _regex_length(data):
    """Sum of the lengths of every ``pattern`` string anywhere in the document."""
    total, count, longest = 0, 0, (0, None)
    stack = [((), data)]
    while stack:
        tokens, value = stack.pop()
        if isinstance(value, dict):
            items = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            continue
        for key, child in items:
            if key == "pattern" and isinstance(child, str) and isinstance(value, dict):
                total += len(child)
                count += 1
                if len(child) > longest[0] or longest[1] is None:
                    longest = (len(child), tokens + (key,))
            elif isinstance(child, (dict, list)):
                stack.append((tokens + (key,), child))
    if not count:
        return {"value": 0, "where": None}
    return {"value": total, "where": "%d pattern%s, the longest (%d characters) at %s"
            % (count, "" if count == 1 else "s", longest[0], pointer(longest[1]))}


def exceeded_limits(metrics, limits):
    """Sentences for every plan limit ``metrics`` exceed; a limit not reported (None, 0) is skipped."""
    problems = []
    for limit_name, metric_name in LIMITS:
        limit = limits.get(limit_name)
        measured = metrics[metric_name]
        if _positive(limit) and measured["value"] > limit:
            text = "%s is %d but the document measures %d" % (limit_name, limit, measured["value"])
            if measured["where"]:
                text += " (%s)" % measured["where"]
            problems.append(text)
    return problems


# ---------------------------------------------------------------------------------------------
# The platform's YAML renderings


def parse_rendered(text):
    """The data of a schema the platform rendered as YAML; the text itself when it is not YAML
    (so it compares unequal to any derived schema rather than failing the task)."""
    if text is None:
        return None
    try:
        data = _compose_yaml(text)[0]
        _refuse_recursive_aliases(data)
    except DocumentError:
        return text
    return data


def render(data):
    """A schema as YAML for display (key order kept, no anchors)."""
    if data is None:
        return None
    return yaml.dump(data, Dumper=_yaml_dumper(), sort_keys=False, default_flow_style=False, allow_unicode=True)


def _yaml_dumper():
    global _DUMPER
    if _DUMPER is None:
        class Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # pylint: disable=too-many-ancestors
            def ignore_aliases(self, data):
                return True

        _DUMPER = Dumper
    return _DUMPER


_DUMPER = None
