"""The changelog checks of the release stage: fragments lint clean and a 1.0.0 release renders clean.

1. lint: ``antsibull-changelog lint`` on the collection tree (every fragment well-formed).
2. release: in a throwaway copy (the real version and fragments stay untouched), ``antsibull-changelog
   release --version 1.0.0`` must succeed, its changelog.yaml must pass ``lint-changelog-yaml``, and the
   CHANGELOG.rst it writes must carry the release summary, no placeholder URL and parse without a single
   docutils warning.
"""

from __future__ import annotations

import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
WORK = os.path.join(REPO, ".build", "changelog-release")
VERSION = "1.0.0"


def rst_problems(text):
    """docutils messages (level warning and above) for an RST text, as strings."""
    import io

    from docutils.core import publish_doctree  # pylint: disable=import-outside-toplevel

    messages = io.StringIO()
    publish_doctree(text, settings_overrides={"report_level": 2, "halt_level": 5, "warning_stream": messages})
    return [line for line in messages.getvalue().splitlines() if line.strip()]


def release_problems(changelog_rst):
    if not os.path.isfile(changelog_rst):
        return ["no CHANGELOG.rst was written"]
    with open(changelog_rst, encoding="utf-8") as stream:
        text = stream.read()
    problems = ["CHANGELOG.rst: %s" % p for p in rst_problems(text)]
    if "v%s" % VERSION not in text:
        problems.append("CHANGELOG.rst has no v%s section" % VERSION)
    if "Release Summary" not in text:
        problems.append("CHANGELOG.rst has no release summary")
    if "example.invalid" in text:
        problems.append("CHANGELOG.rst shows a placeholder URL (example.invalid)")
    return problems


def run_changelog_checks(run, tree, bin_dir, env):
    """Yield (check name, ok, note); ``run(name, cmd, cwd, env)`` returns (rc, lines)."""
    tool = os.path.join(bin_dir, "antsibull-changelog")
    rc = run("changelog-lint", [tool, "lint"], tree, env)[0]
    yield "changelog lint", rc == 0, "" if rc == 0 else "antsibull-changelog lint exited %d" % rc
    shutil.rmtree(WORK, ignore_errors=True)
    # antsibull-changelog finds the collection by its ansible_collections/<ns>/<name> path.
    copy = os.path.join(WORK, "ansible_collections", "edge", "platform")
    shutil.copytree(tree, copy, ignore=shutil.ignore_patterns("output", "__pycache__"), symlinks=True)
    release_env = dict(env, ANSIBLE_COLLECTIONS_PATH=WORK)
    rc = run("changelog-release", [tool, "release", "--version", VERSION, "--date", "2026-01-01"], copy,
             release_env)[0]
    problems = [] if rc == 0 else ["antsibull-changelog release exited %d" % rc]
    if rc == 0:
        rc = run("changelog-yaml-lint", [tool, "lint-changelog-yaml", "changelogs/changelog.yaml"], copy,
                 release_env)[0]
        if rc != 0:
            problems.append("lint-changelog-yaml exited %d on the released changelog.yaml" % rc)
        problems += release_problems(os.path.join(copy, "CHANGELOG.rst"))
    for problem in problems:
        print("changelog: %s" % problem)
    yield "changelog release %s" % VERSION, not problems, "; ".join(problems)
    shutil.rmtree(WORK, ignore_errors=True)
