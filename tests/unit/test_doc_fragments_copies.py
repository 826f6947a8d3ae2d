"""Documentation text shared by modules is written once, in plugins/doc_fragments/, and each copy is what it generates.

ansible-core merges RETURN fragments only from 2.21 on, older than the oldest ansible-core this collection supports,
and suboptions never, so the modules carry copies that tests/utils/doc_fragment_copies.py writes (its docstring says
how). When a test here fails
after a fragment or a module's RETURN changed: ``python tests/utils/doc_fragment_copies.py``.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SPEC = importlib.util.spec_from_file_location(
    "doc_fragment_copies", ROOT / "tests" / "utils" / "doc_fragment_copies.py"
)
doc_fragment_copies = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(doc_fragment_copies)

# Modules whose api_error is their own, not the fragment's: what it holds differs, not only its samples.
OWN_API_ERROR = {"database_query.py": "a failed SQL statement: the database's error code and the statement's index"}


def returns():
    """``{module file name: (source, RETURN text)}``."""
    found = {}
    for path in doc_fragment_copies.module_paths():
        source = Path(path).read_text(encoding="utf-8")
        for node in ast.parse(source).body:
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "RETURN":
                found[Path(path).name] = (source, node.value.value)
    return found


def test_every_copy_is_what_its_fragment_generates():
    assert doc_fragment_copies.stale() == []


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
    texts = {
        name
        for name in doc_fragment_copies.fragment_texts()
        if name.split(".")[2] in ("api_error", "resource_shapes", "shield_rules")
    }
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


def test_a_copy_completes_the_placeholders_of_a_fragment_inside_it():
    texts = {
        "edge.platform.x.OUTER": "a:\n  # BEGIN edge.platform.x.INNER\n  # root: @.a\n  # END edge.platform.x.INNER",
        "edge.platform.x.INNER": "b:\n  description: Like O(@.c), as M(@) returns it.",
    }
    source = "# BEGIN edge.platform.x.OUTER\n# root: opt\n# module: edge.platform.y_info\n# END edge.platform.x.OUTER"
    copy = doc_fragment_copies.generated(source, texts).split("\n")
    assert copy[6:8] == ["  b:", "    description: Like O(opt.a.c), as M(edge.platform.y_info) returns it."]


def test_a_copy_takes_the_indent_samples_and_root_its_markers_give():
    texts = {"edge.platform.x.SHAPE": "id:\n  description: RV(@.id) or null.\n  type: int\n  sample: 1\n"}
    source = "a:\n  contains:\n    # BEGIN edge.platform.x.SHAPE\n    # sample id: 7\n    # root: a\n    old\n"
    source += "    # END edge.platform.x.SHAPE\n"
    expected = "a:\n  contains:\n    # BEGIN edge.platform.x.SHAPE\n    # sample id: 7\n    # root: a\n    id:\n"
    expected += (
        "      description: RV(a.id) or null.\n      type: int\n      sample: 7\n    # END edge.platform.x.SHAPE\n"
    )
    assert doc_fragment_copies.generated(source, texts) == expected


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
        ("# BEGIN edge.platform.x.OPTION\n# END edge.platform.x.OPTION", "edge.platform.x.OPTION needs a module"),
    ],
)
def test_a_marker_that_cannot_be_filled_says_why(source, problem):
    texts = {"edge.platform.x.SHAPE": "id:\n  description: RV(@.id).\n  sample: 1\n", "edge.platform.x.OPTION": "M(@)"}
    with pytest.raises(doc_fragment_copies.FragmentError) as raised:
        doc_fragment_copies.generated(source, texts)
    assert str(raised.value).startswith(problem)
