"""Hrana over HTTP v2 (``POST <database>/v2/pipeline``): streams, batons and the request loop.

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
from .proto import DecodeError, decode_pipeline

EXPIRED_MEMORY_S = 300.0
# Each open stream holds a SQLite connection (file descriptors): past this many, the least recently
# used stream is expired early, so clients that never send "close" cannot exhaust the process.
MAX_OPEN_STREAMS = 256
MAX_STORED_SQL = 50
MAX_STORED_SQL_BYTES = 5000
V3_ONLY = "%s is only supported in protocol version hrana3 and higher"


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

    def pipeline(self, database, writable, body):
        """The HTTP response to a pipeline ``body`` sent with a token (``writable`` or read-only)."""
        self.expire_idle()
        try:
            baton, requests = decode_pipeline(body)
        except DecodeError as exc:
            return text_reply(400, "Cannot deserialize client message from JSON: %s" % exc)
        try:
            stream = self._acquire(database, baton)
        except ProtocolError as exc:
            return text_reply(400, str(exc))
        except StreamExpired:
            return json_reply(400, {"message": "The stream has expired due to inactivity", "code": "STREAM_EXPIRED"})
        results = []
        try:
            for request in requests:
                results.append(self._handle(stream, writable, request))
        except ProtocolError as exc:
            self._drop(stream)
            return text_reply(400, str(exc))
        except Forbidden:
            self._drop(stream)
            return json_reply(
                403,
                {
                    "error": "Authorization forbidden: Current session doesn't not have Write "
                    "permission to namespace %s" % database.id
                },
            )
        except Exception as exc:  # pylint: disable=broad-exception-caught
            # an emulator bug must still answer, in sqld's shape for internal failures
            self._drop(stream)
            return json_reply(500, {"error": "Internal Error: %s: %s" % (type(exc).__name__, exc)})
        if stream.conn is None:
            self._drop(stream)
            new_baton = None
        else:
            self._release(stream)
            new_baton = self._baton(stream)
        return json_reply(200, {"baton": new_baton, "base_url": None, "results": results})

    def _handle(self, stream, writable, request):
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
                self._check_cond(step.condition, index)
            program.append((query, step.condition))
        self._authorize(writable, [step[0].kind for step in program])
        return {"result": hrana_exec.run_batch(stream.conn, program)}

    def _check_cond(self, cond, index):
        if cond[0] == "is_autocommit":
            raise ProtocolError(V3_ONLY % "BatchCond of type `is_autocommit`")
        if cond[0] in ("ok", "error"):
            if cond[1] >= index:
                raise ProtocolError("Invalid reference to step in a batch condition")
        elif cond[0] == "not":
            self._check_cond(cond[1], index)
        else:
            for inner in cond[1]:
                self._check_cond(inner, index)

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
        raise ProtocolError(V3_ONLY % "The `get_autocommit` request")
