"""A staged write operation by operation: each previewed on its own against the file as the
earlier kept ones leave it (applies, stale, ambiguous, its pin changed, over the limit, no
action), and the kept ones together as the one pinned write approving them makes.

A stranded batch (upstream #109215, #110689) is all or nothing for the agent: one stale
operation takes its good ones down with it. Here each is judged on its own, so the person can
keep the good ones, drop or re-aim the others, and fit an over-budget result with removals they
pick (docs/pending.md, operation by operation).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from hermes_dash import (
    AmbiguousMatch,
    EntryChanged,
    FileState,
    InvalidRequest,
    MemoryStore,
    NoMatch,
    Operation,
    OverLimit,
    Refusal,
)
from hermes_dash.engine.rules.format import Weighed, usage
from hermes_dash.engine.rules.ops import project
from hermes_dash.engine.text import shorten
from hermes_dash.engine.views.humanize import n_of

from .lowering import NO_LIMIT, lower
from .model import Staged
from .words import word_diff

#: What one operation can be found to do, in the order the pages explain them.
VERDICTS = ("applies", "no_change", "over_limit", "stale", "ambiguous", "pin_changed", "no_action", "refused")
VERDICT_LABELS = {
    "applies": "applies",
    "no_change": "applies, changes nothing",
    "over_limit": "over the limit once the earlier ones are applied",
    "stale": "stale: its text is in no entry",
    "ambiguous": "ambiguous: its text is in several entries",
    "pin_changed": "its pinned entry changed",
    "no_action": "no action (JSON null or missing)",
    "refused": "refused",
}
#: Verdicts of an operation that can be approved (over the limit: with removals that free room).
KEEPABLE = ("applies", "no_change", "over_limit")


def kind_of(refusal: Refusal) -> str:
    """The verdict a refusal amounts to (a refusal class, never its wording)."""
    if isinstance(refusal, EntryChanged):
        return "pin_changed"
    if isinstance(refusal, AmbiguousMatch):
        return "ambiguous"
    if isinstance(refusal, NoMatch):
        return "stale"
    if isinstance(refusal, OverLimit):
        return "over_limit"
    return "refused"


@dataclass(frozen=True)
class PartVerdict:
    """One operation against the file as the earlier kept ones leave it."""

    position: int  # 1-based, as "Operation N"
    staged: Operation  # as the agent staged it (a patch not lowered)
    verdict: str  # one of VERDICTS
    reason: str
    operation: Operation | None = None  # what approving applies: lowered and pinned; None: cannot apply
    before: str | None = None  # the entry it hits (None: an add)
    after: str | None = None  # the entry it leaves (None: a remove)
    usage_after: int = 0  # the file's characters after it and the earlier kept ones
    aimed: str | None = None  # the entry the person re-aimed it at

    @property
    def keepable(self) -> bool:
        return self.verdict in KEEPABLE

    @property
    def label(self) -> str:
        return VERDICT_LABELS[self.verdict]

    @property
    def diff(self) -> str:
        """The change word by word (``[-removed-]{+added+}``) inside the entry it hits."""
        return word_diff(self.before or "", self.after or "")


@dataclass(frozen=True)
class PartsPreview(Weighed, counts="after"):
    """The kept operations (and picked removals) as one write, and every operation's verdict."""

    staged: Staged
    parts: tuple[PartVerdict, ...]
    keep: tuple[int, ...]  # positions approving applies
    drop: tuple[int, ...]  # positions approving deletes from the staged record
    removals: tuple[str, ...]  # entries the person picked to free room
    before: tuple[str, ...]
    after: tuple[str, ...]
    limit: int
    refusal: Refusal | None = None

    @property
    def left(self) -> tuple[int, ...]:
        """Positions neither kept nor dropped: written back as a smaller staged record."""
        return tuple(p.position for p in self.parts if p.position not in self.keep and p.position not in self.drop)

    @property
    def operation(self) -> Operation:
        """The one write: each kept operation pinned to what the preview showed, then each removal."""
        ops = [p.operation for p in self.parts if p.position in self.keep and p.operation is not None]
        ops += [Operation("remove", "", e, e) for e in self.removals]
        return Operation("batch", operations=tuple(ops))

    @property
    def over_by(self) -> int:
        return max(0, usage(self.after) - self.limit)

    @property
    def touched(self) -> frozenset[str]:
        """Entries the kept operations hit: never offered for removal."""
        return frozenset(p.before for p in self.parts if p.position in self.keep and p.before is not None)


def aimed(part: Operation, entry: str) -> Operation:
    """``part`` aimed at ``entry`` (the full text of an entry now) and pinned to it; an
    operation with no action becomes the replace (it has text) or remove it can only mean there."""
    if part.action == "add":
        raise InvalidRequest("An add aims at no entry.", hint="Keep it or drop it.")
    if part.action == "patch":
        return Operation("patch", part.content, part.old_text, entry)
    action = part.action or ("replace" if part.content.strip() else "remove")
    return Operation(action, part.content if action == "replace" else "", entry, entry)


