"""Benchmark cases for edge.platform.database_query (demo fixture: database ``demo``, full-access token).

The module sends exactly one HTTP request per task, whatever the number of statements or rows.
"""

ROWS = 10000
CREATE = "CREATE TABLE bench (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL NOT NULL)"
# One statement seeds every row, so the setup itself is one request too.
SEED = (
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d) "
    "INSERT INTO bench (id, name, score) SELECT i, 'row-' || i, i * 0.5 FROM n" % ROWS
)
SELECT = "SELECT id, name, score FROM bench ORDER BY id"
SEEDED = [{"edge.platform.database_query": {"statements": [CREATE, SEED]}}]

INSERTS = [
    {"sql": "INSERT INTO bench (id, name, score) VALUES (?, ?, ?)", "args": [index, "row-%d" % index, index * 0.5]}
    for index in range(1, 1001)
]


def step(sql, condition=None):
    built = {"stmt": {"sql": sql}}
    if condition is not None:
        built["condition"] = condition
    return built


def ok(index):
    return {"type": "ok", "step": index}


# The pipeline the module posts for one statement in a transaction (BEGIN, schema probe, statement,
# probe, COMMIT, ROLLBACK unless committed), sent by ansible.builtin.uri without any decoding of the rows.
PROBE = "SELECT schema_version, total_changes() AS total_changes FROM pragma_schema_version"
PIPELINE = {
    "requests": [
        {
            "type": "batch",
            "batch": {
                "steps": [
                    step("BEGIN"),
                    step(PROBE, ok(0)),
                    step(SELECT, ok(1)),
                    step(PROBE, ok(0)),
                    step("COMMIT", ok(2)),
                    step("ROLLBACK", {"type": "and", "conds": [ok(0), {"type": "not", "cond": ok(4)}]}),
                ]
            },
        },
        {"type": "close"},
    ]
}

REQUEST_CASES = [
    {
        "name": "database_query 1,000 INSERTs in one task",
        "setup": [{"edge.platform.database_query": {"sql": CREATE}}],
        "task": {"edge.platform.database_query": {"statements": INSERTS}},
        "expect": {"changed": True, "requests": ["POST"], "that": ["measured.results | length == 1000"]},
    },
    {
        "name": "database_query SELECT of 10,000 rows",
        "setup": SEEDED,
        "task": {"edge.platform.database_query": {"sql": SELECT}},
        "expect": {
            "changed": False,
            "requests": ["POST"],
            "that": [
                "measured.results[0].rows | length == %d" % ROWS,
                "measured.results[0].rows[-1] == {'id': %d, 'name': 'row-%d', 'score': %s}" % (ROWS, ROWS, ROWS * 0.5),
            ],
        },
    },
]

TIMING_CASES = [
    {
        "name": "database_query 10,000-row SELECT vs uri POST",
        "slope_count": 5,  # 10,000 rows a task
        "setup": SEEDED,
        "task": {"edge.platform.database_query": {"sql": SELECT}},
        "baseline": {
            "ansible.builtin.uri": {
                "url": "{{ edge_database_url }}/v2/pipeline",
                "method": "POST",
                "headers": {"Authorization": "Bearer {{ edge_database_token }}"},
                "body_format": "json",
                "body": PIPELINE,
            }
        },
        "rows": ROWS,
    },
]

# Peak memory of the module's decode (tests/perf/bench_memory.py: a generated answer of ROWS rows streamed over
# HTTP, decoded and shaped as the module does; the peak growth of the process's RSS against the answer's size).
# 1,000,000 rows need both limits raised; 2,000,000 rows with the defaults must fail naming max_response_bytes,
# saying nothing was applied, with the peak bounded by the limit rather than by the answer.
MEMORY_CASES = [
    {"name": "database_query SELECT of 10,000 rows", "rows": 10000},
    {
        "name": "database_query SELECT of 1,000,000 rows (max_rows 1,000,000, max_response_bytes 256 MiB)",
        "rows": 1000000,
        "max_rows": 1000000,
        "max_response_bytes": 256 * 1024 * 1024,
    },
    {
        "name": "database_query SELECT of 2,000,000 rows (default limits: must fail)",
        "rows": 2000000,
        "fails_with": ["more than the max_response_bytes limit", "raise max_response_bytes", "nothing was applied"],
        "peak_within": 1.5 * 64 * 1024 * 1024,
    },
]
