"""Every file hermes-dash writes is written by one module, hermes_dash/engine/io/atomic.py:
``write_file`` for every name but a memory file's, which it creates or replaces itself and
never follows a link at; ``write_resolved`` and the backups' exclusive creation for memory files.

The check reads the source (ast), so a new write anywhere in the package fails here until it goes
through the writer or is listed in :data:`ALLOWED` with its reason. A write is: ``open`` (built-in,
``io``, ``codecs``, ``os.fdopen``, ``Path.open``) with a mode that writes, ``write_text`` /
``write_bytes``, ``os.open`` with a flag that writes or creates (its flags followed through a
name assigned in the module), ``os.write``/``replace``/``rename``/``link``/``symlink``/
``truncate`` and kin, ``Path.replace``/``rename``/``symlink_to``/``hardlink_to``/``touch``,
``shutil``'s copies and moves, ``tempfile``'s files and ``sqlite3.connect`` of a path that is not
a read-only URI.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest
from repo import ROOT

PACKAGE = ROOT / "hermes_dash"
WRITER = "engine/io/atomic.py"

#: Writes outside the writer, each with why it is not one of the writer's: "file:function:what".
ALLOWED = {
    "engine/io/lock.py:_open_checked:os.open": "the agent's lock file, opened O_NOFOLLOW | O_CREAT "
    "without O_TRUNC and checked on its descriptor (regular, one name); no byte is ever written to it",
    "engine/io/journal.py:_append:os.open": "the journal is appended to, not replaced: O_APPEND | "
    "O_NOFOLLOW | O_NONBLOCK, and nothing is written unless fstat finds a regular file with one name",
    "engine/io/journal.py:_append:os.ftruncate": "the journal's rotation, on that same checked descriptor",
    "engine/io/journal.py:_append:os.write": "the journal's line, on that same checked descriptor",
    "cli/__init__.py:main:os.open": "opens /dev/null to stand in for a closed stdout; writes no file",
    "demo/__init__.py:create_demo_home:shutil.copytree": "copies the packaged demo home into a new "
    "folder (copytree refuses an existing destination) that mkdtemp has just made, 0700",
    "demo/sessions.py:build:sqlite3.connect": "builds the demo's state.db inside that new demo copy",
    "engine/views/statedb_child.py:_serve:os.write": "the state.db child's answer, written to the pipe "
    "its parent made before the fork; no file is named or created",
    "curation/cleanup/model_child.py:main:os.write": "the model child's answer, written to the pipe its "
    "parent gave it on standard output; no file is named or created",
}

_WRITE_FLAGS = {"O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC", "O_APPEND"}
_OS_WRITES = {
    "replace",
    "rename",
    "renames",
    "link",
    "symlink",
    "truncate",
    "ftruncate",
    "write",
    "pwrite",
    "writev",
    "pwritev",
    "copy_file_range",
    "sendfile",
    "mkfifo",
    "mknod",
}
_PATH_WRITES = {"write_text", "write_bytes", "symlink_to", "hardlink_to", "link_to", "touch"}
_ONE_ARGUMENT_MOVES = {"replace", "rename"}  # Path.replace(x) / .rename(x); str.replace takes two
_SHUTIL_WRITES = {"copy", "copy2", "copyfile", "copytree", "copymode", "copystat", "move"}
_TEMPFILE_WRITES = {"mkstemp", "NamedTemporaryFile", "TemporaryFile", "SpooledTemporaryFile"}
_OPENERS = {"open", "io.open", "codecs.open", "os.fdopen", "builtins.open"}


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return f"{inner}.{node.attr}" if inner else f".{node.attr}"
    if isinstance(node, ast.Call):
        return _dotted(node.func) + "()"
    return ""


def _mode_writes(node: ast.AST | None) -> bool:
    """A mode that writes; a mode that is not a literal counts as one (it cannot be checked)."""
    if node is None:
        return False
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return any(c in node.value for c in "wax+")
    return True


def _assigned(tree: ast.AST) -> dict[str, list[ast.AST]]:
    """Every value assigned to each plain name in the module (flags kept in a variable)."""
    out: dict[str, list[ast.AST]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out.setdefault(target.id, []).append(node.value)
        elif (
            isinstance(node, (ast.AugAssign, ast.AnnAssign))
            and isinstance(node.target, ast.Name)
            and node.value is not None
        ):
            out.setdefault(node.target.id, []).append(node.value)
    return out


def _flags_write(node: ast.AST, assigned: dict[str, list[ast.AST]], seen: frozenset[str] = frozenset()) -> bool:
    for part in ast.walk(node):
        name = part.attr if isinstance(part, ast.Attribute) else part.id if isinstance(part, ast.Name) else ""
        if name in _WRITE_FLAGS:
            return True
        follow = isinstance(part, ast.Name) and part.id in assigned and part.id not in seen
        if follow and any(_flags_write(v, assigned, seen | {name}) for v in assigned[name]):
            return True
    return False


def _argument(call: ast.Call, index: int, keyword: str) -> ast.AST | None:
    if len(call.args) > index:
        return call.args[index]
    return next((k.value for k in call.keywords if k.arg == keyword), None)


def _what_writes(call: ast.Call, assigned: dict[str, list[ast.AST]]) -> str | None:
    """What the call is, when it writes a file; None otherwise."""
    name = _dotted(call.func)
    last = name.rsplit(".", 1)[-1]
    if name in _OPENERS:
        return name if _mode_writes(_argument(call, 1, "mode")) else None
    if name.endswith(".open") and name != "os.open":
        mode = _argument(call, 0, "mode")
        return "Path.open" if isinstance(mode, ast.Constant) and _mode_writes(mode) else None
    if name == "os.open":
        flags = _argument(call, 1, "flags")
        return "os.open" if flags is not None and _flags_write(flags, assigned) else None
    if name.startswith("os.") and last in _OS_WRITES:
        return name
    if last in _PATH_WRITES and "." in name:
        return f"Path.{last}"
    if last in _ONE_ARGUMENT_MOVES and "." in name and len(call.args) == 1 and not call.keywords:
        return f"Path.{last}"
    if name.startswith("shutil.") and last in _SHUTIL_WRITES:
        return name
    if name.startswith("tempfile.") and last in _TEMPFILE_WRITES:
        return name
    if name == "sqlite3.connect" and not any(k.arg == "uri" for k in call.keywords):
        return name
    return None


def _imported_writers(tree: ast.AST) -> list[str]:
    """``from shutil import copy`` and the like would hide a write behind a plain name."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in ("shutil", "os", "tempfile", "io", "codecs"):
            for alias in node.names:
                if alias.name in _SHUTIL_WRITES | _OS_WRITES | _TEMPFILE_WRITES | {"open", "fdopen"}:
                    found.append(f"{node.lineno}: from {node.module} import {alias.name}")
    return found


