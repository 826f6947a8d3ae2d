"""The pure plan of database_query: reading statements, the batch, judging its answer, lost answers."""

from __future__ import annotations

import pytest

from ansible_collections.edge.platform.plugins.module_utils._database import hrana, sql_plan
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError


def params(**given):
    return dict(dict(statements=None, sql=None, args=None, named_args=None), **given)


def statements(*sqls):
    return sql_plan.read_statements(params(statements=list(sqls)))


def probe(schema, user, changes):
    return hrana.StmtResult(
        ["schema_version", "user_version", "total_changes"], [None] * 3, [[schema, user, changes]], 0, None
    ), None


def ran(affected=0, rows=(), columns=(), stats=None):
    return hrana.StmtResult(list(columns), [None] * len(columns), [list(r) for r in rows], affected, None, stats), None


OK = (hrana.StmtResult([], [], [], 0, None), None)
SKIPPED = (None, None)


def failed(code="SQLITE_CONSTRAINT", message="SQLite error: UNIQUE constraint failed: t.x"):
    return None, hrana.HranaError(message, code)


# ---------------------------------------------------------------- reading the options


@pytest.mark.parametrize(
    "given, fragment",
    [
        (dict(), "Give the SQL to run in sql"),
        (dict(sql="SELECT 1", statements=["SELECT 2"]), "mutually exclusive"),
        (dict(statements=[]), "statements is empty"),
        (dict(statements=[" "]), "statements[0] needs the SQL text of one statement in its sql key"),
        (dict(statements=[{"sql": "SELECT ?", "arg": [1]}]), "statements[0] has the unknown key(s) arg"),
        (dict(statements=[3]), "statements[0] must be a SQL string or a dictionary"),
        (dict(sql="SELECT ?", args=[2**63]), "outside the signed 64-bit range"),
        (dict(statements=["SELECT 1"], args=[1]), "args goes with sql"),
    ],
)
def test_bad_options_are_named(given, fragment):
    with pytest.raises(InputError) as caught:
        sql_plan.read_statements(params(**given))
    assert fragment in str(caught.value)


def test_transaction_control_is_refused_only_inside_the_modules_transaction():
    begin = statements("BEGIN", "ROLLBACK TO sp")
    assert "statements[0] is a BEGIN statement" in sql_plan.transaction_control_problem(begin, True, False)
    assert "always rolled back" in sql_plan.transaction_control_problem(begin, False, True)
    assert sql_plan.transaction_control_problem(begin, False, False) is None
    assert sql_plan.transaction_control_problem(statements("ROLLBACK TO sp"), True, False) is None


def plan_params(**given):
    return dict(params(statements=["SELECT 1"], transaction=True, max_rows=10), **given)


@pytest.mark.parametrize(
    "given, option, fragment",
    [
        # the statements are read first, then what the module's own transaction allows (max_rows is in range: the
        # module's bounds are checked before the core runs)
        (dict(statements=[]), "statements", "statements is empty"),
        (dict(statements=["BEGIN"]), "statements", "statements[0] is a BEGIN statement"),
        (dict(statements=None, sql="COMMIT"), "sql", "sql is a COMMIT statement"),
    ],
)
def test_read_plan_names_the_option_to_fix(given, option, fragment):
    with pytest.raises(InputError) as caught:
        sql_plan.read_plan(plan_params(**given), check_mode=False)
    assert caught.value.option == option and fragment in str(caught.value)


def test_read_plan_lets_transaction_control_through_without_a_transaction():
    plan = sql_plan.read_plan(plan_params(statements=["BEGIN", "COMMIT"], transaction=False), check_mode=False)
    assert plan.begin is None and len(plan.statement_list) == 2


def test_lost_hint_only_for_a_plan_that_may_write():
    assert sql_plan.read_plan(plan_params(), False).lost_hint is None
    assert sql_plan.read_plan(plan_params(statements=["DELETE FROM t"]), True).lost_hint is None
    assert sql_plan.read_plan(plan_params(statements=["DELETE FROM t"]), False).lost_hint == (
        sql_plan.lost_answer_hint(statements("DELETE FROM t"), True)
    )


