# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
# PRIVATE to the edge.platform collection: no compatibility promise; do not import from elsewhere.
"""Planning and judging a ``database_query`` run: statements in, one Hrana batch out, a verdict back.

Pure logic, no Ansible: reading the ``statements``/``sql`` options, the batch that wraps them
(transaction, check-mode rollback, change probes), what the answer means (``changed``, which
statement failed and what stayed applied), and the wording of failures the database module owns.

What ``changed`` rests on, checked against sqld's statement classifier
(tursodatabase/libsql ``libsql-server/src/query_analysis.rs`` ``StmtKind::kind``/``pragma_kind``):

- INSERT/UPDATE/DELETE/REPLACE (Write), triggers included: ``total_changes()`` moves.
- CREATE/DROP/ALTER of tables, indexes, views, triggers, virtual tables (DDL): ``schema_version``
  moves; ``IF NOT EXISTS``/``IF EXISTS`` that do nothing leave it alone (no change, truly).
- ``PRAGMA user_version = N`` (Write): moves neither, so the probe reads ``user_version`` too and a
  re-run with the same N reports no change.
- ``REINDEX`` (Write): rebuilds indexes and moves neither counter, so it always reports a change.
- PRAGMAs sqld calls Write that change no stored state: ``foreign_keys``/``defer_foreign_keys``
  (this connection or transaction only; the stream closes after the task), ``integrity_check``,
  ``quick_check``, ``foreign_key_check``, ``foreign_key_list``, ``collation_list``, ``data_version``,
  ``freelist_count``, ``page_count``, ``stats``, ``legacy_file_format`` (a no-op in SQLite 3.x):
  no change, which is the truth about the database.
- SAVEPOINT/RELEASE/ROLLBACK TO (Savepoint/Release): their writes count through ``total_changes()``
  (conservatively: rows written then rolled back to a savepoint still count as a change).
- ATTACH/DETACH: sqld attaches another database read-only (``program.rs`` rewrites it to
  ``mode=ro``); nothing here changes.
- Refused by sqld before any statement runs (kind None: "unsupported statement"): VACUUM, ANALYZE,
  CREATE TEMP ..., ``PRAGMA optimize``/``wal_checkpoint``/``incremental_vacuum``, PRAGMAs of the
  "without argument" list given a value (``journal_mode = WAL``, ``application_id = 1``,
  ``schema_version = N``), and unknown PRAGMAs. sqld parses every step of a batch first
  (``hrana/batch.rs`` ``proto_batch_to_program``), so one such statement fails the whole batch
  with ``SQL_PARSE_ERROR``/``SQL_NO_STATEMENT``/``SQL_MANY_STATEMENTS`` and nothing runs.
"""

from __future__ import annotations

import base64
import re

from ansible_collections.edge.platform.plugins.module_utils._engine.errors import InputError

from . import hrana

