#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from __future__ import annotations

DOCUMENTATION = r"""
module: database_query
short_description: Run SQL statements on an edge database, all-or-nothing, in one request
version_added: 1.0.0
description:
  - Runs one or more SQL statements on an edge SQL database (libSQL) over its HTTP pipeline endpoint
    (Hrana over HTTP v2) and returns each statement's columns and typed rows.
  - Sends exactly one HTTP request per task, whatever the number of statements. Only when the database refuses
    the batch as a whole does a second request, which runs none of the statements, find the one it refused.
  - With O(transaction=true) (the default) the statements are all-or-nothing; with O(transaction=false) they run
    in order and the first failure stops the rest, while earlier statements stay applied.
  - Reports C(changed) exactly when the database changed, that is when a statement affected rows, the schema moved
    or the user version moved (the schema version, user version and change counter are read before and after,
    inside the same request). C(REINDEX), which rewrites indexes without moving any of these, always reports a change.
    Statements that only read (C(SELECT), C(VALUES), C(EXPLAIN)) never report a change, and a re-run of
    C(CREATE TABLE IF NOT EXISTS), C(INSERT ... ON CONFLICT DO NOTHING) or C(PRAGMA user_version = 3) reports
    no change. PRAGMAs that only set this connection (C(foreign_keys)) or only check (C(integrity_check)) change
    nothing stored and report no change.
  - libSQL's server refuses some statements for the whole batch, before running anything. They are C(VACUUM),
    C(ANALYZE), C(TEMP) tables, views and triggers, most PRAGMAs given a value (C(journal_mode), C(application_id)),
    an empty statement, several statements in one O(sql) and SQL it cannot parse. The task then fails naming the
    statement, and nothing was applied.
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
  max_rows:
    description:
      - The most rows the statements may return together. An answer with more fails the task, saying
        what the statements did (the answer came back whole, so that is known), and returns no rows.
      - Raise it to return more; every row is held in memory on the host that runs the task, and again
        in the task's result.
      - From V(0) (the statements may return no row) to V(2147483647); a value outside fails before anything is sent.
    type: int
    default: 100000
    version_added: 1.0.0
  max_response_bytes:
    description:
      - The largest answer, in bytes, the module reads from the database. Reading stops as soon as an answer
        exceeds it (or announces more), so a huge result fails clearly instead of exhausting the host's memory.
      - When the statements may write, the task then fails saying they MAY HAVE BEEN APPLIED (the answer that
        would tell was not read); when they only read, or in check mode, nothing was applied.
      - The default, 67108864 (64 MiB), holds about 600,000 rows of three short columns. The rows are decoded while
        the answer is read and never copied, so the task's peak memory is about the size of the rows it returns
        (for short columns some three times the answer's size).
      - From V(1) to V(1099511627776) (1 TiB); a value outside fails before anything is sent.
    type: int
    default: 67108864
    version_added: 1.0.0
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
      - A statement that needs a table, column, index, view or trigger that does not exist (created by an earlier task
        that check mode only predicted) does not fail in check mode. The task reports the change a real run would make
        (none when it only reads), with a warning naming what is missing; RV(results) holds the statements before it.
      - On the in-process path (the task runs on the controller) that holds only for what an earlier task of the run
        predicted creating, as its statement's text shows (C(CREATE TABLE|VIEW|INDEX|TRIGGER [IF NOT EXISTS] name),
        C(ALTER TABLE ... ADD [COLUMN] name)); any other missing object (a misspelled table) fails as in a real run.
        The module path, which cannot see earlier tasks, reports every missing object so.
  diff_mode:
    support: none
    details:
      - SQL statements have no before and after state to compare; RV(results) shows what ran.
notes:
  - A request that may write is never sent twice. When it may have reached the database and no answer came back
    (no answer within O(timeout), a connection closed after sending, a 5xx answer, a success status whose body is
    not the database's answer, such as a proxy's HTML page), the task fails saying the
    statements MAY HAVE BEEN APPLIED; check the database before running it again. With O(transaction=true) the
    statements then took effect completely or not at all. Requests made only of reads, and every check-mode
    request, are retried like any read.
  - The schema and user versions are read with C(SELECT ... FROM pragma_schema_version, pragma_user_version),
    which a read-only token may run; libSQL's server classifies the statement C(PRAGMA schema_version) as a write,
    so a read-only token could not run that.
  - Every answer is bounded by O(max_response_bytes) and O(max_rows); the failure names the option to raise.
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
- name: Set the database connection once for every task of the block
  module_defaults:
    group/edge.platform.database:
      database_url: libsql://my-db.lite.bunnydb.net
      auth_token: "{{ vault_database_token }}"
  block:
    - name: Create a table (changed only the first time)
      edge.platform.database_query:
        sql: CREATE TABLE IF NOT EXISTS visits (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, hits INTEGER NOT NULL)

    - name: Insert two rows unless they exist (path is UNIQUE, so a second run inserts nothing), all or nothing
      edge.platform.database_query:
        statements:
          - sql: INSERT INTO visits (path, hits) VALUES (?, ?) ON CONFLICT (path) DO NOTHING
            args: [/home, 1]
          - sql: INSERT INTO visits (path, hits) VALUES (:path, :hits) ON CONFLICT (path) DO NOTHING
            named_args: {path: /about, hits: 0}

    - name: Bump a counter (changed on every run, as a counter should be)
      edge.platform.database_query:
        sql: UPDATE visits SET hits = hits + 1 WHERE path = ?
        args: [/home]

    - name: Read rows back as dictionaries
      edge.platform.database_query:
        sql: SELECT path, hits FROM visits WHERE hits >= ?
        args: [1]
      register: busy

    - name: Show the busiest paths
      ansible.builtin.debug:
        msg: "{{ busy.results[0].rows | map(attribute='path') | list }}"

    - name: Store binary data (changed only when the stored bytes differ)
      edge.platform.database_query:
        statements:
          - CREATE TABLE IF NOT EXISTS files (name TEXT PRIMARY KEY, body BLOB NOT NULL)
          - sql: >-
              INSERT INTO files (name, body) VALUES (?, ?)
              ON CONFLICT (name) DO UPDATE SET body = excluded.body WHERE body IS NOT excluded.body
            args:
              - logo.png
              - blob: iVBORw0KGgo=

    - name: Record the schema version the application expects (changed only when it moves)
      edge.platform.database_query:
        sql: PRAGMA user_version = 2

    - name: Run statements one by one; earlier ones stay applied when a later one fails
      edge.platform.database_query:
        transaction: false
        statements:
          - CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)
          - DELETE FROM sessions WHERE expires_at < CAST(strftime('%s', 'now') AS INTEGER)
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
    rows_read:
      description:
        - Rows the database read to run the statement, as libSQL's server counts them.
        - Returned when the database reports it (libSQL's server does; other servers may not).
      type: int
      sample: 3
    rows_written:
      description:
        - Rows (and index entries) the database wrote to run the statement, as libSQL's server counts them.
        - Returned when the database reports it.
      type: int
      sample: 1
    query_duration_ms:
      description:
        - How long the database took to run the statement, in milliseconds.
        - Returned when the database reports it.
      type: float
      sample: 0.214
failed_statement:
  description:
    - Index in O(statements) (0 for O(sql)) of the statement that failed, or that the database refused
      for the whole batch.
  returned: when a statement failed or was refused
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

from ansible_collections.edge.platform.plugins.module_utils._api import hrana
from ansible_collections.edge.platform.plugins.module_utils._database import sql_plan
from ansible_collections.edge.platform.plugins.module_utils._database.connection import hidden_tokens
from ansible_collections.edge.platform.plugins.module_utils._engine.client import DEFAULT_MAX_RESPONSE_BYTES
from ansible_collections.edge.platform.plugins.module_utils._hosts.database_connection import (
    database_argument_spec,
    database_connection,
)
from ansible_collections.edge.platform.plugins.module_utils._hosts.module import ModuleDef

MAX_ROWS_LIMIT = 2**31 - 1
MAX_RESPONSE_BYTES_LIMIT = 2**40  # 1 TiB


def run(ctx):
    """Plan the batch, send it once, and report what the database says happened."""
    plan = sql_plan.read_plan(ctx.params, ctx.check_mode)
    answer = hrana.run_batch(ctx.client, plan)
    verdict = plan.verdict(
        answer.outcomes,
        answer.refusal,
        ctx.params["max_rows"],
        lambda requests: hrana.find_refused(ctx.client, requests),
    )
    if verdict.msg is None:
        if verdict.changed:  # under --check (rolled back): later tasks of the run may stand in for them
            for note in sql_plan.created_objects(plan.statement_list):
                ctx.note_predicted(*note)
        # not a reconciled object: the plan's verdict (data, schema or user version moved) is the change
        ctx.exit(changed=verdict.changed, results=verdict.results)
    if verdict.error is None:  # more rows than max_rows: the answer came back whole, and none is returned
        ctx.fail(verdict.msg, **verdict.failure())
    # check mode: a table an earlier task only predicted is not there
    missing = sql_plan.missing_object(verdict)
    if missing and ctx.predicted_dependency(
        missing, changed=not plan.reads_only, needs=[sql_plan.missing_need(verdict)]
    ):
        ctx.exit(results=verdict.results)
    # the engine's funnel (scrubbed msg and api_error), with what ran and whether it stays applied
    ctx.fail_from(answer.error(verdict.error, field=verdict.field), msg=verdict.msg, **verdict.failure())


MODULE = ModuleDef(
    argument_spec=dict(
        database_argument_spec(),
        statements=dict(type="list", elements="raw"),
        sql=dict(type="str"),
        args=dict(type="list", elements="raw"),
        named_args=dict(type="dict"),
        transaction=dict(type="bool", default=True),
        max_rows=dict(type="int", default=sql_plan.MAX_ROWS_DEFAULT),
        max_response_bytes=dict(type="int", default=DEFAULT_MAX_RESPONSE_BYTES),
    ),
    run=run,
    connection=database_connection,
    hidden_secrets=hidden_tokens,
    # local limits of this host's memory, not the platform's: the widest that still means a limit
    bounds={"max_rows": (0, MAX_ROWS_LIMIT), "max_response_bytes": (1, MAX_RESPONSE_BYTES_LIMIT)},
)


def main():
    MODULE.run_as_module()


if __name__ == "__main__":
    main()
