"""Documents built to exhaust an OpenAPI reader, shared by the module's and the emulator's tests.

Each is small to write and enormous (or endless) to walk naively. No imports from plugins/ or from
the emulator: both sides read the same inputs and each asserts its own message.
"""

from __future__ import annotations

HEAD = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\n"
OPERATION = (
    "paths:\n  /a:\n    post:\n      requestBody: {content: {application/json: {schema: "
    "{$ref: '#/components/schemas/S0'}}}}\n      responses: {'200': {description: ok}}\n"
)


def laughs(indent):
    """Ten levels of ten aliases each: 10**10 nodes once expanded, 100 as written."""
    lines = [indent + "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in range(1, 10):
        lines.append(indent + "l%d: &l%d [%s]" % (level, level, ", ".join(["*l%d" % (level - 1)] * 10)))
    return "\n".join(lines) + "\n"


def dense_cycle(count=30):
    """Every schema refers to every schema: inlined, the paths between them never end."""
    text = HEAD + OPERATION + "components:\n  schemas:\n"
    for index in range(count):
        text += "    S%d:\n      type: object\n      properties:\n" % index
        text += "".join("        p%d: {$ref: '#/components/schemas/S%d'}\n" % (j, j) for j in range(count))
    return text


def fan_out(levels=40):
    """No cycle, but each level refers twice to the next: 2**40 nodes once inlined."""
    text = HEAD + OPERATION + "components:\n  schemas:\n"
    for index in range(levels):
        text += "    S%d: {allOf: [{$ref: '#/components/schemas/S%d'}, {$ref: '#/components/schemas/S%d'}]}\n" % (
            index,
            index + 1,
            index + 1,
        )
    return text + "    S%d: {type: string}\n" % levels


def oversized(megabytes):
    line = "  /p%d:\n    get: {responses: {'200': {description: '" + "x" * 200 + "'}}}\n"
    parts, size, index = [HEAD, "paths:\n"], 0, 0
    while size < megabytes * 1048576:
        part = line % index
        parts.append(part)
        size += len(part)
        index += 1
    return "".join(parts)


DEEP = 50000  # 100 KB of nesting
