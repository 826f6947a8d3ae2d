"""Hrana over HTTP (``POST <database>/v2/pipeline``, ``/v3/pipeline``, ``/v3/cursor``) and HTTP API v1
(``/v1/execute``, ``/v1/batch``): streams, batons and the request loop; ws.py serves WebSocket sessions on it.

A stream is one ``sqlite3`` connection (``isolation_level=None``: the client drives transactions)
plus its stored SQL texts. Batons are sqld's: unpadded standard base64 of stream id + sequence
number (8 bytes each, big-endian) + HMAC-SHA256 of those 16 bytes under a per-process key; each
baton works once. A stream idle for ``idle_expiry_s`` (sqld: 10 s) is closed, rolling back any open
transaction, and remembered for 300 s so its baton gets STREAM_EXPIRED rather than "invalid".

Failures of the whole HTTP request follow sqld (docs/platform-notes.md, "Database SQL over HTTP (Hrana)
failures"): 400 text/plain for protocol
errors, 400 JSON for an expired stream, 403 JSON when a read-only token would write. The requests
before the failing one keep their effects; the stream is dropped.
"""

import base64
import binascii
import hashlib
import hmac
import json
import os
import struct
import threading
import time

from ..messages import Response
from . import execute as hrana_exec
from . import sql as hrana_sql
from .execute import StmtError
from .proto import DecodeError, decode_cursor, decode_pipeline, decode_v1

EXPIRED_MEMORY_S = 300.0
# Each open stream holds a SQLite connection (file descriptors): past this many, the least recently
# used stream is expired early, so clients that never send "close" cannot exhaust the process.
MAX_OPEN_STREAMS = 256
MAX_STORED_SQL = 50
MAX_STORED_SQL_BYTES = 5000
V3_ONLY = "%s is only supported in protocol version hrana3 and higher"
V2_ONLY = "%s is only supported in protocol version hrana2 and higher"
# /v1/execute: the HTTP status of each in-band error code (sqld's hrana_over_http_1.rs response_error_response)
V1_STATUS = {
    "SQL_PARSE_ERROR": 400,
    "SQL_NO_STATEMENT": 400,
    "SQL_MANY_STATEMENTS": 400,
    "ARGS_INVALID": 400,
    "SQL_INPUT_ERROR": 400,
    "RESPONSE_TOO_LARGE": 400,
    "ARGS_BOTH_POSITIONAL_AND_NAMED": 501,
    "TRANSACTION_TIMEOUT": 503,
    "TRANSACTION_BUSY": 503,
}


class ProtocolError(Exception):
    """A protocol violation: the whole HTTP request fails with 400 and this text."""


class StreamExpired(Exception):
    """The baton's stream expired: 400 with a JSON error."""


class Forbidden(Exception):
    """A read-only token asked for a write: 403."""


def json_reply(status, data):
    # exactly application/json: @libsql/hrana-client parses error bodies only then
    return Response(
        status, json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8"), "application/json"
    )


def text_reply(status, text):
    return Response(status, text.encode("utf-8"), "text/plain")


class Stream(object):
    def __init__(self, stream_id, seq, database, conn, now):
        self.id = stream_id
        self.seq = seq
        self.database = database
        self.conn = conn
        self.sqls = {}
        self.last_used = now
        self.busy = False  # a pipeline is running on it: never expired under its feet
        self.version = 2  # the protocol version of the request running on it (hrana1..3)

    def close(self):
        if self.conn is not None:
            self.conn.close()  # an open transaction is rolled back
            self.conn = None