# SELECTs on the pragmas' table-valued functions: sqld lets read-only tokens run SELECTs, while it
# classifies the statement PRAGMA schema_version as a write. total_changes() counts trigger writes.
PROBE_SQL = (
    "SELECT s.schema_version, u.user_version, total_changes() AS total_changes "
    "FROM pragma_schema_version AS s, pragma_user_version AS u"
)
READ_KEYWORDS = frozenset(("SELECT", "VALUES", "EXPLAIN"))
TRANSACTION_KEYWORDS = frozenset(("BEGIN", "COMMIT", "END", "ROLLBACK"))
# Writes that move none of the probed counters: reported as a change whenever they ran.
ALWAYS_CHANGES = frozenset(("REINDEX",))
LEADING_NOISE = re.compile(r"(?:\s+|--[^\n]*(?:\n|\Z)|/\*.*?\*/)*", re.S)
FIRST_WORD = re.compile(r"[A-Za-z]+")
ROLLBACK_TO = re.compile(r"ROLLBACK(?:\s+TRANSACTION)?\s+TO\b", re.I)
SQL_SHOWN = 80
MAX_ROWS_DEFAULT = 100000
# SQLite's words for a schema object that is not there ("no such table: redirects").
MISSING_OBJECT = re.compile(r"\bno such (table|column|index|view|trigger): ([^\s,;]+)", re.I)
# What a statement creates, for the check-mode ledger: a schema object (CREATE ... [IF NOT EXISTS] [schema.]name) or a
# column added to a table (ALTER TABLE ... ADD [COLUMN] name); a name bare, or quoted as SQLite takes it.
NAME = r'(?:"(?:[^"]|"")+"|`(?:[^`]|``)+`|\[[^\]]+\]|[^\s.(;,"`\[]+)'
QUALIFIED = r"(?:%s\s*\.\s*)?" % NAME  # the schema before a name
CREATES = re.compile(
    r"CREATE\s+(?:UNIQUE\s+)?(?:VIRTUAL\s+)?(TABLE|VIEW|INDEX|TRIGGER)\s+(?:IF\s+NOT\s+EXISTS\s+)?%s(%s)"
    % (QUALIFIED, NAME),
    re.I,
)
ADDS_COLUMN = re.compile(r"ALTER\s+TABLE\s+%s%s\s+ADD\s+(?:COLUMN\s+)?(%s)" % (QUALIFIED, NAME, NAME), re.I)

# Advice for the in-band errors a user can fix in the task itself.
CODE_HINTS = {
    "SQL_MANY_STATEMENTS": "Give each statement its own entry in statements.",
    "SQL_NO_STATEMENT": "The SQL text holds no statement.",
    "SQL_PARSE_ERROR": (
        "Fix the SQL; libSQL's server also refuses some statements outright: VACUUM, ANALYZE, "
        "TEMP tables, views and triggers, and most PRAGMAs that set a value."
    ),
    "ARGS_INVALID": "Give exactly one value per parameter of the statement in args or named_args.",
}


def first_keyword(sql):
    rest = sql[LEADING_NOISE.match(sql).end() :]
    match = FIRST_WORD.match(rest)
    return match.group(0).upper() if match else ""


class Statement(object):
    """One statement to run: where it came from (for messages), its SQL, and its Hrana Stmt."""

    def __init__(self, where, sql, args, named_args):
        self.where = where
        self.sql = sql
        self.keyword = first_keyword(sql)
        self.stmt = hrana.stmt(sql, args, named_args, where)

    @property
    def reads_only(self):
        """Conservatively true only for one statement that cannot write (a write is never replayed)."""
        return self.keyword in READ_KEYWORDS and ";" not in self.sql.strip().rstrip(";")

    @property
    def controls_transaction(self):
        return self.keyword in TRANSACTION_KEYWORDS and not ROLLBACK_TO.match(
            self.sql[LEADING_NOISE.match(self.sql).end() :]
        )

    @property
    def shown(self):
        text = " ".join(self.sql.split())
        return text if len(text) <= SQL_SHOWN else text[: SQL_SHOWN - 3] + "..."


def read_statements(params):
    """The statements to run from ``statements`` or ``sql``/``args``/``named_args``; raises InputError."""
    if params["statements"] is not None and params["sql"] is not None:
        raise InputError(
            "statements and sql are mutually exclusive: use sql for one statement, statements for several.",
            option="statements",
        )
    if params["statements"] is None:
        if params["sql"] is None:
            raise InputError("Give the SQL to run in sql (one statement) or statements (a list).", option="sql")
        return [make_statement("sql", params["sql"], params["args"], params["named_args"])]
    for name in ("args", "named_args"):
        if params[name] is not None:
            raise InputError(
                "%s goes with sql; with statements give each entry its own %s, for example "
                "statements: [{sql: 'INSERT INTO t VALUES (?)', %s: ...}]." % (name, name, name),
                option=name,
            )
    if not params["statements"]:
        raise InputError("statements is empty; give at least one SQL statement.", option="statements")
    found = []
    for index, entry in enumerate(params["statements"]):
        where = "statements[%d]" % index
        if isinstance(entry, str):
            found.append(make_statement(where, entry, None, None))
            continue
        if not isinstance(entry, dict):
            raise InputError(
                "%s must be a SQL string or a dictionary with sql, args and named_args; got %s."
                % (where, type(entry).__name__),
                option="statements",
            )
        unknown = sorted(set(entry) - {"sql", "args", "named_args"})
        if unknown:
            raise InputError(
                "%s has the unknown key(s) %s; the keys are sql, args and named_args." % (where, ", ".join(unknown)),
                option="statements",
            )
        args, named = entry.get("args"), entry.get("named_args")
        if args is not None and not isinstance(args, list):
            raise InputError(
                "%s.args must be a list of values; got %s." % (where, type(args).__name__), option="statements"
            )
        if named is not None and not isinstance(named, dict):
            raise InputError(
                "%s.named_args must be a dictionary of name: value; got %s." % (where, type(named).__name__),
                option="statements",
            )
        found.append(make_statement(where, entry.get("sql"), args, named))
    return found


