"""``pending``: the agent's staged writes on the command line (docs/pending.md): list them with
their marks and each operation's verdict, approve (whole, some operations of a batch, or every one
that applies), reject.

Registered in :mod:`._registry` like the other command modules; the engine and curation modules
are imported inside the handler, so registering it costs ``show`` nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from hermes_dash import MemoryStore
from hermes_dash.engine.invocation import printed_command
from hermes_dash.engine.rules.format import FILENAMES
from hermes_dash.engine.views.humanize import ago, iso_seconds, n_of

from ._output import one_line
from ._registry import EXIT_OK, EXIT_REFUSED, EXIT_USAGE, Args, Outcome, checked, command

if TYPE_CHECKING:
    from hermes_dash import Operation
    from hermes_dash.curation.pending import Decision, PartsPreview, Triaged


DIFFS_CUT = (
    "Entry diffs are coarse once this listing's work budget for them is spent: a changed entry may show as "
    "one removed and one added (approving applies the write as staged all the same)."
)
WORDS_CUT = "Word diffs past this listing's work budget show each changed middle whole (one piece goes, one comes)."


def _numbers(value: str) -> list[int]:
    try:
        return [int(n) for n in value.replace(" ", "").split(",") if n]
    except ValueError:
        raise ValueError(f"{value!r} is not a list of operation numbers such as 1,3") from None


def _aim(value: str) -> tuple[int, str]:
    number, sep, text = value.partition("=")
    if not sep or not number.strip().isdigit() or not text.strip():
        raise ValueError(f"{value!r}: write N=TEXT, TEXT a piece of the entry operation N should hit")
    return int(number), text


def _usage(error: str, text: str) -> Outcome:
    """A usage error of ``pending``: exit 2, ``error`` in the JSON, ``text`` (how to write it) for people."""
    return Outcome({"success": False, "code": "usage", "error": error}, text, EXIT_USAGE)


# -- patch --------------------------------------------------------------------------------------


@command("patch", "change one span inside one entry: OLD_TEXT must occur exactly once in it (0.22's patch)")
@click.argument("target", type=click.Choice(("memory", "user")))
@click.argument("old_text", metavar="OLD_TEXT")
@click.argument("content", required=False, metavar="[NEW_TEXT]")
@click.option("--stdin", is_flag=True, help="read NEW_TEXT from standard input")
@click.option(
    "--expect-entry",
    metavar="TEXT",
    help="act only if the entry holding OLD_TEXT is exactly TEXT (the entry as you last saw it)",
)
def _patch(store: MemoryStore, args: Args) -> Outcome:
    """One span inside one entry, as 0.22's memory tool patches (docs/pending.md): written as the
    pinned replace of that entry it amounts to, through the store."""
    from hermes_dash.curation import pending

    from ._memory import given_content, op_outcome

    entries = store.read(args.target).entries
    op = pending.span_patch(entries, args.old_text, given_content(args), args.expect_entry)
    result = store.replace(args.target, op.old_text, op.content, expect_entry=op.expect_entry)
    out = op_outcome(store, result)
    if result.changed:
        said = "Entry patched (one span inside it; the rest kept as it was)."
        out.text = out.text.replace(str(out.data["message"]), said, 1)
        out.data["message"] = said
    return out


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


class _Words:
    """The word diffs of one listing: each once, all within one budget of work
    (``LISTING_WORD_STEPS``); past it the rest are coarse, said once after the list."""

    def __init__(self) -> None:
        from hermes_dash.engine.views.diff import LISTING_WORD_STEPS
        from hermes_dash.engine.views.diffwork import Work

        self.budget, self.done = Work(LISTING_WORD_STEPS), dict[tuple[str, str], str]()

    def __call__(self, before: str, after: str) -> str:
        from hermes_dash.curation import pending

        if (before, after) not in self.done:
            self.done[before, after] = pending.word_diff(before, after, self.budget)
        return self.done[before, after]


def _staged_dict(item: Triaged, words: _Words) -> dict[str, object]:
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
                "disposition": staged.disposition or None,
                "created_at": iso_seconds(staged.created),
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
                        {"patched_entry_before": b, "patched_entry_after": a, "word_diff": words(b, a)}
                        for b, a in shown.patches
                    ],
                    "diff": [
                        {"kind": i.kind, "old": i.old, "new": i.new} for i in shown.diff.items if i.kind != "unchanged"
                    ],
                    "diff_coarse": shown.diff.coarse,
                },
            }
        )
    return out


def _staged_lines(item: Triaged, words: _Words) -> list[str]:
    """One staged write as text: what it is, its marks, what approving would do."""
    staged, shown = item.staged, item.preview
    if not staged.ok:
        return [f"{staged.id}  MALFORMED: {staged.problem}"]
    lines = [
        f"{staged.id}  {staged.action:<7} {FILENAMES[staged.target]:<9} {staged.origin or '?':<17} "
        f"{ago(staged.age())}  {one_line(str(staged.summary), 80)}"
    ]
    if staged.disposition:
        lines.append(f"    the agent marked it: {staged.disposition}")
    lines += [f"    marked: {why}" for why in item.reasons]
    for pin in shown.broken_pins:
        now = one_line(pin.now, 90) if pin.now is not None else "(no entry in its place: it is gone)"
        lines.append(
            f"    pinned entry changed (operation {pin.position}):\n      then: "
            f"{one_line(pin.then, 90)}\n      now:  {now}"
        )
    after = f"after approval: {shown.usage}/{shown.limit} chars ({shown.percent}%)"
    lines.append(f"    {'would be refused: ' + shown.refusal.message if shown.refusal else after}")
    lines += [f"    patch: {one_line(words(b, a), 200)}" for b, a in shown.patches]
    for change in shown.diff.items:
        if change.kind != "unchanged":
            sign = {"added": "+", "removed": "-", "changed": "~"}[change.kind]
            lines.append(f"    {sign} {one_line(change.new or change.old or '', 90)}")
    return lines


@command(
    "pending", "the agent's staged writes: list [ID], approve ID... | ID --only/--drop | --all, reject ID... | --marked"
)
@click.argument("action", required=False, type=click.Choice(("list", "approve", "reject")), default="list")
@click.argument("ids", nargs=-1, metavar="[ID]...")
@click.option(
    "--content",
    "--new-text",
    "content",
    help="approve with this text instead of the staged one (one id; add/replace: the entry, patch: the new text)",
)
@click.option(
    "--old-text",
    help="approve aimed at the entry this text identifies instead (one id; "
    "replace/remove; patch: the text to replace inside the entry)",
)
@click.option(
    "--aim-now",
    is_flag=True,
    help="approve one whose pinned entry changed, aimed at the entry in its place now (previewed "
    "first, then pinned to that entry)",
)
@click.option(
    "--only",
    callback=checked(_numbers),
    metavar="N,N",
    help="approve only these operations of one staged batch (as `pending list ID` numbers them); "
    "the others stay staged as a smaller record of the same id",
)
@click.option(
    "--drop",
    callback=checked(_numbers),
    metavar="N,N",
    help="delete these operations of one staged batch (without --only: approve all the others)",
)
@click.option(
    "--aim",
    callback=checked(_aim),
    multiple=True,
    metavar="N=TEXT",
    help="aim operation N at the entry TEXT identifies now (pinned to it), as --aim-now does for one write",
)
@click.option(
    "--remove",
    multiple=True,
    metavar="TEXT",
    help="remove the entry TEXT identifies in the same write, to fit an over-budget batch (one you pick)",
)
@click.option(
    "--all",
    is_flag=True,
    help="with approve: every staged write that applies, oldest first, each its own write; "
    "each one that does not is named with its reason",
)
@click.option(
    "--marked",
    is_flag=True,
    help="with reject: every staged write `pending list` marks (stale, a repeat, or already said)",
)
@click.option(
    "--sort",
    type=click.Choice(("oldest", "newest", "kind")),
    default="oldest",
    help="order of `pending list` (default oldest first; kind: add, patch, replace, remove, batch)",
)
def _pending_cmd(store: MemoryStore, args: Args) -> Outcome:
    from hermes_dash.curation import pending

    parts = args.only is not None or args.drop is not None or args.aim or args.remove
    if args.action == "approve" and (args.all or parts):
        return _approve_parts_cmd(store, args)
    if args.action in ("approve", "reject"):
        if args.marked:
            return _reject_marked(store, args)
        if not args.ids:
            return _usage(
                f"Give one or more ids to {args.action}.",
                f"Usage: {printed_command('pending', args.action, 'ID...')} (ids as "
                f"`{printed_command('pending', 'list')}` shows them), or "
                f"`{printed_command('pending', 'reject', '--marked')}`.",
            )
        if args.content is not None or args.old_text is not None or args.aim_now:
            return _approve_edited(store, args)
        decide = pending.approve if args.action == "approve" else pending.reject
        return _decided(decide(store, args.ids))
    if len(args.ids) == 1 and not args.marked:
        return _parts_listed(store, args.ids[0])
    if args.ids or args.marked:
        return _usage(
            "`pending list` takes at most one id.",
            "Usage: `pending list [ID]` (one id: its operations one by one; did you mean approve or reject?).",
        )
    return _listed(store, args.sort)


def _listed(store: MemoryStore, order: str) -> Outcome:
    """``pending list``: every staged write read, triaged, with its preview; the entry diffs and
    the word diffs each within one budget of work for the listing, said once past it."""
    from hermes_dash.curation import pending
    from hermes_dash.engine.views.diff import LISTING_DIFF_STEPS
    from hermes_dash.engine.views.diffwork import Work

    diffs = Work(LISTING_DIFF_STEPS)  # one budget of work for the entry diffs of the listing
    items = pending.sort_items(pending.triage(store, budget=diffs), order)
    words = _Words()
    staged = [_staged_dict(t, words) for t in items]
    lines = [line for t in items for line in _staged_lines(t, words)]
    if diffs.short:
        lines.append(f"\n{DIFFS_CUT}")
    if words.budget.short:
        lines.append(f"\n{WORDS_CUT} `pending list ID` shows one staged write's with a budget of its own.")
    count = len(pending.marked(items))
    if count:
        lines.append(
            f"\n{n_of(count, 'staged write')} marked (can no longer apply, repeats another, or the file "
            f"already says it): `{printed_command('pending', 'reject', '--marked')}` rejects them."
        )
    left = pending.not_read(store)
    if left.count:  # the rest of a very long queue: read once these are approved or rejected
        lines.append(f"\n{left}: approve or reject these first.")
    text = "\n".join(lines) if lines else f"No staged writes in {store.home.pending_dir}."
    return Outcome(
        {
            "success": True,
            "folder": str(store.home.pending_dir),
            "sort": order,
            "marked": [t.staged.id for t in pending.marked(items)],
            "pending": staged,
            "not_read": {"count": left.count, "bytes": left.size},
            "word_diffs_coarse": words.budget.short,
            "entry_diffs_coarse": diffs.short,
        },
        text,
    )


def _reject_marked(store: MemoryStore, args: Args) -> Outcome:
    """``pending reject --marked``: reject every staged write the triage marks, naming each and why."""
    from hermes_dash.curation import pending

    if args.action != "reject" or args.ids or args.content is not None or args.old_text is not None or args.aim_now:
        return _usage(
            "--marked goes with `pending reject` alone.",
            f"Usage: {printed_command('pending', 'reject', '--marked')} (no ids, no edit).",
        )
    chosen = pending.marked(pending.triage(store))
    if not chosen:
        return Outcome({"success": True, "decisions": []}, "No staged write is marked; nothing was rejected.")
    decisions = pending.reject(store, [t.staged.id for t in chosen])
    why = {t.staged.id: "; ".join(t.reasons) for t in chosen}
    outcome = _decided(decisions)
    text = "\n".join(f"{d.message} ({why[d.id]})" if d.ok else d.message for d in decisions)
    return Outcome(outcome.data, text, outcome.code)


def _approve_edited(store: MemoryStore, args: Args) -> Outcome:
    """``pending approve ID --content TEXT [--old-text TEXT]``: approve one staged write with
    other text (a patch's new text is ``--new-text``, the same option), previewed under the same
    rules first (nothing is written if it would be refused)."""
    from hermes_dash.curation import pending

    if args.action != "approve" or len(args.ids) != 1:
        return _usage(
            "--content, --old-text and --aim-now edit one approval.",
            f"Usage: {printed_command('pending', 'approve', 'ID')} [--content TEXT] [--old-text TEXT] [--aim-now] "
            "(one id).",
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


def _entry_for(entries: tuple[str, ...], text: str, what: str) -> str:
    """The one entry ``text`` names (the entry itself, else the one entry containing it)."""
    from hermes_dash import InvalidRequest

    exact = [e for e in entries if e == text.strip()]
    hits = exact or list(dict.fromkeys(e for e in entries if text.strip() in e))
    if len(hits) != 1:
        raise InvalidRequest(
            f"{what}: {one_line(text, 60)!r} is in {'no' if not hits else len(hits)} entries of the file now.",
            hint="Give a piece of text that is in exactly one entry.",
        )
    return hits[0]


def _part_dicts(shown: PartsPreview, words: _Words) -> list[dict[str, object]]:
    return [
        {
            "operation": p.position,
            "action": p.staged.action or None,
            "verdict": p.verdict,
            "reason": p.reason,
            "entry_before": p.before,
            "entry_after": p.after,
            "word_diff": words(p.before or "", p.after or ""),
            "usage_after": p.usage_after,
            "kept": p.position in shown.keep,
        }
        for p in shown.parts
    ]


def _parts_listed(store: MemoryStore, sid: str) -> Outcome:
    """``pending list ID``: each operation of one staged write with its verdict and word diff."""
    from hermes_dash.curation import pending

    staged = pending.well_formed(store, sid)
    shown, words = pending.preview_parts(store, staged), _Words()
    lines = [f"{sid}  {staged.action or '(no action)'} on {staged.filename}: {n_of(len(staged.ops), 'operation')}"]
    if staged.disposition:
        lines.append(f"  the agent marked it: {staged.disposition}")
    for p in shown.parts:
        lines.append(
            f"  {p.position}. {p.staged.action or '(no action)'}: {p.label}"
            + (f" ({p.reason})" if p.reason and p.verdict not in ("applies",) else "")
        )
        if p.keepable and (p.before or p.after):
            lines.append(f"     {one_line(words(p.before or '', p.after or ''), 200)}")
    after = f"{shown.usage:,}/{shown.limit:,} characters"
    if shown.refusal is not None:
        lines.append(f"Approving {_positions(shown.keep)} together would be refused: {shown.refusal.message}")
        if shown.over_by:
            lines.append(f"  over by {shown.over_by:,}: add --remove TEXT for entries to free room, or --drop N")
    elif shown.keep:
        lines.append(
            f"Approving {_positions(shown.keep)} (--only {','.join(map(str, shown.keep))}) leaves "
            f"{staged.filename} at {after}."
        )
    data = {
        "success": True,
        "id": sid,
        "action": staged.action or None,
        "disposition": staged.disposition or None,
        "operations": _part_dicts(shown, words),
        "keep": list(shown.keep),
        "usage_after": shown.usage,
        "limit": shown.limit,
        "over_by": shown.over_by,
        "would_refuse": shown.refusal.to_dict() if shown.refusal else None,
        "word_diffs_coarse": words.budget.short,
    }
    if words.budget.short:
        lines.append(WORDS_CUT)
    return Outcome(data, "\n".join(lines))


def _positions(ns: tuple[int, ...] | list[int]) -> str:
    return ", ".join(map(str, ns)) or "none"


def _approve_parts_cmd(store: MemoryStore, args: Args) -> Outcome:
    """``pending approve ID --only 1,3 | --drop 2 [--aim N=TEXT] [--remove TEXT]`` and
    ``pending approve --all``."""
    from hermes_dash.curation import pending

    if args.all:
        if args.ids or args.only is not None or args.drop is not None or args.aim or args.remove or args.marked:
            return _usage(
                "--all takes no ids and no other option.",
                f"Usage: {printed_command('pending', 'approve', '--all')}",
            )
        decisions = pending.approve_all(store)
        if not decisions:
            return Outcome({"success": True, "decisions": []}, f"No staged writes in {store.home.pending_dir}.")
        done = sum(d.ok for d in decisions)
        outcome = _decided(decisions)
        head = f"Approved {done} of {len(decisions)}" + (
            f"; {len(decisions) - done} not, each with its reason:" if done < len(decisions) else "."
        )
        return Outcome(outcome.data, head + "\n" + outcome.text, outcome.code)
    if len(args.ids) != 1 or args.content is not None or args.old_text is not None or args.aim_now or args.marked:
        return _usage(
            "--only, --drop, --aim and --remove go with one id.",
            f"Usage: {printed_command('pending', 'approve', 'ID')} [--only 1,3] [--drop 2] [--aim N=TEXT] "
            "[--remove TEXT]",
        )
    sid = args.ids[0]
    staged = pending.well_formed(store, sid)
    entries = store.read(staged.target).entries
    aims = {n: _entry_for(entries, text, f"--aim {n}") for n, text in args.aim}
    removals = [_entry_for(entries, text, "--remove") for text in args.remove]
    decision = pending.approve_parts(store, sid, args.only, args.drop or (), aims, removals)
    return _decided([decision])


def _decided(decisions: list[Decision]) -> Outcome:
    ok = all(d.ok for d in decisions)
    text = "\n".join(
        d.message + (f"\n  What to do: {d.refusal.hint}" if d.refusal and d.refusal.hint else "") for d in decisions
    )
    return Outcome(
        {"success": ok, "decisions": [d.to_dict() for d in decisions]}, text, EXIT_OK if ok else EXIT_REFUSED
    )
