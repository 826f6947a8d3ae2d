"""database_query against a fake session that answers Hrana pipelines from a real in-memory SQLite.

The fake runs each batch step as sqld does (conditions, per-step errors, counters only for
INSERT/UPDATE/DELETE), so changed detection, rollback and check mode are proven on real SQL.
"""

from __future__ import annotations

import json
import sqlite3

import pytest
import requests
from urllib3.exceptions import NewConnectionError

from ansible_collections.edge.platform.plugins.module_utils._database import hrana, sql_plan
from ansible_collections.edge.platform.plugins.modules import database_query
from ansible_collections.edge.platform.tests.unit.conftest import FakeResponse

URL = "http://127.0.0.1:8099/db/demo"
TOKEN = "full-token-0123456789"
BASE = {"database_url": URL, "auth_token": TOKEN}
INT64_MAX = 9223372036854775807


class SqliteHrana(object):
    """Answers ``POST .../v2/pipeline`` bodies on one SQLite connection (one stream per request)."""

    def __init__(self):
        self.db = sqlite3.connect(":memory:", isolation_level=None)
        self.bodies = []

    def __call__(self, method, url, body, params):
        self.bodies.append(body)
        results = []
        for request in body["requests"]:
            if request["type"] == "close":
                results.append({"type": "ok", "response": {"type": "close"}})
            else:
                steps = self.run_batch(request["batch"]["steps"])
                results.append({"type": "ok", "response": {"type": "batch", "result": steps}})
        return FakeResponse(200, {"baton": None, "base_url": None, "results": results})

    def run_batch(self, steps):
        outcome = {"step_results": [], "step_errors": []}
        for step in steps:
            result = error = None
            if self.holds(step.get("condition"), outcome):
                try:
                    result = self.execute(step["stmt"])
                except sqlite3.Error as exc:
                    error = {"message": "SQLite error: %s" % exc, "code": primary_code(exc)}
            outcome["step_results"].append(result)
            outcome["step_errors"].append(error)
        return outcome

    def holds(self, cond, outcome):
        if cond is None:
            return True
        kind = cond["type"]
        if kind in ("ok", "error"):
            ran_ok = outcome["step_results"][cond["step"]] is not None
            return ran_ok if kind == "ok" else not ran_ok
        if kind == "not":
            return not self.holds(cond["cond"], outcome)
        if kind == "and":
            return all(self.holds(c, outcome) for c in cond["conds"])
        return any(self.holds(c, outcome) for c in cond["conds"])

    def execute(self, stmt):
        args = [hrana.decode_value(v) for v in stmt.get("args", [])]
        if stmt.get("named_args"):
            args = {a["name"].lstrip(":@$"): hrana.decode_value(a["value"]) for a in stmt["named_args"]}
        before = self.db.total_changes
        cursor = self.db.execute(stmt["sql"], args)
        rows = cursor.fetchall()
        cols = [{"name": d[0], "decltype": None} for d in cursor.description or ()]
        keyword = stmt["sql"].split()[0].upper()
        iud = keyword in ("INSERT", "UPDATE", "DELETE", "REPLACE")
        return {
            "cols": cols,
            "rows": [[wire(v) for v in row] for row in rows],
            "affected_row_count": self.db.total_changes - before if iud else 0,
            "last_insert_rowid": str(cursor.lastrowid) if keyword in ("INSERT", "REPLACE") else None,
        }

    def query(self, sql):
        return self.db.execute(sql).fetchall()


# sqlite3 names the error code only from Python 3.11 (sqlite_errorname); the collection supports 3.9,
# where the exception class is all there is. The two classes these tests meet map to one primary code each.
ERROR_CLASS_CODES = ((sqlite3.IntegrityError, "SQLITE_CONSTRAINT"), (sqlite3.OperationalError, "SQLITE_ERROR"))


def primary_code(exc):
    """The primary SQLite code name of ``exc`` (``SQLITE_CONSTRAINT``, not ``SQLITE_CONSTRAINT_UNIQUE``)."""
    name = getattr(exc, "sqlite_errorname", None)
    if name:
        return "_".join(name.split("_")[:2])
    for error_class, code in ERROR_CLASS_CODES:
        if isinstance(exc, error_class):
            return code
    return "SQLITE_ERROR"


def wire(value):
    encoded = hrana.encode_value(value)
    if encoded["type"] == "blob":
        encoded["base64"] = encoded["base64"].rstrip("=")  # sqld emits blobs unpadded
    return encoded


@pytest.fixture
def database(fake_session):
    fake = SqliteHrana()
    fake_session.responses = fake
    return fake


def run(run_module, check=False, **args):
    return run_module(database_query, dict(BASE, **args), check=check)


# ---------------------------------------------------------------- the one request


def test_one_request_whatever_the_statement_count(run_module, fake_session, database):
    statements = ["CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)"]
    statements += [{"sql": "INSERT INTO t (v) VALUES (?)", "args": ["row %d" % i]} for i in range(1000)]
    result = run(run_module, statements=statements)
    assert result["changed"] is True
    assert len(fake_session.calls) == 1
    call = fake_session.calls[0]
    assert (call["method"], call["url"]) == ("POST", URL + "/v2/pipeline")
    assert call["headers"]["Authorization"] == "Bearer " + TOKEN
    assert [r["type"] for r in call["json"]["requests"]] == ["batch", "close"]
    assert "baton" not in call["json"]
    assert len(result["results"]) == 1001
    assert result["results"][-1]["last_insert_rowid"] == 1000
    assert database.query("SELECT count(*) FROM t") == [(1000,)]


def test_transaction_batch_shape(run_module, fake_session, database):
    run(run_module, statements=["CREATE TABLE t (x)", "INSERT INTO t VALUES (1)"])
    steps = fake_session.calls[0]["json"]["requests"][0]["batch"]["steps"]
    assert [s["stmt"]["sql"] for s in steps] == [
        "BEGIN",
        sql_plan.PROBE_SQL,
        "CREATE TABLE t (x)",
        "INSERT INTO t VALUES (1)",
        sql_plan.PROBE_SQL,
        "COMMIT",
        "ROLLBACK",
    ]
    assert [s.get("condition") for s in steps] == [
        None,
        {"type": "ok", "step": 0},
        {"type": "ok", "step": 1},
        {"type": "ok", "step": 2},
        {"type": "ok", "step": 0},
        {"type": "ok", "step": 3},
        {"type": "and", "conds": [{"type": "ok", "step": 0}, {"type": "not", "cond": {"type": "ok", "step": 5}}]},
    ]


def test_without_transaction_no_begin_and_statements_chained(run_module, fake_session, database):
    run(run_module, statements=["CREATE TABLE t (x)", "INSERT INTO t VALUES (1)"], transaction=False)
    steps = fake_session.calls[0]["json"]["requests"][0]["batch"]["steps"]
    assert [s["stmt"]["sql"] for s in steps] == [
        sql_plan.PROBE_SQL,
        "CREATE TABLE t (x)",
        "INSERT INTO t VALUES (1)",
        sql_plan.PROBE_SQL,
    ]
    assert [s.get("condition") for s in steps] == [None, {"type": "ok", "step": 0}, {"type": "ok", "step": 1}, None]


