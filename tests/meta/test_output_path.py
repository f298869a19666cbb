"""The command line prints through one path, hermes_dash/cli/_output.py, which shows control
characters instead of passing them to the terminal (docs/safety.md, "Text that cannot lie to a
terminal"): no other module of the command line calls ``print`` or writes to standard output or
standard error itself."""

from __future__ import annotations

import ast

from repo import ROOT

CLI = ROOT / "hermes_dash" / "cli"
ONE_PATH = CLI / "_output.py"


def _writes(tree: ast.AST) -> list[int]:
    """Lines that print or write to sys.stdout / sys.stderr (their .write, .buffer.write, print)."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        printed = isinstance(func, ast.Name) and func.id == "print"
        written = (
            isinstance(func, ast.Attribute)
            and func.attr in ("write", "writelines")
            and any(isinstance(n, ast.Attribute) and n.attr in ("stdout", "stderr") for n in ast.walk(func.value))
        )
        if printed or written:
            found.append(node.lineno)
    return found


def test_only_the_output_module_prints() -> None:
    offenders = {
        str(path.relative_to(ROOT)): lines
        for path in sorted(CLI.glob("*.py"))
        if path != ONE_PATH and (lines := _writes(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert not offenders, f"print through cli/_output.py (say, say_json) instead: {offenders}"


def test_the_check_finds_a_print() -> None:
    assert _writes(ast.parse("print('x')\nsys.stderr.write('y')\nsys.stdout.buffer.write(b'z')\n")) == [1, 2, 3]
    assert _writes(ast.parse(ONE_PATH.read_text(encoding="utf-8")))  # the one path does print