def writes_in(source: str) -> list[tuple[int, str, str]]:
    """(line, enclosing function, what) of each write in ``source``."""
    tree = ast.parse(source)
    assigned = _assigned(tree)
    out = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.Call):
                what = _what_writes(child, assigned)
                if what is not None:
                    out.append((child.lineno, function, what))
            visit(child, inner)

    visit(tree, "<module>")
    return out


@functools.cache
def _package_writes() -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel == WRITER:
            continue
        source = path.read_text(encoding="utf-8")
        for problem in _imported_writers(ast.parse(source)):
            found.setdefault(f"{rel}:{problem}", []).append(0)
        for line, function, what in writes_in(source):
            found.setdefault(f"{rel}:{function}:{what}", []).append(line)
    return found


def test_every_write_in_the_package_goes_through_the_one_writer() -> None:
    stray = {key: lines for key, lines in _package_writes().items() if key not in ALLOWED}
    assert not stray, (
        "These write a file outside hermes_dash/engine/io/atomic.py (use write_file, which never "
        "follows a link at the name; or list the call in ALLOWED with the reason it is safe):\n"
        + "\n".join(f"  hermes_dash/{key} (line {', '.join(map(str, lines))})" for key, lines in sorted(stray.items()))
    )


def test_every_allowed_write_is_still_there() -> None:
    """An entry whose call went away is removed, so the list never allows more than it says."""
    assert sorted(set(ALLOWED) - set(_package_writes())) == []