def test_probe_is_a_select_so_read_only_tokens_may_run_it():
    assert sql_plan.PROBE_SQL.startswith("SELECT ")
    assert "PRAGMA" not in sql_plan.PROBE_SQL.upper().split("FROM", maxsplit=1)[0]


# ---------------------------------------------------------------- changed, typed values


def test_create_insert_and_idempotent_rerun(run_module, database):
    create = "CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)"
    assert run(run_module, sql=create)["changed"] is True
    assert run(run_module, sql=create)["changed"] is False
    insert = "INSERT INTO t (name) VALUES (:name) ON CONFLICT DO NOTHING"
    first = run(run_module, sql=insert, named_args={"name": "a"})
    assert first["changed"] is True
    assert first["results"] == [{"columns": [], "rows": [], "affected_row_count": 1, "last_insert_rowid": 1}]
    assert run(run_module, sql=insert, named_args={"name": "a"})["changed"] is False


def test_select_never_changed_and_rows_are_typed_dicts(run_module, database):
    database.query("CREATE TABLE v (i INTEGER, f REAL, s TEXT, b BLOB, n)")
    database.query("INSERT INTO v VALUES (%d, 1.5, 'x', x'0001ff', NULL)" % INT64_MAX)
    result = run(run_module, sql="SELECT i, f, s, b, n FROM v WHERE i = ?", args=[INT64_MAX])
    assert result["changed"] is False
    assert result["results"] == [
        {
            "columns": ["i", "f", "s", "b", "n"],
            "rows": [{"i": INT64_MAX, "f": 1.5, "s": "x", "b": {"blob": "AAH/"}, "n": None}],
            "affected_row_count": 0,
            "last_insert_rowid": None,
        }
    ]


def test_values_written_keep_their_types(run_module, database):
    database.query("CREATE TABLE v (x)")
    args = [-9223372036854775808, INT64_MAX, 2.5, "text", None, True, {"blob": "AAH/"}]
    statements = [{"sql": "INSERT INTO v VALUES (?)", "args": [a]} for a in args]
    run(run_module, statements=statements)
    assert database.query("SELECT x, typeof(x) FROM v ORDER BY rowid") == [
        (-9223372036854775808, "integer"),
        (INT64_MAX, "integer"),
        (2.5, "real"),
        ("text", "text"),
        (None, "null"),
        (1, "integer"),
        (b"\x00\x01\xff", "blob"),
    ]


def test_update_of_no_rows_is_not_a_change(run_module, database):
    database.query("CREATE TABLE t (x)")
    assert run(run_module, sql="UPDATE t SET x = 1 WHERE x = 2")["changed"] is False
    assert run(run_module, sql="DELETE FROM t")["changed"] is False


def test_schema_change_without_rows_is_a_change(run_module, database):
    database.query("CREATE TABLE t (x)")
    assert run(run_module, sql="CREATE INDEX i ON t (x)")["changed"] is True
    assert run(run_module, sql="DROP INDEX IF EXISTS nope")["changed"] is False


def test_duplicate_column_names_get_a_suffix(run_module, database):
    result = run(run_module, sql="SELECT 1 AS id, 2 AS id, 3 AS id")
    assert result["results"][0]["columns"] == ["id", "id_2", "id_3"]
    assert result["results"][0]["rows"] == [{"id": 1, "id_2": 2, "id_3": 3}]


# ---------------------------------------------------------------- failures in the batch


def test_failure_in_a_transaction_applies_nothing(run_module, database):
    database.query("CREATE TABLE t (id INTEGER PRIMARY KEY)")
    database.query("INSERT INTO t VALUES (1)")
    result = run(
        run_module, statements=["INSERT INTO t VALUES (2)", "INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (3)"]
    )
    assert result["failed"] is True
    assert result["changed"] is False
    assert result["failed_statement"] == 1
    assert result["msg"] == (
        "statements[1] failed with SQLITE_CONSTRAINT: SQLite error: UNIQUE constraint failed: t.id "
        "(SQL: INSERT INTO t VALUES (1)). The transaction was rolled back: none of the 3 statements was applied."
    )
    assert result["api_error"] == {
        "status": 200,
        "error_key": "SQLITE_CONSTRAINT",
        "field": "statements[1]",
        "message": "SQLite error: UNIQUE constraint failed: t.id",
    }
    assert len(result["results"]) == 1
    assert database.query("SELECT id FROM t") == [(1,)]


def test_failure_without_transaction_reports_what_ran(run_module, database):
    database.query("CREATE TABLE t (id INTEGER PRIMARY KEY)")
    result = run(
        run_module,
        transaction=False,
        statements=[
            "INSERT INTO t VALUES (1)",
            "INSERT INTO t VALUES (2)",
            "INSERT INTO t VALUES (1)",
            "INSERT INTO t VALUES (4)",
            "INSERT INTO t VALUES (5)",
        ],
    )
    assert result["failed"] is True
    assert result["changed"] is True
    assert result["failed_statement"] == 2
    assert "statements[2] failed with SQLITE_CONSTRAINT" in result["msg"]
    assert result["msg"].endswith(
        "With transaction false, statements[0] to statements[1] ran and stay applied; "
        "statements[3] and later did not run."
    )
    assert [r["last_insert_rowid"] for r in result["results"]] == [1, 2]
    assert database.query("SELECT id FROM t ORDER BY id") == [(1,), (2,)]


def test_single_statement_failure_message(run_module, database):
    result = run(run_module, sql="INSERT INTO nope VALUES (1)")
    assert result["msg"] == (
        "sql failed with SQLITE_ERROR: SQLite error: no such table: nope (SQL: INSERT INTO nope "
        "VALUES (1)). The transaction was rolled back: nothing was applied."
    )
    assert result["failed_statement"] == 0


def test_first_statement_failing_without_transaction(run_module, database):
    result = run(run_module, transaction=False, statements=["INSERT INTO nope VALUES (1)", "SELECT 1"])
    assert result["changed"] is False
    assert result["msg"].endswith("Nothing was applied; statements[1] and later did not run.")
    assert "no such table: nope" in result["msg"]


def test_long_sql_is_shortened_in_the_message(run_module, database):
    sql = "SELECT * FROM missing_table WHERE " + " AND ".join("c%d = 1" % i for i in range(40))
    result = run(run_module, sql=sql)
    shown = result["msg"].split("(SQL: ")[1].split(")")[0]
    assert len(shown) == sql_plan.SQL_SHOWN
    assert shown.endswith("...")
    assert result["api_error"]["field"] == "sql"


