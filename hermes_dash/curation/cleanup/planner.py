"""A plan that gets a file under its threshold and never removes a live fact on its own.

In order, stopping as soon as the goal is met (docs/cleanup.md#plan):

1. what loses nothing: merges of entries stating one fact, one copy of what the other file
   already says, entries that belong in the other file moved there (unless it already says it);
2. shorter wording that keeps every distinctive token (shown as a diff, editable);
3. if still needed, removal candidates ranked by evidence (superseded, said twice, contradicted,
   not found where the agent runs, then the rest in the file's order, the newer side of a
   contradiction last), each with what it frees; none is picked.
"""

from __future__ import annotations

from collections.abc import Sequence

from hermes_dash import InvalidRequest
from hermes_dash.engine.rules.format import DELIMITER, FILENAMES, percent, usage
from hermes_dash.engine.rules.targets import Target

from .dates import past_date
from .model import Candidate, Contradiction, CrossOverlap, Merge, PlacementHint, Plan, PlanStep, StaleHint, Tally, other
from .text import shorten

DEFAULT_THRESHOLD = 80
SHORTEN_MIN = 3  # a shorter wording is proposed only when it saves at least this many characters


class _Steps:
    """The plan's steps as they are chosen: each is tried on the tallies of both files, and kept
    only when the batch would take it, the other file has room, and no step before it touched the
    same entries. None is tried once the goal is met."""

    def __init__(
        self, entries: Sequence[str], limit: int, goal: int, other_entries: Sequence[str], other_limit: int | None
    ) -> None:
        self.tally, self.there = Tally(entries), Tally(other_entries)
        self.limit, self.goal, self.other_limit = limit, goal, other_limit
        self.used: set[str] = set()
        self.used_there: set[str] = set()
        self.steps: list[PlanStep] = []

    @property
    def short_of_goal(self) -> bool:
        return self.tally.usage > self.goal

    def add(
        self,
        kind: str,
        reason: str,
        ops: list[dict[str, str]],
        touched: tuple[str, ...],
        result: str | None = None,
        other_ops: list[dict[str, str]] | None = None,
        touched_there: tuple[str, ...] = (),
    ) -> None:
        if not self.short_of_goal or self.used.intersection(touched) or self.used_there.intersection(touched_there):
            return
        if other_ops and self.other_limit is None:
            return  # the other file cannot take a change (unreadable, hand-written): no two-file step
        done = self.tally.apply(ops)
        if done is None:
            return  # never propose a step the batch would refuse
        if other_ops and self.there.apply(other_ops, self.other_limit) is None:
            self.tally.revert(done)  # no room there (or its entry is gone): no step
            return
        self.used.update(touched)
        self.used_there.update(touched_there)
        usage_now = self.tally.usage
        self.steps.append(
            PlanStep(
                kind,
                reason,
                tuple(ops),
                usage_now,
                percent(usage_now, self.limit),
                touched,
                result,
                tuple(other_ops or ()),
            )
        )


def _lossless(
    steps: _Steps,
    target: str,
    merges: Sequence[Merge],
    moves: Sequence[PlacementHint],
    cross: Sequence[CrossOverlap],
    contradictions: Sequence[Contradiction],
) -> None:
    """Step 1: merges, one copy of what the other file already says, entries moved where they belong."""
    other_file = FILENAMES[other(target)]
    for merge in sorted(merges, key=lambda m: -m.freed):
        if merge.freed > 0:
            steps.add(
                "merge",
                f"the two entries state one fact ({merge.kind}); the merged text keeps every number, "
                f"path and name of both (frees {merge.freed:,} chars)",
                merge.operations(),
                (merge.keep, merge.drop),
                merge.merged,
            )
    said_there = {c.entry(target) for c in cross}
    said_there |= {
        c.first if c.first_target == target else c.second for c in contradictions if c.first_target != c.second_target
    }
    for overlap in sorted((c for c in cross if c.drop_target == target), key=lambda c: -c.freed):
        here, kept = overlap.entry(target), overlap.entry(overlap.keep_target)
        other_ops = (
            []
            if overlap.merged == kept
            else [{"action": "replace", "old_text": kept, "expect_entry": kept, "content": overlap.merged}]
        )
        steps.add(
            "merge",
            f"{other_file} already says this ({overlap.kind}); one copy is kept there "
            f"(frees {len(here) + len(DELIMITER):,} chars here)",
            [{"action": "remove", "old_text": here, "expect_entry": here}],
            (here,),
            overlap.merged,
            other_ops,
            (kept,),
        )
    for hint in moves:
        if hint.target == target and hint.entry not in said_there:
            steps.add(
                "move",
                f"reads like {FILENAMES[hint.suggested]} ({', '.join(hint.reasons)}): moved there, "
                f"not lost (frees {len(hint.entry) + len(DELIMITER):,} chars here)",
                [{"action": "remove", "old_text": hint.entry, "expect_entry": hint.entry}],
                (hint.entry,),
                None,
                [{"action": "add", "content": hint.entry}],
            )


