"""Benchmark cases for edge.platform.storage_files on a real network: 1,000 small files (10 folders of 100) uploaded to
the demo fixture's storage zone demo-files through the 50 ms proxy in one task (10 uploads in flight, as the reference, over one kept-alive
pool, each confirmed by the listing read back), then the same task again (no change: one listing per folder and the
local hashes). The reference: the same 1,000 PUTs with plain ``requests``, a pool of 10 in flight, in a fresh
interpreter. Targets (issue 32): the upload within 1.3x the reference, the no-change run under 0.2x."""

from __future__ import annotations

import json
import os
import tempfile
import urllib.request

from json_run import json_result  # tests/perf, on the path of run.py which loads this case

FILES = 1000
STORAGE = "/storage.bunnycdn.com/demo-files"
PASSWORD = "demo-storage-password"  # the demo fixture's zone password: the reference's AccessKey
UPLOAD_TARGET, NO_CHANGE_TARGET = 1.3, 0.2
REFERENCE = r"""
import concurrent.futures, hashlib, json, os, sys, time
import requests
url, root, ca_file, password = sys.argv[1:5]
paths = sorted(os.path.relpath(os.path.join(d, n), root) for d, _s, names in os.walk(root) for n in names)
start = time.monotonic()
session = requests.Session()
def one(relative):
    with open(os.path.join(root, relative), "rb") as stream:
        body = stream.read()
    headers = {"AccessKey": password, "Checksum": hashlib.sha256(body).hexdigest().upper()}
    session.put(url + "/reference/" + relative, data=body, headers=headers, timeout=30, verify=ca_file).raise_for_status()
with concurrent.futures.ThreadPoolExecutor(max_workers=10) as pool:
    list(pool.map(one, paths))
print(json.dumps({"seconds": time.monotonic() - start}))
"""


def make_files(root):
    for index in range(FILES):
        folder = os.path.join(root, "f%d" % (index % 10))
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "file%04d.txt" % index), "w", encoding="utf-8") as stream:
            stream.write("small file %d\n" % index)


def _reference(url, root, ca_file):
    return json_result(["-c", REFERENCE, url, root, ca_file, PASSWORD], "the storage reference")["seconds"]


def _writes(url):
    with urllib.request.urlopen("%s/_emulator/requests" % url, timeout=60) as answer:  # loopback, no key
        log = json.loads(answer.read().decode("utf-8"))["requests"]
    return [entry for entry in log if entry["method"] in ("PUT", "DELETE")]


def measure(case, rtt, scratch, bench_dir):
    """``(rows, notes, matched)`` as run.py's network measures: the reference row, the upload, the no-change run;
    matched when every upload landed (1,000 PUTs each, all 201) and the second run sent no write."""
    import run as bench  # pylint: disable=import-outside-toplevel  # tests/perf/run.py, which loads this case
    from network import LatencyProxy, make_ca_and_certificate  # pylint: disable=import-outside-toplevel

    ca_file, cert_file, key_file = make_ca_and_certificate(scratch)
    root = tempfile.mkdtemp(dir=scratch)
    make_files(root)
    seconds = {}
    with bench.EmulatorProcess(bench.DEMO_FIXTURE) as emulator:
        with LatencyProxy(emulator.url, rtt, cert_file, key_file) as proxy:
            counts = [proxy.counts()]
            seconds["reference"] = _reference(proxy.url + STORAGE, root, ca_file)
            counts.append(proxy.counts())
            task = {
                "edge.platform.storage_files": {
                    "storage_zone": "demo-files",
                    "src": root,
                    "path": "bench",
                    "concurrency": 10,  # the reference's pool: the same parallelism (the module's default is 8)
                    "storage_base_url": proxy.url + "/storage.bunnycdn.com",
                },
                "environment": {"REQUESTS_CA_BUNDLE": ca_file},
            }
            for name in ("upload", "no-change"):
                junit_dir = tempfile.mkdtemp(dir=scratch)
                bench.run_playbook(
                    bench.play([dict(task, name="storage-" + name)], proxy.url, bench_dir), scratch, junit_dir
                )
                seconds[name] = bench.task_seconds(junit_dir, "storage-" + name)
                counts.append(proxy.counts())
        writes = _writes(emulator.url)
    reference = seconds["reference"]
    rows = []
    for index, (form, key) in enumerate(
        (("plain requests, pool of 10, 1,000 PUTs", "reference"), ("storage_files, 1,000 uploaded", "upload"),
         ("storage_files, the same 1,000, no change", "no-change"))
    ):  # fmt: skip
        requests = counts[index + 1]["requests"] - counts[index]["requests"]
        connections = counts[index + 1]["connections"] - counts[index]["connections"]
        rows.append(
            (form, FILES, "%.1f" % (seconds[key] / FILES * 1000), "%.3f" % (connections / FILES),
             "%.2f" % (requests / FILES), "%.2f" % (seconds[key] / reference))
        )  # fmt: skip
    task_puts = [w for w in writes if "/bench/" in w["path"]]
    landed = len(task_puts) == FILES and all(w["status"] == 201 for w in writes)
    upload, unchanged = seconds["upload"] / reference, seconds["no-change"] / reference
    notes = [
        "upload: %.2fx the pool-of-10 reference (target %.1fx: %s)"
        % (upload, UPLOAD_TARGET, "met" if upload <= UPLOAD_TARGET else "MISSED, machine busy?"),
        "no change: %.2fx the reference (target under %.1fx: %s)"
        % (unchanged, NO_CHANGE_TARGET, "met" if unchanged < NO_CHANGE_TARGET else "MISSED, machine busy?"),
        "PUTs of the task: %d, all writes answered 201: %s; writes of the no-change run: none expected"
        % (len(task_puts), "yes" if landed else "NO"),
    ]
    return rows, notes, landed


NETWORK_CASES = [
    {
        "name": "network: storage_files, 1,000 small files uploaded, then no change",
        "slow": True,
        "items": FILES,
        "measure": measure,
    },
]
