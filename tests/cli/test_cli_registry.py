"""The command table (cli/_registry.MODULE_OF) against what the command modules register, and
the lazy loading it serves: a command line imports only the module of the command it runs. (That
a reading command also loaded none of the write pipeline was a start-up goal, since retired.)"""

from __future__ import annotations

import subprocess
import sys

import pytest

from hermes_dash.cli import _registry


def test_module_of_names_every_registered_command_and_its_module() -> None:
    _registry.load(None)
    assert set(_registry.MODULE_OF) == set(_registry.COMMANDS)
    for name, handler in _registry.COMMANDS.items():
        assert handler.__module__ == f"hermes_dash.cli.{_registry.MODULE_OF[name]}", name


def _modules_after(argv: list[str], home: str) -> set[str]:
    """The hermes_dash modules a fresh interpreter holds after running ``argv``."""
    code = (
        "import sys\nfrom hermes_dash.cli import main\n"
        f"main({['--home', home, *argv]!r})\n"
        "print('\\n'.join(m for m in sys.modules if m.startswith('hermes_dash')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_show_imports_no_other_command_module_nor_the_dashboard(tmp_path) -> None:
    loaded = _modules_after(["show"], str(tmp_path))
    assert "hermes_dash.cli._memory" in loaded
    others = {f"hermes_dash.cli.{m}" for m in set(_registry.MODULE_OF.values()) - {"_memory"}}
    unwanted = others | {"hermes_dash.cli._serve"}
    assert not loaded & unwanted, sorted(loaded & unwanted)


def test_a_reading_command_gets_a_reader_and_a_writing_one_the_store(tmp_path, monkeypatch) -> None:
    from hermes_dash import MemoryReader, MemoryStore
    from hermes_dash.cli import main

    got: dict[str, object] = {}

    def keeps(name: str) -> _registry.Handler:
        def handler(store: object, args: object) -> _registry.Outcome:
            got[name] = store
            return _registry.Outcome({}, "")

        return handler

    _registry.load(None)
    for name in ("show", "add"):
        monkeypatch.setitem(_registry.COMMANDS, name, keeps(name))
    main(["--home", str(tmp_path), "show"])
    main(["--home", str(tmp_path), "add", "memory", "x"])
    assert type(got["show"]) is MemoryReader
    assert isinstance(got["add"], MemoryStore)
    assert not (tmp_path / "memories").exists()  # the stand-in add wrote nothing


def test_an_unknown_command_lists_every_command(tmp_path) -> None:
    code = f"from hermes_dash.cli import main; raise SystemExit(main(['--home', {str(tmp_path)!r}, 'shwo']))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 2
    for name in ("show", "pending", "git-setup", "sharing", "blame"):
        assert name in done.stderr


def test_a_command_is_declared_once_with_its_arguments_top_down(monkeypatch) -> None:
    """The handler, its help and its arguments in one place: the parser takes them from there, in
    the order they are written above the handler (operands keep their places)."""
    import click

    for table in (_registry.COMMANDS, _registry.PARSERS, _registry.MODULE_OF):
        monkeypatch.setitem(table, "try-order", "_memory")  # undone after the test: the name leaves again

    @_registry.command("try-order", "a command only this test declares")
    @click.argument("first", metavar="FIRST")
    @click.argument("second", required=False, metavar="[SECOND]")
    @click.option("--flag", is_flag=True, help="a flag")
    def handler(store: object, args: object) -> _registry.Outcome:
        return _registry.Outcome({}, "")

    assert _registry.COMMANDS["try-order"] is handler
    args = _registry.parse(["try-order", "a", "--flag", "b", "--json"], "hermes-dash")
    assert args is not None
    assert (args.command, args.first, args.second, args.flag, args.json) == ("try-order", "a", "b", True, True)
    parser = _registry.PARSERS["try-order"]
    usage = parser.get_help(click.Context(parser, info_name="try-order"))
    assert "try-order [OPTIONS] FIRST [SECOND]" in usage and "a command only this test declares" in usage
    with pytest.raises(click.UsageError) as missing:
        _registry.parse(["try-order"], "hermes-dash")
    assert "Missing argument 'FIRST'" in missing.value.format_message()
