"""The memory commands: show, add, replace, remove, batch, render, backup, backups, restore.

Each handler calls one engine method and turns its result into an :class:`Outcome`.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from hermes_dash import InvalidRequest, Refusal
from hermes_dash.engine.agents import agent_for_home
from hermes_dash.engine.invocation import printed_program
from hermes_dash.engine.io.readfile import read_named_input
from hermes_dash.engine.rules.format import FILENAMES, TARGETS, over_budget_text
from hermes_dash.engine.text import CONTROLS, show_controls
from hermes_dash.engine.views.humanize import NEXT_SESSION, n_entries, n_of

from ._registry import Args, Outcome, command

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from hermes_dash import FileState, MemoryReader, MemoryStore, OpResult
    from hermes_dash.engine.io.backups import Backup


#: Standard input and batch files are read up to this size; memory files are kilobytes.
MAX_INPUT_BYTES = 16 * 1024 * 1024


PIN_HELP = (
    "act only if the entry OLD_TEXT hits is exactly TEXT (the entry as you last saw it); otherwise "
    "exit 1, change nothing and report the entry's current text"
)


def read_input(source: str | None, what: str) -> str:
    """Text from standard input (``source`` None) or a file, as UTF-8, at most MAX_INPUT_BYTES."""
    try:
        if source is None:
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            data = read_named_input(source, MAX_INPUT_BYTES)
    except Refusal as exc:
        raise InvalidRequest(exc.message, hint=exc.hint) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise InvalidRequest(
            f"Cannot read {source!r}: {getattr(exc, 'strerror', None) or exc}.", hint="Check the path."
        ) from None
    if len(data) > MAX_INPUT_BYTES:
        raise InvalidRequest(
            f"{what} is larger than {MAX_INPUT_BYTES // (1024 * 1024)} MB.",
            hint="Memory files hold a few kilobytes; give a smaller input.",
        )
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidRequest(
            f"{what} is not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start}).",
            hint="Convert it to UTF-8 first (for example with iconv).",
        ) from None


def given_content(args: Args) -> str:
    """CONTENT from the command line, or from standard input with --stdin (the parser made sure
    exactly one was given). Only the flag reads standard input, so any text, "-" too, can be stored."""
    return read_input(None, "Standard input") if args.stdin else args.content


def usage_line(state: FileState) -> dict[str, object]:
    """One file's usage, in the JSON of `show` and of a refusal."""
    return {
        "target": state.target,
        "file": state.filename,
        "usage": f"{state.usage}/{state.limit}",
        "percent": state.percent,
        "entry_count": len(state.entries),
    }


def _state_dict(store: MemoryReader, target: str) -> dict[str, object]:
    state = store.read(target)  # read once: the usage and the entries are of the same bytes
    out = usage_line(state)
    out.update(
        {
            "path": str(state.path),
            "exists": state.exists,
            "over_budget": state.over_budget,
            "link_target": str(state.link_target) if state.link_target else None,
            "error": state.error,
            "drift": list(state.drift.reasons),
            "entries": [{"index": i, "text": e, "chars": len(e)} for i, e in enumerate(state.entries)],
        }
    )
    return out


def _state_text(data: dict[str, Any]) -> str:
    used, limit = (int(n) for n in str(data["usage"]).split("/"))
    head = f"{data['file']}  {data['percent']}% - {used:,}/{limit:,} chars, {n_entries(int(data['entry_count']))}"
    lines = [head + (f"  OVER BUDGET ({over_budget_text(used, limit)})" if data["over_budget"] else "")]
    if data["link_target"]:
        lines.append(f"  (symbolic link to {data['link_target']})")
    if data["error"]:
        lines.append(f"  ! {data['error']}")
    lines.extend(f"  ! drift: {reason}" for reason in data["drift"])
    for entry in data["entries"]:
        text = str(entry["text"]).replace("\n", "\n       ")
        lines.append(f"  [{entry['index']}] ({entry['chars']} chars) {text}")
    return "\n".join(lines)


@command("show", "entries and usage of one or both files", reads_only=True)
@click.argument("target", required=False, type=click.Choice(TARGETS))
def _show(store: MemoryReader, args: Args) -> Outcome:
    if not store.home.path.is_dir():
        # Showing 0/2,200 for a mistyped --home would read as "empty memory", not "wrong place".
        raise InvalidRequest(
            f"The Hermes home folder {store.home.path} does not exist, so there is nothing to show.",
            hint="Check --home, $HERMES_HOME or --profile. `add` creates the folder; "
            f"`{printed_program()} demo` makes a demo home to look around in.",
        )
    targets = [args.target] if args.target else list(TARGETS)
    files = [_state_dict(store, t) for t in targets]
    agent = agent_for_home(store.home.root)
    data: dict[str, object] = {
        "success": True,
        "files": files,
        "warnings": list(store.settings.warnings),
        "agent": agent.to_dict(),
    }
    if len(files) == 1:
        data.update(files[0])
    return Outcome(data, "\n\n".join([f"Agent: {agent.describe()}", *(_state_text(f) for f in files)]))


