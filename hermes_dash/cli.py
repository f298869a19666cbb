"""Command line: ``python -m hermes_dash [--home DIR] [--profile NAME] [--json] COMMAND ...``.

A thin layer over the engine: parse arguments, call one engine function, print the result.
Exit status: 0 done (a duplicate add too), 1 refused (nothing changed), 2 usage error.
Imports neither streamlit nor pandas, so it starts fast and works where they are absent.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass

from ._errors import InvalidRequest, Refusal
from ._format import FILENAMES, TARGETS
from ._humanize import entries as n_entries
from ._store import MemoryStore

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2


@dataclass
class Outcome:
    """What a command produced: a JSON object and the same for people."""

    data: dict[str, object]
    text: str
    code: int = EXIT_OK


Handler = Callable[[MemoryStore, argparse.Namespace], Outcome]
COMMANDS: dict[str, Handler] = {}
#: Commands that work on files or folders named on the command line, not on a Hermes home:
#: their handler gets ``None`` for the store, and a broken home cannot stop them.
STORELESS: set[str] = set()

#: Standard input and batch files are read up to this size; memory files are kilobytes.
MAX_INPUT_BYTES = 16 * 1024 * 1024


def command(name: str, *, needs_store: bool = True) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        COMMANDS[name] = handler
        if not needs_store:
            STORELESS.add(name)
        return handler
    return register


def read_input(source: str | None, what: str) -> str:
    """Text from standard input (``source`` None) or a file, as UTF-8, at most MAX_INPUT_BYTES."""
    try:
        if source is None:
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(source, "rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise InvalidRequest(f"Cannot read {source!r}: {getattr(exc, 'strerror', None) or exc}.",
                             hint="Check the path.") from None
    if len(data) > MAX_INPUT_BYTES:
        raise InvalidRequest(f"{what} is larger than {MAX_INPUT_BYTES // (1024 * 1024)} MB.",
                             hint="Memory files hold a few kilobytes; give a smaller input.")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidRequest(f"{what} is not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start}).",
                             hint="Convert it to UTF-8 first (for example with iconv).") from None


def _content(args: argparse.Namespace) -> str:
    """CONTENT from the command line, or from standard input with --stdin (parse_args made sure
    exactly one was given). Only the flag reads standard input, so any text, "-" too, can be stored."""
    return read_input(None, "Standard input") if args.stdin else args.content


def _usage_line(store: MemoryStore, target: str) -> dict[str, object]:
    state = store.read(target)
    return {"target": target, "file": state.filename, "usage": f"{state.usage}/{state.limit}",
            "percent": state.percent, "entry_count": len(state.entries)}


def _state_dict(store: MemoryStore, target: str) -> dict[str, object]:
    state = store.read(target)
    out = _usage_line(store, target)
    out.update({
        "path": str(state.path), "exists": state.exists, "over_budget": state.over_budget,
        "link_target": str(state.link_target) if state.link_target else None,
        "error": state.error, "drift": list(state.drift.reasons),
        "entries": [{"index": i, "text": e, "chars": len(e)} for i, e in enumerate(state.entries)],
    })
    return out


def _state_text(data: dict[str, object]) -> str:
    used, limit = (int(n) for n in str(data["usage"]).split("/"))
    head = f"{data['file']}  {data['percent']}% - {used:,}/{limit:,} chars, {n_entries(int(data['entry_count']))}"
    lines = [head + ("  OVER BUDGET" if data["over_budget"] else "")]
    if data["link_target"]:
        lines.append(f"  (symbolic link to {data['link_target']})")
    if data["error"]:
        lines.append(f"  ! {data['error']}")
    lines.extend(f"  ! drift: {reason}" for reason in data["drift"])  # type: ignore[union-attr]
    for entry in data["entries"]:  # type: ignore[union-attr]
        text = str(entry["text"]).replace("\n", "\n       ")
        lines.append(f"  [{entry['index']}] ({entry['chars']} chars) {text}")
    return "\n".join(lines)


@command("show")
def _show(store: MemoryStore, args: argparse.Namespace) -> Outcome:
    targets = [args.target] if args.target else list(TARGETS)
    files = [_state_dict(store, t) for t in targets]
    data: dict[str, object] = {"success": True, "files": files, "warnings": list(store.settings.warnings)}
    if len(files) == 1:
        data.update(files[0])
    return Outcome(data, "\n\n".join(_state_text(f) for f in files))


def _op_outcome(store: MemoryStore, result: object) -> Outcome:
    data = result.to_dict()  # type: ignore[attr-defined]
    text = str(data["message"])
    if data.get("backup") and data["changed"]:
        text += f" Previous version kept as {data['backup']}."
    if data["changed"]:
        text += " The running agent session sees this from its next session on."
    state = store.read(str(data["target"]))
    text += f"\n{state.filename}: {state.usage:,}/{state.limit:,} chars ({state.percent}%), {n_entries(len(state.entries))}"
    return Outcome(data, text)


@command("add")
def _add(store: MemoryStore, args: argparse.Namespace) -> Outcome:
    return _op_outcome(store, store.add(args.target, _content(args)))


@command("replace")
def _replace(store: MemoryStore, args: argparse.Namespace) -> Outcome:
    return _op_outcome(store, store.replace(args.target, args.old_text, _content(args),
                                            expect_entry=args.expect_entry))


@command("remove")
def _remove(store: MemoryStore, args: argparse.Namespace) -> Outcome:
    return _op_outcome(store, store.remove(args.target, args.old_text, expect_entry=args.expect_entry))


@command("batch")
def _batch(store: MemoryStore, args: argparse.Namespace) -> Outcome:
    text = read_input(None if args.file == "-" else args.file, "The batch file")
    try:
        operations = json.loads(text)
    except ValueError as exc:
        raise InvalidRequest(f"The batch file is not valid JSON: {exc}.",
                             hint='Write a JSON list such as [{"action": "add", "content": "..."}].') from None
    except RecursionError:
        raise InvalidRequest("The batch file is nested too deeply to read.",
                             hint='Write a flat JSON list such as [{"action": "add", "content": "..."}].') from None
    if not isinstance(operations, list):
        raise InvalidRequest("The batch file must hold a JSON list of operations.",
                             hint='For example [{"action": "remove", "old_text": "..."}].')
    return _op_outcome(store, store.batch(args.target, operations))


@command("render")
def _render(store: MemoryStore, args: argparse.Namespace) -> Outcome:
    blocks = {t: store.render_block(t) for t in TARGETS}
    text = "\n\n".join(b for b in blocks.values() if b)
    return Outcome({"success": True, "blocks": blocks, "prompt": text}, text)


def _backup_dict(store: MemoryStore, backup: object) -> dict[str, object]:
    from ._format import decode_lossy, parse

    from ._backups import read_backup
    from ._readfile import NotReadable, describe

    out = {"name": backup.name, "target": backup.target, "file": FILENAMES[backup.target],  # type: ignore[attr-defined]
           "style": backup.style, "created": backup.created.isoformat()}  # type: ignore[attr-defined]
    try:
        data = read_backup(backup)  # type: ignore[arg-type]
    except (OSError, NotReadable) as exc:
        # Unreadable is not empty: say why, and leave size and entries unknown.
        return {**out, "size": None, "entries": None, "error": describe(exc, backup.path)}  # type: ignore[attr-defined]
    return {**out, "size": len(data), "entries": len(parse(decode_lossy(data))), "error": None}


@command("backup")
def _backup(store: MemoryStore, args: argparse.Namespace) -> Outcome:
    made = []
    for target in [args.target] if args.target else list(TARGETS):
        backup = store.backup(target)
        if backup:
            made.append(_backup_dict(store, backup))
    text = "\n".join(f"{b['file']}: kept as {b['name']}" for b in made) or "Nothing to back up (no files yet)."
    return Outcome({"success": True, "backups": made}, text)


@command("backups")
def _backups(store: MemoryStore, args: argparse.Namespace) -> Outcome:
    listed = [_backup_dict(store, b) for b in store.backups(args.target)]
    lines = [f"{b['name']:<36} {b['style']:<6} {b['created']}  {b['size']:>7} bytes  {n_entries(b['entries']):>11}"
             if b["error"] is None else f"{b['name']:<36} {b['style']:<6} {b['created']}  unreadable: {b['error']}"
             for b in listed]
    return Outcome({"success": True, "backups": listed}, "\n".join(lines) or "No backups yet.")


@command("restore")
def _restore(store: MemoryStore, args: argparse.Namespace) -> Outcome:
    return _op_outcome(store, store.restore(args.name))


PIN_HELP = ("act only if the entry OLD_TEXT hits is exactly TEXT (the entry as you last saw it); otherwise "
            "exit 1, change nothing and report the entry's current text")


class UsageError(Exception):
    """An argument error, raised instead of argparse's exit so ``--json`` can report it too."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}\n{self.format_usage().strip()}")


