"""Reading an uploaded document's text the way the platform's (.NET) OpenAPI reader most plausibly does.

- Text that is JSON is read as JSON, anything else as YAML.
- YAML uses the YAML 1.2 core schema, the one OpenAPI 3.1 names and JSON agrees with: only
  ``true``/``false`` (three spellings) are booleans, ``yes``/``no``/``on``/``off`` stay text, ``010``
  is ten, ``1:30`` and ``2024-01-31`` are text (no sexagesimals, no timestamps).
- Every mapping key is its text as written: ``200:`` is the status ``"200"``, ``on:`` is ``"on"``.
  A key that is itself a mapping or a list is refused (no OpenAPI field has one).
- A key written twice in one mapping (YAML) or object (JSON) is refused, naming the key and its
  lines: the second ``get:`` under a path would otherwise replace the first without a word.
- YAML merge keys (``<<: *base``) are honoured, keys written beside them winning.
- :meth:`Text.written` gives a scalar's text as written, for the fields the platform reads as
  strings: ``version: 1.10`` is the version ``"1.10"``, not the number 1.1.
"""

import json
import re
from json.decoder import scanstring

import yaml
from yaml.constructor import ConstructorError


class SpecError(ValueError):
    """The document cannot be used; the message names the problem and where it is."""


_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# YAML 1.2.2 section 10.3.2 (core schema): (tag, regular expression, possible first characters).
CORE_SCHEMA = (
    ("tag:yaml.org,2002:null", r"null|Null|NULL|~|", ["n", "N", "~", ""]),
    ("tag:yaml.org,2002:bool", r"true|True|TRUE|false|False|FALSE", list("tTfF")),
    ("tag:yaml.org,2002:int", r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+", list("-+0123456789")),
    (
        "tag:yaml.org,2002:float",
        r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)",
        list("-+.0123456789"),
    ),
    ("tag:yaml.org,2002:merge", r"<<", ["<"]),
)


class DuplicateKey(ConstructorError):
    """A mapping names one key twice."""


class Yaml12Loader(_BaseLoader):  # pylint: disable=too-many-ancestors
    """SafeLoader with the core schema, keys as written and duplicate keys refused."""

    yaml_implicit_resolvers = {}

    def construct_mapping(self, node, deep=False):
        if not isinstance(node, yaml.MappingNode):
            raise ConstructorError(None, None, "expected a mapping, found %s" % node.id, node.start_mark)
        first_seen = {}
        for key_node, _value in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                raise ConstructorError(
                    "while reading a mapping",
                    node.start_mark,
                    "a key must be plain text, not a %s" % key_node.id,
                    key_node.start_mark,
                )
            if key_node.value in first_seen:
                raise DuplicateKey(
                    "while reading a mapping",
                    node.start_mark,
                    "the key %r appears twice in one mapping (first at line %d)"
                    % (key_node.value, first_seen[key_node.value].line + 1),
                    key_node.start_mark,
                )
            first_seen[key_node.value] = key_node.start_mark
        self.flatten_mapping(node)  # merged pairs first, so the keys written here win
        mapping = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise ConstructorError(
                    "while reading a mapping",
                    node.start_mark,
                    "a key must be plain text, not a %s" % key_node.id,
                    key_node.start_mark,
                )
            mapping[key_node.value] = self.construct_object(value_node, deep=deep)
        return mapping

    def construct_core_int(self, node):
        text = self.construct_scalar(node)
        if text.startswith(("0o", "0x")):
            return int(text[2:], 8 if text[1] == "o" else 16)
        return int(text, 10)

    def construct_core_float(self, node):
        text = self.construct_scalar(node)
        special = text.lower().lstrip("+-")
        if special in (".inf", ".nan"):
            return float(("-" if text.startswith("-") else "") + special[1:])
        return float(text)


for _tag, _regex, _first in CORE_SCHEMA:
    Yaml12Loader.add_implicit_resolver(_tag, re.compile(r"^(?:%s)$" % _regex), _first)
Yaml12Loader.add_constructor("tag:yaml.org,2002:int", Yaml12Loader.construct_core_int)
Yaml12Loader.add_constructor("tag:yaml.org,2002:float", Yaml12Loader.construct_core_float)


# libyaml's composer recurses in C once per nesting level and crashes the whole emulator (a segfault)
# near 25,000 levels; the parser itself is iterative, so its events measure the depth safely first.
MAX_NESTING = 1000
# Nodes a document may amount to with its YAML aliases expanded ("billion laughs").
MAX_EXPANDED_NODES = 1000000