def control_warning(written: Sequence[object]) -> tuple[str, list[dict[str, object]]]:
    """A warning about control characters in the text a write stored ("" when it held none), and
    the same for JSON. The agent accepts them, so hermes-dash stores them too, and says so: they
    reach every prompt as written, and a terminal that prints them raw obeys them."""
    found: dict[int, int] = {}
    for text in written:
        for cp, n in show_controls(text if isinstance(text, str) else "")[1].items():
            found[cp] = found.get(cp, 0) + n
    if not found:
        return "", []
    from hermes_dash.engine.text import control_name

    from ._output import tally

    listed = [{"code_point": f"U+{cp:04X}", "name": control_name(cp), "count": n} for cp, n in found.items()]
    return (
        f"\nWarning: the text holds {n_of(sum(found.values()), 'control character')} ({tally(found)}). The agent "
        "accepts them and puts them into every prompt as written; a terminal that prints them raw obeys them "
        "(it can hide or redraw text). `check --strict` fails on such an entry: replace it without them "
        "unless they are meant.",
        listed,
    )


def op_outcome(store: MemoryStore, result: OpResult, written: Sequence[object] = ()) -> Outcome:
    data = result.to_dict()
    text = str(data["message"])
    warning, listed = control_warning(written) if data["changed"] else ("", [])
    if listed:
        data["control_characters"] = listed
    if data.get("backup") and data["changed"]:
        text += f" Previous version kept as {data['backup']}."
    if data["changed"]:
        text += " " + NEXT_SESSION
    state = store.read(str(data["target"]))
    text += (
        f"\n{state.filename}: {state.usage:,}/{state.limit:,} chars ({state.percent}%), {n_entries(len(state.entries))}"
    )
    return Outcome(data, text + warning)


@command("add", "add an entry (--stdin: read it from standard input)")
@click.argument("target", type=click.Choice(TARGETS))
@click.argument("content", required=False, metavar="[CONTENT]")
@click.option("--stdin", is_flag=True, help="read CONTENT from standard input")
def _add(store: MemoryStore, args: Args) -> Outcome:
    content = given_content(args)
    return op_outcome(store, store.add(args.target, content), [content])


@command("replace", "replace the whole entry that contains OLD_TEXT")
@click.argument("target", type=click.Choice(TARGETS))
@click.argument("old_text")
@click.argument("content", required=False, metavar="[CONTENT]")
@click.option("--stdin", is_flag=True, help="read CONTENT from standard input")
@click.option("--expect-entry", metavar="TEXT", help=PIN_HELP)
def _replace(store: MemoryStore, args: Args) -> Outcome:
    content = given_content(args)
    result = store.replace(args.target, args.old_text, content, expect_entry=args.expect_entry)
    return op_outcome(store, result, [content])


@command("remove", "remove the entry that contains OLD_TEXT")
@click.argument("target", type=click.Choice(TARGETS))
@click.argument("old_text")
@click.option("--expect-entry", metavar="TEXT", help=PIN_HELP)
def _remove(store: MemoryStore, args: Args) -> Outcome:
    return op_outcome(store, store.remove(args.target, args.old_text, expect_entry=args.expect_entry))


@command("batch", "apply a JSON list of operations all-or-nothing ('-' = stdin)")
@click.argument("target", type=click.Choice(TARGETS))
@click.argument("file")
def _batch(store: MemoryStore, args: Args) -> Outcome:
    import json  # only batch parses JSON; the output's JSON is written by the package's _emit

    text = read_input(None if args.file == "-" else args.file, "The batch file")
    try:
        operations = json.loads(text)
    except ValueError as exc:
        raise InvalidRequest(
            f"The batch file is not valid JSON: {exc}.",
            hint='Write a JSON list such as [{"action": "add", "content": "..."}].',
        ) from None
    except RecursionError:
        raise InvalidRequest(
            "The batch file is nested too deeply to read.",
            hint='Write a flat JSON list such as [{"action": "add", "content": "..."}].',
        ) from None
    if not isinstance(operations, list):
        raise InvalidRequest(
            "The batch file must hold a JSON list of operations.",
            hint='For example [{"action": "remove", "old_text": "..."}].',
        )
    written = [op.get(k) for op in operations if isinstance(op, dict) for k in ("content", "new_text")]
    return op_outcome(store, store.batch(args.target, operations), written)


