"""Curation commands for the command line: suggest, history, pending, normalize, export.

Registered in :mod:`._registry` (``@command`` + ``@extends_parser``); each handler calls
one engine module and returns an :class:`~hermes_dash.cli.Outcome`. Exit status as for the
other commands: 0 done, 1 refused (nothing changed), 2 usage error.
"""

from __future__ import annotations

import argparse

# Engine modules are imported inside each handler: registering these commands must not make
# every other command (`show` above all) pay for difflib, regex tables and filelock.
from hermes_dash import FILENAMES, TARGETS, MemoryStore, ago, n_entries, n_of, printed_command, shorten

from ._registry import EXIT_OK, EXIT_REFUSED, EXIT_USAGE, Outcome, command, extends_parser

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a command's start-up; mypy reads it the same)
if TYPE_CHECKING:
    from datetime import datetime

    from hermes_dash import Operation
    from hermes_dash.curation.cleanup import Plan, Report
    from hermes_dash.curation.pending import Decision, Triaged


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat(timespec="seconds") if moment else None


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
    from datetime import datetime, timezone  # here, not at the top: `show` has no use for it

    now = datetime.now(timezone.utc)

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
                "created": _iso(v.created),
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
                "first_seen_at": _iso(line.versions[life.first_seen].created),
                "last_changed": label(life.last_changed),
                "last_changed_at": _iso(line.versions[life.last_changed].created),
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
            f"  [{v.index}] {v.name:<36} {_iso(v.created) or '-':<25} {n_entries(len(v.entries)):>11} "
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


# -- pending ------------------------------------------------------------------------------------


def _part_dict(part: Operation) -> dict[str, object]:
    """One staged operation as the agent wrote it (a patch's new text as ``new_text``)."""
    action, content, old_text, pin = part.action, part.content, part.old_text, part.expect_entry
    out: dict[str, object] = {"action": action}
    if action == "patch":
        out.update(old_text=old_text, new_text=content)
    else:
        if action in ("add", "replace"):
            out["content"] = content
        if action in ("replace", "remove"):
            out["old_text"] = old_text
    out["matched_entry"] = pin
    return out


def _staged_dict(item: Triaged) -> dict[str, object]:
    from hermes_dash.curation import pending

    staged, shown = item.staged, item.preview
    out: dict[str, object] = {
        "id": staged.id,
        "file": staged.path.name,
        "malformed": not staged.ok,
        "problem": staged.problem,
    }
    if staged.ok:
        out.update(
            {
                "action": staged.action,
                "target": staged.target,
                "summary": staged.summary,
                "origin": staged.origin,
                "created_at": _iso(staged.created),
                "age_seconds": staged.age(),
                "payload": dict(staged.payload or {}),
                "matched_entry": staged.matched_entry,
                "operations": [_part_dict(p) for p in staged.parts()],
                "marks": list(item.marks),
                "reasons": list(item.reasons),
                "repeats": item.repeats,
                "pins": [{"operation": p.position, "then": p.then, "now": p.now, "kept": p.kept} for p in shown.pins],
                "preview": {
                    "usage": f"{shown.usage}/{shown.limit}",
                    "percent": shown.percent,
                    "would_refuse": shown.refusal.to_dict() if shown.refusal else None,
                    "changes_nothing": shown.changes_nothing,
                    "patched": [
                        {"patched_entry_before": b, "patched_entry_after": a, "word_diff": pending.word_diff(b, a)}
                        for b, a in shown.patches
                    ],
                    "diff": [
                        {"kind": i.kind, "old": i.old, "new": i.new} for i in shown.diff.items if i.kind != "unchanged"
                    ],
                },
            }
        )
    return out


def _staged_lines(s: dict[str, object]) -> list[str]:
    """One staged write as text: what it is, its marks, what approving would do."""
    if s["malformed"]:
        return [f"{s['id']}  MALFORMED: {s['problem']}"]
    lines = [
        f"{s['id']}  {s['action']:<7} {FILENAMES[str(s['target'])]:<9} {s['origin'] or '?':<17} "
        f"{ago(s['age_seconds'])}  {_one_line(str(s['summary']), 80)}"  # type: ignore[arg-type]  # float or None
    ]
    for why in s["reasons"]:  # type: ignore[attr-defined]  # JSON-shaped dict: a list of text
        lines.append(f"    marked: {why}")
    for pin in s["pins"]:  # type: ignore[attr-defined]  # as above
        if not pin["kept"]:
            now = _one_line(pin["now"], 90) if pin["now"] is not None else "(no entry in its place: it is gone)"
            lines.append(
                f"    pinned entry changed (operation {pin['operation']}):\n      then: "
                f"{_one_line(pin['then'], 90)}\n      now:  {now}"
            )
    preview = s["preview"]
    refuse = preview["would_refuse"]  # type: ignore[index]  # JSON-shaped dict: a well-formed staged write has a preview dict
    after = f"after approval: {preview['usage']} chars ({preview['percent']}%)"  # type: ignore[index]  # as above
    lines.append(f"    {'would be refused: ' + refuse['error'] if refuse else after}")
    for patched in preview["patched"]:  # type: ignore[index]  # as above
        lines.append(f"    patch: {_one_line(patched['word_diff'], 200)}")
    for item in preview["diff"]:  # type: ignore[index]  # as above
        sign = {"added": "+", "removed": "-", "changed": "~"}[item["kind"]]
        lines.append(f"    {sign} {_one_line(item['new'] or item['old'], 90)}")
    return lines


