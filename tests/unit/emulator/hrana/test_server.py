"""The emulator's Hrana over HTTP v2 (emulator/hrana) as sqld answers it: values, statements, batches,
streams and batons (docs/platform-notes.md, "Database SQL over HTTP (Hrana) failures"). The database routes,
tokens and files around it: areas/test_databases.py."""

from __future__ import annotations

import base64
import json
import sqlite3

import pytest

from emulator.hrana import execute as hrana_exec
from emulator.hrana import server as hrana_server

from ..hrana_client import CLOSE, EXPIRED, FORBIDDEN, batch, execute, integer, text

# -- values -----------------------------------------------------------------------------------


def test_every_value_type_round_trips(emu):
    emu.one("CREATE TABLE v (i INTEGER, f REAL, t TEXT, b BLOB, n)")
    values = [
        integer(-(2**63)),
        {"type": "float", "value": 42},
        text("héllo ✓"),
        {"type": "blob", "base64": "AAEC/w=="},
        {"type": "null"},
    ]
    emu.one("INSERT INTO v VALUES (?, ?, ?, ?, ?)", values)
    emu.one(
        "INSERT INTO v VALUES (?, ?, ?, ?, ?)",
        [
            integer(2**63 - 1),
            {"type": "float", "value": -1.5},
            text(""),
            {"type": "blob", "base64": "AAEC/w"},
            {"type": "null"},
        ],
    )
    result = emu.one("SELECT i, f, t, b, n, typeof(f), typeof(b) FROM v ORDER BY i")
    assert result["rows"] == [
        [
            integer(-(2**63)),
            {"type": "float", "value": 42.0},
            text("héllo ✓"),
            {"type": "blob", "base64": "AAEC/w"},
            {"type": "null"},
            text("real"),
            text("blob"),
        ],
        [
            integer(2**63 - 1),
            {"type": "float", "value": -1.5},
            text(""),
            {"type": "blob", "base64": "AAEC/w"},
            {"type": "null"},
            text("real"),
            text("blob"),
        ],
    ]
    assert base64.b64decode("AAEC/w==") == b"\x00\x01\x02\xff"


def test_non_finite_floats_are_written_as_null(emu):
    assert emu.scalar("SELECT 1e999") == {"type": "float", "value": None}


def test_integers_outside_64_bits_or_as_numbers_fail_the_request(emu):
    bad_values = [
        {"type": "integer", "value": str(2**63)},
        {"type": "integer", "value": 5},
        {"type": "integer", "value": "1_000"},
        {"type": "float", "value": "1.5"},
        {"type": "blob", "base64": "!!"},
        {"type": "date", "value": "2026-01-01"},
        {"type": "text"},
        {"type": "integer", "value": "\u0663"},
        {"type": "integer", "value": " 1"},
        {"type": "integer", "value": "1\n"},
    ]
    for value in bad_values:
        status, content_type, body = emu.pipeline([execute("SELECT ?", [value])])
        assert (status, content_type) == (400, "text/plain"), value
        assert body.startswith("Cannot deserialize client message from JSON: "), body
    status, body = emu.pipeline(
        None,
        raw=b'{"requests": [{"type": "execute", "stmt": {"sql": "SELECT ?", '
        b'"args": [{"type": "float", "value": NaN}]}}]}',
    )[0::2]
    assert status == 400 and body.startswith("Cannot deserialize client message from JSON: "), body
    assert emu.scalar("SELECT ?", args=[integer("+5")]) == integer(5)


# -- statement results --------------------------------------------------------------------------


