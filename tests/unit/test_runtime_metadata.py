"""meta/runtime.yml's action group `all` must name exactly the modules in plugins/modules.

Neither ansible-test's runtime-metadata nor validate-modules checks this: a missing or misspelt entry
silently drops a module from `module_defaults: {group/edge.platform.all: ...}`.
"""

from __future__ import annotations

import ast
import os

import pytest
import yaml


def collection_root():
    path = os.path.dirname(os.path.abspath(__file__))
    while not os.path.exists(os.path.join(path, "galaxy.yml")):
        parent = os.path.dirname(path)
        if parent == path:
            raise AssertionError("no galaxy.yml above %s" % __file__)
        path = parent
    return path


ROOT = collection_root()
MODULES_DIR = os.path.join(ROOT, "plugins", "modules")


def module_names():
    return sorted(name[:-3] for name in os.listdir(MODULES_DIR)
                  if name.endswith(".py") and name != "__init__.py")


def action_group_all():
    with open(os.path.join(ROOT, "meta", "runtime.yml")) as stream:
        runtime = yaml.safe_load(stream)
    return runtime["action_groups"]["all"]


def documentation(module):
    """The module's DOCUMENTATION, read without importing the module."""
    with open(os.path.join(MODULES_DIR, module + ".py")) as stream:
        tree = ast.parse(stream.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "DOCUMENTATION" for t in node.targets):
            return yaml.safe_load(node.value.value)
    raise AssertionError("%s has no DOCUMENTATION" % module)


def test_collection_has_modules():
    assert module_names(), "no modules found in %s" % MODULES_DIR


def test_action_group_all_equals_module_list():
    group = set(action_group_all())
    modules = set(module_names())
    assert not modules - group, "modules missing from action_groups.all in meta/runtime.yml: %s" % sorted(modules - group)
    assert not group - modules, "action_groups.all names modules that do not exist: %s" % sorted(group - modules)


def test_action_group_all_is_sorted_without_duplicates():
    group = action_group_all()
    assert group == sorted(set(group)), "keep action_groups.all in meta/runtime.yml sorted and unique: %s" % group


@pytest.mark.parametrize("module", module_names())
def test_module_documents_its_action_group(module):
    fragments = documentation(module).get("extends_documentation_fragment") or []
    assert "edge.platform.attributes.action_group" in fragments, (
        "%s: add edge.platform.attributes.action_group to extends_documentation_fragment" % module)