@pytest.mark.parametrize(
    "code, advice",
    [
        ("SQL_MANY_STATEMENTS", "Give each statement its own entry in statements."),
        ("ARGS_INVALID", "Give exactly one value per parameter of the statement in args or named_args."),
    ],
)
def test_fixable_error_codes_come_with_advice(run_module, fake_session, code, advice):
    def answer(method, url, body, params):
        steps = body["requests"][0]["batch"]["steps"]
        probe = {
            "cols": [{"name": "schema_version"}, {"name": "total_changes"}],
            "rows": [[{"type": "integer", "value": "1"}, {"type": "integer", "value": "0"}]],
        }
        results = [{"cols": [], "rows": []}, probe, None, probe, None, {"cols": [], "rows": []}]
        errors = [None, None, {"message": "it went wrong", "code": code}, None, None, None]
        assert len(steps) == len(results)
        return FakeResponse(
            200,
            {
                "results": [
                    {
                        "type": "ok",
                        "response": {"type": "batch", "result": {"step_results": results, "step_errors": errors}},
                    },
                    {"type": "ok", "response": {"type": "close"}},
                ]
            },
        )

    fake_session.responses = answer
    result = run(run_module, sql="SELECT 1; SELECT 2")
    assert result["msg"] == (
        "sql failed with %s: it went wrong (SQL: SELECT 1; SELECT 2). %s "
        "The transaction was rolled back: nothing was applied." % (code, advice)
    )


def test_commit_failure_is_reported(run_module, fake_session):
    def answer(method, url, body, params):
        steps = body["requests"][0]["batch"]["steps"]
        probe = {
            "cols": [{"name": "schema_version"}, {"name": "total_changes"}],
            "rows": [[{"type": "integer", "value": "1"}, {"type": "integer", "value": "0"}]],
        }
        ok = {"cols": [], "rows": [], "affected_row_count": 1}
        results = [None, probe, ok, probe, None, {"cols": [], "rows": []}]
        errors = [None] * len(steps)
        results[0] = {"cols": [], "rows": []}
        errors[4] = {"message": "SQLite error: FOREIGN KEY constraint failed", "code": "SQLITE_CONSTRAINT"}
        return FakeResponse(
            200,
            {
                "results": [
                    {
                        "type": "ok",
                        "response": {"type": "batch", "result": {"step_results": results, "step_errors": errors}},
                    },
                    {"type": "ok", "response": {"type": "close"}},
                ]
            },
        )

    fake_session.responses = answer
    result = run(run_module, sql="INSERT INTO child VALUES (1)")
    assert result["changed"] is False
    assert result["msg"] == (
        "COMMIT failed with SQLITE_CONSTRAINT: SQLite error: FOREIGN KEY constraint failed. "
        "The transaction was rolled back: nothing was applied."
    )


def test_batch_refused_in_band(run_module, fake_session):
    fake_session.responses = [
        FakeResponse(
            200,
            {
                "results": [
                    {"type": "error", "error": {"message": "Invalid reference", "code": "BATCH_COND"}},
                    {"type": "ok", "response": {"type": "close"}},
                ]
            },
        )
    ]
    result = run(run_module, sql="SELECT 1")
    assert result["msg"] == (
        "sql was refused with BATCH_COND: Invalid reference (SQL: SELECT 1). The database refuses "
        "the whole batch before running any of it, so nothing was applied."
    )
    assert result["failed_statement"] == 0
    assert len(fake_session.calls) == 1  # one statement: nothing to look for


def test_an_answer_that_is_not_hrana(run_module, fake_session):
    fake_session.responses = [FakeResponse(200, text="<html>hello</html>")]
    result = run(run_module, sql="SELECT 1")
    assert result["failed"] is True
    assert "is not the JSON object this operation returns" in result["msg"]
    assert "Check that database_url points at the platform API" in result["msg"]


# ---------------------------------------------------------------- check mode


def test_check_mode_rolls_back_and_predicts(run_module, fake_session, database):
    database.query("CREATE TABLE t (id INTEGER PRIMARY KEY)")
    result = run(run_module, check=True, statements=["INSERT INTO t VALUES (7)", "SELECT count(*) AS n FROM t"])
    assert result["changed"] is True
    assert result["results"][0]["affected_row_count"] == 1
    assert result["results"][1]["rows"] == [{"n": 1}]
    assert database.query("SELECT count(*) FROM t") == [(0,)]
    steps = fake_session.calls[0]["json"]["requests"][0]["batch"]["steps"]
    assert steps[0]["stmt"]["sql"] == "BEGIN"
    assert steps[-1] == {"stmt": {"sql": "ROLLBACK"}, "condition": {"type": "ok", "step": 0}}
    assert "COMMIT" not in [s["stmt"]["sql"] for s in steps]


def test_check_mode_without_transaction_also_rolls_back(run_module, fake_session, database):
    database.query("CREATE TABLE t (x)")
    result = run(run_module, check=True, transaction=False, statements=["INSERT INTO t VALUES (1)"])
    assert result["changed"] is True
    assert database.query("SELECT count(*) FROM t") == [(0,)]
    assert fake_session.calls[0]["json"]["requests"][0]["batch"]["steps"][-1]["stmt"]["sql"] == "ROLLBACK"


def test_check_mode_no_change_and_failure(run_module, database):
    database.query("CREATE TABLE t (id INTEGER PRIMARY KEY)")
    assert run(run_module, check=True, sql="CREATE TABLE IF NOT EXISTS t (id)")["changed"] is False
    failed = run(run_module, check=True, statements=["INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (1)"])
    assert failed["failed"] is True
    assert failed["msg"].endswith("Check mode: everything was rolled back.")
    assert database.query("SELECT count(*) FROM t") == [(0,)]


@pytest.mark.parametrize("transaction", [True, False])
def test_check_mode_reports_the_changed_a_real_run_would(run_module, database, transaction):
    database.query("CREATE TABLE t (id INTEGER PRIMARY KEY)")
    statements = ["INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (1)"]
    checked = run(run_module, check=True, statements=statements, transaction=transaction)
    real = run(run_module, statements=statements, transaction=transaction)
    assert checked["failed"] is real["failed"] is True
    assert checked["changed"] is real["changed"] is (not transaction)


def test_token_in_the_url_is_masked_even_when_arguments_are_invalid(run_module, fake_session):
    result = run_module(
        database_query, {"database_url": URL + "?authToken=" + TOKEN, "sql": "SELECT 1", "timeout": "not-a-number"}
    )
    assert result["failed"] is True and "timeout" in result["msg"]
    assert TOKEN not in json.dumps(result)
    assert fake_session.calls == []


def test_token_with_a_newline_fails_naming_the_option(run_module, fake_session):
    result = run_module(database_query, {"database_url": URL, "auth_token": TOKEN + "\n", "sql": "SELECT 1"})
    assert result["failed"] is True
    assert result["msg"].startswith("auth_token contains spaces, a newline or control characters")
    assert TOKEN not in json.dumps(result)
    assert fake_session.calls == []


@pytest.mark.parametrize("sql", ["COMMIT", "  -- note\n begin transaction", "END", "/* x */ ROLLBACK"])
def test_transaction_control_is_refused_before_any_request(run_module, fake_session, sql):
    result = run(run_module, statements=["SELECT 1", sql])
    assert result["failed"] is True
    assert result["msg"].startswith("statements[1] is a ")
    assert "set transaction: false" in result["msg"]
    checked = run(run_module, check=True, transaction=False, sql=sql)
    assert "in check mode one that is always rolled back" in checked["msg"]
    assert fake_session.calls == []