def test_affected_row_count_and_last_insert_rowid_follow_the_statement_kind(emu):
    created = emu.one("CREATE TABLE t (id INTEGER PRIMARY KEY, x INT)")
    assert (created["affected_row_count"], created["last_insert_rowid"], created["cols"]) == (0, None, [])
    inserted = emu.one("INSERT INTO t (x) VALUES (1), (2), (3)")
    assert (inserted["affected_row_count"], inserted["last_insert_rowid"]) == (3, "3")
    updated = emu.one("UPDATE t SET x = x + 1 WHERE x >= 2")
    assert (updated["affected_row_count"], updated["last_insert_rowid"]) == (2, None)
    selected = emu.one("SELECT x FROM t")
    assert (selected["affected_row_count"], selected["last_insert_rowid"]) == (0, None)
    deleted = emu.one("DELETE FROM t WHERE x = 1")
    assert (deleted["affected_row_count"], deleted["last_insert_rowid"]) == (1, None)
    returning = emu.one("INSERT INTO t (x) VALUES (9) RETURNING id, x")
    assert returning["rows"] == [[integer(4), integer(9)]]
    assert (returning["affected_row_count"], returning["last_insert_rowid"]) == (1, "4")


def test_want_rows_false_still_returns_rows_as_sqld_does(emu):
    results = emu.results([execute("SELECT 1 AS one", want_rows=False), CLOSE])
    assert results[0]["response"]["result"]["rows"] == [[integer(1)]]


def test_decltype_names_declared_types_of_plain_columns_only(emu):
    emu.one("CREATE TABLE people (id INTEGER PRIMARY KEY, name VARCHAR(20), age INT, note)")
    emu.one("CREATE TABLE pets (owner INT, kind TEXT)")
    emu.one("CREATE VIEW names AS SELECT name FROM people")

    def decltypes(sql):
        return [(c["name"], c["decltype"]) for c in emu.one(sql)["cols"]]

    assert decltypes("SELECT * FROM people") == [
        ("id", "INTEGER"),
        ("name", "VARCHAR(20)"),
        ("age", "INT"),
        ("note", None),
    ]
    assert decltypes("SELECT p.name AS who, age + 1, rowid, count(*) FROM people p") == [
        ("who", "VARCHAR(20)"),
        ("age + 1", None),
        ("id", "INTEGER"),
        ("count(*)", None),
    ]
    assert decltypes("SELECT name, kind, pets.* FROM people JOIN pets ON pets.owner = people.id") == [
        ("name", "VARCHAR(20)"),
        ("kind", "TEXT"),
        ("owner", "INT"),
        ("kind", "TEXT"),
    ]
    assert decltypes("SELECT name FROM names") == [("name", None)]
    assert decltypes("SELECT name FROM people UNION SELECT kind FROM pets") == [("name", None)]
    assert decltypes("SELECT 1 AS one") == [("one", None)]


# -- arguments --------------------------------------------------------------------------------


def test_named_arguments_bind_with_or_without_their_prefix(emu):
    named = {":a": integer(1), "b": integer(2), "$c": integer(3), "@d": integer(4)}
    result = emu.one("SELECT :a, :b, $c, @d", named=named)
    assert result["rows"] == [[integer(1), integer(2), integer(3), integer(4)]]
    assert emu.one("SELECT ?2, ?1, ?", [text("x"), text("y"), text("z")])["rows"] == [[text("y"), text("x"), text("z")]]
    assert emu.one("SELECT ? || ':?' || ? -- ?", [text("a"), text("b")])["rows"] == [[text("a:?b")]]


def test_argument_mismatches_are_in_band_errors(emu):
    assert emu.error("SELECT ?", [integer(1), integer(2)]) == {
        "message": "Arguments do not match SQL parameters: too many parameters, expected 1 found 2",
        "code": "ARGS_INVALID",
    }
    assert emu.error("SELECT ?, ?", [integer(1)]) == {
        "message": "Arguments do not match SQL parameters: value for parameter 2 not found",
        "code": "ARGS_INVALID",
    }
    assert emu.error("SELECT :x", [integer(1)])["message"].endswith("value for parameter :x not found")
    assert emu.error("SELECT ?", [integer(1)], {"a": integer(1)}) == {
        "message": "Specifying both positional and named arguments is not supported",
        "code": "ARGS_BOTH_POSITIONAL_AND_NAMED",
    }
    # a prepare error comes before an argument mismatch, as in sqld
    assert emu.error("SELECT * FROM missing WHERE x = ?")["code"] == "SQLITE_UNKNOWN"


# -- statement errors -----------------------------------------------------------------------------


