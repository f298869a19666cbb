"""Curation commands for the command line: history, normalize, export, sharing (``suggest`` is in
:mod:`._suggest`, the staged writes' ``pending`` in :mod:`._pending`, ``snapshot`` in :mod:`._snapshot`).

Each handler is declared with its arguments (``@command`` and click's decorators, :mod:`._registry`) and calls
one engine module and returns an :class:`~hermes_dash.cli.Outcome`. Exit status as for the
other commands: 0 done, 1 refused (nothing changed), 2 usage error.
"""

from __future__ import annotations

from datetime import UTC
from typing import TYPE_CHECKING

# Engine modules are imported inside each handler: registering these commands must not make
# every other command (`show` above all) pay for difflib, regex tables and filelock.
import click

from hermes_dash import MemoryStore
from hermes_dash.engine.invocation import printed_command
from hermes_dash.engine.rules.format import FILENAMES, TARGETS
from hermes_dash.engine.views.humanize import ago, iso_seconds, n_entries, n_of

from ._output import one_line
from ._registry import Args, Outcome, command

if TYPE_CHECKING:
    from datetime import datetime

    from hermes_dash.curation.history import EntryLife, Restorable, Timeline


# normalize.MODES, spelled out so building the parser imports nothing (a test keeps them equal).
NORMALIZE_MODES = ("section", "bullet")


def _restore_hint(target: str, item: Restorable) -> str:
    """How to bring one earlier text back: the exact command when the texts are short and on one
    line, else what to run (a cut text in a command would hit the wrong entry or none)."""
    text, current = item.text, item.current
    short = all(t is None or (len(t) <= 60 and "\n" not in t) for t in (text, current))
    if current is None:
        how = (
            printed_command("add", target, "--", text)
            if short
            else f"`add {target}` with the text (full text in --json)"
        )
        return f"gone, add it back with: {how}"
    how = (
        printed_command("replace", target, "--expect-entry", current, "--", current, text)
        if short
        else f"`replace {target}` the current text with it, --expect-entry the current text (full texts in --json)"
    )
    return f"in the file with another text, restore in place with: {how}"


# -- history ------------------------------------------------------------------------------------


@command("history", "versions of a file from its backups, and each entry's life")
@click.argument("target", type=click.Choice(TARGETS))
def _history_cmd(store: MemoryStore, args: Args) -> Outcome:
    from datetime import datetime

    from hermes_dash.curation import blame, history

    line = history.timeline(store, args.target)
    made_by = blame.version_authors(line, blame.blame(store, args.target, reasons=False))
    now = datetime.now(UTC)
    data: dict[str, object] = {
        "success": True,
        "target": args.target,
        "file": FILENAMES[args.target],
        **_history_data(line, made_by, now),
    }
    return Outcome(data, "\n".join(_history_lines(args.target, line, made_by, now)))


def _history_data(line: Timeline, made_by: list[str], now: datetime) -> dict[str, object]:
    """The JSON form of a file's timeline: its versions, each entry's life, what can be restored."""

    def label(index: int | None) -> str | None:
        return None if index is None else line.versions[index].name

    return {
        "versions": [
            {
                "index": v.index,
                "name": v.name,
                "style": v.style,
                "created": iso_seconds(v.created),
                "entry_count": len(v.entries),
                "usage": v.usage,
                "problem": v.problem,
                "made_by": made_by[v.index],
            }
            for v in line.versions
        ],
        "entries": [
            {
                "text": life.text,
                "present": life.present,
                "first_seen": label(life.first_seen),
                "first_seen_at": iso_seconds(line.versions[life.first_seen].created),
                "last_changed": label(life.last_changed),
                "last_changed_at": iso_seconds(line.versions[life.last_changed].created),
                "gone_at": label(life.gone_at),
                "age_seconds": line.age(life, now),
                "versions_of_text": [{"version": label(i), "text": t} for i, t in life.texts],
                "appearances": [
                    {"from": label(a), "until": label(b - 1) if b is not None else None} for a, b in life.spans
                ],
            }
            for life in line.lives
        ],
        "counts": {"present": len(line.present), "gone": len(line.gone), "restorable": len(line.restorable)},
        "not_read": line.not_read,
        "restorable": [
            {"text": r.text, "lost_at": label(r.lost_at), "in_place": r.in_place, "current": r.current}
            for r in line.restorable
        ],
    }


def _spans(life: EntryLife) -> str:
    return ", ".join(f"[{a}]-" + ("now" if b is None else f"[{b - 1}]") for a, b in life.spans)


def _history_lines(target: str, line: Timeline, made_by: list[str], now: datetime) -> list[str]:
    """The text form of a file's timeline: versions, entries now, gone, restorable."""
    from hermes_dash.curation import blame

    lines = [f"{FILENAMES[target]}: {n_of(len(line.versions), 'version')} (backups oldest first, then the live file)"]
    if line.not_read:
        lines.append(f"  {line.not_read_note}")
    for v in line.versions:
        lines.append(
            f"  [{v.index}] {v.name:<36} {iso_seconds(v.created) or '-':<25} {n_entries(len(v.entries)):>11} "
            f"{v.usage:>6} chars"
            + (f"  ! {v.problem}" if v.problem else "")
            + f"\n      made {'' if made_by[v.index] == blame.BEFORE_OLDEST else 'by '}{made_by[v.index]}"
        )
    lines.append(f"Entries now: {len(line.present)} in the file, {len(line.gone)} gone")
    for life in line.present:
        first = line.versions[life.first_seen]
        since = "at least since" if life.first_seen == 0 else "since"
        changed = "" if life.last_changed == life.first_seen else f", changed in [{life.last_changed}]"
        back = f"; in the file {_spans(life)} (left and came back)" if life.gaps else ""
        lines.append(
            f"  - {one_line(life.text, 80)}\n      {since} [{first.index}] ({ago(line.age(life, now))}){changed}{back}"
        )
    if line.gone:
        lines.append("Gone:")
        for life in line.gone:
            lines.append(f"  - {one_line(life.text, 80)}\n      in the file {_spans(life)}, gone in [{life.gone_at}]")
    if line.restorable:
        lines.append("Restorable, most recently lost first:")
        for r in line.restorable:
            lines.append(f"  - {one_line(r.text, 80)}\n      lost in [{r.lost_at}]; " + _restore_hint(target, r))
    return lines


