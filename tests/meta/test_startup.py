"""Commands in a fresh interpreter, as a command runs: each gets the modules it uses. (That
``show`` also loaded none it did not use was a start-up goal, since retired: its figure is
benchmarks/cli.py's ``cli_show_ratio``.)"""

from __future__ import annotations

import ast
import os
import subprocess
import sys

import pytest
from homes import make_home
from repo import ROOT

#: Run ``main`` like the installed command, then print the names in sys.modules (as a literal:
#: json itself is one of the modules looked for).
_PROBE = """
import contextlib, io, sys
from hermes_dash.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    code = main(sys.argv[1:])
print(repr((code, out.getvalue(), sorted(sys.modules))))
"""

# Two entries and a backup, that `show` reads.
SHOWN = {"memory": ["first fact", "second fact"], "files": {"memories/MEMORY.md.bak.20261129-230512": "first fact"}}


def _run(code: str, *argv: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HERMES")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", code, *argv], cwd=ROOT, env=env, capture_output=True, text=True, check=True, timeout=60
    )
    return done.stdout.strip().splitlines()[-1]


def _modules_of(*argv: str) -> tuple[int, str, set[str]]:
    """The exit code, the output and the modules ``argv`` loaded beyond those the bare interpreter
    loads itself (a Python whose ``site`` imports shutil, say, gives it to every program)."""
    bare = set(ast.literal_eval(_run("import sys; print(repr(sorted(sys.modules)))")))
    code, out, modules = ast.literal_eval(_run(_PROBE, *argv))
    return code, out, set(modules) - bare


@pytest.mark.parametrize("argv", [("--json", "show"), ("history", "memory")])
def test_commands_that_need_the_lazily_imported_modules_still_get_them(tmp_path, argv):
    """The lazy imports are where they are used: ``--json`` prints JSON, ``history`` dates."""
    code, out, modules = _modules_of("--home", str(make_home(tmp_path, **SHOWN, config=None)), *argv)
    assert code == 0 and out.strip()
    assert "json" in modules or argv[0] != "--json"
    assert "datetime" in modules or argv[0] != "history"


def test_the_agents_lock_comes_from_filelock_for_a_write_and_show_never_loads_it(tmp_path):
    """filelock takes the agent's lock (engine/io/lock.py) and costs 50-80 ms to import: a write
    loads it, ``show``, which never locks, does not."""
    home = str(make_home(tmp_path, **SHOWN, config=None))
    code, _, shown = _modules_of("--home", home, "show")
    assert code == 0 and "filelock" not in shown
    code, _, added = _modules_of("--home", home, "add", "memory", "third fact")
    assert code == 0 and "filelock" in added
