"""Every number a module takes has a range, documented and checked before anything is sent (issue 27, item 2).

The ranges are the modules' own declarations (``ModuleDef(bounds=...)``) and the defaults of ``_engine/bounds.py``
(ids: 1 to 2**63-1; other integers: 64 bits). Every numeric option that is not an id must declare its range, and its
documentation must state it.
"""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest
import yaml

import ansible_collections.edge.platform.plugins.modules as modules_package
from ansible_collections.edge.platform.plugins.module_utils._engine.bounds import (
    ID_RANGE,
    effective_bounds,
    is_id_option,
    numeric_options,
)

NAMES = sorted(info.name for info in pkgutil.iter_modules(modules_package.__path__))


def module(name):
    return importlib.import_module("%s.%s" % (modules_package.__name__, name))


def documented_options(name):
    """``{path: description text}`` of every option and sub-option in the module's DOCUMENTATION."""
    found = {}

    def walk(options, prefix):
        for option, doc in (options or {}).items():
            text = doc.get("description")
            found[prefix + option] = " ".join(text) if isinstance(text, list) else str(text or "")
            walk(doc.get("suboptions"), "%s%s." % (prefix, option))

    walk(yaml.safe_load(module(name).DOCUMENTATION).get("options"), "")
    return found


def spellings(number):
    """How a bound may be written in the documentation: 2147483647, 2,147,483,647, -1, 0.1."""
    if isinstance(number, float):
        return {"%g" % number, repr(number)}
    return {str(number), format(number, ",")}


def problems(name):
    definition = module(name).MODULE
    declared = definition.bounds
    docs = documented_options(name)
    found = []
    for path, kind in numeric_options(definition.spec()):
        if path in declared:
            low, high = declared[path]
            text = docs.get(path, "")
            for bound in (low, high):
                if abs(bound) < 2**62 and not any(
                    re.search(r"(?<![\d.])%s(?![\d])" % re.escape(s), text) for s in spellings(bound)
                ):
                    found.append("%s: the documentation does not state its bound %s" % (path, bound))
        elif not (kind == "int" and is_id_option(path.rpartition(".")[2])):
            found.append("%s: no declared range (ModuleDef bounds=)" % path)
    return found


@pytest.mark.parametrize("name", NAMES)
def test_every_number_has_a_documented_range(name):
    assert problems(name) == []


def test_ids_default_to_positive_64_bit_numbers():
    spec = {
        "zone_id": {"type": "int"},
        "records": {"type": "list", "elements": "dict", "options": {"id": {"type": "int"}}},
    }
    assert effective_bounds(spec, {}) == {"records.id": ID_RANGE, "zone_id": ID_RANGE}


def test_a_bound_for_an_option_the_spec_lacks_fails():
    with pytest.raises(ValueError, match="concurency"):
        effective_bounds({"concurrency": {"type": "int"}}, {"concurency": (1, 50)})
