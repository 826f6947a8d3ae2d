"""libSQL's official clients work against a database URL exactly as the emulator prints it (``<emulator>/db/<id>``,
with or without a trailing slash; docs/platform-notes.md, "Database URLs and Hrana endpoints in the emulator"):

- @libsql/client (TypeScript, pinned in libsql/package-lock.json; http URLs speak Hrana v2 over HTTP, ws URLs
  Hrana 2 over WebSocket: it never asks for Hrana's Protobuf encoding) runs libsql/check.mjs;
- libsql-client (Python, pinned in libsql/requirements.txt; http URLs speak HTTP API v1, ws URLs Hrana 2 over
  WebSocket) runs libsql/check.py.

Each script covers values (64-bit integers, floats, text, blobs, NULL), batches, an interactive transaction (where
the client has one), a read-only token refused a write, and an invalid or revoked token refused.

The clients are installed once into ``<repo>/.build/clients/node`` (``npm ci``) and ``<repo>/.build/clients/py`` (a
venv holding exactly the pins of requirements.txt, ``--no-deps``: see the comment there), and reused while their
lock files are unchanged (clients.py). Where node, npm, the npm registry or PyPI cannot be reached, the test FAILS
and says so: it never passes or skips without the clients.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from .clients import installed, python_venv, run

HERE = os.path.dirname(os.path.abspath(__file__))
CLIENT_DIR = os.path.join(HERE, "libsql")
FIXTURE = """
api_keys: [key]
databases:
  - id: conformance
    tokens: {full_access: [full-token], read_only: [read-token]}
"""


def node_client():
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        pytest.fail("node and npm are needed for the @libsql/client conformance test: install Node.js 18 or later")

    def install(target):
        for name in ("package.json", "package-lock.json"):
            shutil.copy(os.path.join(CLIENT_DIR, name), target)
        run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], "npm ci of @libsql/client", cwd=target)

    locks = [os.path.join(CLIENT_DIR, name) for name in ("package.json", "package-lock.json")]
    target = installed("node", locks, install)
    shutil.copy(os.path.join(CLIENT_DIR, "check.mjs"), target)
    return node, os.path.join(target, "check.mjs")


def python_client():
    requirements = os.path.join(CLIENT_DIR, "requirements.txt")
    target = installed("py", (requirements,), lambda target: python_venv(target, requirements, "libsql-client"))
    return os.path.join(target, "bin", "python")


def observe(command):
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture
def database(emulator):
    running = emulator(FIXTURE)
    return running.url, "%s/db/conformance" % running.url


@pytest.mark.parametrize("scheme, slash", [("http", ""), ("http", "/"), ("ws", "")])
def test_libsql_client_typescript(database, scheme, slash):
    base, url = database
    node, script = node_client()
    url = url.replace("http", scheme, 1) + slash
    seen = observe([node, script, url, "full-token", "read-token", base + "/_emulator/databases/conformance"])

    assert seen["insert"] == {"rowsAffected": 1, "lastInsertRowid": "1"}
    assert seen["select"]["columns"] == ["id", "big", "name", "data", "ratio"]
    assert seen["select"]["columnTypes"] == ["INTEGER", "INTEGER", "TEXT", "BLOB", "REAL"]
    assert seen["select"]["rows"] == [["1", "9223372036854775807", "héllo", "000102ff", 2.5]]
    assert seen["batch"] == [
        {"rowsAffected": 1, "rows": []},
        {"rowsAffected": 1, "rows": []},
        {"rowsAffected": 0, "rows": [["3"]]},
    ]
    assert seen["minimum"] == [["-9223372036854775808", None]]
    assert seen["failedBatch"]["code"] == "SQLITE_CONSTRAINT"
    assert seen["countAfterFailedBatch"] == "3", "a failing batch must apply nothing"
    assert seen["countInsideTransaction"] == "4"
    assert seen["countAfterRollback"] == "3"
    assert seen["committed"] == [["committed", 0.5], ["batched in tx", None]]
    assert seen["notes"] == [["a"], ["b"]]
    assert seen["constraint"]["code"] == "SQLITE_CONSTRAINT"
    assert "UNIQUE constraint failed: items.id" in seen["constraint"]["message"]
    assert seen["parse"]["code"] == "SQL_PARSE_ERROR"
    assert seen["readOnlyCount"] == "5"
    assert seen["countAfterReadOnlyWrite"] == "5"
    assert seen["beforeRevoke"] == "1"
    if scheme == "http":
        assert "403" in seen["readOnlyWrite"]["message"]
        assert "401" in seen["invalidToken"]["message"] and "401" in seen["revoked"]["message"]
    else:  # sqld ends the connection of a token without the right; a bad token's hello fails
        assert "1011" in seen["readOnlyWrite"]["message"]
        assert seen["invalidToken"]["code"] == seen["revoked"]["code"] == "AUTH_JWT_INVALID"


@pytest.mark.parametrize("scheme", ["http", "ws"])
def test_libsql_client_python(database, scheme):
    base, url = database
    python = python_client()
    url = url.replace("http", scheme, 1)
    seen = observe(
        [
            python,
            os.path.join(CLIENT_DIR, "check.py"),
            url,
            "full-token",
            "read-token",
            base + "/_emulator/databases/conformance",
        ]
    )

    assert seen["insert"] == [1, 1]
    assert seen["select"] == {
        "columns": ["id", "big", "name", "data", "ratio", "n"],
        "rows": [[1, 2**63 - 1, "héllo", "000102ff", 2.5, None]],
    }
    assert seen["batch"] == [[1, []], [0, [[2]]]]
    assert seen["constraint"]["code"] == "SQLITE_CONSTRAINT"
    assert seen["beforeRevoke"] == 1
    if scheme == "http":  # HTTP API v1: this client has no transactions over it
        assert seen["count"] == seen["readOnlyCount"] == 2
        assert "403" in seen["readOnlyWrite"]["message"]
        assert "401" in seen["revoked"]["message"]
    else:
        assert seen["countInsideTransaction"] == 3
        assert seen["count"] == seen["readOnlyCount"] == 3
        assert "1011" in seen["readOnlyWrite"]["message"]
        assert seen["revoked"] == {
            "code": "AUTH_JWT_INVALID",
            "message": "AUTH_JWT_INVALID: Authentication failed: The JWT is invalid",
        }
