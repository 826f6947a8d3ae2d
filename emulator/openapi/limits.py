"""API Guardian plan limits, measured on an uploaded document exactly as the issue defines them.

Schema objects are mappings. Where a schema can be, and what counts inside one:

- Roots, the schemas measured: every entry of ``components/schemas`` (Swagger 2.0:
  ``definitions``), and every ``schema`` at a place the specification puts one: parameters, media
  types (request bodies, responses, parameter and header ``content``), headers (OpenAPI 3), the
  Swagger 2.0 body parameter and responses, wherever those objects are written (paths, operations,
  callbacks, webhooks, ``components``, Swagger's top-level ``parameters``/``responses``). An object
  written as a ``$ref`` is measured where its target is written, not again. A mapping under a key
  named ``schema`` anywhere else (inside an ``example``, an ``x-`` extension, a property called
  ``schema``) is data or a property, not a root.
- Nested schemas of a schema: the values of ``properties``, ``items`` (a mapping, or each mapping of
  a list), ``additionalProperties`` (when a mapping), each mapping in ``allOf``/``anyOf``/``oneOf``,
  and ``not``. ``not`` counts for maxFieldsPerType ("any one schema object") and maxTotalSchemaNodes
  ("each nested schema counts one"), but is not on the issue's list of what a nesting chain runs
  through, so it adds no depth. Nothing else is walked (``example``, ``default``, ``enum``, ``x-*``...).

- ``maxEndpoints``: the number of operations.
- ``maxFieldsPerType``: the largest number of ``properties`` entries of any one schema object
  reachable from a root (``$ref`` not followed: its target is measured where it is defined).
- ``maxNestingDepth``: the longest chain of schema objects from a root (depth 1) through
  ``properties``, ``items``, ``additionalProperties``, ``allOf``/``anyOf``/``oneOf`` and through
  ``$ref`` (followed: a ``{$ref}`` schema is one level, its target the next); a ``$ref`` to a schema
  already on the chain (the root included) ends it.
- ``maxTotalSchemaNodes``: the schema objects inside ``components/schemas`` (``definitions``): each
  entry counts one, each nested schema counts one, a ``$ref`` counts one and is not followed.
- ``maxTotalRegexLength``: the summed length (in characters) of every string stored under a key named
  ``pattern`` anywhere in the document, examples and extensions included: the issue says "every
  ``pattern`` string in the document", and the collection measures it the same way.

A limit of 0 is no limit: the platform's int32 fields cannot say "none", and the collection reads
0 (or null) as a limit that is not reported.
"""

from .derive import OPERATION_METHODS, canonical, pointer

COMBINATORS = ("allOf", "anyOf", "oneOf")

# (API name, fixture key)
LIMITS = (
    ("maxEndpoints", "max_endpoints"),
    ("maxFieldsPerType", "max_fields_per_type"),
    ("maxNestingDepth", "max_nesting_depth"),
    ("maxTotalSchemaNodes", "max_total_schema_nodes"),
    ("maxTotalRegexLength", "max_total_regex_length"),
)


def nested(schema, where, with_not=True):
    """``(child, where)`` for each nested schema object of ``schema`` (``not`` only when asked)."""
    properties = schema.get("properties")
    if isinstance(properties, dict):
        for name, child in properties.items():
            if isinstance(child, dict):
                yield child, "%s/properties/%s" % (where, _escape(name))
    items = schema.get("items")
    if isinstance(items, dict):
        yield items, where + "/items"
    elif isinstance(items, list):
        for index, child in enumerate(items):
            if isinstance(child, dict):
                yield child, "%s/items/%d" % (where, index)
    additional = schema.get("additionalProperties")
    if isinstance(additional, dict):
        yield additional, where + "/additionalProperties"
    for keyword in COMBINATORS:
        members = schema.get(keyword)
        if isinstance(members, list):
            for index, child in enumerate(members):
                if isinstance(child, dict):
                    yield child, "%s/%s/%d" % (where, keyword, index)
    if with_not and isinstance(schema.get("not"), dict):
        yield schema["not"], where + "/not"


def _escape(token):
    return str(token).replace("~", "~0").replace("/", "~1")


def component_schemas(document):
    doc = document.doc
    if document.dialect == "2.0":
        schemas, home = doc.get("definitions"), ("definitions",)
    else:
        schemas, home = (doc.get("components") or {}).get("schemas"), ("components", "schemas")
    if not isinstance(schemas, dict):
        return home, {}
    return home, schemas


