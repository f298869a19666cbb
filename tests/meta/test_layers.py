"""The package's layers, checked from the source: who may import what, and no import circles.

hermes_dash is layered (``FLOORS``): the engine (``hermes_dash/engine``, with the library's face
``hermes_dash`` re-exporting what a user of the library needs), curation and the demo over it,
the integrations, then the two faces people use, the dashboard (``hermes_dash.ui``) and the
command line (``hermes_dash.cli``). Each layer imports the ones below it by module path, never one
above. Imports inside functions count too: a circle through a lazy import is still a circle in
the design.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from repo import ROOT

PACKAGE = ROOT / "hermes_dash"

#: The floors, lowest first: a module imports the library's face (``hermes_dash``), its own
#: package, and the packages on lower floors, by module path; never a package on its own floor or
#: above. The engine is the ground floor; the command line is the top (``serve`` starts the dashboard).
FLOORS = {"engine": 0, "curation": 1, "demo": 1, "integrations": 2, "ui": 3, "cli": 4}


def floor_of(module: str) -> tuple[str, int] | None:
    parts = module.split(".")
    if len(parts) < 2 or parts[1] not in FLOORS:
        return None
    return parts[1], FLOORS[parts[1]]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, *, typing_too: bool = True) -> list[tuple[int, str]]:
    """Every module of hermes_dash that ``path`` imports (a ``from X import name`` that names a
    submodule counts as importing the submodule). Imports under ``if TYPE_CHECKING:`` count too
    (a layer that names a private type depends on it), unless ``typing_too`` is False."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    skip: set[int] = set()
    for node in ast.walk(tree):
        if not typing_too and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for child in node.body for n in ast.walk(child))
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("hermes_dash")]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            if not base.startswith("hermes_dash"):
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append(
                    (
                        node.lineno,
                        sub
                        if (ROOT / sub.replace(".", "/")).with_suffix(".py").exists()
                        or (ROOT / sub.replace(".", "/") / "__init__.py").exists()
                        else base,
                    )
                )
    return found


def sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_every_import_goes_down_a_floor_or_stays_in_its_package() -> None:
    """The layers, from the source (imports inside functions and under ``TYPE_CHECKING`` too): a
    page, a command or a clean-up module may import any engine module by path, never one above."""
    bad = []
    for path in sources():
        here = floor_of(module_name(path))
        if here is None:
            continue
        for line, target in imports(path):
            there = floor_of(target)
            if target == "hermes_dash":
                ok = here[1] > 0  # the engine never imports the face that re-exports it
            else:
                ok = there is not None and (there[0] == here[0] or there[1] < here[1])
            if not ok:
                bad.append(f"{path.relative_to(ROOT)}:{line} ({here[0]}) imports {target}")
    assert not bad, "an import that goes up a floor or sideways:\n" + "\n".join(bad)


def test_the_integrations_need_no_dashboard() -> None:
    """git's merge driver and the agent dashboard's tab run where Streamlit need not be installed."""
    bad = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for path in (PACKAGE / "integrations").rglob("*.py")
        for line, target in imports(path)
        if target.startswith(("hermes_dash.ui", "hermes_dash.cli"))
    ]
    assert not bad, "\n".join(bad)


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return out


def import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in sources():
        here = module_name(path)
        graph[here] = {t for _, t in imports(path, typing_too=False) if t != here}
    return graph


def test_no_import_circles() -> None:
    assert find_cycles(import_graph()) == []


@pytest.mark.parametrize(
    "graph, expected",
    [
        ({"a": {"b"}, "b": {"a"}}, [["a", "b"]]),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
        ({"a": {"b"}, "b": set()}, []),
    ],
)
def test_the_cycle_finder_finds_circles(graph: dict[str, set[str]], expected: list[list[str]]) -> None:
    assert find_cycles(graph) == expected


def test_a_lazy_import_inside_a_function_counts(tmp_path: Path) -> None:
    """The circle the issue found (ui._session <-> ui._widgets) went through a function-level
    import; the checker must see such imports."""
    source = PACKAGE / "ui" / "_session.py"
    assert any(t.startswith("hermes_dash.ui._") for _, t in imports(source))
