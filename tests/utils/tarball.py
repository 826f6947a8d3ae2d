"""The tarball stage: build the collection as Galaxy would, check what it ships, install it, use it.

Checks, one result each (run_suite.py counts them):

1. contents: ``ansible-galaxy collection build`` of the collection tree; the tarball must hold what users
   need (COPYING, the emulator and its role, docs/*.md, every playbook and module) and none of the
   development harness (tests/utils, tests/requirements-*.txt, npm files, tests/perf, caches, venvs); what
   Galaxy shows (the manifest's links, README.md, docs/*.md) holds no placeholder URL.
2. install: ``ansible-galaxy collection install`` of the tarball into an empty collections path.
3. role play: tests/utils/tarball_play.yml, a user play that starts ``edge.platform.emulator``, runs every
   module once and stops it, with only the installed copy on ANSIBLE_COLLECTIONS_PATH.
4. FQCN playbook: ``ansible-playbook edge.platform.demo`` from the installed copy against its own emulator.

Stdlib only; run with the virtualenv's Python (the ansible tools come from the same bin directory).
"""

from __future__ import annotations

import fnmatch
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile

from emulator_process import EmulatorProcess

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
WORK = os.path.join(REPO, ".build", "tarball")
PLAY = os.path.join(HERE, "tarball_play.yml")
LICENSE = "GPL-3.0-or-later"
# What Galaxy and Automation Hub show (the manifest's links, README.md, docs/*.md) must not hold this.
PLACEHOLDER = "example.invalid"

# Development files that must never reach users (fnmatch patterns on tarball member names).
FORBIDDEN = (
    "tests/utils", "tests/utils/*", "tests/requirements-*.txt", "tests/perf", "tests/perf/*",
    "*package.json", "*package-lock.json", "*node_modules*", "*__pycache__*", "*.pyc",
    ".build*", ".venv*", ".ci", ".ci/*", ".git*", "Makefile", "*.tar.gz", "tests/output*",
    "tests/integration/inventory", "tests/integration/integration_config.yml", ".ansible-lint*",
)
# Files users need: the licence, the manifest, the emulator and the role that runs it.
REQUIRED = (
    "MANIFEST.json", "FILES.json", "COPYING", "README.md", "meta/runtime.yml", "meta/execution-environment.yml",
    "meta/ee-requirements.txt", "changelogs/changelog.yaml", "roles/emulator/tasks/start.yml",
    "roles/emulator/tasks/stop.yml", "roles/emulator/meta/argument_specs.yml", "roles/emulator/README.md",
    "tests/emulator/__main__.py", "tests/emulator/server.py", "tests/emulator/fixtures/demo.yml",
    "playbooks/files/petstore-openapi.yaml",
)


def repo_globs():
    """Files users need that are found by globbing the repository (every playbook, module, guide)."""
    found = []
    for pattern in ("playbooks/*.yml", "plugins/modules/*.py", "docs/*.md"):
        matches = sorted(os.path.relpath(p, REPO) for p in glob.glob(os.path.join(REPO, pattern)))
        if not matches:
            found.append(pattern)  # reported as missing: the repository itself lost them
        found += matches
    return found


def check_contents(tarball):
    """Problems with what the tarball ships (an empty list when it is right)."""
    with tarfile.open(tarball) as archive:
        names = [m.name[2:] if m.name.startswith("./") else m.name for m in archive.getmembers()]
        manifest = json.load(archive.extractfile("MANIFEST.json")) if "MANIFEST.json" in names else {}
    problems = ["ships development file %s" % n for n in names if any(fnmatch.fnmatch(n, p) for p in FORBIDDEN)]
    present = set(names)
    problems += ["misses %s" % n for n in REQUIRED + tuple(repo_globs()) if n not in present]
    info = manifest.get("collection_info", {})
    if info.get("license") != [LICENSE]:
        problems.append("MANIFEST.json licence is %r, expected [%r]" % (info.get("license"), LICENSE))
    with tarfile.open(tarball) as archive:
        shown = [n for n in names if n == "README.md" or fnmatch.fnmatch(n, "docs/*.md")]
        texts = dict((n, archive.extractfile(n).read().decode("utf-8", "replace")) for n in shown)
    texts["MANIFEST.json collection_info"] = json.dumps(info)
    problems += ["%s shows a placeholder URL (%s)" % (n, PLACEHOLDER) for n, t in texts.items() if PLACEHOLDER in t]
    return problems, len(names)


