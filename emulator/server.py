"""The HTTP server: dispatch, authentication, faults, the request log and the admin API.

Each connection is served in a thread of its own (``ThreadingHTTPServer``), and a connection that sends nothing
for ``--idle-timeout`` seconds (default :data:`IDLE_TIMEOUT`) is closed, so idle or half-open connections never
keep another client waiting and never pile up. With ``--verbose`` every answer writes one JSON line to stderr
(:meth:`Handler.log_request`): time, method, path (no query values: they may hold secrets; only the names of
the query parameters), status and duration in milliseconds; never a header or a token.
"""

import argparse
import hashlib
import ipaddress
import json
import os
import signal
import socket
import sys
import tempfile
import threading
import time
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from .fixtures import FixtureError, fixture_json_schema
from .messages import BadJson, Request, Response, empty, json_response
from .platform_state import CREDENTIAL_HEADERS, Fault, Platform
from .routing import UNAUTHORIZED

ADMIN_PREFIX = "/_emulator/"
# Far above any document or batch the collection sends (a 20 MB OpenAPI document fits); bounds memory.
MAX_BODY = 64 * 1024 * 1024
# File uploads (routes that stream their body, emulator/areas/storage) go to a temporary file: bounded by disk, not memory.
MAX_STREAMED_BODY = 4 * 1024 * 1024 * 1024
SPOOL_IN_MEMORY = 1024 * 1024
CHUNK = 1024 * 1024
# Longer than the pause between two requests of a kept-alive client (Kestrel keeps 130 s, nginx 75 s): closing a
# connection a client is about to reuse turns its next write into one that may or may not have landed.
IDLE_TIMEOUT = 120.0
DEFAULT_FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "demo.yml")


