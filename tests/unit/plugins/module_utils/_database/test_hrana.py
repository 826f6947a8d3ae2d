"""Hrana over HTTP v2 shapes: values both ways, builders, batch conditions, result decoding, errors."""

from __future__ import annotations

import json
import math
import tracemalloc

import pytest

from ansible_collections.edge.platform.plugins.module_utils._database import hrana

INT64_MIN = -9223372036854775808
INT64_MAX = 9223372036854775807


# ---------------------------------------------------------------- encoding


@pytest.mark.parametrize(
    "value, wire",
    [
        (None, {"type": "null"}),
        (0, {"type": "integer", "value": "0"}),
        (42, {"type": "integer", "value": "42"}),
        (-7, {"type": "integer", "value": "-7"}),
        (INT64_MAX, {"type": "integer", "value": "9223372036854775807"}),
        (INT64_MIN, {"type": "integer", "value": "-9223372036854775808"}),
        (True, {"type": "integer", "value": "1"}),
        (False, {"type": "integer", "value": "0"}),
        (1.5, {"type": "float", "value": 1.5}),
        (-0.0, {"type": "float", "value": -0.0}),
        (1e308, {"type": "float", "value": 1e308}),
        ("", {"type": "text", "value": ""}),
        ("héllo ✓", {"type": "text", "value": "héllo ✓"}),
        ("42", {"type": "text", "value": "42"}),
        (b"\x00\x01\xff", {"type": "blob", "base64": "AAH/"}),
        (bytearray(b"ab"), {"type": "blob", "base64": "YWI="}),
        (b"", {"type": "blob", "base64": ""}),
        ({"blob": "AAH/"}, {"type": "blob", "base64": "AAH/"}),
        ({"blob": "YWI"}, {"type": "blob", "base64": "YWI="}),  # unpadded input is re-padded
    ],
)
def test_encode_value(value, wire):
    encoded = hrana.encode_value(value)
    assert encoded == wire
    assert type(encoded.get("value")) is type(wire.get("value"))
    # the wire form survives JSON with the integer still a string
    assert json.loads(json.dumps(encoded)) == wire


def test_integers_are_strings_on_the_wire_so_no_precision_is_lost():
    encoded = json.dumps(hrana.encode_value(INT64_MAX - 1))
    assert '"9223372036854775806"' in encoded


@pytest.mark.parametrize("value", [INT64_MAX + 1, INT64_MIN - 1, 10**30])
def test_integer_outside_64_bits_is_refused_with_the_range(value):
    with pytest.raises(hrana.HranaValueError) as info:
        hrana.encode_value(value, "statements[1].args[0]")
    text = str(info.value)
    assert "statements[1].args[0]" in text
    assert str(value) in text
    assert "-9223372036854775808 to 9223372036854775807" in text


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_non_finite_float_is_refused(value):
    with pytest.raises(hrana.HranaValueError) as info:
        hrana.encode_value(value, "sql.args[2]")
    assert "sql.args[2]" in str(info.value)
    assert "null or a finite number" in str(info.value)


@pytest.mark.parametrize(
    "value, fragment",
    [
        ([1, 2], "unsupported type list"),
        ({"a": 1}, "unsupported type dict"),
        ({"blob": "AA", "x": 1}, "unsupported type dict"),
        (object(), "unsupported type object"),
        ({"blob": 12}, "must be a base64 string"),
        ({"blob": "not base64!"}, "is not valid base64"),
    ],
)
def test_unsupported_values_name_the_place_and_the_fix(value, fragment):
    with pytest.raises(hrana.HranaValueError) as info:
        hrana.encode_value(value, "statements[0].named_args.x")
    assert fragment in str(info.value)
    assert "statements[0].named_args.x" in str(info.value)


# ---------------------------------------------------------------- decoding


