"""Drives the official Python client (libsql-client, pinned in requirements.txt) against an emulator database
and prints what it observed as one JSON object; tests/unit/emulator/test_libsql_client.py makes the assertions.

Usage: python check.py <database URL as the emulator prints it> <full-access token> <read-only token>
       <admin base URL>

An http(s) URL speaks HTTP API v1 (/v1/execute, /v1/batch: no transactions in this client); a ws URL
speaks Hrana over WebSocket (subprotocol hrana2).
"""

import json
import sys
import urllib.request

import libsql_client

url, full_token, read_token, admin = sys.argv[1:5]
out = {}


def show(value):
    return value.hex() if isinstance(value, bytes) else value


def rows(result):
    return [[show(value) for value in row] for row in result.rows]


def failure(run):
    try:
        run()
    except libsql_client.LibsqlError as exc:
        return {"code": exc.code, "message": str(exc)}
    return None


def admin_call(path, body):
    request = urllib.request.Request(admin + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


with libsql_client.create_client_sync(url, auth_token=full_token) as client:
    client.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, big INTEGER, name TEXT, data BLOB, ratio REAL, n)")
    inserted = client.execute(
        "INSERT INTO items (big, name, data, ratio, n) VALUES (?, ?, ?, ?, ?)",
        [9223372036854775807, "héllo", b"\x00\x01\x02\xff", 2.5, None],
    )
    out["insert"] = [inserted.rows_affected, inserted.last_insert_rowid]
    selected = client.execute("SELECT id, big, name, data, ratio, n FROM items WHERE name = :name", {"name": "héllo"})
    out["select"] = {"columns": list(selected.columns), "rows": rows(selected)}
    results = client.batch(
        [
            ("INSERT INTO items (big, name) VALUES (?, ?)", [-9223372036854775808, "min"]),
            "SELECT count(*) FROM items",
        ]
    )
    out["batch"] = [[r.rows_affected, rows(r)] for r in results]
    out["constraint"] = failure(lambda: client.execute("INSERT INTO items (id) VALUES (1)"))
    if url.startswith("ws"):
        with client.transaction() as tx:
            tx.execute("INSERT INTO items (name) VALUES ('rolled back')")
            out["countInsideTransaction"] = tx.execute("SELECT count(*) FROM items").rows[0][0]
            tx.rollback()
        with client.transaction() as tx:
            tx.execute("INSERT INTO items (name) VALUES ('committed')")
            tx.commit()
    out["count"] = client.execute("SELECT count(*) FROM items").rows[0][0]

with libsql_client.create_client_sync(url, auth_token=read_token) as reader:
    out["readOnlyCount"] = reader.execute("SELECT count(*) FROM items").rows[0][0]
    out["readOnlyWrite"] = failure(lambda: reader.execute("DELETE FROM items"))

revoked = admin_call("/tokens", {"kind": "full_access"})["token"]
with libsql_client.create_client_sync(url, auth_token=revoked) as client:
    out["beforeRevoke"] = client.execute("SELECT 1").rows[0][0]
admin_call("/tokens/invalidate", {})
with libsql_client.create_client_sync(url, auth_token=revoked) as client:
    out["revoked"] = failure(lambda: client.execute("SELECT 1"))

print(json.dumps(out))
