"""How hermes-dash names itself and its home in every command it prints (engine/invocation.py).

tests/cli/test_printed_commands.py pastes the printed commands into ``sh -c`` and checks they act
on the right home; it runs them in child processes. Here each rule of the builder is pinned in
this process: which program words ``sys.argv[0]`` gives, when ``--home`` and ``--profile`` are
said, and which invocation is in effect where.
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from repo import ROOT

from hermes_dash.engine import invocation
from hermes_dash.engine.invocation import (
    PROGRAM_ENV,
    Invocation,
    current_invocation,
    invocation_for,
    invoked_as,
    printed_command,
    printed_program,
    program_of,
    set_default_invocation,
)


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """No program handed down by ``serve``, an empty PATH, and the default provider put back."""
    monkeypatch.delenv(PROGRAM_ENV, raising=False)
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    yield
    set_default_invocation(lambda: None)


def _tool(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def test_words_are_the_program_then_home_then_profile_then_the_arguments() -> None:
    plain = Invocation(("hermes-dash",))
    assert plain.words() == ["hermes-dash"] and plain.words("show", "memory") == ["hermes-dash", "show", "memory"]
    both = Invocation(("python3", "-m", "hermes_dash"), "/h/my home", "work")
    assert both.words("undo", "tok") == [
        "python3",
        "-m",
        "hermes_dash",
        "--home",
        "/h/my home",
        "--profile",
        "work",
        "undo",
        "tok",
    ]
    assert Invocation(("hd",), profile="p").words() == ["hd", "--profile", "p"]
    assert Invocation(("hd",), home="/h").words() == ["hd", "--home", "/h"]
    assert Invocation(("hd",)).words(3) == ["hd", "3"]  # type: ignore[arg-type]  # an argument as text
    assert both.command("add", "memory", "it's") == (
        "python3 -m hermes_dash --home '/h/my home' --profile work add memory 'it'\"'\"'s'"
    )


def test_a_program_handed_down_by_serve_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PROGRAM_ENV, "'/opt/my tools/hermes-dash'")
    assert program_of("/whatever/streamlit") == ("/opt/my tools/hermes-dash",)
    assert program_of(None) == ("/opt/my tools/hermes-dash",)
    monkeypatch.setenv(PROGRAM_ENV, "python3 -m hermes_dash")
    assert program_of("x") == ("python3", "-m", "hermes_dash")
    for broken in ("'unbalanced", "   "):  # not words: as if nothing was handed down
        monkeypatch.setenv(PROGRAM_ENV, broken)
        assert program_of("-c") == (sys.executable, "-m", "hermes_dash")
    monkeypatch.setenv(PROGRAM_ENV, "")
    assert program_of("-c") == (sys.executable, "-m", "hermes_dash")


@pytest.mark.parametrize(
    "argv0",
    ["__main__.py", "/src/hermes_dash/__main__.py", "-m", "/src/hermes_dash/cli.py", "hermes_dash/app.py"],
)
def test_the_module_is_named_with_the_interpreter(argv0: str) -> None:
    assert program_of(argv0) == (sys.executable, "-m", "hermes_dash")


def test_a_script_outside_the_package_is_not_the_module(tmp_path: Path) -> None:
    script = tmp_path / "other" / "run.py"
    script.parent.mkdir()
    script.write_text("")
    assert program_of(str(script)) == (str(script),)
    assert program_of(str(tmp_path / "hermes_dash" / "x.txt")) == (sys.executable, "-m", "hermes_dash")


def test_the_app_script_beside_the_package_is_the_module(tmp_path: Path) -> None:
    """``streamlit run app.py`` in a clone: argv0 is the clone's app.py, which is no command line;
    the Cleanup page printed ``/work/main/app.py --home … normalize user``."""
    app = tmp_path / "clone" / "app.py"
    (tmp_path / "clone" / "hermes_dash").mkdir(parents=True)
    app.write_text("")
    assert program_of(str(app)) == (sys.executable, "-m", "hermes_dash")
    assert program_of(str(ROOT / "app.py")) == (sys.executable, "-m", "hermes_dash")


def test_the_python_on_path_is_named_python3_when_it_is_this_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bin_dir = tmp_path / "bin"
    python = _tool(bin_dir, "python3")
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setattr(sys, "executable", str(python))
    assert program_of("-m") == ("python3", "-m", "hermes_dash")
    # The same file by another path is another interpreter (a venv's python3 links to the system's).
    link = tmp_path / "venv" / "python3"
    link.parent.mkdir()
    link.symlink_to(python)
    monkeypatch.setattr(sys, "executable", str(link))
    assert program_of("-m") == (str(link), "-m", "hermes_dash")
    monkeypatch.setattr(sys, "executable", "")  # embedded: no interpreter path known
    assert program_of("-m") == ("python3", "-m", "hermes_dash")
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    monkeypatch.setattr(sys, "executable", str(python))
    assert program_of("-m") == (str(python), "-m", "hermes_dash")


def test_a_launcher_found_on_path_by_its_name_is_named_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    launcher = _tool(tmp_path / "bin", "hermes-dash")
    monkeypatch.setenv("PATH", str(launcher.parent))
    assert program_of(str(launcher)) == ("hermes-dash",)
    other = _tool(tmp_path / "elsewhere", "hermes-dash")  # the same name, not the one on PATH
    assert program_of(str(other)) == (str(other),)
    monkeypatch.chdir(other.parent)
    assert program_of("hermes-dash") == (str(other),)  # relative: made absolute


def test_no_usable_argv0_falls_back_to_the_launcher_on_path_else_the_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    launcher = _tool(tmp_path / "bin", "hermes-dash")
    for argv0 in (None, "", "-c", str(tmp_path / "missing" / "hermes-dash")):
        assert program_of(argv0) == (sys.executable, "-m", "hermes_dash")
    monkeypatch.setenv("PATH", str(launcher.parent))
    streamlit = _tool(tmp_path / "venv" / "bin", "streamlit")
    for argv0 in (None, "", "-c", str(streamlit)):
        assert program_of(argv0) == ("hermes-dash",)
    folder = tmp_path / "venv" / "bin"
    assert program_of(str(folder)) == ("hermes-dash",)  # a folder is no program


def test_the_home_is_named_unless_it_is_the_default_and_was_not_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = tmp_path / "user"
    default = user / ".hermes"
    default.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(user))
    monkeypatch.setattr(sys, "argv", ["-c"])
    program = (sys.executable, "-m", "hermes_dash")
    assert invocation_for(None) == Invocation(program)
    assert invocation_for(None, "work", given_home=True) == Invocation(program, None, "work")
    assert invocation_for(default) == Invocation(program)
    assert invocation_for(f"{default}/") == Invocation(program)
    assert invocation_for(user / "x" / ".." / ".hermes") == Invocation(program)
    assert invocation_for(default, "work") == Invocation(program, None, "work")
    assert invocation_for(default, given_home=True) == Invocation(program, str(default))
    (tmp_path / "alias").symlink_to(default)  # the same folder by another name is the default
    assert invocation_for(tmp_path / "alias") == Invocation(program)
    other = tmp_path / "other home"
    assert invocation_for(other) == Invocation(program, str(other))  # not even there: named
    monkeypatch.chdir(tmp_path)
    assert invocation_for("rel", "p") == Invocation(program, str(tmp_path / "rel"), "p")
    monkeypatch.setattr(sys, "argv", [])
    assert invocation_for(None).program == program


def test_the_invocation_in_effect_is_the_innermost_else_the_default_else_the_program_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["-c"])
    alone = Invocation((sys.executable, "-m", "hermes_dash"))
    assert current_invocation() == alone
    monkeypatch.setattr(sys, "argv", [])
    assert current_invocation() == alone
    outer, inner = Invocation(("hd",), "/outer home"), Invocation(("hd",), "/inner", "p")
    with invoked_as(outer):
        assert printed_command("show") == "hd --home '/outer home' show"
        with invoked_as(inner):
            assert printed_command("undo", "t") == "hd --home /inner --profile p undo t"
        assert current_invocation() is outer
    assert current_invocation() == alone
    with pytest.raises(RuntimeError), invoked_as(inner):
        raise RuntimeError("the block failed")
    assert current_invocation() == alone  # put back however the block ended
    session = Invocation(("my dash",), "/session")
    set_default_invocation(lambda: session)
    assert current_invocation() is session and printed_program() == "'my dash'"
    with invoked_as(outer):
        assert current_invocation() is outer
    set_default_invocation(lambda: 1 / 0)  # type: ignore[arg-type, return-value]  # a broken provider
    assert current_invocation() == alone
    set_default_invocation(lambda: None)
    assert printed_program() == shlex.join([sys.executable, "-m", "hermes_dash"])
    assert invocation.MODULE == "hermes_dash" and PROGRAM_ENV == "HERMES_DASH_PROGRAM"


def test_printed_program_quotes_the_program_alone() -> None:
    with invoked_as(Invocation(("/opt/my dash/hermes-dash",), "/h", "p")):
        assert printed_program() == "'/opt/my dash/hermes-dash'"
        assert printed_command() == "'/opt/my dash/hermes-dash' --home /h --profile p"
    assert os.environ.get(PROGRAM_ENV) is None


def test_the_module_and_the_interpreters_own_words_win_over_a_launcher_on_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``python -m hermes_dash`` names the module even when ``hermes-dash`` is also installed: the
    program that was started is printed, not another one that happens to be on PATH."""
    launcher = _tool(tmp_path / "bin", "hermes-dash")
    monkeypatch.setenv("PATH", str(launcher.parent))
    module = (sys.executable, "-m", "hermes_dash")
    app = tmp_path / "src" / "hermes_dash" / "app.py"
    app.parent.mkdir(parents=True)
    app.write_text("")
    for argv0 in ("-m", "__main__.py", str(app)):
        assert program_of(argv0) == module, argv0
    other = tmp_path / "src" / "tools" / "app.py"  # a script in another folder is itself
    other.parent.mkdir()
    other.write_text("")
    assert program_of(str(other)) == (str(other),)
    # ``python -c``: argv0 is "-c", never a file of that name in the working folder.
    monkeypatch.chdir(tmp_path / "src")
    (tmp_path / "src" / "-c").write_text("")
    assert program_of("-c") == ("hermes-dash",)
    monkeypatch.setattr(sys, "argv", [str(app)])  # what the command line and a page are given
    assert invocation_for(None).program == module
    assert current_invocation().program == module
