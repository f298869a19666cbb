"""Command line: ``hermes-dash [--home DIR] [--profile NAME] [--json] COMMAND ...``.

A thin layer over the engine: parse arguments, call one engine function, print the result.
Exit status: 0 done (a duplicate add too), 1 refused (nothing changed), 2 usage error.
Imports neither streamlit nor pandas, so it starts fast and works where they are absent.

The package holds one module per concern: ``_registry`` (what a command is, which module
holds it, and the parser: click), ``_memory``, ``_curation``, ``_suggest``, ``_blame``, ``_pending``,
``_snapshot``, ``_integrations`` and ``_tools`` (the commands) and ``_serve`` (the dashboard).
A command line imports only the command module it runs (``_registry.load``).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from typing import TYPE_CHECKING

import click

from hermes_dash import Refusal
from hermes_dash.engine.agents import adopt_agent, agent_for_home
from hermes_dash.engine.invocation import invocation_for, invoked_as, printed_program
from hermes_dash.engine.io.journal import journal_via
from hermes_dash.engine.rules.format import FILENAMES, TARGETS

from ._output import say, say_json, say_raw
from ._registry import (
    COMMANDS,
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    READERS,
    STORELESS,
    Args,
    Outcome,
    parse,
    usage_error,
)

if TYPE_CHECKING:
    from hermes_dash import MemoryReader
    from hermes_dash.engine.invocation import Invocation

__all__ = ["main"]


def _emit(outcome: Outcome, as_json: bool) -> None:
    """The outcome, through the one output path (cli/_output.py): controls shown, never obeyed."""
    if as_json:
        say_json(outcome.data)
    elif outcome.raw:
        say_raw(outcome.text)
    else:
        say(outcome.text, sys.stdout if outcome.code == EXIT_OK else sys.stderr)


def _wants_json(argv: list[str]) -> bool:
    return "--json" in (argv[: argv.index("--")] if "--" in argv else argv)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    for stream in (sys.stdout, sys.stderr):
        # Text that cannot be encoded (a lone surrogate from a broken argument, a terminal that is
        # not UTF-8) is written escaped rather than ending the command with a traceback.
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError):
                stream.reconfigure(errors="backslashreplace")
    if wants_serve(argv):  # no command, or `serve`: start the dashboard
        from . import _serve  # only here: the served flags and their engine module; Streamlit is imported when serving

        return _serve.main(argv)
    try:
        args = parse(argv, printed_program())
    except click.UsageError as exc:
        # Exit 2; with --json the error is still one JSON object on stdout.
        if _wants_json(argv):
            say_json({"success": False, "code": "usage", "error": usage_error(exc, printed_program())})
        else:
            say(usage_error(exc, printed_program()), sys.stderr)
        return EXIT_USAGE
    if args is None:  # --help: printed
        return EXIT_OK
    store: MemoryReader | None = None
    try:
        if args.command not in STORELESS:
            store = _open(args.command, args.home, args.profile)
            # The rules of the agent that uses this home (docs/agents.md), for the whole command.
            adopt_agent(agent_for_home(store.home.root))
            for warning in store.settings.warnings:
                say(f"warning: {warning}", sys.stderr)
        # Every command this one prints names the same program, home and profile (engine/invocation.py).
        where = _invocation(store, args)
        with invoked_as(where), journal_via(f"command line: hermes-dash {_named(args)}"):
            outcome = COMMANDS[args.command](store, args)
    except Refusal as refusal:
        data: dict[str, object] = {"success": False, **refusal.to_dict()}
        target = getattr(args, "target", None) or refusal.target or _target_of_backup(getattr(args, "name", None))
        if store is not None and target in TARGETS:
            from ._memory import usage_line  # loaded already for the memory commands

            data.update(usage_line(store.read(target)))
        text = f"Refused: {refusal.message}" + (f"\nWhat to do: {refusal.hint}" if refusal.hint else "")
        outcome = Outcome(data, text, EXIT_REFUSED)
    if store is not None:
        outcome.data.setdefault("warnings", list(store.settings.warnings))
    try:
        _emit(outcome, args.json)
    except BrokenPipeError:
        # `... | head` closed the pipe: not our error. Point stdout at /dev/null so the
        # interpreter's final flush does not raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return outcome.code


def _open(command: str, home: str | None, profile: str | None) -> MemoryReader:
    """The home's memory files: a reader for a command that only reads (it loads nothing of the
    write pipeline, so ``show`` starts faster), the store for every other."""
    # Each imported only here, and only the one used: the face loads a name's module on first use.
    if command in READERS:
        from hermes_dash import MemoryReader

        return MemoryReader.open(home, profile)
    from hermes_dash import MemoryStore

    return MemoryStore.open(home, profile)


def _invocation(store: MemoryReader | None, args: Args) -> Invocation:
    """How the commands this one prints start: ``--home`` when given (or not the default home),
    ``--profile`` when given, as the names they resolved to."""
    given, profile = args.home, args.profile
    if store is not None:
        chosen = (store.home.profile or "default") if profile is not None else None
        return invocation_for(store.home.root, chosen, given_home=given is not None)
    return invocation_for(given, profile, given_home=given is not None)


def _named(args: Args) -> str:
    """The command as the journal names its writes: ``add``, ``pending approve``, ``plugin install``."""
    action = args.action
    return f"{args.command} {action}" if isinstance(action, str) and action.isidentifier() else args.command


_GLOBAL_WITH_VALUE = ("--home", "--profile")
_SERVE_OPTIONS = ("--port", "--address", "--no-browser")


def wants_serve(argv: list[str]) -> bool:
    """True when the command line asks for the dashboard: no command, or ``serve``.

    Never with ``--json``: a caller that wants one JSON object gets one (a usage error when
    there is no command), not a server that runs until stopped.
    """
    if _wants_json(argv):
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


def _target_of_backup(name: str | None) -> str | None:
    """``USER.md.bak.x`` -> ``user``: so a refused restore still reports that file's usage."""
    base = (name or "").partition(".bak.")[0]
    return next((t for t, filename in FILENAMES.items() if filename == base), None)