# -- normalize ----------------------------------------------------------------------------------


@command("normalize", "rewrite a hand-written file as clean § entries (backup first)")
@click.argument("target", type=click.Choice(TARGETS))
@click.option(
    "--by",
    type=click.Choice(NORMALIZE_MODES),
    default="section",
    help="one entry per heading section (default) or per bullet",
)
@click.option("--dry-run", is_flag=True, help="show the split, write nothing")
def _normalize_cmd(store: MemoryStore, args: Args) -> Outcome:
    from hermes_dash.curation import normalize

    shown = normalize.preview(store, args.target, args.by)
    data: dict[str, object] = {
        "success": True,
        "target": args.target,
        "file": FILENAMES[args.target],
        "by": args.by,
        "split_on": shown.split_on,
        "changed": shown.changed,
        "dry_run": args.dry_run,
        "usage_before": shown.usage_before,
        "usage": f"{shown.usage}/{shown.limit}",
        "percent": shown.percent,
        "entry_count_before": len(shown.before),
        "entries": list(shown.entries),
        "dropped_lines": list(shown.dropped),
        "scan_findings": [{"index": i, "findings": list(f)} for i, f in shown.findings],
    }
    lines = [
        f"{FILENAMES[args.target]}: {len(shown.before)} entr{'y' if len(shown.before) == 1 else 'ies'} "
        f"({shown.usage_before:,} chars) -> {n_entries(len(shown.entries))} ({shown.usage:,}/{shown.limit:,} "
        f"chars, {shown.percent}%), split by {'§ lines' if shown.split_on == '§' else args.by}"
    ]
    for i, entry in enumerate(shown.entries):
        lines.append(f"  [{i}] {one_line(entry, 100)}")
    if shown.dropped:
        lines.append("Headings not kept (the backup keeps them): " + "; ".join(shown.dropped))
    for i, found in shown.findings:
        lines.append(f"  ! entry [{i}] matches the content scan: {', '.join(found)}")
    if not shown.changed:
        lines.append("Already in clean form; nothing to do.")
    elif args.dry_run:
        lines.append("Dry run: nothing was written.")
    else:
        result = normalize.apply(store, shown)
        data["result"] = result.to_dict()
        lines.append(result.message + (f" Previous version kept as {result.backup.name}." if result.backup else ""))
    return Outcome(data, "\n".join(lines))


# -- export -------------------------------------------------------------------------------------


@command("export", "both files as JSON or Markdown")
@click.option("--format", type=click.Choice(("json", "markdown")), default="json")
@click.option("--redact", is_flag=True, help="blank secret-looking strings")
def _export_cmd(store: MemoryStore, args: Args) -> Outcome:
    import json

    from hermes_dash.curation import export

    exported = export.export_data(store, redact_secrets=args.redact)
    if args.format == "markdown":
        text = export.to_markdown(exported)
        return Outcome(
            {"success": True, "format": "markdown", "markdown": text, "redactions": exported.redacted},
            text.rstrip("\n"),
        )
    return Outcome(exported.data, json.dumps(exported.data, ensure_ascii=False, indent=1))


# -- sharing ------------------------------------------------------------------------------------


@command("sharing", "is MEMORY.md a link into a git repository; is USER.md private")
def _sharing_cmd(store: MemoryStore, args: Args) -> Outcome:
    from hermes_dash.curation import sharing

    report = sharing.sharing(store)
    files = []
    lines = []
    for f in report.files:
        git = f.git
        files.append(
            {
                "target": f.target,
                "file": f.filename,
                "path": str(f.path),
                "is_link": f.is_link,
                "link_text": f.link_text,
                "resolved": str(f.resolved),
                "exists": f.exists,
                "git": {
                    "repo": str(git.repo) if git.repo else None,
                    "tracked": git.tracked,
                    "dirty": git.dirty,
                    "status": git.status,
                    "problem": git.problem,
                },
            }
        )
        where = f"symbolic link -> {f.link_text} ({f.resolved})" if f.is_link else "plain file"
        repo = (
            (
                f", in git repo {git.repo}"
                + {True: ", tracked", False: ", untracked", None: ""}[git.tracked]
                + (", uncommitted changes" if git.dirty else "")
                + (f", git: {git.problem}" if git.problem else "")
            )
            if git.repo
            else (f", git: {git.problem}" if git.problem else ", not in a git repository")
        )
        lines.append(f"{f.filename}: {where}{repo}")
    lines += [f"! {w}" for w in report.warnings]
    return Outcome(
        {"success": True, "files": files, "warnings": list(report.warnings)},
        "\n".join(lines),
    )
