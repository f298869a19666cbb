"""Entry-level diff of two entry lists: added, removed, changed, unchanged.

One pairing rule for every page and command that compares two versions of a file (see
docs/rules.md#diff): a removed entry and an added one are the same entry, "changed", when

1. their texts read alike (difflib's similarity ratio of at least ``CHANGED_AT``), best
   match first, each entry used once; or, for the entries still unpaired,
2. they stand in the same place: between the same unchanged neighbours, with an unchanged
   entry after them, as many entries left as came. Only a replace leaves that, however
   differently the new text reads: an add always goes to the end, so after the last unchanged
   entry a departed and a new entry may as well be a removal and an add, and are not paired
   by place. They are paired in order.

Rule 2 holds between two versions of one file only: the entries of two different profiles
have no places in common (``in_place=False``). Everything else is added or removed.

Ratios are costly on long text, so only the first ``_COMPARE_CHARS`` of each entry are
compared and cheap upper bounds prune most pairs. The whole diff is bounded by work, not by
counts (:mod:`.diffwork`): a pair of 2,000 random ``a``/``b`` characters costs a second, and a
merge of three 10 KB files took 45 s. Past :data:`DIFF_STEPS` the answer is coarser
(``EntryDiff.coarse``): rule 1 is skipped, so entries pair only by place, and similarities past
the budget are 0; the entry diffs of one listing share :data:`LISTING_DIFF_STEPS`, past which
the rest are coarse too. A word diff past :data:`WORD_STEPS` shows the changed middle as one
piece that goes and one that comes.
"""

from __future__ import annotations

import heapq
import re
from collections import Counter
from dataclasses import dataclass

from .diffwork import OutOfWork, Work, opcodes, ratio, settle, share

CHANGED_AT = 0.5
_COMPARE_CHARS = 2000
# Steps of difflib's inner loop (about 50-70 ns each here): a diff costs at most about 0.3 s.
DIFF_STEPS = 4_000_000
PLACE_STEPS = DIFF_STEPS // 4  # pairing by place, when the rest ran out (the coarse answer)
WORD_STEPS = 2_000_000  # one word diff: about 0.15 s
#: All the word diffs of one listing (``pending list``, the Inbox's previews): about 1.5 s. A queue
#: of 200 batches of 2,000 patches each is 400,000 word diffs; past this budget the rest are coarse.
LISTING_WORD_STEPS = 10 * WORD_STEPS
#: All the entry diffs of one listing (``pending list``, a page of the Inbox): about 1.5-2 s here.
#: Each staged write's diff is bounded on its own (DIFF_STEPS, then PLACE_STEPS), but a listing
#: reads up to 200 of them; past this budget the rest are coarse, as past their own bound.
LISTING_DIFF_STEPS = 6 * DIFF_STEPS
_PAIR_STEPS = 20  # looking at one (removed, added) pair before any ratio is computed


@dataclass(frozen=True)
class DiffItem:
    kind: str  # "added" | "removed" | "changed" | "unchanged"
    old: str | None  # None only on an added item
    new: str | None  # None only on a removed item
    similarity: float = 1.0

    @property
    def before(self) -> str:
        """The old text, for an item that has one (removed, changed, unchanged)."""
        if self.old is None:
            raise ValueError(f"an {self.kind} item has no old text")
        return self.old

    @property
    def after(self) -> str:
        """The new text, for an item that has one (added, changed, unchanged)."""
        if self.new is None:
            raise ValueError(f"a {self.kind} item has no new text")
        return self.new


@dataclass(frozen=True)
class EntryDiff:
    items: tuple[DiffItem, ...]
    coarse: bool = False  # the work bound was reached: paired by place only, no word detail

    def of(self, kind: str) -> list[DiffItem]:
        return [item for item in self.items if item.kind == kind]

    @property
    def counts(self) -> dict[str, int]:
        return {k: len(self.of(k)) for k in ("added", "removed", "changed", "unchanged")}

    @property
    def identical(self) -> bool:
        return all(item.kind == "unchanged" for item in self.items)


