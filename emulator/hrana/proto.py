"""Hrana over HTTP v2 JSON: decoding a pipeline request body and encoding values.

Decoding is strict where sqld's serde structs are (``libsql-hrana/src/proto.rs``): the whole body is
checked before anything runs, and any mismatch (unknown request or value type, an integer sent as a
JSON number, a float sent as a string, ``null`` where a list is expected) fails the whole HTTP
request. Unknown extra fields are ignored, as serde does.
"""

import base64
import binascii
import collections
import json
import math
import re

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
INTEGER_RE = re.compile(r"[+-]?[0-9]+")  # Rust's i64 parsing: ASCII digits, no spaces or "_"
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
REQUEST_TYPES = ("close", "execute", "batch", "sequence", "describe", "store_sql", "close_sql", "get_autocommit")
VALUE_TYPES = ("null", "integer", "float", "text", "blob")
COND_TYPES = ("ok", "error", "not", "and", "or", "is_autocommit")

Stmt = collections.namedtuple("Stmt", "sql sql_id args named_args want_rows")
Step = collections.namedtuple("Step", "condition stmt")


class DecodeError(ValueError):
    """The body is not a pipeline request sqld would deserialize (HTTP 400)."""


def _describe(value):
    """serde's wording for the JSON value it did not expect."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean `%s`" % ("true" if value else "false")
    if isinstance(value, int):
        return "integer `%d`" % value
    if isinstance(value, float):
        return "floating point `%r`" % value
    if isinstance(value, str):
        return "string %s" % json.dumps(value)
    if isinstance(value, list):
        return "sequence"
    return "map"


def _invalid(value, expected):
    return DecodeError("invalid type: %s, expected %s" % (_describe(value), expected))


def _object(value, what):
    if not isinstance(value, dict):
        raise _invalid(value, what)
    return value


def _required(data, key):
    if key not in data:
        raise DecodeError("missing field `%s`" % key)
    return data[key]


def _string(value, optional=False):
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise _invalid(value, "a string")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise DecodeError("lone surrogate in string") from exc
    return value


def _int(value, low, high, expected, optional=False):
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise _invalid(value, expected)
    if not low <= value <= high:
        raise DecodeError("invalid value: integer `%d`, expected %s" % (value, expected))
    return value


def _list(value, what):
    if not isinstance(value, list):
        raise _invalid(value, what)
    return value


def _tag(data, allowed):
    tag = _required(data, "type")
    if not isinstance(tag, str):
        raise _invalid(tag, "a string")
    if tag not in allowed:
        raise DecodeError("unknown variant `%s`, expected one of %s" % (tag, ", ".join("`%s`" % a for a in allowed)))
    return tag


def _reject_constant(name):
    raise ValueError("%s is not JSON" % name)


def decode_blob(text):
    """Standard base64, padded or not (sqld strips trailing ``=`` before decoding)."""
    stripped = text.rstrip("=")
    try:
        return base64.b64decode(stripped + "=" * (-len(stripped) % 4), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise DecodeError("invalid base64 in blob: %s" % exc) from exc


def decode_value(data):
    """A Hrana value as the Python value ``sqlite3`` binds: None, int, float, str or bytes."""
    data = _object(data, "internally tagged enum Value")
    tag = _tag(data, VALUE_TYPES)
    if tag == "null":
        return None
    if tag == "integer":
        text = _string(_required(data, "value"))
        if not INTEGER_RE.fullmatch(text) or not INT64_MIN <= int(text) <= INT64_MAX:
            raise DecodeError("invalid 64-bit integer string %s" % json.dumps(text))
        return int(text)
    if tag == "float":
        number = _required(data, "value")
        if isinstance(number, bool) or not isinstance(number, (int, float)):
            raise _invalid(number, "f64")
        return float(number)
    if tag == "text":
        return _string(_required(data, "value"))
    return decode_blob(_string(_required(data, "base64")))


def encode_value(value):
    """A Python value read from SQLite as a Hrana value (blobs unpadded, integers as strings)."""
    if value is None:
        return {"type": "null"}
    if isinstance(value, int):
        return {"type": "integer", "value": str(value)}
    if isinstance(value, float):
        # serde_json writes non-finite floats as null
        return {"type": "float", "value": value if math.isfinite(value) else None}
    if isinstance(value, str):
        return {"type": "text", "value": value}
    return {"type": "blob", "base64": base64.b64encode(bytes(value)).decode("ascii").rstrip("=")}


def decode_stmt(data):
    data = _object(data, "struct Stmt")
    args = data["args"] if "args" in data else []
    named = data["named_args"] if "named_args" in data else []
    named_args = []
    for item in _list(named, "a sequence"):
        item = _object(item, "struct NamedArg")
        named_args.append((_string(_required(item, "name")), decode_value(_required(item, "value"))))
    want_rows = data.get("want_rows")
    if want_rows is not None and not isinstance(want_rows, bool):
        raise _invalid(want_rows, "a boolean")
    return Stmt(
        sql=_string(data.get("sql"), optional=True),
        sql_id=_int(data.get("sql_id"), INT32_MIN, INT32_MAX, "i32", optional=True),
        args=[decode_value(value) for value in _list(args, "a sequence")],
        named_args=named_args,
        want_rows=True if want_rows is None else want_rows,
    )


def decode_cond(data):
    """A batch condition as a tuple: ('ok', n), ('error', n), ('not', c), ('and'|'or', [c...])."""
    data = _object(data, "internally tagged enum BatchCond")
    tag = _tag(data, COND_TYPES)
    if tag in ("ok", "error"):
        return (tag, _int(_required(data, "step"), 0, 2**32 - 1, "u32"))
    if tag == "not":
        return (tag, decode_cond(_required(data, "cond")))
    if tag in ("and", "or"):
        return (tag, [decode_cond(c) for c in _list(_required(data, "conds"), "a sequence")])
    return (tag,)


def decode_batch(data):
    """The steps of a Batch (``{"steps": [...]}``)."""
    batch = _object(data, "struct Batch")
    steps = []
    for step in _list(_required(batch, "steps"), "a sequence"):
        step = _object(step, "struct BatchStep")
        condition = step.get("condition")
        steps.append(Step(None if condition is None else decode_cond(condition), decode_stmt(_required(step, "stmt"))))
    return steps


def decode_request(data):
    """A stream request as a dict with its ``type`` and decoded fields."""
    data = _object(data, "internally tagged enum StreamRequest")
    tag = _tag(data, REQUEST_TYPES)
    request = {"type": tag}
    if tag == "execute":
        request["stmt"] = decode_stmt(_required(data, "stmt"))
    elif tag == "batch":
        request["steps"] = decode_batch(_required(data, "batch"))
    elif tag in ("sequence", "describe"):
        request["sql"] = _string(data.get("sql"), optional=True)
        request["sql_id"] = _int(data.get("sql_id"), INT32_MIN, INT32_MAX, "i32", optional=True)
    elif tag == "store_sql":
        request["sql_id"] = _int(_required(data, "sql_id"), INT32_MIN, INT32_MAX, "i32")
        request["sql"] = _string(_required(data, "sql"))
    elif tag == "close_sql":
        request["sql_id"] = _int(_required(data, "sql_id"), INT32_MIN, INT32_MAX, "i32")
    return request


def decode_json(body):
    """The JSON document of a raw body (NaN and Infinity refused); raises :class:`DecodeError`."""
    try:
        return json.loads(body.decode("utf-8") if isinstance(body, bytes) else body, parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError) as exc:
        raise DecodeError(str(exc)) from exc


def decode_pipeline(body):
    """``(baton or None, [request, ...])`` from the raw body; raises :class:`DecodeError`."""
    data = _object(decode_json(body), "struct PipelineReqBody")
    baton = _string(data.get("baton"), optional=True)
    requests = _list(_required(data, "requests"), "a sequence")
    return baton, [decode_request(item) for item in requests]


def decode_cursor(body):
    """``(baton or None, steps)`` of a ``/v3/cursor`` body (``CursorReqBody``)."""
    data = _object(decode_json(body), "struct CursorReqBody")
    return _string(data.get("baton"), optional=True), decode_batch(_required(data, "batch"))


def decode_v1(body, key):
    """The statement (``key`` "stmt") or the batch steps (``key`` "batch") of a ``/v1`` body."""
    data = _object(decode_json(body), "struct ReqBody")
    return decode_stmt(_required(data, "stmt")) if key == "stmt" else decode_batch(_required(data, "batch"))


WS_REQUEST_TYPES = REQUEST_TYPES[1:] + (
    "open_stream",
    "close_stream",
    "open_cursor",
    "close_cursor",
    "fetch_cursor",
)


def decode_ws_request(data):
    """A Hrana-over-WebSocket request (HRANA_3_SPEC "Requests") as a dict like :func:`decode_request`'s,
    with ``stream_id``, ``cursor_id`` and ``max_count`` where the type has them."""
    data = _object(data, "internally tagged enum Request")
    tag = _tag(data, WS_REQUEST_TYPES)
    if tag in ("open_stream", "close_stream", "open_cursor", "close_cursor", "fetch_cursor"):
        request = {"type": tag}
        if tag == "open_cursor":
            request["steps"] = decode_batch(_required(data, "batch"))
    else:
        request = decode_request(data)
    if tag not in ("store_sql", "close_sql", "close_cursor", "fetch_cursor"):
        request["stream_id"] = _int(_required(data, "stream_id"), INT32_MIN, INT32_MAX, "i32")
    if tag in ("open_cursor", "close_cursor", "fetch_cursor"):
        request["cursor_id"] = _int(_required(data, "cursor_id"), INT32_MIN, INT32_MAX, "i32")
    if tag == "fetch_cursor":
        request["max_count"] = _int(_required(data, "max_count"), 0, 2**32 - 1, "u32")
    return request
