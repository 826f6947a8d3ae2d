"""The user agent's collection version (module_utils/_engine/version.py) must match galaxy.yml."""

from __future__ import annotations

import os

import yaml

from ansible_collections.edge.platform.plugins.module_utils._engine.version import COLLECTION_VERSION
from ansible_collections.edge.platform.tests.unit.conftest import COLLECTION_ROOT


def galaxy_version():
    with open(os.path.join(COLLECTION_ROOT, "galaxy.yml")) as stream:
        return yaml.safe_load(stream)["version"]


def test_collection_version_matches_galaxy_yml():
    assert COLLECTION_VERSION == galaxy_version(), (
        "plugins/module_utils/_engine/version.py says %s but galaxy.yml says %s: set COLLECTION_VERSION to the galaxy.yml version"
        % (COLLECTION_VERSION, galaxy_version())
    )
