# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""An info module takes the selector names of its write twin, and the write module the info module's (issue 29).

The selectors of a module are the options of its ``mutually_exclusive`` and ``required_one_of`` groups (the ways to
name the object or its zone); every name one twin gives them, aliases included, the other takes too. An info module
may have selectors its write twin lacks (:data:`INFO_ONLY`): they read by what a write module cannot create by.
"""

from __future__ import annotations

import importlib
import os

import pytest

MODULES_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "plugins", "modules")
INFO_MODULES = sorted(
    name[:-3]
    for name in os.listdir(MODULES_DIR)
    if name.endswith("_info.py") and os.path.exists(os.path.join(MODULES_DIR, name[: -len("_info.py")] + ".py"))
)
INFO_ONLY = {
    "id",  # a rule or an access list read by id: the write modules find them by their name within the zone
    "shield_zone_id",  # shield_zone creates the shield zone of a pull zone: named by the pull zone only
}


def definition(name):
    return importlib.import_module("ansible_collections.edge.platform.plugins.modules.%s" % name).MODULE


def names(spec, options):
    """Every name the options of ``spec`` take: theirs and their aliases."""
    return {alias for option in options for alias in [option] + list(spec[option].get("aliases") or [])}


def selectors(module):
    groups = module.validation.get("mutually_exclusive", []) + module.validation.get("required_one_of", [])
    return {option for group in groups for option in group}


def test_the_pairs_are_found():
    assert {"dnszone_info", "pullzone_info", "waf_rule_info", "database_info"} <= set(INFO_MODULES)


@pytest.mark.parametrize("info", INFO_MODULES)
def test_twins_take_each_others_selector_names(info):
    info_module, write_module = definition(info), definition(info[: -len("_info")])
    info_spec, write_spec = info_module.spec(), write_module.spec()
    info_names = names(info_spec, selectors(info_module))
    write_names = names(write_spec, selectors(write_module))
    assert write_names - names(info_spec, info_spec) == set()
    assert info_names - names(write_spec, write_spec) - INFO_ONLY == set()