@pytest.mark.parametrize(
    "source,what",
    [
        ("open(p, 'w')", "open"),
        ("open(p, mode='ab')", "open"),
        ("open(p, m)", "open"),
        ("io.open(p, 'x')", "io.open"),
        ("os.fdopen(fd, 'wb')", "os.fdopen"),
        ("p.open('a', encoding='utf-8')", "Path.open"),
        ("p.write_text('x')", "Path.write_text"),
        ("Path(x).write_bytes(b'')", "Path.write_bytes"),
        ("os.replace(a, b)", "os.replace"),
        ("os.rename(a, b)", "os.rename"),
        ("os.symlink(a, b)", "os.symlink"),
        ("os.write(fd, b'x')", "os.write"),
        ("p.replace(q)", "Path.replace"),
        ("p.rename(q)", "Path.rename"),
        ("p.symlink_to(q)", "Path.symlink_to"),
        ("p.touch()", "Path.touch"),
        ("shutil.copy(a, b)", "shutil.copy"),
        ("shutil.copyfile(a, b)", "shutil.copyfile"),
        ("shutil.copytree(a, b)", "shutil.copytree"),
        ("shutil.move(a, b)", "shutil.move"),
        ("tempfile.mkstemp()", "tempfile.mkstemp"),
        ("sqlite3.connect(p)", "sqlite3.connect"),
        ("os.open(p, os.O_WRONLY | os.O_CREAT)", "os.open"),
        ("FLAGS = os.O_RDWR | os.O_CREAT\ndef f():\n    os.open(p, FLAGS)", "os.open"),
        ("def f():\n    flags = os.O_RDONLY\n    flags |= os.O_APPEND\n    os.open(p, flags)", "os.open"),
    ],
)
def test_the_check_finds_each_kind_of_write(source: str, what: str) -> None:
    assert [w for _, _, w in writes_in(source)] == [what]


@pytest.mark.parametrize(
    "source",
    [
        "open(p)",
        "open(p, 'rb')",
        "p.open()",
        "s.replace('a', 'b')",
        "dataclasses.replace(x, a=1)",
        "os.open(p, os.O_RDONLY | os.O_NOFOLLOW)",
        "MemoryStore.open(home, 'default')",
        "sqlite3.connect('file:x?mode=ro', uri=True)",
        "df.rename(columns={})",
        "(a or '').replace(',', '')",
    ],
)
def test_the_check_leaves_reads_alone(source: str) -> None:
    assert writes_in(source) == []


def test_the_check_finds_a_writer_imported_by_name() -> None:
    assert _imported_writers(ast.parse("from shutil import copyfile\nfrom os import replace")) == [
        "1: from shutil import copyfile",
        "2: from os import replace",
    ]


def test_only_the_write_pipeline_writes_through_the_memory_files_link() -> None:
    """``write_resolved`` follows the documented MEMORY.md link: only the pipeline, which resolves
    a memory file's name once under its lock, may call it."""
    users = sorted(
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if path.relative_to(PACKAGE).as_posix() != WRITER and _names_it(path, "write_resolved")
    )
    assert users == ["engine/pipeline.py"]


def _names_it(path: Path, name: str) -> bool:
    """Whether the module's code (not its prose) names ``name``: imported, called or looked up."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and any(a.name == name for a in node.names):
            return True
        if (isinstance(node, ast.Name) and node.id == name) or (isinstance(node, ast.Attribute) and node.attr == name):
            return True
    return False