def _shorter(steps: _Steps, entries: Sequence[str]) -> None:
    """Step 2: shorter wording that keeps every distinctive token."""
    for entry in entries:
        if not steps.short_of_goal:
            return
        if entry in steps.used:
            continue
        short = shorten(entry)
        if short and len(entry) - len(short) >= SHORTEN_MIN:
            steps.add(
                "shorten",
                f"the same facts in fewer words (saves {len(entry) - len(short):,} chars)",
                [{"action": "replace", "old_text": entry, "expect_entry": entry, "content": short}],
                (entry,),
                short,
            )


def plan(
    target: str,
    entries: Sequence[str],
    limit: int,
    threshold: int = DEFAULT_THRESHOLD,
    *,
    merges: Sequence[Merge] = (),
    stale: Sequence[StaleHint] = (),
    moves: Sequence[PlacementHint] = (),
    cross: Sequence[CrossOverlap] = (),
    other_entries: Sequence[str] = (),
    other_limit: int | None = None,
    contradictions: Sequence[Contradiction] = (),
) -> Plan:
    """Steps that lose nothing first, then shorter wording, then ranked candidates for the person.

    Steps that change the other file are proposed only when ``other_limit`` is given and the
    other file (``other_entries``) has room. A move is not proposed for an entry the other file
    already says (it is in ``cross``, or a contradiction there)."""
    if not 1 <= threshold <= 100:
        raise InvalidRequest(f"Threshold {threshold} is not a percentage.", hint="Use a number from 1 to 100.")
    target = Target.of(target).key
    goal = limit * threshold // 100
    steps = _Steps(entries, limit, goal, other_entries, other_limit)
    _lossless(steps, target, merges, moves, cross, contradictions)
    lossless = steps.tally.usage
    _shorter(steps, entries)
    ranked: tuple[Candidate, ...] = ()
    if steps.short_of_goal:
        ranked = rank(
            [e for e in dict.fromkeys(entries) if e not in steps.used], target, stale, contradictions, merges, cross
        )
    return Plan(
        target, threshold, limit, usage(tuple(entries)), goal, tuple(steps.steps), tuple(entries), ranked, lossless
    )


def rank(
    entries: Sequence[str],
    target: str,
    stale: Sequence[StaleHint],
    contradictions: Sequence[Contradiction],
    merges: Sequence[Merge],
    cross: Sequence[CrossOverlap] = (),
) -> tuple[Candidate, ...]:
    """Removal candidates by evidence (docs/cleanup.md#plan): superseded (the older side of a
    contradiction a change cue dates), said twice (the redundant side of a merge or of a fact
    both files hold), contradicted with nothing saying which is newer (both sides), not found
    where the agent runs, dated in the past (an end or a deadline that is over); then the entries
    with no evidence, in the file's order (length is no
    evidence); last the newer side of each contradiction, the value to keep."""
    why: dict[str, tuple[int, str, str]] = {}
    for c in contradictions:
        older = c.older
        for which in (0, 1):
            mine_target, mine = c.entry(which)
            theirs = c.entry(1 - which)[1]
            if mine_target != target:
                continue
            if older is None:
                why.setdefault(
                    mine,
                    (2, "contradicted", f"another entry gives another value; nothing says which is newer: {theirs}"),
                )
            elif (mine_target, mine) == older:
                why[mine] = (0, "superseded", f"a newer entry gives another value: {theirs}")
            else:
                why.setdefault(mine, (9, "newer value", f"the newer of two values (keep it; the older is: {theirs})"))
    for m in merges:  # merges the plan could not use (no room gained): still a duplicate
        why.setdefault(m.drop, (1, "duplicate", f"states the same fact as: {m.keep}"))
    for x in cross:
        if x.drop_target == target:
            why.setdefault(
                x.entry(target), (1, "duplicate", f"{FILENAMES[x.keep_target]} says the same: {x.entry(x.keep_target)}")
            )
    for s in stale:
        why.setdefault(s.entry, (3, "not found here", s.summary()))
    for entry in entries:  # an end or a deadline that is over ("until March 2025"): evidence too
        if entry not in why and (over := past_date(entry)) is not None:
            why[entry] = (4, "dated in the past", f"it says “{over.words}”, and that time is over")
    out = []
    for n, entry in enumerate(entries):
        order, evidence, text = why.get(
            entry, (8, "no evidence", "none of these checks found it outdated or said elsewhere")
        )
        out.append((order, n, Candidate(entry, evidence, text, len(entry) + len(DELIMITER))))
    out.sort(key=lambda t: (t[0], t[1]))
    return tuple(c for _o, _n, c in out)
