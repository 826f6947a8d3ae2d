"""The user agent's collection version (module_utils/_version.py) must match galaxy.yml."""

from __future__ import annotations

import os

import yaml

from ansible_collections.edge.platform.plugins.module_utils._version import COLLECTION_VERSION


def galaxy_version():
    path = os.path.dirname(os.path.abspath(__file__))
    while not os.path.exists(os.path.join(path, "galaxy.yml")):
        parent = os.path.dirname(path)
        if parent == path:
            raise AssertionError("no galaxy.yml above %s" % __file__)
        path = parent
    with open(os.path.join(path, "galaxy.yml")) as stream:
        return yaml.safe_load(stream)["version"]


def test_collection_version_matches_galaxy_yml():
    assert COLLECTION_VERSION == galaxy_version(), (
        "plugins/module_utils/_version.py says %s but galaxy.yml says %s: set COLLECTION_VERSION to the galaxy.yml version"
        % (COLLECTION_VERSION, galaxy_version()))
