"""Hrana over WebSocket (HRANA_3_SPEC; sqld's ``libsql-server/src/hrana/ws/``) at a database's root.

The upgrade: ``GET <database URL>`` with ``Upgrade: websocket`` (the server routes it as the method
``WEBSOCKET``). Subprotocols as sqld negotiates them (``ws/handshake.rs``): the first of ``hrana3``,
``hrana2``, ``hrana1`` the client offers (``hrana3-protobuf`` is not served); no header means hrana1.
RFC 6455 framing, only what clients use: text messages (fragmented or not), ping/pong, close; a binary
message closes with 1003, a message over 64 MiB (tungstenite's default) with 1009.

Messages as sqld answers them (``ws/conn.rs``, ``ws/session.rs``): ``hello`` authenticates (the token of
the database at ``/db/<id>``, or at the emulator's root the database holding the token) and answers
``hello_ok``, or ``hello_error`` and a normal close; a repeated ``hello`` (hrana2+) re-authenticates.
Requests (``open_stream``, ``close_stream``, ``execute``, ``batch``, ``sequence``, ``describe``,
``store_sql``, ``close_sql``, ``get_autocommit``, ``open_cursor``, ``fetch_cursor``, ``close_cursor``)
answer ``response_ok`` or ``response_error`` (the in-band errors of HTTP, plus ``STREAM_NOT_OPEN``);
a protocol error closes the socket with sqld's close code (1007 for undecodable JSON, 1008 otherwise)
and its message as the reason. A read-only token's write is not an in-band error in sqld: its
connection ends, here with close code 1011. The token is checked at ``hello`` only (a JWT is checked
once per connection in sqld); revoking it refuses the next connection. SQL texts belong to the
connection, each stream is a connection of its own, and a stream's cursor holds the entries of its
batch (run at ``open_cursor``, under the per-result bound, then fetched).

Every request holds the platform's gate (shared) and the database's lock while it runs, so a reset
waits for it, and an idle connection holds neither. After a reset or a deletion the socket closes
with 1001.
"""

import base64
import hashlib
import json
import socket
import struct

from ..messages import Response
from . import server as hrana_server
from .proto import DecodeError, decode_json, decode_ws_request

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
SUBPROTOCOLS = ("hrana3", "hrana2", "hrana1")  # sqld's order of preference, without hrana3-protobuf
MAX_MESSAGE = 64 << 20
IDLE_TIMEOUT_S = 600.0  # a connection silent this long (no message, no ping) is closed
CLOSE_WAIT_S = 2.0
TEXT, BINARY, CLOSE, PING, PONG = 1, 2, 8, 9, 10
NEEDS_V2 = {"sequence", "describe", "store_sql", "close_sql"}
NEEDS_V3 = {"get_autocommit", "open_cursor", "close_cursor", "fetch_cursor"}
NAMES = {
    "sequence": "The `sequence` request",
    "describe": "The `describe` request",
    "store_sql": "The `store_sql` request",
    "close_sql": "The `close_sql` request",
    "get_autocommit": "The `get_autocommit` request",
    "open_cursor": "The `open_cursor` request",
    "close_cursor": "The `close_cursor` request",
    "fetch_cursor": "The `fetch_cursor` request",
}


class Closing(Exception):
    """End the connection with a close frame: ``code`` and ``reason``."""

    def __init__(self, code, reason):
        super().__init__(reason)
        self.code = code
        self.reason = reason


def accept_key(key):
    return base64.b64encode(hashlib.sha1((key + GUID).encode("ascii")).digest()).decode("ascii")


def negotiate(header):
    """``(subprotocol or None, version)``, or ``(None, None)`` when none offered is served."""
    if header is None:
        return None, 1
    offered = [part.strip().lower() for part in header.split(",")]
    for name in SUBPROTOCOLS:
        if name in offered:
            return name, int(name[-1])
    return None, None


def upgrade(request, area, database):
    """The 101 answer to a WebSocket upgrade (its ``upgrade`` runs the session), or a 400."""
    key = request.header("Sec-WebSocket-Key")
    if request.header("Sec-WebSocket-Version") != "13" or not key:
        return hrana_server.text_reply(400, "Protocol error in HTTP upgrade: a WebSocket version 13 key is needed")
    name, version = negotiate(request.header("Sec-WebSocket-Protocol"))
    if version is None:
        return hrana_server.text_reply(
            400,
            "Could not negotiate subprotocol: Only these WebSocket subprotocols are supported: %s"
            % " ".join(("hrana3-protobuf",) + SUBPROTOCOLS),
        )
    headers = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Accept": accept_key(key)}
    if name is not None:
        headers["Sec-WebSocket-Protocol"] = name
    response = Response(101, b"", None, headers)
    response.upgrade = Session(area, database, version).run
    return response