def _entries(mapping):
    return mapping.items() if isinstance(mapping, dict) else ()


class _Roots(object):
    """Finds the schema positions of a document by its structure (see the module docstring)."""

    def __init__(self, document):
        self.dialect = document.dialect
        self.found = []

    def add(self, owner, where):
        if isinstance(owner.get("schema"), dict):
            self.found.append((owner["schema"], where + "/schema"))

    @staticmethod
    def written_here(value):
        """A mapping that is not a ``$ref`` (a referenced object is walked where it is written)."""
        return isinstance(value, dict) and not isinstance(value.get("$ref"), str)

    def path_item(self, item, where):
        if not self.written_here(item):
            return
        self.parameters(item.get("parameters"), where + "/parameters")
        for method in OPERATION_METHODS[self.dialect]:
            operation = item.get(method)
            if isinstance(operation, dict):
                self.operation(operation, "%s/%s" % (where, method))

    def operation(self, operation, where):
        self.parameters(operation.get("parameters"), where + "/parameters")
        self.request_body(operation.get("requestBody"), where + "/requestBody")
        for code, response in _entries(operation.get("responses")):
            self.response(response, "%s/responses/%s" % (where, _escape(code)))
        for name, callback in _entries(operation.get("callbacks")):
            self.callback(callback, "%s/callbacks/%s" % (where, _escape(name)))

    def parameters(self, listed, where):
        if isinstance(listed, list):
            for index, parameter in enumerate(listed):
                self.parameter(parameter, "%s/%d" % (where, index))

    def parameter(self, parameter, where):
        if self.written_here(parameter):
            self.add(parameter, where)  # Swagger 2.0: only a body parameter has one
            self.content(parameter.get("content"), where + "/content")

    def request_body(self, body, where):
        if self.written_here(body) and self.dialect != "2.0":
            self.content(body.get("content"), where + "/content")

    def response(self, response, where):
        if not self.written_here(response):
            return
        if self.dialect == "2.0":
            self.add(response, where)
            return
        self.content(response.get("content"), where + "/content")
        for name, header in _entries(response.get("headers")):
            self.header(header, "%s/headers/%s" % (where, _escape(name)))

    def header(self, header, where):
        if self.written_here(header):
            self.add(header, where)
            self.content(header.get("content"), where + "/content")

    def content(self, content, where):
        if self.dialect == "2.0":
            return
        for media_type, media in _entries(content):
            if isinstance(media, dict):
                spot = "%s/%s" % (where, _escape(media_type))
                self.add(media, spot)
                for name, encoding in _entries(media.get("encoding")):
                    if isinstance(encoding, dict):
                        for header_name, header in _entries(encoding.get("headers")):
                            self.header(
                                header, "%s/encoding/%s/headers/%s" % (spot, _escape(name), _escape(header_name))
                            )

    def callback(self, callback, where):
        if self.written_here(callback):
            for expression, item in _entries(callback):
                self.path_item(item, "%s/%s" % (where, _escape(expression)))

    def document(self, doc):
        for path, item in _entries(doc.get("paths")):
            self.path_item(item, pointer("paths", path))
        if self.dialect == "2.0":
            for name, parameter in _entries(doc.get("parameters")):
                self.parameter(parameter, pointer("parameters", name))
            for name, response in _entries(doc.get("responses")):
                self.response(response, pointer("responses", name))
            return
        for name, item in _entries(doc.get("webhooks")):
            self.path_item(item, pointer("webhooks", name))
        components = doc.get("components") if isinstance(doc.get("components"), dict) else {}
        walkers = (
            ("parameters", self.parameter),
            ("requestBodies", self.request_body),
            ("responses", self.response),
            ("headers", self.header),
            ("callbacks", self.callback),
            ("pathItems", self.path_item),
        )
        for section, walk in walkers:
            for name, value in _entries(components.get(section)):
                walk(value, pointer("components", section, name))


def roots(document):
    """``(schema, where)`` of every component schema, then of every other schema position."""
    home, schemas = component_schemas(document)
    finder = _Roots(document)
    finder.found.extend(
        (schema, pointer(*(home + (name,)))) for name, schema in schemas.items() if isinstance(schema, dict)
    )
    finder.document(document.doc)
    return finder.found


def _walk(schema, where):
    """Every schema object of the tree under ``schema`` (``$ref`` not followed)."""
    pending = [(schema, where)]
    while pending:
        node, spot = pending.pop()
        yield node, spot
        pending.extend(reversed(list(nested(node, spot))))


