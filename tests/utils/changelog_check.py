"""The changelog checks of the release stage: fragments lint clean and the release of galaxy.yml's version is right.

1. lint: ``antsibull-changelog lint`` on the collection tree (every fragment well-formed).
2. release, depending on whether changelogs/changelog.yaml already holds the galaxy.yml version:
   - not yet released: in a throwaway copy (the real changelog and fragments stay untouched),
     ``antsibull-changelog release --version <version>`` must succeed, its changelog.yaml must pass
     ``lint-changelog-yaml`` and the CHANGELOG.rst it writes must be clean (below);
   - released (the maintainer ran ``antsibull-changelog release --version <version>`` in the repository root):
     changelog.yaml must pass ``lint-changelog-yaml``, the shipped CHANGELOG.rst must be exactly what
     ``antsibull-changelog generate`` writes from it (it is up to date) and be clean.
   A clean CHANGELOG.rst has a section for the version with a release summary, no placeholder URL and parses
   without a single docutils warning.
"""

from __future__ import annotations

import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
WORK = os.path.join(REPO, ".build", "changelog-release")


def galaxy_version(tree):
    import yaml  # pylint: disable=import-outside-toplevel

    with open(os.path.join(tree, "galaxy.yml"), encoding="utf-8") as stream:
        return str(yaml.safe_load(stream)["version"])


def released_versions(tree):
    """The versions changelogs/changelog.yaml holds a release of."""
    import yaml  # pylint: disable=import-outside-toplevel

    with open(os.path.join(tree, "changelogs", "changelog.yaml"), encoding="utf-8") as stream:
        data = yaml.safe_load(stream) or {}
    return sorted(str(v) for v in (data.get("releases") or {}))


def rst_problems(text):
    """docutils messages (level warning and above) for an RST text, as strings."""
    import io

    from docutils.core import publish_doctree  # pylint: disable=import-outside-toplevel

    messages = io.StringIO()
    publish_doctree(text, settings_overrides={"report_level": 2, "halt_level": 5, "warning_stream": messages})
    return [line for line in messages.getvalue().splitlines() if line.strip()]


def release_problems(changelog_rst, version):
    if not os.path.isfile(changelog_rst):
        return ["no CHANGELOG.rst was written"]
    with open(changelog_rst, encoding="utf-8") as stream:
        text = stream.read()
    problems = ["CHANGELOG.rst: %s" % p for p in rst_problems(text)]
    if "v%s" % version not in text:
        problems.append("CHANGELOG.rst has no v%s section" % version)
    if "Release Summary" not in text:
        problems.append("CHANGELOG.rst has no release summary")
    if "example.invalid" in text:
        problems.append("CHANGELOG.rst shows a placeholder URL (example.invalid)")
    return problems


def copy_tree(tree):
    """A throwaway copy of the collection; antsibull-changelog finds it by its ansible_collections/<ns>/<name> path."""
    shutil.rmtree(WORK, ignore_errors=True)
    copy = os.path.join(WORK, "ansible_collections", "edge", "platform")
    shutil.copytree(
        tree, copy, ignore=shutil.ignore_patterns("output", "__pycache__", ".plugin-cache.yaml"), symlinks=True
    )
    return copy


def dry_run_release(run, tool, tree, env, version):
    """Problems of releasing ``version`` in a copy (the real changelog and fragments stay untouched)."""
    copy = copy_tree(tree)
    release_env = dict(env, ANSIBLE_COLLECTIONS_PATH=WORK)
    rc = run("changelog-release", [tool, "release", "--version", version, "--date", "2026-01-01"], copy, release_env)[0]
    if rc != 0:
        return ["antsibull-changelog release exited %d" % rc]
    problems = []
    if run("changelog-yaml-lint", [tool, "lint-changelog-yaml", "changelogs/changelog.yaml"], copy, release_env)[0]:
        problems.append("lint-changelog-yaml failed on the released changelog.yaml")
    return problems + release_problems(os.path.join(copy, "CHANGELOG.rst"), version)


def released_problems(run, tool, tree, env, version):
    """Problems of the release already in changelog.yaml and the shipped CHANGELOG.rst."""
    shipped = os.path.join(tree, "CHANGELOG.rst")
    if not os.path.isfile(shipped):
        return [
            "changelog.yaml releases %s but there is no CHANGELOG.rst: run `antsibull-changelog generate`" % version
        ]
    problems = []
    if run("changelog-yaml-lint", [tool, "lint-changelog-yaml", "changelogs/changelog.yaml"], tree, env)[0]:
        problems.append("lint-changelog-yaml failed on changelogs/changelog.yaml")
    copy = copy_tree(tree)
    rc = run("changelog-generate", [tool, "generate"], copy, dict(env, ANSIBLE_COLLECTIONS_PATH=WORK))[0]
    if rc != 0:
        problems.append("antsibull-changelog generate exited %d" % rc)
    else:
        with open(shipped, encoding="utf-8") as a, open(os.path.join(copy, "CHANGELOG.rst"), encoding="utf-8") as b:
            if a.read() != b.read():
                problems.append(
                    "CHANGELOG.rst is not what changelogs/changelog.yaml generates: run "
                    "`antsibull-changelog generate` in the repository root and commit CHANGELOG.rst"
                )
    return problems + release_problems(shipped, version)


def run_changelog_checks(run, tree, bin_dir, env):
    """Yield (check name, ok, note); ``run(name, cmd, cwd, env)`` returns (rc, lines)."""
    tool = os.path.join(bin_dir, "antsibull-changelog")
    rc = run("changelog-lint", [tool, "lint"], tree, env)[0]
    yield "changelog lint", rc == 0, "" if rc == 0 else "antsibull-changelog lint exited %d" % rc
    version = galaxy_version(tree)
    if version in released_versions(tree):
        name, problems = (
            "changelog %s released, CHANGELOG.rst up to date" % version,
            released_problems(run, tool, tree, env, version),
        )
    else:
        name, problems = "changelog release %s (in a copy)" % version, dry_run_release(run, tool, tree, env, version)
    for problem in problems:
        print("changelog: %s" % problem)
    yield name, not problems, "; ".join(problems)
    shutil.rmtree(WORK, ignore_errors=True)