def make_statement(where, sql, args, named_args):
    option = "sql" if where == "sql" else "statements"
    if not isinstance(sql, str) or not sql.strip():
        raise InputError(
            "%s needs the SQL text of one statement%s." % (where, "" if where == "sql" else " in its sql key"),
            option=option,
        )
    if args and named_args:
        raise InputError(
            "%s has both args and named_args; the database binds one or the other, so give one." % where, option=option
        )
    try:
        return Statement(where, sql, args, named_args)
    except hrana.HranaValueError as exc:
        raise InputError(str(exc), option=option) from exc


def read_plan(params, check_mode):
    """The :class:`Plan` of the module's options (``statements`` or ``sql``, ``transaction``, ``max_rows``); raises
    InputError naming the option to fix."""
    statements = read_statements(params)
    problem = transaction_control_problem(statements, params["transaction"], check_mode)
    if problem:
        raise InputError(problem, option=statements[0].where.partition("[")[0])
    return Plan(statements, params["transaction"], check_mode)


def transaction_control_problem(statements, transaction, check_mode):
    """Why the statements cannot run inside the module's own transaction, or None."""
    if not (transaction or check_mode):
        return None
    for statement in statements:
        if statement.controls_transaction:
            return "%s is a %s statement, but the module runs the statements in its own transaction%s; remove it%s." % (
                statement.where,
                statement.keyword,
                " (in check mode one that is always rolled back)" if check_mode else "",
                "" if check_mode else ", or set transaction: false",
            )
    return None


