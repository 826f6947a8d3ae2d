#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: database_query
short_description: Run SQL statements on an edge database, all-or-nothing, in one request
version_added: 0.1.0
description:
  - Runs one or more SQL statements on an edge SQL database (libSQL) over its HTTP pipeline endpoint
    (Hrana over HTTP v2) and returns each statement's columns and typed rows.
  - Sends exactly one HTTP request per task, whatever the number of statements.
  - With O(transaction=true) (the default) the statements are all-or-nothing; with O(transaction=false) they run
    in order and the first failure stops the rest, while earlier statements stay applied.
  - Reports C(changed) exactly when the database changed, that is when a statement affected rows or the schema
    moved (the schema version is read before and after, inside the same request). Statements that only read
    (C(SELECT), C(VALUES), C(EXPLAIN)) never report a change, so C(CREATE TABLE IF NOT EXISTS) or an
    C(INSERT ... ON CONFLICT DO NOTHING) re-run reports no change.
  - Values map both ways. Integers are exact over the full signed 64-bit range, floats, strings and null keep
    their type, and booleans become the integers V(1) and V(0).
  - "Binary data is written and returned as a dictionary with one key: C({blob: <base64>})."
options:
  statements:
    description:
      - The statements to run, in order. Each is a SQL string, or a dictionary with C(sql) and either C(args)
        (positional values for C(?) or C(?NNN) parameters) or C(named_args) (values for C(:name), C(@name) or
        C($name) parameters, keyed by the name with or without its prefix).
      - Each string holds one statement.
      - Mutually exclusive with O(sql).
      - With O(transaction=true) or in check mode the module wraps the statements in its own transaction,
        so they must not contain C(BEGIN), C(COMMIT), C(END) or C(ROLLBACK). C(SAVEPOINT), C(RELEASE) and
        C(ROLLBACK TO) are fine.
    type: list
    elements: raw
  sql:
    description:
      - A single statement to run; the short form of O(statements) with one entry.
      - Mutually exclusive with O(statements).
    type: str
  args:
    description:
      - Positional values for the parameters of O(sql).
      - Only with O(sql); mutually exclusive with O(named_args).
    type: list
    elements: raw
  named_args:
    description:
      - Named values for the parameters of O(sql).
      - Only with O(sql); mutually exclusive with O(args).
    type: dict
  transaction:
    description:
      - V(true) runs all statements in one transaction that is committed only when every statement succeeded,
        so a failure applies nothing.
      - V(false) runs each statement on its own, in order, and stops at the first failure; the statements
        before it stay applied and the failure names the ones that ran.
    type: bool
    default: true
extends_documentation_fragment:
  - edge.platform.database
  - edge.platform.transport
  - edge.platform.attributes
  - edge.platform.attributes.action_group_database
attributes:
  check_mode:
    support: partial
    details:
      - In check mode the statements really run on the database, inside a transaction that is always rolled back,
        so C(changed), RV(results) and every error are what a real run would produce and nothing is kept.
      - It is partial because the database still executes the statements. They take the write lock while they run,
        and a read-only token gets the same refusal as in a real run.
  diff_mode:
    support: none
    details:
      - SQL statements have no before and after state to compare; RV(results) shows what ran.
notes:
  - A request that may write is never sent twice. When the connection fails after the request may have reached
    the database, the task fails and says so; with O(transaction=true) the statements then took effect completely
    or not at all. Requests made only of reads, and every check-mode request, are retried like any read.
  - The schema version is read with C(SELECT ... FROM pragma_schema_version), which a read-only token may run.
    libSQL's server classifies the statement C(PRAGMA schema_version) as a write, so a read-only token could not run it.
  - Set O(database_url) and O(auth_token) once with C(module_defaults) for C(group/edge.platform.database); the
    management API options belong to C(group/edge.platform.management), so one play can set both.
seealso:
  - name: Hrana over HTTP
    description: The libSQL pipeline protocol the module speaks.
    link: https://github.com/tursodatabase/libsql/blob/main/docs/HTTP_V2_SPEC.md
author:
  - edge.platform maintainers (@edge-platform)
"""

EXAMPLES = r"""
- name: Create a table (changed only the first time)
  edge.platform.database_query:
    database_url: libsql://my-db.lite.bunnydb.net
    auth_token: "{{ vault_database_token }}"
    sql: CREATE TABLE IF NOT EXISTS visits (id INTEGER PRIMARY KEY, path TEXT NOT NULL, hits INTEGER NOT NULL)

