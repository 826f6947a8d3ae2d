"""The tarball stage: build the collection as Galaxy would, check what it ships, install it, use it.

Checks, one result each (run_suite.py counts them):

1. contents: ``ansible-galaxy collection build`` of the collection tree; the tarball must hold what users
   need (COPYING, the emulator and its role, docs/*.md, every playbook and module, CHANGELOG.rst once released)
   and none of the development harness (tests/utils, tests/requirements-*.txt, npm files, tests/perf, caches,
   venvs); what Galaxy shows (the manifest's links, README.md, docs/*.md) holds no placeholder URL.
2. install: ``ansible-galaxy collection install`` of the tarball into an empty collections path.
3. emulator independence: the installed emulator imports nothing from Ansible or the collection's plugins
   (it is the second implementation the modules are tested against).
4. role play: tests/utils/tarball_play.yml, a user play that starts ``edge.platform.emulator``, runs every
   module once and stops it, with only the installed copy on ANSIBLE_COLLECTIONS_PATH.
5. FQCN playbooks: ``ansible-playbook --syntax-check edge.platform.<name>`` resolves every playbook, and
   ``ansible-playbook edge.platform.demo`` runs from the installed copy against its own emulator.

Stdlib only; run with the virtualenv's Python (the ansible tools come from the same bin directory).
"""

from __future__ import annotations

import ast
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
from run_demo import recap

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
WORK = os.path.join(REPO, ".build", "tarball")
PLAY = os.path.join(HERE, "tarball_play.yml")
LICENSE = "GPL-3.0-or-later"
# What Galaxy and Automation Hub show (the manifest's links, README.md, docs/*.md) must not hold this.
PLACEHOLDER = "example.invalid"