def similarity(a: str, b: str, work: Work | None = None) -> float:
    """difflib's ratio of the texts' first ``_COMPARE_CHARS`` characters, 0 when an upper bound
    already says it is under ``CHANGED_AT``; charged to ``work`` (one diff's budget)."""
    a, b = a[:_COMPARE_CHARS], b[:_COMPARE_CHARS]
    return _similar(a, b, Counter(a), Counter(b), work or Work(DIFF_STEPS))


def _similar(a: str, b: str, ca: Counter[str], cb: Counter[str], work: Work) -> float:
    return _ratio(a, b, work) if _bound(a, b, ca, cb, work) >= CHANGED_AT else 0.0


def _ratio(a: str, b: str, work: Work) -> float:
    """difflib's ratio; texts the same over the compared characters are 1.0 without difflib
    (whose first step on them is quadratic: 2,000 ``x`` against 2,000 ``x`` is 4 million steps)."""
    return 1.0 if a == b else ratio(a, b, work)


def _bound(a: str, b: str, ca: Counter[str], cb: Counter[str], work: Work) -> float:
    """difflib's ``real_quick_ratio`` then ``quick_ratio`` (upper bounds of the ratio), from the
    texts' letter counts made once per entry."""
    total = len(a) + len(b)
    if not total:
        return 1.0
    if 2.0 * min(len(a), len(b)) / total < CHANGED_AT:
        return 0.0
    work.spend(min(len(ca), len(cb)))
    if len(ca) > len(cb):
        ca, cb = cb, ca
    return 2.0 * sum(min(n, cb[c]) for c, n in ca.items() if c in cb) / total


def _pair_alike(gone: list[str], fresh: list[str], work: Work) -> dict[str, tuple[str, float]]:
    """Rule 1: new text -> (old text, similarity) for texts that read alike, best match first.

    Pairs wait in a heap under difflib's cheap upper bounds and get their ratio only when they
    come to the top, so a pair whose entries are already taken is never compared: the same
    answer as scoring every pair and sorting, for a fraction of the work."""
    pairs: dict[str, tuple[str, float]] = {}
    if not gone or not fresh:
        return pairs
    read = sum(min(len(t), _COMPARE_CHARS) for t in (*gone, *fresh))
    work.spend(len(gone) * len(fresh) * _PAIR_STEPS + read)
    olds = [(o[:_COMPARE_CHARS], Counter(o[:_COMPARE_CHARS])) for o in gone]
    news = [(n[:_COMPARE_CHARS], Counter(n[:_COMPARE_CHARS])) for n in fresh]
    heap = [
        (-bound, -i, -j, False)
        for i, (o, co) in enumerate(olds)
        for j, (n, cn) in enumerate(news)
        if (bound := _bound(o, n, co, cn, work)) >= CHANGED_AT
    ]
    heapq.heapify(heap)
    used_old: set[int] = set()
    used_new: set[int] = set()
    while heap:
        key, i, j, exact = heapq.heappop(heap)
        if -i in used_old or -j in used_new:
            continue
        if not exact:
            score = _ratio(olds[-i][0], news[-j][0], work)
            if score >= CHANGED_AT:
                heapq.heappush(heap, (-score, i, j, True))
            continue
        used_old.add(-i)
        used_new.add(-j)
        pairs[fresh[-j]] = (gone[-i], -key)
    return pairs


def _pair_in_place(old: list[str], new: list[str], gone: set[str], fresh: set[str], work: Work) -> dict[str, str]:
    """Rule 2: new text -> old text for unpaired entries that took each other's place.

    The two lists are aligned on their entries; where a stretch of the old list was replaced by
    a stretch of the new one and unchanged entries follow, the entries of that stretch still
    unpaired are paired in order when as many left as came.
    """
    pairs: dict[str, str] = {}
    steps = opcodes(old, new, work)
    for tag, i1, i2, j1, j2 in steps[:-1]:  # the last stretch has no unchanged entry after it
        if tag != "replace":
            continue
        left = [e for e in old[i1:i2] if e in gone]
        came = [e for e in new[j1:j2] if e in fresh]
        if left and len(left) == len(came):
            pairs.update(zip(came, left))
    return pairs


