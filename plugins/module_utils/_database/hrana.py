# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""The Hrana over HTTP v2 wire format: values both ways, pipeline and batch builders, results.

Only the JSON shapes live here; sending them is ``_api/hrana.py``'s job. Integers travel as decimal
strings because a JSON number cannot carry the full signed 64-bit range exactly; blobs travel as
standard base64. :class:`AnswerDecoder` parses an answer in one pass, turning every value into its
Python value as it is read, so a large answer is held once rather than as JSON objects. Every
malformed answer raises :class:`HranaProtocolError`, every bad input value :class:`HranaValueError`,
so callers never index into a shape they did not check.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re

from ansible_collections.edge.platform.plugins.module_utils._engine.bounds import INT64_RANGE

INT64_MIN, INT64_MAX = INT64_RANGE
# What a value object decodes to (an AnswerDecoder leaves these in the rows).
DECODED = (type(None), int, float, str, bytes)
INTEGER_TEXT = re.compile(r"-?[0-9]+\Z")
VALUE_TYPES = frozenset(("null", "integer", "float", "text", "blob"))
VALUE_KEYS = frozenset(("type", "value", "base64"))


class HranaValueError(ValueError):
    """A value that cannot be sent to the database; the message names where it was found."""


class HranaProtocolError(ValueError):
    """An answer that does not follow the Hrana v2 protocol."""


class HranaError(Exception):
    """An in-band error of one request or batch step: ``{"message", "code"}``."""

    def __init__(self, message, code=None):
        # the server's JSON is untrusted: both are text whatever it sent
        self.message = str(message) if message else "no message"
        self.code = str(code) if code else None
        super().__init__("%s: %s" % (self.code, self.message) if self.code else self.message)

    def as_dict(self):
        return {"code": self.code, "message": self.message}


# ---------------------------------------------------------------- values


def encode_value(value, where="value"):
    """The Hrana value of a Python value; ``where`` names it in errors (``statements[0].args[1]``).

    ``None`` → null, ``bool`` → integer 0/1 (SQLite has no boolean), ``int`` → integer (decimal
    string, signed 64-bit), ``float`` → float (finite only), ``str`` → text, ``bytes`` → blob.
    A dict ``{"blob": "<base64>"}`` is a blob too: module arguments arrive as JSON, which has no bytes.
    """
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "integer", "value": "1" if value else "0"}
    if isinstance(value, int):
        if not INT64_MIN <= value <= INT64_MAX:
            raise HranaValueError(
                "%s is %d, outside the signed 64-bit range SQLite stores integers in (%d to %d); "
                "pass it as a string or a float instead." % (where, value, INT64_MIN, INT64_MAX)
            )
        return {"type": "integer", "value": str(value)}
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            raise HranaValueError(
                "%s is %s; SQLite cannot store NaN or infinity from a query argument: "
                "pass null or a finite number." % (where, value)
            )
        return {"type": "float", "value": value}
    if isinstance(value, str):
        return {"type": "text", "value": value}
    if isinstance(value, (bytes, bytearray)):
        return {"type": "blob", "base64": base64.b64encode(bytes(value)).decode("ascii")}
    if isinstance(value, dict) and set(value) == {"blob"}:
        return {"type": "blob", "base64": _check_base64(value["blob"], where + ".blob")}
    raise HranaValueError(
        "%s has the unsupported type %s; use null, a boolean, an integer, a float, a string, "
        "or {blob: <base64>} for binary data." % (where, type(value).__name__)
    )


def _check_base64(text, where):
    if not isinstance(text, str):
        raise HranaValueError("%s must be a base64 string; got %s." % (where, type(text).__name__))
    try:
        raw = base64.b64decode(_pad(text), validate=True)
    except (binascii.Error, ValueError):
        raise HranaValueError("%s is not valid base64 (standard alphabet A-Z a-z 0-9 + /)." % where)
    return base64.b64encode(raw).decode("ascii")


def _pad(text):
    text = text.strip().rstrip("=")
    return text + "=" * (-len(text) % 4)


def decode_value(value):
    """The Python value of a Hrana value: None, int, float, str or bytes.

    A float sent as JSON ``null`` (how the server writes NaN/infinity) decodes to None.
    """
    if not isinstance(value, dict):
        raise HranaProtocolError("a value must be an object; got %r" % (value,))
    kind = value.get("type")
    if kind == "null":
        return None
    if kind == "integer":
        return _decode_integer(value.get("value"))
    if kind == "float":
        number = value.get("value")
        if number is None:
            return None
        if isinstance(number, bool) or not isinstance(number, (int, float)):
            raise HranaProtocolError("a float value must be a JSON number; got %r" % (number,))
        return float(number)
    if kind == "text":
        text = value.get("value")
        if not isinstance(text, str):
            raise HranaProtocolError("a text value must be a string; got %r" % (text,))
        return text
    if kind == "blob":
        text = value.get("base64")
        if not isinstance(text, str):
            raise HranaProtocolError("a blob value must carry a base64 string; got %r" % (text,))
        try:
            return base64.b64decode(_pad(text), validate=True)
        except (binascii.Error, ValueError):
            raise HranaProtocolError("a blob value is not valid base64")
    raise HranaProtocolError("unknown value type %r" % (kind,))


