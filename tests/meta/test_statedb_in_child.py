"""Every path to a state.db connection goes through a child killed at its deadline (docs/safety.md#state-db).

SQLite stops a statement only between VM steps, so a read is bounded in time only when it runs in
``engine/views/statedb_child.run``'s child. This finds every function of hermes_dash that opens a
connection (``statedb.connect``), then every function that calls one of those, and so on, each
call resolved to the module that defines the called name; such a call must sit inside a lambda
handed to ``statedb_child.run``. A reader that opens state.db in the dashboard's own process
(the code before statedb_child: ``read_sessions``, ``scan_calls``...) fails here.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from repo import ROOT

PACKAGE = ROOT / "hermes_dash"


def _face() -> dict[str, str]:
    """Each name of the literal face (``hermes_dash/__init__.py``) -> its module under hermes_dash."""
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    return {
        alias.asname or alias.name: node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
        for alias in node.names
    }


_MODULE_OF = _face()
CONNECT = ("hermes_dash.engine.views.statedb", "connect")
Function = tuple[str, str]  # (module, name); name "<module>" for a module's own statements


def _modules() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), ast.parse(path.read_text(encoding="utf-8"))


def _bindings(module: str, tree: ast.Module) -> dict[str, str]:
    """Name -> the module it comes from: the module's own functions, ``from X import name`` (and
    the face, ``from hermes_dash import name``), ``from X import module`` for ``module.name``."""
    bound = {n.name: module for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    package = (
        module if (PACKAGE / "/".join(module.split(".")[1:]) / "__init__.py").exists() else module.rpartition(".")[0]
    )
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        source = node.module or ""
        if node.level:
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            source = ".".join([*base, source] if source else base)
        for alias in node.names:
            name = alias.asname or alias.name
            if source == "hermes_dash" and alias.name in _MODULE_OF:
                bound[name] = f"hermes_dash.{_MODULE_OF[alias.name]}"
            elif (PACKAGE.parent / source.replace(".", "/") / f"{alias.name}.py").exists():
                bound[name] = f"{source}.{alias.name}#module"
            else:
                bound[name] = source
    return bound


def _target(node: ast.Call, bound: dict[str, str]) -> Function | None:
    func = node.func
    if isinstance(func, ast.Name) and func.id in bound:
        return bound[func.id], func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        source = bound.get(func.value.id, "")
        if source.endswith("#module"):
            return source.removesuffix("#module"), func.attr
    return None


def _calls(module: str, tree: ast.Module) -> list[tuple[Function, Function, bool]]:
    """(caller, called, whether the call sits in a lambda handed to statedb_child.run)."""
    bound = _bindings(module, tree)
    found: list[tuple[Function, Function, bool]] = []

    def walk(node: ast.AST, caller: Function, in_child: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                walk(child, (module, child.name), False)
                continue
            if isinstance(child, ast.Call) and (called := _target(child, bound)) is not None:
                found.append((caller, called, in_child))
                if called == ("hermes_dash.engine.views.statedb_child", "run"):
                    for arg in child.args:
                        walk(arg, caller, in_child or isinstance(arg, ast.Lambda))
                    continue
            walk(child, caller, in_child)

    walk(tree, (module, "<module>"), False)
    return found


def test_every_state_db_connection_is_opened_in_a_killable_child() -> None:
    calls = [call for module, tree in _modules() for call in _calls(module, tree)]
    opening: set[Function] = {CONNECT}
    while more := {caller for caller, called, in_child in calls if called in opening and not in_child} - opening:
        opening |= more  # the functions from which a connection is reached outside a child
    assert {f for f in opening if f[1] in ("<module>", "read_sessions", "scan_calls", "blame")} == set()
    public = sorted(f"{m}.{n}" for m, n in opening - {CONNECT} if not n.startswith("_"))
    assert not public, f"state.db is opened outside statedb_child.run by: {public}"
    # what the scan must see for it to mean anything: the readers that run in the child
    seen = {n for m, n in opening if m.startswith("hermes_dash.engine.views.")}
    assert {"_connect", "_open", "_read_sessions", "_scan_calls", "_reasons", "_turn"} <= seen, seen