# ---------------------------------------------------------------- the batch


def test_plan_wraps_probes_and_rolls_back_in_check_mode():
    plan = sql_plan.Plan(statements("DELETE FROM t"), transaction=True, check_mode=True)
    assert [s["stmt"]["sql"] for s in plan.steps] == [
        "BEGIN",
        sql_plan.PROBE_SQL,
        "DELETE FROM t",
        sql_plan.PROBE_SQL,
        "ROLLBACK",
    ]
    assert plan.replay_safe and plan.commit is None
    assert [r["type"] for r in plan.requests()] == ["batch", "close"]


def test_probe_reads_the_three_counters_with_a_select():
    assert sql_plan.PROBE_SQL.startswith("SELECT ")
    for name in ("pragma_schema_version", "pragma_user_version", "total_changes()"):
        assert name in sql_plan.PROBE_SQL


# ---------------------------------------------------------------- judging the answer


def judge(sqls, outcomes, transaction=True, check_mode=False):
    plan = sql_plan.Plan(statements(*sqls), transaction, check_mode)
    return plan.judge(outcomes)


def test_moved_user_version_alone_is_a_change():
    verdict = judge(["PRAGMA user_version = 2"], [OK, probe(1, 0, 0), OK, probe(1, 2, 0), OK, SKIPPED])
    assert verdict.msg is None and verdict.changed is True


def test_nothing_moved_is_no_change():
    verdict = judge(["PRAGMA user_version = 2"], [OK, probe(1, 2, 0), OK, probe(1, 2, 0), OK, SKIPPED])
    assert verdict.changed is False


@pytest.mark.parametrize("sql, changed", [("REINDEX", True), (" /* c */ reindex t_x", True), ("SELECT 1", False)])
def test_reindex_is_always_a_change(sql, changed):
    verdict = judge([sql], [OK, probe(1, 0, 0), OK, probe(1, 0, 0), OK, SKIPPED])
    assert verdict.changed is changed


def test_unreadable_probe_counts_as_a_change_for_writes_only():
    broken = (hrana.StmtResult(["schema_version"], [None], [[1]], 0, None), None)
    assert judge(["DELETE FROM t"], [OK, broken, OK, broken, OK, SKIPPED]).changed is True
    assert judge(["SELECT 1"], [OK, broken, OK, broken, OK, SKIPPED]).changed is False


def test_statistics_are_kept_in_the_results():
    stats = {"rows_read": 4, "rows_written": 0, "query_duration_ms": 0.5}
    verdict = judge(
        ["SELECT 1 AS a"],
        [OK, probe(1, 0, 0), ran(rows=[[1]], columns=["a"], stats=stats), probe(1, 0, 0), OK, SKIPPED],
    )
    assert verdict.results == [
        dict({"columns": ["a"], "rows": [{"a": 1}], "affected_row_count": 0, "last_insert_rowid": None}, **stats)
    ]


def test_failure_without_transaction_keeps_what_ran():
    verdict = judge(
        ["INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (1)"],
        [probe(1, 0, 0), ran(affected=1), failed(), probe(1, 0, 1)],
        transaction=False,
    )
    assert verdict.changed is True and verdict.failed_statement == 1
    assert verdict.msg.endswith("With transaction false, statements[0] ran and stays applied.")
    assert verdict.failure() == {"results": verdict.results, "changed": True, "failed_statement": 1}
    assert (verdict.error.code, verdict.field) == ("SQLITE_CONSTRAINT", "statements[1]")
    assert verdict.error.message == "SQLite error: UNIQUE constraint failed: t.x"


# ---------------------------------------------------------------- a batch refused as a whole


def test_diagnosis_runs_none_of_the_statements():
    plan = sql_plan.Plan(statements("DELETE FROM t", "VACUUM"), True, False)
    requests = plan.diagnosis_requests()
    assert requests[-1] == hrana.close()
    for request, sql in zip(requests, ["DELETE FROM t", "VACUUM"]):
        first, second = request["batch"]["steps"]
        assert first == hrana.step(hrana.stmt("SELECT 1"))
        assert second == hrana.step(hrana.stmt(sql), hrana.error(0))


