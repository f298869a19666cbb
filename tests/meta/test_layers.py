"""The package's layers, checked from the source: who may import what, and no import circles.

hermes_dash is layered: the engine (``hermes_dash``, its face re-exporting private modules),
curation (``hermes_dash.curation``, public modules) over it, and the two thin faces people use,
the command line (``hermes_dash.cli``) and the dashboard (``hermes_dash.ui`` with its pages in
``hermes_dash/ui/pages/``). Pages and the command line reach the layers below only through their public
faces, so a private module can change without touching them. Imports inside functions count
too: a circle through a lazy import is still a circle in the design.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from repo import ROOT

PACKAGE = ROOT / "hermes_dash"

#: What pages, the command line and the dashboard helpers may import from the package.
CURATION = {p.stem for p in (PACKAGE / "curation").glob("*.py") if not p.stem.startswith("_")} | {
    p.parent.name for p in (PACKAGE / "curation").glob("*/__init__.py")
}
INTEGRATIONS = {p.stem for p in (PACKAGE / "integrations").glob("*.py") if not p.stem.startswith("_")}
FACES = {
    "hermes_dash",
    "hermes_dash.ui",
    "hermes_dash.curation",
    "hermes_dash.demo",
    "hermes_dash.integrations",
    *(f"hermes_dash.curation.{name}" for name in CURATION),
    *(f"hermes_dash.integrations.{name}" for name in INTEGRATIONS),
}


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


def test_every_layer_above_the_engine_imports_only_public_faces() -> None:
    """Curation, the command line, the dashboard helpers and the pages: only the faces, and
    modules of their own package; ``TYPE_CHECKING`` imports included."""
    checked = (
        sorted((ROOT / "hermes_dash" / "ui" / "pages").glob("*.py"))
        + sorted((PACKAGE / "cli").glob("*.py"))
        + sorted((PACKAGE / "ui").glob("*.py"))
        + sorted((PACKAGE / "curation").glob("*.py"))
    )
    bad = []
    for path in checked:
        own = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
        for line, target in imports(path):
            inside = own.startswith("hermes_dash.") and target.startswith(own + ".")
            if target not in FACES and not inside:
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
    assert not bad, (
        "import these through a public face (hermes_dash, hermes_dash.curation, hermes_dash.ui):\n" + "\n".join(bad)
    )


#: The demo's modules: a user of the engine face beside curation, not a floor under it.
DEMO = {"hermes_dash.demo", "hermes_dash.demo.sessions"}


def test_the_demo_uses_the_engine_through_its_face_only() -> None:
    bad = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for path in sorted((PACKAGE / "demo").glob("*.py"))
        for line, target in imports(path)
        if target != "hermes_dash" and target not in DEMO
    ]
    assert not bad, "import the engine through its face (from hermes_dash import ...):\n" + "\n".join(bad)


def test_the_clean_up_modules_use_only_the_engine_face() -> None:
    """Curation is a layer over the engine: it reaches it through ``hermes_dash`` alone."""
    checked = (
        sorted((PACKAGE / "curation" / "cleanup").glob("*.py"))
        + sorted((PACKAGE / "curation" / "pending").glob("*.py"))
        + [PACKAGE / "curation" / f"{name}.py" for name in ("suggestions", "hints")]
    )
    bad = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for path in checked
        for line, target in imports(path)
        if target != "hermes_dash" and not target.startswith("hermes_dash.curation")
    ]
    assert not bad, "import the engine through its face (from hermes_dash import ...):\n" + "\n".join(bad)


def test_the_pages_import_nothing_but_the_faces() -> None:
    used = {target for path in (ROOT / "hermes_dash" / "ui" / "pages").glob("*.py") for _, target in imports(path)}
    assert used <= FACES and "hermes_dash" in used and "hermes_dash.ui" in used


def test_the_engine_imports_neither_curation_nor_the_faces_above_it() -> None:
    bad = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for path in [PACKAGE / "__init__.py", PACKAGE / "_face.py", *(PACKAGE / "engine").rglob("*.py")]
        for line, target in imports(path)
        if target.startswith(("hermes_dash.curation", "hermes_dash.cli", "hermes_dash.ui", "hermes_dash.integrations"))
        or target in DEMO
    ]
    assert not bad, "\n".join(bad)


def test_the_integrations_use_the_engine_through_its_face_only() -> None:
    """git's merge driver and the agent dashboard's tab: the engine's face (and curation's public
    modules), nothing under it, and nothing of the dashboard (Streamlit need not be installed)."""
    bad = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for path in (PACKAGE / "integrations").rglob("*.py")
        for line, target in imports(path)
        if target not in FACES - {"hermes_dash.ui"}
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
    # The engine face loads its modules lazily by name (PEP 562): those are edges too.
    import hermes_dash

    graph["hermes_dash"] |= {f"hermes_dash.{module}" for module in hermes_dash._MODULE_OF.values()}
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
