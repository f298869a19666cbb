"""One reader opens files: no code of hermes_dash outside it calls ``open``, ``read_text``,
``read_bytes``, ``os.open``, ``sqlite3.connect`` or a copy routine (docs/safety.md#one-reader).

Every file hermes-dash opens lies in a folder others write to (a home, a linked repository), so
it is read through ``engine/io/readfile.py`` (regular files only, opened non-blocking, checked with
``fstat``, a bound per kind of file) and ``state.db`` through ``engine/views/statedb.py`` (SQLite's
limits). The places below that open a file otherwise are the engine's write routine and its locks,
each with its reason; a new one must be added here, with its own.
"""

from __future__ import annotations

import ast

from repo import ROOT

PACKAGE = ROOT / "hermes_dash"

#: Calls that open a file: a bare name, or a method name on any receiver (``Path(...).read_text``).
_NAMES = {"open"}
_METHODS = {"read_text", "read_bytes", "write_text", "write_bytes", "fdopen"}
#: ``<module>.<name>(...)`` that opens, reads or copies a file.
_MODULE_CALLS = {
    "os": {"open", "fdopen"},
    "io": {"open", "FileIO"},
    "codecs": {"open"},
    "sqlite3": {"connect"},
    "shutil": {"copy", "copy2", "copyfile", "copytree", "copyfileobj", "move"},
    "mmap": {"mmap"},
    "builtins": {"open"},
    "tarfile": {"open"},
    "zipfile": {"ZipFile"},
    "gzip": {"open"},
}
#: ``.open(...)`` on these names is no file: the store's and the reader's constructors, the web browser.
_NOT_FILES = {"MemoryStore", "MemoryReader", "webbrowser"}

#: (module, function) -> why it may open a file itself.
ALLOWED: dict[tuple[str, str], str] = {
    # the reader itself
    ("engine/io/readfile.py", "read_regular"): "the one reader: O_NONBLOCK, fstat, a bound per kind of file",
    ("engine/io/readfile.py", "read_named_input"): "a file the person named on the command line (a FIFO is meant)",
    ("engine/views/statedb.py", "_Watch.run"): "the one state.db connection: SQLite's limits, deadline, row caps",
    # the engine's write routine (docs/rules.md#locking) and its locks
    ("engine/io/atomic.py", "fsync_dir"): "write routine: a folder opened to fsync it",
    ("engine/io/atomic.py", "write_file"): "the one writer: the folder opened (O_DIRECTORY) to write in it by name",
    ("engine/io/atomic.py", "link_exclusive"): "write routine: the backup by hard link, checked on the descriptor",
    ("engine/io/atomic.py", "make_private"): "write routine: chmod 0600 through a descriptor (O_NOFOLLOW)",
    ("engine/io/atomic.py", "_create_excl_direct"): "write routine: a new file, O_EXCL",
    ("engine/io/atomic.py", "_open_temp"): "write routine: a new temp file, O_EXCL | O_NOFOLLOW, 0600",
    ("engine/io/lock.py", "_open_checked"): "the agent's lock: opened once, checked, locked, never truncated",
    ("engine/io/journal.py", "_append"): "the journal's append: O_NONBLOCK, O_NOFOLLOW, one name, no fsync",
    # writers of a new home hermes-dash creates itself
    ("demo/__init__.py", "create_demo_home"): "copies hermes-dash's own demo files into a new folder",
    ("demo/sessions.py", "build"): "creates the demo's state.db in a new folder",
    # not a file under a home
    ("cli/__init__.py", "main"): "os.devnull, for --quiet's stdout",
}
#: Whole modules allowed to open files themselves: none. (The git reader, curation/gitread.py,
#: opens nothing itself: libgit2 does, inside the child of curation/gitworker.py that a time
#: limit bounds; the working file it compares is read through the reader.)
ALLOWED_MODULES: dict[str, str] = {}


def openings(source: str) -> list[tuple[int, str, str]]:
    """(line, enclosing function, call) of every call in ``source`` that opens a file."""
    found: list[tuple[int, str, str]] = []
    stack: list[str] = []

    class Visitor(ast.NodeVisitor):
        def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
            stack.append(node.name)
            self.generic_visit(node)
            stack.pop()

        visit_AsyncFunctionDef = visit_ClassDef = visit_FunctionDef  # type: ignore[assignment]  # same handling

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            for alias in node.names:
                if alias.name in _MODULE_CALLS.get(node.module or "", ()):
                    found.append((node.lineno, ".".join(stack) or "<module>", f"from {node.module} import"))

        def visit_Call(self, node: ast.Call) -> None:
            f = node.func
            hit = (
                (isinstance(f, ast.Name) and f.id in _NAMES)
                or (isinstance(f, ast.Attribute) and f.attr in _METHODS)
                or (
                    isinstance(f, ast.Attribute)
                    and isinstance(f.value, ast.Name)
                    and f.attr in _MODULE_CALLS.get(f.value.id, ())
                )
                or (
                    isinstance(f, ast.Attribute)
                    and f.attr == "open"
                    and not (isinstance(f.value, ast.Name) and f.value.id in _NOT_FILES)
                )
            )
            if hit:
                found.append((node.lineno, ".".join(stack) or "<module>", ast.unparse(f)))
            self.generic_visit(node)

    Visitor().visit(ast.parse(source))
    return found


def test_no_code_outside_the_reader_opens_a_file() -> None:
    unlisted = []
    used = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(PACKAGE).as_posix()
        if module in ALLOWED_MODULES:
            continue
        for line, function, call in openings(path.read_text(encoding="utf-8")):
            if (module, function) in ALLOWED:
                used.add((module, function))
            else:
                unlisted.append(f"hermes_dash/{module}:{line} {function}: {call}")
    assert not unlisted, "read through engine/io/readfile.py (or statedb.py for state.db):\n" + "\n".join(unlisted)
    assert used == set(ALLOWED), f"allowed but opening nothing any more (remove them): {set(ALLOWED) - used}"


def test_the_scanner_sees_every_way_of_opening() -> None:
    snippet = """
import os, shutil, sqlite3
from pathlib import Path
def f(p):
    open(p)
    Path(p).read_text()
    p.read_bytes()
    p.open("rb")
    os.open(p, 0)
    sqlite3.connect(p)
    shutil.copyfile(p, "x")
    MemoryStore.open(p)
from os import open as o
"""
    calls = [call for _, _, call in openings(snippet)]
    assert calls == [
        "open",
        "Path(p).read_text",
        "p.read_bytes",
        "p.open",
        "os.open",
        "sqlite3.connect",
        "shutil.copyfile",
        "from os import",
    ]
