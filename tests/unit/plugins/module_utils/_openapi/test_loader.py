"""Bounded work on every input: each bad document fails fast with a message saying what and why.

The matrix holds what an attacker (or an unlucky generator) would try: YAML alias expansion ("billion
laughs") in the document, in schemas and in components, a recursive alias, a densely cyclic and a
fanning-out ``$ref`` graph, collections nested far beyond any API description (flow, block and JSON;
the block and flow cases crash libyaml's C composer when parsed), and documents over the size cap.
Timing is not asserted here (``make bench`` measures speed); every case must end in a DocumentError.
"""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils import _openapi
from ansible_collections.edge.platform.plugins.module_utils._openapi import loader as _openapi_load
from ansible_collections.edge.platform.tests.unit.openapi_bad_inputs import (
    DEEP,
    HEAD,
    OPERATION,
    dense_cycle,
    fan_out,
    laughs,
    oversized,
)

ALIASES = "its YAML aliases expand it to more than 1000000 nodes"
REFS = "its $ref graph expands to more than 1000000 schema nodes once the references are inlined"
NESTING = "it nests collections more than 1000 levels deep"
SIZE = "over the 10 MB this module reads"

MATRIX = [
    ("laughs in the document", lambda: HEAD + "paths: {}\nx-bomb:\n" + laughs("  "), ALIASES),
    (
        "laughs in schemas",
        lambda: (
            HEAD + OPERATION + "x-defs:\n" + laughs("  ") + "components:\n  schemas:\n"
            "    S0: {type: object, properties: {a: {type: array, items: {enum: *l9}}}}\n"
        ),
        ALIASES,
    ),
    (
        "laughs in components",
        lambda: (
            HEAD
            + OPERATION
            + "x-defs:\n"
            + laughs("  ")
            + "components: {schemas: {S0: {type: object}, X: {type: array, items: *l9}}}\n"
        ),
        ALIASES,
    ),
    (
        "laughs as JSON-like flow YAML",
        lambda: (
            "{"
            + HEAD.replace("\n", ", ")
            + "paths: {}, x: [&a [1,1,1,1,1,1,1,1,1,1], "
            + ", ".join("&%s [%s]" % (chr(98 + i), ", ".join(["*%s" % chr(97 + i)] * 10)) for i in range(9))
            + "]}"
        ),
        ALIASES,
    ),
    ("recursive alias", lambda: HEAD + "paths: &p {a: *p}\n", "a recursive YAML alias at line 3"),
    ("densely cyclic $ref graph", dense_cycle, REFS),
    ("fanning-out $ref graph", fan_out, REFS),
    ("deep flow nesting", lambda: HEAD + "paths: {}\nx-deep: " + "[" * DEEP + "]" * DEEP + "\n", NESTING),
    ("deep block nesting", lambda: HEAD + "paths: {}\nx-deep:\n" + "- " * DEEP + "x\n", NESTING),
    (
        "deep nesting behind anchors",
        lambda: HEAD + "paths: {}\nx-deep: " + "&a !!seq [" * DEEP + "]" * DEEP + "\n",
        NESTING,
    ),
    (
        "deep JSON nesting",
        lambda: (
            '{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}, "x": '
            + "[" * DEEP
            + "]" * DEEP
            + "}"
        ),
        "it nests deeper than this reader can follow",
    ),
    ("11 MB document", lambda: oversized(11), SIZE),
    ("20 MB document", lambda: oversized(20), SIZE),
]


@pytest.mark.parametrize("build, expected", [(b, e) for dummy, b, e in MATRIX], ids=[n for n, dummy, e in MATRIX])
def test_bad_inputs_fail_fast_saying_why(build, expected):
    with pytest.raises(_openapi.DocumentError) as caught:
        document = _openapi.load(build())
        _openapi.derive(document)
        _openapi.measure(document, {"maxNestingDepth": 10})
    assert expected in str(caught.value)


def test_the_nesting_bound_never_undercounts():
    """The cheap scan must bound the real depth whatever hides the brackets (quotes, anchors, tags)."""
    samples = [
        "a: {b: [c, {d: [e]}]}\n",
        "- - - - x\n",
        "k: &x [&y [!!seq [1]]]\n",
        "'[[[[': [[1]]\n",
        "a:\n- b:\n  - c: {d: [1]}\n",
        "? [a]\n: [[b]]\n",
        '{"a":{"b":[[[]]]}}',
    ]
    for text in samples:
        assert _openapi_load._nesting_bound(text) >= _openapi_load._events_depth(  # pylint: disable=protected-access
            text, _openapi_load._yaml_loader()
        ), text  # pylint: disable=protected-access


def test_documents_within_the_bounds_still_load():
    """Brackets inside text (path templates, patterns) and a thousand levels are not refused."""
    text = (
        HEAD + "paths:\n  /pets/{id}:\n    get:\n      parameters: [{name: id, in: path, schema: "
        "{type: string, pattern: '^[a-z]{2}[0-9]{3}$'}}]\n      responses: {}\n"
    )
    assert _openapi.derive(_openapi.load(text))["endpoints"][0]["parameters"]["Path"] == ["id"]
    nested = HEAD + "paths: {}\nx-deep: " + "[" * 900 + "]" * 900 + "\n"
    value, depth = _openapi.load(nested).data["x-deep"], 0
    while isinstance(value, list):
        value, depth = (value[0] if value else None), depth + 1
    assert depth == 900