def recap_failures(lines):
    """(failed + unreachable) summed over the PLAY RECAP lines, or None when there is no recap."""
    totals = None
    for line in lines:
        match = re.match(r"^\S+\s+:\s+ok=\d+\s+changed=\d+\s+unreachable=(\d+)\s+failed=(\d+)", line.strip())
        if match:
            totals = (totals or 0) + int(match.group(1)) + int(match.group(2))
    return totals


def user_env(bin_dir, collections, **extra):
    """A user's environment: only the installed collection is visible, no inventory, no colour."""
    env = dict(os.environ)
    env.update(PATH=bin_dir + os.pathsep + env.get("PATH", os.defpath), ANSIBLE_COLLECTIONS_PATH=collections,
               ANSIBLE_LOCALHOST_WARNING="false", ANSIBLE_INVENTORY_UNPARSED_WARNING="false",
               ANSIBLE_NOCOLOR="true", NO_COLOR="1")
    env.update(extra)
    return env


def run_tarball_checks(run, tree, bin_dir):
    """Yield (check name, ok, note) for each check; ``run(name, cmd, cwd, env)`` returns (rc, lines)."""
    shutil.rmtree(WORK, ignore_errors=True)
    dist, collections = os.path.join(WORK, "dist"), os.path.join(WORK, "collections")
    os.makedirs(dist)
    os.makedirs(collections)
    env = user_env(bin_dir, collections)
    rc = run("tarball-build", [os.path.join(bin_dir, "ansible-galaxy"), "collection", "build", "--output-path",
                               dist], tree, env)[0]
    tarballs = glob.glob(os.path.join(dist, "edge-platform-*.tar.gz"))
    if rc != 0 or len(tarballs) != 1:
        yield "contents", False, "ansible-galaxy collection build failed (exit %d)" % rc
        return
    problems, count = check_contents(tarballs[0])
    for problem in problems:
        print("tarball: %s" % problem)
    yield "contents", not problems, "%s: %d members, %d problems" % (os.path.basename(tarballs[0]), count,
                                                                      len(problems))
    rc = run("tarball-install", [os.path.join(bin_dir, "ansible-galaxy"), "collection", "install", "--offline",
                                 "-p", collections, tarballs[0]], WORK, env)[0]
    installed = os.path.join(collections, "ansible_collections", "edge", "platform")
    ok = rc == 0 and os.path.isfile(os.path.join(installed, "MANIFEST.json"))
    yield "install", ok, "" if ok else "ansible-galaxy collection install failed (exit %d)" % rc
    if not ok:
        return
    rc, lines = run("tarball-play", [os.path.join(bin_dir, "ansible-playbook"), PLAY, "-e",
                                     "tarball_collection_dir=%s" % installed], WORK, env)
    ok = rc == 0 and recap_failures(lines) == 0
    yield "role play", ok, "" if ok else "the user play failed (exit %d)" % rc
    try:
        with EmulatorProcess(program=os.path.join(installed, "tests", "emulator"),
                             fixture=os.path.join(installed, "tests", "emulator", "fixtures", "demo.yml"),
                             python=os.path.join(bin_dir, "python")) as emulator:
            demo_env = user_env(bin_dir, collections, EDGE_API_KEY="demo-api-key", EDGE_BASE_URL=emulator.url,
                                SERVICE_DATABASE_URL=emulator.url + "/db/demo",
                                SERVICE_DATABASE_AUTH_TOKEN="demo-full-token")
            rc, lines = run("tarball-fqcn", [os.path.join(bin_dir, "ansible-playbook"), "edge.platform.demo"],
                            WORK, demo_env)
    except RuntimeError as exc:
        rc, lines = 1, [str(exc)]
    ok = rc == 0 and recap_failures(lines) == 0
    yield "FQCN playbook", ok, "" if ok else "ansible-playbook edge.platform.demo failed (exit %d)" % rc


if __name__ == "__main__":
    sys.stderr.write("run it through run_suite.py: `make tarball` or `make test`\n")
    sys.exit(2)
