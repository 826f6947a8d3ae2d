"""Peak memory of database_query on a large SELECT: the answer streamed over HTTP, decoded and shaped as the module does.

Usage (run.py runs it once per case, each in a fresh interpreter, so the peak is this case's alone):
``python tests/perf/bench_memory.py ROWS [--max-rows N] [--max-response-bytes N]``

A local HTTP server generates the Hrana answer of ``SELECT id, name, score FROM bench`` (ROWS rows, the
shape and compact JSON of libSQL's server) chunk by chunk, so the server side holds next to nothing. The
measured part is the module's own: ``_api.hrana.run_batch`` (the client streaming the answer under
``max_response_bytes``, the values decoded while it is parsed) and the verdict (the rows shaped as dicts).
Prints one JSON line: the answer's size, the peak growth of this process's RSS over the measured part
(``ru_maxrss``), the result's retained size (tracemalloc is not used: it would slow the decode and
inflate the RSS), and the failure message when the module refused the answer.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
# run from the built collection tree: .build/collections/ansible_collections/edge/platform/tests/perf
sys.path.insert(0, os.path.abspath(os.path.join(HERE, "..", "..", "..", "..", "..")))

# pylint: disable=wrong-import-position
from ansible_collections.edge.platform.plugins.module_utils._api import hrana  # noqa: E402
from ansible_collections.edge.platform.plugins.module_utils._database import sql_plan  # noqa: E402
from ansible_collections.edge.platform.plugins.module_utils._engine.client import (  # noqa: E402
    DEFAULT_MAX_RESPONSE_BYTES,
    Client,
    bearer_auth,
)
from ansible_collections.edge.platform.plugins.module_utils._engine.errors import ApiError  # noqa: E402

SELECT = "SELECT id, name, score FROM bench ORDER BY id"
BATCH_ROWS = 5000


def value(kind, text):
    return '{"type":"%s","value":%s}' % (kind, text)


def answer_chunks(rows):
    """The pipeline answer of the module's one-statement transaction: BEGIN, probe, SELECT, probe, COMMIT
    (ROLLBACK skipped), then close; yielded in pieces of BATCH_ROWS rows."""
    empty = '{"cols":[],"rows":[],"affected_row_count":0,"last_insert_rowid":null}'
    probe = (
        '{"cols":[{"name":"schema_version","decltype":null},{"name":"user_version","decltype":null},'
        '{"name":"total_changes","decltype":null}],"rows":[[%s,%s,%s]],"affected_row_count":0,'
        '"last_insert_rowid":null}' % (value("integer", '"1"'), value("integer", '"0"'), value("integer", '"0"'))
    )
    yield (
        '{"baton":null,"base_url":null,"results":[{"type":"ok","response":{"type":"batch","result":'
        '{"step_results":[%s,%s,{"cols":[{"name":"id","decltype":"INTEGER"},{"name":"name","decltype":"TEXT"},'
        '{"name":"score","decltype":"REAL"}],"rows":[' % (empty, probe)
    )
    for start in range(1, rows + 1, BATCH_ROWS):
        batch = range(start, min(rows, start + BATCH_ROWS - 1) + 1)
        text = ",".join(
            "[%s,%s,%s]" % (value("integer", '"%d"' % i), value("text", '"row-%d"' % i), value("float", repr(i * 0.5)))
            for i in batch
        )
        yield text + ("," if start + BATCH_ROWS <= rows else "")
    yield (
        '],"affected_row_count":0,"last_insert_rowid":null},%s,%s,null],"step_errors":[null,null,null,null,null,null]}}},'
        '{"type":"ok","response":{"type":"close"}}]}' % (probe, empty)
    )


class Handler(BaseHTTPRequestHandler):
    rows = 0
    sent = 0

    def do_POST(self):  # noqa: N802  (http.server's naming)
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()  # no Content-Length: the client finds the size only by reading
        try:
            for chunk in answer_chunks(self.rows):
                data = chunk.encode("ascii")
                self.wfile.write(data)
                Handler.sent += len(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client stopped reading at its limit

    def log_message(self, *args):
        pass


def rss_peak_bytes():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", type=int)
    parser.add_argument("--max-rows", type=int, default=sql_plan.MAX_ROWS_DEFAULT)
    parser.add_argument("--max-response-bytes", type=int, default=DEFAULT_MAX_RESPONSE_BYTES)
    args = parser.parse_args(argv)
    answer_bytes = sum(len(chunk) for chunk in answer_chunks(args.rows))
    Handler.rows = args.rows
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    client = Client(
        "http://127.0.0.1:%d" % server.server_address[1],
        bearer_auth("bench-token"),
        retries=0,
        timeout=600.0,
        max_response_bytes=args.max_response_bytes,
        size_option="max_response_bytes",
    )
    plan = sql_plan.Plan([sql_plan.make_statement("sql", SELECT, None, None)], True, False)
    gc.collect()
    before = rss_peak_bytes()
    result = {
        "rows": args.rows,
        "answer_bytes": answer_bytes,
        "max_response_bytes": args.max_response_bytes,
        "max_rows": args.max_rows,
    }
    try:
        answer = hrana.run_batch(client, plan)
        verdict = plan.verdict(answer.outcomes, answer.refusal, args.max_rows, None)
        del answer
        if verdict.msg is not None:
            result["failure"] = verdict.msg
        else:
            result["returned_rows"] = len(verdict.results[0]["rows"])
            result["last_row"] = verdict.results[0]["rows"][-1]
    except ApiError as error:
        result["failure"] = error.describe()
    result["peak_growth_bytes"] = rss_peak_bytes() - before
    result["read_bytes"] = Handler.sent
    server.shutdown()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