- name: Set the database credentials once for every database task
  module_defaults:
    group/edge.platform.database:
      database_url: libsql://my-db.lite.bunnydb.net
      auth_token: "{{ vault_database_token }}"
  block:
    - name: Insert two rows and bump a counter, all or nothing
      edge.platform.database_query:
        statements:
          - sql: INSERT INTO visits (path, hits) VALUES (?, ?) ON CONFLICT DO NOTHING
            args: [/home, 0]
          - sql: INSERT INTO visits (path, hits) VALUES (:path, :hits) ON CONFLICT DO NOTHING
            named_args: {path: /about, hits: 0}
          - UPDATE visits SET hits = hits + 1 WHERE path = '/home'

    - name: Read rows back as dictionaries
      edge.platform.database_query:
        sql: SELECT path, hits FROM visits WHERE hits >= ?
        args: [1]
      register: busy

    - name: Show the busiest paths
      ansible.builtin.debug:
        msg: "{{ busy.results[0].rows | map(attribute='path') | list }}"

    - name: Store binary data
      edge.platform.database_query:
        sql: INSERT INTO files (name, body) VALUES (?, ?)
        args:
          - logo.png
          - blob: "{{ lookup('ansible.builtin.file', 'logo.png.b64') }}"

- name: Run statements one by one; earlier ones stay applied when a later one fails
  edge.platform.database_query:
    transaction: false
    statements:
      - DELETE FROM sessions WHERE expires_at < unixepoch()
      - VACUUM
"""

RETURN = r"""
results:
  description:
    - One entry per statement, in order. On failure, the statements that ran before the failing one
      (their effects were rolled back when O(transaction=true) or in check mode).
  returned: always
  type: list
  elements: dict
  contains:
    columns:
      description:
        - Column names, in the order the statement returned them (empty for statements that return no rows).
        - A repeated name gets a suffix (C(id), C(id_2)) so every key of a row is unique.
      type: list
      elements: str
      sample: [id, path, hits]
    rows:
      description:
        - The rows, each a dictionary keyed by column name.
        - "Integers, floats, strings and null keep their type; binary data is C({blob: <base64>})."
      type: list
      elements: dict
      sample: [{id: 1, path: /home, hits: 3}]
    affected_row_count:
      description: Rows inserted, updated or deleted by the statement (0 for other statements).
      type: int
      sample: 1
    last_insert_rowid:
      description: The rowid of the row an C(INSERT) statement inserted last; null for other statements.
      type: int
      sample: 42
failed_statement:
  description: Index in O(statements) (0 for O(sql)) of the statement that failed.
  returned: when a statement failed
  type: int
  sample: 2
api_error:
  description:
    - The database's error, when the task failed on its answer.
    - For a failed statement, RV(api_error.error_key) is the database's error code (such as C(SQLITE_CONSTRAINT))
      and RV(api_error.field) names the statement.
  returned: failure
  type: dict
  contains:
    status:
      description: HTTP status, or null when the database could not be reached.
      type: int
      sample: 200
    error_key:
      description: The database's error code, when it sent one.
      type: str
      sample: SQLITE_CONSTRAINT
    field:
      description: The statement that failed, as C(statements[N]) or C(sql).
      type: str
      sample: statements[2]
    message:
      description: The database's message, when it sent one.
      type: str
      sample: "SQLite error: UNIQUE constraint failed: visits.path"
