"""API Guardian plan limits, measured on an uploaded document exactly as the issue defines them.

Schema objects are mappings; a schema's nested schemas are the values of ``properties``, ``items``
(a mapping, or each mapping of a list), ``additionalProperties`` (when a mapping) and each mapping
in ``allOf``/``anyOf``/``oneOf``. Nothing else is walked. The schemas measured ("roots") are every
entry of ``components/schemas`` (Swagger 2.0: ``definitions``) and every mapping stored under a key
named ``schema`` anywhere in the document.

- ``maxEndpoints``: the number of operations.
- ``maxFieldsPerType``: the largest number of ``properties`` entries of any one schema object
  reachable from a root (``$ref`` not followed: its target is measured where it is defined).
- ``maxNestingDepth``: the longest chain of schema objects from a root (depth 1) through the nested
  schemas above and through ``$ref`` (followed: a ``{$ref}`` schema is one level, its target the
  next); a ``$ref`` to a schema already on the chain (the root included) ends it.
- ``maxTotalSchemaNodes``: the schema objects inside ``components/schemas`` (``definitions``): each
  entry counts one, each nested schema counts one, a ``$ref`` counts one and is not followed.
- ``maxTotalRegexLength``: the summed length (in characters) of every string stored under a key named
  ``pattern`` anywhere in the document.
"""

from .openapi_derive import canonical, pointer

COMBINATORS = ("allOf", "anyOf", "oneOf")

# (API name, fixture key, what the message says is measured)
LIMITS = (
    ("maxEndpoints", "max_endpoints"),
    ("maxFieldsPerType", "max_fields_per_type"),
    ("maxNestingDepth", "max_nesting_depth"),
    ("maxTotalSchemaNodes", "max_total_schema_nodes"),
    ("maxTotalRegexLength", "max_total_regex_length"),
)


def nested(schema, where):
    """``(child, where)`` for each nested schema object of ``schema``."""
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


def roots(document):
    """``(schema, where)`` of every component schema and every mapping under a ``schema`` key."""
    home, schemas = component_schemas(document)
    found = [(schema, pointer(*(home + (name,)))) for name, schema in schemas.items() if isinstance(schema, dict)]

    def visit(node, where):
        if isinstance(node, dict):
            for key, value in node.items():
                spot = "%s/%s" % (where, _escape(key))
                if key == "schema" and isinstance(value, dict):
                    found.append((value, spot))
                visit(value, spot)
        elif isinstance(node, list):
            for index, value in enumerate(node):
                visit(value, "%s/%d" % (where, index))

    visit(document.doc, "#")
    return found


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

    - by target alone when its walk met no node of the chain (no cycle cut): such a result holds
      under any chain (a chain node it could meet would reach the target, and so would the target);
    - otherwise by target and the chain's nodes that some ``$ref`` points to (only those can end a
      chain), which is exactly what the result depends on.
    """

    def __init__(self, document, targets):
        self.document = document
        self.targets = targets
        self.free = {}
        self.bound = {}

    def measure(self, schema, where, chain):
        """``(depth, cut)``: cut is true when a cycle ended some chain below."""
        best, cut = 0, False
        for child, spot in nested(schema, where):
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
            depth, cut = self.measure(target, target_id, chain | {target_id})  # every ref is a target
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
        depth, _cut = meter.measure(root, where, frozenset([where]) & targets)
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
    """``(name, message)`` of the first limit exceeded (in LIMITS order), or None."""
    for name, _key in LIMITS:
        value, where = measured[name]
        if value > limits[name]:
            detail = MESSAGES[name] % {"value": value, "where": where}
            return name, "Plan limit %s exceeded: %s; the plan allows %d." % (name, detail, limits[name])
    return None