@pytest.mark.parametrize(
    "wire, value",
    [
        ({"type": "null"}, None),
        ({"type": "null", "value": "null"}, None),  # extra keys are ignored
        ({"type": "integer", "value": "9223372036854775807"}, INT64_MAX),
        ({"type": "integer", "value": "-9223372036854775808"}, INT64_MIN),
        ({"type": "integer", "value": "0"}, 0),
        ({"type": "float", "value": 2.5}, 2.5),
        ({"type": "float", "value": 42}, 42.0),  # an integral float may arrive as a JSON integer
        ({"type": "float", "value": None}, None),  # how the server writes NaN/infinity
        ({"type": "text", "value": "x"}, "x"),
        ({"type": "blob", "base64": "AAH/"}, b"\x00\x01\xff"),
        ({"type": "blob", "base64": "YWI"}, b"ab"),  # the server emits blobs unpadded
        ({"type": "blob", "base64": ""}, b""),
    ],
)
def test_decode_value(wire, value):
    decoded = hrana.decode_value(wire)
    assert decoded == value
    assert type(decoded) is type(value)


def test_float_keeps_its_type_when_integral():
    assert isinstance(hrana.decode_value({"type": "float", "value": 3}), float)


@pytest.mark.parametrize("value", [INT64_MAX, INT64_MIN, 0, -1, 12345678901234567, 2.75, "t", b"\x00" * 5, None])
def test_values_round_trip(value):
    assert hrana.decode_value(json.loads(json.dumps(hrana.encode_value(value)))) == value


@pytest.mark.parametrize(
    "wire, fragment",
    [
        ({"type": "integer", "value": 42}, "decimal string"),
        ({"type": "integer", "value": "4.2"}, "decimal string"),
        ({"type": "integer", "value": "--5"}, "decimal string"),
        ({"type": "integer", "value": "-"}, "decimal string"),
        ({"type": "integer", "value": "\u0663"}, "decimal string"),  # a non-ASCII digit
        ({"type": "integer", "value": "9223372036854775808"}, "outside the signed 64-bit range"),
        ({"type": "float", "value": "1.5"}, "JSON number"),
        ({"type": "float", "value": True}, "JSON number"),
        ({"type": "text", "value": 5}, "must be a string"),
        ({"type": "blob", "base64": None}, "base64 string"),
        ({"type": "blob", "base64": "@@@"}, "not valid base64"),
        ({"type": "date"}, "unknown value type"),
        ("integer", "must be an object"),
    ],
)
def test_malformed_values_are_protocol_errors(wire, fragment):
    with pytest.raises(hrana.HranaProtocolError) as info:
        hrana.decode_value(wire)
    assert fragment in str(info.value)


def test_decoding_nan_never_yields_a_nan():
    decoded = hrana.decode_value({"type": "float", "value": None})
    assert decoded is None or not math.isnan(decoded)


# ---------------------------------------------------------------- builders


def test_stmt_with_positional_args():
    assert hrana.stmt("INSERT INTO t VALUES (?, ?)", [1, "a"]) == {
        "sql": "INSERT INTO t VALUES (?, ?)",
        "args": [{"type": "integer", "value": "1"}, {"type": "text", "value": "a"}],
    }


def test_stmt_with_named_args_keeps_the_names_as_given():
    assert hrana.stmt("SELECT :a, @b", named_args={":a": None, "b": 2.0}) == {
        "sql": "SELECT :a, @b",
        "named_args": [
            {"name": ":a", "value": {"type": "null"}},
            {"name": "b", "value": {"type": "float", "value": 2.0}},
        ],
    }


def test_stmt_without_args_sends_only_sql():
    assert hrana.stmt("SELECT 1") == {"sql": "SELECT 1"}


def test_stmt_value_errors_name_the_argument():
    with pytest.raises(hrana.HranaValueError) as info:
        hrana.stmt("SELECT ?", [2**64], where="statements[3]")
    assert "statements[3].args[0]" in str(info.value)
    with pytest.raises(hrana.HranaValueError) as info:
        hrana.stmt("SELECT :x", named_args={"x": float("nan")}, where="sql")
    assert "sql.named_args.x" in str(info.value)