@command("pending")
def _pending_cmd(store: MemoryStore, args: argparse.Namespace) -> Outcome:
    from hermes_dash.curation import pending

    if args.action in ("approve", "reject"):
        if args.marked:
            return _reject_marked(store, args)
        if not args.ids:
            return Outcome(
                {"success": False, "code": "usage", "error": f"Give one or more ids to {args.action}."},
                f"Usage: {printed_command('pending', args.action, 'ID...')} (ids as "
                f"`{printed_command('pending', 'list')}` shows them), or "
                f"`{printed_command('pending', 'reject', '--marked')}`.",
                EXIT_USAGE,
            )
        if args.content is not None or args.old_text is not None or args.aim_now:
            return _approve_edited(store, args)
        decide = pending.approve if args.action == "approve" else pending.reject
        return _decided(decide(store, args.ids))
    if args.ids or args.marked:
        return Outcome(
            {"success": False, "code": "usage", "error": "`pending list` takes no ids."},
            "Usage: `pending list` takes no ids (did you mean approve or reject?).",
            EXIT_USAGE,
        )
    items = pending.sort_items(pending.triage(store), args.sort)
    staged = [_staged_dict(t) for t in items]
    lines = [line for s in staged for line in _staged_lines(s)]
    count = len(pending.marked(items))
    if count:
        lines.append(
            f"\n{n_of(count, 'staged write')} marked (can no longer apply, repeats another, or the file "
            f"already says it): `{printed_command('pending', 'reject', '--marked')}` rejects them."
        )
    text = "\n".join(lines) if lines else f"No staged writes in {store.home.pending_dir}."
    return Outcome(
        {
            "success": True,
            "folder": str(store.home.pending_dir),
            "sort": args.sort,
            "marked": [t.staged.id for t in pending.marked(items)],
            "pending": staged,
        },
        text,
    )


def _reject_marked(store: MemoryStore, args: argparse.Namespace) -> Outcome:
    """``pending reject --marked``: reject every staged write the triage marks, naming each and why."""
    from hermes_dash.curation import pending

    if args.action != "reject" or args.ids or args.content is not None or args.old_text is not None or args.aim_now:
        return Outcome(
            {"success": False, "code": "usage", "error": "--marked goes with `pending reject` alone."},
            f"Usage: {printed_command('pending', 'reject', '--marked')} (no ids, no edit).",
            EXIT_USAGE,
        )
    chosen = pending.marked(pending.triage(store))
    if not chosen:
        return Outcome({"success": True, "decisions": []}, "No staged write is marked; nothing was rejected.")
    decisions = pending.reject(store, [t.staged.id for t in chosen])
    why = {t.staged.id: "; ".join(t.reasons) for t in chosen}
    outcome = _decided(decisions)
    text = "\n".join(f"{d.message} ({why[d.id]})" if d.ok else d.message for d in decisions)
    return Outcome(outcome.data, text, outcome.code)


def _approve_edited(store: MemoryStore, args: argparse.Namespace) -> Outcome:
    """``pending approve ID --content TEXT [--old-text TEXT]``: approve one staged write with
    other text (a patch's new text is ``--new-text``, the same option), previewed under the same
    rules first (nothing is written if it would be refused)."""
    from hermes_dash.curation import pending

    if args.action != "approve" or len(args.ids) != 1:
        return Outcome(
            {"success": False, "code": "usage", "error": "--content, --old-text and --aim-now edit one approval."},
            f"Usage: {printed_command('pending', 'approve', 'ID')} [--content TEXT] [--old-text TEXT] [--aim-now] "
            "(one id).",
            EXIT_USAGE,
        )
    sid = args.ids[0]
    shown = pending.preview_edit(store, sid, args.content, args.old_text, aim_now=args.aim_now)
    if shown.refusal is not None:
        decisions = [
            pending.Decision(sid, False, f"Not approved ({sid}): {shown.refusal.message}", refusal=shown.refusal)
        ]
    else:
        assert shown.operation is not None  # a preview without a refusal carries the edit to apply
        decisions = pending.approve(store, [sid], edited={sid: shown.operation})
    return _decided(decisions)