def test_statement_count_errors(emu):
    assert emu.error("")["code"] == "SQL_NO_STATEMENT"
    assert emu.error("  -- nothing here\n ;")["code"] == "SQL_NO_STATEMENT"
    assert emu.error("SELECT 1; SELECT 2") == {
        "message": "SQL string contains more than one statement",
        "code": "SQL_MANY_STATEMENTS",
    }
    assert emu.one("SELECT 'a;b'; -- trailing comment")["rows"] == [[text("a;b")]]


def test_a_trigger_body_is_one_statement(emu):
    emu.one("CREATE TABLE log (x)")
    emu.one("CREATE TABLE src (x)")
    emu.one(
        "CREATE TRIGGER copy AFTER INSERT ON src BEGIN INSERT INTO log VALUES (new.x); "
        "INSERT INTO log VALUES (CASE WHEN new.x > 1 THEN new.x * 10 END); END;"
    )
    inserted = emu.one("INSERT INTO src VALUES (2)")
    assert inserted["affected_row_count"] == 1, "changes() excludes trigger rows, as sqlite3_changes"
    assert emu.one("SELECT x FROM log ORDER BY x")["rows"] == [[integer(2)], [integer(20)]]
    assert emu.results(
        [
            {
                "type": "sequence",
                "sql": "CREATE TRIGGER t2 AFTER DELETE ON src BEGIN DELETE FROM log; END; INSERT INTO src VALUES (3)",
            },
            CLOSE,
        ]
    )[0] == {"type": "ok", "response": {"type": "sequence"}}
    assert emu.scalar("SELECT count(*) FROM log") == integer(4)


def test_parse_unsupported_and_sqlite_errors_carry_sqld_codes(emu):
    assert emu.error("SELEC 1") == {
        "message": 'SQL string could not be parsed: near "SELEC": syntax error',
        "code": "SQL_PARSE_ERROR",
    }
    assert emu.error("CREATE TEMP TABLE scratch (x)") == {
        "message": "SQL string could not be parsed: unsupported statement: CREATE TEMP TABLE scratch (x)",
        "code": "SQL_PARSE_ERROR",
    }
    assert emu.error("PRAGMA wal_checkpoint")["code"] == "SQL_PARSE_ERROR"
    emu.one("CREATE TABLE t (id INTEGER PRIMARY KEY, x INT NOT NULL)")
    emu.one("INSERT INTO t VALUES (1, 1)")
    assert emu.error("INSERT INTO t VALUES (1, 2)") == {
        "message": "SQLite error: UNIQUE constraint failed: t.id",
        "code": "SQLITE_CONSTRAINT",
    }
    assert emu.error("INSERT INTO t VALUES (2, NULL)")["code"] == "SQLITE_CONSTRAINT"
    assert emu.error("INSERT INTO t VALUES ('x', 1)")["code"] == "SQLITE_MISMATCH"
    assert emu.error("SELECT * FROM nowhere") == {
        "message": "SQLite error: no such table: nowhere",
        "code": "SQLITE_UNKNOWN",
    }


def test_a_second_writer_is_busy_at_once(emu):
    baton = emu.baton([execute("BEGIN IMMEDIATE")])
    assert emu.error("CREATE TABLE t (x)")["code"] == "SQLITE_BUSY"
    emu.ok([execute("ROLLBACK"), CLOSE], baton=baton)
    emu.one("CREATE TABLE t (x)")


# -- batches ------------------------------------------------------------------------------------


