"""The libSQL server surface beside /v2/pipeline, as sqld serves it (docs/platform-notes.md, "Database URLs and
Hrana endpoints in the emulator"): HTTP API v1, Hrana 3 pipeline and cursor over HTTP, Hrana over WebSocket,
and the bounds on a result."""

from __future__ import annotations

import json
import threading
import time

import pytest

from emulator.hrana import execute as hrana_exec

from ..hrana_client import CLOSE, WebSocket, batch, execute, integer, text

FULL = {"Authorization": "Bearer full-1"}
READ = {"Authorization": "Bearer read-1"}


def stmt(sql, *args):
    return {"sql": sql, "args": list(args)}


# -- HTTP API v1 ------------------------------------------------------------------------------


def test_v1_execute_and_batch(emu):
    emu.one("CREATE TABLE t (x INTEGER PRIMARY KEY, b BLOB)")
    status, _type, body = emu.call(
        "POST",
        "/db/main/v1/execute",
        {"stmt": stmt("INSERT INTO t VALUES (?, ?)", integer(2**63 - 1), {"type": "blob", "base64": "AP8="})},
        FULL,
    )
    assert status == 200 and body["result"]["last_insert_rowid"] == str(2**63 - 1)
    steps = [{"stmt": stmt("SELECT b FROM t")}, {"stmt": stmt("INSERT INTO nope VALUES (1)")}]
    status, _type, body = emu.call("POST", "/db/v1/batch", {"batch": {"steps": steps}}, FULL)
    assert status == 200
    assert body["result"]["step_results"][0]["rows"] == [[{"type": "blob", "base64": "AP8"}]]
    assert body["result"]["step_errors"][1]["code"] == "SQLITE_UNKNOWN"
    # a step that does not compile fails the whole batch before any step runs
    steps.append({"stmt": stmt("SELEC")})
    answer = emu.call("POST", "/db/v1/batch", {"batch": {"steps": steps}}, FULL)
    assert answer[0] == 400 and answer[2]["code"] == "SQL_PARSE_ERROR"


@pytest.mark.parametrize(
    "sql, status, code",
    [("SELEC 1", 400, "SQL_PARSE_ERROR"), ("INSERT INTO nope VALUES (1)", 500, "SQLITE_UNKNOWN")],
)
def test_v1_execute_errors_are_the_whole_answer_with_sqlds_statuses(emu, sql, status, code):
    answer = emu.call("POST", "/db/main/v1/execute", {"stmt": stmt(sql)}, FULL)
    assert answer[:2] == (status, "application/json") and answer[2]["code"] == code


def test_v1_protocol_and_permission_errors(emu):
    assert emu.call("POST", "/v1/execute", {"stmt": {"sql_id": 1}}, FULL) == (
        400,
        "text/plain",
        "Field `sql_id` is only supported in protocol version hrana2 and higher",
    )
    assert emu.call("POST", "/db/main/v1/execute", {"nope": 1}, FULL)[:2] == (400, "text/plain")
    assert emu.call("POST", "/db/main/v1/execute", {"stmt": stmt("CREATE TABLE w (x)")}, READ)[0] == 403
    assert emu.call("POST", "/db/main/v1/execute", {"stmt": stmt("SELECT 1")})[0] == 401


# -- Hrana 3 over HTTP ------------------------------------------------------------------------


def test_v3_pipeline_serves_get_autocommit_and_is_autocommit(emu):
    requests = [
        execute("BEGIN"),
        {"type": "get_autocommit"},
        batch(
            "SELECT 1",
            ("SELECT 2", {"type": "is_autocommit"}),
            ("SELECT 3", {"type": "not", "cond": {"type": "is_autocommit"}}),
        ),
        execute("COMMIT"),
        {"type": "get_autocommit"},
        CLOSE,
    ]
    status, _type, body = emu.call("POST", "/db/main/v3/pipeline", {"requests": requests}, FULL)
    assert status == 200, body
    results = [r["response"] for r in body["results"]]
    assert results[1] == {"type": "get_autocommit", "is_autocommit": False}
    assert results[2]["result"]["step_results"][1] is None and results[2]["result"]["step_results"][2] is not None
    assert results[4] == {"type": "get_autocommit", "is_autocommit": True}
    assert body["baton"] is None


