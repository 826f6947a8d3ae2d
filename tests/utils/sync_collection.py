"""Mirror the repository's files into an ansible_collections/<ns>/<name> tree (stdlib only).

Usage: ``python3 tests/utils/sync_collection.py DEST``

The file set is what git lists (``git ls-files -co --exclude-standard``: tracked plus new, unignored
files), so the copy matches what ansible-test, ansible-lint and ansible-galaxy would see in a clean
checkout. Copies are incremental (size + mtime) and files that left the repository are deleted from
DEST, except the outputs the tools write there themselves.

Python rather than rsync: rsync is not on a fresh machine, and ``cp`` cannot delete stale files.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

# Written inside DEST by ansible-test; never part of the repository's file list, never deleted.
KEEP = ("tests/output/", "tests/integration/inventory", "tests/integration/integration_config.yml")


def listed_files(repo):
    out = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=repo,
        check=True,
        stdout=subprocess.PIPE,
    ).stdout.decode("utf-8")
    # --cached also lists tracked files deleted from the work tree: skip what is not there.
    return sorted({p for p in out.split("\0") if p and os.path.lexists(os.path.join(repo, p))})


def same(src, dst):
    try:
        a, b = os.lstat(src), os.lstat(dst)
    except FileNotFoundError:
        return False
    return a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime) and a.st_mode == b.st_mode


def copy(src, dst):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    if os.path.islink(src):
        if os.path.lexists(dst):
            os.remove(dst)
        os.symlink(os.readlink(src), dst)
    else:
        shutil.copy2(src, dst)


def prune(dest, wanted):
    """Delete files under DEST that are not wanted (bottom-up, so emptied directories go too)."""
    removed = []
    for root, dirs, files in os.walk(dest, topdown=False):
        rel_root = os.path.relpath(root, dest)
        rel_root = "" if rel_root == "." else rel_root + "/"
        if any(rel_root.startswith(k) for k in KEEP if k.endswith("/")):
            continue
        for name in files + [d for d in dirs if os.path.islink(os.path.join(root, d))]:
            rel = rel_root + name
            if rel not in wanted and rel not in KEEP:
                os.remove(os.path.join(root, name))
                removed.append(rel)
        if rel_root and not os.listdir(root):
            os.rmdir(root)
    return removed


def sync(repo, dest):
    """Mirror repo's listed files into dest: (files, number copied, removed paths)."""
    files = listed_files(repo)
    os.makedirs(dest, exist_ok=True)
    copied = 0
    for rel in files:
        src, dst = os.path.join(repo, rel), os.path.join(dest, rel)
        if not same(src, dst):
            copy(src, dst)
            copied += 1
    return files, copied, prune(dest, set(files))


def main(argv):
    if len(argv) != 1:
        sys.stderr.write(__doc__)
        return 2
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    dest = os.path.abspath(argv[0])
    if os.path.commonpath([repo, dest]) == dest:
        sys.stderr.write("refusing to sync into a parent of the repository: %s\n" % dest)
        return 2
    files, copied, removed = sync(repo, dest)
    print(
        "collection: %s (%d files, %d copied, %d removed)"
        % (os.path.relpath(dest, repo), len(files), copied, len(removed))
    )
    for rel in removed[:10]:
        print("  removed %s" % rel)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