def test_batch_conditions(emu):
    ok0, err1 = {"type": "ok", "step": 0}, {"type": "error", "step": 1}
    results = emu.results(
        [
            batch(
                "SELECT 1",  # 0 ok
                ("SELECT * FROM nowhere", ok0),  # 1 fails
                ("SELECT 2", err1),  # 2 runs: step 1 failed
                ("SELECT 3", {"type": "ok", "step": 1}),  # 3 skipped
                ("SELECT 4", {"type": "error", "step": 3}),  # 4 runs: sqld's "not ok" quirk
                ("SELECT 5", {"type": "not", "cond": ok0}),  # 5 skipped
                ("SELECT 6", {"type": "and", "conds": [ok0, err1]}),  # 6 runs
                ("SELECT 7", {"type": "and", "conds": [ok0, {"type": "ok", "step": 1}]}),  # 7 skipped
                ("SELECT 8", {"type": "or", "conds": [{"type": "ok", "step": 1}, ok0]}),  # 8 runs
                ("SELECT 9", {"type": "or", "conds": []}),  # 9 skipped
                ("SELECT 10", {"type": "and", "conds": []}),  # 10 runs
            ),
            CLOSE,
        ]
    )
    result = results[0]["response"]["result"]
    ran = [r["rows"][0][0]["value"] if r else None for r in result["step_results"]]
    assert ran == ["1", None, "2", None, "4", None, "6", None, "8", None, "10"]
    assert result["step_errors"][1] == {"message": "SQLite error: no such table: nowhere", "code": "SQLITE_UNKNOWN"}
    assert [e for i, e in enumerate(result["step_errors"]) if i != 1] == [None] * 10
    assert result["replication_index"] is None


def test_batch_as_a_transaction_applies_nothing_when_a_step_fails(emu):
    emu.one("CREATE TABLE t (id INTEGER PRIMARY KEY)")

    def transaction(*statements):
        steps = [("BEGIN IMMEDIATE", None)]
        for statement in statements:
            steps.append((statement, {"type": "ok", "step": len(steps) - 1}))
        steps.append(("COMMIT", {"type": "ok", "step": len(steps) - 1}))
        steps.append(("ROLLBACK", {"type": "not", "cond": {"type": "ok", "step": len(steps) - 1}}))
        return batch(*steps)

    results = emu.results([transaction("INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (1)"), CLOSE])
    result = results[0]["response"]["result"]
    assert result["step_errors"][2]["code"] == "SQLITE_CONSTRAINT"
    assert result["step_results"][3] is None and result["step_results"][4] is not None
    assert emu.scalar("SELECT count(*) FROM t") == integer(0)
    emu.ok([transaction("INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (2)"), CLOSE])
    assert emu.scalar("SELECT count(*) FROM t") == integer(2)


def test_a_parse_error_fails_the_batch_request_before_any_step_runs(emu):
    emu.one("CREATE TABLE t (x)")
    results = emu.results([batch("INSERT INTO t VALUES (1)", "SELEC 2"), CLOSE])
    assert results[0]["type"] == "error"
    assert results[0]["error"]["code"] == "SQL_PARSE_ERROR"
    assert emu.scalar("SELECT count(*) FROM t") == integer(0)


def test_a_condition_must_reference_an_earlier_step(emu):
    emu.one("CREATE TABLE t (x)")
    status, content_type, body = emu.pipeline(
        [
            execute("INSERT INTO t VALUES (1)"),
            batch("SELECT 1", ("SELECT 2", {"type": "ok", "step": 1})),
        ]
    )
    assert (status, content_type, body) == (400, "text/plain", "Invalid reference to step in a batch condition")
    assert emu.scalar("SELECT count(*) FROM t") == integer(1), "requests before the failure keep their effects"


def test_v3_only_features_fail_on_v2(emu):
    assert emu.pipeline([{"type": "get_autocommit"}])[1:] == (
        "text/plain",
        "The `get_autocommit` request is only supported in protocol version hrana3 and higher",
    )
    assert emu.pipeline([batch(("SELECT 1", {"type": "is_autocommit"}))])[1:] == (
        "text/plain",
        "BatchCond of type `is_autocommit` is only supported in protocol version hrana3 and higher",
    )


# -- sequence, describe, stored SQL, close ----------------------------------------------------------


