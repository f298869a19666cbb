"""Rooms of one concern, checked from the source: functions of one idea (none past 60 lines),
no private name taken from a sibling module, one place that derives ``usage``/``percent``, one
``which``, and views that cannot reach the modules that write."""

from __future__ import annotations

import ast
from pathlib import Path

from repo import ROOT
from test_layers import imports

PACKAGE = ROOT / "hermes_dash"
MAX_FUNCTION_LINES = 60

#: Functions still past the limit, each with who shortens it; the list only shrinks.
LONG_FUNCTIONS: set[str] = set()


def _sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _functions(tree: ast.AST, prefix: str = "") -> list[tuple[str, int]]:
    """Every function (methods and nested ones too) as (dotted name, lines from ``def`` to its end)."""
    found = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found.append((prefix + node.name, (node.end_lineno or node.lineno) - node.lineno + 1))
            found += _functions(node, f"{prefix}{node.name}.")
        elif isinstance(node, ast.ClassDef):
            found += _functions(node, f"{prefix}{node.name}.")
        else:
            found += _functions(node, prefix)
    return found


def test_no_function_passes_60_lines() -> None:
    long = {
        f"{path.relative_to(ROOT).as_posix()}:{name}": n
        for path in _sources()
        for name, n in _functions(ast.parse(path.read_text(encoding="utf-8")))
        if n > MAX_FUNCTION_LINES
    }
    assert set(long) - LONG_FUNCTIONS == set(), f"cut these into functions of one idea: {long}"
    assert LONG_FUNCTIONS - set(long) == set(), "now short: take these off LONG_FUNCTIONS"


def test_usage_and_percent_are_derived_in_one_place() -> None:
    """A result held against a ``limit`` gets ``usage`` and ``percent`` from
    ``rules/format.Weighed``, never a pair of its own (a count of another kind, like a merge's
    text length, has no ``limit`` field and no ``percent``)."""
    bad = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef) or node.name == "Weighed":
                continue
            fields = {i.target.id for i in node.body if isinstance(i, ast.AnnAssign) and isinstance(i.target, ast.Name)}
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and (
                    item.name == "percent" or (item.name == "usage" and "limit" in fields)
                ):
                    bad.append(f"{path.relative_to(ROOT)}:{item.lineno} {node.name}.{item.name}")
    assert not bad, "derive usage/percent from Weighed (hermes_dash.engine.rules.format):\n" + "\n".join(bad)


def test_helpers_are_defined_once() -> None:
    """``which`` (engine/io/which.py) and ``iso_seconds`` (engine/views/humanize.py) have one
    definition; a module-level copy under another spelling counts."""
    names = {"which": [], "_which": [], "_iso": [], "iso_seconds": []}
    for path in _sources():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name in names:
                names[node.name].append(path.relative_to(ROOT).as_posix())
    assert names == {
        "which": ["hermes_dash/engine/io/which.py"],
        "_which": [],
        "_iso": [],
        "iso_seconds": ["hermes_dash/engine/views/humanize.py"],
    }


def test_views_cannot_reach_a_module_that_writes() -> None:
    """``engine/views/`` reads; what writes (the store, the pipeline, atomic writes, the freeze)
    is never imported by a view at run time (a type named under ``TYPE_CHECKING`` is fine)."""
    writers = ("hermes_dash.engine.store", "hermes_dash.engine.move", "hermes_dash.engine.pipeline")
    writers += ("hermes_dash.engine.io.atomic", "hermes_dash.engine.freeze", "hermes_dash.engine.change")
    bad = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for path in sorted((PACKAGE / "engine" / "views").glob("*.py"))
        for line, target in imports(path, typing_too=False)
        if target in writers
    ]
    assert not bad, "\n".join(bad)


def test_the_pages_and_commands_preview_a_write_only_through_the_store() -> None:
    """One preview path: the dashboard and the command line never call the rules' ``project``
    themselves (``MemoryStore.preview`` applies the write's own checks in the write's order)."""
    bad = []
    for path in [*(PACKAGE / "ui").rglob("*.py"), *(PACKAGE / "cli").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "project":
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bad, "preview through store.preview(state, operation):\n" + "\n".join(bad)


#: Private names still taken from a sibling, each with who ends it; the list only shrinks.
SHARED_PRIVATE: set[str] = set()


def _private_imports(path: Path) -> list[str]:
    """``from <a module of the package> import _name`` in ``path``, where ``_name`` is not a module."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    package = parts[:-1]  # a module's package; an __init__'s is the package it opens
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        base = (node.module or "").split(".") if node.module else []
        if node.level:
            base = [*package[: len(package) - node.level + 1], *base]
        if base[:1] != ["hermes_dash"]:
            continue
        for alias in node.names:
            module = ROOT.joinpath(*base, alias.name)
            is_module = module.with_suffix(".py").exists() or (module / "__init__.py").exists()
            if alias.name.startswith("_") and not alias.name.startswith("__") and not is_module:
                found.append(f"{path.relative_to(ROOT).as_posix()}: {'.'.join(base)}.{alias.name}")
    return found


def test_no_module_takes_a_private_name_from_another() -> None:
    """What siblings share is public in the module that holds it (or the two are one module)."""
    taken = {found for path in _sources() for found in _private_imports(path)}
    assert taken - SHARED_PRIVATE == set(), "make these public where they are defined, or merge the modules"
    assert SHARED_PRIVATE - taken == set(), "no longer taken: take these off SHARED_PRIVATE"