class _CommandParser(_Parser):
    """Every command takes ``--json`` after its name too (``show --json``), so a script can put
    it anywhere. SUPPRESS: when absent here it must not undo a ``--json`` given before the
    command. A command that declares ``--json`` itself replaces this one (same meaning)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("conflict_handler", "resolve")
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print one JSON object")
        self._intermixing = False

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[no-untyped-def,override]
        # Options may come between or after the operands (`add memory --json TEXT`): plain
        # parsing gives an optional operand up as absent as soon as an option follows it.
        if self._intermixing or any(a.nargs in (argparse.PARSER, argparse.REMAINDER)
                                    for a in self._get_positional_actions()):
            # argparse cannot intermix around a "rest of the line" operand: plain parsing then.
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m hermes_dash",
                                     description="Inspect and curate the Hermes Agent's MEMORY.md and USER.md.")
    parser.add_argument("--home", help="Hermes home folder (default: $HERMES_HOME, else ~/.hermes)")
    parser.add_argument("--profile", help="named profile under <home>/profiles/")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_CommandParser)
    target = {"choices": TARGETS, "metavar": "TARGET"}
    stdin = {"action": "store_true", "help": "read CONTENT from standard input"}

    p = sub.add_parser("show", help="entries and usage of one or both files")
    p.add_argument("target", nargs="?", **target)
    p = sub.add_parser("add", help="add an entry (--stdin: read it from standard input)")
    p.add_argument("target", **target)
    p.add_argument("content", nargs="?", metavar="CONTENT")
    p.add_argument("--stdin", **stdin)
    p = sub.add_parser("replace", help="replace the whole entry that contains OLD_TEXT")
    p.add_argument("target", **target)
    p.add_argument("old_text")
    p.add_argument("content", nargs="?", metavar="CONTENT")
    p.add_argument("--stdin", **stdin)
    p.add_argument("--expect-entry", metavar="TEXT", help=PIN_HELP)
    p = sub.add_parser("remove", help="remove the entry that contains OLD_TEXT")
    p.add_argument("target", **target)
    p.add_argument("old_text")
    p.add_argument("--expect-entry", metavar="TEXT", help=PIN_HELP)
    p = sub.add_parser("batch", help="apply a JSON list of operations all-or-nothing ('-' = stdin)")
    p.add_argument("target", **target)
    p.add_argument("file")
    sub.add_parser("serve", help="start the dashboard (the default with no command): serve --help")
    sub.add_parser("render", help="the prompt blocks the next session will get")
    p = sub.add_parser("backup", help="make a dated backup now")
    p.add_argument("target", nargs="?", **target)
    p = sub.add_parser("backups", help="list backups, newest first")
    p.add_argument("target", nargs="?", **target)
    p = sub.add_parser("restore", help="restore one backup (name as listed)")
    p.add_argument("name")
    for extend in EXTENSIONS:
        extend(sub)
    parser.set_defaults(_commands=sub.choices)
    return parser


#: Functions that add more subcommands to the parser (curation commands register here).
EXTENSIONS: list[Callable[[argparse._SubParsersAction], None]] = []  # type: ignore[type-arg]


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
    operands = [f"\0{n}\0" if arg.startswith("-") else arg for n, arg in enumerate(argv[cut + 1:])]
    table = {placeholder: arg for placeholder, arg in zip(operands, argv[cut + 1:]) if placeholder != arg}
    return argv[:cut + 1] + operands, table


def _restore_operands(args: argparse.Namespace, table: dict[str, str]) -> None:
    for key, value in vars(args).items():
        if isinstance(value, str) and value in table:
            setattr(args, key, table[value])
        elif isinstance(value, list):
            setattr(args, key, [table.get(v, v) if isinstance(v, str) else v for v in value])


def parse_args(argv: list[str]) -> argparse.Namespace:
    protected, table = _protect_operands(argv)
    try:
        args = build_parser().parse_args(protected)
    except UsageError as exc:
        message = str(exc)
        for placeholder, arg in table.items():
            message = message.replace(repr(placeholder), repr(arg)).replace(placeholder, arg)
        raise UsageError(message) from None
    _restore_operands(args, table)
    commands = args.__dict__.pop("_commands")
    if getattr(args, "stdin", None) is not None and args.stdin == (args.content is not None):
        commands[args.command].error("give CONTENT or --stdin, not both" if args.stdin
                                     else "give CONTENT, or --stdin to read it from standard input")
    return args


def _emit(outcome: Outcome, as_json: bool) -> None:
    stream = sys.stdout if outcome.code == EXIT_OK else sys.stderr
    if as_json:
        print(json.dumps(outcome.data, ensure_ascii=False, indent=1))
    else:
        print(outcome.text, file=stream)


def _wants_json(argv: list[str]) -> bool:
    return "--json" in (argv[:argv.index("--")] if "--" in argv else argv)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    for stream in (sys.stdout, sys.stderr):
        # Text that cannot be encoded (a lone surrogate from a broken argument, a terminal that is
        # not UTF-8) is written escaped rather than ending the command with a traceback.
        with contextlib.suppress(AttributeError, ValueError):
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    from . import _serve

    if _serve.wants_serve(argv):  # no command, or `serve`: start the dashboard
        return _serve.main(argv)
    try:
        args = parse_args(argv)
    except UsageError as exc:
        # Exit 2 like argparse; with --json the error is still one JSON object on stdout.
        if _wants_json(argv):
            print(json.dumps({"success": False, "code": "usage", "error": str(exc)}, ensure_ascii=False, indent=1))
        else:
            print(str(exc), file=sys.stderr)
        return EXIT_USAGE
    store: MemoryStore | None = None
    try:
        if args.command not in STORELESS:
            store = MemoryStore.open(args.home, args.profile)
            for warning in store.settings.warnings:
                print(f"warning: {warning}", file=sys.stderr)
        outcome = COMMANDS[args.command](store, args)  # type: ignore[arg-type]
    except Refusal as refusal:
        data: dict[str, object] = {"success": False, **refusal.to_dict()}
        target = getattr(args, "target", None) or refusal.target or _target_of_backup(getattr(args, "name", None))
        if store is not None and target in TARGETS:
            data.update(_usage_line(store, target))
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


def _target_of_backup(name: str | None) -> str | None:
    """``USER.md.bak.x`` -> ``user``: so a refused restore still reports that file's usage."""
    base = (name or "").partition(".bak.")[0]
    return next((t for t, filename in FILENAMES.items() if filename == base), None)


from . import cli_curation  # noqa: E402,F401  registers suggest/history/pending/normalize/export/sharing
from . import cli_tools  # noqa: E402,F401  registers check and demo
