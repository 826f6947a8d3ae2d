"""The official libSQL TypeScript client (@libsql/client, pinned in libsql/package-lock.json) works
against the emulator's databases: execute, batch, interactive transactions, errors and tokens.

The client is installed with ``npm ci`` into ``<repo>/.build/libsql-client-<lock digest>/`` once and
reused while the lock file is unchanged. Skipped with a message when node or npm is missing, or when
EDGE_SKIP_NODE_TESTS is set (for offline machines).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess

import pytest

from .conftest import COLLECTION_ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
CLIENT_DIR = os.path.join(HERE, "libsql")
REPO_ROOT = str(COLLECTION_ROOT)
FIXTURE = """
api_keys: [key]
databases:
  - id: conformance
    tokens: {full_access: [full-token], read_only: [read-token]}
"""


def install_client():
    """The directory holding check.mjs next to an installed node_modules (``npm ci`` when needed)."""
    if os.environ.get("EDGE_SKIP_NODE_TESTS"):
        pytest.skip("EDGE_SKIP_NODE_TESTS is set: not running the @libsql/client conformance test")
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        pytest.skip("node and npm are needed to run the @libsql/client conformance test; install Node.js 18 or later")
    digest = hashlib.sha256()
    for name in ("package.json", "package-lock.json"):
        with open(os.path.join(CLIENT_DIR, name), "rb") as handle:
            digest.update(handle.read())
    target = os.path.join(REPO_ROOT, ".build", "libsql-client-%s" % digest.hexdigest()[:16])
    marker = os.path.join(target, "node_modules", ".edge-installed")
    if not os.path.exists(marker):
        os.makedirs(target, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy(os.path.join(CLIENT_DIR, name), target)
        done = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=target,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert done.returncode == 0, "npm ci of @libsql/client failed:\n%s%s" % (done.stdout, done.stderr)
        with open(marker, "w", encoding="utf-8") as handle:
            handle.write("installed from package-lock.json\n")
    shutil.copy(os.path.join(CLIENT_DIR, "check.mjs"), target)
    return node, os.path.join(target, "check.mjs")


def test_libsql_client_against_the_emulator(emulator):
    node, script = install_client()
    # The trailing "/" matters: the client resolves "v2/pipeline" relative to the database URL.
    url = "%s/db/conformance/" % emulator(FIXTURE).url
    done = subprocess.run(
        [node, script, url, "full-token", "read-token"], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)

    assert seen["insert"] == {"rowsAffected": 1, "lastInsertRowid": "1"}
    assert seen["select"]["columns"] == ["id", "big", "name", "data", "ratio"]
    assert seen["select"]["columnTypes"] == ["INTEGER", "INTEGER", "TEXT", "BLOB", "REAL"]
    assert seen["select"]["rows"] == [["1", "9223372036854775807", "héllo", "000102ff", 2.5]]

    assert seen["batch"] == [
        {"rowsAffected": 1, "rows": []},
        {"rowsAffected": 1, "rows": []},
        {"rowsAffected": 0, "rows": [["3"]]},
    ]
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
    assert "403" in seen["readOnlyWrite"]["message"]
    assert seen["countAfterReadOnlyWrite"] == "5"
    assert "401" in seen["invalidToken"]["message"]