def test_savepoints_and_rollback_to_are_allowed(run_module, database):
    result = run(run_module, statements=["SAVEPOINT a", "ROLLBACK TO a", "RELEASE a"])
    assert result["changed"] is False
    assert len(result["results"]) == 3


def test_transaction_false_allows_transaction_control(run_module, database):
    result = run(run_module, transaction=False, statements=["BEGIN", "CREATE TABLE t (x)", "COMMIT"])
    assert result["changed"] is True


# ---------------------------------------------------------------- platform errors


def test_401_explains_revoked_tokens(run_module, fake_session):
    fake_session.responses = [FakeResponse(401, {"error": "Unauthorized: `The JWT is invalid`"})]
    result = run(run_module, sql="SELECT 1")
    assert result["api_error"]["status"] == 401
    assert "HTTP 401 Unauthorized: Unauthorized: `The JWT is invalid`" in result["msg"]
    # generating leaves older tokens valid (the CLI says so); invalidating ends them all
    assert "generating a new token leaves older ones valid" in result["msg"]
    assert "state=revoked or the bunny CLI, ends every token of that database" in result["msg"]
    assert TOKEN not in json.dumps(result)


def test_403_explains_read_only_tokens(run_module, fake_session):
    fake_session.responses = [
        FakeResponse(
            403,
            {"error": "Authorization forbidden: Current session doesn't not have Write permission to namespace demo"},
        )
    ]
    result = run(run_module, sql="INSERT INTO t VALUES (1)")
    assert result["api_error"]["status"] == 403
    assert "auth_token is a read-only token" in result["msg"]
    assert "need a full-access token" in result["msg"]
    assert len(fake_session.calls) == 1


def test_400_plain_text(run_module, fake_session):
    fake_session.responses = [FakeResponse(400, text="Cannot deserialize client message from JSON: bad")]
    result = run(run_module, sql="SELECT 1")
    assert "Cannot deserialize client message from JSON: bad" in result["msg"]
    assert "check the statements' SQL and arguments" in result["msg"]


def test_404_names_database_url(run_module, fake_session):
    fake_session.responses = [FakeResponse(404, text="")]
    result = run(run_module, sql="SELECT 1")
    assert "Nothing answers at database_url" in result["msg"]


# ---------------------------------------------------------------- retries


def dropped():
    return requests.exceptions.ConnectionError("Connection aborted: RemoteDisconnected('closed without response')")


def test_a_write_is_never_retried_after_a_dropped_connection(run_module, fake_session):
    fake_session.responses = [dropped(), FakeResponse(200, {})]
    result = run(run_module, sql="INSERT INTO t VALUES (1)")
    assert result["failed"] is True
    assert len(fake_session.calls) == 1
    assert "The statement MAY HAVE BEEN APPLIED" in result["msg"]
    assert "so it was not sent again" in result["msg"]
    assert "Check the database" in result["msg"]


def test_a_write_is_not_retried_after_503(run_module, fake_session):
    fake_session.responses = [FakeResponse(503, text="busy"), FakeResponse(200, {})]
    result = run(run_module, statements=["SELECT 1", "DELETE FROM t"])
    assert result["api_error"]["status"] == 503
    assert len(fake_session.calls) == 1


def test_a_write_is_retried_after_429(run_module, fake_session, database):
    answers = [FakeResponse(429, text="slow down", headers={"Retry-After": "0"})]
    fake_session.responses = lambda *a: answers.pop(0) if answers else database(*a)
    database.query("CREATE TABLE t (x)")
    assert run(run_module, sql="INSERT INTO t VALUES (1)")["changed"] is True
    assert len(fake_session.calls) == 2


@pytest.mark.parametrize(
    "sql", ["SELECT 1", " -- c\nselect * FROM sqlite_schema", "VALUES (1)", "EXPLAIN DELETE FROM x"]
)
def test_pure_reads_are_retried(run_module, fake_session, database, sql):
    answers = [dropped(), FakeResponse(503, text="busy")]
    fake_session.responses = lambda *a: answers.pop(0) if answers else database(*a)
    database.query("CREATE TABLE x (y)")
    result = run(run_module, sql=sql)
    assert result["changed"] is False
    assert len(fake_session.calls) == 3


def test_check_mode_requests_are_retried_because_they_roll_back(run_module, fake_session, database):
    answers = [dropped()]
    fake_session.responses = lambda *a: answers.pop(0) if answers else database(*a)
    database.query("CREATE TABLE t (x)")
    assert run(run_module, check=True, sql="INSERT INTO t VALUES (1)")["changed"] is True
    assert len(fake_session.calls) == 2


@pytest.mark.parametrize(
    "sql",
    [
        "WITH a AS (SELECT 1) DELETE FROM t",
        "SELECT 1; DELETE FROM t",
        "INSERT INTO t VALUES (1)",
        "PRAGMA table_info(t)",
    ],
)
def test_anything_not_plainly_a_read_counts_as_a_write(sql):
    assert sql_plan.Statement("sql", sql, None, None).reads_only is False


def test_connect_timeout_is_retried_even_for_a_write(run_module, fake_session):
    fake_session.responses = [requests.exceptions.ConnectTimeout("timed out connecting")] * 4
    result = run(run_module, sql="INSERT INTO t VALUES (1)", retries=3)
    assert result["api_error"]["status"] is None
    assert len(fake_session.calls) == 4  # never sent, so safe to retry even a write
    assert "raise the timeout option" in result["msg"]


def test_connection_refused_hint_names_database_url(run_module, fake_session):
    refused = requests.exceptions.ConnectionError(NewConnectionError(None, "Failed to establish a new connection"))
    fake_session.responses = [refused] * 2
    result = run(run_module, sql="INSERT INTO t VALUES (1)", retries=1)
    assert len(fake_session.calls) == 2
    assert result["msg"].endswith("Check database_url and that the database is reachable.")
    assert "base_url" not in result["msg"].replace("database_url", "")


# ---------------------------------------------------------------- input checked before any request


