"""No function of the dashboard (hermes_dash/ui, the page scripts included) is over 60 lines:
a page's body is split into functions named for what they draw, each readable on one screen."""

from __future__ import annotations

import ast

from repo import ROOT

LIMIT = 60


def test_no_ui_function_is_over_60_lines() -> None:
    long = [
        f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for path in sorted((ROOT / "hermes_dash" / "ui").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and (node.end_lineno or node.lineno) - node.lineno + 1 > LIMIT
    ]
    assert not long, "split these into functions of at most 60 lines:\n" + "\n".join(long)
