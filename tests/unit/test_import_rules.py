"""The import rules of docs/architecture.md ("What each layer may import"), checked on every file's imports.

Every ``import`` and ``from ... import`` of every Python file under ``plugins/`` and ``emulator/`` is read with
``ast`` (imports inside functions too; relative imports resolved), so a docstring that names a package never counts.
A file belongs to a *layer* (``module_utils/_api``, ``modules``, ...); an import of the collection names a *unit*:
the layer it imports from, or for the engine the engine's module (``_engine.context`` apart from ``_engine.errors``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COLLECTION = "ansible_collections.edge.platform"
PLUGINS = COLLECTION + ".plugins"

# The engine's tools: every module of _engine but the context (errors, the client, batch, version...), whatever files
# the engine is split into. A pure layer may use them; only modules, cores and the hosts see the context.
ENGINE_PARTS = {"_engine.*"}
ENGINE = ENGINE_PARTS | {"_engine.context"}
PURE_LIBRARIES = {"_certificates", "_openapi", "_database"}

# layer -> the units it may import (besides itself). Anything else of the collection is refused.
MAY_IMPORT = {
    "modules": ENGINE | PURE_LIBRARIES | {"_hosts", "_cores", "_api", "_shapes", "_sets"},
    "module_utils/_cores": ENGINE | PURE_LIBRARIES | {"_api", "_shapes", "_sets"},
    "module_utils/_sets": ENGINE_PARTS | {"_api", "_shapes"},
    "module_utils/_api": ENGINE_PARTS | {"_shapes", "_database"},
    "module_utils/_shapes": {"_engine.errors", "_engine.bounds", "_certificates", "_openapi"},
    "module_utils/_database": ENGINE_PARTS,
    "module_utils/_openapi": {"_engine.errors", "_engine.version"},
    "module_utils/_certificates": set(),
    "module_utils/_engine": set(),
    "module_utils/_hosts": ENGINE | {"_shapes", "_database"},
    "plugin_utils/_inprocess": ENGINE | {"_hosts", "_shapes", "_openapi", "_cores"},
    "action": {"plugin_utils/_inprocess"},
    "inventory": ENGINE_PARTS | {"_hosts", "_api", "_shapes"},
    "lookup": set(),
    "doc_fragments": set(),
    "emulator": set(),
}
# Layers that import nothing of Ansible (ansible.*): they run, and are tested, without it.
NO_ANSIBLE = {"module_utils/_" + name for name in ("api", "shapes", "sets", "cores", "certificates", "openapi")}
NO_ANSIBLE |= {"module_utils/_database", "doc_fragments", "emulator"}
# Layers that import only these of Ansible.
ANSIBLE_ONLY = {"module_utils/_engine": {"ansible.module_utils.ansible_release"}}

# Today's code that breaks a rule, each with why it is still there. Whoever fixes one removes it here (a listed import
# that is gone fails test_every_exception_is_still_needed, so the list cannot go stale); the lead empties it.
EXCEPTIONS = {}


def layer_of(relative):
    """The layer of a file (path relative to the collection root), or None for a file in no layer."""
    parts = relative.split("/")
    if parts[0] == "emulator":
        return "emulator"
    if parts[0] != "plugins" or len(parts) < 3:
        return None
    if parts[1] in ("module_utils", "plugin_utils"):
        return None if len(parts) < 4 else "%s/%s" % (parts[1], parts[2])
    return parts[1]


def unit_of(module):
    """What an absolute import of the collection names: ``_engine.context``, ``_shapes``, ``modules``, ..."""
    rest = module[len(PLUGINS) + 1 :].split(".") if module.startswith(PLUGINS + ".") else []
    if not rest:
        return "the collection root"
    if rest[0] == "module_utils":
        if len(rest) > 2 and rest[1] == "_engine":
            return "_engine." + rest[2]
        return rest[1] if len(rest) > 1 else "module_utils"
    if rest[0] == "plugin_utils":
        return "plugin_utils/" + rest[1] if len(rest) > 1 else "plugin_utils"
    return rest[0]


def imported_modules(relative, tree):
    """Every module a file imports, as absolute names; ``from p import x`` counts as ``p.x`` (x may be a module)."""
    package = relative.split("/")[:-1]
    if package[0] == "plugins":
        package = COLLECTION.split(".") + package
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package[: len(package) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            for alias in node.names:
                yield base + "." + alias.name


def files():
    """``(relative path, layer)`` of every Python file in a layer."""
    paths = sorted(ROOT.joinpath("plugins").rglob("*.py")) + sorted(ROOT.joinpath("emulator").rglob("*.py"))
    for path in paths:
        relative = path.relative_to(ROOT).as_posix()
        if layer_of(relative) is not None:
            yield relative, layer_of(relative)


def ansible_allowed(layer, module):
    """Whether ``layer`` may import ``module`` of Ansible (a name imported from an allowed module counts as it)."""
    allowed = ANSIBLE_ONLY.get(layer)
    return allowed is None or module in allowed or module.rpartition(".")[0] in allowed


def breaches(layer, modules):
    """``(unit, import)`` of each import of ``modules`` that the rules refuse to ``layer``."""
    own = layer.split("/", 1)[-1] if layer.startswith("module_utils/") else layer
    for module in modules:
        if module == "ansible" or module.startswith("ansible."):
            if layer in NO_ANSIBLE or not ansible_allowed(layer, module):
                yield "ansible", module
        elif module == "ansible_collections" or module.startswith("ansible_collections."):
            if layer == "emulator" or not module.startswith(COLLECTION):
                yield "ansible_collections", module
                continue
            unit = unit_of(module)
            if unit.split(".")[0] != own and unit != layer and not may_import(layer, unit):
                yield unit, module


def may_import(layer, unit):
    """Whether the rules let ``layer`` import ``unit`` (``_engine.*``: every engine module but the context)."""
    allowed = MAY_IMPORT[layer]
    return unit in allowed or ("_engine.*" in allowed and unit.startswith("_engine.") and unit != "_engine.context")


@pytest.fixture(scope="module")
def found():
    """``{(file, unit): [imports]}`` of every import the rules refuse, listed exceptions included."""
    result = {}
    for relative, layer in files():
        tree = ast.parse(ROOT.joinpath(relative).read_text(encoding="utf-8"), relative)
        for unit, module in breaches(layer, imported_modules(relative, tree)):
            result.setdefault((relative.split("/", 1)[1] if layer != "emulator" else relative, unit), []).append(module)
    return result


def test_every_file_is_in_a_layer_the_rules_know():
    assert {layer for _relative, layer in files()} <= set(MAY_IMPORT)


def test_each_layer_imports_only_what_the_architecture_allows(found):
    assert {key: modules for key, modules in found.items() if key not in EXCEPTIONS} == {}


def test_every_exception_is_still_needed(found):
    assert sorted(set(EXCEPTIONS) - set(found)) == []


@pytest.mark.parametrize(
    "relative, source, refused",
    [
        (
            "plugins/module_utils/_shapes/x.py",
            "from ansible_collections.edge.platform.plugins.module_utils._api import y",
            "_api",
        ),
        ("plugins/module_utils/_api/x.py", "from .._engine.context import Context", "_engine.context"),
        ("plugins/module_utils/_sets/x.py", "from .._engine import context", "_engine.context"),
        ("plugins/module_utils/_api/x.py", "import ansible.module_utils.basic", "ansible"),
        (
            "plugins/module_utils/_cores/x.py",
            "from ansible_collections.edge.platform.plugins.modules import y",
            "modules",
        ),
        ("plugins/module_utils/_shapes/x.py", "from .._hosts import choices", "_hosts"),
        ("plugins/module_utils/_engine/x.py", "from ansible.module_utils.basic import AnsibleModule", "ansible"),
        ("plugins/module_utils/_engine/x.py", "from .. import _hosts", "_hosts"),
        ("plugins/module_utils/_hosts/x.py", "from .._api import dns_zones", "_api"),
        (
            "plugins/action/x.py",
            "from ansible_collections.edge.platform.plugins.module_utils._engine import errors",
            "_engine.errors",
        ),
        (
            "emulator/areas/x.py",
            "from ansible_collections.edge.platform.plugins.module_utils import _api",
            "ansible_collections",
        ),
    ],
)
def test_the_scan_sees_what_a_layer_must_not_import(relative, source, refused):
    modules = list(imported_modules(relative, ast.parse(source)))
    assert [unit for unit, _module in breaches(layer_of(relative), modules)] == [refused]


def test_the_scan_lets_a_layer_import_itself_and_what_it_may():
    source = "from . import names\nfrom .enums import readable\nfrom .._engine.errors import InputError\n"
    modules = list(imported_modules("plugins/module_utils/_shapes/x.py", ast.parse(source)))
    assert list(breaches("module_utils/_shapes", modules)) == []
    source = "from .._engine import transport\nfrom .._engine.answers import read\nfrom .._shapes import names\n"
    modules = list(imported_modules("plugins/module_utils/_api/x.py", ast.parse(source)))
    assert list(breaches("module_utils/_api", modules)) == []


def test_the_engine_may_import_the_ansible_core_version_and_nothing_else_of_ansible():
    relative = "plugins/module_utils/_engine/x.py"
    source = (
        "from ansible.module_utils.ansible_release import __version__\nimport ansible.module_utils.ansible_release\n"
    )
    assert list(breaches(layer_of(relative), imported_modules(relative, ast.parse(source)))) == []