@pytest.mark.parametrize(
    "args, fragment",
    [
        ({}, "Give the SQL to run in sql (one statement) or statements (a list)."),
        ({"sql": "SELECT 1", "statements": ["SELECT 2"]}, "statements and sql are mutually exclusive"),
        ({"statements": []}, "statements is empty"),
        ({"statements": ["SELECT 1"], "args": [1]}, "args goes with sql; with statements give each entry its own args"),
        ({"statements": ["SELECT 1"], "named_args": {"a": 1}}, "named_args goes with sql"),
        (
            {"statements": [5]},
            "statements[0] must be a SQL string or a dictionary with sql, args and named_args; got int.",
        ),
        ({"statements": [{"sql": "SELECT ?", "arg": [1]}]}, "statements[0] has the unknown key(s) arg"),
        ({"statements": [{"args": [1]}]}, "statements[0] needs the SQL text of one statement in its sql key"),
        ({"statements": [{"sql": "SELECT ?", "args": 1}]}, "statements[0].args must be a list of values; got int."),
        ({"statements": [{"sql": "SELECT ?", "named_args": [1]}]}, "statements[0].named_args must be a dictionary"),
        ({"sql": "  "}, "sql needs the SQL text of one statement."),
        ({"sql": "SELECT ?, :a", "args": [1], "named_args": {"a": 1}}, "sql has both args and named_args"),
        ({"sql": "SELECT ?", "args": [2**63]}, "sql.args[0] is 9223372036854775808, outside the signed 64-bit range"),
        ({"statements": ["SELECT 1", {"sql": "SELECT ?", "args": [float("nan")]}]}, "statements[1].args[0] is nan"),
        ({"sql": "SELECT :x", "named_args": {"x": {"blob": "!!"}}}, "sql.named_args.x.blob is not valid base64"),
        ({"sql": "SELECT ?", "args": [[1, 2]]}, "sql.args[0] has the unsupported type list"),
    ],
)
def test_bad_input_fails_before_any_request(run_module, fake_session, args, fragment):
    result = run(run_module, **args)
    assert result["failed"] is True
    assert fragment in result["msg"]
    assert fake_session.calls == []


# ---------------------------------------------------------------- secrets


def test_token_in_the_url_is_moved_to_the_header_and_never_shown(run_module, fake_session, database):
    secret = "url-token-abcdefghij"
    args = {"database_url": "libsql://demo.lite.example.net/?authToken=" + secret, "sql": "SELECT 1"}
    fake_session.responses = [FakeResponse(401, {"error": "Unauthorized: `The JWT is invalid` " + secret})]
    result = run_module(database_query, args)
    assert fake_session.calls[0]["url"] == "https://demo.lite.example.net/v2/pipeline"
    assert fake_session.calls[0]["headers"]["Authorization"] == "Bearer " + secret
    assert secret not in json.dumps(result)
    assert "https://demo.lite.example.net" in result["msg"]
    assert result["invocation"]["module_args"]["database_url"] == "libsql://demo.lite.example.net/"


def test_token_never_in_any_output(run_module, fake_session, database, capsys):
    database.query("CREATE TABLE t (x)")
    outputs = [json.dumps(run(run_module, sql="INSERT INTO t VALUES (?)", args=[TOKEN]))]
    fake_session.responses = [dropped()]
    outputs.append(json.dumps(run(run_module, sql="INSERT INTO t VALUES ('%s')" % TOKEN)))
    for output in outputs:
        assert TOKEN not in output
    assert json.loads(outputs[0])["invocation"]["module_args"]["auth_token"] == "VALUE_SPECIFIED_IN_NO_LOG_PARAMETER"


def test_env_fallbacks(run_module, fake_session, database, monkeypatch):
    monkeypatch.setenv("SERVICE_DATABASE_URL", "http://127.0.0.1:9/db/env/")
    monkeypatch.setenv("SERVICE_DATABASE_AUTH_TOKEN", "env-token-123456")
    result = run_module(database_query, {"sql": "SELECT 1"})
    assert result["changed"] is False
    assert fake_session.calls[0]["url"] == "http://127.0.0.1:9/db/env/v2/pipeline"
    assert fake_session.calls[0]["headers"]["Authorization"] == "Bearer env-token-123456"


@pytest.mark.parametrize(
    "url, fragment",
    [
        ("wss://db.example.net", "database_url must be a libsql://, https:// or (for a local emulator) http:// URL"),
        ("db.example.net", "got 'db.example.net'"),
        ("https://", "database_url must be a libsql://"),
        ("https://db.example.net:port", "database_url is not a valid URL"),
        ("https://db.example.net?tls=0", "database_url has the query parameter 'tls'; only authToken is understood"),
        ("https://db.example.net?authToken=", "database_url has an empty authToken query parameter"),
        ("https://u:secret-pass@db.example.net", "database_url must not carry credentials"),
    ],
)
def test_bad_database_url(run_module, fake_session, url, fragment):
    result = run_module(database_query, {"database_url": url, "auth_token": TOKEN, "sql": "SELECT 1"})
    assert result["failed"] is True
    assert fragment in result["msg"]
    assert fake_session.calls == []


def test_bad_scheme_message_never_shows_the_token(run_module, fake_session):
    secret = "query-token-xyz123"
    result = run_module(database_query, {"database_url": "ws://db.example.net?authToken=" + secret, "sql": "SELECT 1"})
    assert "got 'ws://db.example.net'" in result["msg"]
    assert secret not in json.dumps(result)


def test_token_required(run_module, fake_session, monkeypatch):
    monkeypatch.delenv("SERVICE_DATABASE_AUTH_TOKEN", raising=False)
    result = run_module(database_query, {"database_url": URL, "sql": "SELECT 1"})
    assert result["msg"].startswith(
        "auth_token is required: set auth_token, or the SERVICE_DATABASE_AUTH_TOKEN or "
        "BUNNY_DATABASE_AUTH_TOKEN environment variables"
    )
    assert fake_session.calls == []


def test_two_different_tokens_are_refused(run_module, fake_session):
    result = run_module(
        database_query, {"database_url": URL + "?authToken=other-token-1234", "auth_token": TOKEN, "sql": "SELECT 1"}
    )
    assert "differs from auth_token" in result["msg"]
    assert "other-token-1234" not in json.dumps(result) and TOKEN not in json.dumps(result)


def test_same_token_twice_is_fine(run_module, fake_session, database):
    result = run_module(
        database_query, {"database_url": URL + "?authToken=" + TOKEN, "auth_token": TOKEN, "sql": "SELECT 1"}
    )
    assert result["changed"] is False
    assert fake_session.calls[0]["url"] == URL + "/v2/pipeline"


@pytest.mark.parametrize(
    "args, fragment",
    [
        ({"timeout": 0}, "timeout must be a number of seconds from 0.1 to 3600"),
        ({"retries": -1}, "retries must be from 0 to 10"),
    ],
)
def test_bad_connection_numbers(run_module, fake_session, args, fragment):
    result = run(run_module, sql="SELECT 1", **args)
    assert fragment in result["msg"]


def test_diff_mode_adds_no_diff(run_module, database):
    result = run_module(database_query, dict(BASE, sql="CREATE TABLE t (x)"), diff=True)
    assert result["changed"] is True
    assert "diff" not in result


# ---------------------------------------------------------------- writes that move no row counter


def test_user_version_is_a_change_only_when_it_moves(run_module, database):
    assert run(run_module, sql="PRAGMA user_version = 3")["changed"] is True
    assert run(run_module, sql="PRAGMA user_version = 3")["changed"] is False
    assert database.query("PRAGMA user_version") == [(3,)]
    assert run(run_module, check=True, sql="PRAGMA user_version = 4")["changed"] is True
    assert database.query("PRAGMA user_version") == [(3,)]


def test_reindex_always_reports_a_change(run_module, database):
    database.query("CREATE TABLE t (x)")
    database.query("CREATE INDEX t_x ON t (x)")
    assert run(run_module, sql="REINDEX t_x")["changed"] is True
    assert run(run_module, sql="REINDEX t_x")["changed"] is True