def test_v3_cursor_streams_entries_as_lines(emu):
    emu.one("CREATE TABLE t (x INTEGER)")
    body = {
        "baton": None,
        "batch": {
            "steps": [
                {"stmt": stmt("INSERT INTO t VALUES (1), (2)")},
                {"stmt": stmt("SELECT x FROM t")},
                {"stmt": stmt("INSERT INTO nope VALUES (1)")},
                {"stmt": stmt("SELECT 1"), "condition": {"type": "ok", "step": 2}},
            ]
        },
    }
    status, content_type, raw = emu.call("POST", "/db/main/v3/cursor", body, FULL)
    assert (status, content_type) == (200, "text/plain")
    lines = [json.loads(line) for line in raw.splitlines()]
    assert set(lines[0]) == {"baton", "base_url"} and lines[0]["baton"]
    assert [line["type"] for line in lines[1:]] == [
        "step_begin",
        "step_end",
        "step_begin",
        "row",
        "row",
        "step_end",
        "step_error",
    ]
    assert lines[2] == {"type": "step_end", "affected_row_count": 2, "last_insert_rowid": "2"}
    assert lines[4] == {"type": "row", "row": [integer(1)]}
    assert lines[7]["step"] == 2 and lines[7]["error"]["code"] == "SQLITE_UNKNOWN"
    # the baton carries on the stream
    assert emu.pipeline([execute("SELECT 1"), CLOSE], baton=lines[0]["baton"])[0] == 200
    # a step that does not compile: sqld's catch-all 500
    body = {"batch": {"steps": [{"stmt": stmt("SELEC")}]}}
    assert emu.call("POST", "/db/main/v3/cursor", body, FULL)[0] == 500


# -- bounds -----------------------------------------------------------------------------------


def test_a_result_over_the_response_limit_is_refused_not_built(emu):
    error = emu.error("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT randomblob(1000) FROM n")
    assert error == {"message": "Response is too large", "code": "RESPONSE_TOO_LARGE"}
    error = emu.error("SELECT zeroblob(1000000000)")
    assert error["code"] == "SQLITE_TOOBIG"
    assert emu.scalar("SELECT length(randomblob(1000000))") == integer(1000000)


# -- Hrana over WebSocket ---------------------------------------------------------------------


@pytest.fixture
def ws(emu):
    sockets = []

    def connect(path="/db/main", protocols=("hrana3-protobuf", "hrana3", "hrana2"), token="full-1"):
        socket = WebSocket(emu.url, path, protocols)
        sockets.append(socket)
        if token is not None and socket.status == 101:
            socket.send({"type": "hello", "jwt": token})
        return socket

    yield connect
    for socket in sockets:
        socket.close()


def test_websocket_handshake_negotiates_sqlds_subprotocols(ws):
    socket = ws(token=None)
    assert socket.status == 101 and socket.headers["sec-websocket-protocol"] == "hrana3"
    assert ws(protocols=("hrana2",), token=None).headers["sec-websocket-protocol"] == "hrana2"
    assert ws(protocols=("hrana3-protobuf",), token=None).status == 400
    assert ws(path="/db/nope", token=None).status == 404


