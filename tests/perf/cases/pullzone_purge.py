"""Benchmark case for edge.platform.pullzone_purge on a real network: 1,000 exact URLs of the demo fixture's pull zone
2001 purged in one task through the 50 ms proxy, with the emulator enforcing the platform's documented purge buckets
(exact URLs: 120 at once, then 5 a second; emulator/areas/purge.py). The task must meet no 429 and purge every URL;
its time is reported as a ratio to the buckets' own minimum, (1000 - 120) / 5 = 176 s (target: within 1.2x)."""

from __future__ import annotations

import json
import tempfile
import urllib.request

ITEMS = 1000
BURST, PER_SECOND = 120, 5.0
MINIMUM = (ITEMS - BURST) / PER_SECOND
TARGET = 1.2
URLS = ["https://www.example.com/bench/%04d.js" % i for i in range(ITEMS)]
PURGE = {"edge.platform.pullzone_purge": {"urls": URLS}}


def _admin(url, name):
    with urllib.request.urlopen("%s/_emulator/%s" % (url, name), timeout=60) as answer:  # loopback, no key
        return json.loads(answer.read().decode("utf-8"))


def measure(case, rtt, scratch, bench_dir):
    """``(rows, notes, matched)`` as run.py's network measures: the buckets' minimum as the reference row, then the
    task; matched when no purge met a 429 and every URL was purged once."""
    import run as bench  # pylint: disable=import-outside-toplevel  # tests/perf/run.py, which loads this case
    from network import LatencyProxy, make_ca_and_certificate  # pylint: disable=import-outside-toplevel

    ca_file, cert_file, key_file = make_ca_and_certificate(scratch)
    with bench.EmulatorProcess(bench.DEMO_FIXTURE) as emulator:
        with LatencyProxy(emulator.url, rtt, cert_file, key_file) as proxy:
            junit_dir = tempfile.mkdtemp(dir=scratch)
            task = dict(PURGE, name="network-purge", environment={"REQUESTS_CA_BUNDLE": ca_file})
            before = proxy.counts()
            bench.run_playbook(bench.play([task], proxy.url, bench_dir), scratch, junit_dir)
            after = proxy.counts()
            seconds = bench.task_seconds(junit_dir, "network-purge")
        statuses = [entry["status"] for entry in _admin(emulator.url, "requests")["requests"]]
        purged = _admin(emulator.url, "purge")["pull_zones"].get("2001", {}).get("urls", [])
    connections = after["connections"] - before["connections"]
    requests = after["requests"] - before["requests"]
    rows = [
        (
            "the buckets' own minimum, (%d - %d) / %g" % (ITEMS, BURST, PER_SECOND),
            ITEMS,
            "%.1f" % (MINIMUM / ITEMS * 1000),
            "-",
            "-",
            "1.00",
        ),
        (
            "pullzone_purge, %d exact URLs, in-process" % ITEMS,
            ITEMS,
            "%.1f" % (seconds / ITEMS * 1000),
            "%.3f" % (connections / ITEMS),
            "%.2f" % (requests / ITEMS),
            "%.2f" % (seconds / MINIMUM),
        ),
    ]
    limited = statuses.count(429)
    complete = sorted(purged) == sorted(URLS)
    ratio = seconds / MINIMUM
    notes = [
        "%.1f s for %d URLs: %.2fx the buckets' minimum of %.0f s (target %.1fx: %s)"
        % (seconds, ITEMS, ratio, MINIMUM, TARGET, "met" if ratio <= TARGET else "MISSED, machine busy?"),
        "429 answers: %d (must be 0); URLs purged: %d of %d, each once: %s"
        % (limited, len(purged), ITEMS, "yes" if complete else "NO"),
    ]
    return rows, notes, limited == 0 and complete


NETWORK_CASES = [
    {
        "name": "network: pullzone_purge, 1,000 exact URLs paced to the purge buckets",
        "slow": True,
        "items": ITEMS,
        "measure": measure,
    },
]