@pytest.mark.parametrize(
    "sql", ["PRAGMA foreign_keys = ON", "PRAGMA integrity_check", "PRAGMA foreign_key_check", "PRAGMA page_count"]
)
def test_pragmas_that_store_nothing_report_no_change(run_module, database, sql):
    assert run(run_module, sql=sql)["changed"] is False


def test_probe_reads_schema_version_user_version_and_changes(run_module, fake_session, database):
    run(run_module, sql="SELECT 1")
    probe = fake_session.calls[0]["json"]["requests"][0]["batch"]["steps"][1]["stmt"]["sql"]
    assert database.db.execute(probe).fetchall() == [(0, 0, 0)]


# ---------------------------------------------------------------- statistics


def test_statistics_are_returned_when_the_database_sends_them(run_module, fake_session, database):
    def with_stats(method, url, body, params):
        answer = database(method, url, body, params)
        data = json.loads(answer.text)
        for result in data["results"][0]["response"]["result"]["step_results"]:
            if result is not None:
                result.update(rows_read=2, rows_written=1, query_duration_ms=0.25)
        return FakeResponse(200, data)

    fake_session.responses = with_stats
    result = run(run_module, sql="SELECT 1 AS one")
    assert result["results"] == [
        {
            "columns": ["one"],
            "rows": [{"one": 1}],
            "affected_row_count": 0,
            "last_insert_rowid": None,
            "rows_read": 2,
            "rows_written": 1,
            "query_duration_ms": 0.25,
        }
    ]


def test_statistics_are_absent_when_the_database_omits_them(run_module, database):
    assert set(run(run_module, sql="SELECT 1")["results"][0]) == {
        "columns",
        "rows",
        "affected_row_count",
        "last_insert_rowid",
    }


# ---------------------------------------------------------------- a batch refused as a whole


def refusing(code, message, refused_index, diagnosis=True):
    """Answers the batch with a batch-level error and the diagnosis pipeline as sqld would."""

    def answer(method, url, body, params):
        requests_ = body["requests"]
        if len(requests_) == 2 and len(requests_[0]["batch"]["steps"]) > 2:
            return FakeResponse(
                200,
                {
                    "results": [
                        {"type": "error", "error": {"message": message, "code": code}},
                        {"type": "ok", "response": {"type": "close"}},
                    ]
                },
            )
        if not diagnosis:
            return FakeResponse(403, {"error": "Authorization forbidden"})
        results = []
        for index, request in enumerate(requests_[:-1]):
            assert request["batch"]["steps"][0]["stmt"]["sql"] == "SELECT 1"
            assert request["batch"]["steps"][1]["condition"] == {"type": "error", "step": 0}
            if index == refused_index:
                results.append({"type": "error", "error": {"message": message, "code": code}})
            else:
                one = {"cols": [{"name": "1"}], "rows": [[{"type": "integer", "value": "1"}]], "affected_row_count": 0}
                results.append(
                    {
                        "type": "ok",
                        "response": {
                            "type": "batch",
                            "result": {"step_results": [one, None], "step_errors": [None, None]},
                        },
                    }
                )
        results.append({"type": "ok", "response": {"type": "close"}})
        return FakeResponse(200, {"results": results})

    return answer


@pytest.mark.parametrize("transaction", [True, False])
def test_vacuum_refused_names_the_statement_and_says_nothing_was_applied(run_module, fake_session, transaction):
    message = "SQL string could not be parsed: unsupported statement: VACUUM"
    fake_session.responses = refusing("SQL_PARSE_ERROR", message, 1)
    result = run(run_module, statements=["DELETE FROM sessions", "VACUUM", "SELECT 1"], transaction=transaction)
    assert result["failed"] is True and not result.get("changed")
    assert result["failed_statement"] == 1
    assert result["msg"].startswith(
        "statements[1] was refused with SQL_PARSE_ERROR: %s (SQL: VACUUM). The database "
        "refuses the whole batch before running any of it, so nothing was applied." % message
    )
    assert "libSQL's server also refuses some statements outright: VACUUM" in result["msg"]
    assert result["api_error"] == {
        "status": 200,
        "error_key": "SQL_PARSE_ERROR",
        "field": "statements[1]",
        "message": message,
    }
    assert len(fake_session.calls) == 2
    diagnosis = fake_session.calls[1]["json"]["requests"]
    assert [r["batch"]["steps"][1]["stmt"]["sql"] for r in diagnosis[:-1]] == [
        "DELETE FROM sessions",
        "VACUUM",
        "SELECT 1",
    ]


def test_many_statements_in_one_entry(run_module, fake_session):
    fake_session.responses = refusing("SQL_MANY_STATEMENTS", "SQL string contains more than one statement", 0)
    result = run(run_module, statements=["SELECT 1; SELECT 2", "SELECT 3"])
    assert result["failed_statement"] == 0
    assert "nothing was applied" in result["msg"]
    assert result["msg"].endswith("Give each statement its own entry in statements.")


def test_refusal_without_a_diagnosis_still_says_nothing_was_applied(run_module, fake_session):
    fake_session.responses = refusing("SQL_PARSE_ERROR", "syntax error around L1:1: `SELEC`", 1, diagnosis=False)
    result = run(run_module, statements=["INSERT INTO t VALUES (1)", "SELEC 1"])
    assert "failed_statement" not in result
    assert result["msg"] == (
        "The database refused the batch with SQL_PARSE_ERROR: syntax error around L1:1: `SELEC`. "
        "The database refuses the whole batch before running any of it, so nothing was applied; "
        "it did not say which statement it refused."
    )


# ---------------------------------------------------------------- answers that never came


@pytest.mark.parametrize(
    "failure",
    [
        requests.exceptions.ReadTimeout("HTTPConnectionPool: Read timed out. (read timeout=1.0)"),
        dropped(),
        FakeResponse(500, {"error": "Internal Error: disk I/O"}),
        FakeResponse(502, text="bad gateway"),
    ],
)
def test_a_lost_answer_to_a_write_says_it_may_have_been_applied(run_module, fake_session, failure):
    fake_session.responses = [failure, FakeResponse(200, {})]
    result = run(run_module, statements=["INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (2)"])
    assert len(fake_session.calls) == 1  # never replayed
    assert "The 2 statements MAY HAVE BEEN APPLIED" in result["msg"]
    assert "either all of them took effect or none did" in result["msg"]
    assert "raise the timeout" not in result["msg"]


def test_a_lost_answer_without_transaction_says_any_may_have_taken_effect(run_module, fake_session):
    fake_session.responses = [requests.exceptions.ReadTimeout("Read timed out.")]
    result = run(run_module, statements=["INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (2)"], transaction=False)
    assert "any of them up to the first failure may have taken effect" in result["msg"]


