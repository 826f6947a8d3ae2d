"""Running statements on one stream's ``sqlite3`` connection the way sqld does.

Order of checks per statement, as in sqld: SQL text resolution and parsing (before anything in the
request runs: ``SQL_PARSE_ERROR``, ``SQL_NO_STATEMENT``, ``SQL_MANY_STATEMENTS``,
``ARGS_BOTH_POSITIONAL_AND_NAMED``), then at run time prepare (``SQLITE_*``), argument binding
(``ARGS_INVALID``) and stepping (``SQLITE_*``).

Limits of the standard library, stated rather than faked: SQLite's own syntax errors stand in for
sqld's parser messages; ``SQL_INPUT_ERROR`` is never produced (the error offset is not exposed), so
every plain ``SQLITE_ERROR`` is ``SQLITE_UNKNOWN`` as sqld reports it without an offset; ``decltype``
is derived for columns of plain ``SELECT ... FROM`` tables and is null elsewhere.

Statistics: sqld adds ``rows_read``, ``rows_written`` and ``query_duration_ms`` to every StmtResult
(``libsql-server/src/connection/program.rs`` ``execute_query``: libSQL's per-statement counters,
``LIBSQL_STMTSTATUS_ROWS_READ``/``ROWS_WRITTEN``, which count every b-tree row and index entry the
VM visits or writes). The standard library cannot read those counters, so the emulator estimates
them: ``rows_written`` is the change counter's move (``total_changes()``, triggers included) plus
one catalog row when the schema moved, ``rows_read`` the rows returned plus the rows written;
``query_duration_ms`` is measured.
"""

import collections
import sqlite3
import threading
import time
import warnings

from . import sql as hrana_sql
from .proto import encode_value

PRIMARY_CODES = {
    2: "SQLITE_INTERNAL",
    3: "SQLITE_PERM",
    4: "SQLITE_ABORT",
    5: "SQLITE_BUSY",
    6: "SQLITE_LOCKED",
    7: "SQLITE_NOMEM",
    8: "SQLITE_READONLY",
    9: "SQLITE_INTERRUPT",
    10: "SQLITE_IOERR",
    11: "SQLITE_CORRUPT",
    12: "SQLITE_NOTFOUND",
    13: "SQLITE_FULL",
    14: "SQLITE_CANTOPEN",
    15: "SQLITE_PROTOCOL",
    17: "SQLITE_SCHEMA",
    18: "SQLITE_TOOBIG",
    19: "SQLITE_CONSTRAINT",
    20: "SQLITE_MISMATCH",
    21: "SQLITE_MISUSE",
    22: "SQLITE_NOLFS",
    23: "SQLITE_AUTH",
    25: "SQLITE_RANGE",
    26: "SQLITE_NOTADB",
}
# More bindings than SQLite allows variables (32766): preparing with it can never run a statement.
NEVER_MATCHING = (None,) * 32767
ROWID_NAMES = ("rowid", "oid", "_rowid_")

Query = collections.namedtuple("Query", "statement kind is_iud is_insert args named")
# sqld's defaults (libsql-server/src/config.rs): --max-response-size and --max-total-response-size, 10 MB.
# A statement's rows past the first bound fail it with RESPONSE_TOO_LARGE before the rest is read; the second
# bounds what one request (a pipeline, batch, cursor or WebSocket request) returns in all (sqld: every
# response in flight; docs/platform-notes.md, "Database URLs and Hrana endpoints in the emulator").
MAX_RESPONSE_SIZE = 10 * 1000 * 1000
MAX_TOTAL_RESPONSE_SIZE = 10 * 1000 * 1000
FETCH_ROWS = 64
# The emulator's own bound (sqld states none): the statements of one request run for at most this long; the
# statement running then is interrupted and every later one fails at once, both with SQLITE_INTERRUPT, so an
# endless query or a 100,000-step batch holds its database (and only it) for this long at most.
REQUEST_TIMEOUT_S = 30.0
PROGRESS_STEPS = 10000  # SQLite VM instructions between two looks at the clock
_budget = threading.local()


class StmtError(Exception):
    """An error reported in-band: ``{"type": "error", "error": {"message", "code"}}``."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message

    def as_dict(self):
        return {"message": self.message, "code": self.code}


class ArgsInvalid(Exception):
    """The arguments do not match the statement's parameters."""


# Before Python 3.11, sqlite3 exceptions carry no error code: these messages name the codes users meet.
MESSAGE_CODES = (
    ("constraint failed", "SQLITE_CONSTRAINT"),
    ("database is locked", "SQLITE_BUSY"),
    ("is locked", "SQLITE_LOCKED"),
    ("readonly database", "SQLITE_READONLY"),
    ("datatype mismatch", "SQLITE_MISMATCH"),
    ("string or blob too big", "SQLITE_TOOBIG"),
    ("interrupted", "SQLITE_INTERRUPT"),
)


