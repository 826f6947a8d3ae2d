# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Measure a loaded document against API Guardian's five plan limits, with where each maximum occurs.

These counting rules are the collection's reading of the limits' names and descriptions; the
platform publishes none, so a measurement is an estimate of what the platform counts.
"""

from __future__ import annotations

from .deriver import Deriver
from .loader import HTTP_METHODS, SWAGGER_2, TOO_DEEP, DocumentError, pointer

# Schema-valued keywords of the OpenAPI 3.0 Schema Object (2.0 uses a subset, 3.1 is a superset).
NODE_KEYWORDS = ("properties", "items", "additionalProperties", "allOf", "anyOf", "oneOf", "not")
# The keywords a nesting chain runs through (plus a followed ``$ref``).
DEPTH_KEYWORDS = ("properties", "items", "additionalProperties", "allOf", "anyOf", "oneOf")

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


# The shapes a schema-valued keyword may have: a mapping of names to schemas, one schema, or a
# list of schemas. A keyword written in another shape (``allOf`` as a mapping) holds no schema.
NAMED, SINGLE, LISTED = "named", "single", "listed"
KEYWORD_SHAPES = {
    "properties": (NAMED,),
    "items": (SINGLE, LISTED),
    "additionalProperties": (SINGLE,),
    "allOf": (LISTED,),
    "anyOf": (LISTED,),
    "oneOf": (LISTED,),
    "not": (SINGLE,),
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
        sections = (
            ("parameters", self.parameter),
            ("requestBodies", self.request_body),
            ("responses", self.response),
            ("headers", self.header),
            ("callbacks", self.callback),
            ("pathItems", self.path_item),
        )
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
    return {
        "value": total,
        "where": "%d pattern%s, the longest (%d characters) at %s"
        % (count, "" if count == 1 else "s", longest[0], pointer(longest[1])),
    }


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