@pytest.mark.parametrize(
    "failure",
    [
        requests.exceptions.ConnectTimeout("timed out connecting"),
        requests.exceptions.SSLError("certificate verify failed"),
        FakeResponse(400, text="Cannot deserialize"),
        FakeResponse(403, {"error": "Authorization forbidden"}),
    ],
)
def test_a_write_that_never_ran_does_not_claim_it_may_have(run_module, fake_session, failure):
    fake_session.responses = [failure] * 4
    result = run(run_module, sql="INSERT INTO t VALUES (1)")
    assert result["failed"] is True
    assert "MAY HAVE BEEN APPLIED" not in result["msg"]


def test_a_lost_answer_in_check_mode_is_retried_not_feared(run_module, fake_session, database):
    answers = [requests.exceptions.ReadTimeout("Read timed out.")]
    fake_session.responses = lambda *a: answers.pop(0) if answers else database(*a)
    database.query("CREATE TABLE t (x)")
    assert run(run_module, check=True, sql="INSERT INTO t VALUES (1)")["changed"] is True
    assert len(fake_session.calls) == 2


@pytest.mark.parametrize("body", ["<html>gateway</html>", json.dumps({"results": "nope"})])
def test_an_unreadable_answer_to_a_write_says_it_may_have_been_applied(run_module, fake_session, body):
    fake_session.responses = [FakeResponse(200, text=body)] * 4
    result = run(run_module, statements=["INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (2)"])
    # they may have been applied, so the task does not claim it changed nothing
    assert result["failed"] is True and result["changed"] is True
    assert "The 2 statements MAY HAVE BEEN APPLIED" in result["msg"]
    assert "either all of them took effect or none did" in result["msg"]
    assert len(fake_session.calls) == 1


def test_an_unreadable_answer_to_a_read_is_not_feared(run_module, fake_session):
    fake_session.responses = [FakeResponse(200, text=json.dumps({"results": []}))] * 4
    result = run(run_module, sql="SELECT 1")
    assert result["failed"] is True
    assert "the answer is not Hrana over HTTP v2" in result["msg"]
    assert "MAY HAVE BEEN APPLIED" not in result["msg"]


# ---------------------------------------------------------------- against the emulator: lost answers


EMULATOR_FIXTURE = """
api_keys: [key]
databases:
  - id: demo
    tokens: {full_access: [demo-full-token]}
    sql: "CREATE TABLE t (x INTEGER PRIMARY KEY);"
"""


@pytest.fixture
def live(tmp_path):
    """The emulator serving in this process (the module talks to it over real HTTP)."""
    import sys
    import threading
    from pathlib import Path

    collection_root = str(Path(__file__).resolve().parents[4])
    if collection_root not in sys.path:
        sys.path.insert(0, collection_root)
    from emulator.platform_state import Platform  # pylint: disable=import-outside-toplevel
    from emulator.server import EmulatorServer  # pylint: disable=import-outside-toplevel

    fixture = tmp_path / "fixture.yml"
    fixture.write_text(EMULATOR_FIXTURE, encoding="utf-8")
    platform = Platform(str(fixture), str(tmp_path))
    server = EmulatorServer(("127.0.0.1", 0), platform)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join()
    platform.close()


def live_run(run_module, server, check=False, **args):
    base = {"database_url": server.url + "/db/demo", "auth_token": "demo-full-token", "retries": 3}
    return run_module(database_query, dict(base, **args), check=check)


def pipelines(server, settle=False):
    """The emulator's log entries of the pipeline; with ``settle``, once the delayed request has run."""
    import time

    deadline = time.monotonic() + 60  # a bound, not a measurement: the delayed request finishes in seconds
    while True:
        with server.platform.lock:
            entries = [dict(e) for e in server.platform.log if e["path"] == "/db/demo/v2/pipeline"]
        if not settle or entries or time.monotonic() > deadline:
            return entries
        time.sleep(0.05)


def add_fault(server, **spec):
    from emulator.platform_state import Fault  # pylint: disable=import-outside-toplevel

    with server.platform.lock:
        server.platform.faults.append(Fault(dict(spec, path_regex="/db/demo/v2/pipeline")))


def test_emulator_timeout_on_a_write_may_have_applied_it_and_it_was_sent_once(run_module, live):
    add_fault(live, delay_s=2.0)  # longer than the timeout below: the answer comes too late
    result = live_run(
        run_module, live, timeout=0.5, statements=["INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (2)"]
    )
    assert result["failed"] is True
    assert "no answer from http://127.0.0.1:" in result["msg"]
    assert "The 2 statements MAY HAVE BEEN APPLIED" in result["msg"]
    assert "either all of them took effect or none did" in result["msg"]
    log = pipelines(live, settle=True)
    assert [e["status"] for e in log] == [200]  # sent once, and it ran
    rows = live_run(run_module, live, sql="SELECT x FROM t ORDER BY x")["results"][0]["rows"]
    assert rows == [{"x": 1}, {"x": 2}]  # "may have been applied" was the truth


@pytest.mark.parametrize(
    "fault, note",
    [
        ({"drop_connection": True}, "dropped connection"),
        ({"status": 500}, "injected fault"),
        ({"status": 503}, "injected fault"),
    ],
)
def test_emulator_lost_answer_on_a_write_is_never_replayed(run_module, live, fault, note):
    add_fault(live, count=5, **fault)
    result = live_run(run_module, live, sql="INSERT INTO t VALUES (1)")
    assert result["failed"] is True
    assert "The statement MAY HAVE BEEN APPLIED" in result["msg"]
    assert "Check the database" in result["msg"]
    assert [e.get("note") for e in pipelines(live)] == [note]  # exactly one request


def test_emulator_lost_answer_on_a_read_is_retried(run_module, live):
    add_fault(live, drop_connection=True)
    result = live_run(run_module, live, sql="SELECT count(*) AS n FROM t")
    assert result["results"][0]["rows"] == [{"n": 0}]
    assert [e.get("note") for e in pipelines(live)] == ["dropped connection", None]


def test_emulator_vacuum_is_refused_and_named_and_nothing_is_applied(run_module, live):
    result = live_run(run_module, live, statements=["INSERT INTO t VALUES (1)", "VACUUM"])
    assert result["failed_statement"] == 1
    assert result["msg"].startswith(
        "statements[1] was refused with SQL_PARSE_ERROR: SQL string could not be parsed: "
        "unsupported statement: VACUUM (SQL: VACUUM). The database refuses the whole "
        "batch before running any of it, so nothing was applied."
    )
    assert live_run(run_module, live, sql="SELECT count(*) AS n FROM t")["results"][0]["rows"] == [{"n": 0}]


def test_emulator_statistics_and_user_version(run_module, live):
    first = live_run(run_module, live, statements=["INSERT INTO t VALUES (5)", "PRAGMA user_version = 9"])
    assert first["changed"] is True
    assert first["results"][0]["rows_written"] == 1
    assert isinstance(first["results"][0]["query_duration_ms"], float)
    assert live_run(run_module, live, sql="PRAGMA user_version = 9")["changed"] is False
    assert live_run(run_module, live, sql="REINDEX")["changed"] is True


# ---------------------------------------------------------------- answer limits


