"""A module file is a declaration (issue 30): its documentation, argument spec, ``run(ctx)`` of at most 40 lines,
``MODULE`` and ``main``. Behaviour lives in ``module_utils`` (``_cores`` per behaviour, ``_api`` paths and answers,
``_shapes`` conversions), so two modules can share it and none holds library code."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

MODULES = Path(__file__).resolve().parents[2] / "plugins" / "modules"
FUNCTIONS = {"run", "main"}
RUN_LINES = 40


def is_main_guard(node):
    """``if __name__ == "__main__":``."""
    test = node.test if isinstance(node, ast.If) else None
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
        and [getattr(c, "value", None) for c in test.comparators] == ["__main__"]
    )


def outside_the_declaration(tree):
    """``(line, what)`` of each top-level statement that is neither an import, an assignment, the docstring, ``run``,
    ``main`` nor the ``__main__`` guard."""
    kept = (ast.Import, ast.ImportFrom, ast.Assign, ast.AnnAssign)
    for node in tree.body:
        if isinstance(node, kept) or is_main_guard(node):
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # a docstring
        if isinstance(node, ast.FunctionDef) and node.name in FUNCTIONS:
            continue
        yield node.lineno, "%s %s" % (type(node).__name__, getattr(node, "name", ""))


@pytest.mark.parametrize("path", sorted(MODULES.glob("[!_]*.py")), ids=lambda p: p.stem)
def test_a_module_is_a_declaration(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert list(outside_the_declaration(tree)) == []
    runs = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "run"]
    assert len(runs) == 1, "every module has one run(ctx)"
    length = runs[0].end_lineno - runs[0].lineno + 1
    assert length <= RUN_LINES, "run() is %d lines; move what is not the declaration's into module_utils" % length