def test_websocket_streams_statements_batches_and_cursors(ws):
    socket = ws()
    assert socket.frame()[1] == {"type": "hello_ok"}
    assert socket.request(1, {"type": "open_stream", "stream_id": 1})["type"] == "response_ok"
    answer = socket.request(
        2, {"type": "execute", "stream_id": 1, "stmt": stmt("SELECT ?, ?", integer(-(2**63)), text("é"))}
    )
    assert answer["request_id"] == 2 and answer["response"]["result"]["rows"] == [[integer(-(2**63)), text("é")]]
    assert socket.request(3, {"type": "store_sql", "sql_id": 7, "sql": "SELECT 42"})["type"] == "response_ok"
    answer = socket.request(4, {"type": "batch", "stream_id": 1, "batch": {"steps": [{"stmt": {"sql_id": 7}}]}})
    assert answer["response"]["result"]["step_results"][0]["rows"] == [[integer(42)]]
    assert (
        socket.request(5, {"type": "execute", "stream_id": 1, "stmt": stmt("SELEC")})["error"]["code"]
        == "SQL_PARSE_ERROR"
    )
    socket.request(
        6,
        {
            "type": "open_cursor",
            "stream_id": 1,
            "cursor_id": 1,
            "batch": {"steps": [{"stmt": stmt("VALUES (1), (2)")}]},
        },
    )
    first = socket.request(7, {"type": "fetch_cursor", "cursor_id": 1, "max_count": 2})["response"]
    rest = socket.request(8, {"type": "fetch_cursor", "cursor_id": 1, "max_count": 10})["response"]
    assert [e["type"] for e in first["entries"] + rest["entries"]] == ["step_begin", "row", "row", "step_end"]
    assert (first["done"], rest["done"]) == (False, True)
    assert socket.request(9, {"type": "get_autocommit", "stream_id": 1})["response"]["is_autocommit"] is True
    socket.send(b"", opcode=9)
    assert socket.frame() == (10, b"")
    assert socket.request(10, {"type": "close_stream", "stream_id": 9}) == (1008, "Stream 9 not found")


def test_websocket_at_the_root_takes_the_database_of_the_token(ws):
    socket = ws(path="/", token="seeded-full")
    assert socket.frame()[1] == {"type": "hello_ok"}
    socket.request(1, {"type": "open_stream", "stream_id": 0})
    assert socket.request(2, {"type": "execute", "stream_id": 0, "stmt": stmt("SELECT n FROM seeds")})["response"][
        "result"
    ]["rows"] == [[integer(7)]]


def test_websocket_refuses_bad_tokens_and_read_only_writes(ws):
    socket = ws(token="unknown")
    assert socket.frame()[1] == {
        "type": "hello_error",
        "error": {"message": "Authentication failed: The JWT is invalid", "code": "AUTH_JWT_INVALID"},
    }
    assert socket.frame()[0] == 8
    socket = ws(token="seeded-full")  # a token of another database
    assert socket.frame()[1]["type"] == "hello_error"
    socket = ws(token="read-1")
    assert socket.frame()[1] == {"type": "hello_ok"}
    socket.request(1, {"type": "open_stream", "stream_id": 1})
    assert socket.request(2, {"type": "execute", "stream_id": 1, "stmt": stmt("SELECT 1")})["type"] == "response_ok"
    # sqld ends the connection of a token without the right
    assert socket.request(3, {"type": "execute", "stream_id": 1, "stmt": stmt("CREATE TABLE w (x)")}) == (
        1011,
        "Internal server error",
    )
    socket = ws(token=None)
    socket.send({"type": "request", "request_id": 1, "request": {"type": "open_stream", "stream_id": 1}})
    assert socket.frame()[1] == (1008, "Received a request before hello message")


def test_a_long_request_is_bounded_and_leaves_other_databases_alone(emu, monkeypatch):
    # long enough that the other database's answer comes first even on a loaded machine; the statement is interrupted then
    monkeypatch.setattr(hrana_exec, "REQUEST_TIMEOUT_S", 5.0)
    endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
    answer = {}
    worker = threading.Thread(target=lambda: answer.update(main=emu.results([batch(endless, "SELECT 1"), CLOSE])))
    worker.start()
    time.sleep(0.2)
    assert emu.scalar("SELECT n FROM seeds", token="seeded-full", database="seeded") == integer(7)
    assert worker.is_alive(), "another database answers while this one is busy"
    worker.join(60)
    errors = answer["main"][0]["response"]["result"]["step_errors"]
    assert [e["code"] for e in errors] == ["SQLITE_INTERRUPT", "SQLITE_INTERRUPT"]
    assert emu.scalar("SELECT 2") == integer(2), "the next request has its own time"
