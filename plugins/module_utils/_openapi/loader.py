# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Load an OpenAPI document: YAML (1.2 core schema) or JSON text into data, its dialect and ``info``.

YAML is read with the YAML 1.2 core schema (the one OpenAPI 3.1 names): ``yes``/``on`` stay
strings, ``1.10`` is not sexagesimal, dates stay strings, and mapping keys are always the text as
written (``200:`` is the status ``"200"``). A key written twice is an error with its line, because
a second ``get:`` under one path silently replacing the first is a bug nobody wants uploaded.
``info.title``, ``info.version`` and the ``openapi``/``swagger`` field are the text written, in
JSON too: ``"version": 1.10`` is "1.10".
"""

from __future__ import annotations

import gc
import json
import re
import traceback

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

TOO_DEEP = "it nests deeper than this reader can follow (hundreds of levels)"

# Bounds on the work one document may cause, so no input hangs the task or exhausts its memory.
# 10 MB: the whole text travels inside the module's arguments and then inside one JSON request
# body, and a plan's limits (hundreds of endpoints, thousands of schema nodes) fit in a small
# fraction of it (a 2,000-operation document with 20-property schemas is 1.7 MB); parsing 10 MB
# takes seconds and a few hundred MB of memory, which is the most a task should spend on it.
MAX_DOCUMENT_BYTES = 10 * 1024 * 1024
# Collections nested deeper than this are refused before parsing: libyaml's composer recurses
# once per level in C and crashes the interpreter (a segfault, no exception) near 25,000 levels.
MAX_DEPTH = 1000
# Nodes one document may amount to with every YAML alias expanded, and schema nodes its ``$ref``
# inlining may produce or visit: what a walk over the document costs, bounded whatever its shape.
NODE_BUDGET = 1000000


class DocumentError(Exception):
    """The document cannot be read or is not one API Guardian accepts. ``str()`` says where."""


def pointer(tokens):
    """RFC 6901 pointer of a token sequence."""
    return "".join("/" + str(t).replace("~", "~0").replace("/", "~1") for t in tokens)


def _unescape(token):
    return token.replace("~1", "/").replace("~0", "~")


# The YAML 1.2 core schema's implicit types (https://yaml.org/spec/1.2.2/#1032-tag-resolution),
# replacing PyYAML's YAML 1.1 table: ``yes``, ``on``, ``1:30``, ``2024-01-31`` and ``010`` are not
# booleans, sexagesimals, dates or octals. The C and the pure-Python loader share this table, so
# both read every document alike (tests/unit/plugins/module_utils/_openapi/test_load.py proves it).
CORE_SCHEMA_RESOLVERS = (
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
    (
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        list("-+.0123456789"),
    ),
    ("tag:yaml.org,2002:merge", r"^<<$", ["<"]),
)
MERGE_TAG = "tag:yaml.org,2002:merge"

_LOADERS = {}


def _construct_int(loader, node):
    text = loader.construct_scalar(node)
    if text[:2] in ("0o", "0x"):
        return int(text[2:], 8 if text[1] == "o" else 16)
    return int(text, 10)


def _construct_float(loader, node):
    text = loader.construct_scalar(node).lower()
    return float(text.replace(".inf", "inf").replace(".nan", "nan"))


def _construct_mapping(self, node, deep=False):
    """A mapping whose keys are the text as written; a key written twice is an error with its line."""
    if not isinstance(node, MappingNode):
        raise yaml.constructor.ConstructorError(None, None, "expected a mapping, found %s" % node.id, node.start_mark)
    mapping, merges = {}, False
    for key_node, value_node in node.value:
        if not isinstance(key_node, ScalarNode):
            raise yaml.constructor.ConstructorError(
                "while reading a mapping",
                node.start_mark,
                "found a mapping key that is not a plain value",
                key_node.start_mark,
            )
        if key_node.tag == MERGE_TAG:
            merges = True
            continue
        key = str(key_node.value)
        if key in mapping:
            raise yaml.constructor.ConstructorError(
                "while reading a mapping",
                node.start_mark,
                "found the key %r a second time" % key_node.value,
                key_node.start_mark,
            )
        mapping[key] = value_node
    if not merges:
        return dict((key, self.construct_object(value, deep=deep)) for key, value in mapping.items())
    # ``<<: *base`` pairs come first after flattening, so a key written beside them wins
    self.flatten_mapping(node)
    return dict(
        (str(key_node.value), self.construct_object(value_node, deep=deep)) for key_node, value_node in node.value
    )


def _resolve(self, kind, value, implicit):
    """PyYAML's tag resolution, remembered per plain scalar text: documents repeat the same few
    words (``type``, ``string``, ``description``) tens of thousands of times."""
    if kind is not ScalarNode or not implicit[0]:
        return self._resolve_uncached(kind, value, implicit)
    cache = self.resolved_tags
    tag = cache.get(value)
    if tag is None:
        tag = self._resolve_uncached(kind, value, implicit)
        if len(cache) < 50000:
            cache[value] = tag
    return tag


def _yaml_loader(pure=False):
    """A safe loader with the YAML 1.2 core schema, string keys and duplicate-key detection:
    libyaml's (C) when PyYAML has it and ``pure`` is false, else PyYAML's pure-Python one. Built
    lazily so the module imports without PyYAML."""
    base = yaml.SafeLoader if pure or not getattr(yaml, "__with_libyaml__", False) else yaml.CSafeLoader
    if base not in _LOADERS:
        loader = type(
            "CoreSchemaLoader",
            (base,),
            {
                "yaml_implicit_resolvers": {},
                "construct_mapping": _construct_mapping,
                "resolved_tags": {},
                "_resolve_uncached": base.resolve,
                "resolve": _resolve,
            },
        )
        for tag, pattern, first in CORE_SCHEMA_RESOLVERS:
            loader.add_implicit_resolver(tag, re.compile(pattern), first)
        loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
        loader.add_constructor("tag:yaml.org,2002:float", _construct_float)
        _LOADERS[base] = loader
    return _LOADERS[base]


def _mark_text(mark):
    return "line %d column %d" % (mark.line + 1, mark.column + 1) if mark is not None else "an unknown place"


class _NotYaml(DocumentError):
    """The text is not YAML (a syntax error); other refusals say more than "not valid JSON"."""


def _yaml_error(exc):
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    text = "not valid YAML at %s: %s" % (_mark_text(mark), problem)
    if context:
        text += " (%s)" % context
    return _NotYaml(text)


# Where an anchor (``&name``) can start: at a line start, after blanks or a flow indicator. Text
# without one has no aliases (an alias needs its anchor), so the expansion check is skipped.
_ANCHOR = re.compile(r"(?:^|[\s\[{,])&[^\s\[\]{},]")
# What may precede a block collection entry's first character on its line: indentation and compact
# entries (``- - x``, ``? a``, ``- a: b``). A nested block collection starts further right or,
# for a sequence as a mapping value, at the same column, so block nesting is at most twice the
# widest such prefix.
_BLOCK_PREFIX = re.compile(r"^[ \t]*(?:[-?:][ \t]+)*", re.M)
# A bracket that can open a flow collection: where a node may start (a line start, after a blank,
# a flow indicator, ``:``, ``?`` or ``-``), possibly right after an anchor or tag, and not closed
# at once (``[]`` holds nothing). ``/pets/{id}`` and ``[a-z]{2}`` open nothing; quoted text may
# be counted, which only loosens the bound.
_FLOW_OPENER = re.compile(r"(?:(?<=[\s\[{,:?-])|^)(?:[&!][^\s\[\]{},]*)?(?:\[(?!\])|\{(?!\}))", re.M)


def _nesting_bound(text):
    """A cheap upper bound on the nesting depth of YAML text: flow collections that can open plus
    twice the widest block prefix, plus one for empty collections; never below the real depth."""
    flow = len(_FLOW_OPENER.findall(text))
    return flow + 2 * (max(map(len, _BLOCK_PREFIX.findall(text))) + 1) + 1


def _events_depth(text, loader_class):
    """The exact nesting depth from libyaml's event stream (iterative: no recursion, no crash),
    stopping once it exceeds MAX_DEPTH."""
    loader = loader_class(text)
    depth = deepest = 0
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                deepest = max(deepest, depth)
                if deepest > MAX_DEPTH:
                    break
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError as exc:
        raise _yaml_error(exc)
    finally:
        loader.dispose()
    return deepest


def _refuse_deep_nesting(text, loader_class):
    # every level costs at least one character, so short text needs no scan
    if len(text) > MAX_DEPTH and _nesting_bound(text) > MAX_DEPTH and _events_depth(text, loader_class) > MAX_DEPTH:
        raise DocumentError(
            "it nests collections more than %d levels deep, far beyond any API description; "
            "a document this deep is refused before parsing" % MAX_DEPTH
        )


def _refuse_alias_bombs(root):
    """A YAML anchor used inside its own value (``a: &a [*a]``) builds a document that never
    ends, and aliases of aliases ("billion laughs") one that is tiny as text but enormous once
    walked: count the nodes with every alias expanded (each shared collection sized once, leaves
    counted where they stand) and stop beyond NODE_BUDGET."""
    sizes, entered, stack = {}, set(), [root]
    while stack:
        node = stack[-1]
        key = id(node)
        if key in sizes or isinstance(node, ScalarNode):
            stack.pop()
            continue
        children = [n for pair in node.value for n in pair] if isinstance(node, MappingNode) else node.value
        if key not in entered:
            entered.add(key)
            for child in children:
                if id(child) in entered and id(child) not in sizes:
                    raise DocumentError(
                        "a recursive YAML alias at %s: an anchor is used inside its own value, "
                        "so the document never ends" % _mark_text(child.start_mark)
                    )
                if not isinstance(child, ScalarNode) and id(child) not in sizes:
                    stack.append(child)
            continue
        size = 1 + sum(sizes.get(id(child), 1) for child in children)
        if size > NODE_BUDGET:
            raise DocumentError(
                "its YAML aliases expand it to more than %d nodes (at %s, aliases of aliases, "
                "the \"billion laughs\" shape): write the repeated parts once and point at them "
                "with $ref" % (NODE_BUDGET, _mark_text(node.start_mark))
            )
        sizes[key] = size
        stack.pop()


class _NoCollection(object):
    """Pauses the cyclic garbage collector while a document's objects are built: they form no
    cycles, and collecting during a build of 100,000 nodes triples its time."""

    def __enter__(self):
        self.enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc):
        if self.enabled:
            gc.enable()


def _compose_yaml(text, pure=False):
    """``(data, root node)`` of YAML text, or DocumentError with the line. The nesting depth and
    the alias expansion are bounded before any data is built."""
    loader_class = _yaml_loader(pure)
    _refuse_deep_nesting(text, loader_class)
    loader = loader_class(text)
    try:
        with _NoCollection():
            node = loader.get_single_node()
            if node is not None and _ANCHOR.search(text):
                _refuse_alias_bombs(node)
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


def _refuse_oversize(text):
    size = len(text) if len(text) > MAX_DOCUMENT_BYTES else len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_DOCUMENT_BYTES:
        raise DocumentError(
            "it is %.1f MB, over the %d MB this module reads (the text travels whole in the task's "
            "arguments and in one request, and no plan's limits need that much): split the API into "
            "several shield zones or remove examples and descriptions"
            % (size / 1048576.0, MAX_DOCUMENT_BYTES // 1048576)
        )


def parse_text(text):
    """The data of YAML or JSON text and a function giving a top-level field's text as written."""
    if yaml is None:
        raise DocumentError("reading it needs PyYAML, which is not installed where the module runs")
    if not isinstance(text, str) or not text.strip():
        raise DocumentError("the document is empty")
    _refuse_oversize(text)
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
            except _NotYaml:
                raise DocumentError("not valid JSON at line %d column %d: %s" % (first.lineno, first.colno, first.msg))
            return data, lambda *keys: _raw(data, node, keys)
        else:
            return data, _JsonLiterals(text, data).raw
    data, node = _compose_yaml(text)
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
        both = (
            " (with both fields, the 'swagger' field decides; remove the one that does not apply)"
            if "openapi" in data
            else ""
        )
        raise DocumentError(
            "Swagger version %r is not supported: the 'swagger' field must be \"2.0\"%s; %s"
            % (version, both, SUPPORTED)
        )
    if "openapi" in data:
        version = raw("openapi") or ""
        if re.match(r"^3\.0(\.\d+)?$", version):
            return OPENAPI_30
        if re.match(r"^3\.1(\.\d+)?$", version):
            return OPENAPI_31
        raise DocumentError(
            "OpenAPI version %r is not supported: the 'openapi' field must be 3.0.x or 3.1.x; %s" % (version, SUPPORTED)
        )
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
