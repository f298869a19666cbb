"""The command registry: what a command is, and the table that names them.

Command modules register here with :func:`command` and add their arguments through
:data:`EXTENSIONS`; this module imports none of them, so there is no import circle and a
new command is one decorated function plus its parser lines in its own module.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a command's start-up; mypy reads it the same)
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


@dataclass
class Outcome:
    """What a command produced: a JSON object and the same for people."""

    data: dict[str, object]
    text: str
    code: int = EXIT_OK


Handler = Callable[["MemoryStore", argparse.Namespace], Outcome]
COMMANDS: dict[str, Handler] = {}
#: Commands that work on files or folders named on the command line, not on a Hermes home:
#: their handler gets ``None`` for the store, and a broken home cannot stop them.
STORELESS: set[str] = set()


def command(name: str, *, needs_store: bool = True) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        COMMANDS[name] = handler
        if not needs_store:
            STORELESS.add(name)
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