def test_sequence_runs_statements_until_the_first_failure(emu):
    results = emu.results(
        [
            {
                "type": "sequence",
                "sql": "CREATE TABLE t (x UNIQUE); INSERT INTO t VALUES (1); INSERT INTO t VALUES (2);",
            },
            {"type": "sequence", "sql": "INSERT INTO t VALUES (3); INSERT INTO t VALUES (1); INSERT INTO t VALUES (4)"},
            {"type": "sequence", "sql": "INSERT INTO t VALUES (5); SELEC"},
            {"type": "sequence", "sql": "INSERT INTO t VALUES (?)"},
            {"type": "sequence", "sql": ""},
            CLOSE,
        ]
    )
    assert results[0] == {"type": "ok", "response": {"type": "sequence"}}
    assert results[1]["error"]["code"] == "SQLITE_CONSTRAINT"
    assert results[2]["error"]["code"] == "SQL_PARSE_ERROR"
    assert results[3]["error"]["code"] == "ARGS_INVALID"
    assert results[4] == {"type": "ok", "response": {"type": "sequence"}}
    assert emu.one("SELECT x FROM t ORDER BY x")["rows"] == [[integer(1)], [integer(2)], [integer(3)]]


def test_describe_reports_parameters_columns_and_flags_without_running_writes(emu):
    emu.one("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    results = emu.results(
        [
            {"type": "describe", "sql": "SELECT id, name AS n FROM t WHERE id = :id OR name = ? OR id = ?5"},
            {"type": "describe", "sql": "INSERT INTO t (name) VALUES (@name) RETURNING id"},
            {"type": "describe", "sql": "EXPLAIN SELECT 1"},
            {"type": "describe", "sql": "SELECT * FROM nowhere"},
            CLOSE,
        ]
    )
    select = results[0]["response"]["result"]
    assert select == {
        "params": [{"name": ":id"}, {"name": None}, {"name": None}, {"name": None}, {"name": "?5"}],
        "cols": [{"name": "id", "decltype": "INTEGER"}, {"name": "n", "decltype": "TEXT"}],
        "is_explain": False,
        "is_readonly": True,
    }
    insert = results[1]["response"]["result"]
    assert insert == {
        "params": [{"name": "@name"}],
        "cols": [{"name": "id", "decltype": None}],
        "is_explain": False,
        "is_readonly": False,
    }
    assert results[2]["response"]["result"]["is_explain"] is True
    assert results[3]["error"]["code"] == "SQLITE_UNKNOWN"
    assert emu.scalar("SELECT count(*) FROM t") == integer(0)


def test_stored_sql_is_used_by_id_within_its_stream(emu):
    results, baton = emu.ok(
        [
            {"type": "store_sql", "sql_id": 1, "sql": "SELECT ? * 2"},
            {"type": "execute", "stmt": {"sql_id": 1, "args": [integer(21)]}},
            {"type": "batch", "batch": {"steps": [{"stmt": {"sql_id": 1, "args": [integer(5)]}}]}},
            {"type": "close_sql", "sql_id": 1},
            {"type": "close_sql", "sql_id": 99},
        ]
    )
    assert results[0] == {"type": "ok", "response": {"type": "store_sql"}}
    assert results[1]["response"]["result"]["rows"] == [[integer(42)]]
    assert results[2]["response"]["result"]["step_results"][0]["rows"] == [[integer(10)]]
    assert results[3:] == [{"type": "ok", "response": {"type": "close_sql"}}] * 2
    assert emu.pipeline([{"type": "execute", "stmt": {"sql_id": 1}}], baton=baton)[1:] == (
        "text/plain",
        "SQL text 1 not found",
    )
    assert emu.pipeline([{"type": "execute", "stmt": {"sql_id": 1}}])[2] == "SQL text 1 not found"


def test_stored_sql_protocol_errors_and_limits(emu):
    store = [{"type": "store_sql", "sql_id": 7, "sql": "SELECT 1"}]
    assert emu.pipeline(store * 2)[1:] == ("text/plain", "SQL text 7 already exists")
    assert (
        emu.pipeline([{"type": "execute", "stmt": {"sql": "SELECT 1", "sql_id": 7}}])[2]
        == "Either `sql` or `sql_id` are required, but not both"
    )
    assert emu.pipeline([{"type": "execute", "stmt": {}}])[2] == "Either `sql` or `sql_id` are required"
    many = [{"type": "store_sql", "sql_id": i, "sql": "SELECT %d" % i} for i in range(51)]
    large = {"type": "store_sql", "sql_id": 100, "sql": "SELECT '%s'" % ("x" * 5000)}
    results = emu.results(many + [CLOSE])
    assert results[50]["error"] == {
        "message": "The server already stores 50 SQL texts, it cannot store more",
        "code": "SQL_STORE_TOO_MANY",
    }
    results = emu.results([large, CLOSE])
    assert results[0]["error"]["code"] == "SQL_STORE_TOO_LARGE"


