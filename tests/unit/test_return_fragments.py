"""The RETURN text shared by modules is written once, in plugins/doc_fragments/, and each copy is what it generates.

ansible-core merges RETURN fragments only from 2.21 on, older than the oldest ansible-core this collection supports,
so the modules carry copies that tests/utils/return_docs.py writes (its docstring says how). When a test here fails
after a fragment or a module's RETURN changed: ``python tests/utils/return_docs.py``.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SPEC = importlib.util.spec_from_file_location("return_docs", ROOT / "tests" / "utils" / "return_docs.py")
return_docs = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(return_docs)

# Modules whose api_error is their own, not the fragment's: what it holds differs, not only its samples.
OWN_API_ERROR = {"database_query.py": "a failed SQL statement: the database's error code and the statement's index"}


def returns():
    """``{module file name: (source, RETURN text)}``."""
    found = {}
    for path in return_docs.module_paths():
        source = Path(path).read_text(encoding="utf-8")
        for node in ast.parse(source).body:
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "RETURN":
                found[Path(path).name] = (source, node.value.value)
    return found


def test_every_copy_is_what_its_fragment_generates():
    assert return_docs.stale() == []


def test_every_module_takes_its_api_error_from_the_fragment():
    """A module that documents api_error has it between the fragment's markers (or is listed with a reason)."""
    loose = []
    for name, (_source, text) in returns().items():
        if "api_error" in yaml.safe_load(text) and name not in OWN_API_ERROR:
            region = text.split("# BEGIN edge.platform.api_error", 1)[-1].split("# END edge.platform.api_error")[0]
            if "\napi_error:\n" not in region:
                loose.append(name)
    assert loose == []
    assert all("# BEGIN edge.platform.api_error" not in returns()[name][1] for name in OWN_API_ERROR)


def test_every_shared_text_is_used_by_two_modules_at_least():
    texts = {name for name in return_docs.fragment_texts() if name.split(".")[2] in ("api_error", "resource_shapes")}
    uses = {name: 0 for name in texts}
    for _name, (source, _text) in returns().items():
        for name in texts:
            uses[name] += ("# BEGIN %s\n" % name) in source
    assert {name: count for name, count in uses.items() if count < 2} == {}


def test_every_return_block_is_yaml_with_documented_values():
    for name, (_source, text) in returns().items():
        values = yaml.safe_load(text)
        assert isinstance(values, dict) and values, name
        assert all(isinstance(value, dict) and "description" in value for value in values.values()), name


def test_a_copy_takes_the_indent_samples_and_root_its_markers_give():
    texts = {"edge.platform.x.SHAPE": "id:\n  description: RV(@.id) or null.\n  type: int\n  sample: 1\n"}
    source = "a:\n  contains:\n    # BEGIN edge.platform.x.SHAPE\n    # sample id: 7\n    # root: a\n    old\n"
    source += "    # END edge.platform.x.SHAPE\n"
    expected = "a:\n  contains:\n    # BEGIN edge.platform.x.SHAPE\n    # sample id: 7\n    # root: a\n    id:\n"
    expected += (
        "      description: RV(a.id) or null.\n      type: int\n      sample: 7\n    # END edge.platform.x.SHAPE\n"
    )
    assert return_docs.generated(source, texts) == expected


@pytest.mark.parametrize(
    "source, problem",
    [
        ("# BEGIN edge.platform.nothing\n# END edge.platform.nothing", "no doc fragment edge.platform.nothing"),
        ("# BEGIN edge.platform.x.SHAPE\n", "edge.platform.x.SHAPE: no '# END edge.platform.x.SHAPE' line"),
        ("# BEGIN edge.platform.x.SHAPE\n# END edge.platform.x.SHAPE", "edge.platform.x.SHAPE needs a root"),
        (
            "# BEGIN edge.platform.x.SHAPE\n# root: a\n# sample name: x\n# END edge.platform.x.SHAPE",
            "edge.platform.x.SHAPE has no sample of name",
        ),
    ],
)
def test_a_marker_that_cannot_be_filled_says_why(source, problem):
    texts = {"edge.platform.x.SHAPE": "id:\n  description: RV(@.id).\n  sample: 1\n"}
    with pytest.raises(return_docs.FragmentError) as raised:
        return_docs.generated(source, texts)
    assert str(raised.value).startswith(problem)
