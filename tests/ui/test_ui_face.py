"""hermes_dash.ui's face is one list: ``__all__``, sorted, each name once, and exactly the names
the package imports from its modules or defines (no name listed that is not there, none there
that is not listed)."""

from __future__ import annotations

import ast

from repo import ROOT

FACE = ROOT / "hermes_dash" / "ui" / "__init__.py"


def test_the_ui_face_is_one_sorted_list_of_what_it_imports() -> None:
    tree = ast.parse(FACE.read_text(encoding="utf-8"))
    listed = next(
        [e.value for e in node.value.elts]  # type: ignore[attr-defined]
        for node in tree.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "__all__"
    )
    there = {a.asname or a.name for n in tree.body if isinstance(n, ast.ImportFrom) and n.level == 1 for a in n.names}
    there |= {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")}
    assert listed == sorted(set(listed)), "sort __all__ and list each name once"
    assert set(listed) == there, (set(listed) - there, there - set(listed))
