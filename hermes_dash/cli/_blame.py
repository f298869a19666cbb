"""``hermes-dash blame TARGET [TEXT]``: where each entry came from (docs/provenance.md)."""

from __future__ import annotations

import click

from hermes_dash import MemoryStore
from hermes_dash.engine.invocation import printed_command
from hermes_dash.engine.rules.format import FILENAMES, TARGETS
from hermes_dash.engine.views.humanize import n_of

from ._registry import EXIT_REFUSED, Args, Outcome, command


def _indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in text.splitlines())


@command(
    "blame",
    "where each entry came from: session, reason, hermes-dash writes, git\n\n"
    "TEXT: only the entry holding this text, with its whole life.",
)
@click.argument("target", type=click.Choice(TARGETS))
@click.argument("text", required=False, default="")
@click.option("--life", is_flag=True, help="print every entry's whole life, not only its origin")
def _blame_cmd(store: MemoryStore, args: Args) -> Outcome:
    from hermes_dash.curation import blame

    found = blame.blame(store, args.target, args.text or None)
    data = {**found.to_dict(), "target": args.target, "file": FILENAMES[args.target]}
    if args.text and not found.entries:
        data["success"] = False
        data["error"] = f"No entry of {FILENAMES[args.target]} contains that text, now or in its backups."
        return Outcome(
            data,
            f"Refused: {data['error']}\nWhat to do: give a part of the entry's text exactly "
            f"as `{printed_command('show', args.target)}` prints it.",
            EXIT_REFUSED,
        )
    lines = [
        f"{FILENAMES[args.target]}: where each entry came from "
        f"({n_of(found.calls, 'memory call')} in {n_of(found.sessions, 'session')}; "
        f"{'found through the FTS index' if found.used_fts else 'found by scanning the messages'})"
    ]
    for problem in found.problems:
        lines.append(f"  ! {problem}")
    for entry in found.entries:
        flat = " ".join(entry.text.split())
        lines.append(("- " if entry.present else "- (gone) ") + (flat if len(flat) <= 100 else flat[:97] + "..."))
        lines.append(f"    origin: {entry.origin.label}")
        if entry.origin.reason and (entry.origin.reason.user or entry.origin.reason.assistant):
            if entry.origin.reason.user:
                lines.append("    user said:\n" + _indent(entry.origin.reason.user, "      | "))
            if entry.origin.reason.assistant:
                lines.append("    assistant said:\n" + _indent(entry.origin.reason.assistant, "      | "))
        if entry.git and entry.git is not entry.origin:
            lines.append(f"    git: {entry.git.label}")
        earlier = [e for e in entry.life if e is not entry.origin]
        if earlier and (args.text or args.life):
            lines.append("    life:")
            for event in entry.life:
                shown = " ".join(event.text.split())
                lines.append(f"      {event.label}\n        -> {shown[:100]}")
    return Outcome(data, "\n".join(lines))