def test_close_ends_the_stream(emu):
    results, baton = emu.ok([execute("SELECT 1"), CLOSE])
    assert results[1] == {"type": "ok", "response": {"type": "close"}} and baton is None
    assert emu.pipeline([CLOSE, execute("SELECT 1")])[1:] == ("text/plain", "Stream for this baton was closed")


# -- batons and streams ---------------------------------------------------------------------------


def test_an_interactive_transaction_spans_requests_with_single_use_batons(emu):
    emu.one("CREATE TABLE t (x)")
    baton1 = emu.baton([execute("BEGIN"), execute("INSERT INTO t VALUES (1)")])
    assert emu.scalar("SELECT count(*) FROM t") == integer(0), "other streams do not see uncommitted rows"
    results, baton2 = emu.ok([execute("SELECT count(*) FROM t")], baton=baton1)
    assert results[0]["response"]["result"]["rows"] == [[integer(1)]]
    assert baton2 != baton1 and len(baton2) == 64 and "=" not in baton2
    assert emu.pipeline([execute("SELECT 1")], baton=baton1)[1:] == (
        "text/plain",
        "Received a baton that has already been used",
    )
    baton3 = emu.baton([execute("COMMIT"), CLOSE], baton=baton2)
    assert baton3 is None
    assert emu.scalar("SELECT count(*) FROM t") == integer(1)


def test_invalid_batons(emu):
    baton = emu.baton([execute("SELECT 1")])
    raw = bytearray(base64.b64decode(baton + "=" * (-len(baton) % 4)))
    raw[-1] ^= 1
    tampered = base64.b64encode(bytes(raw)).decode().rstrip("=")
    other = emu.baton([execute("SELECT 1")], token="seeded-full", database="seeded")
    for bad in ("not base64!", "AAAA", tampered, baton + "==", other):
        assert emu.pipeline([execute("SELECT 1")], baton=bad)[1:] == ("text/plain", "Received an invalid baton"), bad


def test_a_failed_request_drops_its_stream_and_transaction(emu):
    emu.one("CREATE TABLE t (x)")
    baton = emu.baton([execute("BEGIN"), execute("INSERT INTO t VALUES (1)")])
    assert emu.pipeline([{"type": "execute", "stmt": {"sql_id": 3}}], baton=baton)[0] == 400
    assert emu.scalar("SELECT count(*) FROM t") == integer(0)
    assert emu.hrana.open_streams("main") == 0


def test_idle_streams_expire_and_are_remembered(emu):
    now = [1000.0]
    emu.hrana.clock = lambda: now[0]
    emu.one("CREATE TABLE t (x)")
    baton = emu.baton([execute("BEGIN"), execute("INSERT INTO t VALUES (1)")])
    now[0] += 9.9
    baton = emu.baton([execute("SELECT 1")], baton=baton)
    now[0] += 10.0
    assert emu.pipeline([execute("SELECT 1")], baton=baton) == (400, "application/json", EXPIRED)
    assert emu.scalar("SELECT count(*) FROM t") == integer(0), "expiry rolls the transaction back"
    now[0] += 300.0
    assert emu.pipeline([execute("SELECT 1")], baton=baton)[2] == "Received an invalid baton"


def test_clients_that_never_close_cannot_exhaust_connections(emu, monkeypatch):
    monkeypatch.setattr(hrana_server, "MAX_OPEN_STREAMS", 2)
    first = emu.baton([execute("SELECT 1")])
    second = emu.baton([execute("SELECT 1")])
    emu.baton([execute("SELECT 1")])
    assert emu.pipeline([execute("SELECT 1")], baton=first) == (400, "application/json", EXPIRED)
    assert emu.results([execute("SELECT 1")], baton=second)[0]["type"] == "ok"
    assert emu.hrana.open_streams("main") == 2


