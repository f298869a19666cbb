"""Command line: ``hermes-dash [--home DIR] [--profile NAME] [--json] COMMAND ...``.

A thin layer over the engine: parse arguments, call one engine function, print the result.
Exit status: 0 done (a duplicate add too), 1 refused (nothing changed), 2 usage error.
Imports neither streamlit nor pandas, so it starts fast and works where they are absent.

The package holds one module per concern: ``_registry`` (what a command is, and which module
holds it), ``_parse`` (the parser), ``_memory``, ``_curation``, ``_suggest``, ``_blame``, ``_pending``,
``_snapshot``, ``_integrations`` and ``_tools`` (the commands) and ``_serve`` (the dashboard).
A command line imports only the command module it runs (``_registry.load``).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from typing import TYPE_CHECKING

from hermes_dash import Refusal
from hermes_dash.engine.agents import adopt_agent, agent_for_home
from hermes_dash.engine.invocation import invocation_for, invoked_as
from hermes_dash.engine.io.journal import journal_via
from hermes_dash.engine.rules.format import FILENAMES, TARGETS

from ._output import say, say_json, say_raw
from ._parse import UsageError, parse_args, wants_serve
from ._registry import COMMANDS, EXIT_OK, EXIT_REFUSED, EXIT_USAGE, READERS, STORELESS, Outcome

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
        args = parse_args(argv)
    except UsageError as exc:
        # Exit 2 like argparse; with --json the error is still one JSON object on stdout.
        if _wants_json(argv):
            say_json({"success": False, "code": "usage", "error": str(exc)})
        else:
            say(str(exc), sys.stderr)
        return EXIT_USAGE
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


def _invocation(store: MemoryReader | None, args: object) -> Invocation:
    """How the commands this one prints start: ``--home`` when given (or not the default home),
    ``--profile`` when given, as the names they resolved to."""
    given = getattr(args, "home", None)
    profile = getattr(args, "profile", None)
    if store is not None:
        chosen = (store.home.profile or "default") if profile is not None else None
        return invocation_for(store.home.root, chosen, given_home=given is not None)
    return invocation_for(given, profile, given_home=given is not None)


def _named(args: object) -> str:
    """The command as the journal names its writes: ``add``, ``pending approve``, ``plugin install``."""
    action = getattr(args, "action", None)
    command = str(getattr(args, "command", ""))
    return f"{command} {action}" if isinstance(action, str) and action.isidentifier() else command


def _target_of_backup(name: str | None) -> str | None:
    """``USER.md.bak.x`` -> ``user``: so a refused restore still reports that file's usage."""
    base = (name or "").partition(".bak.")[0]
    return next((t for t, filename in FILENAMES.items() if filename == base), None)