class HranaServer(object):
    """The streams of every database of one emulator.

    Callers of :meth:`pipeline` hold the database's lock; ``lock`` guards the stream table for the
    moments a stream is taken, given back or expired, so pipelines on other databases run meanwhile.
    """

    def __init__(self, idle_expiry_s=10.0, clock=time.monotonic):
        self.idle_expiry_s = idle_expiry_s
        self.clock = clock
        self.lock = threading.RLock()
        self.key = os.urandom(32)
        self.streams = {}
        self.expired = {}  # stream id -> when to forget it

    # -- batons ---------------------------------------------------------------------------------

    def _baton(self, stream):
        payload = struct.pack(">QQ", stream.id, stream.seq)
        mac = hmac.new(self.key, payload, hashlib.sha256).digest()
        return base64.b64encode(payload + mac).decode("ascii").rstrip("=")

    def _decode_baton(self, baton):
        try:
            if "=" in baton:
                raise ValueError("padding")
            data = base64.b64decode(baton + "=" * (-len(baton) % 4), validate=True)
        except (binascii.Error, ValueError) as exc:
            raise ProtocolError("Received an invalid baton") from exc
        if len(data) != 48 or not hmac.compare_digest(
            hmac.new(self.key, data[:16], hashlib.sha256).digest(), data[16:]
        ):
            raise ProtocolError("Received an invalid baton")
        return struct.unpack(">QQ", data[:16])

    # -- stream lifetime --------------------------------------------------------------------------

    def expire_idle(self, force_database=None):
        """Expire streams idle too long (or every stream of ``force_database``); returns how many.

        A stream a pipeline is using is never expired (sqld keeps a stream in use alive too).
        """
        with self.lock:
            now = self.clock()
            count = 0
            for stream in list(self.streams.values()):
                idle = now - stream.last_used >= self.idle_expiry_s
                forced = force_database is not None and stream.database.id == force_database
                if (idle or forced) and not stream.busy:
                    self._expire(stream, now)
                    count += 1 if force_database is None or forced else 0
            for stream_id, forget_at in list(self.expired.items()):
                if forget_at <= now:
                    del self.expired[stream_id]
            return count

    def close(self):
        with self.lock:
            for stream in self.streams.values():
                stream.close()
            self.streams = {}
            self.expired = {}

    def open_streams(self, database_id):
        with self.lock:
            return sum(1 for s in self.streams.values() if s.database.id == database_id)

    def _expire(self, stream, now):
        stream.close()
        del self.streams[stream.id]
        self.expired[stream.id] = now + EXPIRED_MEMORY_S

    def _acquire(self, database, baton):
        with self.lock:
            stream = self._take(database, baton)
            stream.busy = True
            return stream

    def _take(self, database, baton):
        if baton is None:
            idle = [s for s in self.streams.values() if not s.busy]
            if len(self.streams) >= MAX_OPEN_STREAMS and idle:
                self._expire(min(idle, key=lambda s: s.last_used), self.clock())
            stream_id = int.from_bytes(os.urandom(8), "big")
            stream = Stream(stream_id, int.from_bytes(os.urandom(8), "big"), database, database.connect(), self.clock())
            self.streams[stream_id] = stream
            return stream
        stream_id, seq = self._decode_baton(baton)
        if stream_id in self.expired:
            raise StreamExpired()
        stream = self.streams.get(stream_id)
        if stream is None or stream.database is not database:
            raise ProtocolError("Received an invalid baton")
        if stream.seq != seq or stream.busy:
            raise ProtocolError("Received a baton that has already been used")
        stream.seq = (stream.seq + 1) % 2**64
        return stream

    def _release(self, stream):
        with self.lock:
            stream.busy = False
            stream.last_used = self.clock()

    def _drop(self, stream):
        with self.lock:
            stream.busy = False
            stream.close()
            self.streams.pop(stream.id, None)

    # -- the pipeline -----------------------------------------------------------------------------

    def forbidden(self, database):
        return json_reply(
            403,
            {
                "error": "Authorization forbidden: Current session doesn't not have Write "
                "permission to namespace %s" % database.id
            },
        )

    def _start(self, database, baton, version):
        """``(stream, None)`` for a baton (None: a new stream), or ``(None, the failure response)``."""
        try:
            stream = self._acquire(database, baton)
        except ProtocolError as exc:
            return None, text_reply(400, str(exc))
        except StreamExpired:
            return None, json_reply(
                400, {"message": "The stream has expired due to inactivity", "code": "STREAM_EXPIRED"}
            )
        stream.version = version
        return stream, None

    def _failed(self, stream, database, exc):
        """The response to an exception that fails the whole request; the stream is dropped."""
        self._drop(stream)
        if isinstance(exc, ProtocolError):
            return text_reply(400, str(exc))
        if isinstance(exc, Forbidden):
            return self.forbidden(database)
        # an emulator bug must still answer, in sqld's shape for internal failures
        return json_reply(500, {"error": "Internal Error: %s: %s" % (type(exc).__name__, exc)})

    def _finish(self, stream):
        """The baton to answer with: None once the stream was closed."""
        if stream.conn is None:
            self._drop(stream)
            return None
        self._release(stream)
        return self._baton(stream)

    def pipeline(self, database, writable, body, version=2):
        """The HTTP response to a pipeline ``body`` (``/v<version>/pipeline``) sent with a token
        (``writable`` or read-only)."""
        self.expire_idle()
        try:
            baton, requests = decode_pipeline(body)
        except DecodeError as exc:
            return text_reply(400, "Cannot deserialize client message from JSON: %s" % exc)
        stream, failure = self._start(database, baton, version)
        if failure is not None:
            return failure
        hrana_exec.start_request()
        results = []
        try:
            for request in requests:
                results.append(self.handle(stream, writable, request))
        except Exception as exc:  # pylint: disable=broad-exception-caught
            return self._failed(stream, database, exc)
        return json_reply(200, {"baton": self._finish(stream), "base_url": None, "results": results})

    def cursor(self, database, writable, body):
        """``POST /v3/cursor``: one batch, answered as newline-delimited JSON (``text/plain``, as sqld):
        ``{baton, base_url}`` first, then ``step_begin``/``row``/``step_end`` or ``step_error`` entries.

        sqld streams the entries while the batch runs; the emulator runs the batch, then writes them
        all (the per-result bound keeps the body small)."""
        self.expire_idle()
        try:
            baton, steps = decode_cursor(body)
        except DecodeError as exc:
            return text_reply(400, "Cannot deserialize client message from JSON: %s" % exc)
        stream, failure = self._start(database, baton, 3)
        if failure is not None:
            return failure
        hrana_exec.start_request()
        try:
            result = self._do_batch(stream, writable, {"steps": steps})["result"]
        except StmtError as exc:
            # a step that does not compile: sqld's handle_cursor lets the error through to its
            # catch-all (libsql-server/src/error.rs, Error::Anyhow), a 500
            self._drop(stream)
            return json_reply(500, {"error": "Internal Error: `%s`" % exc.message})
        except Exception as exc:  # pylint: disable=broad-exception-caught
            return self._failed(stream, database, exc)
        entries = cursor_entries(result)
        head = {"baton": self._finish(stream), "base_url": None}
        lines = [json.dumps(item, separators=(",", ":"), ensure_ascii=False) for item in [head] + entries]
        return Response(200, ("\n".join(lines) + "\n").encode("utf-8"), "text/plain")

    def v1(self, database, writable, body, endpoint):
        """``POST /v1/execute`` (``endpoint`` "execute") or ``/v1/batch``: HTTP API v1, one statement or
        batch on a connection of its own (sqld's ``hrana_over_http_1.rs``). An in-band error of
        ``execute`` is the whole answer: ``{message, code}`` with the status of :data:`V1_STATUS`
        (500 for SQLite's errors)."""
        try:
            payload = decode_v1(body, "stmt" if endpoint == "execute" else "batch")
        except DecodeError as exc:
            return text_reply(400, "Cannot deserialize client message from JSON: %s" % exc)
        stream = Stream(0, 0, database, None, self.clock())
        stream.version = 1
        stream.conn = database.connect()
        try:
            hrana_exec.start_request()
            if endpoint == "execute":
                answer = self._do_execute(stream, writable, {"stmt": payload})
            else:
                answer = self._do_batch(stream, writable, {"steps": payload})
        except StmtError as exc:
            return json_reply(V1_STATUS.get(exc.code, 500), exc.as_dict())
        except ProtocolError as exc:
            return text_reply(400, str(exc))
        except Forbidden:
            return self.forbidden(database)
        finally:
            stream.close()
        return json_reply(200, {"result": answer["result"]})

    def handle(self, stream, writable, request):
        """The result of one stream request: ``{"type": "ok", "response"}`` or ``{"type": "error", "error"}``;
        raises :class:`ProtocolError` or :class:`Forbidden` for what fails the whole request."""
        kind = request["type"]
        try:
            response = getattr(self, "_do_" + kind)(stream, writable, request)
        except StmtError as exc:
            return {"type": "error", "error": exc.as_dict()}
        return {"type": "ok", "response": dict({"type": kind}, **response)}

    @staticmethod
    def _conn(stream):
        if stream.conn is None:
            raise ProtocolError("Stream for this baton was closed")
        return stream.conn

    @staticmethod
    def _sql(stream, sql, sql_id):
        if sql_id is not None and stream.version < 2:
            raise ProtocolError(V2_ONLY % "Field `sql_id`")
        if sql is not None and sql_id is not None:
            raise ProtocolError("Either `sql` or `sql_id` are required, but not both")
        if sql is None and sql_id is None:
            raise ProtocolError("Either `sql` or `sql_id` are required")
        if sql is None:
            if sql_id not in stream.sqls:
                raise ProtocolError("SQL text %d not found" % sql_id)
            return stream.sqls[sql_id]
        return sql

    @staticmethod
    def _authorize(writable, kinds):
        """sqld's ``check_program_auth``: writes and DDL need a full-access token."""
        if not writable and any(kind not in hrana_sql.READ_KINDS for kind in kinds):
            raise Forbidden()

    def _query(self, stream, stmt):
        conn = self._conn(stream)
        sql = self._sql(stream, stmt.sql, stmt.sql_id)
        return hrana_exec.make_query(conn, sql, stmt.args, stmt.named_args)

    def _do_close(self, stream, writable, request):
        stream.close()
        return {}

    def _do_execute(self, stream, writable, request):
        query = self._query(stream, request["stmt"])
        self._authorize(writable, [query.kind])
        return {"result": hrana_exec.run(stream.conn, query)}

    def _do_batch(self, stream, writable, request):
        self._conn(stream)
        program = []
        for index, step in enumerate(request["steps"]):
            query = self._query(stream, step.stmt)
            if step.condition is not None:
                self._check_cond(step.condition, index, stream.version)
            program.append((query, step.condition))
        self._authorize(writable, [step[0].kind for step in program])
        return {"result": hrana_exec.run_batch(stream.conn, program)}

    def _check_cond(self, cond, index, version):
        if cond[0] == "is_autocommit":
            if version < 3:
                raise ProtocolError(V3_ONLY % "BatchCond of type `is_autocommit`")
        if cond[0] in ("ok", "error"):
            if cond[1] >= index:
                raise ProtocolError("Invalid reference to step in a batch condition")
        elif cond[0] == "not":
            self._check_cond(cond[1], index, version)
        elif cond[0] in ("and", "or"):
            for inner in cond[1]:
                self._check_cond(inner, index, version)

    def _do_sequence(self, stream, writable, request):
        conn = self._conn(stream)
        sql = self._sql(stream, request["sql"], request["sql_id"])
        parsed = hrana_exec.parse(conn, sql)
        self._authorize(writable, [entry[1] for entry in parsed])
        for statement, kind, is_iud, is_insert in parsed:
            hrana_exec.run(conn, hrana_exec.Query(statement, kind, is_iud, is_insert, [], None))
        return {}

    def _do_describe(self, stream, writable, request):
        conn = self._conn(stream)
        sql = self._sql(stream, request["sql"], request["sql_id"])
        return {"result": hrana_exec.describe(conn, sql)}

    def _do_store_sql(self, stream, writable, request):
        sql_id, sql = request["sql_id"], request["sql"]
        if sql_id in stream.sqls:
            raise ProtocolError("SQL text %d already exists" % sql_id)
        if len(stream.sqls) >= MAX_STORED_SQL:
            raise StmtError(
                "SQL_STORE_TOO_MANY", "The server already stores %d SQL texts, it cannot store more" % len(stream.sqls)
            )
        size = len(sql.encode("utf-8"))
        if size > MAX_STORED_SQL_BYTES:
            raise StmtError(
                "SQL_STORE_TOO_LARGE", "The statement is too large to be stored: %.1f KB/5.0 KB" % (size / 1000.0)
            )
        stream.sqls[sql_id] = sql
        return {}

    def _do_close_sql(self, stream, writable, request):
        stream.sqls.pop(request["sql_id"], None)
        return {}

    def _do_get_autocommit(self, stream, writable, request):
        if stream.version < 3:
            raise ProtocolError(V3_ONLY % "The `get_autocommit` request")
        return {"is_autocommit": not self._conn(stream).in_transaction}


def cursor_entries(result):
    """The cursor entries (HRANA_3_SPEC "Cursor entries") of a BatchResult; a skipped step has none."""
    entries = []
    for step, (done, error) in enumerate(zip(result["step_results"], result["step_errors"])):
        if error is not None:
            entries.append({"type": "step_error", "step": step, "error": error})
        elif done is not None:
            entries.append({"type": "step_begin", "step": step, "cols": done["cols"]})
            entries.extend({"type": "row", "row": row} for row in done["rows"])
            entries.append(
                {
                    "type": "step_end",
                    "affected_row_count": done["affected_row_count"],
                    "last_insert_rowid": done["last_insert_rowid"],
                }
            )
    return entries
