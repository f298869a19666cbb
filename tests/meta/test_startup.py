"""What ``hermes-dash show`` loads: only the modules it uses (its start-up is benchmarks/cli.py's
``cli_show_ratio``). Each run is a fresh interpreter, as a command is."""

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

#: Standard modules ``show`` has no use for: the JSON codec (text output), the digests and
#: dates of the journal and backups, shutil (with zlib, bz2 and lzma) for the terminal's
#: width and the agent's command, and the Unicode tables of the content scan.
NOT_FOR_SHOW = ("json", "hashlib", "datetime", "shutil", "zlib", "bz2", "lzma", "unicodedata")

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


def test_show_without_a_config_imports_no_yaml_and_none_of_the_unused_modules(tmp_path):
    code, out, modules = _modules_of("--home", str(make_home(tmp_path, **SHOWN, config=None)), "show")
    assert code == 0 and "second fact" in out
    assert "yaml" not in modules
    assert [name for name in NOT_FOR_SHOW if name in modules] == []


def test_show_with_a_config_reads_it_and_still_skips_the_unused_modules(tmp_path):
    home = make_home(tmp_path, **SHOWN, config="memory:\n  memory_char_limit: 3000\n")
    code, out, modules = _modules_of("--home", str(home), "show")
    assert code == 0 and "/3,000 chars" in out  # the limit came from config.yaml: yaml was used
    assert "yaml" in modules
    # PyYAML's constructor imports datetime (and its base64, binascii) itself; the rest stays out
    assert [name for name in NOT_FOR_SHOW if name in modules and name != "datetime"] == []


@pytest.mark.parametrize("argv", [("--json", "show"), ("history", "memory")])
def test_commands_that_need_the_lazily_imported_modules_still_get_them(tmp_path, argv):
    """The lazy imports are where they are used: ``--json`` prints JSON, ``history`` dates."""
    code, out, modules = _modules_of("--home", str(make_home(tmp_path, **SHOWN, config=None)), *argv)
    assert code == 0 and out.strip()
    assert "json" in modules or argv[0] != "--json"
    assert "datetime" in modules or argv[0] != "history"