def test_pipeline_execute_close_and_baton():
    body = hrana.pipeline([hrana.execute(hrana.stmt("SELECT 1")), hrana.close()])
    assert body == {"requests": [{"type": "execute", "stmt": {"sql": "SELECT 1"}}, {"type": "close"}]}
    assert "baton" not in body  # a new stream
    assert hrana.pipeline([], baton="abc") == {"requests": [], "baton": "abc"}


def test_batch_with_every_condition():
    steps = [
        hrana.step(hrana.stmt("BEGIN")),
        hrana.step(hrana.stmt("INSERT INTO t VALUES (1)"), hrana.ok(0)),
        hrana.step(hrana.stmt("COMMIT"), hrana.and_(hrana.ok(0), hrana.ok(1))),
        hrana.step(hrana.stmt("ROLLBACK"), hrana.or_(hrana.error(1), hrana.not_(hrana.ok(2)))),
    ]
    assert hrana.batch(steps) == {
        "type": "batch",
        "batch": {
            "steps": [
                {"stmt": {"sql": "BEGIN"}},
                {"stmt": {"sql": "INSERT INTO t VALUES (1)"}, "condition": {"type": "ok", "step": 0}},
                {
                    "stmt": {"sql": "COMMIT"},
                    "condition": {"type": "and", "conds": [{"type": "ok", "step": 0}, {"type": "ok", "step": 1}]},
                },
                {
                    "stmt": {"sql": "ROLLBACK"},
                    "condition": {
                        "type": "or",
                        "conds": [{"type": "error", "step": 1}, {"type": "not", "cond": {"type": "ok", "step": 2}}],
                    },
                },
            ]
        },
    }


# ---------------------------------------------------------------- results

SELECT_RESULT = {
    "cols": [
        {"name": "id", "decltype": "INTEGER"},
        {"name": "name", "decltype": "TEXT"},
        {"name": "score", "decltype": "REAL"},
        {"name": "data", "decltype": "BLOB"},
        {"name": "x", "decltype": None},
    ],
    "rows": [
        [
            {"type": "integer", "value": "9223372036854775807"},
            {"type": "text", "value": "a"},
            {"type": "float", "value": 1.25},
            {"type": "blob", "base64": "AAE"},
            {"type": "null"},
        ]
    ],
    "affected_row_count": 0,
    "last_insert_rowid": None,
    "rows_read": 1,
    "rows_written": 0,
    "query_duration_ms": 0.1,
    "replication_index": "3",
}


def test_decode_select_result():
    result = hrana.decode_stmt_result(SELECT_RESULT)
    assert result.columns == ["id", "name", "score", "data", "x"]
    assert result.decltypes == ["INTEGER", "TEXT", "REAL", "BLOB", None]
    assert result.rows == [[INT64_MAX, "a", 1.25, b"\x00\x01", None]]
    assert result.affected_row_count == 0
    assert result.last_insert_rowid is None


def test_decode_insert_result_makes_the_rowid_an_int():
    result = hrana.decode_stmt_result({"cols": [], "rows": [], "affected_row_count": 3, "last_insert_rowid": "17"})
    assert (result.affected_row_count, result.last_insert_rowid) == (3, 17)
    assert hrana.decode_stmt_result({"cols": [], "rows": [], "last_insert_rowid": 18}).last_insert_rowid == 18


def test_decode_result_without_optional_fields():
    result = hrana.decode_stmt_result({"cols": [], "rows": []})
    assert (result.affected_row_count, result.last_insert_rowid, result.rows) == (0, None, [])


@pytest.mark.parametrize(
    "result, fragment",
    [
        (None, "must be an object"),
        ({"rows": []}, "cols and rows"),
        ({"cols": [], "rows": {}}, "cols and rows"),
        ({"cols": ["id"], "rows": []}, "column 0 must be an object"),
        ({"cols": [{"name": "a"}], "rows": [[]]}, "list of 1 values"),
        ({"cols": [], "rows": [], "affected_row_count": "1"}, "affected_row_count"),
        ({"cols": [], "rows": [], "affected_row_count": -1}, "affected_row_count"),
        ({"cols": [], "rows": [], "last_insert_rowid": "x"}, "decimal string"),
    ],
)
def test_malformed_results(result, fragment):
    with pytest.raises(hrana.HranaProtocolError) as info:
        hrana.decode_stmt_result(result)
    assert fragment in str(info.value)


