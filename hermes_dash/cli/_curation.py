"""Curation commands for the command line: suggest, history, normalize, export, sharing, snapshot
(the staged writes' ``pending`` is in :mod:`._pending`).

Registered in :mod:`._registry` (``@command`` + ``@extends_parser``); each handler calls
one engine module and returns an :class:`~hermes_dash.cli.Outcome`. Exit status as for the
other commands: 0 done, 1 refused (nothing changed), 2 usage error.
"""

from __future__ import annotations

import argparse
from datetime import UTC
from typing import TYPE_CHECKING

# Engine modules are imported inside each handler: registering these commands must not make
# every other command (`show` above all) pay for difflib, regex tables and filelock.
from hermes_dash import MemoryStore
from hermes_dash.engine.invocation import printed_command
from hermes_dash.engine.rules.format import FILENAMES, TARGETS
from hermes_dash.engine.text import shorten
from hermes_dash.engine.views.humanize import ago, iso_seconds, n_entries, n_of

from ._registry import Outcome, Subparsers, command, extends_parser

if TYPE_CHECKING:
    from hermes_dash.curation.cleanup import Plan, Report

    from ._registry import ArgumentOptions


def _restore_hint(target: str, item: object) -> str:
    """How to bring one earlier text back: the exact command when the texts are short and on one
    line, else what to run (a cut text in a command would hit the wrong entry or none)."""
    text, current = item.text, item.current  # type: ignore[attr-defined]  # a history Restorable, typed object to keep this module light
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


def _full(text: str) -> list[str]:
    """Every line of an entry, uncut: a plan is read in full before anything is applied."""
    return text.splitlines() or [""]


def _one_line(text: str, width: int = 100) -> str:
    return shorten(text, width, one_line=True)


# -- suggest ------------------------------------------------------------------------------------


@command("suggest")
def _suggest(store: MemoryStore, args: argparse.Namespace) -> Outcome:
    from hermes_dash.curation import cleanup

    targets = [args.target] if args.target else list(TARGETS)
    threshold = cleanup.DEFAULT_THRESHOLD if args.threshold is None else args.threshold
    if args.model:  # the agent's own model, asked only when the person says so
        from ._model_review import suggest_model

        return suggest_model(store, targets, threshold)
    report = cleanup.suggest(store, threshold, targets)
    return Outcome(_suggest_data(report, threshold, targets), "\n".join(_suggest_lines(report, targets)))


def _suggest_data(report: Report, threshold: int, targets: list[str]) -> dict[str, object]:
    """The JSON form of a clean-up report: every proposal with the figures behind it."""
    return {
        "success": True,
        "threshold": threshold,
        "files": {
            t: {"file": s.filename, "usage": s.usage, "limit": s.limit, "percent": s.percent}
            for t, s in report.files.items()
            if t in targets
        },
        "merges": [
            {
                "target": m.target,
                "kind": m.kind,
                "score": m.score,
                "keep": m.keep,
                "drop": m.drop,
                "merged": m.merged,
                "freed": m.freed,
                "operations": m.operations(),
            }
            for m in report.merges
        ],
        "cross_file": [
            {
                "kind": c.kind,
                "score": c.score,
                "memory_entry": c.memory_entry,
                "user_entry": c.user_entry,
                "merged": c.merged,
                "keep_in": c.keep_target,
                "remove_from": c.drop_target,
            }
            for c in report.cross
        ],
        "placement": [
            {"target": h.target, "entry": h.entry, "suggested": h.suggested, "reasons": list(h.reasons)}
            for h in report.placement
        ],
        "contradictions": [
            {
                "first_target": c.first_target,
                "first": c.first,
                "second_target": c.second_target,
                "second": c.second,
                "first_only": list(c.first_only),
                "second_only": list(c.second_only),
            }
            for c in report.contradictions
        ],
        "stale": [
            {"entry": s.entry, "missing_paths": list(s.missing), "looked_up": list(s.checked)} for s in report.stale
        ],
        "method": report.method,
        "paths": {
            "checked": list(report.paths.checked),
            "missing": report.paths.missing,
            "not_checked_relative": list(report.paths.relative),
            "summary": report.paths.summary(),
        },
        "plans": {
            t: {
                "target": p.target,
                "goal": p.goal,
                "limit": p.limit,
                "usage_before": p.usage_before,
                "usage_after": p.usage_after,
                "reaches_goal": p.reaches_goal,
                "steps": [
                    {
                        "kind": s.kind,
                        "reason": s.reason,
                        "entries": list(s.entries),
                        "result": s.result,
                        "operations": list(s.operations),
                        "other_operations": list(s.other),
                        "usage_after": s.usage_after,
                        "percent_after": s.percent_after,
                    }
                    for s in p.steps
                ],
                "operations": p.operations,
                "other_target": p.other_target,
                "other_operations": p.other_operations,
                "still_to_free": p.still_to_free,
                "removal_candidates": list(p.candidates),
                "ranked_candidates": [
                    {"entry": c.entry, "evidence": c.evidence, "why": c.why, "frees": c.freed} for c in p.ranked
                ],
                "usage_after_lossless": p.lossless_usage,
            }
            for t, p in report.plans.items()
        },
        "notes": report.notes,
    }