class Plan(object):
    """The batch that runs the statements, and where each part of it sits.

    Shape (steps chained with ``ok`` conditions so the first failure stops the rest):
    ``[BEGIN] probe statements... probe [COMMIT ROLLBACK | ROLLBACK]``. BEGIN wraps a transaction
    or a check-mode run; check mode always ends in ROLLBACK; a transaction rolls back unless its
    COMMIT succeeded. The probes read the schema and user versions and the change counter before
    and after.
    """

    def __init__(self, statements, transaction, check_mode):
        self.statement_list = statements
        self.transaction = transaction
        self.check_mode = check_mode
        self.steps = []
        self.begin = self.commit = self.rollback = None
        wrapped = transaction or check_mode
        if wrapped:
            self.begin = self._add(hrana.stmt("BEGIN"))
        gate = hrana.ok(self.begin) if wrapped else None
        self.before = self._add(hrana.stmt(PROBE_SQL), gate)
        previous = self.before
        self.statements = []
        for statement in statements:
            previous = self._add(statement.stmt, hrana.ok(previous))
            self.statements.append(previous)
        # after a failure too: without a transaction the statements before it stay applied
        self.after = self._add(hrana.stmt(PROBE_SQL), gate)
        if check_mode:
            self.rollback = self._add(hrana.stmt("ROLLBACK"), gate)
        elif transaction:
            self.commit = self._add(hrana.stmt("COMMIT"), hrana.ok(previous))
            self.rollback = self._add(hrana.stmt("ROLLBACK"), hrana.and_(gate, hrana.not_(hrana.ok(self.commit))))

    def _add(self, statement, condition=None):
        self.steps.append(hrana.step(statement, condition))
        return len(self.steps) - 1

    @property
    def reads_only(self):
        return all(s.reads_only for s in self.statement_list)

    @property
    def replay_safe(self):
        """A request that cannot leave anything behind: pure reads, or check mode (always rolled back)."""
        return self.reads_only or self.check_mode

    @property
    def lost_hint(self):
        """The advice of a failure after which the statements may have been applied; None when nothing can have been
        (:attr:`replay_safe`)."""
        return None if self.replay_safe else lost_answer_hint(self.statement_list, self.transaction)

    def requests(self):
        return [hrana.batch(self.steps), hrana.close()]

    def verdict(self, outcomes, refusal, max_rows, diagnose):
        """The :class:`Verdict` of the database's answer: the batch's ``outcomes`` (``decode_batch_result``), or the
        ``refusal`` of the whole batch (a ``HranaError``). ``diagnose(requests)`` sends :meth:`diagnosis_requests` and
        returns their responses (None when they cannot tell); it is called only to find which of several
        statements was refused. More rows than ``max_rows`` fail with no database error (``verdict.error`` None)."""
        if refusal is not None:
            return self.refused(refusal, diagnose(self.diagnosis_requests()) if len(self.statement_list) > 1 else None)
        returned = self.returned_rows(outcomes)
        if returned > max_rows:
            return self.too_many_rows(outcomes, returned, max_rows)
        return self.judge(outcomes)

    def returned_rows(self, outcomes):
        """How many rows the statements returned (the probes' rows are not counted)."""
        return sum(len(outcomes[index][0].rows) for index in self.statements if outcomes[index][0] is not None)

    def too_many_rows(self, outcomes, count, limit):
        """The :class:`Verdict` of an answer with more than ``limit`` rows: its rows are dropped (freed) first, none
        is returned, and the message says what the statements did, which the complete answer tells."""
        for index in self.statements:
            if outcomes[index][0] is not None:
                outcomes[index][0].rows = []
        verdict = self.judge(outcomes)
        which = "The statement" if len(self.statement_list) == 1 else "The statements"
        text = (
            "%s returned %s rows, more than max_rows (%s), so none are returned: raise max_rows to return them "
            "all, or return fewer rows (for example with LIMIT)." % (which, format(count, ","), format(limit, ","))
        )
        if verdict.msg is not None:
            text += " " + verdict.msg
        elif self.check_mode:
            text += " Check mode: everything was rolled back."
        elif self.reads_only:
            text += " %s only read: nothing was changed." % which
        elif verdict.changed:
            text += " The database confirmed the statements: they WERE APPLIED."
        else:
            text += " The database confirmed the statements; they changed nothing."
        return Verdict(text, None, changed=verdict.changed)

    def judge(self, outcomes):
        """The :class:`Verdict` of the batch's ``outcomes`` (``decode_batch_result``)."""
        for name, index in (("BEGIN", self.begin), ("Reading the schema version", self.before)):
            if index is not None and outcomes[index][1] is not None:
                failure = outcomes[index][1]
                return Verdict(describe_failure(name, None, failure) + " No statement ran.", failure)
        statements = self.statement_list
        results, failed, reindexed = [], None, False
        for position, step_index in enumerate(self.statements):
            result, failure = outcomes[step_index]
            if failure is not None:
                failed = (position, failure)
                break
            if result is None:
                break
            results.append(shape_result(result))
            reindexed = reindexed or statements[position].keyword in ALWAYS_CHANGES
        before, after = probe_values(outcomes[self.before]), probe_values(outcomes[self.after])
        moved = before is None or after is None or before != after
        affected = any(r["affected_row_count"] for r, s in zip(results, statements) if not s.reads_only)
        changed = not self.reads_only and (moved or affected or reindexed)
        if failed is not None:
            position, failure = failed
            statement = statements[position]
            # what a real run would leave behind: with a transaction, nothing
            return Verdict(
                describe_failure(statement.where, statement, failure)
                + " "
                + aftermath(statements, position, self.transaction, self.check_mode),
                failure,
                results=results,
                changed=False if self.transaction else changed,
                field=statement.where,
                failed_statement=position,
            )
        if self.commit is not None and outcomes[self.commit][1] is not None:
            failure = outcomes[self.commit][1]
            return Verdict(
                describe_failure("COMMIT", None, failure) + " The transaction was rolled back: nothing was applied.",
                failure,
                results=results,
            )
        return Verdict(None, None, results=results, changed=bool(changed))

    # -- a batch the database refused as a whole ----------------------------------------------------

    def diagnosis_requests(self):
        """A pipeline that finds which statement the database refuses, running none of them.

        One batch per statement: ``SELECT 1``, then the statement under ``error(0)``, which never
        holds after a successful step. sqld converts (parses) every step before it runs any, so a
        statement it refuses fails its own batch, and the others run nothing but ``SELECT 1``.
        """
        requests = [
            hrana.batch([hrana.step(hrana.stmt("SELECT 1")), hrana.step(s.stmt, hrana.error(0))])
            for s in self.statement_list
        ]
        return requests + [hrana.close()]

    def refused(self, error, responses=None):
        """The :class:`Verdict` of a batch refused with ``error``; ``responses`` answer :meth:`diagnosis_requests`."""
        statements = self.statement_list
        position = 0 if len(statements) == 1 else None
        if responses is not None:
            for index, response in enumerate(responses[: len(statements)]):
                if isinstance(response, hrana.HranaError):
                    position, error = index, response
                    break
        nothing = "The database refuses the whole batch before running any of it, so nothing was applied"
        if position is None:
            return Verdict(
                "The database refused the batch%s: %s. %s; it did not say which statement it refused."
                % (" with %s" % error.code if error.code else "", error.message.rstrip("."), nothing),
                error,
            )
        statement = statements[position]
        text = "%s was refused%s: %s (SQL: %s). %s." % (
            statement.where,
            " with %s" % error.code if error.code else "",
            error.message.rstrip("."),
            statement.shown,
            nothing,
        )
        if error.code in CODE_HINTS:
            text += " " + CODE_HINTS[error.code]
        return Verdict(text, error, field=statement.where, failed_statement=position)