def test_decode_batch_result_ok_error_and_skipped_steps():
    decoded = hrana.decode_batch_result(
        {
            "step_results": [{"cols": [], "rows": [], "affected_row_count": 1, "last_insert_rowid": "1"}, None, None],
            "step_errors": [
                None,
                {"message": "SQLite error: UNIQUE constraint failed: t.id", "code": "SQLITE_CONSTRAINT"},
                None,
            ],
            "replication_index": "5",
        },
        3,
    )
    (first, first_error), (second, second_error), (third, third_error) = decoded
    assert first.affected_row_count == 1 and first_error is None
    assert second is None
    assert (second_error.code, second_error.message) == (
        "SQLITE_CONSTRAINT",
        "SQLite error: UNIQUE constraint failed: t.id",
    )
    assert second_error.as_dict() == {
        "code": "SQLITE_CONSTRAINT",
        "message": "SQLite error: UNIQUE constraint failed: t.id",
    }
    assert third is None and third_error is None


@pytest.mark.parametrize(
    "result, fragment",
    [
        ([], "must be an object"),
        ({"step_results": [None]}, "step_results and step_errors"),
        (
            {"step_results": [None], "step_errors": [None, None]},
            "batch of 1 steps answered with 1 results and 2 errors",
        ),
        ({"step_results": [None], "step_errors": ["boom"]}, "an error must be an object"),
    ],
)
def test_malformed_batch_results(result, fragment):
    with pytest.raises(hrana.HranaProtocolError) as info:
        hrana.decode_batch_result(result, 1)
    assert fragment in str(info.value)


def test_error_shapes():
    with_code = hrana.decode_error({"message": "SQL string could not be parsed: near X", "code": "SQL_PARSE_ERROR"})
    assert str(with_code) == "SQL_PARSE_ERROR: SQL string could not be parsed: near X"
    without_code = hrana.decode_error({"message": "boom"})  # code is optional in the spec
    assert (without_code.code, str(without_code)) == (None, "boom")
    empty = hrana.decode_error({})
    assert empty.message == "no message"


REQUESTS = [hrana.batch([]), hrana.close()]


def test_decode_pipeline_ok_and_in_band_error():
    decoded = hrana.decode_pipeline(
        {
            "baton": None,
            "base_url": None,
            "results": [
                {"type": "ok", "response": {"type": "batch", "result": {"step_results": [], "step_errors": []}}},
                {"type": "error", "error": {"message": "stream closed", "code": "STREAM_CLOSED"}},
            ],
        },
        REQUESTS,
    )
    assert decoded[0] == {"type": "batch", "result": {"step_results": [], "step_errors": []}}
    assert isinstance(decoded[1], hrana.HranaError) and decoded[1].code == "STREAM_CLOSED"


@pytest.mark.parametrize(
    "data, fragment",
    [
        (None, "no results list"),
        ({"results": {}}, "no results list"),
        ({"results": []}, "2 requests were sent but 0 results came back"),
        (
            {
                "results": [
                    {"type": "ok", "response": {"type": "execute"}},
                    {"type": "ok", "response": {"type": "close"}},
                ]
            },
            "a batch request was answered with 'execute'",
        ),
        ({"results": [{"type": "ok"}, {"type": "ok", "response": {"type": "close"}}]}, "answered with None"),
        ({"results": [{"type": "weird"}, {"type": "ok", "response": {"type": "close"}}]}, "type ok or error"),
        ({"results": ["x", "y"]}, "type ok or error"),
    ],
)
def test_malformed_pipeline_answers(data, fragment):
    with pytest.raises(hrana.HranaProtocolError) as info:
        hrana.decode_pipeline(data, REQUESTS)
    assert fragment in str(info.value)


# ---------------------------------------------------------------- sqld's statistics