class Socket(object):
    """RFC 6455 framing over the handler's buffered streams (server side: frames sent unmasked)."""

    def __init__(self, rfile, wfile):
        self.rfile = rfile
        self.wfile = wfile

    def _read(self, count):
        data = self.rfile.read(count)
        if len(data) != count:
            raise EOFError()
        return data

    def _frame(self):
        first, second = self._read(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack(">H", self._read(2))[0]
        elif length == 127:
            length = struct.unpack(">Q", self._read(8))[0]
        if length > MAX_MESSAGE:
            raise Closing(1009, "Message too big")
        mask = self._read(4) if second & 0x80 else None
        data = self._read(length)
        if mask is not None and length:
            keystream = (mask * (length // 4 + 1))[:length]
            data = (int.from_bytes(data, "big") ^ int.from_bytes(keystream, "big")).to_bytes(length, "big")
        return bool(first & 0x80), first & 0x0F, data

    def message(self):
        """``(opcode, payload)`` of the next data message; answers pings; None when the peer closes."""
        parts, opcode, size = [], None, 0
        while True:
            fin, code, data = self._frame()
            if code == PING:
                self.send(PONG, data)
                continue
            if code == PONG:
                continue
            if code == CLOSE:
                self.send(CLOSE, data[:2])  # echo the peer's code, as RFC 6455 5.5.1 asks
                return None
            if code != 0:
                opcode = code
            size += len(data)
            if size > MAX_MESSAGE:
                raise Closing(1009, "Message too big")
            parts.append(data)
            if fin:
                return opcode, b"".join(parts)

    def send(self, opcode, payload):
        length = len(payload)
        if length < 126:
            head = struct.pack(">BB", 0x80 | opcode, length)
        elif length < 65536:
            head = struct.pack(">BBH", 0x80 | opcode, 126, length)
        else:
            head = struct.pack(">BBQ", 0x80 | opcode, 127, length)
        self.wfile.write(head + payload)
        self.wfile.flush()

    def close(self, code, reason, connection=None):
        """Send a close frame, then wait (briefly) for the peer's before the socket goes (RFC 6455 7.1.1):
        closing at once can reset the connection before the client has read what came before."""
        try:
            self.send(CLOSE, struct.pack(">H", code) + reason.encode("utf-8")[:123])
            if connection is not None:
                connection.settimeout(CLOSE_WAIT_S)
            while True:
                if self._frame()[1] == CLOSE:
                    return
        except (EOFError, OSError, Closing, ValueError):
            pass


class Session(object):
    """One WebSocket connection: its authentication, streams, SQL texts and cursors."""

    def __init__(self, area, database, version):
        self.area = area
        self.hrana = area.hrana
        self.database = database  # None at the root: the hello's token picks it
        self.version = version
        self.writable = None  # None until a hello succeeds
        self.streams = {}
        self.sqls = {}
        self.cursors = {}  # cursor id -> [stream id, remaining entries]

    def run(self, rfile, wfile, connection=None):
        if connection is not None:
            connection.settimeout(IDLE_TIMEOUT_S)
        ws = Socket(rfile, wfile)
        try:
            while True:
                message = ws.message()
                if message is None:
                    return
                opcode, payload = message
                if opcode != TEXT:
                    raise Closing(1003, "Received a binary WebSocket message, which is not supported in this encoding")
                if not self._message(ws, payload):
                    ws.close(1000, "Thank you for using sqld", connection)
                    return
        except Closing as exc:
            ws.close(exc.code, exc.reason, connection)
        except (EOFError, OSError, socket.timeout):
            pass
        finally:
            self._close_all()

    def _send(self, ws, data):
        ws.send(TEXT, json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))

    def _message(self, ws, payload):
        """Handle one client message; False ends the connection normally."""
        try:
            data = decode_json(payload)
            if not isinstance(data, dict) or data.get("type") not in ("hello", "request"):
                raise DecodeError("unknown variant of ClientMsg, expected `hello` or `request`")
            if data["type"] == "hello":
                jwt = data.get("jwt")
                if jwt is not None and not isinstance(jwt, str):
                    raise DecodeError("invalid type for `jwt`, expected a string")
                return self._hello(ws, jwt)
            request_id = data.get("request_id")
            if isinstance(request_id, bool) or not isinstance(request_id, int):
                raise DecodeError("missing or invalid field `request_id`")
            request = decode_ws_request(data.get("request"))
        except DecodeError as exc:
            raise Closing(1007, "Cannot deserialize client message from JSON: %s" % exc) from exc
        if self.writable is None:
            raise Closing(1008, "Received a request before hello message")
        self._send(ws, self._request(request_id, request))
        return True

    def _hello(self, ws, jwt):
        if self.writable is not None and self.version < 2:
            raise Closing(1008, "Repeated hello message is only supported in protocol version hrana2 and higher")
        database = self.database
        if database is None and jwt is not None:
            database = self.area.database_of(jwt)
        if jwt is None:
            error = ("AUTH_JWT_MISSING", "Authentication is required but no JWT was specified")
        else:
            kind, refused = database.token_kind(jwt) if database is not None else (None, "The JWT is invalid")
            error = (
                None
                if kind is not None
                else ("AUTH_JWT_EXPIRED" if "expired" in refused else "AUTH_JWT_INVALID", refused)
            )
        if error is None and self.database is not None and database is not self.database:
            error = ("AUTH_JWT_INVALID", "The JWT is invalid")
        if error is not None:
            code, detail = error
            self._send(
                ws, {"type": "hello_error", "error": {"message": "Authentication failed: %s" % detail, "code": code}}
            )
            return False
        self.database, self.writable = database, kind == "full_access"
        self._send(ws, {"type": "hello_ok"})
        return True

    def _request(self, request_id, request):
        kind = request["type"]
        if kind in NEEDS_V2 and self.version < 2 or kind in NEEDS_V3 and self.version < 3:
            needed = "hrana2" if kind in NEEDS_V2 else "hrana3"
            raise Closing(1008, "%s is only supported in protocol version %s and higher" % (NAMES[kind], needed))
        database = self.database
        with self.area.platform.gate.shared(), database.lock:
            if database.deleted or self.area.closed:
                raise Closing(1001, "The database is gone (deleted, or the emulator was reset)")
            hrana_server.hrana_exec.start_request()
            try:
                outcome = self._run(request)
            except hrana_server.ProtocolError as exc:
                raise Closing(1008, str(exc)) from exc
            except hrana_server.Forbidden as exc:
                raise Closing(1011, "Internal server error") from exc
        if outcome.get("type") == "error":
            return {"type": "response_error", "request_id": request_id, "error": outcome["error"]}
        return {"type": "response_ok", "request_id": request_id, "response": outcome["response"]}

    def _stream(self, stream_id):
        stream = self.streams.get(stream_id)
        if stream is None:
            raise hrana_server.ProtocolError("Stream %d not found" % stream_id)
        return stream

    def _run(self, request):
        kind = request["type"]
        ok = {"type": "ok", "response": {"type": kind}}
        if kind == "open_stream":
            if request["stream_id"] in self.streams:
                raise hrana_server.ProtocolError("Stream %d already exists" % request["stream_id"])
            stream = hrana_server.Stream(request["stream_id"], 0, self.database, None, 0)
            stream.version, stream.sqls = self.version, self.sqls
            stream.cursor = None
            stream.conn = self.database.connect()
            self.streams[stream.id] = stream
            return ok
        if kind == "close_stream":
            stream = self._stream(request["stream_id"])
            self.cursors.pop(stream.cursor, None)
            stream.close()
            del self.streams[stream.id]
            return ok
        if kind in ("store_sql", "close_sql"):
            holder = hrana_server.Stream(0, 0, self.database, None, 0)
            holder.sqls, holder.version = self.sqls, self.version
            return self.hrana.handle(holder, self.writable, request)
        if kind in ("close_cursor", "fetch_cursor"):
            return self._cursor(kind, request)
        stream = self._stream(request["stream_id"])
        if stream.conn is None:
            message = "Stream %d has failed to open" % stream.id
            return {"type": "error", "error": {"message": message, "code": "STREAM_NOT_OPEN"}}
        if kind == "open_cursor":
            return self._open_cursor(stream, request)
        return self.hrana.handle(stream, self.writable, request)

    def _open_cursor(self, stream, request):
        cursor_id = request["cursor_id"]
        if stream.cursor is not None:
            raise hrana_server.ProtocolError("Stream %d already has an open cursor" % stream.id)
        if cursor_id in self.cursors:
            raise hrana_server.ProtocolError("Cursor %d already exists" % cursor_id)
        outcome = self.hrana.handle(stream, self.writable, {"type": "batch", "steps": request["steps"]})
        if outcome["type"] == "error":
            entries = [{"type": "error", "error": outcome["error"]}]
        else:
            entries = hrana_server.cursor_entries(outcome["response"]["result"])
        stream.cursor = cursor_id
        self.cursors[cursor_id] = [stream.id, entries]
        return {"type": "ok", "response": {"type": "open_cursor"}}

    def _cursor(self, kind, request):
        cursor_id = request["cursor_id"]
        if cursor_id not in self.cursors:
            raise hrana_server.ProtocolError("Cursor %d not found" % cursor_id)
        stream_id, entries = self.cursors[cursor_id]
        if kind == "close_cursor":
            del self.cursors[cursor_id]
            if stream_id in self.streams:
                self.streams[stream_id].cursor = None
            return {"type": "ok", "response": {"type": kind}}
        count = request["max_count"]
        taken, self.cursors[cursor_id][1] = entries[:count], entries[count:]
        return {"type": "ok", "response": {"type": kind, "entries": taken, "done": not entries[count:]}}

    def _close_all(self):
        for stream in self.streams.values():
            stream.close()
        self.streams = {}
        self.cursors = {}
