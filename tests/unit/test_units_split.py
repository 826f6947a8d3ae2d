"""The unit stage's split (tests/utils/matrix.py ``units_apart``): a test file that reaches Ansible runs under
ansible-test, in the module context for tests below plugins/modules and plugins/module_utils, where the controller's
code is not importable. A test that runs modules against the emulator (the ``emulated_demo`` fixture) needs the
in-process host, controller code, so it must stay with the plain-pytest tests: it may import only what does not
reach Ansible (the shapes, the pure libraries), and drive the rest through ``emulated.run``."""

from __future__ import annotations

import importlib.util
import os

from ansible_collections.edge.platform.tests.unit.conftest import COLLECTION_ROOT

MATRIX = os.path.join(COLLECTION_ROOT, "tests", "utils", "matrix.py")


def test_every_emulated_test_runs_with_the_plain_pytest_tests():
    spec = importlib.util.spec_from_file_location("matrix_split", MATRIX)
    matrix = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(matrix)
    reaching, rest = matrix.units_apart(str(COLLECTION_ROOT))
    emulated = []
    for path in reaching + rest:
        with open(os.path.join(str(COLLECTION_ROOT), path), encoding="utf-8") as stream:
            if "(emulated_demo" in stream.read():  # a test or fixture taking it
                emulated.append(path)
    assert len(emulated) >= 8
    assert [path for path in emulated if path in reaching] == []