def _decided(decisions: list[Decision]) -> Outcome:
    ok = all(d.ok for d in decisions)
    text = "\n".join(
        d.message + (f"\n  What to do: {d.refusal.hint}" if d.refusal and d.refusal.hint else "") for d in decisions
    )
    return Outcome(
        {"success": ok, "decisions": [d.to_dict() for d in decisions]}, text, EXIT_OK if ok else EXIT_REFUSED
    )


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
                "git": None
                if git is None
                else {
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
            ""
            if git is None
            else (
                f", in git repo {git.repo}"
                + (", tracked" if git.tracked else ", untracked")
                + (", uncommitted changes" if git.dirty else "")
            )
            if git.repo
            else (f", git: {git.problem}" if git.problem else ", not in a git repository")
        )
        lines.append(f"{f.filename}: {where}{repo}")
    lines += [f"! {w}" for w in report.warnings]
    return Outcome(
        {"success": True, "git_available": report.git_available, "files": files, "warnings": list(report.warnings)},
        "\n".join(lines),
    )


# -- parsers ------------------------------------------------------------------------------------

# normalize.MODES, spelled out so building the parser imports nothing (a test keeps them equal).
NORMALIZE_MODES = ("section", "bullet")


def _json_flag(parser: argparse.ArgumentParser) -> None:
    """Kept for commands added elsewhere; every command's parser already takes ``--json``."""
    parser.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print one JSON object")


def _threshold(value: str) -> int:
    try:
        number = int(value.rstrip("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if not 1 <= number <= 100:
        raise argparse.ArgumentTypeError("use a percentage from 1 to 100")
    return number


@extends_parser
def _parsers(sub: argparse._SubParsersAction) -> None:
    target = {"choices": TARGETS}  # shown as {memory,user}
    p = sub.add_parser("suggest", help="clean-up suggestions: overlaps, misplaced and stale entries, a plan")
    p.add_argument("target", nargs="?", **target)
    p.add_argument(
        "--threshold", type=_threshold, default=None, help="plan to get each file under this percentage (default 80)"
    )
    p = sub.add_parser("history", help="versions of a file from its backups, and each entry's life")
    p.add_argument("target", **target)
    p = sub.add_parser("pending", help="the agent's staged writes: list, approve ID..., reject ID... | --marked")
    p.add_argument("action", nargs="?", choices=("list", "approve", "reject"), default="list")
    p.add_argument("ids", nargs="*", metavar="ID")
    p.add_argument(
        "--content",
        "--new-text",
        dest="content",
        help="approve with this text instead of the staged one (one id; add/replace: the entry, patch: the new text)",
    )
    p.add_argument(
        "--old-text",
        help="approve aimed at the entry this text identifies instead (one id; "
        "replace/remove; patch: the text to replace inside the entry)",
    )
    p.add_argument(
        "--aim-now",
        action="store_true",
        help="approve one whose pinned entry changed, aimed at the entry in its place now (previewed "
        "first, then pinned to that entry)",
    )
    p.add_argument(
        "--marked",
        action="store_true",
        help="with reject: every staged write `pending list` marks (stale, a repeat, or already said)",
    )
    p.add_argument(
        "--sort",
        choices=("oldest", "newest", "kind"),
        default="oldest",
        help="order of `pending list` (default oldest first; kind: add, patch, replace, remove, batch)",
    )
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


# -- snapshot -----------------------------------------------------------------------------------


@command("snapshot")
def _snapshot_cmd(store: MemoryStore, args: argparse.Namespace) -> Outcome:
    from hermes_dash import choose_snapshot, diff_live, freeze_snapshot, load_frozen_snapshot

    if args.freeze:
        freeze_snapshot(store)
    if args.freeze and args.session is None:
        snap, session_id = load_frozen_snapshot(store), None
        assert snap is not None  # just written
    else:
        snap, session_id = choose_snapshot(store, args.session)
    taken = _iso(snap.taken_at)
    lines = [
        f"Snapshot: {snap.source}"
        + (f", taken {taken}" if taken else "")
        + (" (frozen just now)" if args.freeze and session_id is None else "")
    ]
    if snap.note:
        lines.append(f"Warning: {snap.note}")
    files: dict[str, object] = {}
    marks = {"added": "+", "removed": "-", "changed": "~"}
    for target in TARGETS:
        diff = diff_live(store, snap, target)
        counts = diff.counts
        files[target] = {
            "file": FILENAMES[target],
            "counts": counts,
            "identical": diff.identical,
            "truncated": snap.truncated.get(target, False),
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
        lines.append(f"{FILENAMES[target]}: {summary}")
        if snap.truncated.get(target):
            lines.append("  (the snapshot's block was cut by the agent: over budget, its middle is missing)")
        for item in diff.items:
            if item.kind == "changed":
                lines.append(f"  ~ {_one_line(item.old or '')}\n    -> {_one_line(item.new or '')}")
            elif item.kind in marks:
                shown = (item.new if item.kind == "added" else item.old) or ""
                lines.append(f"  {marks[item.kind]} {_one_line(shown)}")
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


@extends_parser
def _snapshot_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("snapshot", help="what the running session sees vs the live files, entry by entry")
    p.add_argument(
        "--freeze",
        action="store_true",
        help="first record what a session starting now would load (memories/.hermes-dash-snapshot.json)",
    )
    p.add_argument("--session", metavar="ID", help="compare with this session in state.db (default: the newest)")
    _json_flag(p)
