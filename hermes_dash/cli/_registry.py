"""The command registry: what a command is, and the table that names them.

A command is declared once, where it is handled: :func:`command` over its handler, its
arguments (:func:`argument`) between the two, as datasette declares its commands with click.
:data:`MODULE_OF` names the module of each command, and :func:`load` imports only the one a
command line needs: ``show`` then skips the curation, pending, git and plugin modules and what
they import. A new command is one decorated function in its module and one line in MODULE_OF
(tests/cli/test_cli_registry.py checks the table against the registrations).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from hermes_dash import MemoryReader


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


#: A command's handler, as :func:`main` calls it: with the store its declaration asks for, a
#: MemoryStore, a MemoryReader (``reads_only``) or None (``needs_store=False``).
Handler = Callable[["MemoryReader | None", argparse.Namespace], Outcome]
H = TypeVar("H", bound=Callable[..., Outcome])
#: One argument of a command: ``add_argument``'s names and keyword arguments.
Argument = tuple[tuple[str, ...], dict[str, Any]]


@dataclass
class Declared:
    """A command's parser as declared on its handler: its help line and its arguments, in order;
    ``build`` adds what a flat list cannot say (``plugin``'s actions, each with its own help)."""

    help: str
    arguments: list[Argument]
    build: Callable[[argparse.ArgumentParser], None] | None = None


COMMANDS: dict[str, Handler] = {}
DECLARED: dict[str, Declared] = {}
#: Commands that work on files or folders named on the command line, not on a Hermes home:
#: their handler gets ``None`` for the store, and a broken home cannot stop them.
STORELESS: set[str] = set()
#: Commands that only read the home: their handler gets a :class:`~hermes_dash.MemoryReader`,
#: which loads nothing of the write pipeline (``show``'s start-up, docs/performance.md).
READERS: set[str] = set()
#: The arguments declared on a handler by :func:`argument`, until :func:`command` takes them.
_GATHERED: dict[Callable[..., Outcome], list[Argument]] = {}


def argument(*names: str, **options: Any) -> Callable[[H], H]:
    """Decorator: one argument of the command below, as ``add_argument(*names, **options)``.
    Written top down above the handler, under its :func:`command`, as click's options are."""

    def add(handler: H) -> H:
        _GATHERED.setdefault(handler, []).insert(0, (names, options))
        return handler

    return add


def command(
    name: str,
    help: str,
    *,
    needs_store: bool = True,
    reads_only: bool = False,
    build: Callable[[argparse.ArgumentParser], None] | None = None,
) -> Callable[[H], H]:
    """Decorator: the handler of command ``name``, with the arguments declared below it (:func:`argument`)."""

    def register(handler: H) -> H:
        COMMANDS[name] = handler
        DECLARED[name] = Declared(help, _GATHERED.pop(handler, []), build)
        if not needs_store:
            STORELESS.add(name)
        if reads_only:
            READERS.add(name)
        return handler

    return register


def whole_number(value: str) -> int:
    """An argument's type: a whole number, else a usage error that says so."""
    try:
        return int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None


def load(name: str | None) -> None:
    """Import the module of command ``name`` (registering it), or every command module when
    ``name`` is None or no command: the full parser, for ``--help`` and unknown commands."""
    import importlib

    modules = [MODULE_OF[name]] if name in MODULE_OF else sorted(set(MODULE_OF.values()))
    for module in modules:
        importlib.import_module(f"{__package__}.{module}")