def fields_per_type(document, all_roots):
    best, best_where = 0, None
    for root, where in all_roots:
        for node, spot in _walk(root, where):
            properties = node.get("properties")
            count = len(properties) if isinstance(properties, dict) else 0
            if count > best:
                best, best_where = count, spot
    return best, best_where


class _Depth(object):
    """Longest chain with ``$ref`` followed, memoised two ways.

    Only a node some ``$ref`` points to can be met again, so the chain records those nodes only.

    - by target alone when its walk met no node of the chain (no cycle cut): such a result holds
      under any chain (a chain node it could meet would reach the target, and so would the target);
    - otherwise by target and the chain, which is exactly what the result depends on.
    """

    def __init__(self, document, targets):
        self.document = document
        self.targets = targets
        self.free = {}
        self.bound = {}

    def measure(self, schema, where, chain):
        """``(depth, cut)``: cut is true when a cycle ended some chain below."""
        if where in self.targets:
            chain = chain | {where}
        best, cut = 0, False
        for child, spot in nested(schema, where, with_not=False):
            depth, child_cut = self.measure(child, spot, chain)
            best, cut = max(best, depth), cut or child_cut
        ref = schema.get("$ref")
        if isinstance(ref, str):
            depth, ref_cut = self.follow(ref, where, chain)
            best, cut = max(best, depth), cut or ref_cut
        return best + 1, cut

    def follow(self, ref, where, chain):
        target_id = canonical(ref)
        if target_id in chain:
            return 0, True
        if target_id in self.free:
            return self.free[target_id], False
        key = (target_id, chain)
        if key not in self.bound:
            target = self.document.lookup(ref, where)
            if not isinstance(target, dict):
                return 0, False
            depth, cut = self.measure(target, target_id, chain)
            if not cut:
                self.free[target_id] = depth
                return depth, False
            self.bound[key] = depth
        return self.bound[key], True


def ref_targets(document):
    """The canonical pointer of everything some ``$ref`` in the document points to."""
    found = set()
    pending = [document.doc]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                found.add(canonical(node["$ref"]))
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return found


def nesting_depth(document, all_roots):
    """The root itself is on its chain: a ``$ref`` back to it is a cycle."""
    targets = ref_targets(document)
    meter = _Depth(document, targets)
    best, best_where = 0, None
    for root, where in all_roots:
        depth, _cut = meter.measure(root, where, frozenset())
        if depth > best:
            best, best_where = depth, where
    return best, best_where


def total_schema_nodes(document):
    home, schemas = component_schemas(document)
    total = 0
    for name, schema in schemas.items():
        if isinstance(schema, dict):
            total += sum(1 for _node in _walk(schema, pointer(*(home + (name,)))))
        else:
            total += 1
    return total, pointer(*home)


def total_regex_length(document):
    total = 0
    pending = [document.doc]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "pattern" and isinstance(value, str):
                    total += len(value)
                pending.append(value)
        elif isinstance(node, list):
            pending.extend(node)
    return total, None


def measure(document, operation_count):
    """``{apiName: (value, where)}`` for the five limits."""
    all_roots = roots(document)
    return {
        "maxEndpoints": (operation_count, None),
        "maxFieldsPerType": fields_per_type(document, all_roots),
        "maxNestingDepth": nesting_depth(document, all_roots),
        "maxTotalSchemaNodes": total_schema_nodes(document),
        "maxTotalRegexLength": total_regex_length(document),
    }


MESSAGES = {
    "maxEndpoints": "the specification defines %(value)d endpoints (operations)",
    "maxFieldsPerType": "the schema at %(where)s declares %(value)d properties",
    "maxNestingDepth": "the schema at %(where)s nests %(value)d levels deep",
    "maxTotalSchemaNodes": "%(where)s holds %(value)d schema nodes",
    "maxTotalRegexLength": "the pattern regexes total %(value)d characters",
}


def first_exceeded(measured, limits):
    """``(name, message)`` of the first limit exceeded (in LIMITS order; 0 is no limit), or None."""
    for name, _key in LIMITS:
        value, where = measured[name]
        if limits[name] and value > limits[name]:  # 0: no limit
            detail = MESSAGES[name] % {"value": value, "where": where}
            return name, "Plan limit %s exceeded: %s; the plan allows %d." % (name, detail, limits[name])
    return None
