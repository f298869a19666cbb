"""The command registry: what a command is, and the table that names them.

Command modules register here with :func:`command` and add their arguments through
:data:`EXTENSIONS`. :data:`MODULE_OF` names the module of each command, and :func:`load`
imports only the one a command line needs: ``show`` then skips the curation, pending, git and
plugin modules and what they import (docs/performance.md has the figures). A new command is
one decorated function plus its parser lines in its own module, and one line in MODULE_OF
(tests/cli/test_cli_registry.py checks the table against the registrations).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import TypeAlias, TypedDict

    from hermes_dash import MemoryStore

    class ArgumentOptions(TypedDict, total=False):
        """Keyword arguments of ``add_argument`` that a module gives several of its arguments."""

        choices: Sequence[str]
        action: str
        help: str
        dest: str
        metavar: str


EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2

#: The module (under hermes_dash/cli/) that registers each command.
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


Handler = Callable[["MemoryStore", argparse.Namespace], Outcome]
COMMANDS: dict[str, Handler] = {}
#: Commands that work on files or folders named on the command line, not on a Hermes home:
#: their handler gets ``None`` for the store, and a broken home cannot stop them.
STORELESS: set[str] = set()
#: Commands that only read the home: their handler gets a :class:`~hermes_dash.MemoryReader`,
#: which loads nothing of the write pipeline (``show``'s start-up, docs/performance.md).
READERS: set[str] = set()


def command(name: str, *, needs_store: bool = True, reads_only: bool = False) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        COMMANDS[name] = handler
        if not needs_store:
            STORELESS.add(name)
        if reads_only:
            READERS.add(name)
        return handler

    return register


#: What the parser's ``add_subparsers()`` returns: each command module adds its subcommands to it.
#: Its parsers are cli/_parse.py's ``_CommandParser``\ s, named here as the ArgumentParsers they
#: are, so that this module needs nothing of the parser's (the parser imports the registry).
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

#: Functions that add more subcommands to the parser, one per command module.
EXTENSIONS: list[Callable[[Subparsers], None]] = []


def extends_parser(add: Callable[[Subparsers], None]) -> Callable[[Subparsers], None]:
    """Decorator: ``add(sub)`` declares a module's subcommands when the parser is built."""
    EXTENSIONS.append(add)
    return add


def load(name: str | None) -> None:
    """Import the module of command ``name`` (registering it), or every command module when
    ``name`` is None or no command: the full parser, for ``--help`` and unknown commands."""
    import importlib

    modules = [MODULE_OF[name]] if name in MODULE_OF else sorted(set(MODULE_OF.values()))
    for module in modules:
        importlib.import_module(f"{__package__}.{module}")