def test_an_emulator_fault_answers_500_and_drops_the_stream(emu, monkeypatch):
    def explode(conn, query):
        raise KeyError("boom")

    monkeypatch.setattr(hrana_exec, "run", explode)
    assert emu.pipeline([execute("SELECT 1")]) == (
        500,
        "application/json",
        {"error": "Internal Error: KeyError: 'boom'"},
    )
    assert emu.hrana.open_streams("main") == 0


def test_body_errors_fail_the_whole_request(emu):
    cases = [
        (b"{not json", "Cannot deserialize client message from JSON: "),
        ({"baton": None}, "Cannot deserialize client message from JSON: missing field `requests`"),
        ({"requests": None}, "Cannot deserialize client message from JSON: invalid type: null, expected a sequence"),
        ({"requests": [{"type": "explode"}]}, "Cannot deserialize client message from JSON: unknown variant `explode`"),
        (
            {"requests": [{"type": "execute", "stmt": {"sql": "SELECT 1", "args": None}}]},
            "Cannot deserialize client message from JSON: invalid type: null",
        ),
        (
            {"requests": [{"type": "execute", "stmt": {"sql": 5}}]},
            "Cannot deserialize client message from JSON: invalid type: integer `5`, expected a string",
        ),
    ]
    for raw, prefix in cases:
        status, content_type, body = emu.pipeline(None, raw=raw if isinstance(raw, bytes) else json.dumps(raw).encode())
        assert (status, content_type) == (400, "text/plain") and body.startswith(prefix), (raw, body)
    assert emu.ok([], raw=b'{"requests": [], "extra": true}')[0] == []


# -- read-only tokens ----------------------------------------------------------------------------------


def test_a_read_only_token_reads_but_any_write_fails_the_request_with_403(emu):
    emu.one("CREATE TABLE t (x)")
    emu.one("INSERT INTO t VALUES (1)")
    results = emu.results(
        [
            execute("BEGIN"),
            execute("SELECT x FROM t"),
            execute("PRAGMA schema_version"),
            execute("PRAGMA table_info(t)"),
            execute("COMMIT"),
            CLOSE,
        ],
        token="read-1",
    )
    assert [r["type"] for r in results] == ["ok"] * 6
    writes = [
        "INSERT INTO t VALUES (2)",
        "UPDATE t SET x = 3",
        "DELETE FROM t",
        "CREATE TABLE u (x)",
        "DROP TABLE t",
        "WITH n AS (SELECT 5) INSERT INTO t SELECT * FROM n",
        "PRAGMA user_version",
        "REPLACE INTO t VALUES (4)",
    ]
    for sql in writes:
        assert emu.pipeline([execute(sql)], token="read-1") == (403, "application/json", FORBIDDEN), sql
    assert emu.pipeline([batch("SELECT 1", "INSERT INTO t VALUES (9)")], token="read-1")[0] == 403
    assert emu.pipeline([{"type": "sequence", "sql": "SELECT 1; DELETE FROM t"}], token="read-1")[0] == 403
    assert emu.scalar("SELECT group_concat(x) FROM t") == text("1")


def test_a_forbidden_request_keeps_earlier_effects_and_drops_the_stream(emu):
    emu.one("CREATE TABLE t (x)")
    baton = emu.baton([execute("INSERT INTO t VALUES (1)")])
    assert (
        emu.pipeline([execute("SELECT 1"), execute("INSERT INTO t VALUES (2)")], baton=baton, token="read-1")[0] == 403
    )
    assert emu.pipeline([execute("SELECT 1")], baton=baton)[2] == "Received an invalid baton"
    assert emu.scalar("SELECT count(*) FROM t") == integer(1)


# -- statements sqld refuses for the whole batch ------------------------------------------------------


