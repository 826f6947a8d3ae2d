# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""One naming rule for return keys across modules (docs/guide.md, "Return values").

- every key is snake_case;
- a key holding a resource's id is spelled as the options spell that resource: ``pullzone_id``,
  ``shield_zone_id``, ``database_id`` (``dns_zone_id`` for a DNS zone where other zones are in play);
- a list of resources is the plural of the resource in words (``dns_zones``, ``pull_zones``, ``shield_zones``,
  ``waf_rules``), one resource its singular (``dns_zone``, ``pull_zone``, ``waf_rule``).
"""

from __future__ import annotations

import importlib
import os
import re

import pytest
import yaml

MODULES_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "plugins", "modules")
MODULES = sorted(name[:-3] for name in os.listdir(MODULES_DIR) if name.endswith(".py") and name != "__init__.py")

SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
# spellings the rule replaces, with the one to use
REPLACED = {
    "pull_zone_id": "pullzone_id",
    "pull_zone_name": "pullzone_name",
    "pullzone": "pull_zone",
    "pullzones": "pull_zones",
    "zone": "dns_zone (or the zone's kind)",
    "zones": "dns_zones (or the zone's kind)",
    "dnszone": "dns_zone",
    "dnszones": "dns_zones",
    "dnszone_id": "dns_zone_id",
    "shieldzone": "shield_zone",
    "shieldzones": "shield_zones",
    "shieldzone_id": "shield_zone_id",
    "wafrule": "waf_rule",
    "wafrules": "waf_rules",
    "rules": "waf_rules",
    "rule": "waf_rule",
    "db_id": "database_id",
}
# the key each module returns its resource under
RESOURCE_KEY = {
    "dnszone_dnssec": "dns_zone",
    "dnszone_info": "dns_zones",
    "pullzone": "pull_zone",
    "pullzone_certificate": "pull_zone",
    "pullzone_info": "pull_zones",
    "shield_zone_info": "shield_zones",
    "waf_rule": "waf_rule",
    "waf_rule_info": "waf_rules",
    "database_token": "database_id",
}


def returned(module):
    imported = importlib.import_module("ansible_collections.edge.platform.plugins.modules.%s" % module)
    return yaml.safe_load(imported.RETURN) or {}


def keys(docs, path=""):
    """``(dotted path, key)`` of every documented key, nested ones included."""
    for key, doc in docs.items():
        yield path + key, key
        if isinstance(doc, dict) and isinstance(doc.get("contains"), dict):
            yield from keys(doc["contains"], path + key + ".")


@pytest.mark.parametrize("module", MODULES)
def test_return_keys_follow_the_naming_rule(module):
    problems = []
    for path, key in keys(returned(module)):
        if not SNAKE.match(key):
            problems.append("%s is not snake_case" % path)
        if key in REPLACED:
            problems.append("%s: use %s" % (path, REPLACED[key]))
    assert problems == []


@pytest.mark.parametrize("module, key", sorted(RESOURCE_KEY.items()))
def test_each_module_returns_its_resource_under_the_resource_key(module, key):
    assert key in returned(module)


def test_the_rule_catches_the_old_spellings():
    old = {"zones": {"contains": {"pull_zone_id": {}}}, "pullzone": {}, "waf_rules": {"contains": {"ruleName": {}}}}
    found = [key for _path, key in keys(old) if key in REPLACED or not SNAKE.match(key)]
    assert found == ["zones", "pull_zone_id", "pullzone", "ruleName"]
