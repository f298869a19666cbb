"""hermes-dash never runs git: no way of starting a program reaches the git binary.

git's binary reads the repository's own config and acts on it (a partial clone's missing object
becomes a fetch that runs the config's ``uploadpack`` or ``ext::`` command), so the repository
is read through libgit2 (hermes_dash/curation/gitread.py, the only importer of pygit2) and no
code under hermes_dash/ may start git. The check is a structure, not a list of git commands:

* starting any program (subprocess, os.exec*/spawn*/system/popen/fork, pty, multiprocessing,
  asyncio's subprocesses, webbrowser, a library that wraps a shell or git) is allowed only in
  the files of :data:`MAY_START`, each with what it starts;
* the calls in those files that start a program hold no string that names git;
* nothing looks git up on PATH (``which`` of a name holding "git").
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from repo import ROOT

PACKAGE = ROOT / "hermes_dash"

#: The files that may start a program, and what they start (never git).
MAY_START = {
    "integrations/tab/plugin_api.py": "hermes-dash itself (the command `plugin install` wrote)",
    "curation/gitworker.py": "this same Python (sys.executable -I), asking gitread's questions with a deadline",
    "cli/_serve.py": "the user's web browser on the dashboard's own URL (webbrowser.open)",
    "curation/cleanup/model_call.py": "the home's agent's own Python (model_child.py), one call to its model "
    "through its LLM facade, when the person asks, with a deadline",
    "engine/views/statedb_child.py": "a fork of this process (no exec) reading state.db, killed at the deadline",
}
#: Modules whose import lets code start programs.
STARTER_MODULES = {
    "subprocess",
    "multiprocessing",
    "pty",
    "pexpect",
    "sh",
    "plumbum",
    "git",  # GitPython runs the git binary
    "dulwich",  # its porcelain runs hooks and filter drivers
    "webbrowser",
    "concurrent.futures.process",
    "asyncio.subprocess",
    "_posixsubprocess",
    "ctypes",  # libc's system() and exec*()
    "cffi",
}
#: Attributes (of os, asyncio, concurrent.futures) that start a program.
STARTER_ATTRIBUTES = {
    "system",
    "popen",
    "fork",
    "forkpty",
    "create_subprocess_exec",
    "create_subprocess_shell",
    "ProcessPoolExecutor",
}
STARTER_PREFIXES = ("exec", "spawn", "posix_spawn")
STARTER_OWNERS = {"os", "posix", "asyncio", "concurrent.futures", "futures"}


def _names_git(text: str) -> bool:
    """``git``, ``/usr/bin/git``, ``git-upload-pack``: a word that is git or one of its programs."""
    return any(w == "git" or w.endswith("/git") or w.startswith("git-") for w in text.split())


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return ""


def _import_problems(node: ast.AST) -> list[str]:
    line = getattr(node, "lineno", 0)
    if isinstance(node, ast.Import):
        return [
            f"{line}: import {a.name}"
            for a in node.names
            if a.name in STARTER_MODULES or a.name.split(".")[0] in STARTER_MODULES - {"concurrent"}
        ]
    if not isinstance(node, ast.ImportFrom) or node.level:
        return []
    module = node.module or ""
    if module in STARTER_MODULES or module.split(".")[0] in STARTER_MODULES:
        return [f"{line}: from {module} import ..."]
    if module not in STARTER_OWNERS:
        return []
    return [
        f"{line}: from {module} import {a.name}"
        for a in node.names
        if a.name in STARTER_ATTRIBUTES or a.name.startswith(STARTER_PREFIXES) or a.name == "subprocess"
    ]


def _use_problems(node: ast.AST) -> list[str]:
    line = getattr(node, "lineno", 0)
    if isinstance(node, ast.Attribute):
        owner = _dotted(node.value)
        if owner in STARTER_OWNERS and (node.attr in STARTER_ATTRIBUTES or node.attr.startswith(STARTER_PREFIXES)):
            return [f"{line}: {owner}.{node.attr}"]
        return []
    if not isinstance(node, ast.Call):
        return []
    called = _dotted(node.func)
    literal = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    found = []
    if called.endswith(("import_module", "__import__")) and any(m.split(".")[0] in STARTER_MODULES for m in literal):
        found.append(f"{line}: {called}({literal[0]!r})")
    if called.split(".")[-1] in ("which", "_which") and any("git" in m for m in literal):
        found.append(f"{line}: {called}({literal[0]!r}) looks git up")
    return found


def problems(source: str) -> list[str]:
    """Each way ``source`` could start a program or find git, as ``line: what``."""
    return [p for node in ast.walk(ast.parse(source)) for p in (*_import_problems(node), *_use_problems(node))]


def _sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_only_the_named_files_start_a_program() -> None:
    bad = []
    for path in _sources():
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in MAY_START:
            continue
        bad += [f"hermes_dash/{rel}:{p}" for p in problems(path.read_text(encoding="utf-8"))]
    assert not bad, (
        "only these files may start a program (the repository is read through libgit2, "
        "hermes_dash/curation/gitread.py; git's binary is never run):\n" + "\n".join(bad)
    )


def _starts(call: ast.Call) -> bool:
    name = _dotted(call.func).split(".")[-1]
    return name in ("run", "Popen", "call", "check_call", "check_output", "open", "system", "popen") or name.startswith(
        STARTER_PREFIXES
    )


def git_started(source: str) -> list[str]:
    """Each string naming git in a call of ``source`` that starts a program (its command line,
    its environment)."""
    return [
        f"{n.lineno}: {n.value!r}"
        for call in ast.walk(ast.parse(source))
        if isinstance(call, ast.Call) and _starts(call)
        for n in ast.walk(call)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and _names_git(n.value)
    ]


def test_the_files_that_start_programs_never_start_git() -> None:
    for rel in MAY_START:
        named = git_started((PACKAGE / rel).read_text(encoding="utf-8"))
        assert not named, f"hermes_dash/{rel} starts git:\n" + "\n".join(named)


@pytest.mark.parametrize(
    "snippet",
    [
        "subprocess.run(['git', 'status'])",
        "subprocess.Popen(['/usr/bin/git', 'log'])",
        "subprocess.run('git status', shell=True)",
        "os.execvp('git', ['x'])",
        "subprocess.run([sys.executable], env={'GIT_EXEC_PATH': 'x', 'X': 'git-upload-pack'})",
    ],
)
def test_the_check_sees_git_started_by_an_allowed_file(snippet: str) -> None:
    assert git_started(snippet), snippet


def test_only_gitread_imports_the_git_library() -> None:
    importers = []
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(n.split(".")[0] == "pygit2" for n in names):
                importers.append(path.relative_to(PACKAGE).as_posix())
    assert sorted(set(importers)) == ["curation/gitread.py"]


@pytest.mark.parametrize(
    "snippet",
    [
        "import subprocess\nsubprocess.run(['git', 'status'])",
        "from subprocess import run",
        "import os\nos.execvp('git', ['git'])",
        "import os\nos.system('git status')",
        "from os import posix_spawnp",
        "import shutil\nshutil.which('git')",
        "import importlib\nimportlib.import_module('subprocess')",
        "__import__('subprocess')",
        "import asyncio\nasyncio.create_subprocess_exec('git')",
        "import git",
        "from multiprocessing import Process",
        "import os\nos.popen('git log')",
        "import ctypes\nctypes.CDLL(None).system(b'git status')",
    ],
)
def test_the_check_sees_each_way_to_start_git(snippet: str) -> None:
    assert problems(snippet), snippet


def test_the_check_passes_plain_code() -> None:
    assert problems("import os\nos.path.join('a', 'git')\nkind = 'git'\nshutil.which('hermes-dash')") == []
