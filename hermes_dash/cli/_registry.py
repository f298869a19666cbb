"""The command registry: what a command is, the table that names them, and the parser (click).

A command is declared once, where it is handled, as datasette declares its commands with
click: :func:`command` over its handler, its ``@click.argument``\\ s and ``@click.option``\\ s
between the two. :data:`MODULE_OF` names the module of each command, and the group
(:class:`Commands`) imports only the one a command line names: ``show`` then skips the curation,
pending, git and plugin modules and what they import. A new command is one decorated function in
its module and one line in MODULE_OF (tests/cli/test_cli_registry.py checks the table against the
registrations).

Parsing runs no handler: the command's click callback returns the values (:class:`Args`), and
:func:`hermes_dash.cli.main` opens the home and calls the handler. Help goes through the one output
path (cli/_output.py); a usage error is raised as :class:`click.UsageError` for main to report.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ._output import say

if TYPE_CHECKING:
    from hermes_dash import MemoryReader


EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2

#: The module (under hermes_dash/cli/) that registers each command, in the order --help lists them.
MODULE_OF = {
    **dict.fromkeys(("show", "add", "replace", "remove", "batch", "render", "backup", "backups", "restore"), "_memory"),
    **dict.fromkeys(("history", "normalize", "export", "sharing"), "_curation"),
    **dict.fromkeys(("plugin", "merge-driver", "git-setup"), "_integrations"),
    **dict.fromkeys(("check", "demo"), "_tools"),
    "blame": "_blame",
    "suggest": "_suggest",
    "pending": "_pending",
    "patch": "_pending",
    "snapshot": "_snapshot",
}


@dataclass
class Outcome:
    """What a command produced: a JSON object and the same for people."""

    data: dict[str, object]
    text: str
    code: int = EXIT_OK
    #: printed as it is, control characters included (``render --raw`` into a pipe only; cli/_output.py)
    raw: bool = False


class Args(SimpleNamespace):
    """A command line's values by name: the global options (``home``, ``profile``, ``json``), the
    ``command`` (and ``action``, for ``plugin``'s), then the command's own options and operands."""


#: A command's handler, as :func:`main` calls it: with the store its declaration asks for, a
#: MemoryStore, a MemoryReader (``reads_only``) or None (``needs_store=False``).
Handler = Callable[["MemoryReader | None", Args], Outcome]
H = TypeVar("H", bound=Callable[..., Outcome])

COMMANDS: dict[str, Handler] = {}
#: Each command's click command (its options, operands and help), by name.
PARSERS: dict[str, click.Command] = {}
#: Commands that work on files or folders named on the command line, not on a Hermes home:
#: their handler gets ``None`` for the store, and a broken home cannot stop them.
STORELESS: set[str] = set()
#: Commands that only read the home: their handler gets a :class:`~hermes_dash.MemoryReader`,
#: which loads nothing of the write pipeline (``show``'s start-up, docs/performance.md).
READERS: set[str] = set()

JSON = click.Option(["--json"], is_flag=True, help="print one JSON object")


def _say_help(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        say(ctx.get_help())  # through the one output path, as every text this command line prints
        ctx.exit()


class Said(click.Command):
    """A click command whose help leaves through cli/_output.say."""

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        return _said(super().get_help_option(ctx))


class SaidGroup(click.Group):
    """A click group whose help leaves through cli/_output.say (``plugin``'s actions)."""

    command_class = Said

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        return _said(super().get_help_option(ctx))


def _said(option: click.Option | None) -> click.Option | None:
    if option is not None:
        option.callback = _say_help
    return option


def _parsed(**values: Any) -> Args:
    """A command's click callback: no work, only its values, the global ones and every group's
    between (an inner value given wins: ``--json`` after the command, ``plugin install --home``)."""
    chain: list[click.Context] = []
    ctx: click.Context | None = click.get_current_context()
    while ctx is not None:
        chain.insert(0, ctx)
        ctx = ctx.parent
    merged: dict[str, Any] = {}
    for level in chain:
        for key, value in level.params.items():
            if key not in merged or (value is not None and value is not False):
                merged[key] = value
    names = [level.info_name for level in chain[1:]]
    merged.setdefault("action", names[1] if len(names) > 1 else None)
    if "stdin" in merged and merged["stdin"] == (merged["content"] is not None):
        raise click.UsageError(
            "give CONTENT or --stdin, not both"
            if merged["stdin"]
            else "give CONTENT, or --stdin to read it from standard input",
            chain[-1],
        )
    return Args(**merged, command=names[0])


def command(
    name: str,
    help: str,
    *,
    needs_store: bool = True,
    reads_only: bool = False,
    actions: dict[str, tuple[str, list[click.Parameter]]] | None = None,
) -> Callable[[H], H]:
    """Decorator: the handler of command ``name``, with the ``@click.argument``\\ s and
    ``@click.option``\\ s written below it, top down. ``help``: its first paragraph is the line
    ``--help`` lists it by. ``actions``: the words that must follow the command (``plugin
    install``), each with its help and its own options."""

    def register(handler: H) -> H:
        params: list[click.Parameter] = list(reversed(handler.__dict__.pop("__click_params__", [])))
        short = help.split("\n\n")[0]
        if actions is None:
            parser: click.Command = Said(name, params=[*params, JSON], callback=_parsed, help=help, short_help=short)
        else:
            parser = SaidGroup(name, params=params, help=help, short_help=short, no_args_is_help=False)
            for action, (words, options) in actions.items():
                full = words[0].upper() + words[1:] + "."
                parser.add_command(Said(action, params=[*options, JSON], callback=_parsed, help=full, short_help=words))
        COMMANDS[name], PARSERS[name] = handler, parser
        if not needs_store:
            STORELESS.add(name)
        if reads_only:
            READERS.add(name)
        return handler

    return register


def checked(convert: Callable[[str], object]) -> Callable[[click.Context, click.Parameter, Any], Any]:
    """An option's callback that reads its text with ``convert``, which raises ValueError saying
    what is wrong: a usage error then (each value of a repeated option read alike)."""

    def check(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        try:
            if isinstance(value, tuple):
                return tuple(convert(v) for v in value)
            return convert(value) if isinstance(value, str) else value  # None or a default: as it is
        except ValueError as exc:
            raise click.BadParameter(str(exc), ctx, param) from None

    return check


def _whole_number(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"{value!r} is not a whole number") from None


#: An option's callback: a whole number, else a usage error that says so.
WHOLE_NUMBER = checked(_whole_number)


def load(name: str | None) -> None:
    """Import the module of command ``name`` (registering it), or every command module when
    ``name`` is None or no command: for ``--help`` and unknown commands."""
    import importlib

    modules = [MODULE_OF[name]] if name in MODULE_OF else sorted(set(MODULE_OF.values()))
    for module in modules:
        importlib.import_module(f"{__package__}.{module}")


def _no_json_server(**values: Any) -> None:
    """``serve`` reaches the parser only with ``--json`` (else the dashboard starts first): refused."""
    raise click.UsageError("serve starts the dashboard, which prints no JSON object: leave out --json")


SERVE = Said(
    "serve",
    callback=_no_json_server,
    help="start the dashboard (the default with no command): serve --help",
    short_help="start the dashboard (the default with no command): serve --help",
)


class Commands(SaidGroup):
    """The command line's group: each command is loaded from its module when named (:func:`load`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return ["serve", *MODULE_OF]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name == "serve":
            return SERVE
        if cmd_name not in MODULE_OF:
            return None
        load(cmd_name)
        return PARSERS.get(cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.NoSuchOption:
            raise
        except click.UsageError as exc:  # an unknown command: name them all
            raise click.UsageError(f"{exc.message} Choose from: {', '.join(self.list_commands(ctx))}.", ctx) from None


ROOT = Commands(
    help="Inspect and curate the Hermes Agent's MEMORY.md and USER.md.",
    # With no COMMAND the dashboard starts (wants_serve), so no help in its place: a usage error
    # (click 8.1 would print the help and exit 0 for `--json -`).
    no_args_is_help=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    params=[
        click.Option(["--home"], metavar="DIR", help="Hermes home folder (default: $HERMES_HOME, else ~/.hermes)"),
        click.Option(["--profile"], metavar="NAME", help="named profile under <home>/profiles/"),
        JSON,
        click.Option(
            ["--port"], type=int, metavar="PORT", help="the dashboard's port (default: 8501, or the next free one)"
        ),
        click.Option(
            ["--address"], metavar="ADDRESS", help="the dashboard listens on ADDRESS (then an access token is needed)"
        ),
        click.Option(["--no-browser"], is_flag=True, help="the dashboard opens no browser"),
    ],
)


def parse(argv: list[str], program: str) -> Args | None:
    """The values of command line ``argv`` (None: help was asked for, and printed). A usage
    error is raised as :class:`click.UsageError`."""
    parsed = ROOT.main(argv, prog_name=program, standalone_mode=False)
    return parsed if isinstance(parsed, Args) else None


def usage_error(exc: click.UsageError, program: str) -> str:
    """A usage error as the command line reports it: who says it, what is wrong, the usage line."""
    if exc.ctx is None:
        return f"{program}: {exc.format_message()}"
    path = exc.ctx.command_path
    return f"{path}: {exc.format_message()}\n{exc.ctx.get_usage()}\nTry '{path} --help' for help."