def _one(position: int, staged: Operation, entries: list[str], aim: str | None) -> tuple[PartVerdict, list[str]]:
    """``staged`` judged on ``entries``; and the entries after it (unchanged when it cannot apply)."""
    if aim is not None and aim not in entries:
        why = f"the entry it was aimed at is not in the file now: {shorten(aim, 80, one_line=True)!r}"
        return PartVerdict(position, staged, "refused", why, aimed=aim), entries
    if not staged.action and aim is None:
        why = "its action is JSON null or missing: aim it at an entry (it becomes a replace or remove) or drop it"
        return PartVerdict(position, staged, "no_action", why), entries
    op = aimed(staged, aim) if aim is not None else staged
    try:
        low = lower(entries, op)
    except Refusal as refusal:
        return PartVerdict(position, staged, kind_of(refusal), refusal.message, aimed=aim), entries
    shown = project(entries, low, NO_LIMIT)
    if shown.refusal is not None:
        return PartVerdict(position, staged, kind_of(shown.refusal), shown.refusal.message, aimed=aim), entries
    after = list(shown.after)
    before: str | None
    now: str | None
    if low.action == "add":
        before, now, pinned = None, low.content.strip(), low
    else:
        before = low.expect_entry if op.action == "patch" else shown.matched
        now = low.content.strip() if low.action == "replace" else None
        pinned = low if op.action == "patch" else Operation(low.action, low.content, before or "", before)
    verdict = "no_change" if after == entries else "applies"
    reason = "the file already says this" if verdict == "no_change" else ""
    return PartVerdict(position, staged, verdict, reason, pinned, before, now, usage(after), aim), after


def preview_parts(
    store: MemoryStore,
    staged: Staged,
    keep: Collection[int] | None = None,
    drop: Collection[int] = (),
    aims: Mapping[int, str] | None = None,
    removals: Sequence[str] = (),
    state: FileState | None = None,
) -> PartsPreview:
    """Each operation of ``staged`` judged in order on the file as the earlier kept ones leave it;
    the kept ones and ``removals`` as one write, with what the store would refuse in it.

    ``keep``: the 1-based positions to approve (None: every one that can apply and is not in
    ``drop``); ``aims``: position -> an entry's full text, the entry that operation should hit
    now (as ``--aim-now`` does for one write); ``removals``: entries to remove in the same write
    to free room, never ones a kept operation touches. Nothing is written.
    """
    if not staged.ok:
        raise InvalidRequest(
            f"Staged write {staged.id} is malformed: {staged.problem}.",
            hint="Reject it (delete the file), or fix the JSON by hand.",
        )
    state = state or store.read(staged.target)
    aims = aims or {}
    _check_positions(staged, [*(keep or ()), *drop, *aims], set(keep or ()) & set(drop))
    work, parts, kept = list(state.entries), [], []
    for i, op in enumerate(staged.ops, 1):
        verdict, after = _one(i, op, work, aims.get(i))
        wanted = i not in drop and (keep is None or i in keep)
        if wanted and keep is not None and not verdict.keepable:
            raise InvalidRequest(
                f"Operation {i} cannot be approved: {verdict.reason.removesuffix('.')}.",
                hint="Drop it, re-aim it at an entry, or leave it staged.",
            )
        if wanted and verdict.keepable:
            kept.append(i)
            work = after
        parts.append(verdict)
    picked = tuple(dict.fromkeys(e.strip() for e in removals if e.strip()))
    hit = {p.before for p in parts if p.position in kept and p.before is not None}
    for entry in picked:
        if entry in hit or entry not in work:
            raise InvalidRequest(
                f"{shorten(entry, 80, one_line=True)!r} cannot be removed with this write: "
                + ("a kept operation changes it." if entry in hit else "it is not an entry of the file now."),
                hint="Pick among the entries the write does not touch.",
            )
        work.remove(entry)
    if picked and not kept:
        raise InvalidRequest("Removals go with the operations they make room for.", hint="Keep an operation too.")
    shown = tuple(_over(p, state.limit, usage(work)) for p in parts)
    preview = PartsPreview(
        staged, shown, tuple(kept), tuple(sorted(drop)), picked, state.entries, tuple(work), state.limit
    )
    return _checked(store, preview, state)


def _check_positions(staged: Staged, named: list[int], both: set[int]) -> None:
    """Refuse a position the write does not have, or one both kept and dropped."""
    count = len(staged.ops)
    for n in named:
        if not 1 <= n <= count:
            raise InvalidRequest(
                f"Staged write {staged.id} has {n_of(count, 'operation')}; there is no operation {n}.",
                hint=f"Number them 1 to {count}, as `pending list {staged.id}` shows.",
            )
    if both:
        raise InvalidRequest(f"Operation {min(both)} is both kept and dropped.", hint="Keep it or drop it, not both.")


def _over(part: PartVerdict, limit: int, final: int) -> PartVerdict:
    """An operation that applies but passes the limit, while the kept ones end over it too."""
    if part.verdict == "applies" and part.usage_after > limit and final > limit:
        why = f"the file at {part.usage_after:,} of {limit:,} characters"
        return replace(part, verdict="over_limit", reason=why)
    return part


def _checked(store: MemoryStore, preview: PartsPreview, state: FileState) -> PartsPreview:
    """What the store would say of the one write (its own preview: the limit, the content scan,
    the file's state, drift)."""
    if not preview.keep:
        return replace(preview, after=preview.before, refusal=None)
    refusal: Refusal | None = store.preview(state, preview.operation).refusal
    if isinstance(refusal, OverLimit):
        refusal.hint = (
            f"Over by {preview.over_by:,} characters: pick entries to remove with it (ranked on Cleanup's evidence), "
            "drop an operation, or leave it staged."
        )
    return replace(preview, refusal=refusal)