class Verdict(object):
    """What a run comes to: ``msg`` (None on success), the database's error, results and ``changed``."""

    def __init__(self, msg, error, results=(), changed=False, field=None, failed_statement=None):
        self.msg = msg
        self.error = error
        self.results = list(results)
        self.changed = changed
        self.field = field
        self.failed_statement = failed_statement

    def failure(self):
        """What a failed run returns besides ``msg`` and ``api_error``: what ran, and whether it stays applied."""
        result = dict(results=self.results, changed=self.changed)
        if self.failed_statement is not None:
            result["failed_statement"] = self.failed_statement
        return result


def shape_result(result):
    """A result entry: ``columns``, ``rows`` as dicts, counters, and sqld's statistics when sent.

    The rows become dicts in place, one at a time, so each row's list is freed as its dict is made and
    the rows are never held twice.
    """
    columns = unique_names(result.columns)
    rows = result.rows
    for index, row in enumerate(rows):
        rows[index] = dict(zip(columns, map(shape_value, row)))
    shaped = {
        "columns": columns,
        "rows": rows,
        "affected_row_count": result.affected_row_count,
        "last_insert_rowid": result.last_insert_rowid,
    }
    shaped.update(result.stats)
    return shaped


def shape_value(value):
    if isinstance(value, bytes):
        return {"blob": base64.b64encode(value).decode("ascii")}
    return value


def unique_names(names):
    seen = set()
    unique = []
    for index, name in enumerate(names):
        base = name if name else "column_%d" % (index + 1)
        candidate, number = base, 1
        while candidate in seen:
            number += 1
            candidate = "%s_%d" % (base, number)
        seen.add(candidate)
        unique.append(candidate)
    return unique


def probe_values(outcome):
    result, failure = outcome
    if failure is not None or result is None or len(result.rows) != 1 or len(result.rows[0]) != 3:
        return None
    return tuple(result.rows[0])


