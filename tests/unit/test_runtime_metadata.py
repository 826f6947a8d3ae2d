"""meta/runtime.yml's action groups must match the modules and what each module documents.

Neither ansible-test's runtime-metadata nor validate-modules checks this: a missing or misspelt entry
silently drops a module from `module_defaults: {group/edge.platform.<group>: ...}`, and a wrong
`membership` in the docs tells users a group works where it does not.
"""

from __future__ import annotations

import ast
import os

import pytest
import yaml

from ansible_collections.edge.platform.tests.unit.conftest import COLLECTION_ROOT

COLLECTION = "edge.platform"


ROOT = COLLECTION_ROOT
MODULES_DIR = os.path.join(ROOT, "plugins", "modules")


def module_names():
    return sorted(name[:-3] for name in os.listdir(MODULES_DIR) if name.endswith(".py") and name != "__init__.py")


def action_groups():
    with open(os.path.join(ROOT, "meta", "runtime.yml")) as stream:
        return yaml.safe_load(stream).get("action_groups") or {}


def string_constants(path, owner=None):
    """Module-level (or class ``owner``'s) string assignments of a Python file, read without importing it."""
    with open(path) as stream:
        body = ast.parse(stream.read()).body
    if owner:
        body = next(node.body for node in body if isinstance(node, ast.ClassDef) and node.name == owner)
    return {
        target.id: node.value.value
        for node in body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name) and isinstance(node.value, ast.Constant)
    }


def documented_membership(module):
    """Groups the module's docs name in attributes.action_group.membership (own docs and our fragments)."""
    doc = yaml.safe_load(string_constants(os.path.join(MODULES_DIR, module + ".py"))["DOCUMENTATION"])
    docs = [doc]
    for fragment in doc.get("extends_documentation_fragment") or []:
        parts = fragment.split(".")
        if ".".join(parts[:2]) != COLLECTION:
            continue
        variant = parts[3].upper() if len(parts) > 3 else "DOCUMENTATION"
        path = os.path.join(ROOT, "plugins", "doc_fragments", parts[2] + ".py")
        docs.append(yaml.safe_load(string_constants(path, "ModuleDocFragment")[variant]))
    membership = set()
    for part in docs:
        membership.update(((part.get("attributes") or {}).get("action_group") or {}).get("membership") or [])
    return membership


def test_collection_has_modules():
    assert module_names(), "no modules found in %s" % MODULES_DIR


def test_action_group_all_equals_module_list():
    group = set(action_groups().get("all") or [])
    modules = set(module_names())
    assert not modules - group, "modules missing from action_groups.all in meta/runtime.yml: %s" % sorted(
        modules - group
    )
    assert not group - modules, "action_groups.all names modules that do not exist: %s" % sorted(group - modules)


@pytest.mark.parametrize("group", sorted(action_groups()))
def test_action_group_is_sorted_unique_and_real(group):
    members = action_groups()[group]
    assert members == sorted(set(members)), "keep action_groups.%s in meta/runtime.yml sorted and unique" % group
    missing = set(members) - set(module_names())
    assert not missing, "action_groups.%s names modules that do not exist: %s" % (group, sorted(missing))


@pytest.mark.parametrize("module", module_names())
def test_documented_membership_matches_runtime(module):
    actual = {"%s.%s" % (COLLECTION, group) for group, members in action_groups().items() if module in members}
    documented = documented_membership(module)
    assert documented == actual, (
        "%s: the docs' attributes.action_group.membership says %s but meta/runtime.yml puts it in %s"
        % (module, sorted(documented), sorted(actual))
    )