def sqlite_error(exc):
    """sqld's error for a ``sqlite3`` exception: the primary code name, SQLITE_ERROR as UNKNOWN."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None:
        if isinstance(exc, sqlite3.ProgrammingError) and "binding" in str(exc):
            return StmtError("ARGS_INVALID", "Arguments do not match SQL parameters: %s" % exc)
        text = str(exc)
        name = (
            "SQLITE_CONSTRAINT"
            if isinstance(exc, sqlite3.IntegrityError)
            else next((name for fragment, name in MESSAGE_CODES if fragment in text), "SQLITE_UNKNOWN")
        )
        return StmtError(name, "SQLite error: %s" % exc)
    return StmtError(PRIMARY_CODES.get(code & 0xFF, "SQLITE_UNKNOWN"), "SQLite error: %s" % exc)


def prepare_error(conn, sql):
    """The error SQLite raises while compiling ``sql``, or None; never runs the statement."""
    try:
        conn.execute(sql, NEVER_MATCHING).close()
    except sqlite3.ProgrammingError as exc:
        if getattr(exc, "sqlite_errorcode", None) is None and "Incorrect number of bindings" in str(exc):
            return None
        return exc
    except sqlite3.Error as exc:
        return exc
    return None


def _is_syntax_error(exc):
    message = str(exc)
    return "syntax error" in message or message.startswith(("incomplete input", "unrecognized token"))


def parse(conn, sql, statements=None):
    """The statements of ``sql`` with their kinds; raises SQL_PARSE_ERROR like sqld's parser."""
    parsed = []
    for statement in hrana_sql.split(sql) if statements is None else statements:
        kind, is_iud, is_insert = hrana_sql.classify(statement)
        # Compiling a PRAGMA can change connection state, so only other statements are compiled
        # (under EXPLAIN, which never runs them) to find syntax errors before anything runs.
        if statement.tokens[0].text.upper() != "PRAGMA":
            probe = statement.text if statement.is_explain else "EXPLAIN " + statement.text
            error = prepare_error(conn, probe)
            if error is not None and _is_syntax_error(error):
                raise StmtError("SQL_PARSE_ERROR", "SQL string could not be parsed: %s" % error)
        if kind is None:
            raise StmtError("SQL_PARSE_ERROR", "SQL string could not be parsed: unsupported statement: %s" % sql)
        parsed.append((statement, kind, is_iud, is_insert))
    return parsed


def make_query(conn, sql, args, named_args):
    """One statement with its arguments, checked as sqld's ``proto_stmt_to_query``."""
    statements = hrana_sql.split(sql)
    if not statements:
        raise StmtError("SQL_NO_STATEMENT", "SQL string does not contain any statement")
    statement, kind, is_iud, is_insert = parse(conn, sql, statements[:1])[0]
    if len(statements) > 1:
        raise StmtError("SQL_MANY_STATEMENTS", "SQL string contains more than one statement")
    if args and named_args:
        raise StmtError(
            "ARGS_BOTH_POSITIONAL_AND_NAMED", "Specifying both positional and named arguments is not supported"
        )
    named = dict(named_args) if named_args else None
    return Query(statement, kind, is_iud, is_insert, list(args), named)


def bind(query, params):
    """The value of each parameter index 1..count, following sqld's ``Params::bind``."""
    supplied = len(query.named) if query.named is not None else len(query.args)
    if supplied > params.count:
        raise ArgsInvalid("too many parameters, expected %d found %d" % (params.count, supplied))
    values = []
    for index in range(1, params.count + 1):
        name = params.name(index)
        if name is not None and name[0] == "?":
            position, by_name = int(name[1:]), None
        elif name is not None:
            position, by_name = None, name
        else:
            position, by_name = index, None
        if query.named is None:
            found = position is not None and 0 < position <= len(query.args)
            value = query.args[position - 1] if found else None
        else:
            key = by_name if by_name in query.named else (by_name[1:] if by_name else None)
            found = key in query.named
            value = query.named.get(key)
        if not found:
            if query.statement.is_explain:
                values.extend([None] * (params.count - len(values)))
                break
            raise ArgsInvalid("value for parameter %s not found" % (name or index))
        values.append(value)
    return values


def _python_parameters(params, values):
    """What ``sqlite3`` binds: a sequence for ``?``/``?NNN``, a mapping for unique names."""
    names = [params.name(index) for index in range(1, params.count + 1)]
    if all(name is None or name[0] == "?" for name in names):
        return values
    stripped = [name[1:] for name in names if name is not None and name[0] != "?"]
    if len(stripped) == len(names) and len(set(stripped)) == len(stripped):
        return dict(zip(stripped, values))
    return values