class BadRequest(Exception):
    """A request the emulator cannot read; answered with ``status`` and the message."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # http.server otherwise stalls ~44 ms per request on a kept-alive connection (Nagle + delayed ACK).
    disable_nagle_algorithm = True
    server_version = "edge-platform-emulator"
    sys_version = ""

    def setup(self):
        self.timeout = self.server.idle_timeout  # StreamRequestHandler.setup puts it on the socket
        super().setup()

    def parse_request(self):
        self.started = time.monotonic()
        return super().parse_request()

    def log_request(self, code="-", size="-"):
        """The access log: one JSON line per answer with ``--verbose`` (module docstring)."""
        if self.server.verbose:
            self._access_log(code)

    def _access_log(self, status):
        command = getattr(self, "command", None)
        path, _sep, query = (getattr(self, "path", None) or "").partition("?")
        started = getattr(self, "started", None)
        entry = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()) + "Z",
            "method": command,
            "path": path[:2048] if command else None,
            "query": sorted({part.partition("=")[0] for part in query.split("&") if part})[:50] if command else [],
            "status": int(status) if str(status).isdigit() else None,
            "duration_ms": round((time.monotonic() - started) * 1000, 1) if started is not None else None,
        }
        sys.stderr.write(json.dumps(entry) + "\n")
        sys.stderr.flush()

    def log_message(self, format, *args):  # pylint: disable=redefined-builtin
        """http.server's own messages (a request line it cannot read, a timeout): never their arguments, which
        may quote the request line and so a query value; answers are logged by :meth:`log_request`."""
        event = format.split("%", 1)[0].strip(" :(,")
        if self.server.verbose and event != "code":  # "code %d, message %s": send_error's, whose answer is logged
            stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()) + "Z"
            sys.stderr.write(json.dumps({"time": stamp, "event": event or "error"}) + "\n")

    def _dispatch(self):
        try:
            self._handle()
        except Exception:  # pylint: disable=broad-except
            # the emulator is product: a bug answers 500 and says where, never a silently dropped connection
            sys.stderr.write("emulator: %s %s failed:\n%s" % (self.command, self.path, traceback.format_exc()))
            self.close_connection = True
            try:
                self._send(json_response(500, {"error": "the emulator failed on this request; see its stderr"}))
            except OSError:
                pass

    def _content_length(self, limit):
        """The request's Content-Length (0 without one); raises :class:`BadRequest` for one that cannot be honoured."""
        raw = self.headers.get("Content-Length")
        if raw is None:
            return 0
        if not raw.strip().isdigit():
            raise BadRequest(400, "Content-Length must be a non-negative whole number of bytes")
        length = int(raw.strip())
        if length > limit:
            raise BadRequest(413, "the request body is larger than the emulator accepts (%d bytes)" % limit)
        return length

    def _read_body(self):
        """The request body; raises :class:`BadRequest` for a Content-Length that cannot be honoured."""
        length = self._content_length(MAX_BODY)
        return self.rfile.read(length) if length else b""

    def _spool_body(self):
        """The body of a route that takes it as a file (``Router.add(..., streams=True)``: file uploads), copied in
        chunks into a temporary file that holds :data:`SPOOL_IN_MEMORY` bytes in memory at most, so a large upload never
        sits whole in memory; ``Content-Length`` or ``Transfer-Encoding: chunked``. Positioned at its start, with its
        ``size`` and its ``sha256`` (a hashlib object) taken on the way, so the route does not read it again under its
        area's lock."""
        spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_IN_MEMORY, dir=self.server.platform.data_dir)
        spool.sha256, spool.size = hashlib.sha256(), 0
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            self._copy_chunked(spool)
        else:
            self._copy(spool, self._content_length(MAX_STREAMED_BODY))
        spool.seek(0)
        return spool

    def _copy(self, spool, length):
        while length:
            chunk = self.rfile.read(min(length, CHUNK))
            if not chunk:
                raise BadRequest(400, "the request body ended before its Content-Length")
            spool.write(chunk)
            spool.sha256.update(chunk)
            spool.size += len(chunk)
            length -= len(chunk)

    def _copy_chunked(self, spool):
        while True:
            size_line = self.rfile.readline(1024).split(b";")[0].strip()
            if not size_line or any(c not in b"0123456789abcdefABCDEF" for c in size_line):
                raise BadRequest(400, "a chunk of the request body has no valid size")
            size = int(size_line, 16)
            if spool.size + size > MAX_STREAMED_BODY:
                raise BadRequest(
                    413, "the request body is larger than the emulator accepts (%d bytes)" % MAX_STREAMED_BODY
                )
            if size == 0:
                while self.rfile.readline(1024).strip():  # trailers, up to the blank line
                    pass
                return
            self._copy(spool, size)
            self.rfile.readline(1024)  # the CRLF after the chunk

    def _handle(self):
        platform = self.server.platform
        path, _sep, query_string = self.path.partition("?")
        try:
            streamed = self.command == "PUT" and platform.router.streams(self.command, path)
            body = self._spool_body() if streamed else self._read_body()
        except BadRequest as exc:
            # the body's end is unknown: answer, then close rather than read the rest as a request
            self.close_connection = True
            self._send(json_response(exc.status, {"error": str(exc)}))
            return
        method = self.command
        if method == "GET" and "websocket" in self.headers.get("Upgrade", "").lower():
            method = "WEBSOCKET"  # routes as its own method: an area serves it with a 101 and an ``upgrade``
        request = Request(method, path, query_string, self.headers, body)
        if path.startswith(ADMIN_PREFIX):
            self._send(self._admin(request))
            if getattr(self, "shutdown_requested", False):
                # only once the answer is out: handler threads are daemons and die with the server
                self.wfile.flush()
                threading.Thread(target=self.server.shutdown, daemon=True).start()
            return
        credentials = [name for name in CREDENTIAL_HEADERS if self.headers.get(name) is not None]
        with platform.gate.shared():
            self._serve(platform, request, path, credentials)
        if self.upgraded is not None:  # outside the gate: the connection now belongs to the area
            self.upgraded(self.rfile, self.wfile, self.connection)

    def _serve(self, platform, request, path, credentials):
        with platform.lock:
            fault = platform.take_fault(request.method, path)
        processed = None
        if fault is not None and fault.after_processing:
            # the write lands (state changes) before the fault hides or replaces its answer
            with platform.area_lock(request.method, path):
                processed = self._route(platform, request)
        if fault is not None and self._inject(platform, fault, request, credentials, processed):
            return
        response = processed
        if response is None:
            with platform.area_lock(request.method, path):
                response = self._route(platform, request)
        with platform.lock:
            platform.record(request.method, path, request.query, response.status, credentials=credentials)
        self._send(response)

    def _inject(self, platform, fault, request, credentials, processed):
        """Apply ``fault``; True when it answered (or dropped) in the platform's place."""
        after = " after processing (status %s)" % processed.status if processed is not None else ""
        if fault.delay_s:
            time.sleep(fault.delay_s)
        if fault.drop_connection:
            with platform.lock:
                platform.record(
                    request.method,
                    request.path,
                    request.query,
                    None,
                    "dropped connection" + after,
                    credentials=credentials,
                )
            self._drop()
            return True
        if not fault.replaces_answer():
            return False
        status = fault.status if fault.status is not None else 200
        body = fault.body.encode("utf-8") if fault.body is not None else b""
        response = Response(status, body, fault.content_type)
        if fault.retry_after is not None:
            response.headers["Retry-After"] = fault.retry_after
        if fault.location is not None:
            response.headers["Location"] = fault.location
        with platform.lock:
            platform.record(
                request.method,
                request.path,
                request.query,
                response.status,
                "injected fault" + after,
                credentials=credentials,
            )
        self._send(response)
        return True

    def _route(self, platform, request):
        route, params = platform.router.match(request.method, request.path)
        if route is None:
            return empty(405 if params else 404)
        if route.auth is not None and not platform.key_valid(request.header("AccessKey")):
            return UNAUTHORIZED[route.auth]()
        bad_id = route.bad_id(params)
        if bad_id is not None:
            return bad_id
        request.params = params
        try:
            return route.handler(request)
        except BadJson as exc:
            return json_response(400, {"ErrorKey": "request.invalid_json", "Field": "body", "Message": str(exc)})
        except RecursionError:
            return json_response(
                400,
                {
                    "ErrorKey": "request.invalid_json",
                    "Field": "body",
                    "Message": "The request body is nested too deeply.",
                },
            )

    def _admin(self, request):
        client = ipaddress.ip_address(self.client_address[0])
        if not client.is_loopback:
            return json_response(403, {"error": "the admin API answers loopback clients only"})
        platform = self.server.platform
        name = request.path[len(ADMIN_PREFIX) :].rstrip("/")
        if name in ("state", "reset"):
            with platform.gate.exclusive():  # every area at once: wait until no request is in flight
                if name == "state" and request.method == "GET":
                    return json_response(200, platform.dump())
                if name == "reset" and request.method == "POST":
                    platform.reset()
                    return json_response(200, {"reset": True})
        with platform.lock:
            if name == "requests" and request.method == "GET":
                return json_response(200, {"requests": platform.requests(request.flag("credentials"))})
            if name == "requests" and request.method == "DELETE":
                platform.log = []
                return empty(204)
            if name == "faults" and request.method == "POST":
                return self._add_faults(platform, request)
            if name == "faults" and request.method == "DELETE":
                platform.faults = []
                return empty(204)
            if name == "shutdown" and request.method == "POST":
                self.shutdown_requested = True
                return json_response(200, {"shutdown": True})
        with platform.gate.shared(), platform.area_lock(request.method, request.path):
            route, params = platform.router.match(request.method, request.path)
            if route is not None and route.auth is None:
                request.params = params
                try:
                    return route.handler(request)
                except BadJson as exc:
                    return json_response(400, {"error": str(exc)})
                except RecursionError:
                    return json_response(400, {"error": "the request body is nested too deeply"})
        return json_response(404, {"error": "unknown admin call %s %s" % (request.method, request.path)})

    @staticmethod
    def _add_faults(platform, request):
        try:
            specs = request.json()
            specs = specs if isinstance(specs, list) else [specs]
            faults = [Fault(spec) for spec in specs]
        except RecursionError:
            return json_response(400, {"error": "bad fault: the JSON is nested too deeply"})
        except (BadJson, ValueError, TypeError) as exc:
            return json_response(400, {"error": "bad fault: %s" % exc})
        platform.faults.extend(faults)
        return json_response(201, {"faults": [f.describe() for f in faults]})

    upgraded = None

    def _send(self, response):
        if response.status == 101 and getattr(response, "upgrade", None) is not None:
            # a protocol switch (WebSocket): no Content-Length; the area's ``upgrade`` runs after the gate
            self.send_response(101)
            for name, value in response.headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.flush()
            self.close_connection = True
            self.upgraded = response.upgrade
            return
        response.negotiate(self.headers.get("Accept"))
        self.send_response(response.status)
        for name, value in response.headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(response.body)))
        self.end_headers()
        if response.body and self.command != "HEAD":
            self.wfile.write(response.body)

    def _drop(self):
        """Close the socket without answering, as a crashed proxy would."""
        self.close_connection = True
        if self.server.verbose:
            self._access_log("-")
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    # DESCRIBE: the Edge Storage API's metadata read (emulator/areas/storage/file_routes.py)
    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_DESCRIBE = _dispatch


class EmulatorServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # socketserver's default backlog of 5 refuses (and so delays by a SYN retry) a burst of new connections
    request_queue_size = 1024

    def __init__(self, address, platform, verbose=False, idle_timeout=IDLE_TIMEOUT):
        super().__init__(address, Handler)
        self.platform = platform
        self.verbose = verbose
        self.idle_timeout = idle_timeout

    @property
    def url(self):
        host, port = self.server_address[:2]
        return "http://%s:%d" % (host, port)


def write_url_file(path, text):
    """Write atomically so a watcher never reads half a line."""
    directory = os.path.dirname(os.path.abspath(path))
    handle, temp = tempfile.mkstemp(dir=directory, prefix=".emulator-")
    with os.fdopen(handle, "w") as stream:
        stream.write(text + "\n")
    os.replace(temp, path)


def _positive_seconds(text):
    value = float(text)
    if not 0 < value < 1e9:
        raise argparse.ArgumentTypeError("must be a number of seconds above 0")
    return value


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="python emulator", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=0, help="port to bind; 0 picks a free one (default)")
    parser.add_argument("--fixtures", default=DEFAULT_FIXTURE, help="fixture YAML (default: fixtures/demo.yml)")
    parser.add_argument("--data-dir", help="where database files live (default: a temporary directory)")
    parser.add_argument("--url-file", help="also write the URL to this file once listening")
    parser.add_argument("--pid-file", help="write the process id to this file before the URL file")
    parser.add_argument(
        "--fixture-schema", action="store_true", help="print the fixture format as a JSON Schema and exit"
    )
    parser.add_argument(
        "--verbose", action="store_true", help="log every request to stderr (one JSON line: no query values, headers)"
    )
    parser.add_argument(
        "--idle-timeout",
        type=_positive_seconds,
        default=IDLE_TIMEOUT,
        help="close a connection silent this many seconds (default %g)" % IDLE_TIMEOUT,
    )
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.fixture_schema:
        sys.stdout.write(json.dumps(fixture_json_schema(), indent=2) + "\n")
        return 0
    data_dir = args.data_dir or tempfile.mkdtemp(prefix="edge-emulator-")
    os.makedirs(data_dir, exist_ok=True)
    try:
        platform = Platform(args.fixtures, data_dir)
    except FixtureError as exc:
        sys.stderr.write("emulator: %s\n" % exc)
        return 2
    try:
        server = EmulatorServer((args.host, args.port), platform, verbose=args.verbose, idle_timeout=args.idle_timeout)
    except (OSError, OverflowError) as exc:  # port in use or out of range, unknown address
        platform.close()
        sys.stderr.write("emulator: cannot listen on %s port %s: %s\n" % (args.host, args.port, exc))
        return 2
    signal.signal(signal.SIGTERM, lambda *_args: threading.Thread(target=server.shutdown, daemon=True).start())
    if args.pid_file:  # before the URL file: whoever sees the URL can also find the process
        write_url_file(args.pid_file, str(os.getpid()))
    if args.url_file:  # before the stdout line, so a reader of either finds both ready
        write_url_file(args.url_file, server.url)
    sys.stdout.write("EMULATOR_URL=%s\n" % server.url)
    sys.stdout.flush()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        platform.close()
        for path in (args.url_file, args.pid_file):
            if path and os.path.exists(path):
                os.remove(path)
    return 0