def test_more_rows_than_max_rows_fails_and_says_nothing_changed(run_module, database):
    database.query("CREATE TABLE t (id INTEGER PRIMARY KEY)")
    database.query("INSERT INTO t VALUES (1), (2), (3)")
    result = run(run_module, sql="SELECT id FROM t", max_rows=2)
    assert result["failed"] is True and result["changed"] is False and result["results"] == []
    assert result["msg"].startswith(
        "The statement returned 3 rows, more than max_rows (2), so none are returned: raise max_rows"
    )
    assert result["msg"].endswith("The statement only read: nothing was changed.")
    assert run(run_module, sql="SELECT id FROM t", max_rows=3)["results"][0]["rows"][-1] == {"id": 3}


def test_the_default_max_rows_is_100000():
    assert database_query.MODULE.argument_spec["max_rows"]["default"] == 100000
    assert database_query.MODULE.argument_spec["max_response_bytes"]["default"] == 64 * 1024 * 1024


def test_rows_over_max_rows_counted_across_statements_not_probes(run_module, database):
    database.query("CREATE TABLE t (id INTEGER PRIMARY KEY)")
    database.query("INSERT INTO t VALUES (1), (2)")
    result = run(run_module, statements=["SELECT id FROM t", "SELECT id FROM t"], max_rows=3)
    assert result["msg"].startswith("The statements returned 4 rows, more than max_rows (3)")
    assert "failed" not in run(run_module, statements=["SELECT id FROM t", "SELECT id FROM t"], max_rows=4)


def test_a_write_over_max_rows_says_it_was_applied(run_module, database):
    database.query("CREATE TABLE t (id INTEGER PRIMARY KEY)")
    result = run(run_module, sql="INSERT INTO t VALUES (1), (2), (3) RETURNING id", max_rows=1)
    assert result["failed"] is True and result["changed"] is True
    assert "returned 3 rows, more than max_rows (1)" in result["msg"]
    assert result["msg"].endswith("The database confirmed the statements: they WERE APPLIED.")
    assert database.query("SELECT count(*) FROM t") == [(3,)]


def test_max_rows_in_check_mode_says_it_was_rolled_back(run_module, database):
    database.query("CREATE TABLE t (id INTEGER PRIMARY KEY)")
    result = run(run_module, check=True, sql="INSERT INTO t VALUES (1), (2) RETURNING id", max_rows=1)
    assert result["failed"] is True and result["msg"].endswith("Check mode: everything was rolled back.")
    assert database.query("SELECT count(*) FROM t") == [(0,)]


def test_max_rows_zero_refuses_any_row(run_module, database):
    result = run(run_module, sql="SELECT 1 AS one", max_rows=0)
    assert result["failed"] is True and "more than max_rows (0)" in result["msg"]


def test_an_answer_over_max_response_bytes_to_a_read_is_safe_to_retry(run_module, database):
    database.query("CREATE TABLE t (name TEXT)")
    database.query("INSERT INTO t VALUES ('%s')" % ("x" * 5000))
    result = run(run_module, sql="SELECT name FROM t", max_response_bytes=4096)
    assert result["failed"] is True and result["api_error"]["status"] == 200
    assert (
        "the answer holds more than the max_response_bytes limit of 4 KiB (4,096 bytes), so it was not read to the end; "
        "raise max_response_bytes to read it" in result["msg"]
    )
    assert "only read (or ran in check mode, always rolled back), so nothing was applied" in result["msg"]
    assert "MAY HAVE BEEN APPLIED" not in result["msg"]


def test_an_answer_over_max_response_bytes_to_a_write_may_have_been_applied(run_module, database):
    database.query("CREATE TABLE t (name TEXT)")
    result = run(run_module, sql="INSERT INTO t VALUES (?) RETURNING name", args=["x" * 5000], max_response_bytes=4096)
    assert result["failed"] is True
    assert "raise max_response_bytes to read it" in result["msg"]
    assert "The statement MAY HAVE BEEN APPLIED" in result["msg"]
    assert len(database.bodies) == 1  # never sent again


def test_an_announced_size_over_max_response_bytes_fails_before_reading(run_module, fake_session):
    answer = FakeResponse(200, {"results": []}, headers={"Content-Length": str(10**9)})
    fake_session.responses = [answer]
    result = run(run_module, sql="SELECT 1")
    assert "the answer announces 1,000,000,000 bytes, more than the max_response_bytes limit of 64 MiB" in result["msg"]
    assert answer.chunks == 0


@pytest.mark.parametrize(
    "args, fragment",
    [
        ({"max_response_bytes": 0}, "max_response_bytes must be from 1 to 1099511627776; got 0."),
        ({"max_response_bytes": 2**40 + 1}, "max_response_bytes must be from 1 to 1099511627776; got 1099511627777."),
        ({"max_rows": -1}, "max_rows must be from 0 to 2147483647; got -1."),
        ({"max_rows": 2**64}, "max_rows must be from 0 to 2147483647; got 18446744073709551616."),
    ],
)
def test_limits_out_of_range_fail_before_any_request(run_module, fake_session, args, fragment):
    result = run(run_module, sql="SELECT 1", **args)
    assert result["failed"] is True and fragment in result["msg"]
    assert fake_session.calls == []


def test_a_bare_cell_in_an_answer_is_not_hrana(run_module, fake_session):
    def answer(method, url, body, params):
        steps = body["requests"][0]["batch"]["steps"]
        probe = {
            "cols": [{"name": "a"}, {"name": "b"}, {"name": "c"}],
            "rows": [[{"type": "integer", "value": "1"}] * 3],
            "affected_row_count": 0,
        }
        result = {"cols": [{"name": "n"}], "rows": [[5]], "affected_row_count": 0}
        results = [{"cols": [], "rows": []}, probe, result, probe, {"cols": [], "rows": []}, None]
        return FakeResponse(
            200,
            {
                "results": [
                    {
                        "type": "ok",
                        "response": {
                            "type": "batch",
                            "result": {"step_results": results[: len(steps)], "step_errors": [None] * len(steps)},
                        },
                    },
                    {"type": "ok", "response": {"type": "close"}},
                ]
            },
        )

    fake_session.responses = answer
    result = run(run_module, sql="SELECT 5 AS n")
    assert result["failed"] is True and "the answer is not Hrana over HTTP v2" in result["msg"]
    assert "not a value object" in result["msg"]


@pytest.mark.parametrize(
    "sql, changed", [("INSERT INTO redirects VALUES (1)", True), ("SELECT path FROM redirects", False)]
)
def test_check_mode_on_a_table_an_earlier_task_only_predicted(run_module, database, sql, changed):
    checked = run(run_module, check=True, sql=sql)
    assert checked.get("failed") is not True and checked["changed"] is changed and checked["results"] == []
    warnings = str(checked["warnings"])  # strings, or ansible-core 2.19+'s warning records
    assert "Check mode: the table redirects (needed by sql) does not exist" in warnings
    assert "earlier task may only have been predicted under --check" in warnings
    real = run(run_module, sql=sql)
    assert real["failed"] is True and "no such table: redirects" in real["msg"] and not real.get("warnings")