def start_request():
    """A new request on this thread: its results share :data:`MAX_TOTAL_RESPONSE_SIZE` and its statements
    :data:`REQUEST_TIMEOUT_S`."""
    _budget.left = MAX_TOTAL_RESPONSE_SIZE
    _budget.deadline = time.monotonic() + REQUEST_TIMEOUT_S


def _past_deadline():
    deadline = getattr(_budget, "deadline", None)
    return deadline is not None and time.monotonic() > deadline


def _value_size(value):
    """About what the value takes in the JSON answer (sqld's ``value_json_size`` estimates alike)."""
    if value is None:
        return 16
    if isinstance(value, (int, float)):
        return 40
    if isinstance(value, str):
        return len(value) + 32
    return len(value) * 4 // 3 + 32


def _fetch(cursor, names):
    """Every row of ``cursor``, stopping with RESPONSE_TOO_LARGE once past the bounds."""
    size = sum(len(name) + 32 for name in names)
    left = getattr(_budget, "left", None)
    rows = []
    while True:
        chunk = cursor.fetchmany(FETCH_ROWS)
        if not chunk:
            break
        size += sum(_value_size(value) for row in chunk for value in row)
        if size > MAX_RESPONSE_SIZE or (left is not None and size > left):
            raise StmtError("RESPONSE_TOO_LARGE", "Response is too large")
        rows.extend(chunk)
    if left is not None:
        _budget.left = left - size
    return rows


def run(conn, query):
    """The StmtResult of ``query``; raises :class:`StmtError`."""
    params = hrana_sql.Parameters(query.statement)
    sql = query.statement.text
    try:
        values = bind(query, params)
    except ArgsInvalid as exc:
        error = prepare_error(conn, sql)  # sqld prepares before binding: its errors come first
        if error is not None:
            raise sqlite_error(error) from exc
        raise StmtError("ARGS_INVALID", "Arguments do not match SQL parameters: %s" % exc) from exc
    if _past_deadline():
        raise StmtError("SQLITE_INTERRUPT", "SQLite error: interrupted")
    conn.set_progress_handler(_past_deadline, PROGRESS_STEPS)
    cursor = conn.cursor()
    try:
        counters = _counters(conn)
        started = time.perf_counter()
        with warnings.catch_warnings():
            # mixed ?/named placeholders bound as a sequence, as SQLite numbers them
            warnings.simplefilter("ignore", DeprecationWarning)
            cursor.execute(sql, _python_parameters(params, values))
        description = cursor.description or ()
        rows = _fetch(cursor, [column[0] for column in description])
        duration_ms = (time.perf_counter() - started) * 1000.0
        changes, rowid = 0, None
        if query.is_iud:
            changes, rowid = conn.execute("SELECT changes(), last_insert_rowid()").fetchone()
        after = _counters(conn)
    except sqlite3.Error as exc:
        raise sqlite_error(exc) from exc
    finally:
        cursor.close()
    written = 0
    if counters is not None and after is not None:
        written = (after[0] - counters[0]) + (1 if after[1] != counters[1] else 0)
    names = [column[0] for column in description]
    types = decltypes(conn, query.statement, names) if names else []
    return {
        "cols": [{"name": name, "decltype": decltype} for name, decltype in zip(names, types)],
        "rows": [[encode_value(value) for value in row] for row in rows],
        "affected_row_count": changes,
        "last_insert_rowid": str(rowid) if query.is_insert else None,
        "replication_index": None,
        "rows_read": len(rows) + written,
        "rows_written": written,
        "query_duration_ms": round(duration_ms, 3),
    }


def _counters(conn):
    """``(total_changes, schema_version)`` of ``conn``, or None when they cannot be read (a closed schema)."""
    try:
        cursor = conn.execute("SELECT total_changes(), schema_version FROM pragma_schema_version")
    except sqlite3.Error:
        return None
    try:
        return cursor.fetchall()[0]  # read to the end, so no statement stays pending
    finally:
        cursor.close()


def _table_columns(conn, schema, table):
    """``([(name, decltype)], is_table)`` of a main-schema table or view as ``SELECT *`` lists
    them; ``(None, False)`` for anything else."""
    if table is None or (schema is not None and schema.lower() != "main"):
        return None, False
    row = conn.execute(
        "SELECT type FROM main.sqlite_master WHERE type IN ('table', 'view') AND name = ? COLLATE NOCASE", (table,)
    ).fetchone()
    if row is None:
        return None, False
    is_table = row[0] == "table"  # a view column's declared type is not what table_xinfo reports
    columns = conn.execute("SELECT name, type, hidden FROM pragma_table_xinfo(?, 'main')", (table,)).fetchall()
    return [(name, decl or None if is_table else None) for name, decl, hidden in columns if hidden != 1], is_table


