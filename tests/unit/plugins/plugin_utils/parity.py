# -*- coding: utf-8 -*-
# Copyright: edge.platform contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""The host-parity suite's case type, and the cases of the modules added since it was written.

A file ``parity_cases/<module>.py`` defines ``CASES``, a dict of label -> :class:`Case`; test_host_parity.py runs
them beside its own (``more_cases``), so a new module brings its cases without touching the suite (and without two
branches editing one file). ``parity_cases/__init__.py`` stays empty (ansible-test sanity's empty-init rule).
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import types

from ansible_collections.edge.platform.tests.unit.plugins.plugin_utils import parity_cases


@dataclasses.dataclass
class Case(object):
    """One run of ``module``: ``failed`` and ``changed`` are what the result must say; ``shows(result)`` more.

    ``secret``: a value that must appear nowhere in the output (default: the ``api_key`` given).
    """

    module: types.ModuleType
    args: dict
    answers: object = ()
    check: bool = False
    diff: bool = False
    failed: bool = False
    changed: bool = False
    shows: object = None
    secret: str = None

    def __post_init__(self):
        self.secret = self.secret or self.args.get("api_key")


def more_cases():
    """Every case of the modules in this package, keyed ``"<module>: <label>"``."""
    found = {}
    for info in sorted(pkgutil.iter_modules(parity_cases.__path__), key=lambda i: i.name):
        module = importlib.import_module("%s.%s" % (parity_cases.__name__, info.name))
        for label, case in module.CASES.items():
            found["%s: %s" % (case.module.__name__.rpartition(".")[2], label)] = case
    return found