"""

import base64
import re

from ansible_collections.edge.platform.plugins.module_utils import _hrana as hrana
from ansible_collections.edge.platform.plugins.module_utils._database import (
    database_argument_spec, database_connection, hidden_tokens)
from ansible_collections.edge.platform.plugins.module_utils._errors import ApiError
from ansible_collections.edge.platform.plugins.module_utils._module import EdgeModule

# A SELECT on the pragma's table-valued function: sqld lets read-only tokens run SELECTs, while it
# classifies the statement PRAGMA schema_version as a write. total_changes() also counts trigger writes.
PROBE_SQL = "SELECT schema_version, total_changes() AS total_changes FROM pragma_schema_version"
READ_KEYWORDS = frozenset(("SELECT", "VALUES", "EXPLAIN"))
TRANSACTION_KEYWORDS = frozenset(("BEGIN", "COMMIT", "END", "ROLLBACK"))
LEADING_NOISE = re.compile(r"(?:\s+|--[^\n]*(?:\n|\Z)|/\*.*?\*/)*", re.S)
FIRST_WORD = re.compile(r"[A-Za-z]+")
ROLLBACK_TO = re.compile(r"ROLLBACK(?:\s+TRANSACTION)?\s+TO\b", re.I)
SQL_SHOWN = 80

HINTS = {
    400: "The database refused the request as malformed: check the statements' SQL and arguments.",
    401: ("The database rejected auth_token: the token is invalid or was revoked (regenerating or invalidating "
          "a database's tokens revokes every token issued before). Create a new token and set auth_token "
          "or SERVICE_DATABASE_AUTH_TOKEN."),
    403: ("auth_token is a read-only token, which may only read; statements that write or change the schema "
          "need a full-access token."),
    404: "Nothing answers at database_url: copy the database URL from the database's connection settings.",
}

# Advice for the in-band errors a user can fix in the task itself.
CODE_HINTS = {
    "SQL_MANY_STATEMENTS": "Give each statement its own entry in statements.",
    "SQL_NO_STATEMENT": "The SQL text holds no statement.",
    "ARGS_INVALID": "Give exactly one value per parameter of the statement in args or named_args.",
}


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
        return self.keyword in TRANSACTION_KEYWORDS and not ROLLBACK_TO.match(self.sql[LEADING_NOISE.match(self.sql).end():])

    @property
    def shown(self):
        text = " ".join(self.sql.split())
        return text if len(text) <= SQL_SHOWN else text[:SQL_SHOWN - 3] + "..."


def first_keyword(sql):
    rest = sql[LEADING_NOISE.match(sql).end():]
    match = FIRST_WORD.match(rest)
    return match.group(0).upper() if match else ""


class InputError(ValueError):
    pass


def read_statements(params):
    """The statements to run from ``statements`` or ``sql``/``args``/``named_args``; raises InputError."""
    if params["statements"] is not None and params["sql"] is not None:
        raise InputError("statements and sql are mutually exclusive: use sql for one statement, statements for several.")
    if params["statements"] is None:
        if params["sql"] is None:
            raise InputError("Give the SQL to run in sql (one statement) or statements (a list).")
        return [make_statement("sql", params["sql"], params["args"], params["named_args"])]
    for name in ("args", "named_args"):
        if params[name] is not None:
            raise InputError("%s goes with sql; with statements give each entry its own %s, for example "
                             "statements: [{sql: 'INSERT INTO t VALUES (?)', %s: ...}]." % (name, name, name))
    if not params["statements"]:
        raise InputError("statements is empty; give at least one SQL statement.")
    found = []
    for index, entry in enumerate(params["statements"]):
        where = "statements[%d]" % index
        if isinstance(entry, str):
            found.append(make_statement(where, entry, None, None))
            continue
        if not isinstance(entry, dict):
            raise InputError("%s must be a SQL string or a dictionary with sql, args and named_args; got %s."
                             % (where, type(entry).__name__))
        unknown = sorted(set(entry) - {"sql", "args", "named_args"})
        if unknown:
            raise InputError("%s has the unknown key(s) %s; the keys are sql, args and named_args."
                             % (where, ", ".join(unknown)))
        args, named = entry.get("args"), entry.get("named_args")
        if args is not None and not isinstance(args, list):
            raise InputError("%s.args must be a list of values; got %s." % (where, type(args).__name__))
        if named is not None and not isinstance(named, dict):
            raise InputError("%s.named_args must be a dictionary of name: value; got %s."
                             % (where, type(named).__name__))
        found.append(make_statement(where, entry.get("sql"), args, named))
    return found


def make_statement(where, sql, args, named_args):
    if not isinstance(sql, str) or not sql.strip():
        raise InputError("%s needs the SQL text of one statement%s." % (
            where, "" if where == "sql" else " in its sql key"))
    if args and named_args:
        raise InputError("%s has both args and named_args; the database binds one or the other, so give one."
                         % where)
    try:
        return Statement(where, sql, args, named_args)
    except hrana.HranaValueError as exc:
        raise InputError(str(exc))


class Plan(object):
    """The batch that runs the statements, and where each part of it sits.

    Shape (steps chained with ``ok`` conditions so the first failure stops the rest):
    ``[BEGIN] probe statements... probe [COMMIT ROLLBACK | ROLLBACK]``. BEGIN wraps a transaction
    or a check-mode run; check mode always ends in ROLLBACK; a transaction rolls back unless its
    COMMIT succeeded. The probes read the schema version and change counter before and after.
    """

    def __init__(self, statements, transaction, check_mode):
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


def shape_result(result):
    """A result entry: ``columns``, ``rows`` as dicts, counters."""
    columns = unique_names(result.columns)
    rows = [dict(zip(columns, [shape_value(v) for v in row])) for row in result.rows]
    return {"columns": columns, "rows": rows, "affected_row_count": result.affected_row_count,
            "last_insert_rowid": result.last_insert_rowid}


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
    if failure is not None or result is None or len(result.rows) != 1 or len(result.rows[0]) != 2:
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
            statements[0].where, statements[index - 1].where)
    if index + 1 < len(statements):
        text += "; %s and later did not run" % statements[index + 1].where
    return text + "."


def run(edge):
    statements, problem = [], None
    try:
        statements = read_statements(edge.params)
    except InputError as exc:
        problem = str(exc)
    if problem:
        edge.fail(problem)
    transaction, check_mode = edge.params["transaction"], edge.check_mode
    if transaction or check_mode:
        for statement in statements:
            if statement.controls_transaction:
                edge.fail("%s is a %s statement, but the module runs the statements in its own transaction%s; "
                          "remove it%s." % (statement.where, statement.keyword,
                                            " (in check mode one that is always rolled back)" if check_mode else "",
                                            "" if check_mode else ", or set transaction: false"))
    plan = Plan(statements, transaction, check_mode)
    requests = [hrana.batch(plan.steps), hrana.close()]
    reads_only = all(s.reads_only for s in statements)
    operation = "Running %s on the database at %s" % (
        "SQL" if len(statements) == 1 else "%d SQL statements" % len(statements), edge.client.base_url)
    try:
        reply = edge.client.request("POST", hrana.PIPELINE_PATH, operation, json_body=hrana.pipeline(requests),
                                    replay_safe=reads_only or check_mode, check_envelope=False, hints=HINTS,
                                    changes_state=not (reads_only or check_mode))
    except ApiError as error:
        raise clarify_transport(error, transaction and not check_mode)
    try:
        batch = hrana.decode_pipeline(reply.data, requests)[0]
        if isinstance(batch, hrana.HranaError):
            edge.fail("The database refused the batch with %s: %s." % (batch.code, batch.message.rstrip(".")),
                      api_error=dict(status=reply.status, error_key=batch.code, field=None, message=batch.message),
                      results=[], changed=False)
        outcomes = hrana.decode_batch_result(batch.get("result"), len(plan.steps))
    except hrana.HranaProtocolError as exc:
        raise ApiError(operation, reply.status, "the answer is not Hrana over HTTP v2 (%s)" % exc,
                       hint="Check that database_url is the database URL of an edge database.")
    report(edge, statements, plan, outcomes, reads_only, reply.status)


def clarify_transport(error, transaction):
    """Database wording for a write whose answer was lost (the client already names database_url)."""
    if error.status is None and transaction and error.hint and "not sent again" in error.hint:
        error.hint += " The statements ran in one transaction, so they took effect completely or not at all."
    return error


def report(edge, statements, plan, outcomes, reads_only, status):
    transaction, check_mode = edge.params["transaction"], edge.check_mode
    for name, index in (("BEGIN", plan.begin), ("Reading the schema version", plan.before)):
        if index is not None and outcomes[index][1] is not None:
            failure = outcomes[index][1]
            edge.fail(describe_failure(name, None, failure) + " No statement ran.",
                      api_error=dict(status=status, error_key=failure.code, field=None, message=failure.message),
                      results=[], changed=False)
    results, failed = [], None
    for position, step_index in enumerate(plan.statements):
        result, failure = outcomes[step_index]
        if failure is not None:
            failed = (position, failure)
            break
        if result is None:
            break
        results.append(shape_result(result))
    before, after = probe_values(outcomes[plan.before]), probe_values(outcomes[plan.after])
    moved = before is None or after is None or before != after
    affected = any(r["affected_row_count"] for r, s in zip(results, statements) if not s.reads_only)
    changed = not reads_only and (moved or affected)
    if failed is not None:
        position, failure = failed
        statement = statements[position]
        # what a real run would leave behind: with a transaction, nothing
        applied = False if transaction else changed
        edge.fail(describe_failure(statement.where, statement, failure) + " "
                  + aftermath(statements, position, transaction, check_mode),
                  api_error=dict(status=status, error_key=failure.code, field=statement.where, message=failure.message),
                  failed_statement=position, results=results, changed=applied)
    if plan.commit is not None and outcomes[plan.commit][1] is not None:
        failure = outcomes[plan.commit][1]
        edge.fail(describe_failure("COMMIT", None, failure) + " The transaction was rolled back: nothing was applied.",
                  api_error=dict(status=status, error_key=failure.code, field=None, message=failure.message),
                  results=results, changed=False)
    edge.exit(changed=bool(changed), results=results)


def main():
    spec = database_argument_spec()
    spec.update(
        statements=dict(type="list", elements="raw"),
        sql=dict(type="str"),
        args=dict(type="list", elements="raw"),
        named_args=dict(type="dict"),
        transaction=dict(type="bool", default=True),
    )
    edge = EdgeModule(spec, connection=database_connection, hidden_secrets=hidden_tokens)
    edge.run(run)


if __name__ == "__main__":
    main()