def describe_failure(where, statement, failure):
    text = "%s failed" % where
    if failure.code:
        text += " with %s" % failure.code
    text += ": %s" % failure.message.rstrip(".")
    if statement is not None:
        text += " (SQL: %s)" % statement.shown
    text += "."
    if failure.code in CODE_HINTS:
        text += " " + CODE_HINTS[failure.code]
    return text


def aftermath(statements, index, transaction, check_mode):
    """What became of the other statements when ``statements[index]`` failed."""
    if check_mode:
        return "Check mode: everything was rolled back."
    if transaction:
        if len(statements) == 1:
            return "The transaction was rolled back: nothing was applied."
        return "The transaction was rolled back: none of the %d statements was applied." % len(statements)
    if index == 0:
        text = "Nothing was applied"
    elif index == 1:
        text = "With transaction false, %s ran and stays applied" % statements[0].where
    else:
        text = "With transaction false, %s to %s ran and stay applied" % (
            statements[0].where,
            statements[index - 1].where,
        )
    if index + 1 < len(statements):
        text += "; %s and later did not run" % statements[index + 1].where
    return text + "."


def predicted_object(kind, name):
    """The check-mode ledger's note of the schema object ``name`` of ``kind`` (table, view, index, trigger, column) in
    the database the client talks to: unquoted, without its schema, in lower case (SQLite compares names so)."""
    name = name.strip()
    if name[:1] in "\"`[" and len(name) > 1:
        quote = name[0]
        name = name[1:-1].replace(quote * 2, quote) if quote != "[" else name[1:-1]
    return ("SQL %s" % kind.lower(), name.lower())


def created_objects(statements):
    """The ledger's notes of what ``statements`` create (``predicted_object``), as far as their text shows."""
    notes = []
    for statement in statements:
        text = statement.sql[LEADING_NOISE.match(statement.sql).end() :]
        for pattern in (CREATES, ADDS_COLUMN):
            match = pattern.match(text)
            if match is not None:
                groups = match.groups()
                kind = groups[0] if pattern is CREATES else "column"
                notes.append(predicted_object(kind, groups[-1]))
    return notes


def _missing(verdict):
    """The match of a failed ``verdict``'s message that says a schema object does not exist, or None."""
    return MISSING_OBJECT.search(getattr(verdict.error, "message", None) or "") if verdict.error else None


def missing_need(verdict):
    """The ledger's note that would show an earlier task predicted the schema object a failed ``verdict`` says does not
    exist (:func:`missing_object`), or None."""
    match = _missing(verdict)
    if match is None:
        return None
    name = match.group(2)
    unquoted = name if name[:1] in "\"`[" else name.rsplit(".", 1)[-1]  # "t.c" of a column, "main.t" of a table
    return predicted_object(match.group(1), unquoted)


def missing_object(verdict):
    """``"the table redirects (needed by sql)"`` when a failed ``verdict`` says a schema object does not exist."""
    match = _missing(verdict)
    if match is None:
        return None
    return "the %s %s%s" % (
        match.group(1).lower(),
        match.group(2),
        " (needed by %s)" % verdict.field if verdict.field else "",
    )


# -- a request whose answer was lost ------------------------------------------------------------------


def lost_answer_hint(statements, transaction):
    """The advice of a failure after which the statements may have been applied."""
    which = "The statement" if len(statements) == 1 else "The %d statements" % len(statements)
    text = (
        "%s MAY HAVE BEEN APPLIED: the request may have reached the database, but no usable answer came back, "
        "so it was not sent again." % which
    )
    if transaction and len(statements) > 1:
        text += " They ran in one transaction, so either all of them took effect or none did."
    elif not transaction and len(statements) > 1:
        text += " With transaction false, any of them up to the first failure may have taken effect."
    return text + (
        " Check the database (for example with a SELECT of the rows they write) before running the task "
        "again: running it again applies them again unless they are idempotent "
        "(CREATE ... IF NOT EXISTS, INSERT ... ON CONFLICT DO NOTHING)."
    )
