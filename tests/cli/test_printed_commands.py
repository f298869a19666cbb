"""Every command hermes-dash prints runs as printed, on the home it was printed for.

The commands are pasted into ``sh -c`` from another folder, with ``HOME`` an empty folder and
only ``hermes-dash`` on PATH (a launcher exactly like the console script pip writes, running
this checkout): no ``python``, no ``$HERMES_HOME``. Each must act on the intended home and
touch nothing else.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import invoke
from repo import ROOT

ORIGINAL = b"alpha fact\n\xc2\xa7\nbeta fact: it's here"


@pytest.fixture
def world(tmp_path: Path) -> dict[str, Path]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    launcher = bin_dir / "hermes-dash"
    # What pip's console script does, with this checkout first on the path.
    launcher.write_text(
        f"#!{sys.executable}\nimport sys\nsys.path.insert(0, {str(ROOT)!r})\n"
        "from hermes_dash.cli import main\nsys.exit(main())\n"
    )
    launcher.chmod(0o755)
    empty_home, elsewhere, hermes = tmp_path / "empty-home", tmp_path / "elsewhere", tmp_path / "my home's hermes"
    for folder in (empty_home, elsewhere, hermes / "memories", hermes / "profiles" / "work" / "memories"):
        folder.mkdir(parents=True)
    (hermes / "memories" / "MEMORY.md").write_bytes(ORIGINAL)
    (hermes / "profiles" / "work" / "memories" / "MEMORY.md").write_bytes(ORIGINAL)
    return {"bin": bin_dir, "home": empty_home, "elsewhere": elsewhere, "hermes": hermes}


def _sh(world: dict[str, Path], line: str, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": f"{world['bin']}:/usr/bin:/bin", "HOME": str(world["home"]), "LANG": "C.UTF-8", **extra}
    return subprocess.run(
        ["sh", "-c", line], cwd=world["elsewhere"], env=env, capture_output=True, text=True, timeout=60
    )


def _commands(output: str) -> list[str]:
    """Every command in ``output``: inside backticks, or after "with: " to the end of the line."""
    found = re.findall(r"`(hermes-dash [^`]*)`", output)
    found += [m.strip() for m in re.findall(r"with: (hermes-dash .*)$", output, flags=re.M)]
    return found


def _break_and_list(world: dict[str, Path], prefix: str, **env: str) -> list[str]:
    for step in (
        f"hermes-dash {prefix} replace memory -- 'beta fact' 'beta fact: it is not here'",
        f"hermes-dash {prefix} remove memory -- 'alpha fact'",
    ):
        done = _sh(world, step, **env)
        assert done.returncode == 0, done.stderr
    listed = _sh(world, f"hermes-dash {prefix} history memory", **env)
    assert listed.returncode == 0, listed.stderr
    commands = _commands(listed.stdout)
    assert len(commands) == 2, listed.stdout
    return commands


def _untouched(world: dict[str, Path]) -> None:
    assert list(world["home"].iterdir()) == [], "the printed command wrote into $HOME"
    assert list(world["elsewhere"].iterdir()) == [], "the printed command wrote into the working folder"


def test_history_restore_commands_run_as_printed_on_the_same_home(world) -> None:
    quoted = shlex.quote(str(world["hermes"]))
    commands = _break_and_list(world, f"--home {quoted}")
    for line in commands:
        assert line.startswith("hermes-dash --home "), line
        ran = _sh(world, line)
        assert ran.returncode == 0, (line, ran.stderr)
    memory = world["hermes"] / "memories" / "MEMORY.md"
    assert set(memory.read_text().split("\n§\n")) == {"alpha fact", "beta fact: it's here"}
    assert (world["hermes"] / "profiles" / "work" / "memories" / "MEMORY.md").read_bytes() == ORIGINAL
    _untouched(world)


def test_a_profiles_commands_name_the_profile(world) -> None:
    quoted = shlex.quote(str(world["hermes"]))
    commands = _break_and_list(world, f"--home {quoted} --profile work")
    for line in commands:
        assert "--profile work" in line, line
        ran = _sh(world, line)
        assert ran.returncode == 0, (line, ran.stderr)
    profile = world["hermes"] / "profiles" / "work" / "memories" / "MEMORY.md"
    assert set(profile.read_text().split("\n§\n")) == {"alpha fact", "beta fact: it's here"}
    assert (world["hermes"] / "memories" / "MEMORY.md").read_bytes() == ORIGINAL
    _untouched(world)


def test_a_home_from_hermes_home_is_named_in_the_command(world) -> None:
    """$HERMES_HOME of the shell that printed the command is not in the shell it is pasted into."""
    commands = _break_and_list(world, "", HERMES_HOME=str(world["hermes"]))
    for line in commands:
        ran = _sh(world, line)  # no HERMES_HOME here
        assert ran.returncode == 0, (line, ran.stderr)
    memory = world["hermes"] / "memories" / "MEMORY.md"
    assert set(memory.read_text().split("\n§\n")) == {"alpha fact", "beta fact: it's here"}
    _untouched(world)


def test_hints_and_usage_lines_name_the_program_and_home(world) -> None:
    quoted = shlex.quote(str(world["hermes"]))
    blamed = _sh(world, f"hermes-dash --home {quoted} blame memory 'no such words'")
    help_text = _sh(world, "hermes-dash --help")
    assert help_text.stdout.startswith("Usage: hermes-dash "), help_text.stdout
    commands = _commands(blamed.stdout + blamed.stderr)
    assert commands == [f"hermes-dash --home {quoted} show memory"], (blamed.stdout, blamed.stderr)
    ran = _sh(world, commands[0])
    assert ran.returncode == 0 and "alpha fact" in ran.stdout, ran.stderr
    _untouched(world)


def test_no_module_writes_a_command_by_hand() -> None:
    """A command in a message comes from the one builder (engine/invocation.py): no string of the
    package spells the program itself ("python -m hermes_dash ..."), which would name a program
    that may not exist here and drop --home and --profile."""
    import ast

    found = []
    for path in sorted((ROOT / "hermes_dash").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
                and re.search(r"python3? -m hermes_dash\b", node.value)
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value.strip()[:80]}")
    assert found == [], "\n".join(found)


def test_from_a_clone_the_module_is_named_with_the_interpreter(tmp_path: Path) -> None:
    """`python -m hermes_dash` as started: the interpreter's path unless it is the `python3` on PATH."""
    done = invoke("show", home=tmp_path / "nowhere", env={"PATH": "/usr/bin:/bin"})
    assert f"`{sys.executable} -m hermes_dash demo`" in done.stderr, done.stderr


def test_refusal_hints_run_on_the_same_home(world) -> None:
    """A refusal's "What to do" names whole commands, for this home, that run as printed."""
    quoted = shlex.quote(str(world["hermes"]))
    said = ""
    for asked in ("snapshot", "restore no-such-backup", "pending approve 0000000z"):
        done = _sh(world, f"hermes-dash --home {quoted} {asked}")
        assert done.returncode == 1, (asked, done.stdout, done.stderr)
        said += done.stdout + done.stderr
    commands = _commands(said)
    wanted = ["snapshot --freeze", "snapshot", "backups", "pending list"]
    assert [c.removeprefix(f"hermes-dash --home {quoted} ") for c in commands] == wanted, commands
    for line in commands:
        ran = _sh(world, line)
        assert ran.returncode in (0, 1), (line, ran.stderr)  # `snapshot` runs; with no session it may say so
        assert "No such file" not in ran.stderr and "not found" not in ran.stderr, (line, ran.stderr)
    assert (world["hermes"] / "memories").is_dir() and list(world["hermes"].glob("memories/*snapshot*")), list(
        world["hermes"].rglob("*")
    )
    _untouched(world)
