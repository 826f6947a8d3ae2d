"""One helper of the bench: run a script in a fresh interpreter and read the JSON line it prints last."""

from __future__ import annotations

import json
import subprocess
import sys


def json_result(argv, what):
    """The JSON object of the last line ``python argv...`` printed; RuntimeError naming ``what`` when it failed."""
    proc = subprocess.run(
        [sys.executable] + list(argv),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        universal_newlines=True,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (what, proc.stdout))
    return json.loads(proc.stdout.strip().splitlines()[-1])
