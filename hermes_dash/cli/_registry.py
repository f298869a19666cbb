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
    from hermes_dash import MemoryStore

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


#: Functions that add more subcommands to the parser, one per command module.
EXTENSIONS: list[Callable[[argparse._SubParsersAction], None]] = []


def extends_parser(add: Callable[[argparse._SubParsersAction], None]) -> Callable[[argparse._SubParsersAction], None]:
    """Decorator: ``add(sub)`` declares a module's subcommands when the parser is built."""
    EXTENSIONS.append(add)
    return add