@command("render", "the prompt blocks the next session will get", reads_only=True)
@click.option(
    "--raw",
    is_flag=True,
    help="write the blocks exactly, control characters included (into a pipe or a file only; "
    "by default they are shown as \\xNN)",
)
def _render(store: MemoryReader, args: Args) -> Outcome:
    """The blocks as the agent loads them. For a terminal, control characters are shown (\\xNN) like
    every printed text; ``--raw`` writes the exact text, and only into a pipe or a file."""
    blocks = {t: store.render_block(t) for t in TARGETS}
    text = "\n\n".join(b for b in blocks.values() if b)
    if args.raw and sys.stdout.isatty() and CONTROLS.search(text):
        from ._output import tally

        raise InvalidRequest(
            f"--raw would write control characters ({tally(show_controls(text)[1])}) to a terminal, which "
            "obeys them instead of showing them; nothing was printed.",
            hint=f"Send it to a file or a pipe (`{printed_program()} render --raw > prompt.txt`), "
            "or leave out --raw to see them shown as \\xNN.",
        )
    return Outcome({"success": True, "blocks": blocks, "prompt": text}, text, raw=args.raw)


def _backup_dict(store: MemoryReader, backup: Backup) -> dict[str, Any]:
    """One backup for JSON: ``size`` in bytes (a stable field), ``chars`` as every page counts
    them (the characters of its entries, held against the limit), ``entries``."""
    from hermes_dash import NotReadable
    from hermes_dash.engine.io.backups import read_backup
    from hermes_dash.engine.io.readfile import describe_unreadable
    from hermes_dash.engine.rules.format import decode_lossy, parse, usage

    out = {
        "name": backup.name,
        "target": backup.target,
        "file": FILENAMES[backup.target],
        "style": backup.style,
        "created": backup.created.isoformat(),
    }
    try:
        data = read_backup(backup)
    except (OSError, NotReadable) as exc:
        # Unreadable is not empty: say why, and leave size and entries unknown.
        return {**out, "size": None, "chars": None, "entries": None, "error": describe_unreadable(exc, backup.path)}
    entries = parse(decode_lossy(data))
    return {**out, "size": len(data), "chars": usage(entries), "entries": len(entries), "error": None}


def _backup_line(b: dict[str, Any]) -> str:
    head = f"{b['name']:<36} {b['style']:<6} {b['created']}"
    if b["error"] is not None:
        return f"{head}  unreadable: {b['error']}"
    return f"{head}  {n_of(b['chars'], 'char'):>11}  {n_entries(b['entries']):>11}"


@command("backup", "make a dated backup now")
@click.argument("target", required=False, type=click.Choice(TARGETS))
def _backup(store: MemoryStore, args: Args) -> Outcome:
    made = []
    for target in [args.target] if args.target else list(TARGETS):
        backup = store.backup(target)
        if backup:
            made.append(_backup_dict(store, backup))
    text = "\n".join(f"{b['file']}: kept as {b['name']}" for b in made) or "Nothing to back up (no files yet)."
    return Outcome({"success": True, "backups": made}, text)


@command("backups", "list backups, newest first; --prune N deletes all but the newest N dated ones")
@click.argument("target", required=False, type=click.Choice(TARGETS))
@click.option(
    "--prune",
    type=int,
    metavar="N",
    help="delete all but the newest N dated backups of each file (or of TARGET); N is at least 1. "
    "Daily and drift copies are never deleted",
)
@click.option("--dry-run", is_flag=True, help="with --prune: list what would be deleted, delete nothing")
def _backups(store: MemoryStore, args: Args) -> Outcome:
    if args.prune is not None:
        return _prune(store, args)
    if args.dry_run:
        raise InvalidRequest(
            "--dry-run goes with --prune N; nothing was deleted.", hint="For example: backups --prune 10 --dry-run"
        )
    listed = [_backup_dict(store, b) for b in store.backups(args.target)]
    return Outcome({"success": True, "backups": listed}, "\n".join(map(_backup_line, listed)) or "No backups yet.")


def _prune(store: MemoryStore, args: Args) -> Outcome:
    """``backups --prune N``: delete all but the newest N dated backups (docs/rules.md#backups);
    with --dry-run, only say which would go. The deletion is pinned to the list shown."""
    doomed = store.prune_preview(args.target, args.prune)
    listed = [_backup_dict(store, b) for b in doomed]
    if not args.dry_run:
        store.prune_backups(args.target, args.prune, expect=[b.name for b in doomed])
    files = FILENAMES[args.target] if args.target else "each file"
    kept = f"the newest {n_of(args.prune, 'dated backup')} of {files}"
    if not doomed:
        who = f"{FILENAMES[args.target]} has no" if args.target else "neither file has"
        text = (
            f"Nothing to prune: {who} more than {n_of(args.prune, 'dated backup')}. Daily and drift copies "
            "are never pruned."
        )
    else:
        text = (
            f"{'Would delete' if args.dry_run else 'Deleted'} {n_of(len(doomed), 'dated backup')}, keeping "
            f"{kept}:\n" + "\n".join(map(_backup_line, listed))
        )
        if args.dry_run:
            text += "\nNothing was deleted (dry run)."
    return Outcome({"success": True, "keep": args.prune, "dry_run": args.dry_run, "pruned": listed}, text)


@command("restore", "restore one backup (name as listed)")
@click.argument("name")
def _restore(store: MemoryStore, args: Args) -> Outcome:
    return op_outcome(store, store.restore(args.name))