@pytest.mark.parametrize(
    "sql, code, message",
    [
        ("VACUUM", "SQL_PARSE_ERROR", "SQL string could not be parsed: unsupported statement: VACUUM"),
        ("ANALYZE", "SQL_PARSE_ERROR", "SQL string could not be parsed: unsupported statement: ANALYZE"),
        ("PRAGMA journal_mode = WAL", "SQL_PARSE_ERROR", None),
        ("CREATE TEMP TABLE scratch (x)", "SQL_PARSE_ERROR", None),
        ("SELEC 1", "SQL_PARSE_ERROR", None),
        ("SELECT 1; SELECT 2", "SQL_MANY_STATEMENTS", "SQL string contains more than one statement"),
        ("", "SQL_NO_STATEMENT", "SQL string does not contain any statement"),
        (" -- a comment\n", "SQL_NO_STATEMENT", "SQL string does not contain any statement"),
    ],
)
def test_a_refused_statement_fails_the_whole_batch_and_nothing_runs(emu, sql, code, message):
    # sqld converts every step before running any (libsql-server/src/hrana/batch.rs proto_batch_to_program)
    emu.one("CREATE TABLE t (x)")
    results = emu.results([batch("BEGIN", "INSERT INTO t VALUES (1)", sql, "COMMIT"), CLOSE])
    assert results[0]["type"] == "error"
    assert results[0]["error"]["code"] == code
    if message is not None:
        assert results[0]["error"]["message"] == message
    assert emu.scalar("SELECT count(*) FROM t") == integer(0)


def test_a_refused_statement_in_a_step_that_never_runs_still_fails_its_batch(emu):
    # what database_query's diagnosis relies on: a skipped step is parsed all the same
    results = emu.results(
        [
            batch("SELECT 1", ("VACUUM", {"type": "error", "step": 0})),
            batch("SELECT 1", ("DELETE FROM nowhere", {"type": "error", "step": 0})),
            CLOSE,
        ]
    )
    assert results[0]["error"]["code"] == "SQL_PARSE_ERROR"
    second = results[1]["response"]["result"]
    assert second["step_errors"] == [None, None] and second["step_results"][1] is None


# -- statistics ---------------------------------------------------------------------------------------


def test_every_result_carries_sqld_statistics(emu):
    created = emu.one("CREATE TABLE t (x)")
    inserted = emu.one("INSERT INTO t VALUES (1), (2)")
    selected = emu.one("SELECT x FROM t")
    for result in (created, inserted, selected):
        assert isinstance(result["rows_read"], int) and result["rows_read"] >= 0
        assert isinstance(result["rows_written"], int) and result["rows_written"] >= 0
        assert isinstance(result["query_duration_ms"], float) and result["query_duration_ms"] >= 0
    assert created["rows_written"] == 1  # the catalog row
    assert inserted["rows_written"] == 2
    assert (selected["rows_read"], selected["rows_written"]) == (2, 0)
    steps = emu.results([batch("SELECT 1", "INSERT INTO t VALUES (3)"), CLOSE])[0]["response"]["result"]
    assert [r["rows_written"] for r in steps["step_results"]] == [0, 1]
    assert all("query_duration_ms" in r for r in steps["step_results"])


def test_a_stream_in_use_is_never_expired(emu):
    hrana = emu.hrana
    database = emu.platform.areas["databases"].databases["main"]
    stream = hrana._acquire(database, None)  # pylint: disable=protected-access
    assert hrana.expire_idle("main") == 0
    hrana._release(stream)  # pylint: disable=protected-access
    assert hrana.expire_idle("main") == 1


@pytest.mark.parametrize(
    "exc, code",
    [
        (sqlite3.IntegrityError("UNIQUE constraint failed: t.x"), "SQLITE_CONSTRAINT"),
        (sqlite3.OperationalError("database is locked"), "SQLITE_BUSY"),
        (sqlite3.OperationalError("attempt to write a readonly database"), "SQLITE_READONLY"),
        (sqlite3.OperationalError("no such table: t"), "SQLITE_UNKNOWN"),
    ],
)
def test_error_codes_without_python_311_error_codes(exc, code):
    # exceptions built by hand carry no sqlite_errorcode, as every sqlite3 exception before Python 3.11
    assert getattr(exc, "sqlite_errorcode", None) is None
    assert hrana_exec.sqlite_error(exc).code == code