def test_statistics_are_decoded_when_present():
    result = hrana.decode_stmt_result(
        {"cols": [], "rows": [], "rows_read": 3, "rows_written": 1, "query_duration_ms": 0.125}
    )
    assert result.stats == {"rows_read": 3, "rows_written": 1, "query_duration_ms": 0.125}
    assert hrana.decode_stmt_result({"cols": [], "rows": []}).stats == {}


@pytest.mark.parametrize(
    "name, value",
    [
        ("rows_read", -1),
        ("rows_written", 1.5),
        ("rows_read", "3"),
        ("query_duration_ms", True),
        ("query_duration_ms", float("inf")),
    ],
)
def test_bad_statistics_are_a_protocol_error(name, value):
    with pytest.raises(hrana.HranaProtocolError):
        hrana.decode_stmt_result({"cols": [], "rows": [], name: value})


# -- decoding while parsing: one copy of the rows, bounded memory ------------------------------------------------


NO_BARE = object()


def pipeline_text(rows, bare=NO_BARE):
    """A pipeline answer (one batch: a SELECT of ``rows`` rows, then close) as the server sends it."""
    cells = [
        [
            {"type": "integer", "value": str(i)},
            {"type": "text", "value": "row-%d" % i},
            {"type": "float", "value": i * 0.5},
        ]
        for i in range(rows)
    ]
    if bare is not NO_BARE:
        cells[0][0] = bare
    result = {"cols": [{"name": "id"}, {"name": "name"}, {"name": "score"}], "rows": cells, "affected_row_count": 0}
    return json.dumps(
        {
            "results": [
                {
                    "type": "ok",
                    "response": {"type": "batch", "result": {"step_results": [result], "step_errors": [None]}},
                },
                {"type": "ok", "response": {"type": "close"}},
            ]
        },
        separators=(",", ":"),
    )


def decode_answer(text):
    decoder = hrana.AnswerDecoder()
    data = decoder(text)
    batch = hrana.decode_pipeline(data, REQUESTS)[0]
    outcomes = hrana.decode_batch_result(batch["result"], 1)
    hrana.check_values(decoder, outcomes)
    return outcomes


def test_the_answer_decoder_turns_values_into_python_values_while_parsing():
    decoder = hrana.AnswerDecoder()
    data = decoder(
        '{"rows": [[{"type": "integer", "value": "9223372036854775807"}, {"type": "blob", "base64": "AAE"},'
        ' {"type": "null"}, {"type": "float", "value": null}]], "type": "batch"}'
    )
    assert data == {"rows": [[INT64_MAX, b"\x00\x01", None, None]], "type": "batch"}
    assert decoder.values == 4 and decoder.problem is None
    assert hrana.AnswerDecoder()("<html>") is None


def test_a_malformed_value_stops_the_parse_and_is_kept_for_the_caller():
    decoder = hrana.AnswerDecoder()
    assert decoder('{"rows": [[{"type": "integer", "value": 5}]]}') == {}
    assert "decimal string" in str(decoder.problem)


def test_rows_decoded_while_parsing_are_the_results_rows():
    outcomes = decode_answer(pipeline_text(3))
    assert outcomes[0][0].rows == [[0, "row-0", 0.0], [1, "row-1", 0.5], [2, "row-2", 1.0]]


@pytest.mark.parametrize("bare", [5, "5", None, [1]])
def test_a_cell_that_is_not_a_value_object_is_a_protocol_error(bare):
    with pytest.raises(hrana.HranaProtocolError, match="not a value object|must be an object"):
        decode_answer(pipeline_text(3, bare=bare))


def test_decoding_and_shaping_hold_the_rows_once():
    """The peak while decoding and shaping stays within a quarter over the result itself: no second copy of
    the rows at any point (decoding the value objects first and shaping a copy peaked at three times it)."""
    from ansible_collections.edge.platform.plugins.module_utils._database import sql_plan

    text = pipeline_text(20000)
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        outcomes = decode_answer(text)
        shaped = sql_plan.shape_result(outcomes[0][0])
        del outcomes
        retained, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert shaped["rows"][-1] == {"id": 19999, "name": "row-19999", "score": 9999.5}
    assert peak - base <= 1.25 * (retained - base)
    assert peak - base <= 3.5 * len(text)
