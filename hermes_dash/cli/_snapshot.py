"""``snapshot``: what the running session sees (its frozen snapshot) against the live files,
entry by entry. Registered in :mod:`._registry` like the other command modules."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from hermes_dash import MemoryStore
from hermes_dash.engine.rules.format import FILENAMES, TARGETS
from hermes_dash.engine.views.humanize import iso_seconds

from ._output import one_line
from ._registry import Args, Outcome, command

if TYPE_CHECKING:
    from hermes_dash.engine.views.diff import EntryDiff


@command("snapshot", "what the running session sees vs the live files, entry by entry")
@click.option(
    "--freeze",
    is_flag=True,
    help="first record what a session starting now would load (memories/.hermes-dash-snapshot.json)",
)
@click.option("--session", metavar="ID", help="compare with this session in state.db (default: the newest)")
def _snapshot_cmd(store: MemoryStore, args: Args) -> Outcome:
    from hermes_dash.engine.freeze import freeze_snapshot
    from hermes_dash.engine.views.snapshot import choose_snapshot, diff_live, load_frozen_snapshot

    if args.freeze:
        freeze_snapshot(store)
    if args.freeze and args.session is None:
        snap, session_id = load_frozen_snapshot(store), None
        assert snap is not None  # just written
    else:
        snap, session_id = choose_snapshot(store, args.session)
    taken = iso_seconds(snap.taken_at)
    lines = [
        f"Snapshot: {snap.source}"
        + (f", taken {taken}" if taken else "")
        + (" (frozen just now)" if args.freeze and session_id is None else "")
    ]
    if snap.note:
        lines.append(f"Warning: {snap.note}")
    files: dict[str, object] = {}
    for target in TARGETS:
        diff = diff_live(store, snap, target)
        counts = diff.counts
        files[target] = {
            "file": FILENAMES[target],
            "counts": counts,
            "identical": diff.identical,
            "truncated": snap.truncated.get(target, False),
            "coarse": diff.coarse,
            "items": [
                {"kind": i.kind, "snapshot": i.old, "live": i.new, "similarity": round(i.similarity, 3)}
                for i in diff.items
            ],
        }
        summary = (
            "same entries as the snapshot"
            if diff.identical
            else ", ".join(f"{counts[k]} {k}" for k in ("added", "removed", "changed", "unchanged"))
        )
        lines += _file_lines(target, diff, summary, bool(snap.truncated.get(target)))
    data: dict[str, object] = {
        "success": True,
        "source": snap.source,
        "session_id": session_id,
        "frozen": session_id is None,
        "taken_at": taken,
        "files": files,
        "note": snap.note,
    }
    return Outcome(data, "\n".join(lines))


def _file_lines(target: str, diff: EntryDiff, summary: str, truncated: bool) -> list[str]:
    """One file against the snapshot, as text: the counts, then each entry that differs."""
    marks = {"added": "+", "removed": "-", "changed": "~"}
    lines: list[str] = []
    lines.append(f"{FILENAMES[target]}: {summary}")
    if truncated:
        lines.append("  (the snapshot's block was cut by the agent: over budget, its middle is missing)")
    if diff.coarse:
        lines.append("  (too long to compare in detail: entries are paired by place only, similarities not measured)")
    for item in diff.items:
        if item.kind == "changed":
            lines.append(f"  ~ {one_line(item.old or '')}\n    -> {one_line(item.new or '')}")
        elif item.kind in marks:
            shown = (item.new if item.kind == "added" else item.old) or ""
            lines.append(f"  {marks[item.kind]} {one_line(shown)}")
    return lines