def _suggest_lines(report: Report, targets: list[str]) -> list[str]:
    """The text form of a clean-up report, proposals first, then each file's plan."""
    lines = []
    for t in targets:
        s = report.files[t]
        lines.append(f"{s.filename}: {s.usage:,}/{s.limit:,} chars ({s.percent}%)")
        if t in report.notes:
            lines.append(f"  note: {report.notes[t]}")
    for m in report.merges:
        lines += [
            f"\nMerge in {FILENAMES[m.target]} ({m.kind}, similarity {m.score:.2f}, frees {m.freed} chars):",
            f"  keep: {_one_line(m.keep)}",
            f"  drop: {_one_line(m.drop)}",
            f"  as:   {_one_line(m.merged)}",
        ]
    for c in report.cross:
        lines += [
            f"\nIn both files ({c.kind}, similarity {c.score:.2f}): keep in {FILENAMES[c.keep_target]}, "
            f"remove from {FILENAMES[c.drop_target]}",
            f"  MEMORY.md: {_one_line(c.memory_entry)}",
            f"  USER.md:   {_one_line(c.user_entry)}",
        ]
    for pair in report.contradictions:
        lines += [
            f"\nContradiction (keep one, or edit; never merged): {FILENAMES[pair.first_target]} says "
            f"{', '.join(pair.first_only) or 'one value'}, {FILENAMES[pair.second_target]} says "
            f"{', '.join(pair.second_only) or 'another'}",
            f"  this: {_one_line(pair.first)}",
            f"  that: {_one_line(pair.second)}",
        ]
    for h in report.placement:
        lines.append(
            f"\nReads like {FILENAMES[h.suggested]} ({', '.join(h.reasons)}), now in {FILENAMES[h.target]}:"
            f"\n  {_one_line(h.entry)}"
        )
    if "memory" in targets:
        lines.append(f"\nPaths: {report.paths.summary()}")
    for fact in report.stale:
        lines.append(
            f"\nNot found on this machine (a hint; looked up {', '.join(fact.checked)}):\n  {_one_line(fact.entry)}"
        )
    for p in report.plans.values():
        lines += _plan_lines(p, report.method)
    if len(lines) == len(targets) + len(report.notes):
        lines.append("\nNothing to suggest.")
    return lines


def _plan_lines(p: Plan, method: str) -> list[str]:
    """One file's plan as text: its steps, then (short of the goal) the ranked removal candidates."""
    lines = []
    lines.append(
        f"\nPlan for {FILENAMES[p.target]} to reach {p.threshold}% ({p.goal:,} chars) "
        f"from {p.usage_before:,}: what loses nothing first, then shorter wording."
    )
    lines.append(f"  (compared by meaning: {method})")
    for i, step in enumerate(p.steps, 1):
        lines.append(f"  {i}. {step.kind}: {step.reason} -> {step.usage_after:,} chars ({step.percent_after}%)")
        lines += [f"     entry: {line}" for e in step.entries for line in _full(e)]
        if step.result is not None:
            lines += [f"     becomes: {line}" for line in _full(step.result)]
    if p.reaches_goal:
        return lines
    lines.append(f"  These steps reach {p.usage_after:,} chars; {p.still_to_free:,} more to free for the goal.")
    if p.candidates:
        lines.append(
            f"  Candidates for removal (none picked; choose yourself, e.g. "
            f"`remove {p.target} --expect-entry TEXT -- TEXT`):"
        )
        running = p.usage_after
        for cand in p.ranked:
            running -= cand.freed
            lines.append(
                f"  - [{cand.evidence}] frees {cand.freed:,} chars (after, with those above: "
                f"{running:,}): " + "\n    ".join(_full(cand.entry))
            )
            lines.append(f"    why: {_one_line(cand.why, 200)}")
    return lines


# -- history ------------------------------------------------------------------------------------