def test_refused_names_the_statement_the_diagnosis_found():
    plan = sql_plan.Plan(statements("DELETE FROM t", "VACUUM"), True, False)
    refusal = hrana.HranaError("SQL string could not be parsed: unsupported statement: VACUUM", "SQL_PARSE_ERROR")
    verdict = plan.refused(refusal, [{"type": "batch"}, refusal, {"type": "close"}])
    assert verdict.failed_statement == 1 and verdict.field == "statements[1]"
    assert "so nothing was applied" in verdict.msg and verdict.changed is False


def test_refused_without_diagnosis_says_it_does_not_know_which():
    plan = sql_plan.Plan(statements("DELETE FROM t", "SELECT 1"), True, False)
    verdict = plan.refused(hrana.HranaError("boom", None), None)
    assert verdict.failed_statement is None
    assert verdict.msg == (
        "The database refused the batch: boom. The database refuses the whole batch before running "
        "any of it, so nothing was applied; it did not say which statement it refused."
    )


def test_verdict_diagnoses_a_refusal_only_among_several_statements():
    asked = []

    def diagnose(requests):
        asked.append(requests)

    one = sql_plan.Plan(statements("VACUUM"), True, False)
    assert one.verdict(None, hrana.HranaError("no", "SQL_PARSE_ERROR"), 10, diagnose).field == "statements[0]"
    assert asked == []
    two = sql_plan.Plan(statements("DELETE FROM t", "VACUUM"), True, False)
    verdict = two.verdict(None, hrana.HranaError("no", None), 10, diagnose)
    assert asked == [two.diagnosis_requests()] and verdict.failed_statement is None


def test_verdict_of_more_rows_than_max_rows_returns_none_and_carries_no_database_error():
    plan = sql_plan.Plan(statements("SELECT x FROM t"), True, False)
    outcomes = [OK, probe(1, 0, 0), ran(rows=[[1], [2], [3]], columns=["x"]), probe(1, 0, 0), OK, SKIPPED]
    verdict = plan.verdict(outcomes, None, 2, None)
    assert verdict.error is None and verdict.failure() == {"results": [], "changed": False}
    assert verdict.msg.startswith("The statement returned 3 rows, more than max_rows (2), so none are returned")
    assert plan.verdict(outcomes[:2] + [ran(rows=[[1]], columns=["x"])] + outcomes[3:], None, 2, None).msg is None


# ---------------------------------------------------------------- lost answers


def test_lost_answer_hint_never_only_says_raise_the_timeout():
    hint = sql_plan.lost_answer_hint(statements("INSERT INTO t VALUES (1)"), True)
    assert hint.startswith("The statement MAY HAVE BEEN APPLIED")
    assert "timeout" not in hint


# ---------------------------------------------------------------- what an earlier check-mode task only predicted


@pytest.mark.parametrize(
    "message, missing",
    [
        ("SQLite error: no such table: redirects", "the table redirects (needed by statements[1])"),
        ("SQLite error: no such column: hits", "the column hits (needed by statements[1])"),
        ("SQLite error: UNIQUE constraint failed: t.x", None),
    ],
)
def test_missing_object_names_what_sqlite_did_not_find(message, missing):
    verdict = judge(
        ["CREATE TABLE IF NOT EXISTS t (x)", "SELECT hits FROM redirects"],
        [OK, probe(1, 0, 0), OK, failed("SQLITE_UNKNOWN", message), probe(1, 0, 0), OK],
        check_mode=True,
    )
    assert sql_plan.missing_object(verdict) == missing


def test_missing_object_of_a_success_is_none():
    verdict = judge(["SELECT 1"], [OK, probe(1, 0, 0), ran(rows=[[1]], columns=["1"]), probe(1, 0, 0), OK, SKIPPED])
    assert verdict.msg is None and sql_plan.missing_object(verdict) is None
