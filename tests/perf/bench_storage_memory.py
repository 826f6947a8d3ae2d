#!/usr/bin/env python
"""Peak memory of one large storage_file upload: the module's own process, a 1 GiB file, against the emulator.

Usage (run.py runs it; ``make bench`` reports it): ``python tests/perf/bench_storage_memory.py [--mib N]``

The emulator (its own process, the demo fixture and its storage zone ``demo-files``) spools uploads to disk. The
module runs as a module runs on the module path, in a process of its own (``python storage_file.py ARGS``, the
way AnsibleModule takes a file of arguments), twice: once with a 1 KiB file (the baseline: the interpreter, Ansible,
requests) and once with a sparse file of ``--mib`` MiB (default 1,024). Each process's peak RSS comes from the
kernel (``wait4``); the growth is the large upload's peak over the baseline's, the memory the upload itself took: the
file is hashed and sent from disk in pieces, so it stays flat whatever the size. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PLATFORM = os.path.dirname(os.path.dirname(HERE))  # the collection (or the checkout) this file is in
sys.path.insert(0, os.path.join(PLATFORM, "tests", "utils"))

# pylint: disable=wrong-import-position
from emulator_process import DEMO_FIXTURE, EmulatorProcess  # noqa: E402

MODULE = os.path.join(PLATFORM, "plugins", "modules", "storage_file.py")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(PLATFORM)))  # where ansible_collections/ is


def upload(emulator, source, path, scratch):
    """Run storage_file in a process of its own; ``(result, peak RSS bytes, seconds)``."""
    arguments = os.path.join(scratch, "args.json")
    with open(arguments, "w") as stream:
        json.dump(
            {
                "ANSIBLE_MODULE_ARGS": {
                    "api_key": "demo-api-key",
                    "base_url": emulator.url,
                    "storage_zone": "demo-files",
                    "storage_base_url": "%s/storage.bunnycdn.com" % emulator.url,
                    "path": path,
                    "src": source,
                }
            },
            stream,
        )
    environment = dict(os.environ, PYTHONPATH=ROOT)
    started = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, MODULE, arguments], stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, env=environment
    )
    output = process.stdout.read()
    _pid, status, usage = os.wait4(process.pid, 0)
    process.stdout.close()
    seconds = time.monotonic() - started
    result = json.loads(output.decode("utf-8").strip().splitlines()[-1])
    if os.waitstatus_to_exitcode(status) != 0 and not result.get("failed"):
        raise RuntimeError("storage_file exited with status %d: %s" % (status, output[-2000:]))
    return result, usage.ru_maxrss * 1024, seconds


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=int, default=1024)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="edge-bench-storage-") as scratch, EmulatorProcess(DEMO_FIXTURE) as emu:
        small, large = os.path.join(scratch, "small.bin"), os.path.join(scratch, "large.bin")
        with open(small, "wb") as stream:
            stream.write(b"x" * 1024)
        with open(large, "wb") as stream:
            stream.truncate(args.mib * 1024 * 1024)  # zeros, sparse on disk: the bench's disk holds one copy only
        base, base_peak, _seconds = upload(emu, small, "bench/small.bin", scratch)
        done, peak, seconds = upload(emu, large, "bench/large.bin", scratch)
        again, _again_peak, again_seconds = upload(emu, large, "bench/large.bin", scratch)
        held = [f for f in emu.admin("GET", "state")["areas"]["storage"]["storage_zones"] if f["name"] == "demo-files"]
        stored = [f["length"] for f in held[0]["files"] if f["path"] == "/bench/large.bin"] if held else []
    print(
        json.dumps(
            {
                "bytes": args.mib * 1024 * 1024,
                "baseline_peak_bytes": base_peak,
                "peak_bytes": peak,
                "peak_growth_bytes": peak - base_peak,
                "seconds": round(seconds, 2),
                "again_seconds": round(again_seconds, 2),
                "changed": [base.get("changed"), done.get("changed"), again.get("changed")],
                "failure": base.get("msg") or done.get("msg") or again.get("msg"),
                "stored_bytes": stored[0] if stored else None,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