def _nesting(text):
    """The deepest collection nesting of YAML text, counted from parser events (stops past MAX_NESTING)."""
    depth = deepest = 0
    for event in yaml.parse(text, Loader=Yaml12Loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_NESTING:
                break
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return deepest


def load_yaml(text):
    """``(data, root node)`` of YAML text (core schema); ``yaml.YAMLError`` when it is not YAML."""
    if _nesting(text) > MAX_NESTING:
        raise SpecError("The specification nests more than %d levels deep." % MAX_NESTING)
    loader = Yaml12Loader(text)
    try:
        root = loader.get_single_node()
        data = None if root is None else loader.construct_document(root)
    finally:
        loader.dispose()
    return data, root


class _Repeated(ValueError):
    pass


def _refuse_repeats(pairs):
    data = {}
    for key, value in pairs:
        if key in data:
            raise _Repeated(key)
        data[key] = value
    return data


def json_repeated_key(text):
    """``(key, line, first line)`` of the first key repeated inside one object of valid JSON text."""
    open_objects = []  # per open container: {key: offset} for an object, None for an array
    expect_key = False
    index = 0
    while index < len(text):
        char = text[index]
        if char == '"':
            value, end = scanstring(text, index + 1)
            if expect_key and open_objects and open_objects[-1] is not None:
                keys = open_objects[-1]
                if value in keys:
                    return value, text.count("\n", 0, index) + 1, text.count("\n", 0, keys[value]) + 1
                keys[value] = index
                expect_key = False
            index = end
            continue
        if char == "{":
            open_objects.append({})
            expect_key = True
        elif char == "[":
            open_objects.append(None)
            expect_key = False
        elif char in "]}":
            open_objects.pop()
            expect_key = False
        elif char == ",":
            expect_key = bool(open_objects) and open_objects[-1] is not None
        index += 1
    return None


def _yaml_problem(exc):
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    where = " at line %d column %d" % (mark.line + 1, mark.column + 1) if mark is not None else ""
    return "The specification is not valid YAML%s: %s." % (where, problem)


def _refuse_cycles(data):
    """YAML aliases can build a self-containing structure, or one tiny as text but enormous once walked
    (aliases of aliases): neither could be walked downstream. Shared values are sized once."""
    stack, sizes = set(), {}

    def size(node):
        if not isinstance(node, (dict, list)):
            return 1
        if id(node) in sizes:
            return sizes[id(node)]
        if id(node) in stack:
            raise SpecError("The specification contains a recursive YAML alias.")
        stack.add(id(node))
        total = 1 + sum(size(child) for child in (node.values() if isinstance(node, dict) else node))
        stack.discard(id(node))
        if total > MAX_EXPANDED_NODES:
            raise SpecError("The specification's YAML aliases expand it to more than %d nodes." % MAX_EXPANDED_NODES)
        sizes[id(node)] = total
        return total

    size(data)


class Text(object):
    """A document read from text: ``data`` and the written text of its scalars."""

    def __init__(self, text):
        if not isinstance(text, str) or not text.strip():
            raise SpecError("The specification content is empty.")
        self.body = text.lstrip("\ufeff")
        self.root = None
        self.is_json = False
        try:
            self.data = json.loads(self.body, object_pairs_hook=_refuse_repeats)
            self.is_json = True
        except _Repeated as repeated:
            key, line, first = json_repeated_key(self.body)
            raise SpecError(
                "The specification is not valid JSON at line %d: the key %r appears twice in one "
                "object (first at line %d)." % (line, key, first)
            ) from repeated
        except ValueError as json_error:
            try:
                self.data, self.root = load_yaml(self.body)
            except yaml.YAMLError as exc:
                if self.body.lstrip().startswith("{") and not isinstance(exc, DuplicateKey):
                    raise SpecError(
                        "The specification is not valid JSON: line %d column %d: %s."
                        % (json_error.lineno, json_error.colno, json_error.msg)
                    ) from exc
                raise SpecError(_yaml_problem(exc)) from exc
        if not isinstance(self.data, dict):
            raise SpecError("The specification must be a mapping (an OpenAPI or Swagger object) at the top level.")
        _refuse_cycles(self.data)
        self._json_text = None

    def written(self, *keys):
        """The value at ``keys``; a number or boolean as the text the document spells it with."""
        value = self.data
        for key in keys:
            value = value.get(key) if isinstance(value, dict) else None
        if value is None or isinstance(value, (str, dict, list)):
            return value
        if self.is_json:
            return self._json_written(keys)
        node = self.root
        for key in keys:  # the last pair with the key: a key written beside a merge wins over it
            node = [v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == key][-1]
        return node.value

    def _json_written(self, keys):
        if self._json_text is None:  # numbers as their text; read again only when a field needs it
            self._json_text = json.loads(self.body, parse_int=str, parse_float=str)
        value = self._json_text
        for key in keys:
            value = value[key]
        return json.dumps(value) if isinstance(value, bool) else value