# Development files that must never reach users (fnmatch patterns on tarball member names).
FORBIDDEN = (
    "tests/utils",
    "tests/utils/*",
    "tests/requirements-*.txt",
    "tests/perf",
    "tests/perf/*",
    "*package.json",
    "*package-lock.json",
    "*node_modules*",
    "*__pycache__*",
    "*.pyc",
    ".build*",
    ".venv*",
    ".ci",
    ".ci/*",
    ".git*",
    "Makefile",
    "*.tar.gz",
    "tests/output*",
    "tests/integration/inventory",
    "tests/integration/integration_config.yml",
    ".ansible-lint*",
)
# Files users need: the licence, the manifest, the emulator and the role that runs it.
REQUIRED = (
    "MANIFEST.json",
    "FILES.json",
    "COPYING",
    "README.md",
    "meta/runtime.yml",
    "meta/execution-environment.yml",
    "meta/ee-requirements.txt",
    "changelogs/changelog.yaml",
    "roles/emulator/tasks/start.yml",
    "roles/emulator/tasks/stop.yml",
    "roles/emulator/meta/argument_specs.yml",
    "roles/emulator/README.md",
    "emulator/__main__.py",
    "emulator/server.py",
    "emulator/fixtures/demo.yml",
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


def released(tree):
    """True once changelogs/changelog.yaml holds a release: then CHANGELOG.rst must ship too."""
    with open(os.path.join(tree, "changelogs", "changelog.yaml"), encoding="utf-8") as stream:
        return any(line.startswith("releases:") and line.split(":", 1)[1].strip() != "{}" for line in stream)


def check_contents(tarball, required=REQUIRED):
    """Problems with what the tarball ships (an empty list when it is right)."""
    with tarfile.open(tarball) as archive:
        names = [m.name[2:] if m.name.startswith("./") else m.name for m in archive.getmembers()]
        manifest = json.load(archive.extractfile("MANIFEST.json")) if "MANIFEST.json" in names else {}
    problems = ["ships development file %s" % n for n in names if any(fnmatch.fnmatch(n, p) for p in FORBIDDEN)]
    present = set(names)
    problems += ["misses %s" % n for n in tuple(required) + tuple(repo_globs()) if n not in present]
    info = manifest.get("collection_info", {})
    if info.get("license") != [LICENSE]:
        problems.append("MANIFEST.json licence is %r, expected [%r]" % (info.get("license"), LICENSE))
    with tarfile.open(tarball) as archive:
        shown = [n for n in names if n == "README.md" or fnmatch.fnmatch(n, "docs/*.md")]
        texts = dict((n, archive.extractfile(n).read().decode("utf-8", "replace")) for n in shown)
    texts["MANIFEST.json collection_info"] = json.dumps(info)
    problems += ["%s shows a placeholder URL (%s)" % (n, PLACEHOLDER) for n, t in texts.items() if PLACEHOLDER in t]
    return problems, len(names)


def emulator_imports(emulator_dir):
    """Imports of the emulator that reach into Ansible or the collection's plugins, as 'file: module'."""
    bad = []
    for root, _dirs, files in os.walk(emulator_dir):
        for name in sorted(f for f in files if f.endswith(".py")):
            path = os.path.join(root, name)
            with open(path, encoding="utf-8") as stream:
                tree = ast.parse(stream.read(), path)
            for node in ast.walk(tree):
                modules = (
                    [a.name for a in node.names]
                    if isinstance(node, ast.Import)
                    else [node.module or ""]
                    if isinstance(node, ast.ImportFrom) and not node.level
                    else []
                )
                bad += [
                    "%s: %s" % (os.path.relpath(path, emulator_dir), m)
                    for m in modules
                    if m.split(".")[0] in ("ansible", "ansible_collections") or "plugins" in m.split(".")
                ]
    return bad


def readme_install_path(env):
    """``(path, note)``: what the README's ``EDGE_PLATFORM=$(...)`` line (Install) gives in a user's shell, where the
    README then finds ``meta/ee-requirements.txt`` and the emulator; path None with a note when it cannot run."""
    with open(os.path.join(REPO, "README.md"), encoding="utf-8") as stream:
        found = re.search(r"^EDGE_PLATFORM=\$\(.*?'\)$", stream.read(), re.MULTILINE | re.DOTALL)
    if found is None:
        return None, "README.md has no EDGE_PLATFORM=$(...) line under Install"
    script = found.group(0) + '\nprintf "%s" "$EDGE_PLATFORM"'
    done = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0:
        return None, "the README's EDGE_PLATFORM line failed: %s" % done.stderr.strip()[-300:]
    return done.stdout, None


def play_passed(rc, lines):
    """True when ansible-playbook exited 0 and its PLAY RECAP shows no failed or unreachable host."""
    totals = recap(lines)
    return rc == 0 and bool(totals) and not totals["failed"] and not totals["unreachable"]


def user_env(bin_dir, collections, **extra):
    """A user's environment: only the installed collection is visible, no inventory, no colour."""
    env = dict(os.environ)
    env.update(
        PATH=bin_dir + os.pathsep + env.get("PATH", os.defpath),
        ANSIBLE_COLLECTIONS_PATH=collections,
        ANSIBLE_LOCALHOST_WARNING="false",
        ANSIBLE_INVENTORY_UNPARSED_WARNING="false",
        ANSIBLE_NOCOLOR="true",
        NO_COLOR="1",
    )
    env.update(extra)
    return env


def run_tarball_checks(run, tree, bin_dir):
    """Yield (check name, ok, note) for each check; ``run(name, cmd, cwd, env)`` returns (rc, lines)."""
    shutil.rmtree(WORK, ignore_errors=True)
    dist, collections = os.path.join(WORK, "dist"), os.path.join(WORK, "collections")
    os.makedirs(dist)
    os.makedirs(collections)
    env = user_env(bin_dir, collections)
    rc = run(
        "tarball-build",
        [os.path.join(bin_dir, "ansible-galaxy"), "collection", "build", "--output-path", dist],
        tree,
        env,
    )[0]
    tarballs = glob.glob(os.path.join(dist, "edge-platform-*.tar.gz"))
    if rc != 0 or len(tarballs) != 1:
        yield "contents", False, "ansible-galaxy collection build failed (exit %d)" % rc
        return
    problems, count = check_contents(tarballs[0], REQUIRED + (("CHANGELOG.rst",) if released(tree) else ()))
    for problem in problems:
        print("tarball: %s" % problem)
    summary = "%s: %d members, %d problems" % (os.path.basename(tarballs[0]), count, len(problems))
    yield "contents", not problems, summary
    rc = run(
        "tarball-install",
        [os.path.join(bin_dir, "ansible-galaxy"), "collection", "install", "--offline", "-p", collections, tarballs[0]],
        WORK,
        env,
    )[0]
    installed = os.path.join(collections, "ansible_collections", "edge", "platform")
    ok = rc == 0 and os.path.isfile(os.path.join(installed, "MANIFEST.json"))
    yield "install", ok, "" if ok else "ansible-galaxy collection install failed (exit %d)" % rc
    if not ok:
        return
    found, note = readme_install_path(env)
    ok = found is not None and os.path.realpath(found) == os.path.realpath(installed)
    ok = ok and all(
        os.path.isfile(os.path.join(installed, f)) for f in ("meta/ee-requirements.txt", "emulator/__main__.py")
    )
    yield (
        "README install path",
        ok,
        "" if ok else note or "the README's EDGE_PLATFORM is %r, not %s" % (found, installed),
    )
    bad = emulator_imports(os.path.join(installed, "emulator"))
    for line in bad:
        print("tarball: the emulator imports %s" % line)
    yield "emulator independence", not bad, "%d imports of ansible or plugins/" % len(bad) if bad else ""
    rc, lines = run(
        "tarball-play",
        [os.path.join(bin_dir, "ansible-playbook"), PLAY, "-e", "tarball_collection_dir=%s" % installed],
        WORK,
        env,
    )
    ok = play_passed(rc, lines)
    yield "role play", ok, "" if ok else "the user play failed (exit %d)" % rc
    names = sorted(n[:-4] for n in os.listdir(os.path.join(installed, "playbooks")) if n.endswith(".yml"))
    unresolved = []
    for name in names:
        cmd = [os.path.join(bin_dir, "ansible-playbook"), "--syntax-check", "edge.platform." + name]
        if run("tarball-syntax-" + name, cmd, WORK, env)[0] != 0:
            unresolved.append(name)
    yield (
        "FQCN syntax check",
        bool(names) and not unresolved,
        ", ".join(unresolved) + " did not resolve" if unresolved else "",
    )
    try:
        with EmulatorProcess(
            program=os.path.join(installed, "emulator"),
            fixture=os.path.join(installed, "emulator", "fixtures", "demo.yml"),
            python=os.path.join(bin_dir, "python"),
        ) as emulator:
            demo_env = user_env(
                bin_dir,
                collections,
                EDGE_API_KEY="demo-api-key",
                EDGE_BASE_URL=emulator.url,
                SERVICE_DATABASE_URL=emulator.url + "/db/demo",
                SERVICE_DATABASE_AUTH_TOKEN="demo-full-token",
            )
            rc, lines = run(
                "tarball-fqcn", [os.path.join(bin_dir, "ansible-playbook"), "edge.platform.demo"], WORK, demo_env
            )
    except RuntimeError as exc:
        rc, lines = 1, [str(exc)]
    ok = play_passed(rc, lines)
    yield "FQCN playbook", ok, "" if ok else "ansible-playbook edge.platform.demo failed (exit %d)" % rc


if __name__ == "__main__":
    sys.stderr.write("run it through run_suite.py: `make tarball` or `make test`\n")
    sys.exit(2)
