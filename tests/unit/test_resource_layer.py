"""The resource layer: every endpoint path is written in one file, under plugins/module_utils/_api/, and no module
writes a path or an HTTP verb (issue 16: "one home per platform resource").

An endpoint path is a string literal (found with ``ast``, so documentation text never counts) that starts with "/"
and either begins with one of the platform API's first path segments (:data:`API_ROOTS`, plus the first segment of
every path the resource layer holds), or stands in a module or action plugin, where no "/..." literal has any other
use (``path + "/dnssec"`` counts there). JSON pointers of OpenAPI documents (``/components/schemas``) and the
pseudo filesystems a user file may not come from (``/proc``) are no endpoints: their first segments are not roots.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
RESOURCE_LAYER = "module_utils/_api/"
# where else a path may live: the Hrana protocol's one path may stay with the database client that speaks it
ELSEWHERE = {"/v2/pipeline": (RESOURCE_LAYER, "module_utils/_database/")}
# the first path segments of the platform's APIs (core, shield, database) and of the Hrana protocol
API_ROOTS = {"dnszone", "pullzone", "shield", "database", "v2"}
VERBS = {"GET", "POST", "PATCH", "PUT", "DELETE", "HEAD", "OPTIONS"}
PATH = re.compile(r"^/[A-Za-z0-9][^\s]*$")

# Files (relative to plugins/) not yet moved onto the resource layer: they still write paths or verbs. Whoever
# converts one removes it here; the lead empties the list after merging. A listed file that is already clean fails
# test_pending_files_are_not_yet_clean, so the list cannot go stale.
PENDING_MODULES = []


def sources():
    """``{relative path: text}`` of every Python file under plugins/."""
    return {
        path.relative_to(PLUGINS).as_posix(): path.read_text(encoding="utf-8") for path in sorted(PLUGINS.rglob("*.py"))
    }


def literals(text):
    """Every string constant of a Python source (f-string parts included), docstrings too."""
    return [
        node.value
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def roots(files):
    """:data:`API_ROOTS` and the first segment of every path literal the resource layer holds."""
    found = set(API_ROOTS)
    for name, text in files.items():
        if name.startswith(RESOURCE_LAYER):
            found.update(value[1:].split("/")[0] for value in literals(text) if PATH.match(value))
    return found


def endpoint_paths(name, text, api_roots):
    """The endpoint path literals of one file."""
    strict = name.startswith(("modules/", "action/"))
    return {
        value
        for value in literals(text)
        if PATH.match(value) and (strict or value[1:].split("/")[0] in api_roots or name.startswith(RESOURCE_LAYER))
    }


def verbs(text):
    return sorted({value for value in literals(text) if value in VERBS})


@pytest.fixture(scope="module")
def files():
    return sources()


@pytest.fixture(scope="module")
def paths(files):
    """``{endpoint path: [files writing it]}`` over every file not pending."""
    api_roots = roots(files)
    found = defaultdict(list)
    for name, text in files.items():
        if name in PENDING_MODULES:
            continue
        for path in endpoint_paths(name, text, api_roots):
            found[path].append(name)
    return found


def test_the_resource_layer_holds_endpoint_paths(paths):
    # the scan finds what it is meant to find (a regex that matched nothing would pass every test below)
    assert {"/dnszone/%d", "/pullzone/%d", "/shield/shield-zone/%d", "/v2/pipeline"} <= set(paths)


def test_every_endpoint_path_is_written_in_one_file(paths):
    twice = {path: names for path, names in paths.items() if len(names) > 1}
    assert not twice, "endpoint paths written in more than one file: %s" % twice


def test_endpoint_paths_live_only_in_the_resource_layer(paths):
    misplaced = {
        path: names
        for path, names in paths.items()
        if any(not name.startswith(ELSEWHERE.get(path, RESOURCE_LAYER)) for name in names)
    }
    assert not misplaced, "endpoint paths outside plugins/%s: %s" % (RESOURCE_LAYER, misplaced)


def test_no_module_writes_an_http_verb(files):
    found = {
        name: verbs(text)
        for name, text in files.items()
        if name.startswith("modules/") and name not in PENDING_MODULES and verbs(text)
    }
    assert not found, "HTTP verbs written in modules: %s" % found


def test_pending_files_are_not_yet_clean(files):
    api_roots = roots(files)
    missing = [name for name in PENDING_MODULES if name not in files]
    assert not missing, "PENDING_MODULES names files that do not exist: %s" % missing
    clean = [
        name for name in PENDING_MODULES if not endpoint_paths(name, files[name], api_roots) and not verbs(files[name])
    ]
    assert not clean, "already on the resource layer: remove %s from PENDING_MODULES" % clean


def test_the_scan_sees_paths_and_verbs_a_module_would_write():
    module = 'PATH = "/dnszone/%d"\ndef run(ctx):\n    return ctx.client.request("POST", PATH + "/dnssec", f"/x/{1}")\n'
    assert endpoint_paths("modules/x.py", module, API_ROOTS) == {"/dnszone/%d", "/dnssec", "/x/"}
    assert verbs(module) == ["POST"]
    pointer = 'WHERE = "/components/schemas"\nPSEUDO = ("/proc", "/sys")\nDOC = """GET /dnszone/{id}"""\n'
    assert endpoint_paths("module_utils/_openapi/x.py", pointer, API_ROOTS) == set()
    assert endpoint_paths("module_utils/_shapes/x.py", 'P = "/shield/zone/%d"', API_ROOTS) == {"/shield/zone/%d"}
