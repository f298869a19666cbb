"""The command line's parser: global options, every registered command, ``--`` operands.

Built on argparse, with errors raised as :class:`UsageError` instead of argparse's exit, so
that ``--json`` can report a usage error as one JSON object too.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, TypeVar, overload

from hermes_dash.engine.invocation import printed_program

from ._registry import DECLARED, load

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import NoReturn

_N = TypeVar("_N")


class UsageError(Exception):
    """An argument error, raised instead of argparse's exit so ``--json`` can report it too."""


def _columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` gives it ($COLUMNS, else the
    terminal of standard output, else 80), without importing shutil: with the compression
    modules it pulls in, about 2 ms of every command's start-up (engine/io/which.py has the figures)."""
    import os

    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 0
        except (ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    """argparse's own formatter, sized by :func:`_columns`: argparse builds one for every
    ``add_argument`` (to check its metavar) and would import shutil to size it."""

    def __init__(
        self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None
    ) -> None:
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}\n{self.format_usage().strip()}")


class _CommandParser(_Parser):
    """Every command takes ``--json`` after its name too (``show --json``), so a script can put
    it anywhere. SUPPRESS: when absent here it must not undo a ``--json`` given before the
    command. A command that declares ``--json`` itself replaces this one (same meaning)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("conflict_handler", "resolve")
        super().__init__(*args, **kwargs)
        self.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print one JSON object")
        self._intermixing = False

    # typeshed's three signatures of parse_known_args, repeated so that this override matches them
    @overload
    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: None = None
    ) -> tuple[argparse.Namespace, list[str]]: ...
    @overload
    def parse_known_args(self, args: Iterable[str] | None, namespace: _N) -> tuple[_N, list[str]]: ...
    @overload
    def parse_known_args(self, *, namespace: _N) -> tuple[_N, list[str]]: ...
    def parse_known_args(self, args: Iterable[str] | None = None, namespace: Any = None) -> tuple[Any, list[str]]:
        # Options may come between or after the operands (`add memory --json TEXT`): plain
        # parsing gives an optional operand up as absent as soon as an option follows it.
        if self._intermixing or any(
            a.nargs in (argparse.PARSER, argparse.REMAINDER) for a in self._get_positional_actions()
        ):
            # argparse cannot intermix around a "rest of the line" operand: plain parsing then.
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser; ``only``: the command about to run (the other commands' parsers are skipped)."""
    parser = _Parser(prog=printed_program(), description="Inspect and curate the Hermes Agent's MEMORY.md and USER.md.")
    parser.add_argument("--home", help="Hermes home folder (default: $HERMES_HOME, else ~/.hermes)")
    parser.add_argument("--profile", help="named profile under <home>/profiles/")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    # Listed for --help only: with one of these first (or no COMMAND) the dashboard starts, and
    # _serve's own parser reads them.
    dashboard = parser.add_argument_group("the dashboard (no COMMAND, or serve; serve --help)")
    dashboard.add_argument("--port", type=int, help="port (default: 8501, or the next free one)")
    dashboard.add_argument("--address", metavar="ADDRESS", help="listen on ADDRESS (then an access token is needed)")
    dashboard.add_argument("--no-browser", action="store_true", help="do not open a browser")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_CommandParser)
    sub.add_parser("serve", help="start the dashboard (the default with no command): serve --help")
    for name, declared in DECLARED.items():
        if only is None or name == only:  # the other commands' parsers are never used: not built
            p = sub.add_parser(name, help=declared.help)
            for names, options in declared.arguments:
                p.add_argument(*names, **options)
            if declared.build is not None:
                declared.build(p)
    parser.set_defaults(_commands=sub.choices)
    return parser


def command_of(argv: list[str]) -> str | None:
    """The command ``argv`` names (the first word after the global options), or None when that is
    not plain to see (help asked for, an option not known here): the whole parser is built then."""
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in ("--home", "--profile"):
            i += 2
            continue
        if arg == "--json" or arg.startswith(("--home=", "--profile=")):
            i += 1
            continue
        return None if arg.startswith("-") else arg
    return None


_GLOBAL_WITH_VALUE = ("--home", "--profile")
_SERVE_OPTIONS = ("--port", "--address", "--no-browser")


def wants_serve(argv: list[str]) -> bool:
    """True when the command line asks for the dashboard: no command, or ``serve``.

    Never with ``--json``: a caller that wants one JSON object gets one (a usage error when
    there is no command), not a server that runs until stopped.
    """
    if "--json" in (argv[: argv.index("--")] if "--" in argv else argv):
        return False
    rest = list(argv)
    while rest:
        head = rest[0]
        if head in _GLOBAL_WITH_VALUE:
            rest = rest[2:]
        elif head.startswith(tuple(f"{o}=" for o in _GLOBAL_WITH_VALUE)):
            rest = rest[1:]
        else:
            break
    return not rest or rest[0] == "serve" or rest[0].split("=")[0] in _SERVE_OPTIONS


def _protect_operands(argv: list[str]) -> tuple[list[str], dict[str, str]]:
    """Everything after the first ``--`` is text, whatever it looks like.

    argparse mangles operands after ``--`` that are themselves ``--`` (an empty list where a
    string belongs) and reads ``-x`` there as an option in some positions. So each operand
    that starts with "-" is swapped for a placeholder that argparse passes through untouched,
    and swapped back after.
    A NUL byte cannot occur in a real argument, so no placeholder can collide with one.
    """
    if "--" not in argv:
        return argv, {}
    cut = argv.index("--")
    operands = [f"\0{n}\0" if arg.startswith("-") else arg for n, arg in enumerate(argv[cut + 1 :])]
    table = {placeholder: arg for placeholder, arg in zip(operands, argv[cut + 1 :]) if placeholder != arg}
    return argv[: cut + 1] + operands, table


def _restore_operands(args: argparse.Namespace, table: dict[str, str]) -> None:
    for key, value in vars(args).items():
        if isinstance(value, str) and value in table:
            setattr(args, key, table[value])
        elif isinstance(value, list):
            setattr(args, key, [table.get(v, v) if isinstance(v, str) else v for v in value])


def parse_args(argv: list[str]) -> argparse.Namespace:
    protected, table = _protect_operands(argv)
    only = command_of(argv)
    load(only)
    parser = build_parser(only)
    if only is not None and only not in parser.get_default("_commands"):
        load(None)
        parser = build_parser()  # not a command: the whole parser says so, listing them all
    try:
        args = parser.parse_args(protected)
    except UsageError as exc:
        message = str(exc)
        for placeholder, arg in table.items():
            message = message.replace(repr(placeholder), repr(arg)).replace(placeholder, arg)
        raise UsageError(message) from None
    _restore_operands(args, table)
    commands = args.__dict__.pop("_commands")
    if getattr(args, "stdin", None) is not None and args.stdin == (args.content is not None):
        commands[args.command].error(
            "give CONTENT or --stdin, not both"
            if args.stdin
            else "give CONTENT, or --stdin to read it from standard input"
        )
    return args