def _decode_integer(text):
    # the wire form is a decimal string; a JSON number would have lost precision on the way
    if not isinstance(text, str) or not INTEGER_TEXT.match(text):
        raise HranaProtocolError("an integer value must be a decimal string; got %r" % (text,))
    number = int(text)
    if not INT64_MIN <= number <= INT64_MAX:
        raise HranaProtocolError("integer %s is outside the signed 64-bit range" % text)
    return number


# ---------------------------------------------------------------- requests


def stmt(sql, args=None, named_args=None, where="statement"):
    """A Stmt: ``sql`` with positional ``args`` (list) or ``named_args`` (dict name → value)."""
    built = {"sql": sql}
    if args:
        built["args"] = [encode_value(v, "%s.args[%d]" % (where, i)) for i, v in enumerate(args)]
    if named_args:
        built["named_args"] = [
            {"name": name, "value": encode_value(v, "%s.named_args.%s" % (where, name))}
            for name, v in named_args.items()
        ]
    return built


def execute(statement):
    return {"type": "execute", "stmt": statement}


def step(statement, condition=None):
    built = {"stmt": statement}
    if condition is not None:
        built["condition"] = condition
    return built


def batch(steps):
    return {"type": "batch", "batch": {"steps": list(steps)}}


def close():
    return {"type": "close"}


def pipeline(requests, baton=None):
    """The body of a pipeline request (``_api/hrana.py`` sends it); no baton opens a new stream."""
    body = {"requests": list(requests)}
    if baton is not None:
        body["baton"] = baton
    return body


def ok(index):
    """Condition: step ``index`` ran and succeeded."""
    return {"type": "ok", "step": index}


def error(index):
    """Condition: step ``index`` failed (sqld also counts a skipped step as not ok)."""
    return {"type": "error", "step": index}


def not_(condition):
    return {"type": "not", "cond": condition}


def and_(*conditions):
    return {"type": "and", "conds": list(conditions)}


def or_(*conditions):
    return {"type": "or", "conds": list(conditions)}


# ---------------------------------------------------------------- results


class AnswerDecoder(object):
    """``decode(text)``: a pipeline answer parsed in one pass, or None when the text is not JSON.

    ``json.loads`` calls :meth:`hook` for every object as soon as it is complete, so each value object
    (``{"type": "integer", "value": "42"}``, about ten times the size of the value it carries) is
    replaced by its Python value at once: the rows hold plain values from the start and no second
    copy of them is ever built. ``values`` counts the value objects replaced, which lets
    :func:`check_values` prove that every cell of every row was a value object. A malformed value
    stops the parse: ``problem`` keeps the error and the answer decodes to an empty object, for the caller
    to report (the HTTP client only sees JSON).
    """

    def __init__(self):
        self.values = 0
        self.problem = None

    def hook(self, found):
        if found.get("type") in VALUE_TYPES and found.keys() <= VALUE_KEYS:
            self.values += 1
            return decode_value(found)
        return found

    def __call__(self, text):
        try:
            return json.loads(text, object_hook=self.hook)
        except HranaProtocolError as exc:
            self.problem = exc
            return {}
        except ValueError:
            return None


def check_values(decoder, outcomes):
    """Raise unless the value objects ``decoder`` replaced are exactly the cells of ``outcomes``' rows.

    A cell that arrived as a bare JSON number or string (not a value object) would otherwise pass as
    a value, and a JSON number may already have lost an integer's precision.
    """
    cells = sum(
        len(result.rows) * len(result.columns) - result.late_values for result, _error in outcomes if result is not None
    )
    if cells != decoder.values:
        raise HranaProtocolError(
            "a row holds a value that is not a value object (%d value objects for %d cells)" % (decoder.values, cells)
        )


# Statistics sqld adds to every StmtResult (libsql-server/src/hrana/result_builder.rs ``add_stats``);
# other servers may omit them (Turso's 2023 production server did), so each is optional.
STATS = ("rows_read", "rows_written", "query_duration_ms")


class StmtResult(object):
    """One statement's result: column names and declared types, decoded rows, counters.

    ``stats`` holds those of :data:`STATS` the server sent (an empty dict when it sent none).
    """

    def __init__(self, columns, decltypes, rows, affected_row_count, last_insert_rowid, stats=None, late_values=0):
        self.columns = columns
        self.decltypes = decltypes
        self.rows = rows
        self.affected_row_count = affected_row_count
        self.last_insert_rowid = last_insert_rowid
        self.stats = stats or {}
        # cells decoded here rather than by an AnswerDecoder while parsing
        self.late_values = late_values