@command("history")
def _history_cmd(store: MemoryStore, args: argparse.Namespace) -> Outcome:
    from hermes_dash.curation import blame, history

    line = history.timeline(store, args.target)
    made_by = blame.version_authors(line, blame.blame(store, args.target, reasons=False))
    from datetime import datetime  # here, not at the top: `show` has no use for it

    now = datetime.now(UTC)

    def label(index: int | None) -> str | None:
        return None if index is None else line.versions[index].name

    data: dict[str, object] = {
        "success": True,
        "target": args.target,
        "file": FILENAMES[args.target],
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
        "restorable": [
            {"text": r.text, "lost_at": label(r.lost_at), "in_place": r.in_place, "current": r.current}
            for r in line.restorable
        ],
    }
    lines = [
        f"{FILENAMES[args.target]}: {n_of(len(line.versions), 'version')} (backups oldest first, then the live file)"
    ]
    for v in line.versions:
        lines.append(
            f"  [{v.index}] {v.name:<36} {iso_seconds(v.created) or '-':<25} {n_entries(len(v.entries)):>11} "
            f"{v.usage:>6} chars"
            + (f"  ! {v.problem}" if v.problem else "")
            + f"\n      made {'' if made_by[v.index] == blame.BEFORE_OLDEST else 'by '}{made_by[v.index]}"
        )
    lines.append(f"Entries now: {len(line.present)} in the file, {len(line.gone)} gone")

    def spans(life: history.EntryLife) -> str:
        return ", ".join(f"[{a}]-" + ("now" if b is None else f"[{b - 1}]") for a, b in life.spans)

    for life in line.present:
        first = line.versions[life.first_seen]
        since = "at least since" if life.first_seen == 0 else "since"
        changed = "" if life.last_changed == life.first_seen else f", changed in [{life.last_changed}]"
        back = f"; in the file {spans(life)} (left and came back)" if life.gaps else ""
        lines.append(
            f"  - {_one_line(life.text, 80)}\n      {since} [{first.index}] ({ago(line.age(life, now))}){changed}{back}"
        )
    if line.gone:
        lines.append("Gone:")
        for life in line.gone:
            lines.append(f"  - {_one_line(life.text, 80)}\n      in the file {spans(life)}, gone in [{life.gone_at}]")
    if line.restorable:
        target = args.target
        lines.append("Restorable, most recently lost first:")
        for r in line.restorable:
            lines.append(f"  - {_one_line(r.text, 80)}\n      lost in [{r.lost_at}]; " + _restore_hint(target, r))
    return Outcome(data, "\n".join(lines))


# -- normalize ----------------------------------------------------------------------------------


@command("normalize")
def _normalize_cmd(store: MemoryStore, args: argparse.Namespace) -> Outcome:
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
        lines.append(f"  [{i}] {_one_line(entry, 100)}")
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


@command("export")
def _export_cmd(store: MemoryStore, args: argparse.Namespace) -> Outcome:
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


@command("sharing")
def _sharing_cmd(store: MemoryStore, args: argparse.Namespace) -> Outcome:
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


# -- parsers ------------------------------------------------------------------------------------

# normalize.MODES, spelled out so building the parser imports nothing (a test keeps them equal).
NORMALIZE_MODES = ("section", "bullet")


def _threshold(value: str) -> int:
    try:
        number = int(value.rstrip("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if not 1 <= number <= 100:
        raise argparse.ArgumentTypeError("use a percentage from 1 to 100")
    return number


@extends_parser
def _parsers(sub: Subparsers) -> None:
    target: ArgumentOptions = {"choices": TARGETS}  # shown as {memory,user}
    p = sub.add_parser("suggest", help="clean-up suggestions: overlaps, misplaced and stale entries, a plan")
    p.add_argument("target", nargs="?", **target)
    p.add_argument(
        "--threshold", type=_threshold, default=None, help="plan to get each file under this percentage (default 80)"
    )
    p.add_argument(
        "--model", action="store_true", help="ask the agent's own model to review the files (sends them to it)"
    )
    p = sub.add_parser("history", help="versions of a file from its backups, and each entry's life")
    p.add_argument("target", **target)
    p = sub.add_parser("normalize", help="rewrite a hand-written file as clean § entries (backup first)")
    p.add_argument("target", **target)
    p.add_argument(
        "--by", choices=NORMALIZE_MODES, default="section", help="one entry per heading section (default) or per bullet"
    )
    p.add_argument("--dry-run", action="store_true", help="show the split, write nothing")
    p = sub.add_parser("export", help="both files as JSON or Markdown")
    p.add_argument("--format", choices=("json", "markdown"), default="json")
    p.add_argument("--redact", action="store_true", help="blank secret-looking strings")
    p = sub.add_parser("sharing", help="is MEMORY.md a link into a git repository; is USER.md private")