def _lookup(sources, qualifier, name):
    chosen = [s for s in sources if qualifier is None or s[0] == qualifier.lower()]
    matches = []
    for unused_key, columns, is_table in chosen:
        if columns is None:
            if qualifier is None:
                return None
            continue
        matches.extend(decl for column, decl in columns if column.lower() == name.lower())
        if not matches and is_table and len(chosen) == 1 and name.lower() in ROWID_NAMES:
            matches.append("INTEGER")
    return matches[0] if len(matches) == 1 else None


def decltypes(conn, statement, names):
    """The declared type of each result column where it is a plain table column, else None."""
    unknown = [None] * len(names)
    analysis = hrana_sql.simple_select(statement)
    if analysis is None:
        return unknown
    items, found, uses_using = analysis
    sources = []
    for schema, table, alias in found:
        columns, is_table = _table_columns(conn, schema, table)
        sources.append(((alias or table or "").lower(), columns, is_table))
    types = []
    for item in items:
        if item[0] == "star":
            chosen = [s for s in sources if item[1] is None or s[0] == item[1].lower()]
            if uses_using or not chosen or any(s[1] is None for s in chosen):
                return unknown
            types.extend(column[1] for s in chosen for column in s[1])
        elif item[0] == "column":
            types.append(_lookup(sources, item[1], item[2]))
        else:
            types.append(None)
    return types if len(types) == len(names) else unknown


def eval_cond(cond, outcomes, conn=None):
    """A batch condition over the outcomes so far (True = ran and succeeded); sqld's ``eval_cond``."""
    tag = cond[0]
    if tag == "is_autocommit":  # hrana3: outside an explicit transaction
        return not conn.in_transaction
    if tag == "ok":
        return outcomes[cond[1]]
    if tag == "error":  # sqld: "not ok", so also true for a skipped step
        return not outcomes[cond[1]]
    if tag == "not":
        return not eval_cond(cond[1], outcomes, conn)
    results = [eval_cond(c, outcomes, conn) for c in cond[1]]
    return all(results) if tag == "and" else any(results)


def run_batch(conn, program):
    """BatchResult of ``[(query, condition), ...]``: later steps run or skip by their conditions."""
    outcomes, step_results, step_errors = [], [], []
    for query, condition in program:
        enabled = condition is None or eval_cond(condition, outcomes, conn)
        result = error = None
        if enabled:
            try:
                result = run(conn, query)
            except StmtError as exc:
                error, enabled = exc.as_dict(), False
        outcomes.append(enabled)
        step_results.append(result)
        step_errors.append(error)
    return {"step_results": step_results, "step_errors": step_errors, "replication_index": None}


def _result_names(conn, sql):
    """Column names of a statement that only reads, learnt by running it with NULL arguments."""
    params = hrana_sql.Parameters(hrana_sql.split(sql)[0])
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            cursor = conn.execute(sql, _python_parameters(params, [None] * params.count))
        names = [column[0] for column in cursor.description or ()]
        cursor.close()
    except sqlite3.Error as exc:
        raise sqlite_error(exc) from exc
    return names


def describe(conn, sql):
    """DescribeResult of one statement: parameters, result columns, explain and read-only flags.

    sqld only prepares the statement; ``sqlite3`` cannot, so the result columns of a read are
    learnt by running it with NULL arguments, and those of a write's RETURNING clause from the
    equivalent ``SELECT ... FROM <target> LIMIT 0``: a write never runs.
    """
    statements = hrana_sql.split(sql)
    if not statements:
        raise StmtError("SQL_NO_STATEMENT", "SQL string does not contain any statement")
    if len(statements) > 1:
        raise StmtError("SQL_MANY_STATEMENTS", "SQL string contains more than one statement")
    statement = statements[0]
    error = prepare_error(conn, statement.text)
    if error is not None:
        raise sqlite_error(error)
    params = hrana_sql.Parameters(statement)
    kind = hrana_sql.classify(statement)[0]
    is_pragma = statement.tokens[0].text.upper() == "PRAGMA"
    # a PRAGMA reads when sqld calls it a read, or when it has no argument and sqld accepts it
    pragma_reads = is_pragma and (
        kind == hrana_sql.READ or (kind is not None and not hrana_sql.pragma_has_body(statement.tokens[1:]))
    )
    returning = hrana_sql.returning_select(statement)
    names = []
    if statement.is_explain or pragma_reads or (kind == hrana_sql.READ and not is_pragma):
        names = _result_names(conn, statement.text)
    elif returning is not None:
        names = _result_names(conn, returning)
    types = decltypes(conn, statement, names) if names else []
    return {
        "params": [{"name": params.name(index)} for index in range(1, params.count + 1)],
        "cols": [{"name": name, "decltype": decltype} for name, decltype in zip(names, types)],
        "is_explain": statement.is_explain,
        "is_readonly": statement.is_explain or pragma_reads or (kind in hrana_sql.READ_KINDS and not is_pragma),
    }