def decode_stmt_result(result):
    """A :class:`StmtResult` from a StmtResult object (``cols``, ``rows``, counters).

    The rows are decoded in place (the answer's own lists become the result's rows); a cell an
    :class:`AnswerDecoder` already decoded is kept as it is.
    """
    if not isinstance(result, dict):
        raise HranaProtocolError("a statement result must be an object; got %r" % (result,))
    cols = result.get("cols")
    rows = result.get("rows")
    if not isinstance(cols, list) or not isinstance(rows, list):
        raise HranaProtocolError("a statement result needs the lists cols and rows")
    columns, decltypes = [], []
    for index, col in enumerate(cols):
        if not isinstance(col, dict):
            raise HranaProtocolError("column %d must be an object" % index)
        name = col.get("name")
        columns.append(name if isinstance(name, str) else None)
        decltypes.append(col.get("decltype"))
    late = 0
    width = len(cols)
    for row in rows:
        if not isinstance(row, list) or len(row) != width:
            raise HranaProtocolError("a row must be a list of %d values" % width)
        for index, cell in enumerate(row):
            if isinstance(cell, dict):
                row[index] = decode_value(cell)
                late += 1
            elif isinstance(cell, bool) or not isinstance(cell, DECODED):
                raise HranaProtocolError("a value must be an object; got %r" % (cell,))
    affected = result.get("affected_row_count", 0)
    if isinstance(affected, bool) or not isinstance(affected, int) or affected < 0:
        raise HranaProtocolError("affected_row_count must be a non-negative integer; got %r" % (affected,))
    rowid = result.get("last_insert_rowid")
    if rowid is not None:
        if isinstance(rowid, int) and not isinstance(rowid, bool):
            rowid = str(rowid)  # tolerate a number, as some servers send in cursors
        rowid = _decode_integer(rowid)
    return StmtResult(columns, decltypes, rows, affected, rowid, _decode_stats(result), late)


def _decode_stats(result):
    """The statistics present in ``result``: counts are non-negative integers, the duration a number."""
    stats = {}
    for name in STATS:
        value = result.get(name)
        if value is None:
            continue
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or value < 0
            or (name != "query_duration_ms" and not isinstance(value, int))
            or not math.isfinite(value)
        ):
            raise HranaProtocolError("%s must be a non-negative number; got %r" % (name, value))
        stats[name] = value
    return stats


def decode_error(value):
    """A :class:`HranaError` from an Error object ``{"message", "code"}``."""
    if not isinstance(value, dict):
        raise HranaProtocolError("an error must be an object; got %r" % (value,))
    return HranaError(value.get("message"), value.get("code"))


def decode_batch_result(result, step_count):
    """``[(StmtResult or None, HranaError or None)]`` per step; both None when a step was skipped."""
    if not isinstance(result, dict):
        raise HranaProtocolError("a batch result must be an object")
    results = result.get("step_results")
    errors = result.get("step_errors")
    if not isinstance(results, list) or not isinstance(errors, list):
        raise HranaProtocolError("a batch result needs the lists step_results and step_errors")
    if len(results) != step_count or len(errors) != step_count:
        raise HranaProtocolError(
            "a batch of %d steps answered with %d results and %d errors" % (step_count, len(results), len(errors))
        )
    decoded = []
    for res, err in zip(results, errors):
        decoded.append((None if res is None else decode_stmt_result(res), None if err is None else decode_error(err)))
    return decoded


def decode_pipeline(data, requests):
    """The responses of a pipeline answer, one per request sent, in order.

    Each entry is the request's ``response`` object (its ``type`` checked against the request's)
    or a :class:`HranaError` when that request failed in-band.
    """
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise HranaProtocolError("the answer is not a pipeline response (no results list)")
    results = data["results"]
    if len(results) != len(requests):
        raise HranaProtocolError("%d requests were sent but %d results came back" % (len(requests), len(results)))
    decoded = []
    for request, entry in zip(requests, results):
        kind = entry.get("type") if isinstance(entry, dict) else None
        if kind == "error":
            decoded.append(decode_error(entry.get("error")))
        elif kind == "ok":
            response = entry.get("response")
            if not isinstance(response, dict) or response.get("type") != request["type"]:
                raise HranaProtocolError(
                    "a %s request was answered with %r"
                    % (request["type"], response.get("type") if isinstance(response, dict) else response)
                )
            decoded.append(response)
        else:
            raise HranaProtocolError("a result must have type ok or error; got %r" % (kind,))
    return decoded
