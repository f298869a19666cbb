"""``suggest``: clean-up suggestions for the command line (overlaps, misplaced and stale entries,
and a plan per file to get under a threshold), as JSON or as text read in full before anything
is applied. ``--model`` asks the agent's own model instead (:mod:`._model_review`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from hermes_dash import MemoryStore
from hermes_dash.engine.rules.format import FILENAMES, TARGETS

from ._output import one_line
from ._registry import Args, Outcome, checked, command

if TYPE_CHECKING:
    from hermes_dash.curation.cleanup import Plan, Report


def _threshold(value: str) -> int:
    try:
        number = int(value.rstrip("%"))
    except ValueError:
        raise ValueError(f"{value!r} is not a whole number") from None
    if not 1 <= number <= 100:
        raise ValueError("use a percentage from 1 to 100")
    return number


def _full(text: str) -> list[str]:
    """Every line of an entry, uncut: a plan is read in full before anything is applied."""
    return text.splitlines() or [""]


# -- suggest ------------------------------------------------------------------------------------


@command("suggest", "clean-up suggestions: overlaps, misplaced and stale entries, a plan")
@click.argument("target", required=False, type=click.Choice(TARGETS))
@click.option(
    "--threshold",
    callback=checked(_threshold),
    metavar="THRESHOLD",
    default=None,
    help="plan to get each file under this percentage (default 80)",
)
@click.option("--model", is_flag=True, help="ask the agent's own model to review the files (sends them to it)")
def _suggest(store: MemoryStore, args: Args) -> Outcome:
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
        **_proposals_data(report),
        "method": report.method,
        "paths": {
            "checked": list(report.paths.checked),
            "missing": report.paths.missing,
            "not_checked_relative": list(report.paths.relative),
            "summary": report.paths.summary(),
        },
        "plans": {t: _plan_data(p) for t, p in report.plans.items()},
        "notes": report.notes,
    }


def _proposals_data(report: Report) -> dict[str, object]:
    """The JSON form of a report's proposals: merges, entries in both files, placement, contradictions, stale facts."""
    return {
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
    }


def _plan_data(p: Plan) -> dict[str, object]:
    """The JSON form of one file's plan: its steps and, short of the goal, the ranked candidates."""
    return {
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
            f"  keep: {one_line(m.keep)}",
            f"  drop: {one_line(m.drop)}",
            f"  as:   {one_line(m.merged)}",
        ]
    for c in report.cross:
        lines += [
            f"\nIn both files ({c.kind}, similarity {c.score:.2f}): keep in {FILENAMES[c.keep_target]}, "
            f"remove from {FILENAMES[c.drop_target]}",
            f"  MEMORY.md: {one_line(c.memory_entry)}",
            f"  USER.md:   {one_line(c.user_entry)}",
        ]
    for pair in report.contradictions:
        lines += [
            f"\nContradiction (keep one, or edit; never merged): {FILENAMES[pair.first_target]} says "
            f"{', '.join(pair.first_only) or 'one value'}, {FILENAMES[pair.second_target]} says "
            f"{', '.join(pair.second_only) or 'another'}",
            f"  this: {one_line(pair.first)}",
            f"  that: {one_line(pair.second)}",
        ]
    for h in report.placement:
        lines.append(
            f"\nReads like {FILENAMES[h.suggested]} ({', '.join(h.reasons)}), now in {FILENAMES[h.target]}:"
            f"\n  {one_line(h.entry)}"
        )
    if "memory" in targets:
        lines.append(f"\nPaths: {report.paths.summary()}")
    for fact in report.stale:
        lines.append(
            f"\nNot found on this machine (a hint; looked up {', '.join(fact.checked)}):\n  {one_line(fact.entry)}"
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
            lines.append(f"    why: {one_line(cand.why, 200)}")
    return lines