def diff_entries(
    old: list[str] | tuple[str, ...],
    new: list[str] | tuple[str, ...],
    *,
    in_place: bool = True,
    budget: Work | None = None,
) -> EntryDiff:
    """Items in the order of ``new`` (removed entries after), each entry used once.

    ``in_place``: ``old`` and ``new`` are two versions of one file, so rule 2 applies too.
    ``budget``: the work of many entry diffs together (one listing's); once it is spent, the
    rest are coarse (as past this diff's own bound) and ``budget.short`` says so.
    """
    old_list, new_list = list(dict.fromkeys(old)), list(dict.fromkeys(new))
    old_set, new_set = set(old_list), set(new_list)
    gone = [e for e in old_list if e not in new_set]
    fresh = [e for e in new_list if e not in old_set]
    work, steps, coarse = share(DIFF_STEPS, budget), DIFF_STEPS, False
    try:
        pairs = _pair_alike(gone, fresh, work)
    except OutOfWork:
        settle(work, steps, budget)
        pairs, coarse, steps = {}, True, PLACE_STEPS
        work = share(steps, budget)  # the cheaper rule still runs
    if in_place and len(pairs) < min(len(gone), len(fresh)):
        paired_old = {o for o, _ in pairs.values()}
        try:
            placed = _pair_in_place(
                old_list, new_list, {e for e in gone if e not in paired_old}, {e for e in fresh if e not in pairs}, work
            )
        except OutOfWork:
            placed, coarse = {}, True
        for n, o in placed.items():
            try:
                pairs[n] = (o, similarity(o, n, work))
            except OutOfWork:
                pairs[n], coarse = (o, 0.0), True
    settle(work, steps, budget)
    paired_old = {o for o, _ in pairs.values()}
    items = []
    for entry in new_list:
        if entry in old_set:
            items.append(DiffItem("unchanged", entry, entry))
        elif entry in pairs:
            items.append(DiffItem("changed", pairs[entry][0], entry, pairs[entry][1]))
        else:
            items.append(DiffItem("added", None, entry, 0.0))
    items.extend(DiffItem("removed", e, None, 0.0) for e in gone if e not in paired_old)
    return EntryDiff(tuple(items), coarse)


_WORDS = re.compile(r"\s+|\w+|[^\w\s]")


def word_diff(old: str, new: str, budget: Work | None = None) -> tuple[tuple[str, str], ...]:
    """``(kind, text)`` pieces that turn ``old`` into ``new`` word by word: ``same``, ``gone``
    (only in ``old``) or ``new`` (only in ``new``); joining the ``same`` and ``gone`` pieces gives
    ``old`` back, the ``same`` and ``new`` pieces give ``new``.

    Words, numbers and single punctuation marks are the units, so ``5433`` against ``5434`` is
    one word changed, not two texts to compare by eye. ``budget``: the work of many word diffs
    together (one listing's); once it is spent, the rest are coarse and ``budget.short`` says so.
    """
    a, b = _WORDS.findall(old), _WORDS.findall(new)
    out: list[tuple[str, str]] = []
    # The same words at both ends are kept as they are; only the middle is compared, within
    # WORD_STEPS of work (the comparison is quadratic: a megabyte entry, or 1,500 words of random
    # a/b, must not stall a page), beyond which the middle is one piece that goes and one that comes.
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    prefix, suffix = "".join(a[:head]), "".join(a[len(a) - tail :])
    a, b = a[head : len(a) - tail], b[head : len(b) - tail]

    # No two pieces in a row share a kind, so none need merging: the middle starts and ends with
    # a difference, and difflib alternates equal and unequal stretches.
    def put(kind: str, text: str) -> None:
        if text:
            out.append((kind, text))

    put("same", prefix)
    work = share(WORD_STEPS, budget)
    try:
        steps = opcodes(a, b, work)
    except OutOfWork:
        steps = [("replace", 0, len(a), 0, len(b))]
    settle(work, WORD_STEPS, budget)
    for tag, i1, i2, j1, j2 in steps:
        if tag == "equal":
            put("same", "".join(a[i1:i2]))
            continue
        put("gone", "".join(a[i1:i2]))
        put("new", "".join(b[j1:j2]))
    put("same", suffix)
    return tuple(out)


__all__ = ["diff_entries", "DiffItem", "EntryDiff", "word_diff"]
